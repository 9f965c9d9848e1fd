package org.gpumem.model.addressing;

import org.gpumem.model.Pool;

/** A byte position in one pool: where a location lands. */
public record PoolAddress(Pool pool, long offset) {

    @Override
    public String toString() {
        return Contexts.describe(pool) + "+0x" + Long.toHexString(offset);
    }
}
