package org.gpumem.sim.check;

import java.nio.file.Path;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.SourceLocation;

/**
 * One side of a finding: what a thread did (or, for an allocation, where it was made), where in
 * the code, and the thread's context.
 *
 * @param operation   what the access did
 * @param cta         the CTA, or null for a host call
 * @param warp        the warp in the CTA, -1 when none
 * @param lane        the lane in the warp, -1 when none
 * @param thread      the thread index in the CTA, or null
 * @param function    the PTX function (mangled), or for a host call the call site as the host names it
 * @param ptxLine     the PTX line of the instruction, -1 when none
 * @param source      the source line from {@code .loc}, or null
 * @param instruction the instruction as written, or null
 */
public record Access(Operation operation, Dim3 cta, int warp, int lane, Dim3 thread, String function, int ptxLine,
        SourceLocation source, String instruction) {

    /** What an access did. */
    public enum Operation {
        READ("read"), WRITE("write"), ATOMIC("atomic"), BARRIER("barrier"), WARP_SYNC("warp sync"), FREE("free"),
        ALLOCATION("allocation");

        private final String word;

        Operation(String word) {
            this.word = word;
        }

        /** The operation in a word, as reports print it. */
        public String word() {
            return word;
        }
    }

    /** Where the access is, for humans: the source line when known, else the PTX line. */
    public String where() {
        if (source != null) {
            return ptxLine >= 0 ? source + " (PTX line " + ptxLine + ")" : source.file() + ":" + source.line();
        }
        return ptxLine >= 0 ? "PTX line " + ptxLine : function;
    }

    /**
     * Where the access is, briefly, as a view's column or a thread's label shows it: the source
     * file's name and line ({@code checks.cu:16}), else the PTX line, else empty.
     */
    public String briefWhere() {
        if (source != null && source.line() > 0) {
            Path name = Path.of(source.file()).getFileName();
            return (name == null ? source.file() : name.toString()) + ":" + source.line();
        }
        return ptxLine >= 0 ? "PTX line " + ptxLine : "";
    }

    /** The thread's context: CTA, warp, lane and thread index. */
    public String context() {
        StringBuilder sb = new StringBuilder();
        if (cta != null) {
            sb.append("CTA ").append(cta);
        }
        if (warp >= 0) {
            sb.append(" warp ").append(warp);
        }
        if (lane >= 0) {
            sb.append(" lane ").append(lane);
        }
        if (thread != null) {
            sb.append(" (thread ").append(thread).append(')');
        }
        return sb.toString();
    }

    /**
     * The same access at the same source line (or, without one, the same instruction), by any
     * thread: what makes findings identical.
     */
    String site() {
        return operation + "@" + function + ":" + (source != null ? source.file() + ":" + source.line() : ptxLine);
    }
}
