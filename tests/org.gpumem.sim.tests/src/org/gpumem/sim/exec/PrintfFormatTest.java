package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * Device printf's formatting, conversion by conversion, against what glibc's snprintf printed for
 * the same format and argument (x86-64 Linux, glibc 2.36; CUDA's driver formats on the host the
 * same way): rounding of ties, zero and NaN signs, %a of subnormals and with a precision, length
 * modifiers narrowing the 4- or 8-byte argument, flags, widths and precisions.
 */
class PrintfFormatTest {
    /** Format, argument kind (d double, i int, l long, s string), argument, glibc's text. */
    private static final String[][] GLIBC = {
            {"%.0f", "d", "0.5", "0"},
            {"%.0f", "d", "1.5", "2"},
            {"%.0f", "d", "2.5", "2"},
            {"%#x", "i", "0", "0"},
            {"%#o", "i", "0", "0"},
            {"%.3d", "i", "7", "007"},
            {"%.0d", "i", "0", ""},
            {"%-+5d", "i", "42", "+42  "},
            {"% 05d", "i", "-42", "-0042"},
            {"%e", "d", "0", "0.000000e+00"},
            {"%g", "d", "0", "0"},
            {"%#g", "d", "1", "1.00000"},
            {"%#.0f", "d", "3", "3."},
            {"%#.0e", "d", "3", "3.e+00"},
            {"%a", "d", "0", "0x0p+0"},
            {"%a", "d", "4.9e-324", "0x0.0000000000001p-1022"},
            {"%a", "d", "2.2250738585072014e-308", "0x1p-1022"},
            {"%.1a", "d", "1.96875", "0x2.0p+0"},
            {"%.0a", "d", "1.5", "0x2p+0"},
            {"%A", "d", "255.5", "0X1.FFP+7"},
            {"%010a", "d", "1", "0x00001p+0"},
            {"%hhd", "i", "300", "44"},
            {"%hhu", "i", "-1", "255"},
            {"%hd", "i", "40000", "-25536"},
            {"%lld", "l", "-9223372036854775808", "-9223372036854775808"},
            {"%llu", "l", "-1", "18446744073709551615"},
            {"%llo", "l", "-1", "1777777777777777777777"},
            {"%.0e", "d", "12345", "1e+04"},
            {"%010.3f", "d", "-3.14159", "-00003.142"},
            {"%+.3e", "d", "0.000123456", "+1.235e-04"},
            {"%-12.4g", "d", "123456789", "1.235e+08   "},
            {"%g", "d", "0.00001234", "1.234e-05"},
            {"%g", "d", "123456", "123456"},
            {"%g", "d", "1234567", "1.23457e+06"},
            {"%.3g", "d", "0.0009995", "0.000999"},
            {"%.10g", "d", "1e100", "1e+100"},
            {"%f", "d", "1e20", "100000000000000000000.000000"},
            {"%.2f", "d", "0.125", "0.12"},
            {"%.2f", "d", "0.375", "0.38"},
            {"%G", "d", "1e-5", "1E-05"},
            {"%5.2s", "s", "hello", "   he"},
            {"%-8s", "s", "ab", "ab      "},
            {"%.0s", "s", "ab", ""},
            {"%c", "i", "65", "A"},
            {"%5c", "i", "66", "    B"},
            {"%-3c", "i", "67", "C  "},
            {"%x", "i", "-559038737", "deadbeef"},
            {"%lx", "l", "81985529216486895", "123456789abcdef"},
            {"%e", "d", "-0.0", "-0.000000e+00"},
            {"%+f", "d", "inf", "+inf"},
            {"%010f", "d", "-inf", "      -inf"},
            {"% f", "d", "nan", " nan"},
            {"%5.1f", "d", "9.96", " 10.0"},
            {"%.15g", "d", "0.1", "0.1"},
            {"%.17g", "d", "1.0000000000000002", "1.0000000000000002"},
            {"%.20f", "d", "0.1", "0.10000000000000000555"},
            {"%#.3x", "i", "5", "0x005"},
            {"%#5o", "i", "8", "  010"},
    };

    /** One argument in a buffer as nvcc packs it; strings live at address 0x1000. */
    private static String format(String format, String kind, String value) {
        long bits = switch (kind) {
            case "d" -> Double.doubleToRawLongBits(Double.parseDouble(value.replace("inf", "Infinity").replace("nan", "NaN")));
            case "i" -> Integer.parseInt(value) & 0xffff_ffffL;
            case "l" -> Long.parseLong(value);
            default -> 0x1000;
        };
        byte[] string = value.getBytes(StandardCharsets.US_ASCII);
        PrintfFormat.Result r = PrintfFormat.format(format.getBytes(StandardCharsets.US_ASCII), new PrintfFormat.Arguments() {
            @Override
            public long read(long offset, int size) {
                assertEquals(0, offset, "one argument at the start of the buffer");
                return size == 4 ? bits & 0xffff_ffffL : bits;
            }

            @Override
            public byte[] string(long address, int limit) {
                assertEquals(0x1000, address);
                return Arrays.copyOf(string, Math.min(limit, string.length));
            }
        });
        assertEquals(1, r.arguments());
        return new String(r.text(), StandardCharsets.US_ASCII);
    }

    @Test
    void everyCaseFormatsAsGlibcDoes() {
        StringBuilder wrong = new StringBuilder();
        for (String[] c : GLIBC) {
            String got = format(c[0], c[1], c[2]);
            if (!got.equals(c[3])) {
                wrong.append(c[0]).append(" of ").append(c[2]).append(": [").append(got).append("], glibc [").append(c[3])
                        .append("]\n");
            }
        }
        assertEquals("", wrong.toString());
    }

    @Test
    void argumentsSitAtTheirNaturalAlignment() {
        long[] buffer = new long[4];
        // int 7 at 0, double 0.5 at 8, int 9 at 16
        buffer[0] = 7;
        buffer[1] = Double.doubleToRawLongBits(0.5);
        buffer[2] = 9;
        PrintfFormat.Result r = PrintfFormat.format("%d %f %d %%".getBytes(StandardCharsets.US_ASCII),
                new PrintfFormat.Arguments() {
                    @Override
                    public long read(long offset, int size) {
                        assertEquals(0, offset % size, "aligned to its size");
                        long word = buffer[(int) (offset / 8)];
                        return size == 4 ? (word >>> (8 * (offset % 8))) & 0xffff_ffffL : word;
                    }

                    @Override
                    public byte[] string(long address, int limit) {
                        throw new AssertionError();
                    }
                });
        assertEquals("7 0.500000 9 %", new String(r.text(), StandardCharsets.US_ASCII));
        assertEquals(3, r.arguments());
    }
}
