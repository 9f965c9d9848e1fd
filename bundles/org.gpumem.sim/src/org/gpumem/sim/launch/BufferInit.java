package org.gpumem.sim.launch;

import java.nio.file.Path;

/** How a buffer's bytes are set before the launch. */
public sealed interface BufferInit {

    /** All zero bytes (no {@code init} given). */
    record Zero() implements BufferInit {
    }

    /** Raw little-endian bytes of a file whose size is exactly the buffer's size. */
    record FromFile(Path file) implements BufferInit {
    }

    /** Every element equals {@code value} (already range-checked for the element type). */
    record Fill(Number value) implements BufferInit {
    }

    /**
     * Element i equals start + i: integers wrap modulo 2^bits of the element type, floats are
     * {@code start + i} computed in double and rounded to the element type.
     */
    record Iota(long start) implements BufferInit {
    }

    /**
     * Element i is derived from the i-th value of a SplitMix64 stream started at {@code seed}:
     * integers take its low bytes, f32 is {@code (v >>> 40) * 2^-24} and f64 {@code (v >>> 11) * 2^-53},
     * both uniform in [0, 1). The stream is specified so that other tools can reproduce it.
     */
    record Random(long seed) implements BufferInit {
    }
}
