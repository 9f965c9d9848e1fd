package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.TextureObject;
import org.gpumem.sim.TextureTable;
import org.gpumem.sim.exec.scalar.TextureMath;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Executes the texture and surface instructions for each active lane: {@code tex} (nearest-point
 * and linear filtering in 1, 2 and 3 dimensions, layers, cubemaps, mipmap levels by an operand
 * or by gradients), {@code tld4}, {@code txq}, {@code suld.b}, {@code sust.b} and {@code suq}, on
 * the objects of the device's {@link TextureTable}, their texels read from and surfaces written
 * to global memory. {@link TextureMath} is the arithmetic. A handle that names no object of the
 * instruction's kind is a lane's out-of-bounds fault (a GPU reports an illegal address).
 */
final class TextureUnit {
    private static final int F32 = ScalarType.F32.ordinal();
    private final TextureTable table;
    private final GlobalMemory global;
    private final byte[] texel = new byte[16];

    TextureUnit(Launch launch) {
        this.table = launch.module.device().textures();
        this.global = launch.module.device().global();
    }

    void execute(Instruction in, long[] R, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            TextureObject o = object(in, R, l);
            try {
                switch (in.op) {
                    case Op.TEX:
                    case Op.TLD4:
                        fetch(in, R, l, o);
                        break;
                    case Op.TXQ:
                    case Op.SUQ:
                        R[in.dst[0] << 5 | l] = query(in, R, l, o) & 0xFFFF_FFFFL;
                        break;
                    default:
                        surface(in, R, l, o);
                        break;
                }
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
        }
    }

    private TextureObject object(Instruction in, long[] R, int l) {
        long handle = R[in.src[0] << 5 | l];
        TextureObject o = table.get(handle);
        boolean surface = in.op == Op.SULD || in.op == Op.SUST || in.op == Op.SUQ;
        if (o == null || o.surface() != surface) {
            throw LaneFault.of(FaultKind.OUT_OF_BOUNDS, l, in.opcode + " of handle " + handle + ", which is no "
                    + (surface ? "surface" : "texture") + " object" + (o != null ? " (it is a " + (o.surface() ? "surface"
                            : "texture") + " object)" : ""));
        }
        return o;
    }

    private static float f32(long[] R, int reg, int l) {
        return Float.intBitsToFloat((int) R[reg << 5 | l]);
    }

    /** Coordinate k of the instruction (0-based, after the handle) as a float: .f32 as is, .s32 converted. */
    private static float coordinate(Instruction in, long[] R, int l, int k) {
        long raw = R[in.src[1 + k] << 5 | l];
        return in.type2 == F32 ? Float.intBitsToFloat((int) raw) : (int) raw;
    }

    // ------------------------------------------------------------------ tex, tld4

    private void fetch(Instruction in, long[] R, int l, TextureObject o) {
        int g = in.mod;
        boolean arrayed = g == Op.GEOM_A1D || g == Op.GEOM_A2D || g == Op.GEOM_ACUBE;
        int layer = arrayed ? (int) R[in.src[1] << 5 | l] : 0;
        int first = arrayed ? 1 : 0;
        float x = coordinate(in, R, l, first);
        float y = in.coords > first + 1 ? coordinate(in, R, l, first + 1) : 0;
        float z = in.coords > first + 2 ? coordinate(in, R, l, first + 2) : 0;
        boolean integers = in.type2 != F32;
        double[] out;
        if (g == Op.GEOM_CUBE || g == Op.GEOM_ACUBE) {
            float[] f = TextureMath.cubeFace(x, y, z);
            out = sample(o, 0, 2, f[1], f[2], 0, layer * 6 + (int) f[0], false, true, in.op == Op.TLD4 ? in.mod2 : -1, l);
        } else {
            int dims = g == Op.GEOM_1D || g == Op.GEOM_A1D ? 1 : g == Op.GEOM_3D ? 3 : 2;
            out = in.op == Op.TLD4 ? sample(o, 0, dims, x, y, z, layer, integers, false, in.mod2, l)
                    : mipmapped(in, R, l, o, dims, x, y, z, layer, integers);
        }
        boolean ints = in.type != F32;
        for (int c = 0; c < 4; c++) {
            R[in.dst[c] << 5 | l] = (ints ? (int) out[c] : Float.floatToRawIntBits((float) out[c])) & 0xFFFF_FFFFL;
        }
    }

    /** A tex of a mipmapped texture: the level(s) the instruction's level of detail selects, blended. */
    private double[] mipmapped(Instruction in, long[] R, int l, TextureObject o, int dims, float x, float y, float z, int layer,
            boolean integers) {
        int levels = o.levels().size();
        if (levels == 1 || o.resourceType() != TextureObject.MIPMAPPED_ARRAY) {
            return sample(o, 0, dims, x, y, z, layer, integers, false, -1, l);
        }
        float lod;
        int extra = 1 + in.coords;
        if (in.mod2 == Op.TEX_LEVEL) {
            lod = f32(R, in.src[extra], l);
        } else if (in.mod2 == Op.TEX_GRAD) {
            TextureObject.Level base = o.levels().get(0);
            long[] n = {base.width(), base.height(), base.depth()};
            int e = (in.src.length - extra) / 2;
            double px = 0, py = 0;
            for (int i = 0; i < e; i++) {
                double scale = o.normalizedCoords() ? n[i] : 1;
                double dx = f32(R, in.src[extra + i], l) * scale, dy = f32(R, in.src[extra + e + i], l) * scale;
                px += dx * dx;
                py += dy * dy;
            }
            lod = (float) (Math.log(Math.max(Math.sqrt(px), Math.sqrt(py))) / Math.log(2));
        } else {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, in.opcode + " of a mipmapped texture chooses its level "
                    + "from the derivatives of a quad of threads, which the simulator does not model: use tex.level"
                    + " (tex2DLod) or tex.grad (tex2DGrad)");
        }
        lod += o.mipmapLevelBias();
        lod = Math.max(o.minMipmapLevelClamp(), Math.min(o.maxMipmapLevelClamp(), lod));
        lod = Math.max(0, Math.min(levels - 1, lod));
        if (o.mipmapFilterMode() == TextureObject.POINT) {
            return sample(o, (int) Math.floor(lod + 0.5f), dims, x, y, z, layer, integers, false, -1, l);
        }
        int l0 = (int) Math.floor(lod);
        int l1 = Math.min(l0 + 1, levels - 1);
        float w = TextureMath.weight(lod - l0);
        double[] a = sample(o, l0, dims, x, y, z, layer, integers, false, -1, l);
        if (w == 0 || l1 == l0) {
            return a;
        }
        double[] b = sample(o, l1, dims, x, y, z, layer, integers, false, -1, l);
        for (int c = 0; c < 4; c++) {
            a[c] = (1 - w) * a[c] + w * b[c];
        }
        return a;
    }

    /**
     * Samples level {@code level} at (x, y, z) of layer {@code layer}: nearest point or linear as
     * the object says (integer coordinates fetch the texel at that index), or, with
     * {@code gather} 0..3, the four texels of the linear footprint's component {@code gather}
     * in tld4's order (i, j+1), (i+1, j+1), (i+1, j), (i, j). A cubemap face is addressed with
     * clamping to its edges.
     */
    private double[] sample(TextureObject o, int level, int dims, float x, float y, float z, int layer, boolean integers,
            boolean face, int gather, int lane) {
        TextureObject.Level lv = o.levels().get(level);
        int[] n = {(int) lv.width(), (int) Math.max(1, lv.height()), (int) Math.max(1, lv.depth())};
        int[] modes = o.addressModes();
        boolean normalized = o.normalizedCoords() && !integers || face;
        if (face) {
            modes = new int[] {TextureObject.CLAMP, TextureObject.CLAMP, TextureObject.CLAMP};
        }
        float[] c = {x, y, z};
        if (o.resourceType() == TextureObject.LINEAR) {
            // tex1Dfetch: the element at the index, zero outside the memory
            long i = integers ? (long) x : TextureMath.floor(TextureMath.texels(x, n[0], TextureObject.CLAMP, normalized));
            return i < 0 || i >= n[0] ? new double[4] : texel(o, lv, (int) i, 0, 0, 0, lane);
        }
        if (gather >= 0 || (o.filterMode() == TextureObject.LINEAR_FILTER && !integers)) {
            long[] i0 = new long[3];
            float[] w = new float[3];
            for (int d = 0; d < dims; d++) {
                float u = TextureMath.texels(c[d], n[d], modes[d], normalized) - 0.5f;
                i0[d] = TextureMath.floor(u);
                w[d] = TextureMath.weight(u - i0[d]);
            }
            if (gather >= 0) {
                long[][] taps = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
                double[] out = new double[4];
                for (int k = 0; k < 4; k++) {
                    out[k] = tap(o, lv, n, modes, normalized, i0[0] + taps[k][0], i0[1] + taps[k][1], 0, layer, lane)[gather];
                }
                return out;
            }
            double[] out = new double[4];
            int corners = 1 << dims;
            for (int k = 0; k < corners; k++) {
                double weight = 1;
                long[] at = new long[3];
                for (int d = 0; d < dims; d++) {
                    int bit = k >> d & 1;
                    at[d] = i0[d] + bit;
                    weight *= bit == 1 ? w[d] : 1 - w[d];
                }
                if (weight == 0) {
                    continue;
                }
                double[] t = tap(o, lv, n, modes, normalized, at[0], at[1], at[2], layer, lane);
                for (int ch = 0; ch < 4; ch++) {
                    out[ch] += weight * t[ch];
                }
            }
            return out;
        }
        long[] at = new long[3];
        for (int d = 0; d < dims; d++) {
            at[d] = integers ? (long) c[d] : TextureMath.floor(TextureMath.texels(c[d], n[d], modes[d], normalized));
        }
        return tap(o, lv, n, modes, normalized, at[0], at[1], at[2], layer, lane);
    }

    /** The texel at indices (i, j, k) after addressing, or the border color. */
    private double[] tap(TextureObject o, TextureObject.Level lv, int[] n, int[] modes, boolean normalized, long i, long j,
            long k, int layer, int lane) {
        int x = TextureMath.index(i, n[0], modes[0], normalized);
        int y = TextureMath.index(j, n[1], modes[1], normalized);
        int z = TextureMath.index(k, n[2], modes[2], normalized);
        if (x < 0 || y < 0 || z < 0) {
            float[] b = o.borderColor();
            return new double[] {b[0], b[1], b[2], b[3]};
        }
        return texel(o, lv, x, y, z, layer, lane);
    }

    /** The converted channels of the element at (x, y, z) of layer {@code layer}; absent channels read (0, 0, 0, 1). */
    private double[] texel(TextureObject o, TextureObject.Level lv, int x, int y, int z, int layer, int lane) {
        int layers = o.layered() || o.cubemap() ? (int) Math.max(1, lv.depth()) : 1;
        if (layer < 0 || layer >= layers) {
            // an array index past the layers reads the last one, as the hardware clamps it
            layer = Math.max(0, Math.min(layers - 1, layer));
        }
        int eb = o.elementBytes();
        long slice = o.layered() || o.cubemap() ? layer : z;
        long address = lv.address() + slice * lv.slicePitch() + (long) y * lv.rowPitch() + (long) x * eb;
        global.read(address, texel, 0, eb);
        int[] bits = o.channelBits();
        int channels = o.channels();
        boolean normalized = o.readMode() == TextureObject.NORMALIZED_FLOAT;
        double[] out = {0, 0, 0, 1};
        for (int ch = 0; ch < channels; ch++) {
            int bytes = bits[ch] / 8;
            long raw = 0;
            for (int b = 0; b < bytes; b++) {
                raw |= (texel[ch * bytes + b] & 0xFFL) << (8 * b);
            }
            if (o.channelKind() != TextureObject.FLOAT && !normalized) {
                out[ch] = TextureMath.channelInt(raw, bits[ch], o.channelKind());
            } else {
                out[ch] = TextureMath.channelFloat(raw, bits[ch], o.channelKind(), normalized);
                if (o.sRGB() && normalized && ch < 3) {
                    out[ch] = TextureMath.fromSrgb((float) out[ch]);
                }
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ txq, suq

    private static int query(Instruction in, long[] R, int l, TextureObject o) {
        int level = in.mod2 == Op.TEX_LEVEL ? (int) R[in.src[1] << 5 | l] : 0;
        if (level < 0 || level >= o.levels().size()) {
            return 0;
        }
        TextureObject.Level lv = o.levels().get(level);
        boolean arrayed = o.layered() || o.cubemap();
        switch (in.mod) {
            case Op.TXQ_WIDTH:
                return (int) lv.width();
            case Op.TXQ_HEIGHT:
                return (int) lv.height();
            case Op.TXQ_DEPTH:
                return arrayed ? 0 : (int) lv.depth();
            case Op.TXQ_NORMALIZED_COORDS:
                return o.normalizedCoords() ? 1 : 0;
            case Op.TXQ_FILTER_MODE:
                return o.filterMode();
            case Op.TXQ_ADDR_MODE_0:
            case Op.TXQ_ADDR_MODE_1:
            case Op.TXQ_ADDR_MODE_2: {
                // PTX's numbering: wrap 0, mirror 1, clamp_ogl 2, clamp_to_edge 3, clamp_to_border 4
                int mode = o.addressModes()[in.mod - Op.TXQ_ADDR_MODE_0];
                return mode == TextureObject.WRAP ? 0 : mode == TextureObject.MIRROR ? 1 : mode == TextureObject.CLAMP ? 3 : 4;
            }
            case Op.TXQ_ARRAY_SIZE:
                return !arrayed ? 1 : (int) (o.cubemap() ? lv.depth() / 6 : lv.depth());
            case Op.TXQ_NUM_MIPMAP_LEVELS:
                return o.levels().size();
            default:
                return 0;
        }
    }

    // ------------------------------------------------------------------ suld, sust

    private void surface(Instruction in, long[] R, int l, TextureObject o) {
        TextureObject.Level lv = o.levels().get(0);
        int g = in.mod;
        boolean arrayed = g == Op.GEOM_A1D || g == Op.GEOM_A2D;
        int first = arrayed ? 1 : 0;
        long size = (long) ScalarType.values()[in.type].size() * in.vec;
        long rowBytes = lv.width() * o.elementBytes();
        long[] c = new long[3];
        long[] limit = {rowBytes - size, Math.max(1, lv.height()) - 1, Math.max(1, lv.depth()) - 1};
        int dims = g == Op.GEOM_1D || g == Op.GEOM_A1D ? 1 : g == Op.GEOM_3D ? 3 : 2;
        for (int d = 0; d < dims; d++) {
            c[d] = (int) R[in.src[1 + first + d] << 5 | l];
        }
        long layer = arrayed ? (int) R[in.src[1] << 5 | l] : 0;
        if (c[0] % size != 0) {
            throw LaneFault.of(FaultKind.MISALIGNED, l, in.opcode + " at byte " + c[0] + " of a row, not a multiple of "
                    + size);
        }
        boolean outside = layer < 0 || layer > (arrayed ? limit[2] : 0);
        for (int d = 0; d < dims; d++) {
            outside |= c[d] < 0 || c[d] > limit[d];
        }
        boolean store = in.op == Op.SUST;
        if (outside) {
            if (in.mod2 == Op.SURF_TRAP) {
                throw LaneFault.of(FaultKind.OUT_OF_BOUNDS, l, in.opcode + " at (" + c[0] + " bytes, " + c[1] + ", "
                        + c[2] + (arrayed ? ", layer " + layer : "") + ") outside the surface of " + lv.width() + " x "
                        + lv.height() + " x " + lv.depth() + " elements");
            }
            if (in.mod2 == Op.SURF_ZERO) {
                if (!store) {
                    for (int r : in.dst) {
                        R[r << 5 | l] = 0;
                    }
                }
                return;
            }
            for (int d = 0; d < dims; d++) {
                c[d] = Math.max(0, Math.min(limit[d], c[d]));
            }
            c[0] -= c[0] % size;
            layer = Math.max(0, Math.min(arrayed ? limit[2] : 0, layer));
        }
        long slice = arrayed ? layer : c[2];
        long address = lv.address() + slice * lv.slicePitch() + c[1] * lv.rowPitch() + c[0];
        int each = ScalarType.values()[in.type].size();
        byte[] bytes = new byte[(int) size];
        if (store) {
            for (int v = 0; v < in.vec; v++) {
                long value = R[in.src[1 + in.coords + v] << 5 | l];
                for (int b = 0; b < each; b++) {
                    bytes[v * each + b] = (byte) (value >>> (8 * b));
                }
            }
            global.write(address, bytes, 0, bytes.length);
        } else {
            global.read(address, bytes, 0, bytes.length);
            for (int v = 0; v < in.vec; v++) {
                long value = 0;
                for (int b = 0; b < each; b++) {
                    value |= (bytes[v * each + b] & 0xFFL) << (8 * b);
                }
                R[in.dst[v] << 5 | l] = value;
            }
        }
    }
}
