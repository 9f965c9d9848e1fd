package org.gpumem.sim.memory;

/**
 * Where the non-global state spaces appear in the generic (flat) address space. Like real
 * NVIDIA GPUs, shared and local memory are visible through fixed windows high in the 64-bit
 * generic space, and global addresses are generic addresses unchanged. Each window is 4 GiB
 * (the shared, local, const and param spaces use 32-bit offsets) and maps window offset N to
 * offset N of the space as seen by the current context: the CTA of the accessing thread for
 * shared, the accessing thread itself for local.
 *
 * <pre>
 *   0x0000_0001_0000_0000 ..          global allocations (Device), 256-byte aligned, with
 *                                     256-byte unmapped gaps between them
 *   0x0000_7F00_0000_0000 + offset    shared window
 *   0x0000_7F01_0000_0000 + offset    local window
 *   0x0000_7F02_0000_0000 + offset    const window (module .const banks, read-only)
 *   0x0000_7F03_0000_0000 + offset    param window (kernel parameters, read-only)
 * </pre>
 *
 * {@code cvta.shared x} is {@code SHARED_BASE + x}; {@code cvta.to.shared g} is
 * {@code g - SHARED_BASE} (and likewise for local, const, param); {@code cvta.global} and
 * {@code cvta.to.global} are the identity.
 */
public final class GenericWindows {
    /** Size of every window. */
    public static final long WINDOW_SIZE = 1L << 32;
    public static final long SHARED_BASE = 0x0000_7F00_0000_0000L;
    public static final long LOCAL_BASE = SHARED_BASE + WINDOW_SIZE;
    public static final long CONST_BASE = LOCAL_BASE + WINDOW_SIZE;
    public static final long PARAM_BASE = CONST_BASE + WINDOW_SIZE;
    /** First address the global allocator hands out. */
    public static final long GLOBAL_BASE = 0x0000_0001_0000_0000L;

    private GenericWindows() {
    }

    /** The window base for a space, or 0 for global (identity) and generic. */
    public static long base(AddressSpace space) {
        switch (space) {
            case SHARED:
                return SHARED_BASE;
            case LOCAL:
                return LOCAL_BASE;
            case CONST:
                return CONST_BASE;
            case PARAM:
                return PARAM_BASE;
            default:
                return 0;
        }
    }

    /** The space a generic address resolves to; everything outside the windows is global. */
    public static AddressSpace resolve(long generic) {
        long w = generic - SHARED_BASE;
        if (w >= 0 && w < 4 * WINDOW_SIZE) {
            switch ((int) (w >>> 32)) {
                case 0:
                    return AddressSpace.SHARED;
                case 1:
                    return AddressSpace.LOCAL;
                case 2:
                    return AddressSpace.CONST;
                default:
                    return AddressSpace.PARAM;
            }
        }
        return AddressSpace.GLOBAL;
    }
}
