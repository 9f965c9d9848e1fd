package org.gpumem.sim.ptx;

import org.gpumem.sim.ScalarType;
/**
 * A {@code .param} of a kernel or function: name, type, size in bytes, alignment, and its
 * offset in the parameter buffer (kernel) or parameter frame (function) the engine builds.
 */
public record PtxParam(String name, ScalarType type, int size, int alignment, int offset) {
}
