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

import org.gpumem.sim.debug.DebugSession;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.VariableType;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.memory.LocalLayout;
import org.gpumem.sim.ptx.SourceLocation;

/**
 * A stopped kernel as text, shared by {@code gpumem demo} and {@code gpumem exec --break}:
 * where it stopped, the frame's variables with the address spaces their DWARF gives, and
 * memory bytes through several address spaces.
 */
final class StopReport {
    private static final int SHOWN_ELEMENTS = 8;
    /** Bytes of a variable shown through its spaces in a general report. */
    private static final int SHOWN_BYTES = 32;

    private StopReport() {
    }

    /** Where the warp stopped, and the source line when {@code source} has it. */
    static void where(PrintWriter out, DebugSession session, Warp w, List<String> source) {
        SourceLocation at = w.sourceLocation();
        out.printf("%nstopped in CTA %s warp %d at PTX line %d, %s%n", session.cta().index(), w.id(), w.ptxLine(),
                at != null ? at : "(no source line)");
        if (at != null && source != null && at.line() >= 1 && at.line() <= source.size()) {
            out.printf("  %d | %s%n", at.line(), source.get(at.line() - 1).strip());
        }
    }

    /**
     * The lines of the stop's source file: at the path its PTX names, else under that name in
     * {@code folder} (a program built elsewhere); null when neither can be read.
     */
    static List<String> sourceOf(Warp w, Path folder) {
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
    static Map<String, FrameVariable> variables(PrintWriter out, DebugSession session, DeviceModule module, Warp w, int lane) {
        out.printf("%nvariables of %s for lane %d (thread %s), address spaces from the DWARF in the PTX:%n",
                w.function().name(), lane, w.threadIndex(lane));
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
    static void memory(PrintWriter out, DebugSession session, Warp w, int lane, Map<String, FrameVariable> variables) {
        for (FrameVariable v : variables.values()) {
            if (!(v.location() instanceof FrameVariable.Memory m) || v.bytes() == null) {
                continue;
            }
            int length = Math.min(SHOWN_BYTES, v.bytes().length) & ~3;
            if (length == 0) {
                continue;
            }
            if (m.space() == AddressSpace.SHARED) {
                out.printf("%n%s of CTA %s (first %d bytes), the same bytes through two address spaces:%n", v.name(),
                        session.cta().index(), length);
                shared(out, session, w, lane, m.offset(), length, v.type());
            } else if (m.space() == AddressSpace.LOCAL) {
                out.printf("%n%s of lane %d (first %d bytes) through the per-lane local space, the generic window, and "
                        + "the warp's interleaved local pool:%n", v.name(), lane, length);
                local(out, session, w, lane, m.offset(), length, v.type());
            }
        }
    }

    /** Shared bytes through the shared space and the generic window. */
    static void shared(PrintWriter out, DebugSession session, Warp w, int lane, long offset, int length, VariableType type) {
        dump(out, "shared", offset, session.read(AddressSpace.SHARED, offset, length, w.id(), lane), type);
        dump(out, "generic", GenericWindows.SHARED_BASE + offset,
                session.read(AddressSpace.GENERIC, GenericWindows.SHARED_BASE + offset, length, w.id(), lane), type);
    }

    /** A lane's local bytes through the local space, the generic window and the warp's physical pool. */
    static void local(PrintWriter out, DebugSession session, Warp w, int lane, long offset, int length, VariableType type) {
        dump(out, "local", offset, session.read(AddressSpace.LOCAL, offset, length, w.id(), lane), type);
        dump(out, "generic", GenericWindows.LOCAL_BASE + offset,
                session.read(AddressSpace.GENERIC, GenericWindows.LOCAL_BASE + offset, length, w.id(), lane), type);
        byte[] pool = w.localStorage();
        StringBuilder where = new StringBuilder();
        byte[] gathered = new byte[length];
        for (int word = 0; word < length / 4; word++) {
            long physical = LocalLayout.physical(lane, offset + 4L * word);
            System.arraycopy(pool, (int) physical, gathered, 4 * word, 4);
            where.append(word == 0 ? "" : " ").append("0x").append(Long.toHexString(physical));
        }
        dump(out, "pool", -1, gathered, type);
        out.printf("  %-8s word k of lane %d lies at (offset/4 + k) * 128 + %d * 4: %s%n", "", lane, lane, where);
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
