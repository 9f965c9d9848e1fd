package org.gpumem.sim;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per instruction and per source line: how many thread accesses went through a generic
 * address and which space each resolved to, and how many thread-level cvta conversions ran.
 * A generic access that always resolves to shared or local is one that a specific state space
 * would have done without the window check and the cvta that produced the pointer.
 */
public final class AddressSpaceProfile {

    /** Counts of one instruction or one source line. */
    public record Counts(long global, long constant, long shared, long local, long param, long cvta) {
        /** Generic accesses of all spaces. */
        public long generic() {
            return global + constant + shared + local + param;
        }

        /** Generic accesses that resolved to {@code space}. */
        public long resolvedTo(PtxStateSpace space) {
            switch (space) {
                case GLOBAL: return global;
                case CONST: return constant;
                case SHARED: return shared;
                case LOCAL: return local;
                case PARAM: return param;
                default: return 0;
            }
        }
    }

    /**
     * Counts of one instruction.
     *
     * @param function its function's (mangled) name
     * @param ptxLine  its line in the PTX
     * @param text     the instruction as written
     * @param source   its {@code .loc} position, or null
     */
    public record InstructionCounts(String function, int ptxLine, String text, SourceLocation source, Counts counts) {
    }

    private final List<InstructionCounts> instructions;
    private final Map<String, Counts> lines;

    /**
     * @param instructions instructions with a non-zero count, in function and instruction order
     * @param lines        counts per source line ({@code file:line}, or {@code module:line (PTX)})
     */
    public AddressSpaceProfile(List<InstructionCounts> instructions, Map<String, Counts> lines) {
        this.instructions = List.copyOf(instructions);
        this.lines = Collections.unmodifiableMap(new TreeMap<>(lines));
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
            String text = ic.text();
            sb.append(String.format("%-8d %-40s %12d %12d %12d %12d %12d%n", ic.ptxLine(),
                    text.length() > 40 ? text.substring(0, 37) + "..." : text, c.global(), c.shared(), c.local(),
                    c.constant() + c.param(), c.cvta()));
        }
        return sb.toString();
    }
}
