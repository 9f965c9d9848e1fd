package org.gpumem.sim.ptx;

import java.util.List;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * A state-space variable declared in PTX: module-scope {@code .global}, {@code .const},
 * {@code .shared} (including {@code .extern .shared} dynamic shared memory), or a function's
 * {@code .local}/{@code .shared}. {@code initializer} holds the initial bytes (little-endian)
 * of the elements the declaration's {@code = ...} lists (the rest of the variable is zero);
 * {@code symbolInits} lists 8-byte slots initialized with the address of another variable.
 */
public record PtxVariable(String name, PtxStateSpace space, ScalarType elementType, long size, int alignment,
        byte[] initializer, List<SymbolInit> symbolInits, boolean external, int line) {

    /** An 8-byte slot at {@code offset} that holds the address of {@code symbol}. */
    public record SymbolInit(long offset, String symbol, boolean generic) {
    }

    /** True for {@code .extern .shared x[]}: the dynamic shared memory of a launch. */
    public boolean isDynamicShared() {
        return space == PtxStateSpace.SHARED && external && size == 0;
    }
}
