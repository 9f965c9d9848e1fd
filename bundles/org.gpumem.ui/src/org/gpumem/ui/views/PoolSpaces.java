package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;

import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Storage;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressingException;
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
     * The variables of the pool's state that lie in the pool (a static location in a space that
     * reaches it directly, resolved from the pool's context), by offset: a CUDA program's
     * allocations and {@code __device__} variables in the global pool, a launch file's buffers.
     */
    static List<Variable> variables(Pool pool) {
        List<Variable> in = new ArrayList<>();
        if (!(EcoreUtil.getRootContainer(pool) instanceof MemoryState state) || state.getVariables().isEmpty()) {
            return in;
        }
        List<AddressSpace> spaces = direct(pool);
        for (Variable v : state.getVariables()) {
            if (v.getSpace() != null && spaces.contains(v.getSpace()) && lies(v, pool)) {
                in.add(v);
            }
        }
        in.sort(Comparator.comparingLong(Variable::getOffset));
        return in;
    }

    private static boolean lies(Variable v, Pool pool) {
        try {
            return AddressResolver.resolve(pool.getOwner(), v.getSpace(), v.getOffset()).pool() == pool;
        } catch (AddressingException e) {
            // not reachable from the pool's context (another context's space): not one of its variables
            return false;
        }
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
