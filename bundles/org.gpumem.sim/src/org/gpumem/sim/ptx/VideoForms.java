package org.gpumem.sim.ptx;

import java.util.Map;

import org.gpumem.sim.ScalarType;

/**
 * Decoding of the video instructions for {@link Decoder}: the scalar ones ({@code vadd, vsub,
 * vabsdiff, vmin, vmax, vshl, vshr, vmad, vset}) with their operand selectors ({@code .b0-.b3,
 * .h0, .h1}), saturation, secondary operation ({@code .add/.min/.max} with c) or merge into c's
 * {@code .dsel} part, and the SIMD ones on halves and bytes ({@code vadd2 ... vset4}) with their
 * selectors ({@code .hxy}, {@code .bxyzw} over the bytes of b:a), mask and {@code .add}.
 * {@link Instruction#video} holds the selectors: a's in bits 0-11 and b's in 12-23 (scalar: 0-3 a
 * byte, 4-5 a half, 7 the word; SIMD: element i's source field in bits {@code 3i..3i+2}), d's part
 * (scalar, 7: none) or the SIMD mask in 24-27, and the signedness of a, b and d in bits 28-30.
 */
final class VideoForms {
    private VideoForms() {
    }

    /** The operation and the element count (1 scalar, 2 halves, 4 bytes) of each video instruction. */
    private static final Map<String, int[]> FORMS = Map.ofEntries(Map.entry("vadd", new int[] {Op.VID_ADD, 1}),
            Map.entry("vsub", new int[] {Op.VID_SUB, 1}), Map.entry("vabsdiff", new int[] {Op.VID_ABSDIFF, 1}),
            Map.entry("vmin", new int[] {Op.VID_MIN, 1}), Map.entry("vmax", new int[] {Op.VID_MAX, 1}),
            Map.entry("vshl", new int[] {Op.VID_SHL, 1}), Map.entry("vshr", new int[] {Op.VID_SHR, 1}),
            Map.entry("vmad", new int[] {Op.VID_MAD, 1}), Map.entry("vset", new int[] {Op.VID_SET, 1}),
            Map.entry("vadd2", new int[] {Op.VID_ADD, 2}), Map.entry("vsub2", new int[] {Op.VID_SUB, 2}),
            Map.entry("vavrg2", new int[] {Op.VID_AVRG, 2}), Map.entry("vabsdiff2", new int[] {Op.VID_ABSDIFF, 2}),
            Map.entry("vmin2", new int[] {Op.VID_MIN, 2}), Map.entry("vmax2", new int[] {Op.VID_MAX, 2}),
            Map.entry("vset2", new int[] {Op.VID_SET, 2}), Map.entry("vadd4", new int[] {Op.VID_ADD, 4}),
            Map.entry("vsub4", new int[] {Op.VID_SUB, 4}), Map.entry("vavrg4", new int[] {Op.VID_AVRG, 4}),
            Map.entry("vmin4", new int[] {Op.VID_MIN, 4}), Map.entry("vmax4", new int[] {Op.VID_MAX, 4}),
            Map.entry("vset4", new int[] {Op.VID_SET, 4}));

    private static final int WORD = Op.VID_WORD;
    private static final int A_SIGNED = Op.VID_A_SIGNED, B_SIGNED = Op.VID_B_SIGNED, D_SIGNED = Op.VID_D_SIGNED;

    static boolean isVideo(String base) {
        return FORMS.containsKey(base);
    }

    static void decode(InstructionForm f) throws PtxException {
        int[] form = FORMS.get(f.base);
        Instruction in = f.in;
        int n = form[1];
        in.op = n == 1 ? Op.VIDEO : Op.VIDEO_SIMD;
        in.mod = form[0];
        in.type = ScalarType.U32.ordinal();
        boolean set = in.mod == Op.VID_SET;
        boolean shift = in.mod == Op.VID_SHL || in.mod == Op.VID_SHR;
        if (f.types.size() != (set ? 2 : 3)) {
            throw f.fail(f.opcode + " needs " + (set ? ".atype.btype" : ".dtype.atype.btype") + " (.u32 or .s32)");
        }
        for (ScalarType t : f.types) {
            if (t != ScalarType.U32 && t != ScalarType.S32) {
                throw f.fail(f.opcode + ": video operands are .u32 or .s32, not ." + t.ptxName());
            }
        }
        if (shift && f.types.get(2) != ScalarType.U32) {
            throw f.fail(f.opcode + ": the shift amount is .u32");
        }
        int signs = (set ? 0 : f.types.get(0).isSigned() ? D_SIGNED : 0)
                | (f.types.get(set ? 0 : 1).isSigned() ? A_SIGNED : 0) | (f.types.get(set ? 1 : 2).isSigned() ? B_SIGNED : 0);
        if (f.has("sat")) {
            if (set) {
                throw f.fail(f.opcode + " takes no .sat");
            }
            in.flags |= Op.F_SAT;
        }
        if (shift) {
            if (f.has("clamp") == f.has("wrap")) {
                throw f.fail(f.opcode + " needs one of .clamp and .wrap");
            }
            in.flags |= f.has("clamp") ? Op.F_CLAMP : 0;
        }
        if (set) {
            in.mod2 |= f.cmp() << 8;
            if (in.mod2 >> 8 > Op.CMP_GE) {
                throw f.fail(f.opcode + ": vset compares with .eq, .ne, .lt, .le, .gt or .ge");
            }
        }
        if (in.mod == Op.VID_MAD) {
            mad(f, signs);
            return;
        }
        if (n == 1) {
            scalar(f, signs);
        } else {
            simd(f, n, signs);
        }
    }

    /** {@code d{.dsel}, a{.asel}, b{.bsel}{, c}} with an optional secondary operation. */
    private static void scalar(InstructionForm f, int signs) throws PtxException {
        Instruction in = f.in;
        f.operands(3, 4);
        int op2 = f.has("add") ? Op.VID_OP2_ADD : f.has("min") ? Op.VID_OP2_MIN : f.has("max") ? Op.VID_OP2_MAX : Op.VID_OP2_NONE;
        Selected d = select(f, f.ops.get(0), 1);
        int dsel = d.selector == -1 ? WORD : d.selector;
        if (dsel != WORD && op2 != Op.VID_OP2_NONE) {
            throw f.fail(f.opcode + ": a destination part (.b0 ... .h1) merges into c and takes no secondary operation");
        }
        int mode = dsel != WORD ? Op.VID_MERGE : op2;
        if ((mode == Op.VID_OP2_NONE) != (f.ops.size() == 3)) {
            throw f.fail(f.opcode + (mode == Op.VID_OP2_NONE ? " takes 3 operands" : " needs c, its fourth operand"));
        }
        Selected a = select(f, f.ops.get(1), 1);
        Selected b = select(f, f.ops.get(2), 1);
        in.mod2 |= mode;
        in.video = signs | (a.selector == -1 ? WORD : a.selector) | (b.selector == -1 ? WORD : b.selector) << 12 | dsel << 24;
        in.dst = new int[] {d.register};
        in.src = mode == Op.VID_OP2_NONE ? new int[] {a.register, b.register}
                : new int[] {a.register, b.register, f.src(f.ops.get(3), ScalarType.U32)};
    }

    /** {@code vmad.dtype.atype.btype{.po}{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel}, {-}c}. */
    private static void mad(InstructionForm f, int signs) throws PtxException {
        Instruction in = f.in;
        f.operands(4);
        Selected d = select(f, f.ops.get(0), 1);
        Selected a = select(f, f.ops.get(1), 1);
        Selected b = select(f, f.ops.get(2), 1);
        Selected c = select(f, f.ops.get(3), 1);
        if (d.selector != -1 || c.selector != -1) {
            throw f.fail(f.opcode + ": only a and b take a selector");
        }
        boolean po = f.has("po");
        boolean negProduct = a.negated ^ b.negated;
        if (po && (a.negated || b.negated || c.negated) || negProduct && c.negated) {
            throw f.fail(f.opcode + ": .po takes no negation, and the product and c are not both negated");
        }
        int scale = f.has("shr7") ? 1 : f.has("shr15") ? 2 : 0;
        in.mod2 |= scale << 16 | (po ? Op.VID_PO : 0) | (negProduct ? Op.VID_NEG_PRODUCT : 0) | (c.negated ? Op.VID_NEG_C : 0);
        in.video = signs | (a.selector == -1 ? WORD : a.selector) | (b.selector == -1 ? WORD : b.selector) << 12 | WORD << 24;
        in.dst = new int[] {d.register};
        in.src = new int[] {a.register, b.register, c.register};
    }

    /** {@code vop2/vop4 d{.mask}, a{.asel}, b{.bsel}, c} with {@code .sat} or {@code .add}. */
    private static void simd(InstructionForm f, int n, int signs) throws PtxException {
        Instruction in = f.in;
        f.operands(4);
        in.mod2 |= n << 24;
        Selected d = select(f, f.ops.get(0), n);
        Selected a = select(f, f.ops.get(1), n);
        Selected b = select(f, f.ops.get(2), n);
        int mask = d.selector == -1 ? (1 << n) - 1 : d.selector;
        if (f.has("add")) {
            in.mod2 |= Op.VID_OP2_ADD;
        } else if (f.has("min") || f.has("max")) {
            throw f.fail(f.opcode + ": SIMD video merges by mask or accumulates with .add");
        }
        int aDefault = 0, bDefault = 0;
        for (int i = 0; i < n; i++) {
            aDefault |= i << 3 * i;
            bDefault |= (n + i) << 3 * i;
        }
        in.video = signs | (a.selector == -1 ? aDefault : a.selector) | (b.selector == -1 ? bDefault : b.selector) << 12
                | mask << 24;
        in.dst = new int[] {d.register};
        in.src = new int[] {a.register, b.register, f.src(f.ops.get(3), ScalarType.U32)};
    }

    private record Selected(int register, int selector, boolean negated) {
    }

    /**
     * A register operand with its selector suffix: scalar ({@code n} 1) {@code .b0-.b3} (0-3) or
     * {@code .h0/.h1} (4-5); SIMD a field per element written from the highest ({@code .h10},
     * {@code .b3210}), or the mask of a destination; -1 without one.
     */
    private static Selected select(InstructionForm f, Operand o, int n) throws PtxException {
        boolean negated = false;
        String name = o.name;
        if (o.kind == Operand.IMM && o.text.startsWith("-%")) {
            negated = true;
            name = o.text.substring(1);
        } else if (o.kind != Operand.REG) {
            throw f.fail(f.opcode + " takes registers");
        }
        int dot = name.indexOf('.');
        String suffix = dot < 0 ? null : name.substring(dot + 1);
        Operand reg = new Operand(Operand.REG);
        reg.name = dot < 0 ? name : name.substring(0, dot);
        int register = f.src(reg, ScalarType.U32);
        if (suffix == null) {
            return new Selected(register, -1, negated);
        }
        if (!suffix.matches("[bh][0-7]{1,4}")) {
            throw f.fail(f.opcode + ": unknown selector ." + suffix);
        }
        boolean half = suffix.charAt(0) == 'h';
        String digits = suffix.substring(1);
        if (n == 1) {
            int k = digits.charAt(0) - '0';
            if (digits.length() != 1 || k > (half ? 1 : 3)) {
                throw f.fail(f.opcode + ": selector ." + suffix + " is not .b0-.b3, .h0 or .h1");
            }
            return new Selected(register, half ? 4 + k : k, negated);
        }
        if (half != (n == 2)) {
            throw f.fail(f.opcode + ": selector ." + suffix + " names " + (half ? "halves" : "bytes") + " of a "
                    + (n == 2 ? "2-way (halves)" : "4-way (bytes)") + " instruction");
        }
        if (o == f.ops.get(0)) {
            int mask = 0;
            for (char c : digits.toCharArray()) {
                int k = c - '0';
                if (k >= n) {
                    throw f.fail(f.opcode + ": mask ." + suffix + " names element " + k + " of " + n);
                }
                mask |= 1 << k;
            }
            return new Selected(register, mask, negated);
        }
        if (digits.length() != n) {
            throw f.fail(f.opcode + ": selector ." + suffix + " needs " + n + " fields");
        }
        int sel = 0;
        for (int i = 0; i < n; i++) {
            int k = digits.charAt(n - 1 - i) - '0';
            if (k >= 2 * n) {
                throw f.fail(f.opcode + ": selector ." + suffix + " names field " + k + " of b:a's " + 2 * n);
            }
            sel |= k << 3 * i;
        }
        return new Selected(register, sel, negated);
    }
}
