/**
 * gpumem's breakpoints as the Eclipse breakpoint manager persists them: line breakpoints on
 * {@code .cu}, {@code .cuh} and PTX files, as markers on the file, and watchpoints on bytes
 * of an address space in a context (one CTA or every CTA, one lane or every lane), as markers on
 * the workspace root.
 *
 * <p>Promises: a breakpoint is only a marker and its attributes; where it stops (the first
 * instruction of the line, the kernel's entry) is the debug core's {@code BreakpointSpec}
 * resolution, asked through the debug target; what a watchpoint's expression designates is the
 * core's {@code WatchpointSpec}, made by the debug target's session.
 */
package org.gpumem.debug.breakpoints;
