package org.gpumem.debug.core.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import org.gpumem.dwarf.types.DwarfType;

/**
 * Values as cuda-gdb's {@code print} writes them (gdb's default settings): decimal integers,
 * characters as {@code 97 'a'}, floats as C's {@code %.9g} and doubles as {@code %.17g},
 * {@code true}/{@code false}, enumerators by name, a pointer as {@code (@shared int *) 0x10} at
 * the top and {@code 0x10} inside an aggregate, arrays as {@code {1, 2, 3}} with runs of more
 * than {@value #REPEAT_THRESHOLD} equal elements as {@code 0 <repeats 16 times>} and at most
 * {@value #PRINT_MAX} elements, character arrays as strings, structs as {@code {a = 1, b = 2}}.
 */
public final class ValuePrinter {
    /** gdb's {@code print repeats}. */
    static final int REPEAT_THRESHOLD = 10;
    /** gdb's {@code print elements}. */
    static final int PRINT_MAX = 200;

    private ValuePrinter() {
    }

    /** The value as {@code print} shows it. */
    public static String print(ExpressionValue v) {
        if (v.unavailable() != null) {
            return "<" + v.unavailable() + ">";
        }
        if (v.raw() == null) {
            return "<not read>";
        }
        DwarfType t = v.type().stripped();
        if (t instanceof DwarfType.Pointer p) {
            return "(" + v.type().name() + ") " + hex(Bits.unsigned(v.raw(), 0, p.size()));
        }
        StringBuilder out = new StringBuilder();
        value(out, v.type(), v.raw(), 0);
        return out.toString();
    }

    /** The value of {@code type} at {@code at} in {@code bytes}, as inside an aggregate. */
    private static void value(StringBuilder out, DwarfType type, byte[] bytes, int at) {
        DwarfType t = type.stripped();
        long size = t.byteSize();
        if (!(t instanceof DwarfType.Array) && !(t instanceof DwarfType.Composite) && at + size > bytes.length) {
            out.append("<incomplete>");
            return;
        }
        if (t instanceof DwarfType.Base b) {
            base(out, b, bytes, at);
        } else if (t instanceof DwarfType.Enumeration e) {
            long v = e.signed() ? Bits.signed(bytes, at, e.size()) : Bits.unsigned(bytes, at, e.size());
            String name = null;
            for (DwarfType.Enumerator x : e.enumerators()) {
                if (x.value() == v) {
                    name = x.name();
                    break;
                }
            }
            out.append(name != null ? name : e.signed() ? Long.toString(v) : Long.toUnsignedString(v));
        } else if (t instanceof DwarfType.Pointer p) {
            out.append(hex(Bits.unsigned(bytes, at, p.size())));
        } else if (t instanceof DwarfType.Array a) {
            array(out, a, bytes, at);
        } else if (t instanceof DwarfType.Composite c) {
            composite(out, c, bytes, at);
        } else if (t instanceof DwarfType.Void) {
            out.append("void");
        } else {
            out.append('<').append(type.name()).append('>');
        }
    }

    private static void base(StringBuilder out, DwarfType.Base b, byte[] bytes, int at) {
        int size = b.size();
        switch (b.encoding()) {
            case SIGNED -> out.append(Bits.signed(bytes, at, size));
            case UNSIGNED -> out.append(Long.toUnsignedString(Bits.unsigned(bytes, at, size)));
            case SIGNED_CHAR, UNSIGNED_CHAR -> {
                long v = b.isSigned() ? Bits.signed(bytes, at, size) : Bits.unsigned(bytes, at, size);
                out.append(b.isSigned() ? Long.toString(v) : Long.toUnsignedString(v)).append(" '")
                        .append(escape((int) (v & 0xff), '\'')).append('\'');
            }
            case BOOLEAN -> {
                long v = Bits.unsigned(bytes, at, size);
                out.append(v == 0 ? "false" : v == 1 ? "true" : Long.toString(v));
            }
            case FLOAT -> out.append(size == 4 ? floating(Float.intBitsToFloat((int) Bits.unsigned(bytes, at, 4)))
                    : floating(Double.longBitsToDouble(Bits.unsigned(bytes, at, 8))));
            case OTHER -> {
                StringBuilder hex = new StringBuilder("0x");
                for (int i = size - 1; i >= 0; i--) {
                    hex.append(String.format("%02x", bytes[at + i] & 0xff));
                }
                out.append(hex);
            }
        }
    }

    private static void array(StringBuilder out, DwarfType.Array a, byte[] bytes, int at) {
        DwarfType element = a.element();
        long size = element.byteSize();
        long count = a.count() < 0 ? 0 : a.count();
        if (size <= 0) {
            out.append("{}");
            return;
        }
        count = Math.min(count, (bytes.length - at) / size);
        if (element.stripped() instanceof DwarfType.Base b && b.size() == 1
                && (b.encoding() == DwarfType.Encoding.SIGNED_CHAR || b.encoding() == DwarfType.Encoding.UNSIGNED_CHAR)) {
            string(out, bytes, at, (int) count);
            return;
        }
        out.append('{');
        int printed = 0;
        int i = 0;
        while (i < count) {
            if (printed >= PRINT_MAX) {
                out.append("...");
                break;
            }
            int run = 1;
            while (i + run < count && same(bytes, at + (int) (i * size), at + (int) ((i + run) * size), (int) size)) {
                run++;
            }
            if (i > 0) {
                out.append(", ");
            }
            value(out, element, bytes, at + (int) (i * size));
            if (run > REPEAT_THRESHOLD) {
                out.append(" <repeats ").append(run).append(" times>");
                i += run;
                printed += REPEAT_THRESHOLD;
            } else {
                i++;
                printed++;
            }
        }
        out.append('}');
    }

    private static boolean same(byte[] b, int x, int y, int size) {
        for (int k = 0; k < size; k++) {
            if (b[x + k] != b[y + k]) {
                return false;
            }
        }
        return true;
    }

    /** A char array as gdb prints it: quoted segments, long runs as {@code 'c' <repeats N times>}, one final NUL dropped. */
    private static void string(StringBuilder out, byte[] bytes, int at, int count) {
        int length = count > 0 && bytes[at + count - 1] == 0 && count <= PRINT_MAX ? count - 1 : count;
        int shown = Math.min(length, PRINT_MAX);
        if (shown == 0) {
            out.append("\"\"");
            return;
        }
        boolean inString = false;
        boolean first = true;
        int i = 0;
        while (i < shown) {
            int run = 1;
            while (i + run < shown && bytes[at + i + run] == bytes[at + i]) {
                run++;
            }
            if (run > REPEAT_THRESHOLD) {
                if (inString) {
                    out.append('"');
                    inString = false;
                }
                out.append(first ? "" : ", ").append('\'').append(escape(bytes[at + i] & 0xff, '\'')).append("' <repeats ")
                        .append(run).append(" times>");
                i += run;
            } else {
                if (!inString) {
                    out.append(first ? "" : ", ").append('"');
                    inString = true;
                }
                out.append(escape(bytes[at + i] & 0xff, '"'));
                i++;
            }
            first = false;
        }
        if (inString) {
            out.append('"');
        }
        if (shown < length) {
            out.append("...");
        }
    }

    private static String escape(int c, char quote) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\r' -> "\\r";
            case 7 -> "\\a";
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            case 11 -> "\\v";
            case 27 -> "\\033";
            case '\\' -> "\\\\";
            default -> c == quote ? "\\" + quote : c >= 32 && c < 127 ? Character.toString((char) c)
                    : String.format("\\%03o", c);
        };
    }

    private static void composite(StringBuilder out, DwarfType.Composite c, byte[] bytes, int at) {
        out.append('{');
        boolean first = true;
        for (DwarfType.Member m : c.members()) {
            out.append(first ? "" : ", ");
            first = false;
            if (m.inheritance()) {
                out.append('<').append(m.type().name()).append("> = ");
            } else if (m.name() != null) {
                out.append(m.name()).append(" = ");
            }
            if (m.bitSize() > 0) {
                long bits = 0;
                for (int i = 0; i < m.bitSize(); i++) {
                    long bit = m.bitOffset() + i;
                    int index = at + (int) (bit / 8);
                    bits |= index < bytes.length ? (long) ((bytes[index] >> (bit % 8)) & 1) << i : 0;
                }
                boolean signed = m.type().stripped() instanceof DwarfType.Base b && b.isSigned();
                if (signed && m.bitSize() < 64 && (bits >> (m.bitSize() - 1) & 1) != 0) {
                    bits |= -1L << m.bitSize();
                }
                out.append(signed ? Long.toString(bits) : Long.toUnsignedString(bits));
            } else if (m.offset() < 0 || at + m.offset() + m.type().byteSize() > bytes.length) {
                out.append("<unknown offset>");
            } else {
                value(out, m.type(), bytes, at + (int) m.offset());
            }
        }
        out.append('}');
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** A float as C's {@code printf("%.9g")}, which gdb uses for {@code float}. */
    static String floating(float v) {
        if (Float.isNaN(v)) {
            int bits = Float.floatToRawIntBits(v);
            return (bits < 0 ? "-" : "") + "nan(0x" + Integer.toHexString(bits & 0x7fffff) + ")";
        }
        return general(v, 9);
    }

    /** A double as C's {@code printf("%.17g")}, which gdb uses for {@code double}. */
    static String floating(double v) {
        if (Double.isNaN(v)) {
            long bits = Double.doubleToRawLongBits(v);
            return (bits < 0 ? "-" : "") + "nan(0x" + Long.toHexString(bits & 0xf_ffff_ffff_ffffL) + ")";
        }
        return general(v, 17);
    }

    /** C's {@code %.Pg}: P significant digits, exponent form below 1e-4 and from 1eP on, trailing zeros dropped. */
    static String general(double v, int precision) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= precision) {
            String digits = d.unscaledValue().abs().toString().replaceFirst("0+$", "");
            if (digits.isEmpty()) {
                digits = "0";
            }
            String mantissa = digits.charAt(0) + (digits.length() > 1 ? "." + digits.substring(1) : "");
            int e = Math.abs(exponent);
            return (d.signum() < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
        }
        return d.stripTrailingZeros().toPlainString();
    }
}
