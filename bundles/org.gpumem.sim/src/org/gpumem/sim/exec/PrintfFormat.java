package org.gpumem.sim.exec;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * C's printf formatting of one device {@code vprintf} call, as CUDA's driver formats the records
 * of its printf buffer on a Linux host (glibc's rules, {@code %a} included). nvcc packs the
 * arguments into a buffer, each at its natural alignment: {@code char}, {@code short} and
 * {@code int} as 4 bytes, {@code long}, {@code long long}, pointers and {@code double} (floats
 * are promoted) as 8. The format's length modifier says which: {@code l}, {@code ll}, {@code j},
 * {@code z}, {@code t} read 8 bytes, the others 4; {@code h} and {@code hh} then narrow the value.
 */
final class PrintfFormat {
    /** Where a call's arguments and strings come from. */
    interface Arguments {
        /** {@code size} bytes (4 or 8) of the argument buffer at {@code offset}, little-endian. */
        long read(long offset, int size);

        /** The NUL-terminated string at {@code address}, at most {@code limit} bytes of it. */
        byte[] string(long address, int limit);
    }

    private final byte[] format;
    private final Arguments args;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private long offset;
    private int consumed;

    private PrintfFormat(byte[] format, Arguments args) {
        this.format = format;
        this.args = args;
    }

    /** The text of one call, and how many arguments it read. */
    record Result(byte[] text, int arguments) {
    }

    static Result format(byte[] format, Arguments args) {
        PrintfFormat p = new PrintfFormat(format, args);
        p.run();
        return new Result(p.out.toByteArray(), p.consumed);
    }

    private long next(int size) {
        offset = (offset + size - 1) & -size;
        long v = args.read(offset, size);
        offset += size;
        consumed++;
        return v;
    }

    private void run() {
        int i = 0;
        while (i < format.length) {
            byte c = format[i];
            if (c != '%') {
                out.write(c);
                i++;
                continue;
            }
            int start = i;
            i = conversion(i + 1);
            if (i < 0) {
                // an incomplete or unknown conversion is printed as it is written
                out.write(format, start, format.length - start);
                return;
            }
        }
    }

    /** Formats the conversion whose flags start at {@code i}; the index after it, or -1. */
    private int conversion(int i) {
        boolean left = false, plus = false, space = false, alt = false, zero = false;
        for (; i < format.length; i++) {
            byte c = format[i];
            if (c == '-') {
                left = true;
            } else if (c == '+') {
                plus = true;
            } else if (c == ' ') {
                space = true;
            } else if (c == '#') {
                alt = true;
            } else if (c == '0') {
                zero = true;
            } else {
                break;
            }
        }
        int width = -1;
        if (i < format.length && format[i] == '*') {
            width = (int) next(4);
            if (width < 0) {
                left = true;
                width = -width;
            }
            i++;
        } else {
            while (i < format.length && format[i] >= '0' && format[i] <= '9') {
                width = Math.max(width, 0) * 10 + format[i++] - '0';
            }
        }
        int precision = -1;
        if (i < format.length && format[i] == '.') {
            i++;
            if (i < format.length && format[i] == '*') {
                precision = (int) next(4);
                i++;
            } else {
                precision = 0;
                while (i < format.length && format[i] >= '0' && format[i] <= '9') {
                    precision = precision * 10 + format[i++] - '0';
                }
            }
        }
        int length = 0; // bits the value is narrowed to: 8 (hh), 16 (h), 64 (l, ll, j, z, t), else 32
        while (i < format.length) {
            byte c = format[i];
            if (c == 'h') {
                length = length == 16 ? 8 : 16;
            } else if (c == 'l' || c == 'j' || c == 'z' || c == 't' || c == 'q') {
                length = 64;
            } else if (c != 'L') {
                break;
            }
            i++;
        }
        if (i >= format.length) {
            return -1;
        }
        Spec s = new Spec(left, plus, space, alt, zero, width, precision);
        char conv = (char) format[i];
        switch (conv) {
            case '%':
                out.write('%');
                break;
            case 'd':
            case 'i':
                integer(s, narrow(next(length == 64 ? 8 : 4), length, true), true, 10, false);
                break;
            case 'u':
            case 'o':
            case 'x':
            case 'X':
                integer(s, narrow(next(length == 64 ? 8 : 4), length, false), false, conv == 'o' ? 8 : conv == 'u' ? 10 : 16,
                        conv == 'X');
                break;
            case 'c':
                pad(s, new byte[] {(byte) next(length == 64 ? 8 : 4)});
                break;
            case 's':
                string(s, next(8));
                break;
            case 'p':
                pointer(s, next(8));
                break;
            case 'f':
            case 'F':
            case 'e':
            case 'E':
            case 'g':
            case 'G':
            case 'a':
            case 'A':
                floating(s, Double.longBitsToDouble(next(8)), conv);
                break;
            default:
                return -1;
        }
        return i + 1;
    }

    private record Spec(boolean left, boolean plus, boolean space, boolean alt, boolean zero, int width, int precision) {
    }

    private static long narrow(long v, int length, boolean signed) {
        switch (length) {
            case 8:
                return signed ? (byte) v : v & 0xff;
            case 16:
                return signed ? (short) v : v & 0xffff;
            case 64:
                return v;
            default:
                return signed ? (int) v : v & 0xffff_ffffL;
        }
    }

    private void integer(Spec s, long v, boolean signed, int radix, boolean upper) {
        boolean negative = signed && v < 0;
        String digits = negative ? Long.toUnsignedString(-v) : Long.toUnsignedString(v, radix);
        if (upper) {
            digits = digits.toUpperCase();
        }
        if (s.precision >= 0) {
            if (s.precision == 0 && v == 0) {
                digits = "";
            }
            StringBuilder z = new StringBuilder();
            for (int k = digits.length(); k < s.precision; k++) {
                z.append('0');
            }
            digits = z + digits;
        }
        String prefix = negative ? "-" : signed && s.plus ? "+" : signed && s.space ? " " : "";
        if (s.alt && radix == 8 && !digits.startsWith("0")) {
            digits = "0" + digits;
        } else if (s.alt && radix == 16 && v != 0) {
            prefix = upper ? "0X" : "0x";
        }
        number(s, prefix, digits, s.zero && s.precision < 0);
    }

    /** Sign or prefix, then zeros up to the width when {@code zeroPad}, then the digits. */
    private void number(Spec s, String prefix, String digits, boolean zeroPad) {
        StringBuilder b = new StringBuilder(prefix);
        if (zeroPad && !s.left) {
            for (int k = prefix.length() + digits.length(); k < s.width; k++) {
                b.append('0');
            }
        }
        b.append(digits);
        pad(s, b.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** Writes {@code text} padded with spaces to the width, on the side the flags say. */
    private void pad(Spec s, byte[] text) {
        int fill = Math.max(0, s.width - text.length);
        if (!s.left) {
            for (int k = 0; k < fill; k++) {
                out.write(' ');
            }
        }
        out.write(text, 0, text.length);
        if (s.left) {
            for (int k = 0; k < fill; k++) {
                out.write(' ');
            }
        }
    }

    private void string(Spec s, long address) {
        if (address == 0) {
            // glibc prints "(null)" only when the precision leaves room for all of it
            pad(s, s.precision >= 0 && s.precision < 6 ? new byte[0] : "(null)".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        pad(s, args.string(address, s.precision >= 0 ? s.precision : Integer.MAX_VALUE));
    }

    private void pointer(Spec s, long address) {
        if (address == 0) {
            pad(s, "(nil)".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        Spec hex = new Spec(s.left, s.plus, s.space, true, s.zero, s.width, s.precision);
        integer(hex, address, false, 16, false);
    }

    // ------------------------------------------------------------------ floating point

    private void floating(Spec s, double v, char conv) {
        boolean upper = Character.isUpperCase(conv);
        boolean negative = (Double.doubleToRawLongBits(v) < 0);
        String sign = negative ? "-" : s.plus ? "+" : s.space ? " " : "";
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            String t = Double.isNaN(v) ? "nan" : "inf";
            number(s, sign, upper ? t.toUpperCase() : t, false);
            return;
        }
        double a = Math.abs(v);
        String body;
        switch (Character.toLowerCase(conv)) {
            case 'f':
                body = fixed(a, s.precision < 0 ? 6 : s.precision, s.alt);
                break;
            case 'e':
                body = exponent(a, s.precision < 0 ? 6 : s.precision, s.alt, upper);
                break;
            case 'g':
                body = general(a, s.precision < 0 ? 6 : s.precision == 0 ? 1 : s.precision, s.alt, upper);
                break;
            default:
                body = hex(a, s.precision, s.alt, upper);
                if (s.zero && !s.left) {
                    // zeros go after the 0x prefix
                    String prefix = sign + body.substring(0, 2);
                    number(s, prefix, body.substring(2), true);
                    return;
                }
                break;
        }
        number(s, sign, body, s.zero);
    }

    private static String fixed(double a, int precision, boolean alt) {
        String t = new BigDecimal(a).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        return precision == 0 && alt ? t + "." : t;
    }

    /** Decimal exponent of {@code a} after rounding to {@code digits} significant digits. */
    private static BigDecimal significant(double a, int digits) {
        return new BigDecimal(a).round(new MathContext(digits, RoundingMode.HALF_EVEN));
    }

    private static int exponentOf(BigDecimal r) {
        return r.signum() == 0 ? 0 : r.precision() - r.scale() - 1;
    }

    private static String exponent(double a, int precision, boolean alt, boolean upper) {
        BigDecimal r = significant(a, precision + 1);
        int e = exponentOf(r);
        String digits = r.signum() == 0 ? "0".repeat(precision + 1) : r.unscaledValue().toString();
        while (digits.length() < precision + 1) {
            digits += "0";
        }
        digits = digits.substring(0, precision + 1);
        StringBuilder b = new StringBuilder().append(digits.charAt(0));
        if (precision > 0 || alt) {
            b.append('.');
        }
        b.append(digits, 1, digits.length());
        b.append(upper ? 'E' : 'e').append(e < 0 ? '-' : '+');
        int ae = Math.abs(e);
        if (ae < 10) {
            b.append('0');
        }
        return b.append(ae).toString();
    }

    private static String general(double a, int p, boolean alt, boolean upper) {
        int x = a == 0 ? 0 : exponentOf(significant(a, p));
        String t = p > x && x >= -4 ? fixed(a, p - 1 - x, alt) : exponent(a, p - 1, alt, upper);
        if (alt) {
            return t;
        }
        int e = t.indexOf(upper ? 'E' : 'e');
        String mantissa = e < 0 ? t : t.substring(0, e);
        String rest = e < 0 ? "" : t.substring(e);
        if (mantissa.indexOf('.') >= 0) {
            mantissa = mantissa.replaceAll("0+$", "");
            if (mantissa.endsWith(".")) {
                mantissa = mantissa.substring(0, mantissa.length() - 1);
            }
        }
        return mantissa + rest;
    }

    /** glibc's %a: 0x1.hhhp+e for normal numbers, 0x0.hhhp-1022 for subnormals. */
    private static String hex(double a, int precision, boolean alt, boolean upper) {
        long bits = Double.doubleToRawLongBits(a);
        int biased = (int) (bits >>> 52) & 0x7ff;
        long fraction = bits & ((1L << 52) - 1);
        long lead = biased == 0 ? 0 : 1;
        int e = a == 0 ? 0 : biased == 0 ? -1022 : biased - 1023;
        if (precision >= 0 && precision < 13) {
            int drop = 4 * (13 - precision);
            long kept = fraction >>> drop;
            long rest = fraction & ((1L << drop) - 1);
            long half = 1L << (drop - 1);
            // ties to even: with no fraction digits kept, the leading digit decides
            long last = drop == 52 ? lead : kept;
            if (rest > half || rest == half && (last & 1) != 0) {
                kept++;
                if (kept >>> (52 - drop) != 0) {
                    kept &= (1L << (52 - drop)) - 1;
                    lead++;
                }
            }
            fraction = kept;
        }
        String digits;
        if (precision < 0) {
            digits = fraction == 0 ? "" : String.format("%013x", fraction).replaceAll("0+$", "");
        } else if (precision == 0) {
            digits = "";
        } else if (precision <= 13) {
            digits = String.format("%0" + precision + "x", fraction);
        } else {
            digits = String.format("%013x", fraction) + "0".repeat(precision - 13);
        }
        StringBuilder b = new StringBuilder("0x").append(lead);
        if (!digits.isEmpty() || alt) {
            b.append('.');
        }
        b.append(digits).append('p').append(e < 0 ? '-' : '+').append(Math.abs(e));
        return upper ? b.toString().toUpperCase() : b.toString();
    }
}
