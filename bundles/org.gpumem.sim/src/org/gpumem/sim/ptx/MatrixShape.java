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
 * <p>
 * {@link Kind#QUAD_PAIRS} (sm_70's {@code mma.m8n8k4} on .f16, PTX ISA "Matrix Fragments for
 * mma.m8n8k4 with .f16 floating point type"): quad pair {@code q = (lane / 4) % 4}, threads
 * 4q..4q+3 and 4q+16..4q+19, computes its own 8 x 8 x 4 product; within it
 * {@code x = lane % 4 + 4 (lane / 16)}. A .row: row x, column i; A .col: row i + 4 (lane / 16),
 * column lane % 4. B .col: row i, column x; B .row: row lane % 4, column i + 4 (lane / 16).
 * Accumulator .f16: row x, column i; .f32: row {@code lane % 2 + (i & 2) + 4 (lane / 16)},
 * column {@code (i & 4) + (lane & 2) + (i & 1)}.
 * <p>
 * {@link Kind#SPARSE} ({@code mma.sp}, PTX ISA "Matrix fragments for multiply-accumulate
 * operation with sparse matrix A"): A is held compressed, M x K/2, in the dense rule above; which
 * columns of its row the stored elements are comes from the metadata ({@code MatrixOps}).
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

    /**
     * How a warp holds the matrices: one product ({@code DENSE}), four 8 x 8 x 4 products of
     * quad pairs ({@code QUAD_PAIRS}, mma.m8n8k4 on .f16), or one product whose A is 2:4 sparse,
     * given compressed with metadata ({@code SPARSE}, mma.sp).
     */
    public enum Kind {
        DENSE, QUAD_PAIRS, SPARSE
    }

    /** The b1 products' operation ({@code .xor.popc} or {@code .and.popc}): {@link #bitOp}. */
    public static final int BIT_XOR = 0, BIT_AND = 1;

    public final int m, n, k;
    public final Element a, b, c, d;
    /** Registers of the fragments A, B, C and D. */
    public final int regsA, regsB, regsC, regsD;
    /** For b1 multiplicands: {@link #BIT_XOR} or {@link #BIT_AND}. */
    public final int bitOp;
    public final Kind kind;
    /** The layouts of A and B ({@link Op#WMMA_ROW} or {@link Op#WMMA_COL}); mma.sync other than quad pairs: .row and .col. */
    public final int layoutA, layoutB;

    MatrixShape(int m, int n, int k, Element a, Element b, Element c, Element d, boolean wmma, int bitOp) {
        this(m, n, k, a, b, c, d, wmma, bitOp, Kind.DENSE, Op.WMMA_ROW, Op.WMMA_COL);
    }

    MatrixShape(int m, int n, int k, Element a, Element b, Element c, Element d, boolean wmma, int bitOp, Kind kind,
            int layoutA, int layoutB) {
        this.kind = kind;
        this.layoutA = layoutA;
        this.layoutB = layoutB;
        this.m = m;
        this.n = n;
        this.k = k;
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
        this.bitOp = bitOp;
        this.regsA = registers(elements(Op.WMMA_A), a, wmma);
        this.regsB = registers(elements(Op.WMMA_B), b, wmma);
        this.regsC = registers(elements(Op.WMMA_C), c, false);
        this.regsD = registers(elements(Op.WMMA_C), d, false);
    }

    /** Products the warp computes: 4 for quad pairs, 1 otherwise. */
    public int products() {
        return kind == Kind.QUAD_PAIRS ? 4 : 1;
    }

    /** Which of the warp's products {@code lane} holds a part of: its quad pair, or 0. */
    public int product(int lane) {
        return kind == Kind.QUAD_PAIRS ? (lane >>> 2) & 3 : 0;
    }

    /** Columns of A as its fragments hold it: K, or K / 2 for sparse A (compressed). */
    public int storedDepth() {
        return kind == Kind.SPARSE ? k / 2 : k;
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

    /**
     * Sparse A: elements of a row that one 4-bit metadata field covers, a chunk (PTX ISA, "Sparse
     * matrix storage"): 2 of .tf32 (1:2), 4 of .f16, .bf16, .s8, .u8 (2:4), 8 of .s4, .u4 (4:8
     * in pairs).
     */
    public int chunk() {
        return a == Element.TF32 ? 2 : a.bits == 4 ? 8 : 4;
    }

    /**
     * Sparse A: how many threads of each group of four hold its rows' metadata, 16 bits of each of
     * its two rows a thread (1, 2 or 4; the sparsity selector picks which).
     */
    public int metadataThreads() {
        return k / chunk() * 4 / 16;
    }

    /** Distinct elements a thread holds of matrix {@code matrix} ({@link Op#WMMA_A}, B or C). */
    public int elements(int matrix) {
        int per = products();
        return matrix == Op.WMMA_A ? m * storedDepth() * per / 32 : matrix == Op.WMMA_B ? k * n * per / 32 : m * n * per / 32;
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
        if (kind == Kind.QUAD_PAIRS) {
            return quadPairRow(matrix, e, lane, i);
        }
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
        if (kind == Kind.QUAD_PAIRS) {
            return quadPairColumn(matrix, e, lane, i);
        }
        int g = lane >>> 2, t = lane & 3, p = e.perRegister();
        if (matrix == Op.WMMA_A) {
            return 4 * p * (i / p / (m / 8)) + p * t + i % p;
        }
        if (matrix == Op.WMMA_B) {
            return 8 * (i / p / (k / (4 * p))) + g;
        }
        return 8 * (i / 2 / (m / 8)) + 2 * t + (i & 1);
    }

    /** The row of element {@code i} in {@code lane}'s quad pair's matrix (see the class comment). */
    private int quadPairRow(int matrix, Element e, int lane, int i) {
        int x = (lane & 3) + 4 * (lane >>> 4), half = 4 * (lane >>> 4);
        if (matrix == Op.WMMA_A) {
            return layoutA == Op.WMMA_ROW ? x : i + half;
        }
        if (matrix == Op.WMMA_B) {
            return layoutB == Op.WMMA_COL ? i : lane & 3;
        }
        return e == Element.F16 ? x : (lane & 1) + (i & 2) + half;
    }

    /** The column of element {@code i} in {@code lane}'s quad pair's matrix. */
    private int quadPairColumn(int matrix, Element e, int lane, int i) {
        int x = (lane & 3) + 4 * (lane >>> 4), half = 4 * (lane >>> 4);
        if (matrix == Op.WMMA_A) {
            return layoutA == Op.WMMA_ROW ? i : lane & 3;
        }
        if (matrix == Op.WMMA_B) {
            return layoutB == Op.WMMA_COL ? x : i + half;
        }
        return e == Element.F16 ? i : (i & 4) + (lane & 2) + (i & 1);
    }

    @Override
    public String toString() {
        return "m" + m + "n" + n + "k" + k;
    }
}
