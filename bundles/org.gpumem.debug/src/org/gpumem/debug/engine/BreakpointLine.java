package org.gpumem.debug.engine;

import java.nio.file.Path;

/**
 * A line where warps stop: a source line (file as {@code .file} names it, compared by path and,
 * failing that, by file name) or a PTX line of the module.
 */
public record BreakpointLine(Path file, int line, boolean ptx) {
}
