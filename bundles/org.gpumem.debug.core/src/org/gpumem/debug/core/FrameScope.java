package org.gpumem.debug.core;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.debug.core.expr.CTypes;
import org.gpumem.debug.core.expr.EvaluationScope;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.expr.ExpressionValue;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.memory.MemoryUnavailableException;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ModuleVariable;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.WarpView;

/**
 * One lane of one frame of a stopped kernel as the expression evaluator sees it: variables bound
 * by the simulator's {@link FrameVariables} (their DWARF types), the module's symbols, registers
 * through {@link WarpView#register}, the built-ins from the warp and the launch, and memory read
 * through the model's {@link AddressResolver} over a state of the stop. Made and used on the
 * session's executor, for one evaluation.
 */
final class FrameScope implements EvaluationScope {
    private final KernelEngine engine;
    private final ControlledLaunch sim;
    private final FrameVariables variables;
    private final WarpView warp;
    private final int level;
    private final LaneId lane;
    private final Target target;
    /** The DWARF numbering of the PTX the simulator runs, for pointers a cast or {@code &} makes. */
    private final AddressSpaceNumbering numbering;

    FrameScope(KernelEngine engine, ControlledLaunch sim, FrameVariables variables, WarpView warp, int level, LaneId lane) {
        this.engine = engine;
        this.sim = sim;
        this.variables = variables;
        this.warp = warp;
        this.level = level;
        this.lane = lane;
        this.target = engine.launch().target();
        this.numbering = AddressSpaceRegistry.numbering(ElfFile.EM_CUDA, "", 8);
    }

    @Override
    public ExpressionValue variable(String name) {
        FrameVariable v = variables.bind(sim, warp, level, lane.lane(), name);
        if (v != null) {
            return value(v);
        }
        ModuleVariable symbol = engine.symbol(name);
        if (symbol != null && symbol.address() >= 0) {
            return ExpressionValue.symbol(new ExpressionValue.Memory(symbol.space().ptxName(), symbol.address()), symbol.size());
        }
        return null;
    }

    /** A bound variable as a value: an lvalue in memory or a register, or why it has none. */
    private static ExpressionValue value(FrameVariable v) {
        DwarfType type = v.type().declared();
        ExpressionValue.Memory memory = v.location() instanceof FrameVariable.Memory m
                ? new ExpressionValue.Memory(m.space().ptxName(), m.offset()) : null;
        if (v.bytes() == null) {
            return ExpressionValue.unavailable(type, memory, v.problem() != null ? v.problem() : "no value");
        }
        if (memory != null) {
            return ExpressionValue.inMemory(type, memory, v.bytes());
        }
        if (v.location() instanceof FrameVariable.Register r) {
            return ExpressionValue.inRegister(type, r.name(), v.bytes());
        }
        return ExpressionValue.of(type, v.bytes());
    }

    @Override
    public ExpressionValue register(String name) {
        if (!warp.hasRegister(level, name)) {
            return null;
        }
        DwarfType.Base type = registerType(warp.registerType(level, name));
        long bits = warp.register(level, name, lane.lane());
        byte[] bytes = new byte[type.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (bits >>> (8 * i));
        }
        return ExpressionValue.inRegister(type, name, bytes);
    }

    /** The C type a PTX register's declared type reads as (halves and pairs as their raw bits). */
    private static DwarfType.Base registerType(ScalarType t) {
        if (t == null) {
            return CTypes.UNSIGNED_LONG;
        }
        return switch (t) {
            case PRED -> CTypes.BOOL;
            case F32 -> CTypes.FLOAT;
            case F64 -> CTypes.DOUBLE;
            case B128 -> CTypes.UNSIGNED_LONG;
            default -> CTypes.integer(t.size(), t.isSigned());
        };
    }

    @Override
    public DwarfType namedType(String name) {
        return KernelEngine.namedType(variables, name);
    }

    @Override
    public Dim3 threadIdx() {
        return warp.threadIndex(lane.lane());
    }

    @Override
    public Dim3 blockIdx() {
        return warp.cta().index();
    }

    @Override
    public Dim3 blockDim() {
        return engine.launch().block();
    }

    @Override
    public Dim3 gridDim() {
        return engine.launch().grid();
    }

    @Override
    public int warpSize() {
        return target.getSubgroupSize();
    }

    @Override
    public byte[] read(String space, long offset, int length) {
        MemoryState state = engine.readState();
        AddressSpace s = AddressSpaces.require(state.getTarget(), space);
        Context context = StopMemoryState.context(state, s.getScope(), lane);
        if (context == null) {
            throw new ExpressionException(lane.describe(s.getScope()) + " is not resident");
        }
        byte[] bytes = new byte[length];
        try {
            AddressResolver.read(context, s, offset, bytes, 0, length);
        } catch (AddressingException | IndexOutOfBoundsException | MemoryUnavailableException e) {
            throw new ExpressionException("cannot read " + length + " byte" + (length == 1 ? "" : "s") + " at " + space
                    + " 0x" + Long.toHexString(offset) + " (" + lane.describe(s.getScope()) + "): " + e.getMessage());
        }
        return bytes;
    }

    @Override
    public String spaceNamed(String name) {
        AddressSpace s = AddressSpaces.find(target, name);
        return s == null ? null : s.getName();
    }

    @Override
    public String spaceOf(DwarfAddressSpace space) {
        AddressSpace s = AddressSpaces.find(target, space.name());
        return s == null ? null : s.getName();
    }

    @Override
    public DwarfAddressSpace dwarfSpace(String space) {
        AddressSpace s = AddressSpaces.find(target, space);
        if (s == null || s.getDwarfNumber() < 0) {
            return null;
        }
        for (DwarfAddressSpace d : numbering.spaces()) {
            if (d.id() == s.getDwarfNumber()) {
                return d;
            }
        }
        return null;
    }

    @Override
    public String defaultSpace() {
        return target.getDefaultSpace().getName();
    }

    @Override
    public List<String> spaces() {
        List<String> names = new ArrayList<>();
        for (AddressSpace s : target.getAddressSpaces()) {
            names.add(s.getName());
        }
        return names;
    }

    @Override
    public String function() {
        String name = ItaniumDemangler.readable(warp.function(level));
        int paren = name.indexOf('(');
        return paren > 0 ? name.substring(0, paren) : name;
    }
}
