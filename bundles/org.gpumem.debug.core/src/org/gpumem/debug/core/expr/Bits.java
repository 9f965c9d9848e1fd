package org.gpumem.debug.core.expr;

/** Little-endian bytes of values, and values of bytes. */
final class Bits {
    private Bits() {
    }

    /** The low {@code size} bytes of {@code v}, little-endian. */
    static byte[] bytes(long v, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size && i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    /** The first {@code size} (at most 8) bytes of {@code b} from {@code at}, zero-extended. */
    static long unsigned(byte[] b, int at, int size) {
        long v = 0;
        for (int i = Math.min(size, 8) - 1; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xff);
        }
        return v;
    }

    /** The same, sign-extended from {@code size} bytes. */
    static long signed(byte[] b, int at, int size) {
        long v = unsigned(b, at, size);
        int shift = 64 - 8 * Math.min(size, 8);
        return v << shift >> shift;
    }
}
