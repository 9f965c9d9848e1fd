package org.gpumem.debug.engine;

import org.gpumem.sim.ptx.SourceLocation;

/**
 * One activation on a warp's PTX call stack.
 *
 * @param level       0 for the kernel, deeper for device functions
 * @param function    the PTX function name (mangled)
 * @param ptxLine     the PTX line of the next instruction (for callers: of the call)
 * @param source      source position from {@code .loc}, or null when the PTX has none
 * @param instruction the next instruction's text, or null
 */
public record CallFrame(int level, String function, int ptxLine, SourceLocation source, String instruction) {
}
