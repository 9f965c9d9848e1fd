package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Pool;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Storage;
import org.gpumem.model.Target;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.model.memory.PagedByteSource;

/** Which address spaces reach a pool directly, and how much of a pool holds data. */
final class PoolSpaces {

    private static final int STEP = 4096;

    private PoolSpaces() {
    }

    /** Spaces whose access pattern lands in the pool's storage without a window in between. */
    static List<AddressSpace> direct(Pool pool) {
        List<AddressSpace> spaces = new ArrayList<>();
        if (!(pool.getStorage().eContainer() instanceof Target target)) {
            return spaces;
        }
        for (AddressSpace space : target.getAddressSpaces()) {
            if (storage(space.getAccess()) == pool.getStorage()) {
                spaces.add(space);
            }
        }
        return spaces;
    }

    /**
     * The space to open a pool in: one whose scope is the pool's own (so the whole pool is seen
     * as stored, e.g. local_warp / private_wave for a per-warp pool), else the first direct one.
     */
    static AddressSpace opening(Pool pool) {
        List<AddressSpace> spaces = direct(pool);
        for (AddressSpace space : spaces) {
            if (space.getScope() == pool.getOwner().getScope() && space.getAccess() instanceof LinearAccess) {
                return space;
            }
        }
        return spaces.isEmpty() ? null : spaces.get(0);
    }

    private static Storage storage(AccessPattern access) {
        if (access instanceof LinearAccess a) {
            return a.getStorage();
        }
        if (access instanceof InterleavedAccess a) {
            return a.getStorage();
        }
        if (access instanceof StridedAccess a) {
            return a.getStorage();
        }
        return null;
    }

    /**
     * Bytes of the pool that hold data: allocated pages of sparse storage, else the bytes the
     * source does not declare as known zero ({@link ByteSource#nextPopulated}).
     */
    static long inUse(Pool pool) {
        ByteSource source = pool.getSource();
        if (source == null) {
            return 0;
        }
        if (source instanceof PagedByteSource paged) {
            return Math.min(source.size(), (long) paged.allocatedPages() * paged.pageSize());
        }
        long size = source.size();
        long used = 0;
        for (long offset = source.nextPopulated(0); offset < size; offset = source.nextPopulated(offset + STEP)) {
            used += Math.min(STEP, size - offset);
        }
        return used;
    }
}
