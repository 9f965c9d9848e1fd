/**
 * gpumem's breakpoints as the Eclipse breakpoint manager persists them: line breakpoints on
 * {@code .cu}, {@code .cuh} and PTX files, as markers on the file.
 *
 * <p>Promises: a breakpoint is only a marker and its attributes; where it stops (the first
 * instruction of the line, the kernel's entry) is the debug core's {@code BreakpointSpec}
 * resolution, asked through the debug target.
 */
package org.gpumem.debug.breakpoints;
