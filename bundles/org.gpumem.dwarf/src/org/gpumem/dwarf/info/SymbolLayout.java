package org.gpumem.dwarf.info;

import java.util.Map;
import java.util.OptionalLong;

/**
 * Where symbols lie: the values relocations add to their addends. The caller chooses the layout
 * (the simulator supplies where it placed each variable, a debugger the loaded addresses); a
 * symbol the layout does not know stays unresolved, and the reader reports the value as
 * {@code symbol+addend} instead of inventing an address.
 */
@FunctionalInterface
public interface SymbolLayout {

    /** The value of {@code symbol}, or empty when this layout does not place it. */
    OptionalLong valueOf(String symbol);

    /** A layout that places nothing. */
    SymbolLayout NONE = symbol -> OptionalLong.empty();

    static SymbolLayout of(Map<String, Long> values) {
        Map<String, Long> copy = Map.copyOf(values);
        return symbol -> {
            Long v = copy.get(symbol);
            return v == null ? OptionalLong.empty() : OptionalLong.of(v);
        };
    }

    /** This layout, falling back to {@code other} for symbols it does not place. */
    default SymbolLayout orElse(SymbolLayout other) {
        return symbol -> {
            OptionalLong v = valueOf(symbol);
            return v.isPresent() ? v : other.valueOf(symbol);
        };
    }
}
