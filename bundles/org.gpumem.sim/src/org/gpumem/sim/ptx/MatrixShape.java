package org.gpumem.sim.ptx;

/**
 * The shape and element types of a tensor-core instruction ({@code wmma.load/store/mma},
 * {@code mma.sync}), as the loader decoded it, and where each element of a fragment lies in its
 * matrix. A fragment is a thread's part of an M x K matrix A, a K x N matrix B or an M x N
 * accumulator C (and D); its elements are packed into 32-bit registers from the low bits up
 * (.f64: one a 64-bit register).
 * <p>
 * Distribution, for thread {@code lane}, {@code g = lane / 4}, {@code t = lane % 4}, p elements
 * a register and element i in register {@code r = i / p} at position {@code e = i % p}: the PTX
 * ISA's for mma.sync ("Matrix Fragments for mma.m16n8k*", ".m8n8k*"), written generally: A's
 * register r covers rows {@code 8 (r % (M / 8)) + g} and columns
 * {@code 4p (r / (M / 8)) + p t + e}; B's covers rows {@code 4p (r % (K / 4p)) + p t + e} and
 * column {@code 8 (r / (K / 4p)) + g}; accumulator element i is row
 * {@code 8 (i / 2 % (M / 8)) + g}, column {@code 8 (i / 2 / (M / 8)) + 2t + i % 2}. The PTX ISA
 * leaves wmma's distribution unspecified; gpumem uses the same rule for it, and where wmma's
 * fragment has more element slots than the matrix has elements a thread (.f16 A and B: 8
 * registers in every shape) the slots repeat the distinct elements in order.
 */
public final class MatrixShape {
    /** An element type of a fragment, with its width in bits. */
    public enum Element {
        F16(16), BF16(16), TF32(32), F32(32), F64(64), S8(8), U8(8), S4(4), U4(4), B1(1), S32(32);

        public final int bits;

        Element(int bits) {
            this.bits = bits;
        }

        /** Elements a register holds (one for .f64, which takes a 64-bit register). */
        public int perRegister() {
            return Math.max(1, 32 / bits);
        }

        public String ptxName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static Element of(String name) {
            for (Element e : values()) {
                if (e.ptxName().equals(name)) {
                    return e;
                }
            }
            return null;
        }
    }

    /** The b1 products' operation ({@code .xor.popc} or {@code .and.popc}): {@link #bitOp}. */
    public static final int BIT_XOR = 0, BIT_AND = 1;

    public final int m, n, k;
    public final Element a, b, c, d;
    /** Registers of the fragments A, B, C and D. */
    public final int regsA, regsB, regsC, regsD;
    /** For b1 multiplicands: {@link #BIT_XOR} or {@link #BIT_AND}. */
    public final int bitOp;

    MatrixShape(int m, int n, int k, Element a, Element b, Element c, Element d, boolean wmma, int bitOp) {
        this.m = m;
        this.n = n;
        this.k = k;
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
        this.bitOp = bitOp;
        this.regsA = registers(m * k / 32, a, wmma);
        this.regsB = registers(k * n / 32, b, wmma);
        this.regsC = registers(m * n / 32, c, false);
        this.regsD = registers(m * n / 32, d, false);
    }

    /** Registers of a fragment of {@code elements} a thread: .f16 multiplicands of wmma take 8 in every shape (PTX ISA). */
    private static int registers(int elements, Element e, boolean wmma) {
        if (e == null) {
            return 0;
        }
        if (wmma && e == Element.F16) {
            return 8;
        }
        return Math.max(1, elements / e.perRegister());
    }

    /** Distinct elements a thread holds of matrix {@code matrix} ({@link Op#WMMA_A}, B or C). */
    public int elements(int matrix) {
        return matrix == Op.WMMA_A ? m * k / 32 : matrix == Op.WMMA_B ? k * n / 32 : m * n / 32;
    }

    /** Rows of matrix {@code matrix}. */
    public int rows(int matrix) {
        return matrix == Op.WMMA_B ? k : m;
    }

    /** Columns of matrix {@code matrix}. */
    public int columns(int matrix) {
        return matrix == Op.WMMA_A ? k : n;
    }

    /** The row of element {@code i} (of the distinct ones) of {@code lane}'s fragment of {@code matrix}. */
    public int row(int matrix, Element e, int lane, int i) {
        int g = lane >>> 2, t = lane & 3, p = e.perRegister();
        if (matrix == Op.WMMA_A) {
            return 8 * (i / p % (m / 8)) + g;
        }
        if (matrix == Op.WMMA_B) {
            return 4 * p * (i / p % (k / (4 * p))) + p * t + i % p;
        }
        return 8 * (i / 2 % (m / 8)) + g;
    }

    /** The column of element {@code i} of {@code lane}'s fragment of {@code matrix}. */
    public int column(int matrix, Element e, int lane, int i) {
        int g = lane >>> 2, t = lane & 3, p = e.perRegister();
        if (matrix == Op.WMMA_A) {
            return 4 * p * (i / p / (m / 8)) + p * t + i % p;
        }
        if (matrix == Op.WMMA_B) {
            return 8 * (i / p / (k / (4 * p))) + g;
        }
        return 8 * (i / 2 / (m / 8)) + 2 * t + (i & 1);
    }

    @Override
    public String toString() {
        return "m" + m + "n" + n + "k" + k;
    }
}
