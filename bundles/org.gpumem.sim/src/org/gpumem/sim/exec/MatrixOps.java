package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaneMasks;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.scalar.HalfFloats;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.MatrixShape;
import org.gpumem.sim.ptx.Op;

/**
 * The warp-level matrix instructions (tensor cores): {@code wmma.load}, {@code wmma.store} and
 * {@code wmma.mma} in every shape and type the PTX ISA lists for sm_70 to sm_90 (.f16, .bf16,
 * .tf32, .f64, .s8/.u8, .s4/.u4, .b1), {@code mma.sync} in the shapes of those types (sm_70's
 * m8n8k4 on .f16 as four quad-pair products) and the sparse {@code mma.sp}, whose fragments lie
 * where {@link MatrixShape} says (the PTX ISA's "Matrix Fragments for mma.m*n*k*";
 * wmma's distribution, unspecified by the ISA, follows the same rule), and {@code ldmatrix},
 * {@code stmatrix}, {@code movmatrix}.
 * <p>
 * Element values: .tf32 is the f32 bit pattern with its 13 low fraction bits ignored; .s4/.u4
 * are 4-bit integers and .b1 single bits, packed from a register's low bits up (in memory: from a
 * byte's low bits up, element 0 first).
 * <p>
 * Accumulation order (implementation-defined in the PTX ISA): each d[r][c] starts from c[r][c]
 * and adds the products a[r][k] * b[k][c] for k = 0, 1, ... in order, each product exact and each
 * sum rounded to double precision (a fused multiply-add in double); the result is rounded once to
 * the accumulator type, to nearest even. Sums of values whose partial sums are exact in double
 * give the same result in any order. Integer sums are exact (below 2^53) and wrap modulo 2^32, or
 * clamp with .satfinite; .b1 products are popc(a AND b) or popc(a XOR b) of one bit each.
 */
final class MatrixOps {
    private MatrixOps() {
    }

    /**
     * Bits of element {@code i} of a fragment of {@code e} in registers {@code regs} from
     * {@code first}, for lane {@code l}: elements narrower than a register are packed from its low
     * bits up.
     */
    private static long element(long[] R, int[] regs, int first, MatrixShape.Element e, int i, int l) {
        int per = e.perRegister();
        long bits = R[regs[first + i / per] << 5 | l];
        if (e.bits >= 32) {
            return e.bits == 64 ? bits : bits & 0xFFFF_FFFFL;
        }
        return (bits >>> (e.bits * (i % per))) & ((1L << e.bits) - 1);
    }

    /** The value of an element's bits, exactly. */
    private static double value(long bits, MatrixShape.Element e) {
        switch (e) {
            case F16:
                return HalfFloats.decode(bits, false);
            case BF16:
                return HalfFloats.decode(bits, true);
            case TF32:
                return Float.intBitsToFloat((int) bits & 0xFFFF_E000);
            case F32:
                return Float.intBitsToFloat((int) bits);
            case F64:
                return Double.longBitsToDouble(bits);
            case S8:
                return (byte) bits;
            case S4:
                return (int) (bits << 28) >> 28;
            case S32:
                return (int) bits;
            default:
                // U8, U4, B1
                return bits;
        }
    }

    /**
     * The bits of {@code sum} in the accumulator type: rounded to nearest even, or an .s32 modulo
     * 2^32 ({@code saturate}: clamped to the .s32 range, .satfinite).
     */
    private static long result(double sum, MatrixShape.Element e, boolean saturate) {
        switch (e) {
            case F16:
                return HalfFloats.encode(sum, 0, false, Op.RND_RN);
            case S32: {
                long v = (long) sum;
                if (saturate) {
                    v = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
                }
                return v & 0xFFFF_FFFFL;
            }
            case F64:
                return Double.doubleToRawLongBits(sum);
            default:
                return Float.floatToRawIntBits((float) sum) & 0xFFFF_FFFFL;
        }
    }

    /** PTX: every thread of the warp executes the same instruction (.aligned); otherwise it is undefined. */
    private static void wholeWarp(Warp w, Instruction in, int m) {
        if (m != -1 || w.liveMask != -1) {
            int missing = ~m;
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, Integer.numberOfTrailingZeros(m != -1 ? m : missing),
                    in.opcode + " is executed by lanes " + LaneMasks.describe(m) + ": it needs all 32 threads of the warp (.aligned)");
        }
    }

    /** The element offset of (row, column) in a matrix stored with {@code layout} and {@code stride} elements. */
    private static long offset(int layout, int row, int column, long stride) {
        return layout == Op.WMMA_ROW ? row * stride + column : column * stride + row;
    }

    /** The element type of wmma.load/store's fragment. */
    private static MatrixShape.Element fragmentType(MatrixShape s, int matrix) {
        return matrix == Op.WMMA_A ? s.a : matrix == Op.WMMA_B ? s.b : s.c;
    }

    /**
     * {@code wmma.load.{a,b,c}}: each lane's fragment from the matrix at its address; elements
     * narrower than a byte are read from the byte that holds them.
     */
    static void load(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        MatrixShape s = in.matrix;
        MatrixShape.Element e = fragmentType(s, in.mod);
        int per = e.perRegister(), distinct = s.elements(in.mod);
        int size = Math.max(1, e.bits / 8);
        int a = in.addrReg << 5, st = in.src[0] << 5;
        long[] v = new long[distinct];
        for (int l = 0; l < 32; l++) {
            long base = R[a | l] + in.addrOffset;
            long stride = R[st | l] & 0xFFFF_FFFFL;
            for (int i = 0; i < distinct; i++) {
                long at = offset(in.mod2, s.row(in.mod, e, l, i), s.column(in.mod, e, l, i), stride);
                if (e.bits >= 8) {
                    v[i] = memory.loadLane(w, f, in, in.space, (base + at * size) & in.addrMask, size, l);
                } else {
                    long bit = at * e.bits;
                    long b = memory.loadLane(w, f, in, in.space, (base + (bit >>> 3)) & in.addrMask, 1, l);
                    v[i] = (b >>> (bit & 7)) & ((1L << e.bits) - 1);
                }
            }
            // every element slot of the registers (wmma's .f16 A and B fragments repeat their elements)
            for (int r = 0; r < in.dst.length; r++) {
                long word = 0;
                for (int q = 0; q < per; q++) {
                    word |= v[(r * per + q) % distinct] << (e.bits * q);
                }
                R[in.dst[r] << 5 | l] = word;
            }
        }
    }

    /** {@code wmma.store.d}: each lane's accumulator fragment into the matrix at its address. */
    static void store(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        MatrixShape s = in.matrix;
        MatrixShape.Element e = s.d;
        int size = e.bits / 8;
        int a = in.addrReg << 5, st = in.src[0] << 5;
        for (int l = 0; l < 32; l++) {
            long base = R[a | l] + in.addrOffset;
            long stride = R[st | l] & 0xFFFF_FFFFL;
            for (int i = 0; i < s.elements(Op.WMMA_C); i++) {
                long at = offset(in.mod2, s.row(Op.WMMA_C, e, l, i), s.column(Op.WMMA_C, e, l, i), stride);
                memory.storeLane(w, f, in, in.space, (base + at * size) & in.addrMask, size, l, element(R, in.src, 1, e, i, l));
            }
        }
    }

    /**
     * {@code wmma.mma}, {@code mma.sync} and {@code mma.sp}: D = A * B + C over the whole warp's
     * fragments, one product or (quad pairs) four; the sources are A's registers, B's, C's, then
     * mma.sp's metadata. Sparse A's products are those of its stored elements, in their order.
     */
    static void mma(Warp w, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        MatrixShape s = in.matrix;
        int rows = s.m, cols = s.n, depth = s.storedDepth(), products = s.products();
        int na = s.elements(Op.WMMA_A), nb = s.elements(Op.WMMA_B), nc = s.elements(Op.WMMA_C);
        int firstB = s.regsA, firstC = s.regsA + s.regsB;
        double[][][] a = new double[products][rows][depth], b = new double[products][s.k][cols], c = new double[products][rows][cols];
        for (int l = 0; l < 32; l++) {
            int q = s.product(l);
            for (int i = 0; i < na; i++) {
                a[q][s.row(Op.WMMA_A, s.a, l, i)][s.column(Op.WMMA_A, s.a, l, i)] = value(element(R, in.src, 0, s.a, i, l), s.a);
            }
            for (int i = 0; i < nb; i++) {
                b[q][s.row(Op.WMMA_B, s.b, l, i)][s.column(Op.WMMA_B, s.b, l, i)] = value(element(R, in.src, firstB, s.b, i, l), s.b);
            }
            for (int i = 0; i < nc; i++) {
                c[q][s.row(Op.WMMA_C, s.c, l, i)][s.column(Op.WMMA_C, s.c, l, i)] = value(element(R, in.src, firstC, s.c, i, l), s.c);
            }
        }
        int[][] column = s.kind == MatrixShape.Kind.SPARSE ? sparseColumns(in, R, s) : null;
        boolean bits = s.a == MatrixShape.Element.B1, and = s.bitOp == MatrixShape.BIT_AND;
        boolean saturate = (in.flags & Op.F_SATFINITE) != 0;
        long[] d = new long[nc];
        int perD = s.d.perRegister();
        for (int l = 0; l < 32; l++) {
            int q = s.product(l);
            for (int i = 0; i < nc; i++) {
                int r = s.row(Op.WMMA_C, s.d, l, i), col = s.column(Op.WMMA_C, s.d, l, i);
                double sum = c[q][r][col];
                for (int j = 0; j < depth; j++) {
                    double y = b[q][column != null ? column[r][j] : j][col];
                    if (bits) {
                        long x = (long) a[q][r][j];
                        sum += and ? x & (long) y : x ^ (long) y;
                    } else {
                        sum = Math.fma(a[q][r][j], y, sum);
                    }
                }
                d[i] = result(sum, s.d, saturate);
            }
            for (int r = 0; r < in.dst.length; r++) {
                long word = 0;
                for (int q2 = 0; q2 < perD; q2++) {
                    word |= d[r * perD + q2] << (s.d.bits * q2);
                }
                R[in.dst[r] << 5 | l] = word;
            }
        }
    }

    /**
     * mma.sp: the column of A that stored element j of row r is. Row r's metadata is 16 bits a
     * chunk of 4, in the threads the selector ({@code mod}) picks of group r % 8: bits 0-15 for
     * rows 0-7, 16-31 for rows 8-15; one thread (the selector's) holds each row's fields 0-3, two
     * (2 sel, 2 sel + 1) fields 0-3 and 4-7, four (0-3) fields 4p to 4p + 3. A field is two 2-bit
     * indices, the first stored element's from the low bits up: positions in the chunk of .f16,
     * .bf16, .s8, .u8 elements, of pairs of .s4, .u4, of 16-bit halves of .tf32 (0b0100 or 0b1110).
     * A field the PTX ISA calls undefined (one position twice; out of order with
     * {@code ::ordered_metadata}; any other .tf32 field) fails the thread that holds it.
     */
    private static int[][] sparseColumns(Instruction in, long[] R, MatrixShape s) {
        int chunk = s.chunk(), stored = chunk / 2, threads = s.metadataThreads(), meta = in.src[in.src.length - 1] << 5;
        boolean tf32 = s.a == MatrixShape.Element.TF32;
        int unit = s.a.bits == 4 ? 2 : 1;
        int[][] column = new int[s.m][s.storedDepth()];
        for (int r = 0; r < s.m; r++) {
            for (int j = 0; j < s.k / chunk; j++) {
                int piece = j / 4;
                int thread = threads == 1 ? in.mod : threads == 2 ? 2 * in.mod + piece : piece;
                int lane = 4 * (r % 8) + thread, shift = 16 * (r / 8) + 4 * (j % 4);
                int field = (int) (R[meta | lane] >>> shift) & 15, i0 = field & 3, i1 = field >>> 2;
                boolean undefined = tf32 ? field != 0b0100 && field != 0b1110 : i0 == i1 || in.mod2 == 1 && i0 > i1;
                if (undefined) {
                    throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, lane, in.opcode + ": sparsity metadata 0b"
                            + Integer.toBinaryString(field | 16).substring(1) + " (bits " + shift + "-" + (shift + 3)
                            + ") for row " + r + ", columns " + chunk * j + "-" + (chunk * j + chunk - 1)
                            + " of A is undefined (PTX ISA, sparse matrix storage)");
                }
                if (tf32) {
                    column[r][j] = 2 * j + i0 / 2;
                    continue;
                }
                for (int e = 0; e < unit; e++) {
                    column[r][stored * j + e] = chunk * j + unit * i0 + e;
                    column[r][stored * j + unit + e] = chunk * j + unit * i1 + e;
                }
            }
        }
        return column;
    }

    /**
     * {@code ldmatrix} and {@code stmatrix}: threads 8i..8i+7 give the addresses of the rows of
     * matrix i (16 bytes each, 16-byte aligned); thread {@code lane}'s register for matrix i holds
     * elements (lane / 4, 2 * (lane % 4)) and the next column, low half first, or with .trans
     * (2 * (lane % 4), lane / 4) and the next row.
     */
    static void ldmatrix(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        boolean store = in.op == Op.STMATRIX;
        int count = in.mod, a = in.addrReg << 5;
        long[][][] e = new long[count][8][8];
        if (store) {
            for (int l = 0; l < 32; l++) {
                for (int i = 0; i < count; i++) {
                    long v = R[in.src[i] << 5 | l];
                    fragment(e[i], l, in.mod2 == 1, v & 0xFFFF, (v >>> 16) & 0xFFFF);
                }
            }
        }
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < 8; r++) {
                int l = 8 * i + r;
                long addr = (R[a | l] + in.addrOffset) & in.addrMask;
                try {
                    CtaMemory.align(in.space, addr, 16);
                } catch (MemoryAccessException x) {
                    throw LaneFault.memory(x, l);
                }
                for (int c = 0; c < 8; c++) {
                    long at = (addr + 2L * c) & in.addrMask;
                    if (store) {
                        memory.storeLane(w, f, in, in.space, at, 2, l, e[i][r][c]);
                    } else {
                        e[i][r][c] = memory.loadLane(w, f, in, in.space, at, 2, l);
                    }
                }
            }
        }
        if (!store) {
            for (int l = 0; l < 32; l++) {
                for (int i = 0; i < count; i++) {
                    R[in.dst[i] << 5 | l] = element(e[i], l, in.mod2 == 1, 0) | element(e[i], l, in.mod2 == 1, 1) << 16;
                }
            }
        }
    }

    /** Element {@code k} (0, 1) of {@code lane}'s register of an 8 x 8 matrix {@code e}, as ldmatrix lays them out. */
    private static long element(long[][] e, int lane, boolean trans, int k) {
        int g = lane >>> 2, t = lane & 3;
        return trans ? e[2 * t + k][g] : e[g][2 * t + k];
    }

    /** Puts {@code lane}'s two elements into matrix {@code e}, where {@link #element} takes them from. */
    private static void fragment(long[][] e, int lane, boolean trans, long lo, long hi) {
        int g = lane >>> 2, t = lane & 3;
        if (trans) {
            e[2 * t][g] = lo;
            e[2 * t + 1][g] = hi;
        } else {
            e[g][2 * t] = lo;
            e[g][2 * t + 1] = hi;
        }
    }

    /** {@code movmatrix.trans}: the warp's 8 x 8 matrix in ldmatrix's layout, transposed, in the same layout. */
    static void movmatrix(Warp w, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        long[][] e = new long[8][8];
        int a = in.src[0] << 5, d = in.dst[0] << 5;
        for (int l = 0; l < 32; l++) {
            fragment(e, l, false, R[a | l] & 0xFFFF, (R[a | l] >>> 16) & 0xFFFF);
        }
        for (int l = 0; l < 32; l++) {
            R[d | l] = element(e, l, true, 0) | element(e, l, true, 1) << 16;
        }
    }
}
