package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/** The instructions that exchange values between the lanes of a warp: shfl.sync, vote.sync, activemask. */
final class WarpIntrinsics {
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
            int bval = (int) (R[b | l] & 31);
            int cval = (int) (R[c | l] & 31);
            int segmask = (int) ((R[c | l] >>> 8) & 31);
            int maxLane = (l & segmask) | (cval & ~segmask);
            int minLane = l & segmask;
            int j;
            boolean pval;
            switch (in.mod) {
                case Op.SHFL_UP:
                    j = l - bval;
                    pval = j >= maxLane;
                    break;
                case Op.SHFL_DOWN:
                    j = l + bval;
                    pval = j <= maxLane;
                    break;
                case Op.SHFL_BFLY:
                    j = l ^ bval;
                    pval = j <= maxLane;
                    break;
                default:
                    j = minLane | (bval & ~segmask);
                    pval = j <= maxLane;
                    break;
            }
            if (!pval) {
                j = l;
            }
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

    /** {@code vote.sync.mode}: all, any, uni or ballot over the predicate of the member lanes. */
    static void vote(Instruction in, long[] R, int m) {
        int a = in.src[0] << 5, mem = in.src[1] << 5;
        boolean neg = (in.flags & Op.F_HI) != 0;
        int ballot = 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (((R[a | l] & 1) != 0) != neg) {
                ballot |= 1 << l;
            }
        }
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int members = (int) R[mem | l] & m;
            int b = ballot & members;
            long r;
            switch (in.mod) {
                case Op.VOTE_ALL:
                    r = b == members ? 1 : 0;
                    break;
                case Op.VOTE_ANY:
                    r = b != 0 ? 1 : 0;
                    break;
                case Op.VOTE_UNI:
                    r = b == 0 || b == members ? 1 : 0;
                    break;
                default:
                    r = b & 0xFFFF_FFFFL;
                    break;
            }
            R[d | l] = r;
        }
    }

    /** {@code activemask.b32 d}: the lanes executing the top of the reconvergence stack. */
    static void activeMask(Instruction in, long[] R, int m, int active) {
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            R[d | Integer.numberOfTrailingZeros(mm)] = active & 0xFFFF_FFFFL;
        }
    }
}
