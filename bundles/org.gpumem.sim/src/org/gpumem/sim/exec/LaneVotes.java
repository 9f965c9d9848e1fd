package org.gpumem.sim.exec;

import org.gpumem.sim.ptx.Op;

/**
 * The fast engine's {@code vote.sync}: what {@link WarpIntrinsics#vote} computes (each lane of
 * the mask combines the predicates of the lanes of the mask that are in its member mask, inactive
 * members counting as absent), on register offsets passed as constants, the ballot gathered
 * without a branch per lane and the mode chosen once for the warp rather than per lane.
 */
final class LaneVotes {
    private LaneVotes() {
    }

    /** {@code vote.sync.mode d, [!]a, mem} for the lanes of {@code m}; {@code neg} when {@code a} is negated. */
    static void vote(long[] R, int d, int a, int mem, boolean neg, int mode, int m) {
        long flip = neg ? 1 : 0;
        int ballot = 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            ballot |= (int) ((R[a | l] ^ flip) & 1) << l;
        }
        if (mode == Op.VOTE_BALLOT) {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                R[d | l] = (ballot & (int) R[mem | l] & m) & 0xFFFF_FFFFL;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int members = (int) R[mem | l] & m;
            int set = ballot & members;
            boolean r = mode == Op.VOTE_ALL ? set == members : mode == Op.VOTE_ANY ? set != 0 : set == 0 || set == members;
            R[d | l] = r ? 1 : 0;
        }
    }
}
