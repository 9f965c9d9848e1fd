package org.gpumem.sim;

import java.util.HashMap;
import java.util.Map;

/**
 * The texture and surface objects of one device by handle, as cudaCreateTextureObject and
 * cudaCreateSurfaceObject make them: handles count from 1 (0 names no object, as in CUDA).
 * Objects are made and destroyed between launches; launches read the table from any worker.
 */
public final class TextureTable {
    private final Map<Long, TextureObject> objects = new HashMap<>();
    private long next = 1;

    /** Keeps {@code o} and returns its handle. */
    public synchronized long create(TextureObject o) {
        long handle = next++;
        objects.put(handle, o);
        return handle;
    }

    /** Forgets the object of {@code handle} if it is one of that kind; whether it was. */
    public synchronized boolean destroy(long handle, boolean surface) {
        TextureObject o = objects.get(handle);
        if (o == null || o.surface() != surface) {
            return false;
        }
        objects.remove(handle);
        return true;
    }

    /** The object of {@code handle}, or null. */
    public synchronized TextureObject get(long handle) {
        return objects.get(handle);
    }
}
