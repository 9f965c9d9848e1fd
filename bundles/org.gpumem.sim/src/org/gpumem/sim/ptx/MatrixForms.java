package org.gpumem.sim.ptx;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * Decoding of the warp-level matrix instructions (tensor cores), for {@link Decoder}:
 * {@code wmma.load.{a,b,c}}, {@code wmma.store.d} and {@code wmma.mma} of shape m16n16k16 with
 * .f16 (.f16 or .f32 accumulators), .bf16 (.f32) and .s8/.u8 (.s32) multiplicands, as nvcc 13
 * emits them for the WMMA API, and
 * {@code mma.sync} m16n8k16 and m16n8k8 on .f16 and .bf16, {@code ldmatrix}, {@code stmatrix} and
 * {@code movmatrix}. The
 * fragment registers are the instruction's destinations or sources in order; the member mask is
 * the whole warp ({@code .aligned}: every thread executes the same instruction).
 */
final class MatrixForms {
    private MatrixForms() {
    }

    /** {@code mod} of WMMA_LOAD: which matrix the fragment holds (the accumulator for C and D). */
    static final int MATRIX_A = Op.WMMA_A, MATRIX_B = Op.WMMA_B, MATRIX_C = Op.WMMA_C;

    static void wmma(InstructionForm f) throws PtxException {
        if (!f.has("sync") || !f.has("aligned")) {
            throw f.fail(f.opcode + " needs .sync.aligned");
        }
        if (!f.has("m16n16k16")) {
            throw f.fail("unsupported shape in " + f.opcode + " (the simulator executes m16n16k16)");
        }
        if (f.has("load")) {
            load(f);
        } else if (f.has("store")) {
            store(f);
        } else if (f.has("mma")) {
            wmmaMma(f);
        } else {
            throw f.unsupported();
        }
        // .aligned: each thread waits for the whole warp (independent thread scheduling)
        f.in.memberMask = f.parser.constantOf(0xFFFF_FFFFL);
    }

    /** {@code wmma.load.{a,b,c}.sync.aligned.layout.shape{.ss}.type r, [p]{, stride}}. */
    private static void load(InstructionForm f) throws PtxException {
        f.operands(2, 3);
        int matrix = f.has("a") ? MATRIX_A : f.has("b") ? MATRIX_B : f.has("c") ? MATRIX_C : -1;
        if (matrix < 0) {
            throw f.fail(f.opcode + " names no matrix (.a, .b or .c)");
        }
        ScalarType t = elementType(f, matrix);
        f.in.op = Op.WMMA_LOAD;
        f.in.mod = matrix;
        f.in.mod2 = layout(f);
        f.in.type = t.ordinal();
        Operand d = f.ops.get(0);
        int regs = registers(matrix, t);
        if (d.kind != Operand.VEC || d.elems.length != regs) {
            throw f.fail(f.opcode + " needs a {..} of " + regs + " registers");
        }
        f.in.dst = f.vectorRegs(d, true);
        f.in.space = space(f);
        f.address(f.ops.get(1), f.in.space);
        f.in.src = new int[] {stride(f, 2)};
    }

    /** {@code wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r{, stride}}. */
    private static void store(InstructionForm f) throws PtxException {
        f.operands(2, 3);
        if (!f.has("d")) {
            throw f.fail(f.opcode + " stores matrix .d only");
        }
        ScalarType t = elementType(f, MATRIX_C);
        f.in.op = Op.WMMA_STORE;
        f.in.mod = MATRIX_C;
        f.in.mod2 = layout(f);
        f.in.type = t.ordinal();
        Operand s = f.ops.get(1);
        int regs = registers(MATRIX_C, t);
        if (s.kind != Operand.VEC || s.elems.length != regs) {
            throw f.fail(f.opcode + " needs a {..} of " + regs + " registers");
        }
        int[] src = new int[regs + 1];
        src[0] = stride(f, 2);
        for (int i = 0; i < regs; i++) {
            src[i + 1] = f.src(s.elems[i], t);
        }
        f.in.src = src;
        f.in.space = space(f);
        f.address(f.ops.get(0), f.in.space);
    }

    /**
     * {@code wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c} (.f16
     * multiplicands, .f16 or .f32 accumulators), {@code .f32.bf16.bf16.f32} and
     * {@code .s32.{s8,u8}.{s8,u8}.s32{.satfinite}} (both multiplicands of one type).
     */
    private static void wmmaMma(InstructionForm f) throws PtxException {
        f.operands(4);
        if (f.types.size() != 2 && f.types.size() != 4) {
            throw f.unsupported();
        }
        ScalarType dt = f.types.get(0), ct = f.types.get(f.types.size() - 1);
        ScalarType ab = f.types.size() == 2 ? ScalarType.F16 : f.types.get(1);
        boolean valid;
        if (ab == ScalarType.F16) {
            valid = f.types.size() == 2 && (dt == ScalarType.F16 || dt == ScalarType.F32)
                    && (ct == ScalarType.F16 || ct == ScalarType.F32);
        } else if (ab == ScalarType.BF16) {
            valid = dt == ScalarType.F32 && ct == ScalarType.F32;
        } else {
            valid = (ab == ScalarType.S8 || ab == ScalarType.U8) && dt == ScalarType.S32 && ct == ScalarType.S32;
        }
        if (!valid || f.types.size() == 4 && f.types.get(2) != ab) {
            throw f.fail("unsupported types in " + f.opcode + " (.f16 with .f16 or .f32 accumulators, .bf16 with .f32,"
                    + " .s8 or .u8 with .s32, both multiplicands of one type)");
        }
        if (f.has("satfinite")) {
            if (dt != ScalarType.S32) {
                throw f.fail(".satfinite on floating-point accumulators is not supported: " + f.opcode);
            }
            // integer results clamp to the .s32 range instead of wrapping
            f.in.flags |= Op.F_SATFINITE;
        }
        f.in.op = Op.WMMA_MMA;
        f.in.type = dt.ordinal();
        f.in.type2 = ct.ordinal();
        f.in.mod = ab.ordinal();
        f.in.mod2 = 16;
        fragments(f, new int[] {registers(MATRIX_C, dt), registers(MATRIX_A, ab), registers(MATRIX_B, ab),
            registers(MATRIX_C, ct)});
    }

    /**
     * {@code mma.sync.aligned.m16n8k16.row.col.dtype.atype.btype.ctype d, a, b, c} and m16n8k8:
     * .f16 multiplicands with .f16 or .f32 accumulators, .bf16 ones with .f32 (PTX ISA,
     * "Warp-level matrix multiply-accumulate instructions"); fragments as the ISA lays them out.
     */
    static void mma(InstructionForm f) throws PtxException {
        if (!f.has("sync") || !f.has("aligned")) {
            throw f.fail(f.opcode + " needs .sync.aligned");
        }
        int k = f.has("m16n8k16") ? 16 : f.has("m16n8k8") ? 8 : 0;
        if (k == 0 || f.types.size() != 4 || f.has("satfinite")) {
            throw f.fail("unsupported form " + f.opcode + " (the simulator executes m16n8k16 and m16n8k8 on .f16 and .bf16)");
        }
        if (!f.has("row") || !f.has("col")) {
            throw f.fail(f.opcode + " needs .row.col");
        }
        ScalarType dt = f.types.get(0), at = f.types.get(1), bt = f.types.get(2), ct = f.types.get(3);
        boolean half = at == ScalarType.F16 && bt == at && (dt == ScalarType.F16 || dt == ScalarType.F32)
                && (ct == ScalarType.F16 || ct == ScalarType.F32);
        boolean bf16 = at == ScalarType.BF16 && bt == at && dt == ScalarType.F32 && ct == ScalarType.F32;
        if (!half && !bf16) {
            throw f.fail("unsupported types in " + f.opcode + " (.f16 with .f16 or .f32 accumulators, .bf16 with .f32)");
        }
        f.in.op = Op.MMA;
        f.in.type = dt.ordinal();
        f.in.type2 = ct.ordinal();
        f.in.mod = at.ordinal();
        f.in.mod2 = k;
        // per thread: A 16 x k / 32 elements, B k x 8 / 32, C and D 16 x 8 / 32, two halves a register
        fragments(f, new int[] {dt == ScalarType.F16 ? 2 : 4, k / 4, k / 8, ct == ScalarType.F16 ? 2 : 4});
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

    /** Operands d, a, b, c as {..} of {@code counts} registers: d the destinations, a, b and c the sources in order. */
    private static void fragments(InstructionForm f, int[] counts) throws PtxException {
        f.operands(4);
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

    /**
     * The element type of a fragment: .f16, .bf16, .s8 or .u8 for A and B, .f16, .f32 or .s32 for
     * the accumulator.
     */
    private static ScalarType elementType(InstructionForm f, int matrix) throws PtxException {
        ScalarType t = f.type;
        boolean ab = t == ScalarType.F16 || t == ScalarType.BF16 || t == ScalarType.S8 || t == ScalarType.U8;
        boolean c = t == ScalarType.F16 || t == ScalarType.F32 || t == ScalarType.S32;
        if (matrix == MATRIX_C ? c : ab) {
            return t;
        }
        throw f.fail("unsupported type in " + f.opcode + " (the simulator executes .f16, .bf16, .s8 and .u8"
                + " multiplicands and .f16, .f32 and .s32 accumulators)");
    }

    /**
     * Registers of an m16n16k16 fragment (PTX ISA, "Matrix Fragments for WMMA"): A and B 8 of
     * .f16x2, 4 of .bf16x2 or 2 of four .s8/.u8; the accumulator 4 of .f16x2 or 8 of .f32/.s32.
     */
    static int registers(int matrix, ScalarType t) {
        if (matrix == MATRIX_C) {
            return t == ScalarType.F16 ? 4 : 8;
        }
        return t == ScalarType.F16 ? 8 : t == ScalarType.BF16 ? 4 : 2;
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

    /** The stride operand (elements between rows or columns), 16 where it is left out. */
    private static int stride(InstructionForm f, int index) throws PtxException {
        return f.ops.size() > index ? f.src(f.ops.get(index), ScalarType.U32) : f.parser.constantOf(16);
    }
}
