package org.gpumem.ui.memory;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Pool;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.Contexts;

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
        this.length = AddressResolver.extent(context, space);
    }

    public Context context() {
        return context;
    }

    public AddressSpace space() {
        return space;
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
