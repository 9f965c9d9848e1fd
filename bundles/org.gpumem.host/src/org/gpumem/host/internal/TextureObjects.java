package org.gpumem.host.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The texture and surface objects of one process, by the handle gpumem gave each
 * (TEXTURE_CREATE, PROTOCOL.md): what the runtime described of each resource (format, the levels
 * in device memory) and of its sampling, which the simulator's texture and surface instructions
 * read. Handles start at 1; 0 is no object, as in CUDA.
 */
public final class TextureObjects {
    /** One level of a resource: address, extent in elements (0 where it has fewer dimensions), pitches in bytes. */
    public record Level(long address, long width, long height, long depth, long rowPitch, long slicePitch) {
    }

    /**
     * A texture or surface object as the runtime described it.
     *
     * @param surface      a surface object (its sampling fields are zero)
     * @param resourceType cudaResourceType: 0 array, 1 mipmapped array, 2 linear, 3 pitch 2D
     * @param channelBits  bits of channels x, y, z, w (0: absent)
     * @param channelKind  cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float
     * @param levels       the resource's levels, the first the base level
     * @param arrayFlags   the array's cudaArray* flags (layered, surface load/store, cubemap, gather)
     * @param addressModes cudaTextureAddressMode per dimension: 0 wrap, 1 clamp, 2 mirror, 3 border
     * @param borderColor  the border color's four channels
     */
    public record TextureObject(boolean surface, int resourceType, int[] channelBits, int channelKind, List<Level> levels,
            int arrayFlags, int[] addressModes, int filterMode, int readMode, boolean sRGB, float[] borderColor,
            boolean normalizedCoords, int maxAnisotropy, int mipmapFilterMode, float mipmapLevelBias,
            float minMipmapLevelClamp, float maxMipmapLevelClamp, boolean seamlessCubemap) {
        public TextureObject {
            channelBits = channelBits.clone();
            levels = List.copyOf(levels);
            addressModes = addressModes.clone();
            borderColor = borderColor.clone();
        }
    }

    /** Levels a resource may have: a full mipmap chain of the largest extent CUDA allows. */
    private static final int MAX_LEVELS = 32;

    private final Map<Long, TextureObject> objects = Collections.synchronizedMap(new HashMap<>());
    private long next = 1;

    /** The object of this handle, or null. Any thread. */
    public TextureObject get(long handle) {
        return objects.get(handle);
    }

    /** Reads a TEXTURE_CREATE request and keeps the object; its handle. */
    long create(MessageReader r) throws ProtocolException {
        boolean surface = kind(r);
        int resourceType = r.u32();
        int[] bits = {r.u32(), r.u32(), r.u32(), r.u32()};
        int channelKind = r.u32();
        int n = r.u32();
        if (n < 1 || n > MAX_LEVELS || resourceType < 0 || resourceType > 3) {
            throw new ProtocolException("TEXTURE_CREATE of resource type " + resourceType + " with " + n + " levels");
        }
        List<Level> levels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            levels.add(new Level(r.u64(), r.u64(), r.u64(), r.u64(), r.u64(), r.u64()));
        }
        int arrayFlags = r.u32();
        int[] modes = {r.u32(), r.u32(), r.u32()};
        int filter = r.u32();
        int read = r.u32();
        boolean sRGB = r.u32() != 0;
        float[] border = {f32(r), f32(r), f32(r), f32(r)};
        boolean normalized = r.u32() != 0;
        int anisotropy = r.u32();
        int mipFilter = r.u32();
        float bias = f32(r);
        float minClamp = f32(r);
        float maxClamp = f32(r);
        boolean seamless = r.u32() != 0;
        // a resource view of the resource's own format (the runtime refuses others)
        r.u32();
        r.u64();
        r.u64();
        r.u64();
        r.u32();
        r.u32();
        r.u32();
        r.u32();
        r.end();
        TextureObject o = new TextureObject(surface, resourceType, bits, channelKind, levels, arrayFlags, modes, filter, read,
                sRGB, border, normalized, anisotropy, mipFilter, bias, minClamp, maxClamp, seamless);
        synchronized (objects) {
            long handle = next++;
            objects.put(handle, o);
            return handle;
        }
    }

    /** Reads a TEXTURE_DESTROY request; whether the handle named an object of its kind. */
    boolean destroy(MessageReader r) throws ProtocolException {
        boolean surface = kind(r);
        long handle = r.u64();
        r.end();
        synchronized (objects) {
            TextureObject o = objects.get(handle);
            if (o == null || o.surface() != surface) {
                return false;
            }
            objects.remove(handle);
            return true;
        }
    }

    private static boolean kind(MessageReader r) throws ProtocolException {
        int kind = r.u32();
        if (kind != 0 && kind != 1) {
            throw new ProtocolException(r.type() + " of object kind " + kind);
        }
        return kind == 1;
    }

    private static float f32(MessageReader r) throws ProtocolException {
        return Float.intBitsToFloat(r.u32());
    }
}
