package org.gpumem.debug.core;

import java.nio.file.Path;

/**
 * Where warps stop: a source line (file as {@code .file} names it, compared by path and, failing
 * that, by file name), a PTX line of the launched module, or the first instruction of a kernel
 * (by mangled or demangled name, as cuda-gdb's {@code break kernelName}).
 *
 * @param file   the source or PTX file of a line breakpoint, null for a kernel entry
 * @param line   the line in {@code file} (1-based), 0 for a kernel entry
 * @param ptx    true when {@code line} is a PTX line of the launched module
 * @param kernel the kernel whose entry stops warps, null for a line breakpoint
 */
public record BreakpointSpec(Path file, int line, boolean ptx, String kernel) {

    /** A line breakpoint: a source line, or a PTX line when {@code ptx}. */
    public BreakpointSpec(Path file, int line, boolean ptx) {
        this(file, line, ptx, null);
    }

    /** A breakpoint at the first instruction of the kernel {@code name} names. */
    public static BreakpointSpec kernelEntry(String name) {
        return new BreakpointSpec(null, 0, false, name);
    }

    /** True for a kernel entry breakpoint. */
    public boolean isKernelEntry() {
        return kernel != null;
    }

    @Override
    public String toString() {
        return kernel != null ? "kernel " + kernel : file + ":" + line;
    }
}
