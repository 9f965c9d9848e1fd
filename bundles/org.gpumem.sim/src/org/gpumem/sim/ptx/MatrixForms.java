package org.gpumem.sim.ptx;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * Decoding of the warp-level matrix instructions (tensor cores), for {@link Decoder}:
 * {@code wmma.load.{a,b,c}}, {@code wmma.store.d} and {@code wmma.mma} in every shape and type the
 * PTX ISA lists for sm_70 to sm_90, {@code mma.sync} and the sparse {@code mma.sp} in every
 * shape and type of those targets except FP8, {@code ldmatrix}, {@code stmatrix} and
 * {@code movmatrix}; the shape and element types go to {@link Instruction#matrix}. The
 * fragment registers are the instruction's destinations or sources in order; the member mask is
 * the whole warp ({@code .aligned}: every thread executes the same instruction).
 */
final class MatrixForms {
    private MatrixForms() {
    }

    /** {@code mod} of WMMA_LOAD: which matrix the fragment holds (the accumulator for C and D). */
    static final int MATRIX_A = Op.WMMA_A, MATRIX_B = Op.WMMA_B, MATRIX_C = Op.WMMA_C;

    private static final MatrixShape.Element F16 = MatrixShape.Element.F16, BF16 = MatrixShape.Element.BF16,
            TF32 = MatrixShape.Element.TF32, F32 = MatrixShape.Element.F32, F64 = MatrixShape.Element.F64,
            S8 = MatrixShape.Element.S8, U8 = MatrixShape.Element.U8, S4 = MatrixShape.Element.S4,
            U4 = MatrixShape.Element.U4, B1 = MatrixShape.Element.B1, S32 = MatrixShape.Element.S32;

    /** The wmma shapes the PTX ISA lists for sm_70 to sm_90, as {m, n, k}. */
    private static final int[][] WMMA_SHAPES = {{16, 16, 16}, {32, 8, 16}, {8, 32, 16}, {16, 16, 8}, {8, 8, 4}, {8, 8, 32},
        {8, 8, 128}};

    /** The mma.sync shapes: {m, n, k}. */
    private static final int[][] MMA_SHAPES = {{16, 8, 16}, {16, 8, 8}, {16, 8, 4}, {8, 8, 4}, {8, 8, 16}, {16, 8, 32},
        {8, 8, 32}, {16, 8, 64}, {8, 8, 128}, {16, 8, 128}, {16, 8, 256}};

    static void wmma(InstructionForm f) throws PtxException {
        if (!f.has("sync") || !f.has("aligned")) {
            throw f.fail(f.opcode + " needs .sync.aligned");
        }
        int[] shape = shape(f, WMMA_SHAPES);
        if (f.has("load")) {
            load(f, shape);
        } else if (f.has("store")) {
            store(f, shape);
        } else if (f.has("mma")) {
            wmmaMma(f, shape);
        } else {
            throw f.unsupported();
        }
        // .aligned: each thread waits for the whole warp (independent thread scheduling)
        f.in.memberMask = f.parser.constantOf(0xFFFF_FFFFL);
    }

    /** The shape modifier (m16n16k16 ...) among {@code shapes}. */
    private static int[] shape(InstructionForm f, int[][] shapes) throws PtxException {
        for (int[] s : shapes) {
            if (f.has("m" + s[0] + "n" + s[1] + "k" + s[2])) {
                return s;
            }
        }
        throw f.fail("unsupported shape in " + f.opcode);
    }

    /** The element types written in the opcode ({@code .f16}, {@code .tf32}, {@code .s4}, {@code .b1}, ...), in order. */
    private static java.util.List<MatrixShape.Element> elements(InstructionForm f) {
        java.util.List<MatrixShape.Element> r = new java.util.ArrayList<>();
        for (String m : f.mods) {
            MatrixShape.Element e = MatrixShape.Element.of(m);
            if (e != null) {
                r.add(e);
            }
        }
        return r;
    }

    /**
     * The multiplicand type of a wmma shape (PTX ISA, "Matrix shapes" of wmma): .f16, .bf16, .s8
     * and .u8 in m16n16k16, m32n8k16 and m8n32k16, .tf32 in m16n16k8, .f64 in m8n8k4, .s4 and .u4
     * in m8n8k32, .b1 in m8n8k128.
     */
    private static boolean wmmaMultiplicand(int[] s, MatrixShape.Element e) {
        switch (s[2]) {
            case 16:
                return e == F16 || e == BF16 || e == S8 || e == U8;
            case 8:
                return e == TF32;
            case 4:
                return e == F64;
            case 32:
                return e == S4 || e == U4;
            default:
                return e == B1;
        }
    }

    /** The accumulator types that go with multiplicands {@code ab}. */
    private static boolean accumulatorOf(MatrixShape.Element ab, MatrixShape.Element acc) {
        switch (ab) {
            case F16:
                return acc == F16 || acc == F32;
            case BF16:
            case TF32:
                return acc == F32;
            case F64:
                return acc == F64;
            default:
                return acc == S32;
        }
    }

    /** The multiplicand type of a wmma shape for load.c/store.d, where only the accumulator type is written. */
    private static MatrixShape.Element multiplicandFor(int[] s, MatrixShape.Element acc) {
        switch (s[2]) {
            case 16:
                return acc == S32 ? S8 : F16;
            case 8:
                return TF32;
            case 4:
                return F64;
            case 32:
                return S4;
            default:
                return B1;
        }
    }

    /** {@code wmma.load.{a,b,c}.sync.aligned.layout.shape{.ss}.type r, [p]{, stride}}. */
    private static void load(InstructionForm f, int[] s) throws PtxException {
        f.operands(2, 3);
        int matrix = f.has("a") ? MATRIX_A : f.has("b") ? MATRIX_B : f.has("c") ? MATRIX_C : -1;
        if (matrix < 0) {
            throw f.fail(f.opcode + " names no matrix (.a, .b or .c)");
        }
        java.util.List<MatrixShape.Element> types = elements(f);
        MatrixShape.Element t = types.size() == 1 ? types.get(0) : null;
        boolean valid = t != null && (matrix == MATRIX_C ? accumulatorOf(multiplicandFor(s, t), t) : wmmaMultiplicand(s, t));
        if (!valid) {
            throw f.fail("unsupported type in " + f.opcode + " for shape m" + s[0] + "n" + s[1] + "k" + s[2]);
        }
        MatrixShape shape = matrix == MATRIX_C ? new MatrixShape(s[0], s[1], s[2], null, null, t, null, true, 0)
                : new MatrixShape(s[0], s[1], s[2], matrix == MATRIX_A ? t : null, matrix == MATRIX_B ? t : null, null, null,
                        true, 0);
        int layout = layout(f);
        if (t.bits < 8 && layout != (matrix == MATRIX_A ? Op.WMMA_ROW : Op.WMMA_COL)) {
            throw f.fail(f.opcode + ": ." + t.ptxName() + " fragments load A .row and B .col only (PTX ISA)");
        }
        f.in.op = Op.WMMA_LOAD;
        f.in.mod = matrix;
        f.in.mod2 = layout;
        f.in.matrix = shape;
        Operand d = f.ops.get(0);
        int regs = matrix == MATRIX_A ? shape.regsA : matrix == MATRIX_B ? shape.regsB : shape.regsC;
        if (d.kind != Operand.VEC || d.elems.length != regs) {
            throw f.fail(f.opcode + " needs a {..} of " + regs + " registers");
        }
        f.in.dst = f.vectorRegs(d, true);
        f.in.space = space(f);
        f.address(f.ops.get(1), f.in.space);
        f.in.src = new int[] {stride(f, 2, layout == Op.WMMA_ROW ? shape.columns(matrix) : shape.rows(matrix))};
    }

    /** {@code wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r{, stride}}. */
    private static void store(InstructionForm f, int[] s) throws PtxException {
        f.operands(2, 3);
        if (!f.has("d")) {
            throw f.fail(f.opcode + " stores matrix .d only");
        }
        java.util.List<MatrixShape.Element> types = elements(f);
        MatrixShape.Element t = types.size() == 1 ? types.get(0) : null;
        if (t == null || !accumulatorOf(multiplicandFor(s, t), t)) {
            throw f.fail("unsupported type in " + f.opcode + " for shape m" + s[0] + "n" + s[1] + "k" + s[2]);
        }
        MatrixShape shape = new MatrixShape(s[0], s[1], s[2], null, null, t, t, true, 0);
        int layout = layout(f);
        f.in.op = Op.WMMA_STORE;
        f.in.mod = MATRIX_C;
        f.in.mod2 = layout;
        f.in.matrix = shape;
        Operand o = f.ops.get(1);
        int regs = shape.regsD;
        if (o.kind != Operand.VEC || o.elems.length != regs) {
            throw f.fail(f.opcode + " needs a {..} of " + regs + " registers");
        }
        ScalarType rt = t == F64 ? ScalarType.F64 : t == F16 ? ScalarType.B32 : t == S32 ? ScalarType.S32 : ScalarType.F32;
        int[] src = new int[regs + 1];
        src[0] = stride(f, 2, layout == Op.WMMA_ROW ? shape.n : shape.m);
        for (int i = 0; i < regs; i++) {
            src[i + 1] = f.src(o.elems[i], rt);
        }
        f.in.src = src;
        f.in.space = space(f);
        f.address(f.ops.get(0), f.in.space);
    }

    /**
     * {@code wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c} (.f16
     * multiplicands), {@code ...shape.dtype.atype.btype.ctype} (.bf16, .tf32, .f64 with .rn, .s8,
     * .u8, .s4, .u4 with .satfinite) and {@code wmma.mma.{xor,and}.popc...m8n8k128.s32.b1.b1.s32}.
     */
    private static void wmmaMma(InstructionForm f, int[] s) throws PtxException {
        java.util.List<MatrixShape.Element> types = elements(f);
        MatrixShape.Element dt, at, bt, ct;
        if (types.size() == 2) {
            dt = types.get(0);
            at = F16;
            bt = F16;
            ct = types.get(1);
        } else if (types.size() == 4) {
            dt = types.get(0);
            at = types.get(1);
            bt = types.get(2);
            ct = types.get(3);
        } else {
            throw f.fail("unsupported types in " + f.opcode);
        }
        boolean pair = at == bt || at.bits == bt.bits && (at == S8 || at == U8 || at == S4 || at == U4)
                && (bt == S8 || bt == U8 || bt == S4 || bt == U4);
        if (!wmmaMultiplicand(s, at) || !pair || !accumulatorOf(at, dt) || !accumulatorOf(at, ct)
                || types.size() == 4 && at == F16) {
            throw f.fail("unsupported types in " + f.opcode + " for shape m" + s[0] + "n" + s[1] + "k" + s[2]);
        }
        decodeMma(f, s, dt, at, bt, ct, true, MatrixShape.Kind.DENSE, Op.WMMA_ROW, Op.WMMA_COL);
        f.in.op = Op.WMMA_MMA;
    }

    /** The mma.sp shapes: {m, n, k}. */
    private static final int[][] SPARSE_SHAPES = {{16, 8, 16}, {16, 8, 32}, {16, 8, 8}, {16, 8, 64}, {16, 8, 128}};

    /**
     * {@code mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype d, a, b, c}
     * (PTX ISA, "Warp-level matrix multiply-accumulate instructions"): m16n8k16 and m16n8k8 on
     * .f16 (.f16 or .f32 accumulators) and .bf16; m16n8k4 and m16n8k8 on .tf32; m8n8k4 (and,
     * sm_90, m16n8k4/k8/k16) on .f64; m8n8k16, m16n8k16, m16n8k32 on .s8/.u8; m8n8k32, m16n8k32,
     * m16n8k64 on .s4/.u4; m8n8k128, m16n8k128, m16n8k256 on .b1 with .xor.popc or .and.popc;
     * sm_70's m8n8k4 on .f16 with either layout of A and B
     * ({@code mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype}: four quad-pair
     * products); and the sparse {@code mma.sp{::ordered_metadata}.sync.aligned.shape.row.col...
     * d, a, b, c, e, f} ({@link #sparse}).
     */
    static void mma(InstructionForm f) throws PtxException {
        if (!f.has("sync") || !f.has("aligned")) {
            throw f.fail(f.opcode + " needs .sync.aligned");
        }
        for (String m : f.mods) {
            if (m.matches("e[2-5]m[1-3]") || m.startsWith("kind::") || m.equals("block_scale")) {
                throw f.fail("unsupported form " + f.opcode + " (FP8, FP6 and FP4 multiplicands are not simulated)");
            }
        }
        boolean sparse = f.has("sp") || f.has("sp::ordered_metadata");
        int[] s = shape(f, sparse ? SPARSE_SHAPES : MMA_SHAPES);
        java.util.List<MatrixShape.Element> types = elements(f);
        if (types.size() != 4) {
            throw f.fail("unsupported types in " + f.opcode);
        }
        MatrixShape.Element dt = types.get(0), at = types.get(1), bt = types.get(2), ct = types.get(3);
        boolean quadPairs = !sparse && s[0] == 8 && s[2] == 4 && at == F16;
        java.util.List<Integer> layouts = new java.util.ArrayList<>();
        for (String m : f.mods) {
            if (m.equals("row") || m.equals("col")) {
                layouts.add(m.equals("row") ? Op.WMMA_ROW : Op.WMMA_COL);
            }
        }
        if (layouts.size() != 2 || !quadPairs && (layouts.get(0) != Op.WMMA_ROW || layouts.get(1) != Op.WMMA_COL)) {
            throw f.fail(f.opcode + (quadPairs ? " needs a layout of A and one of B (.row or .col each)" : " needs .row.col"));
        }
        boolean pair = at == bt || at.bits == bt.bits && (at == S8 || at == U8 || at == S4 || at == U4)
                && (bt == S8 || bt == U8 || bt == S4 || bt == U4);
        boolean shaped = sparse ? sparseMultiplicand(s, at) : quadPairs || mmaMultiplicand(s, at);
        // m8n8k4 on .f16: an .f32 C needs an .f32 D (PTX ISA; ptxas refuses the other)
        if (!shaped || !pair || !accumulatorOf(at, dt) || !accumulatorOf(at, ct) || at == BF16 && dt != F32
                || quadPairs && ct == F32 && dt != F32) {
            throw f.fail("unsupported types in " + f.opcode + " for shape m" + s[0] + "n" + s[1] + "k" + s[2]);
        }
        MatrixShape.Kind kind = sparse ? MatrixShape.Kind.SPARSE : quadPairs ? MatrixShape.Kind.QUAD_PAIRS : MatrixShape.Kind.DENSE;
        decodeMma(f, s, dt, at, bt, ct, false, kind, layouts.get(0), layouts.get(1));
        if (sparse) {
            sparse(f);
        }
        f.in.op = Op.MMA;
    }

    /**
     * The mma.sp multiplicand types of each shape (PTX ISA 8.x, sm_80 to sm_90): m16n8k16 and
     * m16n8k32 on .f16/.bf16, m16n8k8 and m16n8k16 on .tf32, m16n8k32 and m16n8k64 on .s8/.u8,
     * m16n8k64 and m16n8k128 on .s4/.u4.
     */
    private static boolean sparseMultiplicand(int[] s, MatrixShape.Element e) {
        int k = s[2];
        switch (e) {
            case F16:
            case BF16:
                return k == 16 || k == 32;
            case TF32:
                return k == 8 || k == 16;
            case S8:
            case U8:
                return k == 32 || k == 64;
            case S4:
            case U4:
                return k == 64 || k == 128;
            default:
                return false;
        }
    }

    /**
     * The metadata operand {@code e} of mma.sp, a register appended to the sources, and the
     * sparsity selector {@code f}, an immediate, in {@code mod}: each group of four threads gives
     * the metadata of its rows in 1, 2 or 4 of its threads (PTX ISA, "Sparse matrix storage"), so
     * the selector is 0 to 3, 0 or 1, or 0. {@code mod2}: 1 for {@code ::ordered_metadata}.
     */
    private static void sparse(InstructionForm f) throws PtxException {
        Operand sel = f.ops.get(5);
        Long v = sel.kind == Operand.IMM ? PtxLoader.parseImmediate(sel.text, ScalarType.U32) : null;
        int threads = f.in.matrix.metadataThreads();
        if (v == null || v < 0 || v >= 4 / threads) {
            throw f.fail(f.opcode + ": the sparsity selector must be an immediate from 0 to " + (4 / threads - 1)
                    + " for this shape and type");
        }
        f.in.mod = v.intValue();
        f.in.mod2 = f.has("sp::ordered_metadata") ? 1 : 0;
        int[] src = java.util.Arrays.copyOf(f.in.src, f.in.src.length + 1);
        src[src.length - 1] = f.src(f.ops.get(4), ScalarType.B32);
        f.in.src = src;
    }

    /** The mma.sync multiplicand types of each shape (PTX ISA 8.x, sm_70 to sm_90). */
    private static boolean mmaMultiplicand(int[] s, MatrixShape.Element e) {
        int m = s[0], k = s[2];
        switch (e) {
            case F16:
            case BF16:
                return m == 16 && (k == 16 || k == 8);
            case TF32:
                return m == 16 && (k == 8 || k == 4);
            case F64:
                return m == 8 && k == 4 || m == 16 && (k == 4 || k == 8 || k == 16);
            case S8:
            case U8:
                return m == 8 && k == 16 || m == 16 && (k == 16 || k == 32);
            case S4:
            case U4:
                return m == 8 && k == 32 || m == 16 && (k == 32 || k == 64);
            case B1:
                return m == 8 && k == 128 || m == 16 && (k == 128 || k == 256);
            default:
                return false;
        }
    }

    /** What wmma.mma and mma.sync share: .satfinite, .popc's operation, rounding, the shape and the fragments. */
    private static void decodeMma(InstructionForm f, int[] s, MatrixShape.Element dt, MatrixShape.Element at,
            MatrixShape.Element bt, MatrixShape.Element ct, boolean wmma, MatrixShape.Kind kind, int layoutA, int layoutB)
            throws PtxException {
        if (f.has("satfinite")) {
            if (dt != S32) {
                throw f.fail(".satfinite on floating-point accumulators is not supported: " + f.opcode);
            }
            // integer results clamp to the .s32 range instead of wrapping
            f.in.flags |= Op.F_SATFINITE;
        }
        int bitOp = MatrixShape.BIT_XOR;
        if (at == B1) {
            if (!f.has("popc") || f.has("xor") == f.has("and")) {
                throw f.fail(f.opcode + " needs .xor.popc or .and.popc");
            }
            bitOp = f.has("and") ? MatrixShape.BIT_AND : MatrixShape.BIT_XOR;
        }
        if (f.has("rz") || f.has("rm") || f.has("rp")) {
            throw f.fail(f.opcode + ": only round-to-nearest (.rn) accumulation is simulated");
        }
        MatrixShape shape = new MatrixShape(s[0], s[1], s[2], at, bt, ct, dt, wmma, bitOp, kind, layoutA, layoutB);
        f.in.matrix = shape;
        f.in.type = ScalarType.B32.ordinal();
        fragments(f, new int[] {shape.regsD, shape.regsA, shape.regsB, shape.regsC}, kind == MatrixShape.Kind.SPARSE ? 6 : 4);
        f.in.memberMask = f.parser.constantOf(0xFFFF_FFFFL);
    }

    /**
     * {@code ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}{.shared{::cta}}.b16 d, [p]}: one, two
     * or four 8 x 8 matrices of 16-bit elements, whose rows the warp's threads address (PTX ISA,
     * "Warp-level matrix load instruction: ldmatrix"), and {@code stmatrix}, its store
     * ({@code [p], r}). {@code mod}: the matrices, {@code mod2}: 1 for .trans; a store's
     * registers are its sources.
     */
    static void ldmatrix(InstructionForm f) throws PtxException {
        if (!f.has("sync") || !f.has("aligned")) {
            throw f.fail(f.opcode + " needs .sync.aligned");
        }
        int count = f.has("x1") ? 1 : f.has("x2") ? 2 : f.has("x4") ? 4 : 0;
        if (!f.has("m8n8") || !f.has("b16") || count == 0) {
            throw f.fail("unsupported form " + f.opcode + " (the simulator executes m8n8 .x1, .x2 and .x4 of .b16)");
        }
        f.operands(2);
        boolean store = f.base.equals("stmatrix");
        f.in.op = store ? Op.STMATRIX : Op.LDMATRIX;
        f.in.type = ScalarType.B16.ordinal();
        f.in.mod = count;
        f.in.mod2 = f.has("trans") ? 1 : 0;
        Operand r = f.ops.get(store ? 1 : 0);
        if (r.kind != Operand.VEC || r.elems.length != count) {
            throw f.fail(f.opcode + " needs a {..} of " + count + " registers");
        }
        f.in.space = f.has("shared") || f.has("shared::cta") ? PtxStateSpace.SHARED : PtxStateSpace.GENERIC;
        f.address(f.ops.get(store ? 0 : 1), f.in.space);
        if (store) {
            f.in.src = f.vectorRegs(r, false);
        } else {
            f.in.dst = f.vectorRegs(r, true);
            f.in.src = new int[0];
        }
        f.in.memberMask = f.parser.constantOf(0xFFFF_FFFFL);
    }

    /** {@code movmatrix.sync.aligned.m8n8.trans.b16 d, a}: transposes an 8 x 8 matrix held as ldmatrix's fragment. */
    static void movmatrix(InstructionForm f) throws PtxException {
        if (!f.has("sync") || !f.has("aligned") || !f.has("m8n8") || !f.has("trans") || !f.has("b16")) {
            throw f.fail("unsupported form " + f.opcode + " (movmatrix.sync.aligned.m8n8.trans.b16)");
        }
        f.operands(2);
        f.in.op = Op.MOVMATRIX;
        f.in.type = ScalarType.B16.ordinal();
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        f.in.src = new int[] {f.src(f.ops.get(1), ScalarType.B32)};
        f.in.memberMask = f.parser.constantOf(0xFFFF_FFFFL);
    }

    /**
     * Operands d, a, b, c as {..} of {@code counts} registers: d the destinations, a, b and c the
     * sources in order; {@code operands} in all (mma.sp's metadata and selector follow).
     */
    private static void fragments(InstructionForm f, int[] counts, int operands) throws PtxException {
        f.operands(operands);
        int[][] frags = new int[4][];
        for (int k = 0; k < 4; k++) {
            Operand o = f.ops.get(k);
            if (o.kind != Operand.VEC || o.elems.length != counts[k]) {
                throw f.fail(f.opcode + " needs a {..} of " + counts[k] + " registers as operand " + (k + 1));
            }
            frags[k] = f.vectorRegs(o, k == 0);
        }
        f.in.dst = frags[0];
        int[] src = new int[counts[1] + counts[2] + counts[3]];
        System.arraycopy(frags[1], 0, src, 0, counts[1]);
        System.arraycopy(frags[2], 0, src, counts[1], counts[2]);
        System.arraycopy(frags[3], 0, src, counts[1] + counts[2], counts[3]);
        f.in.src = src;
    }

    private static int layout(InstructionForm f) throws PtxException {
        if (f.has("row") == f.has("col")) {
            throw f.fail(f.opcode + " needs one of .row and .col");
        }
        return f.has("row") ? Op.WMMA_ROW : Op.WMMA_COL;
    }

    private static PtxStateSpace space(InstructionForm f) throws PtxException {
        PtxStateSpace s = f.spaceModifier();
        if (s != PtxStateSpace.GENERIC && s != PtxStateSpace.GLOBAL && s != PtxStateSpace.SHARED) {
            throw f.fail(f.opcode + " accesses ." + s.ptxName() + " (PTX allows generic, .global and .shared)");
        }
        return s;
    }

    /**
     * The stride operand (elements between rows or columns); where it is left out, the matrix's
     * leading dimension {@code dflt} (its columns row-major, its rows column-major).
     */
    private static int stride(InstructionForm f, int index, int dflt) throws PtxException {
        return f.ops.size() > index ? f.src(f.ops.get(index), ScalarType.U32) : f.parser.constantOf(dflt);
    }
}
