package org.gpumem.sim;

import java.util.List;

/**
 * A texture or surface object of a device, as CUDA's runtime describes one: the resource (its
 * format and its levels in global memory) and, for a texture, how to sample it. The texture and
 * surface instructions ({@code tex}, {@code tld4}, {@code txq}, {@code suld}, {@code sust},
 * {@code suq}) name it by the handle its device's {@link TextureTable} gave it.
 *
 * @param surface          a surface object (its sampling fields are zero)
 * @param resourceType     {@link #ARRAY}, {@link #MIPMAPPED_ARRAY}, {@link #LINEAR} or {@link #PITCH_2D}
 *                         (cudaResourceType)
 * @param channelBits      bits of channels x, y, z, w (0: absent)
 * @param channelKind      {@link #SIGNED}, {@link #UNSIGNED} or {@link #FLOAT} (cudaChannelFormatKind)
 * @param levels           the resource's levels, the base level first
 * @param arrayFlags       the array's cudaArray* flags: {@link #LAYERED}, {@link #CUBEMAP}...
 * @param addressModes     per dimension: {@link #WRAP}, {@link #CLAMP}, {@link #MIRROR}, {@link #BORDER}
 * @param filterMode       {@link #POINT} or {@link #LINEAR_FILTER}
 * @param readMode         {@link #ELEMENT_TYPE} or {@link #NORMALIZED_FLOAT}
 * @param borderColor      the border color's four channels
 * @param mipmapFilterMode how levels are chosen: {@link #POINT} or {@link #LINEAR_FILTER}
 */
public record TextureObject(boolean surface, int resourceType, int[] channelBits, int channelKind, List<Level> levels,
        int arrayFlags, int[] addressModes, int filterMode, int readMode, boolean sRGB, float[] borderColor,
        boolean normalizedCoords, int maxAnisotropy, int mipmapFilterMode, float mipmapLevelBias, float minMipmapLevelClamp,
        float maxMipmapLevelClamp, boolean seamlessCubemap) {

    public static final int ARRAY = 0, MIPMAPPED_ARRAY = 1, LINEAR = 2, PITCH_2D = 3;
    public static final int SIGNED = 0, UNSIGNED = 1, FLOAT = 2;
    public static final int LAYERED = 1, SURFACE_LOAD_STORE = 2, CUBEMAP = 4;
    public static final int WRAP = 0, CLAMP = 1, MIRROR = 2, BORDER = 3;
    public static final int POINT = 0, LINEAR_FILTER = 1;
    public static final int ELEMENT_TYPE = 0, NORMALIZED_FLOAT = 1;

    /**
     * One level of a resource in global memory: its address, extent in elements (height and
     * depth 0 where the resource has fewer dimensions; a layered resource's layers are its depth)
     * and pitches in bytes (row to row, slice or layer to the next).
     */
    public record Level(long address, long width, long height, long depth, long rowPitch, long slicePitch) {
    }

    public TextureObject {
        channelBits = channelBits.clone();
        levels = List.copyOf(levels);
        addressModes = addressModes.clone();
        borderColor = borderColor.clone();
        if (channelBits.length != 4 || addressModes.length != 3 || borderColor.length != 4 || levels.isEmpty()) {
            throw new IllegalArgumentException("a texture object needs 4 channels, 3 address modes, 4 border channels"
                    + " and a level");
        }
    }

    /** Channels of an element (1, 2 or 4). */
    public int channels() {
        int n = 0;
        while (n < 4 && channelBits[n] != 0) {
            n++;
        }
        return n;
    }

    /** Bytes of an element. */
    public int elementBytes() {
        return channels() * channelBits[0] / 8;
    }

    public boolean layered() {
        return (arrayFlags & LAYERED) != 0;
    }

    public boolean cubemap() {
        return (arrayFlags & CUBEMAP) != 0;
    }

    @Override
    public int[] channelBits() {
        return channelBits.clone();
    }

    @Override
    public int[] addressModes() {
        return addressModes.clone();
    }

    @Override
    public float[] borderColor() {
        return borderColor.clone();
    }
}
