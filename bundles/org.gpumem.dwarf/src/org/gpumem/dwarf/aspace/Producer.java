package org.gpumem.dwarf.aspace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What DW_AT_producer says about the compiler that wrote a unit, as far as address-space
 * numbering depends on it.
 *
 * @param text         the attribute value ("" when the unit has none)
 * @param kind         compiler family
 * @param majorVersion clang's major version, or -1 when not a clang producer or not parsable
 */
public record Producer(String text, Kind kind, int majorVersion) {

    public enum Kind {
        /** nvcc's front end ("lgenfe: EDG 6.6") or another NVIDIA tool. */
        NVIDIA,
        /** AMD's ROCm LLVM fork ("AMD clang version 17.0.0 (https://github.com/RadeonOpenCompute/...)"). */
        AMD_CLANG,
        /** Upstream or distribution clang ("Debian clang version 22.1.8"). */
        CLANG,
        UNKNOWN
    }

    private static final Pattern CLANG_VERSION = Pattern.compile("clang version (\\d+)");

    public static Producer parse(String producer) {
        String text = producer == null ? "" : producer;
        Matcher m = CLANG_VERSION.matcher(text);
        int major = -1;
        if (m.find() && m.group(1).length() <= 9) {
            // more digits than an int holds is no clang version: major stays unknown
            major = Integer.parseInt(m.group(1));
        }
        Kind kind;
        if (text.startsWith("lgenfe") || text.contains("NVIDIA") || text.contains("nvcc")) {
            kind = Kind.NVIDIA;
        } else if (text.contains("AMD clang") || text.contains("RadeonOpenCompute") || text.contains("ROCm")) {
            kind = Kind.AMD_CLANG;
        } else if (major >= 0) {
            kind = Kind.CLANG;
        } else {
            kind = Kind.UNKNOWN;
        }
        return new Producer(text, kind, major);
    }
}
