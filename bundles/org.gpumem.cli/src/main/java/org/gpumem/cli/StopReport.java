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

import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.KernelEngine;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.core.TextureMemory;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.Location;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.debug.CallFrame;

/**
 * A stopped kernel as text, shared by {@code gpumem demo} and {@code gpumem exec --break}:
 * where it stopped, the frame's variables with the address spaces their DWARF gives, and
 * memory bytes through several address spaces, read through the model's address arithmetic over
 * the stop's model state (its target's windows and interleave). Everything comes from the debug
 * core; call it on the session's executor (inside {@code DebugSession.query}).
 */
final class StopReport {
    private static final int SHOWN_ELEMENTS = 8;
    /** Bytes of a variable shown through its spaces in a general report. */
    private static final int SHOWN_BYTES = 32;

    private StopReport() {
    }

    /** Where the warp stopped (its innermost frame), and the source line when {@code source} has it. */
    static void where(PrintWriter out, WarpStatus w, List<String> source) {
        CallFrame top = w.frames().get(0);
        SourceLocation at = top.source();
        out.printf("%nstopped in CTA %s warp %d at PTX line %d, %s%n", w.id().cta(), w.id().warp(), top.ptxLine(),
                at != null ? at : "(no source line)");
        if (at != null && source != null && at.line() >= 1 && at.line() <= source.size()) {
            out.printf("  %d | %s%n", at.line(), source.get(at.line() - 1).strip());
        }
    }

    /**
     * The lines of the stop's source file: at the path its PTX names, else under that name in
     * {@code folder} (a program built elsewhere); null when neither exists, or when the file
     * cannot be read (then {@code out} says why).
     */
    static List<String> sourceOf(PrintWriter out, WarpStatus w, Path folder) {
        SourceLocation at = w.frames().get(0).source();
        if (at == null) {
            return null;
        }
        Path named = Path.of(at.file());
        for (Path p : List.of(named, folder.resolve(named.getFileName()))) {
            if (Files.isRegularFile(p)) {
                try {
                    return Files.readAllLines(p);
                } catch (IOException e) {
                    out.printf("(the source %s cannot be read: %s)%n", p, e.getMessage());
                    return null;
                }
            }
        }
        return null;
    }

    /** Prints the variables of the warp's innermost frame for one lane; returns them by name. */
    static Map<String, VariableValue> variables(PrintWriter out, KernelEngine engine, WarpStatus w, int lane) {
        CallFrame top = w.frames().get(0);
        KernelEngine.Launch launch = engine.launch();
        CudaFocus thread = CudaFocus.of(new LaneId(w.id(), lane), launch.block(), launch.target());
        out.printf("%nvariables of %s for lane %d (thread %s), address spaces from the DWARF in the PTX:%n",
                top.function(), lane, thread.thread());
        Map<String, VariableValue> byName = new LinkedHashMap<>();
        List<VariableValue> values;
        try {
            values = engine.variables(w.id(), top.level(), lane);
        } catch (IllegalArgumentException e) {
            out.printf("  (none: %s)%n", e.getMessage());
            return byName;
        }
        for (VariableValue v : values) {
            byName.put(v.name(), v);
            out.printf("  %-8s %-12s %-8s %s%n", v.name(), v.type(), v.location() != null ? v.location().space() : "-",
                    value(v));
        }
        return byName;
    }

    /**
     * Every shared and local variable of the frame, its first bytes through its own space and
     * the generic window (and, for local memory, the warp's interleaved pool).
     */
    static void memory(PrintWriter out, StopMemoryState stop, WarpStatus w, int lane, Map<String, VariableValue> variables) {
        for (VariableValue v : variables.values()) {
            if (v.location() == null || v.bytes() == null) {
                continue;
            }
            int length = Math.min(SHOWN_BYTES, v.bytes().length) & ~3;
            if (length == 0) {
                continue;
            }
            String space = v.location().space();
            if (space.equals(PtxStateSpace.SHARED.ptxName())) {
                out.printf("%n%s of CTA %s (first %d bytes), the same bytes through two address spaces:%n", v.name(),
                        w.id().cta(), length);
                shared(out, stop, new LaneId(w.id(), lane), v.location().offset(), length, v.element());
            } else if (space.equals(PtxStateSpace.LOCAL.ptxName())) {
                out.printf("%n%s of lane %d (first %d bytes) through the per-lane local space, the generic window, and "
                        + "the warp's interleaved local pool:%n", v.name(), lane, length);
                local(out, stop, new LaneId(w.id(), lane), v.location().offset(), length, v.element());
            }
        }
    }

    /**
     * Every texture or surface object among the frame's variables: the memory it reads (a CUDA
     * array of the texture space, or global memory) and its first bytes there, by its elements'
     * channels.
     */
    static void textures(PrintWriter out, KernelEngine engine, StopMemoryState stop, WarpStatus w, int lane,
            Map<String, VariableValue> variables) {
        LaneId at = new LaneId(w.id(), lane);
        int level = w.frames().get(0).level();
        for (VariableValue v : variables.values()) {
            // a handle is 8 bytes: no other variable can be one
            if (v.bytes() == null || v.bytes().length != 8 || v.problem() != null) {
                continue;
            }
            TextureMemory t;
            try {
                t = engine.textureMemory(v.name(), at, level);
            } catch (ExpressionException e) {
                out.printf("%n%s%n", e.detail());
                continue;
            }
            if (t == null) {
                continue;
            }
            int length = (int) Math.min(SHOWN_BYTES, t.bytes());
            out.printf("%n%s, %s object %d, reads the %s (first %d bytes):%n", v.name(), t.surface() ? "surface" : "texture",
                    t.handle(), t.resource(), length);
            AddressSpace space = stop.space(t.memory().space());
            Context context = Contexts.ancestor(stop.context(Scope.LANE, at), space.getScope());
            dump(out, space.getName(), t.memory().offset(), read(context, space, t.memory().offset(), length), t.element());
        }
    }

    /** Shared bytes through the shared space and the generic window that reaches them. */
    static void shared(PrintWriter out, StopMemoryState stop, LaneId lane, long offset, int length,
            VariableValue.Element type) {
        throughTwoSpaces(out, stop, stop.context(Scope.LANE, lane), PtxStateSpace.SHARED.ptxName(), offset, length, type);
    }

    /** A lane's local bytes through the local space, the generic window and the warp's physical pool. */
    static void local(PrintWriter out, StopMemoryState stop, LaneId lane, long offset, int length,
            VariableValue.Element type) {
        Context context = stop.context(Scope.LANE, lane);
        throughTwoSpaces(out, stop, context, PtxStateSpace.LOCAL.ptxName(), offset, length, type);
        gathered(out, stop.state().getTarget(), context, PtxStateSpace.LOCAL.ptxName(), offset, length, lane.lane(), type);
    }

    /** The bytes at {@code offset} of {@code spaceName} as the lane sees them, then through the generic window that reaches them. */
    private static void throughTwoSpaces(PrintWriter out, StopMemoryState stop, Context lane, String spaceName, long offset,
            int length, VariableValue.Element type) {
        AddressSpace space = stop.space(spaceName);
        Context context = Contexts.ancestor(lane, space.getScope());
        dump(out, spaceName, offset, read(context, space, offset, length), type);
        AddressSpace generic = stop.state().getTarget().getDefaultSpace();
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
            int laneIndex, VariableValue.Element type) {
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
    static String value(VariableValue v) {
        if (v.problem() != null) {
            return "(" + v.problem() + ")";
        }
        int shown = Math.min(v.count(), SHOWN_ELEMENTS);
        boolean array = v.type().contains("[");
        String values = v.bytes() == null || v.element().size() == 0 ? "?"
                : format(v.bytes(), v.element(), shown, array) + (v.count() > shown ? " ..." : "");
        if (v.location() != null) {
            return v.location().space() + "[0x" + Long.toHexString(v.location().offset()) + "] = " + values;
        }
        if (v.register() != null) {
            return v.register() + " = " + values;
        }
        return values;
    }

    /** The first {@code shown} elements: one value, or a bracketed list for arrays. */
    private static String format(byte[] bytes, VariableValue.Element type, int shown, boolean array) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<String> values = new ArrayList<>();
        int size = type.size();
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
        return !array && values.size() == 1 ? values.get(0) : values.toString();
    }

    /** One row of bytes: the space, the address in it, hex, and the bytes as elements of {@code type}. */
    static void dump(PrintWriter out, String space, long address, byte[] bytes, VariableValue.Element type) {
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            hex.append(i > 0 && i % 4 == 0 ? "  " : i > 0 ? " " : "").append(String.format("%02x", bytes[i] & 0xff));
        }
        int elements = type.size() == 0 ? 0 : bytes.length / type.size();
        out.printf("  %-8s %-20s %s  = %s%n", space, address >= 0 ? "0x" + Long.toHexString(address) : "(gathered)", hex,
                elements == 0 ? "?" : format(bytes, type, elements, true));
    }
}
