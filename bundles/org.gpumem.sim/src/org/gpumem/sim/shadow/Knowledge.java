package org.gpumem.sim.shadow;

import java.util.Arrays;

/**
 * What a thread knows of other threads' progress beyond its own CTA's barriers and its warp's
 * synchronisations: for some CTAs of the launch, per thread of the CTA, the last clock value
 * (segment of its execution between two synchronisations) whose accesses happen before the
 * knowing thread's next ones. It comes from acquiring what a release published (a flag, an
 * atomic after a fence) and from barriers that not every thread of the CTA takes part in.
 * Immutable: joins make new objects and share the clock arrays they do not change.
 */
final class Knowledge {
    /** CTA linear indices, ascending. */
    private final int[] ctas;
    /** Per CTA of {@link #ctas}: clocks by thread index in the CTA. */
    private final int[][] clocks;

    private Knowledge(int[] ctas, int[][] clocks) {
        this.ctas = ctas;
        this.clocks = clocks;
    }

    /** The knowledge of one CTA's threads' clocks (the array is not copied: do not change it). */
    static Knowledge of(int cta, int[] clocksByThread) {
        return new Knowledge(new int[] {cta}, new int[][] {clocksByThread});
    }

    /** The last known clock of thread {@code tid} of CTA {@code cta}; 0 when nothing is known. */
    int get(int cta, int tid) {
        int i = Arrays.binarySearch(ctas, cta);
        return i < 0 ? 0 : clocks[i][tid];
    }

    /** This knowledge and {@code other}'s together (either may be null). */
    static Knowledge join(Knowledge a, Knowledge b) {
        if (a == null || a == b) {
            return b;
        }
        if (b == null) {
            return a;
        }
        int[] cs = new int[a.ctas.length + b.ctas.length];
        int[][] ks = new int[cs.length][];
        int i = 0, j = 0, n = 0;
        boolean sameAsA = true, sameAsB = true;
        while (i < a.ctas.length || j < b.ctas.length) {
            if (j == b.ctas.length || i < a.ctas.length && a.ctas[i] < b.ctas[j]) {
                cs[n] = a.ctas[i];
                ks[n++] = a.clocks[i++];
                sameAsB = false;
            } else if (i == a.ctas.length || b.ctas[j] < a.ctas[i]) {
                cs[n] = b.ctas[j];
                ks[n++] = b.clocks[j++];
                sameAsA = false;
            } else {
                int[] x = a.clocks[i++], y = b.clocks[j++];
                int[] m = max(x, y);
                sameAsA &= m == x;
                sameAsB &= m == y;
                cs[n] = b.ctas[j - 1];
                ks[n++] = m;
            }
        }
        if (sameAsA) {
            return a;
        }
        if (sameAsB) {
            return b;
        }
        return new Knowledge(Arrays.copyOf(cs, n), Arrays.copyOf(ks, n));
    }

    /** The element-wise maximum: x or y when one holds it all, else a new array. */
    private static int[] max(int[] x, int[] y) {
        if (x == y) {
            return x;
        }
        boolean xAll = true, yAll = true;
        for (int k = 0; k < x.length && (xAll || yAll); k++) {
            if (x[k] < y[k]) {
                xAll = false;
            } else if (y[k] < x[k]) {
                yAll = false;
            }
        }
        if (xAll) {
            return x;
        }
        if (yAll) {
            return y;
        }
        int[] m = new int[x.length];
        for (int k = 0; k < m.length; k++) {
            m[k] = Math.max(x[k], y[k]);
        }
        return m;
    }
}
