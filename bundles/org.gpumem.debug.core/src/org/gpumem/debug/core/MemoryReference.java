package org.gpumem.debug.core;

import org.gpumem.dwarf.types.DwarfType;

/**
 * Where a memory monitor looks: an offset of a space of the engine's target as a lane sees it,
 * from CDT's {@code [space]:[expression]} ({@link KernelEngine#memoryReference}).
 *
 * @param space   the space's name in the target
 * @param lane    the lane whose view of the space is meant
 * @param offset  the first byte
 * @param element what the bytes there hold (a pointer's pointee, an array's element), or null for
 *                a plain address
 */
public record MemoryReference(String space, LaneId lane, long offset, DwarfType element) {
}
