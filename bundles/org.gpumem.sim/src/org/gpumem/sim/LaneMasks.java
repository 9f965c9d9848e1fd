package org.gpumem.sim;

/** Lane masks of a warp in words, as reports print them. */
public final class LaneMasks {
    private LaneMasks() {
    }

    /** The lanes of {@code mask} as ranges, e.g. {@code 0-15,20}; {@code none} for no lane. */
    public static String describe(int mask) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < 32) {
            if ((mask >>> i & 1) == 0) {
                i++;
                continue;
            }
            int j = i;
            while (j + 1 < 32 && (mask >>> (j + 1) & 1) != 0) {
                j++;
            }
            sb.append(sb.length() == 0 ? "" : ",").append(i).append(j > i ? "-" + j : "");
            i = j + 1;
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }
}
