package org.gpumem.images;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An NVIDIA compute capability {@code major.minor} with its architecture variant: plain
 * ({@code sm_86}), arch-specific ({@code sm_90a}: runs only on exactly that capability) or
 * family-specific ({@code sm_100f}: runs on later devices of the same family).
 */
public record NvidiaTarget(int major, int minor, Variant variant) implements GpuTarget, Comparable<NvidiaTarget> {

    public enum Variant {
        PLAIN(""), ARCH_SPECIFIC("a"), FAMILY_SPECIFIC("f");

        private final String suffix;

        Variant(String suffix) {
            this.suffix = suffix;
        }

        public String suffix() {
            return suffix;
        }
    }

    private static final Pattern ARCH = Pattern.compile("(?:sm_|compute_|lto_)?(\\d{2,3})([af]?)");
    private static final Pattern DOTTED = Pattern.compile("(\\d{1,2})\\.(\\d)([af]?)");

    public NvidiaTarget {
        if (major < 1 || minor < 0 || minor > 9) {
            throw new IllegalArgumentException("not a compute capability: " + major + "." + minor);
        }
    }

    /** From the number nvcc writes (75 for 7.5, 100 for 10.0) and a variant. */
    public static NvidiaTarget fromSmNumber(int sm, Variant variant) {
        return new NvidiaTarget(sm / 10, sm % 10, variant);
    }

    /** Parses {@code sm_86}, {@code compute_80}, {@code sm_90a}, {@code 86}, {@code 8.6}. */
    public static NvidiaTarget parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        Matcher m = ARCH.matcher(t);
        if (m.matches()) {
            return fromSmNumber(Integer.parseInt(m.group(1)), variantOf(m.group(2)));
        }
        m = DOTTED.matcher(t);
        if (m.matches()) {
            return new NvidiaTarget(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), variantOf(m.group(3)));
        }
        throw new IllegalArgumentException("not an NVIDIA architecture or compute capability: " + text
                + " (expected e.g. sm_86, compute_80, 8.6, sm_90a)");
    }

    private static Variant variantOf(String suffix) {
        return switch (suffix) {
            case "a" -> Variant.ARCH_SPECIFIC;
            case "f" -> Variant.FAMILY_SPECIFIC;
            default -> Variant.PLAIN;
        };
    }

    /** 86 for 8.6. */
    public int smNumber() {
        return major * 10 + minor;
    }

    /** {@code sm_86}, {@code sm_90a}. */
    @Override
    public String name() {
        return "sm_" + smNumber() + variant.suffix();
    }

    /** {@code compute_80}: how a PTX target is spelled. */
    public String computeName() {
        return "compute_" + smNumber() + variant.suffix();
    }

    /** {@code 8.6}. */
    public String capability() {
        return major + "." + minor;
    }

    /** Orders by capability; the variant only breaks ties (plain first). */
    @Override
    public int compareTo(NvidiaTarget o) {
        int c = Integer.compare(smNumber(), o.smNumber());
        return c != 0 ? c : variant.compareTo(o.variant);
    }

    @Override
    public String toString() {
        return name();
    }
}
