package org.gpumem.host.internal;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.TextureArray;
import org.gpumem.sim.TextureObject;
import org.gpumem.sim.TextureTable;

/**
 * Reads the runtime's texture and surface object messages (TEXTURE_CREATE, TEXTURE_DESTROY,
 * PROTOCOL.md) into the process's device's {@link TextureTable}, whose handles the runtime hands
 * to the program, and its descriptions of CUDA arrays (ARRAY_DESCRIBE).
 */
public final class TextureObjects {
    /** Levels a resource may have: a full mipmap chain of the largest extent CUDA allows. */
    private static final int MAX_LEVELS = 32;

    private TextureObjects() {
    }

    /** Reads a TEXTURE_CREATE request and keeps the object; its handle. */
    public static long create(MessageReader r, TextureTable table) throws ProtocolException {
        boolean surface = kind(r);
        int resourceType = r.u32();
        int[] bits = {r.u32(), r.u32(), r.u32(), r.u32()};
        int channelKind = r.u32();
        int n = r.u32();
        if (n < 1 || n > MAX_LEVELS || resourceType < 0 || resourceType > 3) {
            throw new ProtocolException("TEXTURE_CREATE of resource type " + resourceType + " with " + n + " levels");
        }
        List<TextureObject.Level> levels = levels(r, n);
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
        return table.create(new TextureObject(surface, resourceType, bits, channelKind, levels, arrayFlags, modes, filter,
                read, sRGB, border, normalized, anisotropy, mipFilter, bias, minClamp, maxClamp, seamless));
    }

    /** Reads an ARRAY_DESCRIBE request: the CUDA array the runtime allocated, as it describes it. */
    public static TextureArray array(MessageReader r) throws ProtocolException {
        long address = r.u64();
        long bytes = r.u64();
        int[] bits = {r.u32(), r.u32(), r.u32(), r.u32()};
        int channelKind = r.u32();
        long width = r.u64();
        long height = r.u64();
        long depth = r.u64();
        int flags = r.u32();
        int n = r.u32();
        if (n < 1 || n > MAX_LEVELS || bytes <= 0 || channelKind < 0 || channelKind > 2) {
            throw new ProtocolException("ARRAY_DESCRIBE of " + bytes + " bytes, channel kind " + channelKind + ", " + n
                    + " levels");
        }
        List<TextureObject.Level> levels = levels(r, n);
        r.end();
        return new TextureArray(address, bytes, bits, channelKind, width, height, depth, flags, levels);
    }

    /** Reads a TEXTURE_DESTROY request; whether the handle named an object of its kind. */
    public static boolean destroy(MessageReader r, TextureTable table) throws ProtocolException {
        boolean surface = kind(r);
        long handle = r.u64();
        r.end();
        return table.destroy(handle, surface);
    }

    private static boolean kind(MessageReader r) throws ProtocolException {
        int kind = r.u32();
        if (kind != 0 && kind != 1) {
            throw new ProtocolException(r.type() + " of object kind " + kind);
        }
        return kind == 1;
    }

    /** Reads n levels (address, extent in elements, row and slice pitch), as TEXTURE_CREATE and ARRAY_DESCRIBE carry them. */
    private static List<TextureObject.Level> levels(MessageReader r, int n) throws ProtocolException {
        List<TextureObject.Level> levels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            levels.add(new TextureObject.Level(r.u64(), r.u64(), r.u64(), r.u64(), r.u64(), r.u64()));
        }
        return levels;
    }

    private static float f32(MessageReader r) throws ProtocolException {
        return Float.intBitsToFloat(r.u32());
    }
}
