package org.gpumem.host.internal;

/**
 * The requests gpumem's libcudart.so.13 sends over the channel (PROTOCOL.md; the C side is
 * {@code enum message_type} in native/cudart/runtime.h). A reply carries its request's code
 * with {@link #REPLY} set.
 */
public enum MessageType {
    HELLO(1),
    REGISTER_MODULE(2),
    REGISTER_FUNCTION(3),
    REGISTER_VARIABLE(4),
    MODULE_END(5),
    UNREGISTER_MODULE(6),
    FUNCTION_INFO(7),
    LAUNCH(8),
    ALLOCATE(9),
    FREE(10),
    SYMBOL_WRITE(11),
    SYMBOL_READ(12),
    SYNCHRONIZE(13),
    UNSUPPORTED(14),
    RESET(15),
    SET_HEAP_SIZE(16),
    OCCUPANCY(17),
    AVAILABLE_DYNAMIC_SHARED(18),
    POOL_BLOCK(19),
    TEXTURE_CREATE(20),
    TEXTURE_DESTROY(21),
    ARRAY_DESCRIBE(22),
    HOST_WRITE(23),
    BAD_FREE(24);

    /** Set in the type of every reply. */
    public static final int REPLY = 0x8000;
    /** The protocol version a HELLO names. */
    public static final int VERSION = 7;

    private static final MessageType[] BY_CODE = new MessageType[25];

    static {
        for (MessageType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;

    MessageType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The request type with this code, or null. */
    public static MessageType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
