package org.gpumem.sim.ptx;

/**
 * Register indices of the PTX special registers in every function's register file. The
 * engine fills them when a warp or frame starts; {@link #FRAME} is the simulator's own: the
 * per-thread local-memory offset of the current function's frame, which local symbols
 * ({@code __local_depotN}) are relative to, and {@link #CC} holds each lane's carry flag (CC.CF of
 * add.cc/addc/sub.cc/subc/mad.cc/madc); neither can be named in PTX. Of the driver's environment
 * registers {@code %envreg0..31}, the two that cooperative groups read are modelled: the grid
 * barrier's workspace address, high word in {@link #ENVREG1} and low word in {@link #ENVREG2},
 * 0 in a launch that is not cooperative (whose {@code this_grid().sync()} then traps, as on a GPU);
 * the others, which the PTX ISA leaves to the driver, read 0 ({@link #constantValue}).
 * <p>
 * The driver's reserved shared memory ({@code %reserved_smem_offset_begin/end/cap/0/1}, sm_80
 * on: what cooperative groups keep their barriers and collectives' scratch in) is laid out by
 * the launch: in a module that reads one of them, each CTA's shared memory has
 * {@link org.gpumem.sim.DeviceFacts#reservedSharedBytesPerBlock()} (1 KiB) more after its static
 * and dynamic shared memory, at the next 16-byte boundary: {@code _begin} and {@code _0} are its
 * offset, {@code _1} its middle (512 bytes each for the two offsets), {@code _cap} its size and
 * {@code _end} {@code _begin + _cap}. {@code %total_smem_size} does not count it.
 * <p>
 * Clusters (sm_90): a launch without a cluster is a grid of clusters of one CTA, so
 * {@code %cluster_ctaid} is 0, {@code %cluster_nctaid} 1, {@code %cluster_ctarank} 0,
 * {@code %cluster_nctarank} 1, {@code %is_explicit_cluster} false, and {@code %clusterid} and
 * {@code %nclusterid} are {@code %ctaid} and {@code %nctaid} ({@link #alias}).
 */
public final class Specials {
    private Specials() {
    }

    public static final int TID_X = 0, TID_Y = 1, TID_Z = 2, NTID_X = 3, NTID_Y = 4, NTID_Z = 5, CTAID_X = 6,
            CTAID_Y = 7, CTAID_Z = 8, NCTAID_X = 9, NCTAID_Y = 10, NCTAID_Z = 11, LANEID = 12, WARPID = 13,
            NWARPID = 14, LANEMASK_EQ = 15, LANEMASK_LT = 16, LANEMASK_LE = 17, LANEMASK_GT = 18,
            LANEMASK_GE = 19, SMID = 20, NSMID = 21, GRIDID = 22, FRAME = 23, DYNAMIC_SMEM_SIZE = 24,
            TOTAL_SMEM_SIZE = 25, WARPSZ = 26, CC = 27, ENVREG1 = 28, ENVREG2 = 29, RESERVED_SMEM_BEGIN = 30,
            RESERVED_SMEM_END = 31, RESERVED_SMEM_CAP = 32, RESERVED_SMEM_0 = 33, RESERVED_SMEM_1 = 34;
    public static final int COUNT = 35;

    static final String[] NAMES = {"%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z", "%ctaid.x",
        "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z", "%laneid", "%warpid", "%nwarpid",
        "%lanemask_eq", "%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge", "%smid", "%nsmid",
        "%gridid", "%frame", "%dynamic_smem_size", "%total_smem_size", "WARP_SZ", "%cc", "%envreg1", "%envreg2",
        "%reserved_smem_offset_begin", "%reserved_smem_offset_end", "%reserved_smem_offset_cap",
        "%reserved_smem_offset_0", "%reserved_smem_offset_1"};

    /** Whether register {@code r} of a function is one of the reserved shared memory's. */
    public static boolean isReservedShared(int r) {
        return r >= RESERVED_SMEM_BEGIN && r <= RESERVED_SMEM_1;
    }

    /**
     * The value of a special register that is the same in every launch ({@code %envreg} other
     * than 1 and 2: 0; the cluster registers of a cluster of one CTA), or null when {@code name}
     * is none of them.
     */
    static Long constantValue(String name) {
        if (name.startsWith("%envreg") && name.matches("%envreg([0-9]|[12][0-9]|3[01])")) {
            return 0L;
        }
        switch (name) {
            case "%cluster_ctaid.x", "%cluster_ctaid.y", "%cluster_ctaid.z", "%cluster_ctarank", "%is_explicit_cluster":
                return 0L;
            case "%cluster_nctaid.x", "%cluster_nctaid.y", "%cluster_nctaid.z", "%cluster_nctarank":
                return 1L;
            default:
                return null;
        }
    }

    /** The register a cluster register of a cluster of one CTA is ({@code %clusterid.x} is {@code %ctaid.x}), or -1. */
    static int alias(String name) {
        switch (name) {
            case "%clusterid.x": return CTAID_X;
            case "%clusterid.y": return CTAID_Y;
            case "%clusterid.z": return CTAID_Z;
            case "%nclusterid.x": return NCTAID_X;
            case "%nclusterid.y": return NCTAID_Y;
            case "%nclusterid.z": return NCTAID_Z;
            default: return -1;
        }
    }

    /** Whether {@code name} is a cluster register (sm_90 on). */
    static boolean isCluster(String name) {
        return name.startsWith("%cluster") || name.startsWith("%ncluster") || name.equals("%is_explicit_cluster");
    }

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
