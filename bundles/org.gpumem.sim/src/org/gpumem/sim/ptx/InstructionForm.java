package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/**
 * One instruction as written, being decoded: its opcode split into base name, modifiers and type
 * suffixes, its parsed operands, and how operands become register indices of the function (an
 * immediate or a symbol's address is a constant register), addresses and modifier codes.
 * {@link Decoder} decodes the instruction forms on top of it.
 */
class InstructionForm {
    final FunctionParser parser;
    final Instruction in;
    final String opcode;
    final List<Operand> ops;
    final String base;
    final List<String> mods = new ArrayList<>();
    final List<ScalarType> types = new ArrayList<>();
    final ScalarType type;

    InstructionForm(FunctionParser parser, Instruction in, String opcode, List<Operand> ops) {
        this.parser = parser;
        this.in = in;
        this.opcode = opcode;
        this.ops = ops;
        String[] parts = opcode.split("\\.");
        this.base = parts[0];
        for (int i = 1; i < parts.length; i++) {
            mods.add(parts[i]);
            ScalarType t = ScalarType.fromName(parts[i]);
            if (t != null) {
                types.add(t);
            }
        }
        this.type = types.isEmpty() ? null : types.get(types.size() - 1);
        for (Operand o : ops) {
            bareRegisters(o);
        }
    }

    /**
     * Registers may be declared without {@code %} (nvcc's inline asm in {@code { }} scopes:
     * {@code .reg .pred p;}); such a name reads as a symbol until the scope says it is a register.
     */
    private void bareRegisters(Operand o) {
        if (o.kind == Operand.SYM && o.offset == 0) {
            Symbol s = parser.symbolOf(o.name);
            if (s != null && s.kind == Symbol.REGISTER) {
                o.kind = Operand.REG;
            }
        } else if (o.elems != null) {
            for (Operand e : o.elems) {
                bareRegisters(e);
            }
        }
    }

    PtxException fail(String msg) {
        return parser.fail(in, msg);
    }

    PtxException unsupported() {
        return fail("unsupported instruction " + opcode);
    }

    void operands(int n) throws PtxException {
        if (ops.size() != n) {
            throw fail(opcode + " takes " + n + " operands, found " + ops.size());
        }
    }

    void operands(int min, int max) throws PtxException {
        if (ops.size() < min || ops.size() > max) {
            throw fail(opcode + " takes " + min + " to " + max + " operands, found " + ops.size());
        }
    }

    /** The instructions the simulator executes on half-precision types. */
    private static final java.util.Set<String> HALF_BASES = java.util.Set.of("add", "sub", "mul", "fma", "neg", "abs",
            "min", "max", "ex2", "tanh", "setp", "set", "mov", "ld", "ldu", "st", "atom", "red", "selp", "cvt");

    /** The instructions the simulator executes on {@code .b128} (sm_90's 128-bit moves and atomics). */
    private static final java.util.Set<String> WIDE_BASES = java.util.Set.of("mov", "ld", "ldu", "st", "atom");

    /** The two rows (low, high) of a {@code .b128} register operand. */
    int[] wideRegister(Operand o) throws PtxException {
        Symbol s = o.kind == Operand.REG ? parser.symbolOf(o.name) : null;
        if (s == null || s.kind != Symbol.REGISTER || s.size != 16) {
            throw fail(opcode + " needs a .b128 register where it has " + (o.name != null ? o.name : "another operand"));
        }
        return new int[] {s.value, s.value + 1};
    }

    /** Two 64-bit registers as the halves of a {@code .b128} value: {@code {lo, hi}}. */
    int[] halves(Operand o, boolean destination) throws PtxException {
        if (o.kind != Operand.VEC || o.elems.length != 2) {
            throw fail(opcode + " needs a .b128 register or a {lo, hi} pair of 64-bit registers");
        }
        return destination ? new int[] {dst(o.elems[0]), dst(o.elems[1])}
                : new int[] {src(o.elems[0], ScalarType.B64), src(o.elems[1], ScalarType.B64)};
    }

    ScalarType requireType() throws PtxException {
        if (type == null) {
            throw fail(opcode + " needs a type suffix");
        }
        boolean half = type == ScalarType.F16 || type == ScalarType.F16X2 || type == ScalarType.BF16
                || type == ScalarType.BF16X2;
        if (half && !HALF_BASES.contains(base) || type == ScalarType.B128 && !WIDE_BASES.contains(base)) {
            throw fail("unsupported type ." + type.ptxName() + " in " + opcode);
        }
        return type;
    }

    boolean has(String m) {
        return mods.contains(m);
    }

    int dst(Operand o) throws PtxException {
        if (o.kind == Operand.SINK) {
            return sink();
        }
        if (o.kind != Operand.REG) {
            throw fail("destination of " + opcode + " must be a register");
        }
        return parser.registerOf(o.name, in.line, opcode);
    }

    int sink() throws PtxException {
        return parser.sinkRegister();
    }

    /** A source operand as a register index; immediates and symbols become constant registers. */
    int src(Operand o, ScalarType t) throws PtxException {
        switch (o.kind) {
            case Operand.REG:
                return parser.registerOf(o.name, in.line, opcode);
            case Operand.IMM: {
                Long v = PtxLoader.parseImmediate(o.text, t);
                if (v == null) {
                    throw fail("bad immediate '" + o.text + "'");
                }
                return parser.constantOf(v);
            }
            case Operand.SYM:
                if (o.name.equals("WARP_SZ")) {
                    // warpSize: a constant of the target, not a module symbol.
                    return parser.constantOf(DeviceFacts.WARP_SIZE);
                }
                return symbolValue(o, false);
            default:
                throw fail("unexpected operand in " + opcode);
        }
    }

    /** The address of a symbol as a value in its own state space (or generic). */
    int symbolValue(Operand o, boolean generic) throws PtxException {
        Symbol s = parser.symbolOf(o.name);
        if (s != null) {
            switch (s.kind) {
                case Symbol.KERNEL_PARAM:
                    if (generic) {
                        return parser.symbolConstant(PtxModule.KERNEL_PARAMS_SYMBOL, s.value + o.offset, true);
                    }
                    return parser.constantOf(s.value + o.offset);
                case Symbol.FRAME_PARAM:
                    if (generic) {
                        throw fail("the generic address of call parameter " + o.name + " is not supported");
                    }
                    return parser.constantOf(s.value + o.offset);
                case Symbol.LOCAL:
                    throw fail("local symbol " + o.name + " can only be used in mov or as an address");
                default:
                    throw fail(o.name + " is a register, not a symbol");
            }
        }
        if (parser.module().isModuleSymbol(o.name)) {
            return parser.symbolConstant(o.name, o.offset, generic);
        }
        if (parser.module().isFunction(o.name)) {
            return parser.constantOf(parser.module().takeAddress(o.name) + o.offset);
        }
        throw fail("undefined symbol " + o.name);
    }

    /** {@link Instruction#addrMask} of an address computed in 32 bits. */
    static final long ADDRESS_32 = 0xFFFF_FFFFL;

    /** Fills addrReg/addrOffset/addrMask/paramKind of a memory operand in {@code space}. */
    void address(Operand o, PtxStateSpace space) throws PtxException {
        if (o.kind != Operand.ADDR) {
            throw fail("expected an address [..] in " + opcode);
        }
        in.addrOffset = o.offset;
        in.addrMask = addressWidth32(space) ? ADDRESS_32 : -1L;
        in.paramKind = parser.currentFunction().isEntry() ? Op.PARAM_KERNEL : Op.PARAM_FRAME;
        if (o.name == null) {
            in.addrReg = parser.constantOf(0);
            return;
        }
        Symbol s = parser.symbolOf(o.name);
        if (s != null) {
            switch (s.kind) {
                case Symbol.REGISTER:
                    in.addrReg = s.value;
                    if (s.size <= 4) {
                        in.addrMask = ADDRESS_32;
                    }
                    return;
                case Symbol.LOCAL:
                    if (space != PtxStateSpace.LOCAL) {
                        throw fail("local symbol " + o.name + " used with ." + space.ptxName() + " access");
                    }
                    in.addrReg = Specials.FRAME;
                    in.addrOffset = s.value + o.offset;
                    return;
                case Symbol.KERNEL_PARAM:
                case Symbol.FRAME_PARAM:
                    if (space == PtxStateSpace.PARAM) {
                        in.paramKind = s.kind == Symbol.KERNEL_PARAM ? Op.PARAM_KERNEL : Op.PARAM_FRAME;
                        in.addrReg = parser.constantOf(0);
                        in.addrOffset = s.value + o.offset;
                        return;
                    }
                    if (space == PtxStateSpace.GENERIC && s.kind == Symbol.KERNEL_PARAM) {
                        in.addrReg = parser.symbolConstant(PtxModule.KERNEL_PARAMS_SYMBOL, 0, true);
                        in.addrOffset = s.value + o.offset;
                        return;
                    }
                    throw fail("param symbol " + o.name + " used with a ." + space.ptxName() + " access");
                default:
                    break;
            }
        }
        if (o.name.startsWith("%")) {
            in.addrReg = parser.registerOf(o.name, in.line, opcode);
            return;
        }
        PtxVariable v = parser.module().moduleVariable(o.name);
        if (v == null) {
            throw fail("undefined symbol " + o.name);
        }
        if (space != PtxStateSpace.GENERIC && v.space() != space) {
            throw fail("." + v.space().ptxName() + " variable " + o.name + " accessed with ." + space.ptxName());
        }
        in.addrReg = parser.symbolConstant(o.name, 0, space == PtxStateSpace.GENERIC);
    }

    /**
     * PTX ISA, "Addresses as Operands": an address is truncated where the register is wider
     * than its state space's address width, and shared, local, const and param addresses are
     * 32 bits wide (generic and global ones 64 under {@code .address_size 64}).
     */
    static boolean addressWidth32(PtxStateSpace space) {
        return space == PtxStateSpace.SHARED || space == PtxStateSpace.LOCAL || space == PtxStateSpace.CONST
                || space == PtxStateSpace.PARAM;
    }

    PtxStateSpace spaceModifier() {
        for (String m : mods) {
            // a launch is a grid of clusters of one CTA (Specials): .shared::cta and .shared::cluster
            // name the CTA's own shared memory, as .shared does
            PtxStateSpace s = m.equals("shared::cta") || m.equals("shared::cluster") ? PtxStateSpace.SHARED
                    : PtxStateSpace.fromPtxName(m);
            if (s != null && s != PtxStateSpace.GENERIC) {
                return s;
            }
        }
        return PtxStateSpace.GENERIC;
    }

    int cmp() throws PtxException {
        for (String m : mods) {
            for (int i = 0; i < Op.CMP_NAMES.length; i++) {
                if (Op.CMP_NAMES[i].equals(m)) {
                    return i;
                }
            }
        }
        throw fail(opcode + " needs a comparison");
    }

    int boolOp() {
        if (has("and")) {
            return Op.BOOL_AND;
        }
        if (has("or")) {
            return Op.BOOL_OR;
        }
        if (has("xor")) {
            return Op.BOOL_XOR;
        }
        return Op.BOOL_NONE;
    }

    void rounding() {
        String[] names = {"", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"};
        for (int i = 1; i < names.length; i++) {
            if (has(names[i])) {
                in.rnd = i;
            }
        }
        if (has("ftz")) {
            in.flags |= Op.F_FTZ;
        }
        if (has("sat")) {
            in.flags |= Op.F_SAT;
        }
        if (has("approx") || has("full")) {
            in.flags |= Op.F_APPROX;
        }
        if (has("relu")) {
            in.flags |= Op.F_RELU;
        }
        if (has("satfinite")) {
            in.flags |= Op.F_SATFINITE;
        }
        if (has("NaN")) {
            in.flags |= Op.F_NAN;
        }
    }

    void simple(int op, int nsrc) throws PtxException {
        operands(1 + nsrc);
        ScalarType t = requireType();
        in.op = op;
        in.type = t.ordinal();
        in.dst = new int[] {dst(ops.get(0))};
        int[] s = new int[nsrc];
        for (int i = 0; i < nsrc; i++) {
            s[i] = src(ops.get(1 + i), t);
        }
        in.src = s;
        rounding();
    }

    int[] vectorRegs(Operand v, boolean destination) throws PtxException {
        int[] r = new int[v.elems.length];
        ScalarType et = null;
        for (int i = 0; i < r.length; i++) {
            r[i] = destination ? dst(v.elems[i]) : src(v.elems[i], et);
        }
        return r;
    }

    void memoryType() throws PtxException {
        requireType();
        in.type = type.ordinal();
        if (has("v2")) {
            in.vec = 2;
        } else if (has("v4")) {
            in.vec = 4;
        } else if (has("v8")) {
            throw fail("unsupported vector width .v8 in " + opcode);
        }
        if (type == ScalarType.PRED) {
            throw fail("ld/st of .pred is not allowed");
        }
    }
}
