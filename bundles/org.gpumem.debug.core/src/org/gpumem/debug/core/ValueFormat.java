package org.gpumem.debug.core;

import org.gpumem.debug.core.VariableValue.Element;

/**
 * Reads and writes element values of variables as text (little-endian, like the simulator): the
 * one formatting of values that the Eclipse debug model and gpumem dap show.
 */
public final class ValueFormat {
    private ValueFormat() {
    }

    /** The raw bits of element {@code index} of {@code bytes}. */
    public static long bits(byte[] bytes, Element e, int index) {
        int size = Math.min(e.size(), 8);
        int off = index * e.size();
        if (size != 1 && size != 2 && size != 4 && size != 8 || off + size > bytes.length) {
            return 0;
        }
        long v = 0;
        for (int i = size - 1; i >= 0; i--) {
            v = v << 8 | (bytes[off + i] & 0xFF);
        }
        return v;
    }

    /** The element as C would print it: decimal integers, floats, {@code 0x} pointers. */
    public static String format(byte[] bytes, Element e, int index) {
        int size = e.size();
        if (bytes == null || (index + 1) * size > bytes.length) {
            return "<unavailable>";
        }
        if (size != 1 && size != 2 && size != 4 && size != 8) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < size; i++) {
                sb.append(String.format("%02x", bytes[index * size + i] & 0xff));
            }
            return sb.toString();
        }
        long v = bits(bytes, e, index);
        switch (e.encoding()) {
            case SIGNED:
                return Long.toString(v << (64 - 8 * size) >> (64 - 8 * size));
            case UNSIGNED:
                return Long.toUnsignedString(v);
            case FLOAT:
                return size == 4 ? Float.toString(Float.intBitsToFloat((int) v))
                        : size == 8 ? Double.toString(Double.longBitsToDouble(v)) : "0x" + Long.toHexString(v);
            case BOOLEAN:
                return v != 0 ? "true" : "false";
            default:
                return "0x" + Long.toHexString(v);
        }
    }

    /**
     * The bytes of {@code text} as an element of encoding {@code e}.
     *
     * @throws NumberFormatException when the text is no value of that encoding
     */
    public static byte[] parse(String text, Element e) {
        String t = text.trim();
        long bits;
        switch (e.encoding()) {
            case FLOAT:
                bits = e.size() == 4 ? Float.floatToRawIntBits(Float.parseFloat(t)) : Double.doubleToRawLongBits(Double.parseDouble(t));
                break;
            case BOOLEAN:
                bits = "true".equals(t) ? 1 : "false".equals(t) ? 0 : Long.decode(t);
                break;
            default:
                bits = t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
                break;
        }
        int size = e.size();
        if (size != 1 && size != 2 && size != 4 && size != 8) {
            throw new NumberFormatException("cannot write a " + size + "-byte value");
        }
        if (size < 8 && e.encoding() != VariableValue.Encoding.FLOAT) {
            long min = e.encoding() == VariableValue.Encoding.SIGNED ? -(1L << (8 * size - 1)) : 0;
            long max = e.encoding() == VariableValue.Encoding.SIGNED ? (1L << (8 * size - 1)) - 1 : (1L << (8 * size)) - 1;
            if (bits < min || bits > max) {
                throw new NumberFormatException(t + " does not fit in " + size + " bytes");
            }
        }
        byte[] out = new byte[size];
        for (int i = 0; i < size; i++) {
            out[i] = (byte) (bits >>> (8 * i));
        }
        return out;
    }
}
