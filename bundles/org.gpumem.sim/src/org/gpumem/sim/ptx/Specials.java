package org.gpumem.sim.ptx;

/**
 * Register indices of the PTX special registers in every function's register file. The
 * engine fills them when a warp or frame starts; {@link #FRAME} is the simulator's own: the
 * per-thread local-memory offset of the current function's frame, which local symbols
 * ({@code __local_depotN}) are relative to, and {@link #CC} holds each lane's carry flag (CC.CF of
 * add.cc/addc/sub.cc/subc/mad.cc/madc); neither can be named in PTX. Of the driver's environment
 * registers {@code %envreg0..31}, the two that cooperative groups read are modelled: the grid
 * barrier's workspace address, high word in {@link #ENVREG1} and low word in {@link #ENVREG2},
 * 0 in a launch that is not cooperative (whose {@code this_grid().sync()} then traps, as on a GPU).
 */
public final class Specials {
    private Specials() {
    }

    public static final int TID_X = 0, TID_Y = 1, TID_Z = 2, NTID_X = 3, NTID_Y = 4, NTID_Z = 5, CTAID_X = 6,
            CTAID_Y = 7, CTAID_Z = 8, NCTAID_X = 9, NCTAID_Y = 10, NCTAID_Z = 11, LANEID = 12, WARPID = 13,
            NWARPID = 14, LANEMASK_EQ = 15, LANEMASK_LT = 16, LANEMASK_LE = 17, LANEMASK_GT = 18,
            LANEMASK_GE = 19, SMID = 20, NSMID = 21, GRIDID = 22, FRAME = 23, DYNAMIC_SMEM_SIZE = 24,
            TOTAL_SMEM_SIZE = 25, WARPSZ = 26, CC = 27, ENVREG1 = 28, ENVREG2 = 29;
    public static final int COUNT = 30;

    static final String[] NAMES = {"%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z", "%ctaid.x",
        "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z", "%laneid", "%warpid", "%nwarpid",
        "%lanemask_eq", "%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge", "%smid", "%nsmid",
        "%gridid", "%frame", "%dynamic_smem_size", "%total_smem_size", "WARP_SZ", "%cc", "%envreg1", "%envreg2"};

    /** The index of a special register name ({@code %tid.x}), or -1. */
    public static int indexOf(String name) {
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i].equals(name) && i != FRAME && i != CC) {
                return i;
            }
        }
        return -1;
    }

    public static String name(int index) {
        return NAMES[index];
    }
}
