package org.gpumem.host.internal;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;

/**
 * One program's end of the channel: messages of an 8-byte header (u32 payload length, u16
 * type, u16 zero) and the payload (PROTOCOL.md). Used by one thread.
 */
public final class Channel implements AutoCloseable {
    /** The largest payload accepted (a fatbin, a symbol's bytes). */
    public static final int MAX_PAYLOAD = 1 << 30;

    private final SocketChannel socket;
    private final ByteBuffer header = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);

    public Channel(SocketChannel socket) {
        this.socket = socket;
    }

    /** The next request, or null when the program closed the channel between messages. */
    public MessageReader read() throws IOException {
        header.clear();
        if (!fill(header, true)) {
            return null;
        }
        header.flip();
        long length = header.getInt() & 0xFFFF_FFFFL;
        int code = header.getShort() & 0xFFFF;
        int reserved = header.getShort();
        MessageType type = MessageType.of(code);
        if (type == null || reserved != 0) {
            throw new ProtocolException("unknown message type " + code);
        }
        if (length > MAX_PAYLOAD) {
            throw new ProtocolException(type + " request of " + length + " bytes (at most " + MAX_PAYLOAD + ")");
        }
        ByteBuffer payload = ByteBuffer.allocate((int) length);
        fill(payload, false);
        payload.flip();
        return new MessageReader(type, payload);
    }

    public void reply(MessageType type, MessageWriter reply) throws IOException {
        byte[] payload = reply.toByteArray();
        ByteBuffer out = ByteBuffer.allocate(8 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(payload.length).putShort((short) (type.code() | MessageType.REPLY)).putShort((short) 0).put(payload);
        out.flip();
        while (out.hasRemaining()) {
            socket.write(out);
        }
    }

    /** Reads until {@code b} is full; false at a clean end of stream before the first byte. */
    private boolean fill(ByteBuffer b, boolean endAllowed) throws IOException {
        while (b.hasRemaining()) {
            if (socket.read(b) < 0) {
                if (endAllowed && b.position() == 0) {
                    return false;
                }
                throw new EOFException("the program closed the channel inside a message");
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
