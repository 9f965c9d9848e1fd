package org.gpumem.ui.memory;

import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Pool;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.PoolAddress;

/**
 * An address space of the gpumem model seen from one context; reads follow the space's access
 * pattern through the model's alias arithmetic ({@link AddressResolver}).
 */
public final class ModelSpaceReader implements SpaceReader {

    private final Context context;
    private final AddressSpace space;
    private final long length;

    public ModelSpaceReader(Context context, AddressSpace space) {
        this.context = context;
        this.space = space;
        this.length = extent(context, space);
    }

    public Context context() {
        return context;
    }

    public AddressSpace space() {
        return space;
    }

    /**
     * Bytes a linear or lane-interleaved space reaches in its pool; a windowed or strided space
     * spans its whole address range (unreachable offsets read as errors).
     */
    private static long extent(Context context, AddressSpace space) {
        AccessPattern access = space.getAccess();
        try {
            if (access instanceof LinearAccess linear) {
                PoolAddress first = AddressResolver.resolve(context, space, 0);
                return Math.max(0, first.pool().getSize() - linear.getBase());
            }
            if (access instanceof InterleavedAccess interleaved) {
                Pool pool = AddressResolver.resolve(context, space, 0).pool();
                return pool.getSize() / interleaved.getLaneCount();
            }
        } catch (IllegalArgumentException notReachableFromHere) {
            return 0;
        }
        return AddressSpaces.mask(space.getAddressBits());
    }

    @Override
    public String spaceName() {
        return space.getName();
    }

    @Override
    public int addressBits() {
        return space.getAddressBits();
    }

    @Override
    public String contextLabel() {
        return Contexts.describe(context);
    }

    @Override
    public long start() {
        return 0;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public void read(long address, byte[] dst, int off, int len) {
        AddressResolver.read(context, space, address, dst, off, len);
    }

    @Override
    public long version() {
        long version = 0;
        for (Context c = context; c != null; c = c.getParent()) {
            for (Pool pool : c.getPools()) {
                if (pool.getSource() != null) {
                    version += pool.getSource().version();
                }
            }
        }
        return version;
    }
}
