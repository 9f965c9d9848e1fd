package org.gpumem.debug.core;

import java.nio.file.Path;

/**
 * Where warps stop: a source line (file as {@code .file} names it, compared by path and, failing
 * that, by file name), a PTX line of the launched module, or the first instruction of a kernel
 * (by mangled or demangled name, as cuda-gdb's {@code break kernelName}); with an optional
 * condition and hit count.
 *
 * <p>A warp reaching the breakpoint is one reach. With a {@code condition} (an expression of the
 * debug core's evaluator, {@code threadIdx.x == 37 && blockIdx.x == 1}), the engine evaluates it
 * in each active lane of that warp (in lane order, in the warp's innermost frame); the reach
 * counts only when it holds in some lane, and the stop then focuses the first such lane. A
 * condition that cannot be evaluated in any lane (an unknown name...) stops the kernel with the
 * error ({@link Stop#conditionError()}), as gdb does. With a {@code hitCount} N, the first N - 1
 * counted reaches resume silently, and the N-th and every later one stop.
 *
 * @param file      the source or PTX file of a line breakpoint, null for a kernel entry
 * @param line      the line in {@code file} (1-based), 0 for a kernel entry
 * @param ptx       true when {@code line} is a PTX line of the launched module
 * @param kernel    the kernel whose entry stops warps, null for a line breakpoint
 * @param condition the condition, or null for none
 * @param hitCount  the counted reach that first stops (0 or 1: the first)
 */
public record BreakpointSpec(Path file, int line, boolean ptx, String kernel, String condition, int hitCount) {

    public BreakpointSpec {
        if (hitCount < 0) {
            throw new IllegalArgumentException("hit count must be 0 or more: " + hitCount);
        }
        if (condition != null && condition.isBlank()) {
            condition = null;
        }
    }

    /** A line breakpoint: a source line, or a PTX line when {@code ptx}. */
    public BreakpointSpec(Path file, int line, boolean ptx) {
        this(file, line, ptx, null, null, 0);
    }

    /** A breakpoint at the first instruction of the kernel {@code name} names. */
    public static BreakpointSpec kernelEntry(String name) {
        return new BreakpointSpec(null, 0, false, name, null, 0);
    }

    /** This breakpoint stopping only where {@code expression} holds in some active lane (null: always). */
    public BreakpointSpec withCondition(String expression) {
        return new BreakpointSpec(file, line, ptx, kernel, expression, hitCount);
    }

    /** This breakpoint stopping from its {@code count}-th counted reach on. */
    public BreakpointSpec withHitCount(int count) {
        return new BreakpointSpec(file, line, ptx, kernel, condition, count);
    }

    /** True for a kernel entry breakpoint. */
    public boolean isKernelEntry() {
        return kernel != null;
    }

    @Override
    public String toString() {
        return (kernel != null ? "kernel " + kernel : file + ":" + line) + (condition != null ? " if " + condition : "")
                + (hitCount > 1 ? " (hit " + hitCount + ")" : "");
    }
}
