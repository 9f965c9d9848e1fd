package org.gpumem.ui.memory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The typed interpretations the address-space table offers beside the hex bytes (little-endian). */
public enum ValueType {
    U8("u8", 1), U16("u16", 2), U32("u32", 4), U64("u64", 8), S32("s32", 4), F32("f32", 4), F64("f64", 8);

    private final String label;
    private final int size;

    ValueType(String label, int size) {
        this.label = label;
        this.size = size;
    }

    public String label() {
        return label;
    }

    /** Bytes per value. */
    public int size() {
        return size;
    }

    /** The value stored in {@code data[off .. off+size())} as text. */
    public String format(byte[] data, int off) {
        ByteBuffer b = ByteBuffer.wrap(data, off, size).order(ByteOrder.LITTLE_ENDIAN);
        return switch (this) {
            case U8 -> Integer.toString(b.get() & 0xff);
            case U16 -> Integer.toString(b.getShort() & 0xffff);
            case U32 -> Integer.toUnsignedString(b.getInt());
            case U64 -> Long.toUnsignedString(b.getLong());
            case S32 -> Integer.toString(b.getInt());
            case F32 -> Float.toString(b.getFloat());
            case F64 -> Double.toString(b.getDouble());
        };
    }

    /** Every whole value in {@code data[off .. off+len)}, separated by spaces. */
    public String formatAll(byte[] data, int off, int len) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i + size <= len; i += size) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(format(data, off + i));
        }
        return text.toString();
    }

    public static ValueType byLabel(String label) {
        for (ValueType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown value type " + label);
    }
}
