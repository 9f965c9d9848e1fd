package org.gpumem.sim.exec;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.PtxVariable;

/**
 * A module loaded on a {@link Device}: where its variables live (global addresses of
 * {@code .global} variables, offsets in its const bank, shared offsets), and the constant
 * registers of each function with symbol addresses filled in.
 */
public final class DeviceModule {
    private final Device device;
    private final PtxModule module;
    private final Map<String, Long> globalAddresses = new HashMap<>();
    private final Map<String, Long> constOffsets = new HashMap<>();
    private final byte[] constBank;
    private final long[][] constants;

    DeviceModule(Device device, PtxModule module) {
        this.device = device;
        this.module = module;
        long constSize = 0;
        for (PtxVariable v : module.variables()) {
            if (v.space() == AddressSpace.CONST) {
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
            if (v.space() == AddressSpace.GLOBAL && v.size() > 0) {
                globalAddresses.put(v.name(), device.global().allocate(v.size(), Math.max(256, v.alignment())));
            }
        }
        for (PtxVariable v : module.variables()) {
            byte[] init = v.initializer();
            if (v.space() == AddressSpace.GLOBAL && v.size() > 0) {
                byte[] bytes = init != null ? java.util.Arrays.copyOf(init, (int) v.size()) : new byte[(int) v.size()];
                applySymbolInits(v, bytes);
                device.global().write(globalAddresses.get(v.name()), bytes);
            } else if (v.space() == AddressSpace.CONST) {
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

    private void applySymbolInits(PtxVariable v, byte[] bytes) {
        for (PtxVariable.SymbolInit s : v.symbolInits()) {
            long a = symbolAddress(s.symbol(), s.generic());
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
        if (PtxModule.KERNEL_PARAMS_SYMBOL.equals(symbol)) {
            return generic ? GenericWindows.PARAM_BASE : 0;
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
                return constOffsets.get(symbol) + (generic ? GenericWindows.CONST_BASE : 0);
            case SHARED:
                return module.sharedOffsets().get(symbol) + (generic ? GenericWindows.SHARED_BASE : 0);
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

    public Device device() {
        return device;
    }

    public PtxModule module() {
        return module;
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
    public PtxFunction kernel(String name) {
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
    public Launch launch(LaunchConfig config, ExecOptions options) {
        return new Launch(this, config, options);
    }
}
