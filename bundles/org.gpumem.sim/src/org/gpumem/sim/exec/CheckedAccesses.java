package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.scalar.TypeWidths.MASK;
import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.shadow.CtaShadow;

/**
 * What the interpreter tells a CTA's memory checks ({@link CtaShadow}) about an instruction of a
 * checked launch before it executes: each lane's access with its space resolved (generic
 * addresses through the device's windows), and the warp synchronisations and fences. Only
 * checked launches come here: the interpreter asks once per instruction whether its CTA has
 * checks, and the fast engine's compiled blocks of a checked launch call
 * {@link Interpreter#checkBefore} before each instruction {@link #observes} lists, so the checks
 * see every access as the interpreter would execute it.
 */
public final class CheckedAccesses {
    private CheckedAccesses() {
    }

    /**
     * Whether {@link #before} tells the checks something about {@code in}: a load, store or
     * atomic outside the constant and parameter spaces, cp.async, an mbarrier or bulk copy, a
     * fence or a warp synchronisation. The fast engine's compiled blocks of a checked launch show
     * the checks only these, so every case of {@link #before} must be listed here.
     */
    public static boolean observes(Instruction in) {
        switch (in.op) {
            case Op.LD:
            case Op.ST:
            case Op.ATOM:
            case Op.RED:
                return in.space != PtxStateSpace.CONST && in.space != PtxStateSpace.PARAM;
            case Op.CP_ASYNC:
            case Op.MBARRIER:
            case Op.CP_ASYNC_BULK:
            case Op.FENCE:
            case Op.BAR_WARP:
            case Op.SHFL:
            case Op.VOTE:
            case Op.MATCH:
            case Op.REDUX:
                return true;
            default:
                return false;
        }
    }

    /** Whether {@link #before} tells the checks of a warp synchronisation ({@link #warpSync}) for {@code op}. */
    private static boolean synchronisesWarp(int op) {
        return op == Op.BAR_WARP || op == Op.SHFL || op == Op.VOTE || op == Op.MATCH || op == Op.REDUX;
    }

    /** Instruction {@code in} of frame {@code f}, about to execute for lanes {@code m} of warp {@code w}. */
    static void before(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m) {
        if (!checks.checksAccesses() && !synchronisesWarp(in.op)) {
            // only synccheck or leakcheck: accesses and fences change nothing they look at
            return;
        }
        switch (in.op) {
            case Op.LD:
                accesses(checks, cta, w, f, in, R, m, CtaShadow.READ, loadFlags(in), SIZE[in.type] * in.vec, in.addrReg,
                        in.addrOffset, in.space, false, in.dst[0]);
                return;
            case Op.ST:
                accesses(checks, cta, w, f, in, R, m, CtaShadow.WRITE, storeFlags(in), SIZE[in.type] * in.vec, in.addrReg,
                        in.addrOffset, in.space, true, in.src[0]);
                return;
            case Op.ATOM:
            case Op.RED:
                accesses(checks, cta, w, f, in, R, m, CtaShadow.ATOMIC, atomicFlags(in),
                        SIZE[in.type] * Math.max(1, in.vec), in.addrReg, in.addrOffset, in.space, false, -1);
                return;
            case Op.CP_ASYNC:
                copyAsync(checks, cta, w, f, in, R, m);
                return;
            case Op.MBARRIER:
                mbarrier(checks, cta, w, f, in, R, m);
                return;
            case Op.CP_ASYNC_BULK:
                bulkCopy(checks, cta, w, f, in, R, m);
                return;
            case Op.FENCE:
                checks.fence(w.id, m);
                return;
            case Op.BAR_WARP:
                warpSync(checks, cta, w, f, in, R, m, in.src[0]);
                return;
            case Op.SHFL:
                warpSync(checks, cta, w, f, in, R, m, in.src[3]);
                return;
            case Op.VOTE:
            case Op.MATCH:
            case Op.REDUX:
                warpSync(checks, cta, w, f, in, R, m, in.src[1]);
                return;
            default:
        }
    }

    /** Lanes {@code m} of warp {@code w} arrive at barrier instruction {@code in} (bar.sync, bar.arrive, bar.red). */
    static void barrier(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m) {
        int first = Integer.numberOfTrailingZeros(m);
        long id = R[in.src[0] << 5 | first] & 0xffffffffL;
        boolean counted = in.mod2 == Op.BAR_COUNTED;
        long count = counted ? R[in.src[1] << 5 | first] & 0xffffffffL : 0;
        boolean agree = true;
        if (m == -1) {
            // a full warp (the common case): the loop below in straight loops
            agree = sameInEveryLane(R, in.src[0], (int) id) && (!counted || sameInEveryLane(R, in.src[1], (int) count));
        } else {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                agree &= (R[in.src[0] << 5 | l] & 0xffffffffL) == id
                        && (!counted || (R[in.src[1] << 5 | l] & 0xffffffffL) == count);
            }
        }
        boolean waits = in.mod != Op.BAR_ARRIVE;
        // bar.sync and barrier.sync.aligned without a count (__syncthreads): every thread of the
        // CTA executes this very instruction; barrier.sync and counted barriers may meet elsewhere
        boolean aligned = (in.flags & Op.F_ALIGNED) != 0 && !counted;
        checks.barrierArrive(w.id, m, (int) id, waits, waits && aligned, agree, site(cta, f, in));
    }

    private static int site(Cta cta, Frame f, Instruction in) {
        return cta.launch.shadow.site(f.fn.index(), in.index);
    }

    private static int loadFlags(Instruction in) {
        return in.order == Op.ORDER_WEAK ? 0
                : CtaShadow.STRONG | (in.order == Op.ORDER_ACQUIRE ? CtaShadow.ACQUIRE : 0);
    }

    private static int storeFlags(Instruction in) {
        return in.order == Op.ORDER_WEAK ? 0
                : CtaShadow.STRONG | (in.order == Op.ORDER_RELEASE ? CtaShadow.RELEASE : 0);
    }

    private static int atomicFlags(Instruction in) {
        int flags = CtaShadow.STRONG;
        if (in.order == Op.ORDER_RELEASE || in.order == Op.ORDER_ACQ_REL) {
            flags |= CtaShadow.RELEASE;
        }
        if (in.order == Op.ORDER_ACQUIRE || in.order == Op.ORDER_ACQ_REL) {
            flags |= CtaShadow.ACQUIRE;
        }
        return flags;
    }

    /**
     * One access per lane of {@code m}: {@code size} bytes at register {@code addrReg} plus
     * {@code offset} in {@code space}, told to the checks as one warp instruction (each lane's
     * address and stored value in the CTA's lane arrays) when every lane's generic address
     * resolves to the same space, else lane by lane.
     */
    private static void accesses(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m, int op,
            int flags, int size, int addrReg, long offset, PtxStateSpace space, boolean store, int register) {
        if (space == PtxStateSpace.CONST || space == PtxStateSpace.PARAM) {
            return;
        }
        StateSpaceLayout layout = cta.launch.layout;
        int site = site(cta, f, in);
        long[] addresses = checks.laneAddresses();
        long[] values = checks.laneValues();
        if (space != PtxStateSpace.GENERIC && !store) {
            // no space to resolve and no value to tell (the checks look at no value but a store's): only
            // the addresses, a full warp's in a straight loop
            laneAddresses(addresses, R, addrReg, offset, m);
            checks.accesses(op, flags, space, size, w.id, m, site, register);
            return;
        }
        PtxStateSpace resolved = null;
        boolean mixed = false;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = R[addrReg << 5 | l] + offset;
            if (space == PtxStateSpace.GENERIC) {
                PtxStateSpace s = layout.resolve(addr);
                if (s != PtxStateSpace.GLOBAL) {
                    addr -= layout.base(s);
                }
                mixed |= resolved != null && s != resolved;
                resolved = s;
            }
            addresses[l] = addr;
            values[l] = store && size <= 8 ? stored(in, R, l) : 0;
        }
        if (!mixed) {
            checks.accesses(op, flags, space == PtxStateSpace.GENERIC ? resolved : space, size, w.id, m, site, register);
            return;
        }
        // generic addresses in different spaces: each lane its own
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            checks.access(op, flags, layout.resolve(R[addrReg << 5 | l] + offset), addresses[l], size, w.id, l, site,
                    values[l], register);
        }
    }

    /** Into {@code addresses}, by lane, each lane of {@code m}'s register {@code addrReg} plus {@code offset}. */
    private static void laneAddresses(long[] addresses, long[] R, int addrReg, long offset, int m) {
        int base = addrReg << 5;
        if (m == -1) {
            for (int l = 0; l < 32; l++) {
                addresses[l] = R[base + l] + offset;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            addresses[l] = R[base + l] + offset;
        }
    }

    /** What lane {@code l}'s st of at most 8 bytes writes, its elements packed little-endian. */
    private static long stored(Instruction in, long[] R, int l) {
        if (in.vec > 1) {
            return CtaMemory.packed(in, R, l);
        }
        return R[in.src[0] << 5 | l] & MASK[in.type];
    }

    /** cp.async reads global memory and writes shared memory. */
    private static void copyAsync(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m) {
        int size = in.vec;
        int site = site(cta, f, in);
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long src = R[in.addrReg << 5 | l] + in.addrOffset;
            long dst = R[in.src[0] << 5 | l] + in.dstAddrOffset;
            long valid = in.src.length > 1 ? Math.min(R[in.src[1] << 5 | l] & 0xFFFF_FFFFL, size) : size;
            if (valid > 0) {
                checks.access(CtaShadow.READ, 0, PtxStateSpace.GLOBAL, src, (int) valid, w.id, l, site, 0, -1);
            }
            checks.access(CtaShadow.WRITE, 0, PtxStateSpace.SHARED, dst, size, w.id, l, site, 0, -1);
        }
    }

    /**
     * An mbarrier instruction is a strong access of the barrier's 8 bytes: init and inval write
     * them, arrivals and expected or completed bytes release what the thread knows there, and
     * test_wait/try_wait acquire it (their default .release and .acquire semantics), so the
     * threads that waited for a phase know what every thread that arrived in it knew.
     */
    private static void mbarrier(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m) {
        int op, flags;
        switch (in.mod) {
            case Op.MBAR_PENDING_COUNT:
                return;
            case Op.MBAR_INIT:
            case Op.MBAR_INVAL:
                op = CtaShadow.WRITE;
                flags = CtaShadow.STRONG;
                break;
            case Op.MBAR_TEST_WAIT:
            case Op.MBAR_TRY_WAIT:
                op = CtaShadow.READ;
                flags = CtaShadow.STRONG | CtaShadow.ACQUIRE;
                break;
            default:
                op = CtaShadow.ATOMIC;
                flags = CtaShadow.STRONG | CtaShadow.RELEASE;
        }
        accesses(checks, cta, w, f, in, R, m, op, flags, 8, in.addrReg, in.addrOffset, in.space, false, -1);
    }

    /** A bulk copy reads its source, writes its destination, and (into shared memory) completes its bytes on an mbarrier. */
    private static void bulkCopy(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m) {
        int site = site(cta, f, in);
        boolean toShared = in.mod == Op.BULK_TO_SHARED;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long shared = (R[in.src[0] << 5 | l] + R[in.src[1] << 5 | l]) & 0xFFFF_FFFFL;
            int size = (int) Math.min(R[in.src[2] << 5 | l] & 0xFFFF_FFFFL, Integer.MAX_VALUE);
            long other = (R[in.addrReg << 5 | l] + in.addrOffset) & in.addrMask;
            if (toShared) {
                checks.access(CtaShadow.READ, 0, in.space, other, size, w.id, l, site, 0, -1);
                checks.access(CtaShadow.WRITE, 0, PtxStateSpace.SHARED, shared, size, w.id, l, site, 0, -1);
                long barrier = (R[in.src[3] << 5 | l] + R[in.src[4] << 5 | l]) & 0xFFFF_FFFFL;
                checks.access(CtaShadow.ATOMIC, CtaShadow.STRONG | CtaShadow.RELEASE, PtxStateSpace.SHARED, barrier, 8, w.id, l,
                        site, 0, -1);
            } else {
                checks.access(CtaShadow.READ, 0, PtxStateSpace.SHARED, shared, size, w.id, l, site, 0, -1);
                checks.access(CtaShadow.WRITE, 0, PtxStateSpace.GLOBAL, other, size, w.id, l, site, 0, -1);
            }
        }
    }

    /**
     * A warp synchronisation of lanes {@code m}, each naming the lanes it meets in its member mask.
     * Lanes may name different masks in one instruction (cooperative groups' tiles: each tile its
     * own lanes); each group of lanes giving the same mask synchronises on its own.
     */
    private static void warpSync(CtaShadow checks, Cta cta, Warp w, Frame f, Instruction in, long[] R, int m, int maskReg) {
        int site = site(cta, f, in);
        if (m == -1 && sameInEveryLane(R, maskReg, (int) R[maskReg << 5])) {
            // a full warp naming one mask (the common case): one group, found in a straight loop
            checks.warpSync(w.id, m, (int) R[maskReg << 5], true, w.liveMask, site);
            return;
        }
        for (int left = m; left != 0;) {
            int mask = (int) R[maskReg << 5 | Integer.numberOfTrailingZeros(left)];
            int group = 0;
            for (int mm = left; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                if ((int) R[maskReg << 5 | l] == mask) {
                    group |= 1 << l;
                }
            }
            checks.warpSync(w.id, group, mask, true, w.liveMask, site);
            left &= ~group;
        }
    }

    /** Whether every lane's register {@code reg} holds {@code value} in its low 32 bits. */
    private static boolean sameInEveryLane(long[] R, int reg, int value) {
        boolean same = true;
        for (int at = reg << 5; at < (reg + 1) << 5; at++) {
            same &= (int) R[at] == value;
        }
        return same;
    }
}
