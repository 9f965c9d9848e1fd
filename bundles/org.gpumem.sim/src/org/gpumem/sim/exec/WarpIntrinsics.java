package org.gpumem.sim.exec;

import java.util.Arrays;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/** The instructions that exchange values between the lanes of a warp: shfl.sync, vote.sync, activemask. */
public final class WarpIntrinsics {
    private WarpIntrinsics() {
    }

    /**
     * {@code shfl.sync.mode d|p, a, b, c, membermask}: every lane reads {@code a} of its source
     * lane; {@code tmp} holds at least 64 longs (results are gathered before any is written).
     * A source lane with no live thread (past the end of a partial warp, or exited) gives an
     * undefined value, 0 here; a live source lane that does not execute the shfl is a fault.
     */
    static void shfl(Instruction in, long[] R, int m, long[] tmp, int live) {
        int a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5, mem = in.src[3] << 5;
        int d = in.dst[0] << 5;
        int p = in.dst.length > 1 ? in.dst[1] << 5 : -1;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int src = shflSource(in.mod, l, (int) (R[b | l] & 31), (int) (R[c | l] & 31),
                    (int) ((R[c | l] >>> 8) & 31));
            boolean pval = src >= 0;
            int j = pval ? src : l;
            int members = (int) R[mem | l];
            if ((members & (1 << l)) == 0) {
                throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, "shfl.sync executed by lane " + l
                        + " that is not in its member mask 0x" + Integer.toHexString(members));
            }
            if ((m & (1 << j)) == 0 && (live & (1 << j)) != 0) {
                throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, "shfl.sync lane " + l + " reads lane " + j
                        + ", which is not active");
            }
            tmp[l] = (m & (1 << j)) == 0 ? 0 : R[a | j] & 0xFFFF_FFFFL;
            tmp[32 + l] = pval ? 1 : 0;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = tmp[l];
            if (p >= 0) {
                R[p | l] = tmp[32 + l];
            }
        }
    }

    /**
     * The lane that lane {@code l} reads in shuffle {@code mode}, or -1 where it is out of range (the
     * lane keeps its own value, and its predicate is false): the one formula of the shuffle's lane
     * pattern, which the fast engine's loops in {@code LaneMemory} share.
     */
    public static int shflSource(int mode, int l, int bval, int cval, int segmask) {
        int maxLane = (l & segmask) | (cval & ~segmask);
        switch (mode) {
            case Op.SHFL_UP: {
                int j = l - bval;
                return j >= maxLane ? j : -1;
            }
            case Op.SHFL_DOWN: {
                int j = l + bval;
                return j <= maxLane ? j : -1;
            }
            case Op.SHFL_BFLY: {
                int j = l ^ bval;
                return j <= maxLane ? j : -1;
            }
            default: {
                int j = (l & segmask) | (bval & ~segmask);
                return j <= maxLane ? j : -1;
            }
        }
    }

    /** {@code vote.sync.mode}: all, any, uni or ballot over the predicate of the member lanes. */
    static void vote(Instruction in, long[] R, int m) {
        int a = in.src[0] << 5, mem = in.src[1] << 5;
        int ballot = ballot(R, a, (in.flags & Op.F_HI) != 0, m);
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int members = (int) R[mem | l] & m;
            R[d | l] = voteResult(in.mod, ballot & members, members);
        }
    }

    /** A lane's vote.sync result in {@code mode} where {@code b} of its {@code members} hold the predicate. */
    private static long voteResult(int mode, int b, int members) {
        switch (mode) {
            case Op.VOTE_ALL:
                return b == members ? 1 : 0;
            case Op.VOTE_ANY:
                return b != 0 ? 1 : 0;
            case Op.VOTE_UNI:
                return b == 0 || b == members ? 1 : 0;
            default:
                return b & 0xFFFF_FFFFL;
        }
    }

    /**
     * {@link #vote} whose member mask is every lane, known when the block was compiled (nvcc's
     * {@code mov.u32 %r8, -1} before it): false unless the warp is full.
     */
    static boolean voteAllMembers(long[] R, int d, int a, boolean negated, int mode, int m) {
        if (m != -1) {
            return false;
        }
        voteAllMembersFull(R, d, a, negated, mode);
        return true;
    }

    /** {@link #voteAllMembers} of a full warp: one ballot, one result for every lane. */
    static void voteAllMembersFull(long[] R, int d, int a, boolean negated, int mode) {
        Arrays.fill(R, d, d + 32, voteResult(mode, ballot(R, a, negated, -1), -1));
    }

    /**
     * The lanes of {@code m} whose predicate {@code R[a + lane]} (negated: whose negation) holds.
     * Without a branch per lane: predicates are data, and a mispredicted branch per lane costs more
     * than the vote.
     */
    private static int ballot(long[] R, int a, boolean negated, int m) {
        long neg = negated ? 1 : 0;
        int ballot = 0;
        if (m == -1) {
            for (int l = 0; l < 32; l++) {
                ballot |= (int) ((R[a + l] ^ neg) & 1) << l;
            }
            return ballot;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            ballot |= (int) ((R[a | l] ^ neg) & 1) << l;
        }
        return ballot;
    }

    /** {@code activemask.b32 d}: the lanes executing the top of the reconvergence stack. */
    static void activeMask(Instruction in, long[] R, int m, int active) {
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            R[d | Integer.numberOfTrailingZeros(mm)] = active & 0xFFFF_FFFFL;
        }
    }
}
