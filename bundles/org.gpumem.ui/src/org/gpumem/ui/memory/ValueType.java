package org.gpumem.ui.memory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpumem.debug.core.VariableValue;

/** The typed interpretations the address-space table offers beside the hex bytes (little-endian). */
public enum ValueType {
    U8("u8", 1), U16("u16", 2), U32("u32", 4), U64("u64", 8), S8("s8", 1), S16("s16", 2), S32("s32", 4), S64("s64", 8),
    F32("f32", 4), F64("f64", 8);

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
            case S8 -> Byte.toString(b.get());
            case S16 -> Short.toString(b.getShort());
            case S32 -> Integer.toString(b.getInt());
            case S64 -> Long.toString(b.getLong());
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

    /**
     * The type that shows values of a DWARF base type of {@code encoding} and {@code size} bytes
     * ({@code int} is s32, {@code float} f32, pointers and unsigned types u8..u64), or null
     * when none fits (structs, 16-byte types).
     */
    public static ValueType forDwarf(VariableValue.Encoding encoding, int size) {
        for (ValueType t : values()) {
            boolean kind = switch (encoding) {
                case SIGNED -> t.name().startsWith("S");
                case FLOAT -> t.name().startsWith("F");
                case UNSIGNED, BOOLEAN, POINTER -> t.name().startsWith("U");
                case OTHER -> false;
            };
            if (kind && t.size == size) {
                return t;
            }
        }
        return null;
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
