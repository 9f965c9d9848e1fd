package org.gpumem.sim.exec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.SourceLocation;

/**
 * Per instruction and per source line: how many thread accesses went through a generic
 * address and which space each resolved to, and how many thread-level cvta conversions ran.
 * A generic access that always resolves to shared or local is one that a specific state space
 * would have done without the window check and the cvta that produced the pointer.
 */
public final class AddressSpaceProfile {
    /** Counter slots per instruction: generic accesses by resolved space, then cvta. */
    static final int SLOTS = 6;
    static final int GLOBAL = 0, CONST = 1, SHARED = 2, LOCAL = 3, PARAM = 4, CVTA = 5;
    private static final AddressSpace[] SPACES = {AddressSpace.GLOBAL, AddressSpace.CONST, AddressSpace.SHARED,
        AddressSpace.LOCAL, AddressSpace.PARAM};

    /** Counts of one instruction or one source line. */
    public record Counts(long global, long constant, long shared, long local, long param, long cvta) {
        /** Generic accesses of all spaces. */
        public long generic() {
            return global + constant + shared + local + param;
        }

        /** Generic accesses that resolved to {@code space}. */
        public long resolvedTo(AddressSpace space) {
            switch (space) {
                case GLOBAL: return global;
                case CONST: return constant;
                case SHARED: return shared;
                case LOCAL: return local;
                case PARAM: return param;
                default: return 0;
            }
        }

        static Counts of(long[] c, int base) {
            return new Counts(c[base], c[base + 1], c[base + 2], c[base + 3], c[base + 4], c[base + 5]);
        }
    }

    /** Counts of one instruction. */
    public record InstructionCounts(PtxFunction function, Instruction instruction, Counts counts) {
    }

    private final List<InstructionCounts> instructions;
    private final Map<String, Counts> lines;

    AddressSpaceProfile(PtxModule module, long[][] counters) {
        List<InstructionCounts> list = new ArrayList<>();
        Map<String, long[]> byLine = new TreeMap<>();
        for (PtxFunction f : module.functions()) {
            long[] c = counters[f.index()];
            if (c == null) {
                continue;
            }
            for (Instruction in : f.instructions()) {
                int base = in.index * SLOTS;
                boolean any = false;
                for (int k = 0; k < SLOTS; k++) {
                    any |= c[base + k] != 0;
                }
                if (!any) {
                    continue;
                }
                list.add(new InstructionCounts(f, in, Counts.of(c, base)));
                SourceLocation loc = in.location;
                String key = loc == null ? module.name() + ":" + in.line + " (PTX)" : loc.file() + ":" + loc.line();
                long[] acc = byLine.computeIfAbsent(key, k -> new long[SLOTS]);
                for (int k = 0; k < SLOTS; k++) {
                    acc[k] += c[base + k];
                }
            }
        }
        this.instructions = List.copyOf(list);
        Map<String, Counts> m = new TreeMap<>();
        byLine.forEach((k, v) -> m.put(k, Counts.of(v, 0)));
        this.lines = Collections.unmodifiableMap(m);
    }

    /** Instructions with a non-zero count, in function and instruction order. */
    public List<InstructionCounts> instructions() {
        return instructions;
    }

    /** Counts summed per source line ({@code file:line}; PTX line when there is no .loc). */
    public Map<String, Counts> sourceLines() {
        return lines;
    }

    /** A table per source line, then per instruction. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-48s %12s %12s %12s %12s %12s %12s%n", "source line", "generic", "->global",
                "->shared", "->local", "->const", "cvta"));
        for (Map.Entry<String, Counts> e : lines.entrySet()) {
            Counts c = e.getValue();
            sb.append(String.format("%-48s %12d %12d %12d %12d %12d %12d%n", e.getKey(), c.generic(), c.global(),
                    c.shared(), c.local(), c.constant() + c.param(), c.cvta()));
        }
        sb.append(String.format("%n%-8s %-40s %12s %12s %12s %12s %12s%n", "PTX line", "instruction", "->global",
                "->shared", "->local", "->const", "cvta"));
        for (InstructionCounts ic : instructions) {
            Counts c = ic.counts();
            String text = ic.instruction().text;
            sb.append(String.format("%-8d %-40s %12d %12d %12d %12d %12d%n", ic.instruction().line,
                    text.length() > 40 ? text.substring(0, 37) + "..." : text, c.global(), c.shared(), c.local(),
                    c.constant() + c.param(), c.cvta()));
        }
        return sb.toString();
    }

    static int slot(AddressSpace s) {
        for (int i = 0; i < SPACES.length; i++) {
            if (SPACES[i] == s) {
                return i;
            }
        }
        return GLOBAL;
    }
}
