package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.scalar.HalfFloats;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The warp-level matrix instructions (tensor cores): {@code wmma.load}, {@code wmma.store} and
 * {@code wmma.mma} of shape m16n16k16, .f16 multiplicands, .f16 or .f32 accumulators, and
 * {@code mma.sync} m16n8k16 and m16n8k8 on .f16 (.f16 or .f32 accumulators) and .bf16 (.f32),
 * whose fragments are the PTX ISA's ("Matrix Fragments for mma.m16n8k16", "... m16n8k8"): the
 * formulas below with j up to the fragment's size.
 * <p>
 * Fragments: the PTX ISA leaves which elements of a wmma matrix each thread holds unspecified
 * (target-dependent), so a program sees them only through wmma.load, wmma.store, wmma.mma and
 * element-wise operations. This simulator's distribution is that of {@code mma.m16n8k16} (PTX ISA,
 * "Matrix Fragments for mma.m16n8k16"), for thread {@code lane}, {@code g = lane / 4},
 * {@code t = lane % 4} and element {@code j} of 0..7: A (and C, D) element j is row
 * {@code g + 8 * (j / 2 % 2)}, column {@code 2t + j % 2 + 8 * (j / 4)}; B element j is row
 * {@code 2t + j % 2 + 8 * (j / 2 % 2)}, column {@code g + 8 * (j / 4)}. A and B fragments hold
 * 16 .f16 elements in 8 registers (element i in register i / 2, the low half first): elements
 * 8..15 repeat 0..7. A .f32 accumulator holds 8 elements in 8 registers, a .f16 one 8 in 4.
 * <p>
 * Accumulation order (implementation-defined in the PTX ISA): each d[r][c] starts from c[r][c]
 * and adds the products a[r][k] * b[k][c] for k = 0..15 in order, each product exact and each sum
 * rounded to double precision; the result is rounded once to the accumulator type, to nearest
 * even. Sums of values whose partial sums are exact in double give the same result in any order.
 */
final class MatrixOps {
    private static final int F16 = ScalarType.F16.ordinal(), BF16 = ScalarType.BF16.ordinal();

    private MatrixOps() {
    }

    /** Elements of a fragment per thread: 16 for A and B, 8 for the accumulator. */
    private static int elements(int matrix) {
        return matrix == Op.WMMA_C ? 8 : 16;
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

    /** Bits of element {@code i} of a fragment of {@code type} in registers {@code regs} from {@code first}, for lane {@code l}. */
    private static long element(long[] R, int[] regs, int first, int type, int i, int l) {
        if (type == F16) {
            return (R[regs[first + (i >>> 1)] << 5 | l] >>> (16 * (i & 1))) & 0xFFFF;
        }
        return R[regs[first + i] << 5 | l] & 0xFFFF_FFFFL;
    }

    /** The value of an element's bits of {@code type} (.f16, .bf16 or .f32). */
    private static double value(long bits, int type) {
        return type == F16 || type == BF16 ? HalfFloats.decode(bits, type == BF16) : Float.intBitsToFloat((int) bits);
    }

    /** PTX: every thread of the warp executes the same instruction (.aligned); otherwise it is undefined. */
    private static void wholeWarp(Warp w, Instruction in, int m) {
        if (m != -1 || w.liveMask != -1) {
            int missing = ~m;
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, Integer.numberOfTrailingZeros(m != -1 ? m : missing),
                    in.opcode + " is executed by lanes " + Launch.lanes(m) + ": it needs all 32 threads of the warp (.aligned)");
        }
    }

    /** The byte offset of element (row, column) in a matrix stored with {@code layout} and {@code stride} elements. */
    private static long offset(int layout, int row, int column, long stride, int size) {
        return (layout == Op.WMMA_ROW ? row * stride + column : column * stride + row) * size;
    }

    /** {@code wmma.load.{a,b,c}}: each lane's fragment from the matrix at its address. */
    static void load(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        int size = in.type == F16 ? 2 : 4;
        int n = elements(in.mod);
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
                R[in.dst[k] << 5 | l] = size == 2 ? e[2 * k] | e[2 * k + 1] << 16 : e[k];
            }
        }
    }

    /** {@code wmma.store.d}: each lane's accumulator fragment into the matrix at its address. */
    static void store(CtaMemory memory, Warp w, Frame f, Instruction in, long[] R, int m) {
        wholeWarp(w, in, m);
        int size = in.type == F16 ? 2 : 4;
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
        int firstB = wmma ? 8 : na / 2, firstC = firstB + (wmma ? 8 : nb / 2);
        double[][] a = new double[16][k], b = new double[k][n], c = new double[16][n];
        for (int l = 0; l < 32; l++) {
            for (int i = 0; i < na; i++) {
                a[row(Op.WMMA_A, l, i)][column(Op.WMMA_A, l, i)] = value(element(R, in.src, 0, F16, i, l), ab);
            }
            for (int i = 0; i < nb; i++) {
                b[row(Op.WMMA_B, l, i)][column(Op.WMMA_B, l, i)] = value(element(R, in.src, firstB, F16, i, l), ab);
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
                d[i] = in.type == F16 ? HalfFloats.encode(sum, 0, false, Op.RND_RN)
                        : Float.floatToRawIntBits((float) sum) & 0xFFFF_FFFFL;
            }
            for (int r = 0; r < in.dst.length; r++) {
                R[in.dst[r] << 5 | l] = in.type == F16 ? d[2 * r] | d[2 * r + 1] << 16 : d[r];
            }
        }
    }
}
