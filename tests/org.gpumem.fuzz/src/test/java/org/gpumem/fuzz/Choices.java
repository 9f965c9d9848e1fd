package org.gpumem.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The decisions of a structure-aware target, read from the front of its input: every input
 * decodes to some choice (an input that runs out reads zeros), so a mutation of any byte changes
 * one decision rather than breaking a format, and seeds are written by {@link Writer}.
 */
final class Choices {
    private final ByteBuffer in;

    Choices(byte[] input) {
        this.in = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** One of {@code 0..n-1}. */
    int pick(int n) {
        return (in.hasRemaining() ? in.get() & 0xff : 0) % n;
    }

    int u16() {
        return in.remaining() >= 2 ? in.getShort() & 0xffff : 0;
    }

    long u32() {
        return in.remaining() >= 4 ? in.getInt() & 0xffffffffL : 0;
    }

    long u64() {
        return in.remaining() >= 8 ? in.getLong() : 0;
    }

    /** A u16 length, then that many bytes (fewer when the input ends). */
    byte[] bytes() {
        int n = Math.min(u16(), in.remaining());
        byte[] b = new byte[n];
        in.get(b);
        return b;
    }

    /** Everything not read yet. */
    byte[] rest() {
        return Arrays.copyOfRange(in.array(), in.position(), in.limit());
    }

    /** Writes the input that makes a {@link Choices} read back the given decisions (for seeds and regression inputs). */
    static final class Writer {
        private ByteBuffer out = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);

        private Writer room(int n) {
            if (out.remaining() < n) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + n)).order(ByteOrder.LITTLE_ENDIAN);
                out = bigger.put(out.flip());
            }
            return this;
        }

        Writer pick(int choice) {
            room(1).out.put((byte) choice);
            return this;
        }

        Writer u16(int v) {
            room(2).out.putShort((short) v);
            return this;
        }

        Writer u32(long v) {
            room(4).out.putInt((int) v);
            return this;
        }

        Writer u64(long v) {
            room(8).out.putLong(v);
            return this;
        }

        Writer bytes(byte[] b) {
            u16(b.length);
            room(b.length).out.put(b);
            return this;
        }

        Writer rest(byte[] b) {
            room(b.length).out.put(b);
            return this;
        }

        byte[] toBytes() {
            return Arrays.copyOf(out.array(), out.position());
        }
    }
}
