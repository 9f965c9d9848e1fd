package org.gpumem.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.gpumem.sim.debug.VariableType;
import org.gpumem.sim.debug.WarpView;

/**
 * A stopped kernel as text, shared by {@code gpumem demo} and {@code gpumem exec --break}:
 * where it stopped, the frame's variables with the address spaces their DWARF gives, and
 * memory bytes through several address spaces, read through the model's address arithmetic over
 * the stopped simulator (its target's windows and interleave).
 */
final class StopReport {
    private static final int SHOWN_ELEMENTS = 8;
    /** Bytes of a variable shown through its spaces in a general report. */
    private static final int SHOWN_BYTES = 32;

    private StopReport() {
    }

    /** Where the warp stopped, and the source line when {@code source} has it. */
    static void where(PrintWriter out, ControlledLaunch session, WarpView w, List<String> source) {
        SourceLocation at = w.sourceLocation();
        out.printf("%nstopped in CTA %s warp %d at PTX line %d, %s%n", w.cta().index(), w.id(), w.ptxLine(),
                at != null ? at : "(no source line)");
        if (at != null && source != null && at.line() >= 1 && at.line() <= source.size()) {
            out.printf("  %d | %s%n", at.line(), source.get(at.line() - 1).strip());
        }
    }

    /**
     * The lines of the stop's source file: at the path its PTX names, else under that name in
     * {@code folder} (a program built elsewhere); null when neither can be read.
     */
    static List<String> sourceOf(WarpView w, Path folder) {
        SourceLocation at = w.sourceLocation();
        if (at == null) {
            return null;
        }
        Path named = Path.of(at.file());
        for (Path p : List.of(named, folder.resolve(named.getFileName()))) {
            try {
                return Files.readAllLines(p);
            } catch (IOException e) {
                // try the next place
            }
        }
        return null;
    }

    /** Prints the variables of the warp's innermost frame for one lane; returns them by name. */
    static Map<String, FrameVariable> variables(PrintWriter out, ControlledLaunch session, LoadedModule module, WarpView w, int lane) {
        out.printf("%nvariables of %s for lane %d (thread %s), address spaces from the DWARF in the PTX:%n",
                w.function(w.depth() - 1), lane, w.threadIndex(lane));
        FrameVariables binder = new FrameVariables(module);
        Map<String, FrameVariable> byName = new LinkedHashMap<>();
        if (binder.problem() != null) {
            out.printf("  (none: %s)%n", binder.problem());
            return byName;
        }
        for (FrameVariable v : binder.bind(session, w, w.depth() - 1, lane)) {
            byName.put(v.name(), v);
            out.printf("  %-8s %-12s %-8s %s%n", v.name(), v.type().name(), v.spaceName() != null ? v.spaceName() : "-",
                    value(v));
        }
        return byName;
    }

    /**
     * Every shared and local variable of the frame, its first bytes through its own space and
     * the generic window (and, for local memory, the warp's interleaved pool).
     */
    static void memory(PrintWriter out, ControlledLaunch session, WarpView w, int lane, Map<String, FrameVariable> variables) {
        for (FrameVariable v : variables.values()) {
            if (!(v.location() instanceof FrameVariable.Memory m) || v.bytes() == null) {
                continue;
            }
            int length = Math.min(SHOWN_BYTES, v.bytes().length) & ~3;
            if (length == 0) {
                continue;
            }
            if (m.space() == PtxStateSpace.SHARED) {
                out.printf("%n%s of CTA %s (first %d bytes), the same bytes through two address spaces:%n", v.name(),
                        w.cta().index(), length);
                shared(out, session, w, lane, m.offset(), length, v.type());
            } else if (m.space() == PtxStateSpace.LOCAL) {
                out.printf("%n%s of lane %d (first %d bytes) through the per-lane local space, the generic window, and "
                        + "the warp's interleaved local pool:%n", v.name(), lane, length);
                local(out, session, w, lane, m.offset(), length, v.type());
            }
        }
    }

    /** Shared bytes through the shared space and the generic window that reaches them. */
    static void shared(PrintWriter out, ControlledLaunch session, WarpView w, int lane, long offset, int length, VariableType type) {
        MemoryState state = StoppedMemoryState.of(session);
        throughTwoSpaces(out, state.getTarget(), laneContext(state, w, lane), PtxStateSpace.SHARED.ptxName(), offset, length,
                type);
    }

    /** A lane's local bytes through the local space, the generic window and the warp's physical pool. */
    static void local(PrintWriter out, ControlledLaunch session, WarpView w, int lane, long offset, int length, VariableType type) {
        MemoryState state = StoppedMemoryState.of(session);
        Context context = laneContext(state, w, lane);
        throughTwoSpaces(out, state.getTarget(), context, PtxStateSpace.LOCAL.ptxName(), offset, length, type);
        gathered(out, state.getTarget(), context, PtxStateSpace.LOCAL.ptxName(), offset, length, lane, type);
    }

    private static Context laneContext(MemoryState state, WarpView w, int lane) {
        return Contexts.child(Contexts.child(StoppedMemoryState.group(state, w.cta()), w.id()), lane);
    }

    /** The bytes at {@code offset} of {@code spaceName} as the lane sees them, then through the generic window that reaches them. */
    private static void throughTwoSpaces(PrintWriter out, Target target, Context lane, String spaceName, long offset,
            int length, VariableType type) {
        AddressSpace space = AddressSpaces.require(target, spaceName);
        Context context = Contexts.ancestor(lane, space.getScope());
        dump(out, spaceName, offset, read(context, space, offset, length), type);
        AddressSpace generic = target.getDefaultSpace();
        for (Location alias : AddressResolver.aliases(AddressResolver.resolve(context, space, offset))) {
            if (alias.getSpace() == generic) {
                dump(out, generic.getName(), alias.getOffset(), read(lane, generic, alias.getOffset(), length), type);
                return;
            }
        }
        throw new IllegalStateException(generic.getName() + " does not reach " + spaceName + " +0x" + Long.toHexString(offset));
    }

    /** A lane's local bytes picked element by element out of its warp's pool, where the space's interleave puts them. */
    private static void gathered(PrintWriter out, Target target, Context lane, String spaceName, long offset, int length,
            int laneIndex, VariableType type) {
        AddressSpace space = AddressSpaces.require(target, spaceName);
        if (!(space.getAccess() instanceof InterleavedAccess interleave)) {
            return;
        }
        int element = interleave.getElementSize();
        StringBuilder where = new StringBuilder();
        byte[] gathered = new byte[length];
        for (int word = 0; word < length / element; word++) {
            PoolAddress physical = AddressResolver.resolve(lane, space, offset + (long) element * word);
            physical.pool().getSource().read(physical.offset(), gathered, element * word, element);
            where.append(word == 0 ? "" : " ").append("0x").append(Long.toHexString(physical.offset()));
        }
        dump(out, "pool", -1, gathered, type);
        out.printf("  %-8s word k of lane %d lies at (offset/%d + k) * %d + %d * %d: %s%n", "", laneIndex, element,
                element * interleave.getLaneCount(), laneIndex, element, where);
    }

    private static byte[] read(Context context, AddressSpace space, long offset, int length) {
        byte[] bytes = new byte[length];
        AddressResolver.read(context, space, offset, bytes, 0, length);
        return bytes;
    }

    /** The value of a variable for the shown lane, prefixed by where it lives; at most 8 elements. */
    static String value(FrameVariable v) {
        if (v.problem() != null) {
            return "(" + v.problem() + ")";
        }
        VariableType type = v.type();
        int shown = (int) Math.min(type.count(), SHOWN_ELEMENTS);
        String values = v.bytes() == null || type.elementSize() == 0 ? "?"
                : format(v.bytes(), type, shown) + (type.count() > shown ? " ..." : "");
        if (v.location() instanceof FrameVariable.Memory m) {
            return m.space().ptxName() + "[0x" + Long.toHexString(m.offset()) + "] = " + values;
        }
        if (v.location() instanceof FrameVariable.Register r) {
            return r.name() + " = " + values;
        }
        return values;
    }

    /** The first {@code shown} elements: one value, or a bracketed list for arrays. */
    private static String format(byte[] bytes, VariableType type, int shown) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<String> values = new ArrayList<>();
        int size = type.elementSize();
        for (int i = 0; i < shown && (i + 1) * size <= bytes.length; i++) {
            long bits = 0;
            for (int k = size - 1; k >= 0; k--) {
                bits = bits << 8 | (b.get(i * size + k) & 0xff);
            }
            values.add(switch (type.encoding()) {
                case SIGNED -> Long.toString(size < 8 ? bits << (64 - 8 * size) >> (64 - 8 * size) : bits);
                case UNSIGNED -> Long.toUnsignedString(bits);
                case BOOLEAN -> Boolean.toString(bits != 0);
                case FLOAT -> size == 4 ? Float.toString(Float.intBitsToFloat((int) bits))
                        : Double.toString(Double.longBitsToDouble(bits));
                default -> "0x" + Long.toHexString(bits);
            });
        }
        return type.dimensions().isEmpty() && values.size() == 1 ? values.get(0) : values.toString();
    }

    /** One row of bytes: the space, the address in it, hex, and the bytes as elements of {@code type}. */
    static void dump(PrintWriter out, String space, long address, byte[] bytes, VariableType type) {
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            hex.append(i > 0 && i % 4 == 0 ? "  " : i > 0 ? " " : "").append(String.format("%02x", bytes[i] & 0xff));
        }
        int elements = type.elementSize() == 0 ? 0 : bytes.length / type.elementSize();
        out.printf("  %-8s %-20s %s  = %s%n", space, address >= 0 ? "0x" + Long.toHexString(address) : "(gathered)", hex,
                elements == 0 ? "?" : format(bytes, type, elements));
    }
}
