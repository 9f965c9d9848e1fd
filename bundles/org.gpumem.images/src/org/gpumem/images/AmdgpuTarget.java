package org.gpumem.images;

import java.util.Locale;

/**
 * An AMDGPU target id: processor and the xnack / sramecc target features, each on ({@code +}),
 * off ({@code -}) or unspecified ("any": the code runs with either setting). Spelled like
 * clang's {@code --offload-arch}: {@code gfx90a}, {@code gfx90a:xnack+}, {@code gfx90a:sramecc+:xnack-}.
 */
public record AmdgpuTarget(String processor, Feature xnack, Feature sramecc) implements GpuTarget {

    public enum Feature {
        ANY(""), ON("+"), OFF("-");

        private final String suffix;

        Feature(String suffix) {
            this.suffix = suffix;
        }

        public String suffix() {
            return suffix;
        }
    }

    public AmdgpuTarget {
        if (processor == null || !processor.matches("gfx[0-9a-f]+(-generic)?")) {
            throw new IllegalArgumentException("not an AMDGPU processor: " + processor);
        }
    }

    /**
     * Parses a target id, also the tail of an offload triple
     * ({@code amdgcn-amd-amdhsa--gfx90a:xnack+}, {@code hipv4-amdgcn-amd-amdhsa--gfx1100}).
     */
    public static AmdgpuTarget parse(String text) {
        String t = text.trim();
        int dashes = t.lastIndexOf("--");
        if (dashes >= 0) {
            t = t.substring(dashes + 2);
        }
        String[] parts = t.split(":");
        Feature xnack = Feature.ANY;
        Feature sramecc = Feature.ANY;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            if (p.length() < 2) {
                throw new IllegalArgumentException("bad AMDGPU target feature '" + p + "' in " + text);
            }
            char sign = p.charAt(p.length() - 1);
            Feature f = sign == '+' ? Feature.ON : sign == '-' ? Feature.OFF : null;
            String name = p.substring(0, p.length() - 1);
            if (f == null || !(name.equals("xnack") || name.equals("sramecc"))) {
                throw new IllegalArgumentException("bad AMDGPU target feature '" + p + "' in " + text
                        + " (expected xnack+, xnack-, sramecc+ or sramecc-)");
            }
            if (name.equals("xnack")) {
                xnack = f;
            } else {
                sramecc = f;
            }
        }
        return new AmdgpuTarget(parts[0].toLowerCase(Locale.ROOT), xnack, sramecc);
    }

    /** Canonical spelling, features in clang's order (sramecc before xnack). */
    @Override
    public String name() {
        StringBuilder b = new StringBuilder(processor);
        if (sramecc != Feature.ANY) {
            b.append(":sramecc").append(sramecc.suffix());
        }
        if (xnack != Feature.ANY) {
            b.append(":xnack").append(xnack.suffix());
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return name();
    }
}
