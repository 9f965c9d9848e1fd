package org.gpumem.dwarf.expr;

import java.util.List;

/**
 * A location list after its addresses are resolved (base addresses applied, .debug_addr
 * indices looked up): entries of [low, high) PC ranges and the expression valid there, plus
 * the DWARF 5 default location (DW_LLE_default_location) if any.
 */
public record LocationList(List<Entry> entries, Expression defaultExpression) {

    public LocationList {
        entries = List.copyOf(entries);
    }

    public record Entry(long low, long high, Expression expression) {
        public boolean covers(long pc) {
            return Long.compareUnsigned(pc, low) >= 0 && Long.compareUnsigned(pc, high) < 0;
        }
    }

    /** The expression valid at {@code pc}: the first entry covering it, else the default, else null. */
    public Expression select(long pc) {
        for (Entry e : entries) {
            if (e.covers(pc)) {
                return e.expression();
            }
        }
        return defaultExpression;
    }
}
