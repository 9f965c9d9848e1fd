package org.gpumem.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The texture and surface objects of one device by handle, as cudaCreateTextureObject and
 * cudaCreateSurfaceObject make them: handles count from 1 (0 names no object, as in CUDA).
 * It also keeps the device's CUDA arrays ({@link TextureArray}), the texture memory those objects
 * read, by address, so that a stopped state shows them as the texture space.
 * Objects are made and destroyed between launches; launches read the table from any worker.
 */
public final class TextureTable {
    private final Map<Long, TextureObject> objects = new HashMap<>();
    private final TreeMap<Long, TextureArray> arrays = new TreeMap<>();
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

    /** Keeps {@code a}, a CUDA array the runtime allocated. */
    public synchronized void addArray(TextureArray a) {
        arrays.put(a.address(), a);
    }

    /** Forgets the CUDA array at {@code address}; whether there was one. */
    public synchronized boolean removeArray(long address) {
        return arrays.remove(address) != null;
    }

    /** The CUDA arrays, by address. */
    public synchronized List<TextureArray> arrays() {
        return new ArrayList<>(arrays.values());
    }

    /** The CUDA array holding device address {@code address}, or null. */
    public synchronized TextureArray arrayAt(long address) {
        Map.Entry<Long, TextureArray> e = arrays.floorEntry(address);
        return e != null && e.getValue().contains(address) ? e.getValue() : null;
    }
}
