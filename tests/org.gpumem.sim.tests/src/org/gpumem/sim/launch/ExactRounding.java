package org.gpumem.sim.launch;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The reference for IEEE results in the fixture tests: an exact value, known only through exact
 * comparisons with binary fractions, rounded to a binary format by a rounding mode. Written
 * independently of the simulator's rounding (no shared code): it brackets the value between
 * consecutive multiples of the format's quantum by {@link BigDecimal} comparisons.
 */
final class ExactRounding {
    private ExactRounding() {
    }

    /** Rounding modes in PTX's terms. */
    enum Mode {
        RN, RZ, RM, RP
    }

    /** A binary format: exponent bits and fraction bits. */
    record Format(int expBits, int fracBits) {
        static final Format F16 = new Format(5, 10), BF16 = new Format(8, 7), F32 = new Format(8, 23),
                F64 = new Format(11, 52);
    }

    /** A real value by its sign and exact comparison with any binary fraction. */
    interface Exact {
        int signum();

        /** Sign of (this - v). */
        int compareTo(BigDecimal v);

        /** A double near the value (within a few units in the last place), or infinity past the double range. */
        double approx();
    }

    static Exact of(BigDecimal x) {
        return new Exact() {
            @Override
            public int signum() {
                return x.signum();
            }

            @Override
            public int compareTo(BigDecimal v) {
                return x.compareTo(v);
            }

            @Override
            public double approx() {
                return x.doubleValue();
            }
        };
    }

    static BigDecimal exact(double d) {
        return new BigDecimal(d);
    }

    static BigDecimal pow2(int k) {
        if (k >= 0) {
            return new BigDecimal(BigInteger.ONE.shiftLeft(k));
        }
        return new BigDecimal(BigInteger.valueOf(5).pow(-k), -k);
    }

    /**
     * The bits of the non-zero value {@code x} rounded to {@code f} by {@code mode}. Subnormals are
     * kept; overflow gives infinity or the largest finite value as the mode says.
     */
    static long round(Exact x, Format f, Mode mode) {
        int sgn = x.signum();
        if (sgn == 0) {
            throw new IllegalArgumentException("zero has no rounding: its sign is the operation's");
        }
        boolean neg = sgn < 0;
        long signBit = neg ? 1L << (f.expBits + f.fracBits) : 0;
        int bias = (1 << (f.expBits - 1)) - 1;
        int emin = 1 - bias;
        int emax = bias;
        boolean away = mode == Mode.RP && !neg || mode == Mode.RM && neg;
        long inf = ((1L << f.expBits) - 1) << f.fracBits;
        int e;
        if (cmpMag(x, neg, pow2(emin)) < 0) {
            e = emin;
        } else {
            double a = Math.abs(x.approx());
            if (Double.isInfinite(a)) {
                return signBit | overflow(inf, mode, away);
            }
            e = Math.max(emin, Math.getExponent(a));
            while (e > emin && cmpMag(x, neg, pow2(e)) < 0) {
                e--;
            }
            while (cmpMag(x, neg, pow2(e + 1)) >= 0) {
                e++;
            }
        }
        if (e > emax) {
            return signBit | overflow(inf, mode, away);
        }
        int q = e - f.fracBits;
        BigDecimal quantum = pow2(q);
        long m = (long) Math.floor(Math.scalb(Math.abs(x.approx()), -q));
        m = Math.max(0, Math.min(m, 1L << (f.fracBits + 1)));
        while (m > 0 && cmpMag(x, neg, quantum.multiply(BigDecimal.valueOf(m))) < 0) {
            m--;
        }
        while (cmpMag(x, neg, quantum.multiply(BigDecimal.valueOf(m + 1))) >= 0) {
            m++;
        }
        boolean exact = cmpMag(x, neg, quantum.multiply(BigDecimal.valueOf(m))) == 0;
        if (!exact) {
            if (mode == Mode.RN) {
                int half = cmpMag(x, neg, quantum.multiply(BigDecimal.valueOf(2 * m + 1)).divide(BigDecimal.valueOf(2)));
                if (half > 0 || half == 0 && (m & 1) != 0) {
                    m++;
                }
            } else if (away) {
                m++;
            }
        }
        if (m == 1L << (f.fracBits + 1)) {
            m >>= 1;
            q++;
        }
        if (m < 1L << f.fracBits) {
            return signBit | m;
        }
        long biased = q + f.fracBits + bias;
        if (biased >= (1L << f.expBits) - 1) {
            return signBit | overflow(inf, mode, away);
        }
        return signBit | biased << f.fracBits | (m - (1L << f.fracBits));
    }

    private static long overflow(long inf, Mode mode, boolean away) {
        return mode == Mode.RN || away ? inf : inf - 1;
    }

    /** Compares |x| with v >= 0. */
    private static int cmpMag(Exact x, boolean neg, BigDecimal v) {
        return neg ? -x.compareTo(v.negate()) : x.compareTo(v);
    }

    /** x / y for finite non-zero doubles. */
    static Exact quotient(double x, double y) {
        BigDecimal ex = exact(x), ey = exact(y);
        int sy = Double.compare(y, 0) > 0 ? 1 : -1;
        return new Exact() {
            @Override
            public int signum() {
                return ex.signum() * sy;
            }

            @Override
            public int compareTo(BigDecimal v) {
                return ex.subtract(v.multiply(ey)).signum() * sy;
            }

            @Override
            public double approx() {
                return x / y;
            }
        };
    }

    /** sqrt(x) ({@code inverse}: 1 / sqrt(x)) for a finite positive double. */
    static Exact root(double x, boolean inverse) {
        BigDecimal ex = exact(x);
        return new Exact() {
            @Override
            public int signum() {
                return 1;
            }

            @Override
            public int compareTo(BigDecimal v) {
                if (v.signum() <= 0) {
                    return 1;
                }
                BigDecimal sq = v.multiply(v);
                return inverse ? BigDecimal.ONE.compareTo(sq.multiply(ex)) : ex.compareTo(sq);
            }

            @Override
            public double approx() {
                return inverse ? 1 / Math.sqrt(x) : Math.sqrt(x);
            }
        };
    }
}
