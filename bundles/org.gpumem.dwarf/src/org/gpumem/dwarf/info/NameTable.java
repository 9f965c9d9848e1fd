package org.gpumem.dwarf.info;

import java.util.HashMap;
import java.util.Map;

/** Value-to-name lookup for one family of DWARF constants. */
final class NameTable {
    private final String prefix;
    private final Map<Integer, String> names = new HashMap<>();

    NameTable(String prefix, int[] values, String[] suffixes) {
        this.prefix = prefix;
        for (int i = 0; i < values.length; i++) {
            names.putIfAbsent(values[i], prefix + suffixes[i]);
        }
    }

    String name(int value) {
        String n = names.get(value);
        return n != null ? n : prefix + "0x" + Integer.toHexString(value);
    }

    boolean known(int value) {
        return names.containsKey(value);
    }
}
