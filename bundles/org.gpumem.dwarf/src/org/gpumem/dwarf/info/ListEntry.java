package org.gpumem.dwarf.info;

import java.nio.ByteBuffer;

/**
 * One entry of a location list or range list, with addresses resolved (base address applied,
 * indexes looked up in .debug_addr).
 *
 * @param low              first address covered
 * @param high             first address not covered
 * @param isDefault        a DW_LLE_default_location entry (covers whatever no other entry covers)
 * @param expression       the location expression (null for range lists)
 * @param expressionOffset section offset of the expression's first byte (for relocation lookups)
 * @param entryOffset      section offset of the entry
 */
public record ListEntry(long low, long high, boolean isDefault, ByteBuffer expression, long expressionOffset, long entryOffset) {
}
