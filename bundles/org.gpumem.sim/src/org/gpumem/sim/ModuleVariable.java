package org.gpumem.sim;

/**
 * A module-scope variable and where it lives.
 *
 * @param space   {@link PtxStateSpace#GLOBAL}, {@link PtxStateSpace#CONST} or {@link PtxStateSpace#SHARED}
 * @param address its global address, its offset in the module's const bank, or its offset in a
 *                CTA's shared memory; -1 for dynamic shared memory ({@code .extern .shared}),
 *                which a launch places
 * @param size    bytes
 */
public record ModuleVariable(String name, PtxStateSpace space, long address, long size) {
}
