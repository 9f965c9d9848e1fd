package org.gpumem.images;

/**
 * What a device image is built for, and what a device is: an NVIDIA compute capability or an
 * AMDGPU target id. Parsed from the spellings users and tools write ({@code sm_86},
 * {@code compute_80}, {@code 8.6}, {@code sm_90a}, {@code gfx90a:xnack+}).
 */
public sealed interface GpuTarget permits NvidiaTarget, AmdgpuTarget {

    /** The canonical spelling: {@code sm_86}, {@code sm_90a}, {@code gfx90a:xnack+}. */
    String name();

    /**
     * Parses a device or architecture spelling.
     *
     * @throws IllegalArgumentException when {@code text} is neither an NVIDIA architecture nor an
     *         AMDGPU target id
     */
    static GpuTarget parse(String text) {
        String t = text.trim();
        if (t.startsWith("gfx")) {
            return AmdgpuTarget.parse(t);
        }
        return NvidiaTarget.parse(t);
    }
}
