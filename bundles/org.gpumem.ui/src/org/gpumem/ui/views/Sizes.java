package org.gpumem.ui.views;

/** Byte counts as the views print them. */
final class Sizes {

    private Sizes() {
    }

    static String bytes(long n) {
        if (n >= 1L << 30 && n % (1L << 30) == 0) {
            return (n >> 30) + " GiB";
        }
        if (n >= 1L << 20 && n % (1L << 20) == 0) {
            return (n >> 20) + " MiB";
        }
        if (n >= 1L << 10 && n % (1L << 10) == 0) {
            return (n >> 10) + " KiB";
        }
        return n + " B";
    }
}
