package org.gpumem.sim.ptx;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * Decoding of the instructions that synchronise or exchange between threads: bar/barrier (with
 * bar.red), shfl, vote, match and redux, for {@link Decoder}.
 */
final class SyncForms {
    private SyncForms() {
    }

    static void barrier(InstructionForm f) throws PtxException {
        if (f.base.equals("bar") && f.has("warp")) {
            f.operands(1);
            f.in.op = Op.BAR_WARP;
            f.in.src = new int[] {f.src(f.ops.get(0), ScalarType.B32)};
            f.in.memberMask = f.in.src[0];
            return;
        }
        if (f.has("red")) {
            barrierReduction(f);
            return;
        }
        if (f.has("arrive")) {
            // bar.arrive a, b: the count is required, the arriving threads do not wait.
            f.operands(2);
            f.in.mod = Op.BAR_ARRIVE;
        } else if (f.has("sync") || f.mods.isEmpty() || f.has("aligned")) {
            f.operands(1, 2);
            f.in.mod = Op.BAR_SYNC;
        } else {
            throw f.unsupported();
        }
        f.in.op = Op.BAR;
        f.in.mod2 = f.ops.size() == 2 ? Op.BAR_COUNTED : Op.BAR_ALL_THREADS;
        aligned(f);
        f.in.src = new int[f.ops.size()];
        for (int i = 0; i < f.ops.size(); i++) {
            f.in.src[i] = f.src(f.ops.get(i), ScalarType.U32);
        }
    }

    /**
     * bar and barrier.aligned ({@link Op#F_ALIGNED}): every thread that executes the barrier
     * executes this very instruction (barrier without .aligned may meet threads at another one).
     */
    private static void aligned(InstructionForm f) {
        if (f.base.equals("bar") || f.has("aligned")) {
            f.in.flags |= Op.F_ALIGNED;
        }
    }

    /** {@code bar.red.popc.u32 d, a{, b}, {!}c} and {@code bar.red.and/or.pred p, a{, b}, {!}c}. */
    static void barrierReduction(InstructionForm f) throws PtxException {
        f.operands(3, 4);
        if (f.has("popc")) {
            f.in.mod = Op.BAR_RED_POPC;
            if (f.type != ScalarType.U32) {
                throw f.fail(f.opcode + ": bar.red.popc takes .u32");
            }
        } else {
            f.in.mod = f.has("and") ? Op.BAR_RED_AND : f.has("or") ? Op.BAR_RED_OR : -1;
            if (f.in.mod < 0 || f.type != ScalarType.PRED) {
                throw f.fail(f.opcode + ": bar.red takes .popc.u32, .and.pred or .or.pred");
            }
        }
        f.in.op = Op.BAR;
        f.in.mod2 = f.ops.size() == 4 ? Op.BAR_COUNTED : Op.BAR_ALL_THREADS;
        aligned(f);
        f.in.type = f.type.ordinal();
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        Operand c = f.ops.get(f.ops.size() - 1);
        f.in.src = new int[f.ops.size() - 1];
        for (int i = 1; i < f.ops.size() - 1; i++) {
            f.in.src[i - 1] = f.src(f.ops.get(i), ScalarType.U32);
        }
        f.in.src[f.in.src.length - 1] = f.src(c, ScalarType.PRED);
        if (c.negated) {
            f.in.flags |= Op.F_HI;
        }
    }

    static void shfl(InstructionForm f) throws PtxException {
        if (!f.has("sync")) {
            throw f.fail("shfl without .sync is not supported (removed for sm_70 and later)");
        }
        f.operands(5);
        f.in.op = Op.SHFL;
        f.in.type = ScalarType.B32.ordinal();
        if (f.has("up")) {
            f.in.mod = Op.SHFL_UP;
        } else if (f.has("down")) {
            f.in.mod = Op.SHFL_DOWN;
        } else if (f.has("bfly")) {
            f.in.mod = Op.SHFL_BFLY;
        } else if (f.has("idx")) {
            f.in.mod = Op.SHFL_IDX;
        } else {
            throw f.unsupported();
        }
        Operand d = f.ops.get(0);
        if (d.kind == Operand.PAIR) {
            f.in.dst = new int[] {f.parser.registerOf(d.name, f.in.line, f.opcode), f.parser.registerOf(d.second, f.in.line, f.opcode)};
        } else {
            f.in.dst = new int[] {f.dst(d)};
        }
        f.in.src = new int[] {f.src(f.ops.get(1), ScalarType.B32), f.src(f.ops.get(2), ScalarType.B32),
            f.src(f.ops.get(3), ScalarType.B32), f.src(f.ops.get(4), ScalarType.B32)};
        f.in.memberMask = f.in.src[3];
    }

    /** {@code match.any.sync.b32/b64 d, a, mask} and {@code match.all.sync.type d{|p}, a, mask}. */
    static void match(InstructionForm f) throws PtxException {
        f.operands(3);
        if (!f.has("sync") || f.has("any") == f.has("all") || f.type != ScalarType.B32 && f.type != ScalarType.B64) {
            throw f.fail(f.opcode + ": match takes .any or .all, .sync and .b32 or .b64");
        }
        f.in.op = Op.MATCH;
        f.in.mod = f.has("all") ? 1 : 0;
        f.in.type = f.type.ordinal();
        Operand d = f.ops.get(0);
        if (d.kind == Operand.PAIR) {
            if (f.in.mod == 0) {
                throw f.fail(f.opcode + ": only match.all has a predicate destination");
            }
            f.in.dst = new int[] {f.parser.registerOf(d.name, f.in.line, f.opcode), f.parser.registerOf(d.second, f.in.line, f.opcode)};
        } else {
            f.in.dst = new int[] {f.dst(d)};
        }
        f.in.src = new int[] {f.src(f.ops.get(1), f.type), f.src(f.ops.get(2), ScalarType.B32)};
        f.in.memberMask = f.in.src[1];
    }

    /** {@code redux.sync.op.type d, a, mask}: add/min/max on .u32/.s32, and/or/xor on .b32. */
    static void redux(InstructionForm f) throws PtxException {
        f.operands(3);
        f.in.mod = -1;
        for (String m : new String[] {"add", "min", "max", "and", "or", "xor"}) {
            if (f.has(m)) {
                f.in.mod = java.util.Arrays.asList(Op.ATOM_NAMES).indexOf(m);
            }
        }
        boolean arithmetic = f.in.mod == Op.ATOM_ADD || f.in.mod == Op.ATOM_MIN || f.in.mod == Op.ATOM_MAX;
        boolean ok = arithmetic ? f.type == ScalarType.U32 || f.type == ScalarType.S32 : f.in.mod >= 0 && f.type == ScalarType.B32;
        if (!f.has("sync") || !ok) {
            throw f.fail(f.opcode + ": redux.sync takes .add/.min/.max with .u32 or .s32, or .and/.or/.xor with .b32");
        }
        f.in.op = Op.REDUX;
        f.in.type = f.type.ordinal();
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        f.in.src = new int[] {f.src(f.ops.get(1), f.type), f.src(f.ops.get(2), ScalarType.B32)};
        f.in.memberMask = f.in.src[1];
    }

    static void vote(InstructionForm f) throws PtxException {
        f.in.op = Op.VOTE;
        if (f.has("all")) {
            f.in.mod = Op.VOTE_ALL;
        } else if (f.has("any")) {
            f.in.mod = Op.VOTE_ANY;
        } else if (f.has("uni")) {
            f.in.mod = Op.VOTE_UNI;
        } else if (f.has("ballot")) {
            f.in.mod = Op.VOTE_BALLOT;
        } else {
            throw f.unsupported();
        }
        boolean sync = f.has("sync");
        f.operands(sync ? 3 : 2);
        f.in.type = (f.in.mod == Op.VOTE_BALLOT ? ScalarType.B32 : ScalarType.PRED).ordinal();
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        int mask = sync ? f.src(f.ops.get(2), ScalarType.B32) : f.parser.constantOf(0xFFFF_FFFFL);
        f.in.src = new int[] {f.src(f.ops.get(1), ScalarType.PRED), mask};
        // vote without .sync (before sm_70) is taken by the lanes that execute it, and waits for none
        f.in.memberMask = sync ? mask : -1;
        if (f.ops.get(1).negated) {
            f.in.flags |= Op.F_HI;
        }
    }
}
