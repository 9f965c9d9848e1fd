package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LaneMasks;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.scalar.HalfFloats;
import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The warp-level matrix instructions (tensor cores): {@code wmma.load}, {@code wmma.store} and
 * {@code wmma.mma} of shape m16n16k16 with .f16 (.f16 or .f32 accumulators), .bf16 (.f32) and
 * .s8/.u8 (.s32) multiplicands, and
 * {@code mma.sync} m16n8k16 and m16n8k8 on .f16 (.f16 or .f32 accumulators) and .bf16 (.f32),
 * whose fragments are the PTX ISA's ("Matrix Fragments for mma.m16n8k16", "... m16n8k8"): the
 * formulas below with j up to the fragment's size; and {@code ldmatrix}.
 * <p>
 * Fragments: the PTX ISA leaves which elements of a wmma matrix each thread holds unspecified
 * (target-dependent), so a program sees them only through wmma.load, wmma.store, wmma.mma and
 * element-wise operations. This simulator's distribution is that of {@code mma.m16n8k16} (PTX ISA,
 * "Matrix Fragments for mma.m16n8k16"), for thread {@code lane}, {@code g = lane / 4},
 * {@code t = lane % 4} and element {@code j} of 0..7: A (and C, D) element j is row
 * {@code g + 8 * (j / 2 % 2)}, column {@code 2t + j % 2 + 8 * (j / 4)}; B element j is row
 * {@code 2t + j % 2 + 8 * (j / 2 % 2)}, column {@code g + 8 * (j / 4)}. Elements narrower than a
 * register are packed from its low bits up: .f16 A and B fragments hold their 8 elements twice
 * in 8 registers (elements 8..15 repeat 0..7), .bf16 ones 8 in 4, .s8/.u8 ones 8 in 2; a .f32 or
 * .s32 accumulator holds 8 elements in 8 registers, a .f16 one 8 in 4.
 * <p>
 * Accumulation order (implementation-defined in the PTX ISA): each d[r][c] starts from c[r][c]
 * and adds the products a[r][k] * b[k][c] for k = 0..15 in order, each product exact and each sum
 * rounded to double precision; the result is rounded once to the accumulator type, to nearest
 * even. Sums of values whose partial sums are exact in double give the same result in any order.
 * Integer sums are exact (below 2^53) and wrap modulo 2^32, or clamp with .satfinite.
 */
final class MatrixOps {
    private static final int F16 = ScalarType.F16.ordinal(), BF16 = ScalarType.BF16.ordinal(),
            S8 = ScalarType.S8.ordinal(), U8 = ScalarType.U8.ordinal(), S32 = ScalarType.S32.ordinal();

    private MatrixOps() {
    }

    /** The row of element {@code i} of {@code lane}'s fragment of {@code matrix}. */
    static int row(int matrix, int lane, int i) {
        int j = i & 7, g = lane >>> 2, t = lane & 3;
        return matrix == Op.WMMA_B ? 2 * t + (j & 1) + 8 * ((j >>> 1) & 1) : g + 8 * ((j >>> 1) & 1);
    }

    /** The column of element {@code i} of {@code lane}'s fragment of {@code matrix}. */
    static int column(int matrix, int lane, int i) {
        int j = i & 7, g = lane >>> 2, t = lane & 3;
        return matrix == Op.WMMA_B ? g + 8 * (j >>> 2) : 2 * t + (j & 1) + 8 * (j >>> 2);
    }

    /**
     * Bits of element {@code i} of a fragment of {@code type} in registers {@code regs} from
     * {@code first}, for lane {@code l}: elements narrower than a register are packed from its low
     * bits up.
     */
    private static long element(long[] R, int[] regs, int first, int type, int i, int l) {
        int size = TypeWidths.SIZE[type], perRegister = 4 / size;
        long bits = R[regs[first + i / perRegister] << 5 | l] >>> (8 * size * (i % perRegister));
        return bits & TypeWidths.MASK[type];
    }

    /** The value of an element's bits of {@code type} (.f16, .bf16, .f32, .s8, .u8 or .s32), exactly. */
    private static double value(long bits, int type) {
        if (type == F16 || type == BF16) {
            return HalfFloats.decode(bits, type == BF16);
        }
        if (type == S8) {
            return (byte) bits;
        }
        if (type == U8) {
            return bits & 0xFF;
        }
        if (type == S32) {
            // not in one conditional with the float: int and float operands make it a float
            // expression, which rounded .s32 accumulators above 2^24
            return (int) bits;
        }
        return Float.intBitsToFloat((int) bits);
    }

    /**
     * The bits of {@code sum} in the accumulator {@code type}: rounded to nearest even, or an .s32
     * modulo 2^32 ({@code saturate}: clamped to the .s32 range, .satfinite).
     */
    private static long result(double sum, int type, boolean saturate) {
        if (type == F16) {
            return HalfFloats.encode(sum, 0, false, Op.RND_RN);
        }
        if (type == S32) {
            long v = (long) sum;
            if (saturate) {
                v = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
            }
            return v & 0xFFFF_FFFFL;
        }
        return Float.floatToRawIntBits((float) sum) & 0xFFFF_FFFFL;
    }

    /** PTX: every thread of the warp executes the same instruction (.aligned); otherwise it is undefined. */
    private static void wholeWarp(Warp w, Instruction in, int m) {
        if (m != -1 || w.liveMask != -1) {
            int missing = ~m;
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, Integer.numberOfTrailingZeros(m != -1 ? m : missing),
                    in.opcode + " is executed by lanes " + LaneMasks.describe(m) + ": it needs all 32 threads of the warp (.aligned)");
        }
    }

    /** The byte offset of element (row, column) in a matrix stored with {@code layout} and {@code stride} elements. */
    private static long offset(int layout, int row, int column, long stride, int size) {
        return (layout == Op.WMMA_ROW ? row * stride + column : column * stride + row) * size;
    }

    /** {@code wmma.load.{a,b,c}}: each lane's fragment from the matrix at its address. */
    static void load(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        int size = TypeWidths.SIZE[in.type], perRegister = 4 / size;
        // every element slot of the registers (an .f16 A or B fragment holds its 8 elements twice)
        int n = in.dst.length * perRegister;
        int a = in.addrReg << 5, s = in.src[0] << 5;
        long[] e = new long[n];
        for (int l = 0; l < 32; l++) {
            long base = R[a | l] + in.addrOffset;
            long stride = R[s | l] & 0xFFFF_FFFFL;
            for (int i = 0; i < n; i++) {
                long addr = (base + offset(in.mod2, row(in.mod, l, i), column(in.mod, l, i), stride, size)) & in.addrMask;
                e[i] = memory.loadLane(w, f, in, in.space, addr, size, l);
            }
            for (int k = 0; k < in.dst.length; k++) {
                long word = 0;
                for (int q = 0; q < perRegister; q++) {
                    word |= e[k * perRegister + q] << (8 * size * q);
                }
                R[in.dst[k] << 5 | l] = word;
            }
        }
    }

    /** {@code wmma.store.d}: each lane's accumulator fragment into the matrix at its address. */
    static void store(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        int size = TypeWidths.SIZE[in.type];
        int a = in.addrReg << 5, s = in.src[0] << 5;
        for (int l = 0; l < 32; l++) {
            long base = R[a | l] + in.addrOffset;
            long stride = R[s | l] & 0xFFFF_FFFFL;
            for (int i = 0; i < 8; i++) {
                long addr = (base + offset(in.mod2, row(Op.WMMA_C, l, i), column(Op.WMMA_C, l, i), stride, size))
                        & in.addrMask;
                memory.storeLane(w, f, in, in.space, addr, size, l, element(R, in.src, 1, in.type, i, l));
            }
        }
    }

    /**
     * {@code wmma.mma} (16 x 16 x 16) and {@code mma.sync} (16 x 8 x k): D = A * B + C over the
     * whole warp's fragments. {@code in.mod}: the multiplicands' type (.f16 or .bf16),
     * {@code in.mod2}: k; the sources are A's registers, B's, then C's.
     */
    static void mma(Warp w, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        boolean wmma = in.op == Op.WMMA_MMA;
        int n = wmma ? 16 : 8, k = in.mod2;
        int ab = in.mod;
        // distinct elements per thread, and where B's and C's registers start among the sources
        int na = 16 * k / 32, nb = k * n / 32, nc = 16 * n / 32;
        // registers: elements times their size over 4 bytes; wmma's .f16 A and B hold theirs twice
        int twice = wmma && ab == F16 ? 2 : 1, size = TypeWidths.SIZE[ab];
        int firstB = twice * na * size / 4, firstC = firstB + twice * nb * size / 4;
        double[][] a = new double[16][k], b = new double[k][n], c = new double[16][n];
        for (int l = 0; l < 32; l++) {
            for (int i = 0; i < na; i++) {
                a[row(Op.WMMA_A, l, i)][column(Op.WMMA_A, l, i)] = value(element(R, in.src, 0, ab, i, l), ab);
            }
            for (int i = 0; i < nb; i++) {
                b[row(Op.WMMA_B, l, i)][column(Op.WMMA_B, l, i)] = value(element(R, in.src, firstB, ab, i, l), ab);
            }
            for (int i = 0; i < nc; i++) {
                c[row(Op.WMMA_C, l, i)][column(Op.WMMA_C, l, i)] = value(element(R, in.src, firstC, in.type2, i, l), in.type2);
            }
        }
        long[] d = new long[nc];
        for (int l = 0; l < 32; l++) {
            for (int i = 0; i < nc; i++) {
                int r = row(Op.WMMA_C, l, i), col = column(Op.WMMA_C, l, i);
                double sum = c[r][col];
                for (int j = 0; j < k; j++) {
                    sum += a[r][j] * b[j][col];
                }
                d[i] = result(sum, in.type, (in.flags & Op.F_SATFINITE) != 0);
            }
            for (int r = 0; r < in.dst.length; r++) {
                R[in.dst[r] << 5 | l] = in.type == F16 ? d[2 * r] | d[2 * r + 1] << 16 : d[r];
            }
        }
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
