package org.gpumem.sim.ptx;

import java.util.List;

import org.gpumem.sim.ScalarType;

/**
 * Decoding of the texture and surface instructions on texture and surface objects (unified
 * mode, the form nvcc emits), for {@link Decoder}: {@code tex} (base level, {@code .level},
 * {@code .grad}), {@code tld4}, {@code txq}, {@code suld.b}, {@code sust.b} and {@code suq}. The
 * operand {@code [handle, coordinates]} becomes {@code src[0]} (the object's handle) and then
 * {@link Instruction#coords} coordinate registers (a layered geometry's layer first, as PTX
 * writes it); what follows them in {@code src} is the level, the gradients or the values stored.
 * Forms the simulator does not model are refused with the reason: texel offsets, depth compare,
 * multisample geometries, formatted surface stores, the channel and layout queries, sampler
 * objects (independent mode).
 */
final class TextureForms {
    private TextureForms() {
    }

    private static final List<String> GEOMETRIES = List.of("1d", "2d", "3d", "a1d", "a2d", "cube", "acube");
    /** Coordinate registers each geometry's vector holds (3D, a2d and cubes as .v4, the last unused where so). */
    private static final int[] USED_COORDS = {1, 2, 3, 2, 3, 3, 4};
    /** Elements a gradient vector of each geometry has (the array index has none). */
    private static final int[] GRADIENT_ELEMENTS = {1, 2, 3, 1, 2, 3, 3};

    private static int geometry(InstructionForm f) throws PtxException {
        for (int g = 0; g < GEOMETRIES.size(); g++) {
            if (f.has(GEOMETRIES.get(g))) {
                return g;
            }
        }
        if (f.has("2dms") || f.has("a2dms")) {
            throw f.fail(f.opcode + ": multisample textures are not supported");
        }
        throw f.fail(f.opcode + " needs a geometry: ." + String.join(", .", GEOMETRIES));
    }

    /** The [handle, coordinates] operand: the handle register, then the used coordinate registers. */
    private static int[] handleAndCoordinates(InstructionForm f, Operand o, int used, boolean coordinates)
            throws PtxException {
        if (o.kind != Operand.ADDR || o.name == null || o.offset != 0) {
            throw f.fail(f.opcode + " takes [object, coordinates] with the object's handle in a register");
        }
        Operand h = new Operand(Operand.REG);
        h.name = o.name;
        int handle = f.src(h, ScalarType.B64);
        if (!coordinates) {
            if (o.elems != null) {
                throw f.fail(f.opcode + " takes only the object: [object]");
            }
            return new int[] {handle};
        }
        if (o.elems == null || o.elems.length != 1) {
            throw f.fail(o.elems != null && o.elems.length == 2
                    ? f.opcode + ": sampler objects (independent texture mode) are not supported"
                    : f.opcode + " takes [object, coordinates]");
        }
        Operand c = o.elems[0];
        Operand[] cs = c.kind == Operand.VEC ? c.elems : new Operand[] {c};
        if (cs.length < used) {
            throw f.fail(f.opcode + " needs " + used + " coordinates, found " + cs.length);
        }
        int[] r = new int[1 + used];
        r[0] = handle;
        for (int i = 0; i < used; i++) {
            r[1 + i] = f.src(cs[i], ScalarType.B32);
        }
        return r;
    }

    /** tex and tld4: four components read from a texture object. */
    static void fetch(InstructionForm f) throws PtxException {
        boolean gather = f.base.equals("tld4");
        int g = geometry(f);
        if (f.types.size() != 2 || !f.has("v4")) {
            throw f.fail(f.opcode + " takes .v4, the component type and the coordinate type");
        }
        ScalarType d = f.types.get(0), c = f.types.get(1);
        if (d != ScalarType.F32 && d != ScalarType.S32 && d != ScalarType.U32) {
            throw f.fail(f.opcode + ": components of type ." + d.ptxName() + " are not supported (.f32, .s32, .u32)");
        }
        if (c != ScalarType.F32 && c != ScalarType.S32) {
            throw f.fail(f.opcode + ": coordinates of type ." + c.ptxName() + " (.f32 or .s32)");
        }
        f.in.op = gather ? Op.TLD4 : Op.TEX;
        f.in.mod = g;
        f.in.type = d.ordinal();
        f.in.type2 = c.ordinal();
        if (gather) {
            int comp = List.of("r", "g", "b", "a").indexOf(f.mods.stream().filter(m -> m.length() == 1).findFirst()
                    .orElse(""));
            if (comp < 0) {
                throw f.fail(f.opcode + " needs the component gathered: .r, .g, .b or .a");
            }
            if (g != Op.GEOM_2D && g != Op.GEOM_A2D) {
                throw f.fail(f.opcode + ": gathers of ." + GEOMETRIES.get(g) + " textures are not supported");
            }
            f.in.mod2 = comp;
        } else {
            f.in.mod2 = f.has("level") ? Op.TEX_LEVEL : f.has("grad") ? Op.TEX_GRAD : Op.TEX_BASE;
        }
        int extras = f.in.mod2 == Op.TEX_LEVEL && !gather ? 1 : f.in.mod2 == Op.TEX_GRAD && !gather ? 2 : 0;
        if (f.ops.size() != 2 + extras) {
            throw f.fail(f.ops.size() > 2 + extras ? f.opcode + ": texel offsets and depth compare are not supported"
                    : f.opcode + " takes " + (2 + extras) + " operands");
        }
        Operand dst = f.ops.get(0);
        if (dst.kind != Operand.VEC || dst.elems.length != 4) {
            throw f.fail(f.opcode + " needs a {..} of 4 destination registers");
        }
        f.in.dst = f.vectorRegs(dst, true);
        int used = USED_COORDS[g];
        int[] hc = handleAndCoordinates(f, f.ops.get(1), used, true);
        f.in.coords = used;
        if (extras == 0) {
            f.in.src = hc;
        } else if (f.in.mod2 == Op.TEX_LEVEL) {
            f.in.src = append(hc, new int[] {f.src(f.ops.get(2), ScalarType.F32)});
        } else {
            int n = GRADIENT_ELEMENTS[g];
            int[] grads = new int[2 * n];
            for (int k = 0; k < 2; k++) {
                Operand v = f.ops.get(2 + k);
                Operand[] es = v.kind == Operand.VEC ? v.elems : new Operand[] {v};
                if (es.length < n) {
                    throw f.fail(f.opcode + " needs gradients of " + n + " elements");
                }
                for (int i = 0; i < n; i++) {
                    grads[k * n + i] = f.src(es[i], ScalarType.F32);
                }
            }
            f.in.src = append(hc, grads);
        }
    }

    private static final List<String> TEXTURE_QUERIES = List.of("width", "height", "depth", "normalized_coords",
            "filter_mode", "addr_mode_0", "addr_mode_1", "addr_mode_2", "array_size", "num_mipmap_levels", "num_samples");
    private static final List<String> SURFACE_QUERIES = List.of("width", "height", "depth", "array_size");

    /** txq and suq: one attribute of an object as a 32-bit value. */
    static void query(InstructionForm f) throws PtxException {
        boolean surface = f.base.equals("suq");
        List<String> queries = surface ? SURFACE_QUERIES : TEXTURE_QUERIES;
        int q = -1;
        for (String m : f.mods) {
            int i = queries.indexOf(m);
            if (i >= 0) {
                q = i;
            }
        }
        if (q < 0) {
            throw f.fail(f.opcode + ": only " + String.join(", ", queries) + " are supported ("
                    + "channel formats and memory layouts are not)");
        }
        boolean level = f.has("level");
        if (level && (surface || q > Op.TXQ_DEPTH)) {
            throw f.fail(f.opcode + ": .level applies to width, height and depth");
        }
        f.operands(level ? 3 : 2);
        f.in.op = surface ? Op.SUQ : Op.TXQ;
        f.in.mod = q;
        f.in.mod2 = level ? Op.TEX_LEVEL : Op.TEX_BASE;
        f.in.type = ScalarType.B32.ordinal();
        f.in.dst = new int[] {f.dst(f.ops.get(0))};
        int[] h = handleAndCoordinates(f, f.ops.get(1), 0, false);
        f.in.coords = 0;
        f.in.src = level ? append(h, new int[] {f.src(f.ops.get(2), ScalarType.S32)}) : h;
    }

    /** suld.b and sust.b: raw elements of a surface, x in bytes. */
    static void surface(InstructionForm f) throws PtxException {
        boolean store = f.base.equals("sust");
        if (f.has("p")) {
            throw f.fail(f.opcode + ": formatted surface stores (.p) are not supported");
        }
        if (!f.has("b")) {
            throw f.fail(f.opcode + " needs .b");
        }
        int g = geometry(f);
        if (g == Op.GEOM_CUBE || g == Op.GEOM_ACUBE) {
            throw f.fail(f.opcode + ": cubemap surfaces are not supported");
        }
        ScalarType t = f.type;
        if (t != ScalarType.B8 && t != ScalarType.B16 && t != ScalarType.B32 && t != ScalarType.B64) {
            throw f.fail(f.opcode + " takes .b8, .b16, .b32 or .b64");
        }
        f.in.op = store ? Op.SUST : Op.SULD;
        f.in.mod = g;
        f.in.type = t.ordinal();
        f.in.vec = f.has("v4") ? 4 : f.has("v2") ? 2 : 1;
        f.in.mod2 = f.has("clamp") ? Op.SURF_CLAMP : f.has("zero") ? Op.SURF_ZERO : Op.SURF_TRAP;
        f.operands(2);
        int used = USED_COORDS[g];
        Operand value = f.ops.get(store ? 1 : 0);
        Operand[] values = value.kind == Operand.VEC ? value.elems : new Operand[] {value};
        if (values.length != f.in.vec) {
            throw f.fail(f.opcode + " needs " + (f.in.vec == 1 ? "a register" : "a {..} of " + f.in.vec + " registers"));
        }
        int[] hc = handleAndCoordinates(f, f.ops.get(store ? 0 : 1), used, true);
        f.in.coords = used;
        if (store) {
            int[] v = new int[values.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = f.src(values[i], t);
            }
            f.in.src = append(hc, v);
        } else {
            f.in.src = hc;
            int[] d = new int[values.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = f.dst(values[i]);
            }
            f.in.dst = d;
        }
    }

    private static int[] append(int[] a, int[] b) {
        int[] r = new int[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
