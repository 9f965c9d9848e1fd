package org.gpumem.sim.ptx;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * Decoding of the asynchronous barrier instructions, for {@link Decoder}: {@code mbarrier.*},
 * {@code cp.async.mbarrier.arrive{.noinc}} and the bulk copies {@code cp.async.bulk} (into shared
 * memory completing an mbarrier's transactions, out to global memory in bulk groups, their
 * commit_group and wait_group, and the L2 prefetch). The memory-order and scope qualifiers
 * ({@code .release}, {@code .acquire}, {@code .relaxed}, {@code .cta}, {@code .cluster}) order
 * nothing a CTA's one worker thread could see out of order, so they are accepted and not kept.
 * {@code .shared::cluster} addresses are those of the CTA's own shared memory: a launch is a
 * cluster of one CTA.
 */
final class AsyncBarrierForms {
    private AsyncBarrierForms() {
    }

    /** {@code mbarrier.init/inval/arrive/arrive_drop/expect_tx/complete_tx/test_wait/try_wait/pending_count}. */
    static void mbarrier(InstructionForm f) throws PtxException {
        if (f.type != ScalarType.B64) {
            throw f.fail(f.opcode + ": mbarrier instructions take .b64");
        }
        f.in.op = Op.MBARRIER;
        f.in.type = ScalarType.B64.ordinal();
        String kind = f.mods.get(0);
        switch (kind) {
            case "init":
                f.operands(2);
                f.in.mod = Op.MBAR_INIT;
                barrierAddress(f, 0);
                f.in.src = new int[] {f.src(f.ops.get(1), ScalarType.U32)};
                return;
            case "inval":
                f.operands(1);
                f.in.mod = Op.MBAR_INVAL;
                barrierAddress(f, 0);
                return;
            case "expect_tx":
            case "complete_tx":
                f.operands(2);
                f.in.mod = kind.equals("expect_tx") ? Op.MBAR_EXPECT_TX : Op.MBAR_COMPLETE_TX;
                barrierAddress(f, 0);
                f.in.src = new int[] {f.src(f.ops.get(1), ScalarType.U32)};
                return;
            case "arrive":
            case "arrive_drop":
                arrive(f, kind.equals("arrive_drop"));
                return;
            case "test_wait":
            case "try_wait":
                wait(f, kind.equals("try_wait"));
                return;
            case "pending_count":
                f.operands(2);
                f.in.mod = Op.MBAR_PENDING_COUNT;
                f.in.dst = new int[] {f.dst(f.ops.get(0))};
                f.in.src = new int[] {f.src(f.ops.get(1), ScalarType.B64)};
                return;
            default:
                throw f.unsupported();
        }
    }

    /**
     * {@code mbarrier.arrive{.noComplete|.expect_tx} state, [addr]{, count|txCount{, count}}} and
     * the same for arrive_drop: src is {count, txCount} (count 1 and txCount 0 when not written).
     */
    private static void arrive(InstructionForm f, boolean drop) throws PtxException {
        f.in.mod = drop ? Op.MBAR_ARRIVE_DROP : Op.MBAR_ARRIVE;
        boolean tx = f.has("expect_tx");
        boolean noComplete = f.has("noComplete");
        if (tx && noComplete) {
            throw f.fail(f.opcode + ": .noComplete and .expect_tx do not go together");
        }
        if (noComplete) {
            f.operands(3);
        } else {
            f.operands(tx ? 3 : 2, tx ? 4 : 3);
        }
        f.in.mod2 = (tx ? Op.MBAR_WITH_TX : 0) | (noComplete ? Op.MBAR_NO_COMPLETE : 0);
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        barrierAddress(f, 1);
        int one = f.parser.constantOf(1), zero = f.parser.constantOf(0);
        if (tx) {
            int count = f.ops.size() == 4 ? f.src(f.ops.get(3), ScalarType.U32) : one;
            f.in.src = new int[] {count, f.src(f.ops.get(2), ScalarType.U32)};
        } else {
            int count = f.ops.size() == 3 ? f.src(f.ops.get(2), ScalarType.U32) : one;
            f.in.src = new int[] {count, zero};
        }
    }

    /** {@code mbarrier.test_wait/try_wait{.parity} waitComplete, [addr], state|phaseParity{, suspendTimeHint}}. */
    private static void wait(InstructionForm f, boolean tryWait) throws PtxException {
        if (tryWait) {
            f.operands(3, 4);
        } else {
            f.operands(3);
        }
        f.in.mod = tryWait ? Op.MBAR_TRY_WAIT : Op.MBAR_TEST_WAIT;
        boolean parity = f.has("parity");
        f.in.mod2 = parity ? Op.MBAR_PARITY : 0;
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        barrierAddress(f, 1);
        // the suspend-time hint bounds how long a thread may wait; the simulator does not suspend
        f.in.src = new int[] {f.src(f.ops.get(2), parity ? ScalarType.U32 : ScalarType.B64)};
    }

    /** The mbarrier operand {@code [addr]}: .shared, .shared::cta and .shared::cluster address shared memory, none a generic one. */
    private static void barrierAddress(InstructionForm f, int operand) throws PtxException {
        f.in.space = f.spaceModifier() == PtxStateSpace.SHARED ? PtxStateSpace.SHARED : PtxStateSpace.GENERIC;
        f.address(f.ops.get(operand), f.in.space);
    }

    /** {@code cp.async.mbarrier.arrive} and the {@code cp.async.bulk} forms. */
    static void copy(InstructionForm f) throws PtxException {
        if (!f.has("async")) {
            throw f.unsupported();
        }
        if (!f.has("bulk")) {
            // cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr]
            if (!f.has("arrive") || f.type != ScalarType.B64) {
                throw f.unsupported();
            }
            f.operands(1);
            f.in.op = Op.MBARRIER;
            f.in.mod = Op.MBAR_CP_ARRIVE;
            f.in.mod2 = f.has("noinc") ? Op.MBAR_NO_INC : 0;
            barrierAddress(f, 0);
            return;
        }
        if (f.has("commit_group") || f.has("wait_group") || f.has("prefetch")) {
            // bulk copies are done at issue (a schedule the asynchronous semantics allow): a bulk
            // group has nothing left to wait for, and a prefetch is a hint
            if (f.has("prefetch")) {
                f.operands(2, 3);
            } else {
                f.operands(f.has("wait_group") ? 1 : 0);
            }
            f.in.op = Op.NOP;
            return;
        }
        if (f.has("tensor") || f.has("multicast::cluster") || f.has("cp_mask")) {
            throw f.fail(f.opcode + ": tensor, multicast and byte-masked bulk copies are not supported");
        }
        boolean policy = f.has("L2::cache_hint");
        f.in.op = Op.CP_ASYNC_BULK;
        int dstMod = -1;
        for (int i = 0; i < f.mods.size() && dstMod < 0; i++) {
            String m = f.mods.get(i);
            if (m.equals("global") || m.startsWith("shared")) {
                dstMod = i;
            }
        }
        if (dstMod < 0 || dstMod + 1 >= f.mods.size()) {
            throw f.unsupported();
        }
        boolean toShared = f.mods.get(dstMod).startsWith("shared");
        String from = f.mods.get(dstMod + 1);
        if (toShared) {
            // cp.async.bulk.shared::cluster.{global|shared::cta}.mbarrier::complete_tx::bytes [dst], [src], size, [mbar]{, policy}
            if (!f.has("mbarrier::complete_tx::bytes") || !from.equals("global") && !from.equals("shared::cta")) {
                throw f.unsupported();
            }
            f.operands(4, policy ? 5 : 4);
            f.in.mod = Op.BULK_TO_SHARED;
            int[] dst = sharedAddress(f, 0);
            int[] bar = sharedAddress(f, 3);
            f.in.space = from.equals("global") ? PtxStateSpace.GLOBAL : PtxStateSpace.SHARED;
            f.address(f.ops.get(1), f.in.space);
            f.in.src = new int[] {dst[0], dst[1], f.src(f.ops.get(2), ScalarType.U32), bar[0], bar[1]};
        } else {
            // cp.async.bulk.global.shared::cta.bulk_group [dst], [src], size{, policy}
            if (!f.has("bulk_group") || !from.equals("shared::cta") && !from.equals("shared")) {
                throw f.unsupported();
            }
            f.operands(3, policy ? 4 : 3);
            f.in.mod = Op.BULK_TO_GLOBAL;
            int[] src = sharedAddress(f, 1);
            f.in.space = PtxStateSpace.GLOBAL;
            f.address(f.ops.get(0), PtxStateSpace.GLOBAL);
            f.in.src = new int[] {src[0], src[1], f.src(f.ops.get(2), ScalarType.U32)};
        }
    }

    /** A shared address operand as {base register, constant register of its offset}. */
    private static int[] sharedAddress(InstructionForm f, int operand) throws PtxException {
        f.address(f.ops.get(operand), PtxStateSpace.SHARED);
        return new int[] {f.in.addrReg, f.parser.constantOf(f.in.addrOffset)};
    }
}
