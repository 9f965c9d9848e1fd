package org.gpumem.sim;

import java.util.List;

/**
 * A CUDA array (or mipmapped array) of a device: texture memory, which textures read and surfaces
 * write. Its bytes lie in the device's global memory at {@link #address()} in gpumem's own linear
 * layout, the one the texture and surface instructions read: each level's elements row after
 * row (rows {@code width * element} bytes), then slices or layers (a cubemap's faces are its
 * layers), levels one after the other. A GPU keeps arrays in an opaque, swizzled layout that
 * programs never see; gpumem shows its own.
 *
 * @param address     device address of the first byte (the allocation)
 * @param bytes       bytes of the allocation, all levels
 * @param channelBits bits of channels x, y, z, w (0: absent)
 * @param channelKind {@link TextureObject#SIGNED}, {@link TextureObject#UNSIGNED} or {@link TextureObject#FLOAT}
 * @param width       extent in elements as the program gave it
 * @param height      0 for a 1D array
 * @param depth       0 for a 2D array; the layers of a layered array, the faces of a cubemap
 * @param flags       the cudaArray* flags ({@link TextureObject#LAYERED}, {@link TextureObject#CUBEMAP}...)
 * @param levels      its levels (one for a plain array), the base level first
 */
public record TextureArray(long address, long bytes, int[] channelBits, int channelKind, long width, long height,
        long depth, int flags, List<TextureObject.Level> levels) {

    public TextureArray {
        channelBits = channelBits.clone();
        levels = List.copyOf(levels);
        if (channelBits.length != 4 || levels.isEmpty() || bytes <= 0) {
            throw new IllegalArgumentException("a CUDA array needs 4 channels, a level and bytes");
        }
    }

    @Override
    public int[] channelBits() {
        return channelBits.clone();
    }

    /** Whether {@code address} is one of its bytes. */
    public boolean contains(long deviceAddress) {
        return deviceAddress - address >= 0 && deviceAddress - address < bytes;
    }

    /** The element as CUDA's vector types name it: {@code float}, {@code uchar4}, {@code half2}... */
    public String format() {
        int channels = 0;
        while (channels < 4 && channelBits[channels] != 0) {
            channels++;
        }
        int bits = channelBits[0];
        String scalar = switch (channelKind) {
            case TextureObject.FLOAT -> bits == 16 ? "half" : "float";
            case TextureObject.SIGNED -> bits == 8 ? "char" : bits == 16 ? "short" : "int";
            default -> bits == 8 ? "uchar" : bits == 16 ? "ushort" : "uint";
        };
        return channels > 1 ? scalar + channels : scalar;
    }

    /**
     * {@code CUDA array float2, 64 x 32, 4 layers, 3 levels, 16384 bytes}: format, extent,
     * layers or faces, levels and bytes.
     */
    public String describe() {
        StringBuilder s = new StringBuilder("CUDA array ").append(format()).append(", ").append(width);
        if (height != 0) {
            s.append(" x ").append(height);
        }
        boolean layered = (flags & TextureObject.LAYERED) != 0;
        boolean cubemap = (flags & TextureObject.CUBEMAP) != 0;
        if (cubemap) {
            s.append(layered ? ", " + depth / 6 + " cubemaps" : ", cubemap");
        } else if (layered) {
            s.append(", ").append(depth).append(depth == 1 ? " layer" : " layers");
        } else if (depth != 0) {
            s.append(" x ").append(depth);
        }
        if (levels.size() > 1) {
            s.append(", ").append(levels.size()).append(" levels");
        }
        return s.append(", ").append(bytes).append(" bytes").toString();
    }
}
