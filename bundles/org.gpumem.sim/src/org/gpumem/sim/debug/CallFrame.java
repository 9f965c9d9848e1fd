package org.gpumem.sim.debug;

import org.gpumem.sim.SourceLocation;

/**
 * One activation on a warp's PTX call stack.
 *
 * @param level       0 for the kernel, deeper for device functions
 * @param function    the PTX function name (mangled)
 * @param pc          index of the next instruction in the function (for callers: of the call)
 * @param ptxLine     the PTX line of that instruction, the function's line when there is none
 * @param source      source position from {@code .loc}, or null when the PTX has none
 * @param instruction the instruction's text, or null
 */
public record CallFrame(int level, String function, int pc, int ptxLine, SourceLocation source, String instruction) {
}
