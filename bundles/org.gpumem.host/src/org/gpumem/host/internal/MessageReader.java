package org.gpumem.host.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** The little-endian fields of one request's payload, in order. */
public final class MessageReader {
    private final MessageType type;
    private final ByteBuffer payload;

    public MessageReader(MessageType type, ByteBuffer payload) {
        this.type = type;
        this.payload = payload.order(ByteOrder.LITTLE_ENDIAN);
    }

    public MessageType type() {
        return type;
    }

    public int u32() throws ProtocolException {
        need(4, "a 32-bit field");
        return payload.getInt();
    }

    public long u64() throws ProtocolException {
        need(8, "a 64-bit field");
        return payload.getLong();
    }

    /** A field of a u32 length and that many bytes. */
    public byte[] bytes() throws ProtocolException {
        int n = u32();
        if (n < 0) {
            throw malformed("a field of " + Integer.toUnsignedString(n) + " bytes");
        }
        need(n, "a field of " + n + " bytes");
        byte[] b = new byte[n];
        payload.get(b);
        return b;
    }

    public String string() throws ProtocolException {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    /** Checks that every field was read. */
    public void end() throws ProtocolException {
        if (payload.hasRemaining()) {
            throw malformed(payload.remaining() + " bytes after the last field");
        }
    }

    private void need(int n, String what) throws ProtocolException {
        if (payload.remaining() < n) {
            throw malformed(what + " at offset " + payload.position() + " past the end (" + payload.limit() + " bytes)");
        }
    }

    private ProtocolException malformed(String what) {
        return new ProtocolException("malformed " + type + " request: " + what);
    }
}
