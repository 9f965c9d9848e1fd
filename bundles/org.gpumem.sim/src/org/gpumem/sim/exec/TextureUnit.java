package org.gpumem.sim.exec;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

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
 * <p>
 * One unit serves one CTA's interpreter, one thread. Objects are neither made nor destroyed
 * while a launch runs, so the unit keeps what it derived from each object it met
 * ({@link Prepared}: its format, address modes, border, levels and a view of each level's
 * bytes) and fetches into buffers it reuses: a fetch allocates nothing.
 */
final class TextureUnit {
    private static final int F32 = ScalarType.F32.ordinal();
    private final TextureTable table;
    private final GlobalMemory global;
    private final byte[] texel = new byte[16];
    private final Map<Long, Prepared> prepared = new HashMap<>();
    private long lastHandle;
    private Prepared last;
    // scratch of one fetch: sample results (a second one for the level a blend mixes in), a tap
    private final double[] sampled = new double[4];
    private final double[] blended = new double[4];
    private final double[] tapped = new double[4];
    private final int[] extent = new int[3];
    private final float[] coords = new float[3];
    private final long[] first = new long[3];
    private final float[] weights = new float[3];
    private final long[] corner = new long[3];
    private static final int[] CLAMPED = {TextureObject.CLAMP, TextureObject.CLAMP, TextureObject.CLAMP};

    /** What a fetch needs of an object, derived once (the record's accessors copy its arrays). */
    private static final class Prepared {
        final TextureObject o;
        final int[] bits;
        final int channels;
        final int elementBytes;
        final int kind;
        final int[] modes;
        final double[] border;
        final boolean arrayed;
        final boolean normalizedRead;
        final Level[] levels;

        Prepared(TextureObject o, GlobalMemory global) {
            this.o = o;
            bits = o.channelBits();
            channels = o.channels();
            elementBytes = o.elementBytes();
            kind = o.channelKind();
            modes = o.addressModes();
            float[] b = o.borderColor();
            border = new double[] {b[0], b[1], b[2], b[3]};
            arrayed = o.layered() || o.cubemap();
            normalizedRead = o.readMode() == TextureObject.NORMALIZED_FLOAT;
            levels = new Level[o.levels().size()];
            for (int i = 0; i < levels.length; i++) {
                levels[i] = new Level(o.levels().get(i), global);
            }
        }
    }

    /**
     * A level's extent and pitches, and a view of its bytes when they lie in one allocation
     * (else each texel is read through global memory, which faults where no allocation is).
     */
    private static final class Level {
        final TextureObject.Level lv;
        final int[] n;
        final ByteBuffer view;

        Level(TextureObject.Level lv, GlobalMemory global) {
            this.lv = lv;
            n = new int[] {(int) lv.width(), (int) Math.max(1, lv.height()), (int) Math.max(1, lv.depth())};
            long bytes = lv.slicePitch() * Math.max(1, lv.depth());
            GlobalMemory.Segments s = global.segments();
            int i = s.find(lv.address());
            view = bytes > 0 && bytes <= Integer.MAX_VALUE && i >= 0 && lv.address() + bytes <= s.end(i)
                    ? global.view(lv.address(), (int) bytes) : null;
        }
    }

    TextureUnit(Launch launch) {
        this.table = launch.module.device().textures();
        this.global = launch.module.device().global();
    }

    void execute(Instruction in, long[] R, int m) {
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            Prepared p = object(in, R, l);
            TextureObject o = p.o;
            try {
                switch (in.op) {
                    case Op.TEX:
                    case Op.TLD4:
                        fetch(in, R, l, p);
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

    private Prepared object(Instruction in, long[] R, int l) {
        long handle = R[in.src[0] << 5 | l];
        Prepared p = handle == lastHandle ? last : null;
        if (p == null) {
            p = prepared.get(handle);
            if (p == null) {
                TextureObject o = table.get(handle);
                p = o == null ? null : new Prepared(o, global);
                if (p != null) {
                    prepared.put(handle, p);
                }
            }
            lastHandle = handle;
            last = p;
        }
        TextureObject o = p == null ? null : p.o;
        boolean surface = in.op == Op.SULD || in.op == Op.SUST || in.op == Op.SUQ;
        if (o == null || o.surface() != surface) {
            throw LaneFault.of(FaultKind.OUT_OF_BOUNDS, l, in.opcode + " of handle " + handle + ", which is no "
                    + (surface ? "surface" : "texture") + " object" + (o != null ? " (it is a " + (o.surface() ? "surface"
                            : "texture") + " object)" : ""));
        }
        return p;
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

    private void fetch(Instruction in, long[] R, int l, Prepared o) {
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
            out = sample(o, 0, 2, f[1], f[2], 0, layer * 6 + (int) f[0], false, true, in.op == Op.TLD4 ? in.mod2 : -1, l,
                    sampled);
        } else {
            int dims = g == Op.GEOM_1D || g == Op.GEOM_A1D ? 1 : g == Op.GEOM_3D ? 3 : 2;
            out = in.op == Op.TLD4 ? sample(o, 0, dims, x, y, z, layer, integers, false, in.mod2, l, sampled)
                    : mipmapped(in, R, l, o, dims, x, y, z, layer, integers);
        }
        boolean ints = in.type != F32;
        for (int c = 0; c < 4; c++) {
            R[in.dst[c] << 5 | l] = (ints ? (int) out[c] : Float.floatToRawIntBits((float) out[c])) & 0xFFFF_FFFFL;
        }
    }

    /** A tex of a mipmapped texture: the level(s) the instruction's level of detail selects, blended. */
    private double[] mipmapped(Instruction in, long[] R, int l, Prepared p, int dims, float x, float y, float z, int layer,
            boolean integers) {
        TextureObject o = p.o;
        int levels = p.levels.length;
        if (levels == 1 || o.resourceType() != TextureObject.MIPMAPPED_ARRAY) {
            return sample(p, 0, dims, x, y, z, layer, integers, false, -1, l, sampled);
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
            return sample(p, (int) Math.floor(lod + 0.5f), dims, x, y, z, layer, integers, false, -1, l, sampled);
        }
        int l0 = (int) Math.floor(lod);
        int l1 = Math.min(l0 + 1, levels - 1);
        float w = TextureMath.weight(lod - l0);
        double[] a = sample(p, l0, dims, x, y, z, layer, integers, false, -1, l, sampled);
        if (w == 0 || l1 == l0) {
            return a;
        }
        double[] b = sample(p, l1, dims, x, y, z, layer, integers, false, -1, l, blended);
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
    private double[] sample(Prepared p, int level, int dims, float x, float y, float z, int layer, boolean integers,
            boolean face, int gather, int lane, double[] out) {
        TextureObject o = p.o;
        Level lv = p.levels[level];
        int[] n = lv.n;
        int[] modes = face ? CLAMPED : p.modes;
        boolean normalized = o.normalizedCoords() && !integers || face;
        float[] c = coords;
        c[0] = x;
        c[1] = y;
        c[2] = z;
        if (o.resourceType() == TextureObject.LINEAR) {
            // tex1Dfetch: the element at the index, zero outside the memory
            long i = integers ? (long) x : TextureMath.floor(TextureMath.texels(x, n[0], TextureObject.CLAMP, normalized));
            if (i < 0 || i >= n[0]) {
                out[0] = out[1] = out[2] = out[3] = 0;
                return out;
            }
            return texel(p, lv, (int) i, 0, 0, 0, lane, out);
        }
        if (gather >= 0 || (o.filterMode() == TextureObject.LINEAR_FILTER && !integers)) {
            long[] i0 = first;
            float[] w = weights;
            for (int d = 0; d < dims; d++) {
                float u = TextureMath.texels(c[d], n[d], modes[d], normalized) - 0.5f;
                i0[d] = TextureMath.floor(u);
                w[d] = TextureMath.weight(u - i0[d]);
            }
            for (int d = dims; d < 3; d++) {
                i0[d] = 0;
                w[d] = 0;
            }
            if (gather >= 0) {
                // tld4's order: (i, j+1), (i+1, j+1), (i+1, j), (i, j)
                double t0 = tap(p, lv, n, modes, normalized, i0[0], i0[1] + 1, 0, layer, lane)[gather];
                double t1 = tap(p, lv, n, modes, normalized, i0[0] + 1, i0[1] + 1, 0, layer, lane)[gather];
                double t2 = tap(p, lv, n, modes, normalized, i0[0] + 1, i0[1], 0, layer, lane)[gather];
                double t3 = tap(p, lv, n, modes, normalized, i0[0], i0[1], 0, layer, lane)[gather];
                out[0] = t0;
                out[1] = t1;
                out[2] = t2;
                out[3] = t3;
                return out;
            }
            out[0] = out[1] = out[2] = out[3] = 0;
            int corners = 1 << dims;
            long[] at = corner;
            for (int k = 0; k < corners; k++) {
                double weight = 1;
                at[0] = at[1] = at[2] = 0;
                for (int d = 0; d < dims; d++) {
                    int bit = k >> d & 1;
                    at[d] = i0[d] + bit;
                    weight *= bit == 1 ? w[d] : 1 - w[d];
                }
                if (weight == 0) {
                    continue;
                }
                double[] t = tap(p, lv, n, modes, normalized, at[0], at[1], at[2], layer, lane);
                for (int ch = 0; ch < 4; ch++) {
                    out[ch] += weight * t[ch];
                }
            }
            return out;
        }
        long[] at = corner;
        at[0] = at[1] = at[2] = 0;
        for (int d = 0; d < dims; d++) {
            at[d] = integers ? (long) c[d] : TextureMath.floor(TextureMath.texels(c[d], n[d], modes[d], normalized));
        }
        double[] t = tap(p, lv, n, modes, normalized, at[0], at[1], at[2], layer, lane);
        System.arraycopy(t, 0, out, 0, 4);
        return out;
    }

    /** The texel at indices (i, j, k) after addressing, or the border color, in the unit's tap buffer. */
    private double[] tap(Prepared p, Level lv, int[] n, int[] modes, boolean normalized, long i, long j, long k, int layer,
            int lane) {
        int x = TextureMath.index(i, n[0], modes[0], normalized);
        int y = TextureMath.index(j, n[1], modes[1], normalized);
        int z = TextureMath.index(k, n[2], modes[2], normalized);
        if (x < 0 || y < 0 || z < 0) {
            System.arraycopy(p.border, 0, tapped, 0, 4);
            return tapped;
        }
        return texel(p, lv, x, y, z, layer, lane, tapped);
    }

    /**
     * The converted channels of the element at (x, y, z) of layer {@code layer} into {@code out};
     * absent channels read (0, 0, 0, 1).
     */
    private double[] texel(Prepared p, Level level, int x, int y, int z, int layer, int lane, double[] out) {
        TextureObject.Level lv = level.lv;
        int layers = p.arrayed ? (int) Math.max(1, lv.depth()) : 1;
        if (layer < 0 || layer >= layers) {
            // an array index past the layers reads the last one, as the hardware clamps it
            layer = Math.max(0, Math.min(layers - 1, layer));
        }
        int eb = p.elementBytes;
        long slice = p.arrayed ? layer : z;
        long offset = slice * lv.slicePitch() + (long) y * lv.rowPitch() + (long) x * eb;
        ByteBuffer view = level.view;
        boolean viewed = view != null && offset >= 0 && offset <= view.limit() - eb;
        if (!viewed) {
            global.read(lv.address() + offset, texel, 0, eb);
        }
        int[] bits = p.bits;
        int channels = p.channels;
        boolean normalized = p.normalizedRead;
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
        out[3] = 1;
        for (int ch = 0; ch < channels; ch++) {
            int bytes = bits[ch] / 8;
            long raw = 0;
            if (viewed) {
                // the little-endian view read a channel at a time (a bulk get of a few bytes goes byte by byte)
                int at = (int) offset + ch * bytes;
                raw = bytes == 4 ? view.getInt(at) & 0xFFFF_FFFFL : bytes == 2 ? view.getShort(at) & 0xFFFFL
                        : view.get(at) & 0xFFL;
            } else {
                for (int b = 0; b < bytes; b++) {
                    raw |= (texel[ch * bytes + b] & 0xFFL) << (8 * b);
                }
            }
            if (p.kind != TextureObject.FLOAT && !normalized) {
                out[ch] = TextureMath.channelInt(raw, bits[ch], p.kind);
            } else {
                out[ch] = TextureMath.channelFloat(raw, bits[ch], p.kind, normalized);
                if (p.o.sRGB() && normalized && ch < 3) {
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
