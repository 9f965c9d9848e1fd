package org.gpumem.sim.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.KernelParameter;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedKernel;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.ModuleVariable;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.PtxParam;
import org.gpumem.sim.ptx.PtxVariable;

/**
 * A module loaded on a {@link SimulatedDevice}: where its variables live (global addresses of
 * {@code .global} variables, offsets in its const bank, shared offsets), and the constant
 * registers of each function with symbol addresses filled in.
 */
public final class DeviceModule implements LoadedModule {
    private final SimulatedDevice device;
    private final PtxModule module;
    private final Map<String, Long> globalAddresses = new HashMap<>();
    private final Map<String, Long> constOffsets = new HashMap<>();
    private final byte[] constBank;
    private final long[][] constants;
    private FastCode fastCode;
    private FastCode checkedFastCode;

    DeviceModule(SimulatedDevice device, PtxModule module) {
        this.device = device;
        this.module = module;
        long constSize = 0;
        for (PtxVariable v : module.variables()) {
            if (v.space() == PtxStateSpace.CONST) {
                long a = Math.max(1, v.alignment());
                constSize = (constSize + a - 1) / a * a;
                constOffsets.put(v.name(), constSize);
                constSize += v.size();
            }
        }
        if (constSize > 64 * 1024 * 16) {
            throw new IllegalArgumentException(module.name() + ": .const variables need " + constSize + " bytes");
        }
        constBank = new byte[(int) constSize];
        for (PtxVariable v : module.variables()) {
            if (v.space() == PtxStateSpace.GLOBAL && v.size() > 0) {
                globalAddresses.put(v.name(), device.global().allocate(v.size(), Math.max(256, v.alignment())));
            }
        }
        for (PtxVariable v : module.variables()) {
            byte[] init = v.initializer();
            if (v.space() == PtxStateSpace.GLOBAL && v.size() > 0) {
                byte[] bytes = init != null ? java.util.Arrays.copyOf(init, (int) v.size()) : new byte[(int) v.size()];
                applySymbolInits(v, bytes);
                device.global().write(globalAddresses.get(v.name()), bytes);
                if (device.checks() != null) {
                    device.checks().describe(globalAddresses.get(v.name()), v.size(), "__device__ variable "
                            + org.gpumem.images.ItaniumDemangler.readable(v.name()), true);
                }
            } else if (v.space() == PtxStateSpace.CONST) {
                int off = (int) (long) constOffsets.get(v.name());
                if (init != null) {
                    System.arraycopy(init, 0, constBank, off, init.length);
                }
                byte[] slice = new byte[(int) v.size()];
                System.arraycopy(constBank, off, slice, 0, slice.length);
                applySymbolInits(v, slice);
                System.arraycopy(slice, 0, constBank, off, slice.length);
            }
        }
        List<PtxFunction> fns = module.functions();
        constants = new long[fns.size()][];
        for (PtxFunction f : fns) {
            long[] c = new long[f.constantCount()];
            for (int i = 0; i < c.length; i++) {
                String sym = f.constantSymbol(i);
                c[i] = f.constantValue(i) + (sym == null ? 0 : symbolAddress(sym, f.constantIsGeneric(i)));
            }
            constants[f.index()] = c;
        }
    }

    /** Writes the addresses an initializer lists: a variable's, or a function's ({@link PtxModule#functionAddress}). */
    private void applySymbolInits(PtxVariable v, byte[] bytes) {
        for (PtxVariable.SymbolInit s : v.symbolInits()) {
            PtxFunction f = module.variable(s.symbol()) == null ? module.function(s.symbol()) : null;
            long a = f != null ? PtxModule.functionAddress(f.index()) : symbolAddress(s.symbol(), s.generic());
            for (int b = 0; b < 8; b++) {
                bytes[(int) s.offset() + b] = (byte) (a >>> (8 * b));
            }
        }
    }

    /**
     * The address of a module symbol: in its own state space, or the generic address when
     * {@code generic} is true.
     */
    public long symbolAddress(String symbol, boolean generic) {
        StateSpaceLayout layout = device.layout();
        if (PtxModule.KERNEL_PARAMS_SYMBOL.equals(symbol)) {
            return generic ? layout.base(PtxStateSpace.PARAM) : 0;
        }
        PtxVariable v = module.variable(symbol);
        if (v == null) {
            throw new IllegalArgumentException("no variable " + symbol + " in " + module.name());
        }
        switch (v.space()) {
            case GLOBAL:
                Long g = globalAddresses.get(symbol);
                return g == null ? 0 : g;
            case CONST:
                return constOffsets.get(symbol) + (generic ? layout.base(PtxStateSpace.CONST) : 0);
            case SHARED:
                return module.sharedOffsets().get(symbol) + (generic ? layout.base(PtxStateSpace.SHARED) : 0);
            default:
                throw new IllegalArgumentException(symbol + " is a ." + v.space().ptxName() + " variable");
        }
    }

    /**
     * Where this module's symbols are, for resolving the relocations of the DWARF inside its PTX
     * (`org.gpumem.dwarf.ptx.PtxDebugSections`): {@code .global} variables at their global
     * address, {@code .const} ones at their const-bank offset, {@code .shared} ones (static and
     * dynamic) at their offset in a CTA's shared memory, {@code .local} ones (e.g.
     * {@code __local_depotN}) at their offset in their function's local frame, parameters at
     * their offset in the kernel parameter buffer or the function's param frame, and labels at
     * the index of the instruction they precede in their function (PTX has no code addresses).
     */
    public SymbolLayout symbolLayout() {
        Map<String, Long> places = new HashMap<>();
        for (PtxFunction f : module.functions()) {
            f.labels().forEach((label, index) -> places.put(label, (long) index));
            places.putAll(f.localOffsets());
            f.params().forEach(p -> places.put(p.name(), (long) p.offset()));
            f.returns().forEach(p -> places.put(p.name(), (long) p.offset()));
        }
        places.putAll(module.sharedOffsets());
        places.putAll(constOffsets);
        places.putAll(globalAddresses);
        return SymbolLayout.of(places);
    }

    /** The module behind an API reference: only the simulator implements {@link LoadedModule}. */
    public static DeviceModule of(LoadedModule module) {
        return (DeviceModule) module;
    }

    @Override
    public SimulatedDevice device() {
        return device;
    }

    /** The decoded PTX. */
    public PtxModule module() {
        return module;
    }

    /**
     * The fast engine's translation of this module for launches with memory checks
     * ({@code checked}) or without, found or made on first use and kept for every launch.
     */
    synchronized FastCode fastCode(boolean checked) {
        if (checked) {
            if (checkedFastCode == null) {
                checkedFastCode = FastCode.of(module, device.compiler(), true);
            }
            return checkedFastCode;
        }
        if (fastCode == null) {
            fastCode = FastCode.of(module, device.compiler(), false);
        }
        return fastCode;
    }

    @Override
    public String name() {
        return module.name();
    }

    @Override
    public String ptx() {
        return module.text();
    }

    @Override
    public String target() {
        return module.target();
    }

    @Override
    public List<LoadedKernel> kernels() {
        return module.kernels().stream().map(DeviceModule::describe).toList();
    }

    @Override
    public LoadedKernel kernel(String name) {
        return describe(entry(name));
    }

    /** The API's description of a decoded kernel. */
    public static LoadedKernel describe(PtxFunction kernel) {
        List<KernelParameter> params = new ArrayList<>();
        for (PtxParam p : kernel.params()) {
            params.add(new KernelParameter(p.name(), p.type(), p.size(), p.alignment(), p.offset()));
        }
        return new LoadedKernel(kernel.name(), params, kernel.kernelParamBytes(), kernel.line(), kernel.unsupported());
    }

    @Override
    public List<ModuleVariable> variables() {
        return module.variables().stream().map(this::place).toList();
    }

    @Override
    public ModuleVariable variable(String name) {
        PtxVariable v = module.variable(name);
        return v == null ? null : place(v);
    }

    private ModuleVariable place(PtxVariable v) {
        long address = switch (v.space()) {
            case GLOBAL -> globalAddresses.getOrDefault(v.name(), -1L);
            case CONST -> constOffsets.getOrDefault(v.name(), -1L);
            case SHARED -> module.sharedOffsets().getOrDefault(v.name(), -1L);
            default -> -1L;
        };
        return new ModuleVariable(v.name(), v.space(), v.isDynamicShared() ? -1 : address, v.size());
    }

    /** Global address of a {@code .global} variable, or null. */
    public Long globalAddress(String variable) {
        return globalAddresses.get(variable);
    }

    /** Offset of a {@code .const} variable in this module's const bank, or null. */
    public Long constOffset(String variable) {
        return constOffsets.get(variable);
    }

    /** The const bank (module {@code .const} variables, initialized); the engine reads it. */
    public byte[] constBank() {
        return constBank;
    }

    /** Constant register values of a function, symbol addresses resolved (shared by all frames). */
    long[] constants(PtxFunction f) {
        return constants[f.index()];
    }

    /** The kernel with this exact (mangled) name. */
    public PtxFunction entry(String name) {
        PtxFunction f = module.function(name);
        if (f == null || !f.isEntry()) {
            StringBuilder known = new StringBuilder();
            for (PtxFunction k : module.kernels()) {
                known.append(known.length() == 0 ? "" : ", ").append(k.name());
            }
            throw new IllegalArgumentException("no kernel " + name + " in " + module.name() + " (kernels: " + known + ")");
        }
        return f;
    }

    /** Prepares a launch of this module's kernel; {@link Launch#run()} executes it. */
    @Override
    public Launch launch(LaunchConfig config, ExecOptions options) {
        return new Launch(this, config, options);
    }
}
