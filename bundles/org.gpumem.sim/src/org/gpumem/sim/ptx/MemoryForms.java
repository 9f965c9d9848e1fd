package org.gpumem.sim.ptx;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * Decoding of the memory instructions: ld, ldu, st (with cache hints), atom and red (scalar,
 * 16-bit, half-precision and vector forms) and cp.async, for {@link Decoder}.
 */
final class MemoryForms {
    private MemoryForms() {
    }

    /** The operands of ld/st besides a {@code .L2::cache_hint} policy (the last one; a hint only). */
    static void memoryOperands(InstructionForm f) throws PtxException {
        f.operands(f.has("L2::cache_hint") ? 3 : 2);
    }

    /** The memory order its qualifiers give an ld or st ({@code .volatile} is relaxed at system scope). */
    static int order(InstructionForm f) {
        if (f.has("acquire")) {
            return Op.ORDER_ACQUIRE;
        }
        if (f.has("release")) {
            return Op.ORDER_RELEASE;
        }
        return f.has("relaxed") || f.has("volatile") || f.has("mmio") ? Op.ORDER_RELAXED : Op.ORDER_WEAK;
    }

    static void load(InstructionForm f) throws PtxException {
        memoryOperands(f);
        f.memoryType();
        f.in.op = Op.LD;
        f.in.order = order(f);
        f.in.space = f.spaceModifier();
        Operand d = f.ops.get(0);
        if (wide(f)) {
            f.in.dst = f.wideRegister(d);
        } else if (f.in.vec > 1) {
            if (d.kind != Operand.VEC || d.elems.length != f.in.vec) {
                throw f.fail(f.opcode + " needs a {..} of " + f.in.vec + " registers");
            }
            f.in.dst = f.vectorRegs(d, true);
        } else {
            f.in.dst = new int[] {f.dst(d)};
        }
        f.address(f.ops.get(1), f.in.space);
    }

    /**
     * An ld/st of {@code .b128}: the access of {@code .v2.b64} (16 bytes, 16-byte aligned, one
     * access when not weak) to the register's two rows.
     */
    private static boolean wide(InstructionForm f) throws PtxException {
        if (f.type != ScalarType.B128) {
            return false;
        }
        if (f.in.vec > 1) {
            throw f.fail("unsupported vector of .b128 in " + f.opcode);
        }
        f.in.type = ScalarType.B64.ordinal();
        f.in.vec = 2;
        return true;
    }

    static void store(InstructionForm f) throws PtxException {
        memoryOperands(f);
        f.memoryType();
        f.in.op = Op.ST;
        f.in.order = order(f);
        f.in.space = f.spaceModifier();
        if (f.in.space == PtxStateSpace.CONST) {
            throw f.fail("st.const is not allowed");
        }
        Operand s = f.ops.get(1);
        if (wide(f)) {
            f.in.src = f.wideRegister(s);
        } else if (f.in.vec > 1) {
            if (s.kind != Operand.VEC || s.elems.length != f.in.vec) {
                throw f.fail(f.opcode + " needs a {..} of " + f.in.vec + " values");
            }
            int[] r = new int[f.in.vec];
            for (int i = 0; i < r.length; i++) {
                r[i] = f.src(s.elems[i], f.type);
            }
            f.in.src = r;
        } else {
            f.in.src = new int[] {f.src(s, f.type)};
        }
        f.address(f.ops.get(0), f.in.space);
        if (f.in.space == PtxStateSpace.PARAM && f.in.paramKind == Op.PARAM_KERNEL) {
            throw f.fail("store to kernel parameter");
        }
    }

    static void atom(InstructionForm f) throws PtxException {
        boolean red = f.base.equals("red");
        f.in.op = red ? Op.RED : Op.ATOM;
        // what memory checks take for synchronisation; the engines' atomics are sequentially consistent
        f.in.order = f.has("acq_rel") ? Op.ORDER_ACQ_REL : f.has("acquire") ? Op.ORDER_ACQUIRE
                : f.has("release") ? Op.ORDER_RELEASE : Op.ORDER_RELAXED;
        f.in.space = f.spaceModifier();
        if (f.in.space != PtxStateSpace.GLOBAL && f.in.space != PtxStateSpace.SHARED && f.in.space != PtxStateSpace.GENERIC) {
            throw f.fail("atomics in ." + f.in.space.ptxName() + " are not allowed");
        }
        f.in.mod = -1;
        for (int i = 0; i < Op.ATOM_NAMES.length; i++) {
            if (f.has(Op.ATOM_NAMES[i])) {
                f.in.mod = i;
            }
        }
        if (f.in.mod < 0) {
            throw f.unsupported();
        }
        f.requireType();
        if (f.has("v2") || f.has("v4") || f.has("v8")) {
            vectorAtomic(f, red);
            return;
        }
        boolean half = f.type == ScalarType.F16 || f.type == ScalarType.BF16 || f.type == ScalarType.F16X2
                || f.type == ScalarType.BF16X2;
        if (half && f.in.mod != Op.ATOM_ADD) {
            throw f.fail(f.opcode + ": half-precision atomics only add");
        }
        if (f.type == ScalarType.B128) {
            wideAtomic(f, red);
            return;
        }
        if (f.type.size() < 4 && !(f.in.mod == Op.ATOM_CAS && f.type == ScalarType.B16 || half)) {
            throw f.fail("unsupported atomic size in " + f.opcode + " (16-bit atomics: cas.b16 and add of f16/bf16)");
        }
        f.in.type = f.type.ordinal();
        int first = 0;
        if (!red) {
            f.in.dst = new int[] {f.dst(f.ops.get(0))};
            first = 1;
        }
        int nsrc = f.in.mod == Op.ATOM_CAS ? 2 : 1;
        f.operands(first + 1 + nsrc + (f.has("L2::cache_hint") ? 1 : 0));
        f.address(f.ops.get(first), f.in.space);
        f.in.src = new int[nsrc];
        for (int i = 0; i < nsrc; i++) {
            f.in.src[i] = f.src(f.ops.get(first + 1 + i), f.type);
        }
    }

    /**
     * {@code atom.cas.b128 d, [a], b, c} and {@code atom.exch.b128 d, [a], b} (sm_90) on
     * {@code .b128} registers: {@code dst} and {@code src} list both rows of each, low first.
     */
    private static void wideAtomic(InstructionForm f, boolean red) throws PtxException {
        if (red || f.in.mod != Op.ATOM_CAS && f.in.mod != Op.ATOM_EXCH) {
            throw f.fail(f.opcode + ": 128-bit atomics are atom.cas and atom.exch");
        }
        f.in.type = ScalarType.B128.ordinal();
        int nsrc = f.in.mod == Op.ATOM_CAS ? 2 : 1;
        f.operands(2 + nsrc + (f.has("L2::cache_hint") ? 1 : 0));
        f.in.dst = f.wideRegister(f.ops.get(0));
        f.address(f.ops.get(1), f.in.space);
        int[] b = f.wideRegister(f.ops.get(2));
        f.in.src = nsrc == 1 ? b : new int[] {b[0], b[1], f.wideRegister(f.ops.get(3))[0], f.wideRegister(f.ops.get(3))[1]};
    }

    /**
     * {@code atom/red.add.v2/v4.f32 {d..}, [a], {b..}} (sm_90): one atomic add per element, at
     * consecutive words.
     */
    static void vectorAtomic(InstructionForm f, boolean red) throws PtxException {
        if (f.in.mod != Op.ATOM_ADD || f.type != ScalarType.F32 || f.has("v8")) {
            throw f.fail(f.opcode + ": vector atomics are add.v2/.v4.f32 here");
        }
        f.in.vec = f.has("v2") ? 2 : 4;
        f.in.type = f.type.ordinal();
        int first = red ? 0 : 1;
        f.operands(first + 2 + (f.has("L2::cache_hint") ? 1 : 0));
        if (!red) {
            if (f.ops.get(0).kind != Operand.VEC || f.ops.get(0).elems.length != f.in.vec) {
                throw f.fail(f.opcode + " needs a {..} of " + f.in.vec + " destination registers");
            }
            f.in.dst = f.vectorRegs(f.ops.get(0), true);
        }
        f.address(f.ops.get(first), f.in.space);
        Operand b = f.ops.get(first + 1);
        if (b.kind != Operand.VEC || b.elems.length != f.in.vec) {
            throw f.fail(f.opcode + " needs a {..} of " + f.in.vec + " values");
        }
        f.in.src = new int[f.in.vec];
        for (int i = 0; i < f.in.vec; i++) {
            f.in.src[i] = f.src(b.elems[i], f.type);
        }
    }

    /**
     * {@code cp.async.ca/cg.shared.global [d], [s], size{, src-size}{, policy}}: executed as a
     * copy at issue (a schedule the asynchronous semantics allow), so commit_group, wait_group and
     * wait_all have nothing left to wait for.
     */
    static void copyAsync(InstructionForm f) throws PtxException {
        if (!f.has("async")) {
            throw f.unsupported();
        }
        if (f.has("commit_group") || f.has("wait_group") || f.has("wait_all")) {
            f.operands(f.has("wait_group") ? 1 : 0);
            f.in.op = Op.NOP;
            return;
        }
        if (!(f.has("ca") || f.has("cg")) || !f.has("shared") || !f.has("global") || f.has("mbarrier") || f.has("bulk")) {
            throw f.unsupported();
        }
        boolean policy = f.has("L2::cache_hint");
        f.operands(3, policy ? 5 : 4);
        Operand size = f.ops.get(2);
        if (size.kind != Operand.IMM) {
            throw f.fail(f.opcode + ": the copy size must be 4, 8 or 16");
        }
        f.in.vec = Integer.parseInt(size.text);
        if (f.in.vec != 4 && f.in.vec != 8 && f.in.vec != 16 || f.has("cg") && f.in.vec != 16) {
            throw f.fail(f.opcode + ": copy size " + size.text + " is not allowed (.ca: 4, 8, 16; .cg: 16)");
        }
        f.in.op = Op.CP_ASYNC;
        f.address(f.ops.get(0), PtxStateSpace.SHARED);
        int dstBase = f.in.addrReg;
        f.in.dstAddrOffset = f.in.addrOffset;
        f.address(f.ops.get(1), PtxStateSpace.GLOBAL);
        f.in.space = PtxStateSpace.GLOBAL;
        int srcSizeOperands = f.ops.size() - 3 - (policy ? 1 : 0);
        f.in.src = srcSizeOperands > 0 ? new int[] {dstBase, f.src(f.ops.get(3), ScalarType.U32)} : new int[] {dstBase};
    }
}
