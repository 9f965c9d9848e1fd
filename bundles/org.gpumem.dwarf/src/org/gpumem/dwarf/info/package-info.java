/**
 * The DWARF of one input (versions 2 to 5, 32- and 64-bit): its sections relocated against a
 * {@link org.gpumem.dwarf.info.SymbolLayout} the caller chooses, units, DIEs read by a cursor
 * that builds no object per DIE, attribute forms, line tables, location and range lists, and
 * call frame information; the DW_AT, DW_TAG, DW_FORM and DW_ATE constants live here, in one
 * table each.
 */
package org.gpumem.dwarf.info;
