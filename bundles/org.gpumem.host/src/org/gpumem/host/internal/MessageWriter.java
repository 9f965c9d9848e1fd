package org.gpumem.host.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A reply's payload: its status (a cudaError_t), then little-endian fields. */
public final class MessageWriter {
    private byte[] data = new byte[64];
    private int length;

    public MessageWriter(int status) {
        u32(status);
    }

    public MessageWriter u32(int v) {
        return little(v, 4);
    }

    public MessageWriter u64(long v) {
        return little(v, 8);
    }

    public MessageWriter bytes(byte[] b) {
        u32(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, data, length, b.length);
        length += b.length;
        return this;
    }

    public MessageWriter string(String s) {
        return bytes(s.getBytes(StandardCharsets.UTF_8));
    }

    private MessageWriter little(long v, int n) {
        ensure(n);
        for (int i = 0; i < n; i++) {
            data[length++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    private void ensure(int n) {
        if (length + n > data.length) {
            data = Arrays.copyOf(data, Math.max(2 * data.length, length + n));
        }
    }

    /** The payload bytes (a fresh array). */
    public byte[] toByteArray() {
        return Arrays.copyOf(data, length);
    }
}
