package org.gpumem.ui.memory;

/** Hex text of addresses and bytes as every gpumem view prints them. */
public final class Hex {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    /** {@code 0x} and the address padded to {@code bits / 4} digits (rounded up). */
    public static String address(long address, int bits) {
        String hex = Long.toHexString(address);
        int digits = Math.max(1, (bits + 3) / 4);
        return "0x" + "0".repeat(Math.max(0, digits - hex.length())) + hex;
    }

    /** Two digits per byte, separated by {@code separator} (may be empty). */
    public static String bytes(byte[] data, int off, int len, String separator) {
        StringBuilder text = new StringBuilder(len * (2 + separator.length()));
        for (int i = 0; i < len; i++) {
            if (i > 0) {
                text.append(separator);
            }
            int b = data[off + i] & 0xff;
            text.append(DIGITS[b >>> 4]).append(DIGITS[b & 0xf]);
        }
        return text.toString();
    }
}
