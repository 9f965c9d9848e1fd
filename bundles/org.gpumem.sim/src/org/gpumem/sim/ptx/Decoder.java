package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.ptx.PtxLoader.Operand;
import org.gpumem.sim.ptx.PtxLoader.Symbol;

/** Turns one parsed instruction (opcode text and operands) into its decoded form. */
final class Decoder {
    private final PtxLoader.Parser parser;
    private final Instruction in;
    private final String opcode;
    private final List<Operand> ops;
    private final Map<Instruction, String> branches;
    private final String base;
    private final List<String> mods = new ArrayList<>();
    private final List<ScalarType> types = new ArrayList<>();
    private ScalarType type;

    private static final java.util.Set<String> KNOWN = java.util.Set.of("mov", "ld", "ldu", "st", "cvta", "cvt", "add",
            "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs", "neg", "min", "max", "and", "or", "xor",
            "not", "cnot", "shl", "shr", "fma", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "copysign",
            "brev", "popc", "clz", "bfind", "bfe", "bfi", "prmt", "lop3", "setp", "set", "selp", "slct", "testp", "bra",
            "call", "ret", "exit", "bar", "barrier", "membar", "fence", "prefetch", "prefetchu", "nanosleep", "pmevent",
            "atom", "red", "shfl", "vote", "activemask", "trap", "isspacep");

    /** True when {@code opcode}'s base name (before the first dot) is one the simulator executes. */
    static boolean isKnown(String opcode) {
        int dot = opcode.indexOf('.');
        return KNOWN.contains(dot < 0 ? opcode : opcode.substring(0, dot));
    }

    Decoder(PtxLoader.Parser parser, Instruction in, String opcode, List<Operand> ops,
            Map<Instruction, String> branches) {
        this.parser = parser;
        this.in = in;
        this.opcode = opcode;
        this.ops = ops;
        this.branches = branches;
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
    }

    private PtxException fail(String msg) {
        return parser.fail(in, msg);
    }

    private PtxException unsupported() {
        return fail("unsupported instruction " + opcode);
    }

    private void operands(int n) throws PtxException {
        if (ops.size() != n) {
            throw fail(opcode + " takes " + n + " operands, found " + ops.size());
        }
    }

    private void operands(int min, int max) throws PtxException {
        if (ops.size() < min || ops.size() > max) {
            throw fail(opcode + " takes " + min + " to " + max + " operands, found " + ops.size());
        }
    }

    private ScalarType requireType() throws PtxException {
        if (type == null) {
            throw fail(opcode + " needs a type suffix");
        }
        if (type == ScalarType.F16 || type == ScalarType.F16X2 || type == ScalarType.BF16
                || type == ScalarType.BF16X2 || type == ScalarType.B128) {
            throw fail("unsupported type ." + type.ptxName() + " in " + opcode);
        }
        return type;
    }

    private boolean has(String m) {
        return mods.contains(m);
    }

    private int dst(Operand o) throws PtxException {
        if (o.kind == Operand.SINK) {
            return sink();
        }
        if (o.kind != Operand.REG) {
            throw fail("destination of " + opcode + " must be a register");
        }
        return parser.registerOf(o.name, in.line, opcode);
    }

    private int sink() throws PtxException {
        return parser.sinkRegister();
    }

    /** A source operand as a register index; immediates and symbols become constant registers. */
    private int src(Operand o, ScalarType t) throws PtxException {
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
                return symbolValue(o, false);
            default:
                throw fail("unexpected operand in " + opcode);
        }
    }

    /** The address of a symbol as a value in its own state space (or generic). */
    private int symbolValue(Operand o, boolean generic) throws PtxException {
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
        if (parser.isModuleSymbol(o.name)) {
            return parser.symbolConstant(o.name, o.offset, generic);
        }
        if (parser.isFunction(o.name)) {
            throw fail("function addresses (" + o.name + ") are not supported");
        }
        throw fail("undefined symbol " + o.name);
    }

    /** Fills addrReg/addrOffset/paramKind of a memory operand in {@code space}. */
    private void address(Operand o, PtxStateSpace space) throws PtxException {
        if (o.kind != Operand.ADDR) {
            throw fail("expected an address [..] in " + opcode);
        }
        in.addrOffset = o.offset;
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
        PtxVariable v = parser.moduleVariable(o.name);
        if (v == null) {
            throw fail("undefined symbol " + o.name);
        }
        if (space != PtxStateSpace.GENERIC && v.space() != space) {
            throw fail("." + v.space().ptxName() + " variable " + o.name + " accessed with ." + space.ptxName());
        }
        in.addrReg = parser.symbolConstant(o.name, 0, space == PtxStateSpace.GENERIC);
    }

    private PtxStateSpace spaceModifier() {
        for (String m : mods) {
            PtxStateSpace s = PtxStateSpace.fromPtxName(m);
            if (s != null && s != PtxStateSpace.GENERIC) {
                return s;
            }
        }
        return PtxStateSpace.GENERIC;
    }

    private int cmp() throws PtxException {
        for (String m : mods) {
            for (int i = 0; i < Op.CMP_NAMES.length; i++) {
                if (Op.CMP_NAMES[i].equals(m)) {
                    return i;
                }
            }
        }
        throw fail(opcode + " needs a comparison");
    }

    private int boolOp() {
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

    private void rounding() {
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
    }

    private void simple(int op, int nsrc) throws PtxException {
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

    void decode() throws PtxException {
        switch (base) {
            case "mov":
                mov();
                return;
            case "ld":
            case "ldu":
                load();
                return;
            case "st":
                store();
                return;
            case "cvta": {
                operands(2);
                requireType();
                in.op = has("to") ? Op.CVTA_TO : Op.CVTA;
                in.space = spaceModifier();
                if (in.space == PtxStateSpace.GENERIC) {
                    throw fail("cvta needs a state space");
                }
                in.type = type.ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                in.src = new int[] {src(ops.get(1), type)};
                return;
            }
            case "cvt": {
                operands(2);
                if (types.size() != 2) {
                    throw fail("cvt needs a destination and a source type");
                }
                for (ScalarType t : types) {
                    if (t == ScalarType.F16 || t == ScalarType.BF16 || t == ScalarType.F16X2 || t == ScalarType.BF16X2) {
                        throw fail("unsupported type ." + t.ptxName() + " in " + opcode);
                    }
                }
                in.op = Op.CVT;
                in.type = types.get(0).ordinal();
                in.type2 = types.get(1).ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                in.src = new int[] {src(ops.get(1), types.get(1))};
                rounding();
                return;
            }
            case "add":
            case "sub":
                if (has("cc") || base.endsWith("c")) {
                    throw unsupported();
                }
                simple(base.equals("add") ? Op.ADD : Op.SUB, 2);
                return;
            case "mul":
                simple(Op.MUL, 2);
                mulFlags();
                return;
            case "mad":
                if (has("cc")) {
                    throw unsupported();
                }
                simple(Op.MAD, 3);
                mulFlags();
                return;
            case "mul24":
                simple(Op.MUL24, 2);
                mulFlags();
                return;
            case "mad24":
                simple(Op.MAD24, 3);
                mulFlags();
                return;
            case "sad":
                simple(Op.SAD, 3);
                return;
            case "div":
                simple(Op.DIV, 2);
                return;
            case "rem":
                simple(Op.REM, 2);
                return;
            case "abs":
                simple(Op.ABS, 1);
                return;
            case "neg":
                simple(Op.NEG, 1);
                return;
            case "min":
                simple(Op.MIN, 2);
                return;
            case "max":
                simple(Op.MAX, 2);
                return;
            case "and":
                simple(Op.AND, 2);
                return;
            case "or":
                simple(Op.OR, 2);
                return;
            case "xor":
                simple(Op.XOR, 2);
                return;
            case "not":
                simple(Op.NOT, 1);
                return;
            case "cnot":
                simple(Op.CNOT, 1);
                return;
            case "shl":
                simple(Op.SHL, 2);
                in.src[1] = src(ops.get(2), ScalarType.U32);
                return;
            case "shr":
                simple(Op.SHR, 2);
                in.src[1] = src(ops.get(2), ScalarType.U32);
                return;
            case "fma":
                simple(Op.FMA, 3);
                return;
            case "rcp":
                simple(Op.RCP, 1);
                return;
            case "sqrt":
                simple(Op.SQRT, 1);
                return;
            case "rsqrt":
                simple(Op.RSQRT, 1);
                return;
            case "sin":
                simple(Op.SIN, 1);
                return;
            case "cos":
                simple(Op.COS, 1);
                return;
            case "lg2":
                simple(Op.LG2, 1);
                return;
            case "ex2":
                simple(Op.EX2, 1);
                return;
            case "tanh":
                simple(Op.TANH, 1);
                return;
            case "copysign":
                simple(Op.COPYSIGN, 2);
                return;
            case "brev":
                simple(Op.BREV, 1);
                return;
            case "popc":
                simple(Op.POPC, 1);
                return;
            case "clz":
                simple(Op.CLZ, 1);
                return;
            case "bfind":
                simple(Op.BFIND, 1);
                if (has("shiftamt")) {
                    in.flags |= Op.F_SHIFTAMT;
                }
                return;
            case "bfe":
                simple(Op.BFE, 3);
                in.src[1] = src(ops.get(2), ScalarType.U32);
                in.src[2] = src(ops.get(3), ScalarType.U32);
                return;
            case "bfi":
                simple(Op.BFI, 4);
                in.src[2] = src(ops.get(3), ScalarType.U32);
                in.src[3] = src(ops.get(4), ScalarType.U32);
                return;
            case "prmt":
                if (mods.size() != 1) {
                    throw unsupported();
                }
                simple(Op.PRMT, 3);
                return;
            case "lop3":
                simple(Op.LOP3, 4);
                return;
            case "setp":
                setp();
                return;
            case "set":
                set();
                return;
            case "selp":
                operands(4);
                requireType();
                in.op = Op.SELP;
                in.type = type.ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                in.src = new int[] {src(ops.get(1), type), src(ops.get(2), type), src(ops.get(3), ScalarType.PRED)};
                return;
            case "slct":
                operands(4);
                if (types.size() != 2) {
                    throw fail("slct needs two types");
                }
                in.op = Op.SLCT;
                in.type = types.get(0).ordinal();
                in.type2 = types.get(1).ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                in.src = new int[] {src(ops.get(1), types.get(0)), src(ops.get(2), types.get(0)),
                    src(ops.get(3), types.get(1))};
                return;
            case "testp": {
                operands(2);
                requireType();
                String[] props = {"finite", "infinite", "number", "notanumber", "normal", "subnormal"};
                in.mod = -1;
                for (int i = 0; i < props.length; i++) {
                    if (has(props[i])) {
                        in.mod = i;
                    }
                }
                if (in.mod < 0) {
                    throw unsupported();
                }
                in.op = Op.TESTP;
                in.type = type.ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                in.src = new int[] {src(ops.get(1), type)};
                return;
            }
            case "bra":
                operands(1);
                if (ops.get(0).kind != Operand.SYM) {
                    throw fail("bra needs a label");
                }
                in.op = Op.BRA;
                if (has("uni")) {
                    in.flags |= Op.F_UNI;
                }
                branches.put(in, ops.get(0).name);
                return;
            case "call":
                call();
                return;
            case "ret":
                in.op = Op.RET;
                return;
            case "exit":
                in.op = Op.EXIT;
                return;
            case "bar":
            case "barrier":
                barrier();
                return;
            case "membar":
            case "fence":
            case "prefetch":
            case "prefetchu":
            case "nanosleep":
            case "pmevent":
                in.op = Op.NOP;
                return;
            case "atom":
            case "red":
                atom();
                return;
            case "shfl":
                shfl();
                return;
            case "vote":
                vote();
                return;
            case "activemask":
                operands(1);
                in.op = Op.ACTIVEMASK;
                in.type = ScalarType.B32.ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                return;
            case "trap":
                in.op = Op.TRAP;
                return;
            case "isspacep":
                operands(2);
                in.op = Op.ISSPACEP;
                in.space = spaceModifier();
                in.type = ScalarType.U64.ordinal();
                in.dst = new int[] {dst(ops.get(0))};
                in.src = new int[] {src(ops.get(1), ScalarType.U64)};
                return;
            default:
                throw unsupported();
        }
    }

    private void mulFlags() throws PtxException {
        if (has("hi")) {
            in.flags |= Op.F_HI;
        } else if (has("wide")) {
            in.flags |= Op.F_WIDE;
            if (type.size() > 4) {
                throw fail(opcode + ": .wide needs a 16- or 32-bit type");
            }
        } else if (!type.isFloat()) {
            in.flags |= Op.F_LO;
        }
        if (in.op == Op.MAD && (in.flags & Op.F_WIDE) != 0) {
            in.src[2] = src(ops.get(3), ScalarType.fromName((type.isSigned() ? "s" : "u") + type.size() * 16));
        }
    }

    private void mov() throws PtxException {
        operands(2);
        requireType();
        Operand d = ops.get(0);
        Operand s = ops.get(1);
        in.type = type.ordinal();
        if (d.kind == Operand.VEC) {
            in.op = Op.MOV_UNPACK;
            in.dst = vectorRegs(d, true);
            in.src = new int[] {src(s, type)};
            return;
        }
        in.dst = new int[] {dst(d)};
        if (s.kind == Operand.VEC) {
            in.op = Op.MOV_PACK;
            in.src = vectorRegs(s, false);
            return;
        }
        if (s.kind == Operand.REG && (s.name.equals("%clock") || s.name.equals("%clock64")
                || s.name.equals("%globaltimer") || s.name.equals("%globaltimer_lo"))) {
            // Counters of a functional simulator: the warp's issued instructions.
            in.op = Op.CLOCK;
            in.src = Instruction.NONE;
            return;
        }
        if (s.kind == Operand.SYM) {
            Symbol sym = parser.symbolOf(s.name);
            if (sym != null && sym.kind == Symbol.LOCAL) {
                in.op = Op.ADD;
                in.type = ScalarType.U64.ordinal();
                in.src = new int[] {Specials.FRAME, parser.constantOf(sym.value + s.offset)};
                return;
            }
        }
        in.op = Op.MOV;
        in.src = new int[] {src(s, type)};
    }

    private int[] vectorRegs(Operand v, boolean destination) throws PtxException {
        int[] r = new int[v.elems.length];
        ScalarType et = null;
        for (int i = 0; i < r.length; i++) {
            r[i] = destination ? dst(v.elems[i]) : src(v.elems[i], et);
        }
        return r;
    }

    private void memoryType() throws PtxException {
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

    private void load() throws PtxException {
        operands(2);
        memoryType();
        in.op = Op.LD;
        in.space = spaceModifier();
        Operand d = ops.get(0);
        if (in.vec > 1) {
            if (d.kind != Operand.VEC || d.elems.length != in.vec) {
                throw fail(opcode + " needs a {..} of " + in.vec + " registers");
            }
            in.dst = vectorRegs(d, true);
        } else {
            in.dst = new int[] {dst(d)};
        }
        address(ops.get(1), in.space);
    }

    private void store() throws PtxException {
        operands(2);
        memoryType();
        in.op = Op.ST;
        in.space = spaceModifier();
        if (in.space == PtxStateSpace.CONST) {
            throw fail("st.const is not allowed");
        }
        Operand s = ops.get(1);
        if (in.vec > 1) {
            if (s.kind != Operand.VEC || s.elems.length != in.vec) {
                throw fail(opcode + " needs a {..} of " + in.vec + " values");
            }
            int[] r = new int[in.vec];
            for (int i = 0; i < r.length; i++) {
                r[i] = src(s.elems[i], type);
            }
            in.src = r;
        } else {
            in.src = new int[] {src(s, type)};
        }
        address(ops.get(0), in.space);
        if (in.space == PtxStateSpace.PARAM && in.paramKind == Op.PARAM_KERNEL) {
            throw fail("store to kernel parameter");
        }
    }

    private void setp() throws PtxException {
        operands(3, 4);
        requireType();
        in.op = Op.SETP;
        in.type = type.ordinal();
        in.mod = cmp();
        in.mod2 = boolOp();
        if (has("ftz")) {
            in.flags |= Op.F_FTZ;
        }
        Operand d = ops.get(0);
        if (d.kind == Operand.PAIR) {
            in.dst = new int[] {parser.registerOf(d.name, in.line, opcode), parser.registerOf(d.second, in.line, opcode)};
        } else {
            in.dst = new int[] {dst(d)};
        }
        if (in.mod2 != Op.BOOL_NONE) {
            operands(4);
            Operand c = ops.get(3);
            in.src = new int[] {src(ops.get(1), type), src(ops.get(2), type), src(c, ScalarType.PRED)};
            in.guardNegated |= false;
            if (c.negated) {
                in.flags |= Op.F_HI; // marks a negated third operand
            }
        } else {
            operands(3);
            in.src = new int[] {src(ops.get(1), type), src(ops.get(2), type)};
        }
    }

    private void set() throws PtxException {
        operands(3, 4);
        if (types.size() != 2) {
            throw fail("set needs a destination and a source type");
        }
        in.op = Op.SET;
        in.type = types.get(0).ordinal();
        in.type2 = types.get(1).ordinal();
        in.mod = cmp();
        in.mod2 = boolOp();
        in.dst = new int[] {dst(ops.get(0))};
        if (in.mod2 != Op.BOOL_NONE) {
            operands(4);
            in.src = new int[] {src(ops.get(1), types.get(1)), src(ops.get(2), types.get(1)),
                src(ops.get(3), ScalarType.PRED)};
            if (ops.get(3).negated) {
                in.flags |= Op.F_HI;
            }
        } else {
            operands(3);
            in.src = new int[] {src(ops.get(1), types.get(1)), src(ops.get(2), types.get(1))};
        }
    }

    private void call() throws PtxException {
        in.op = Op.CALL;
        if (has("uni")) {
            in.flags |= Op.F_UNI;
        }
        int i = 0;
        Operand rets = null;
        if (i < ops.size() && ops.get(i).kind == Operand.LIST) {
            rets = ops.get(i++);
        }
        if (i >= ops.size() || ops.get(i).kind != Operand.SYM) {
            throw fail("call needs a function name");
        }
        String callee = ops.get(i++).name;
        Operand args = null;
        if (i < ops.size() && ops.get(i).kind == Operand.LIST) {
            args = ops.get(i++);
        }
        if (i < ops.size()) {
            throw fail("indirect calls and call prototypes are not supported");
        }
        if (rets != null) {
            in.retOffsets = new int[rets.elems.length];
            in.retSizes = new int[rets.elems.length];
            paramList(rets, in.retOffsets, in.retSizes);
        }
        if (args != null) {
            in.argOffsets = new int[args.elems.length];
            in.argSizes = new int[args.elems.length];
            paramList(args, in.argOffsets, in.argSizes);
        }
        parser.addCall(in, callee);
    }

    private void paramList(Operand list, int[] offsets, int[] sizes) throws PtxException {
        for (int k = 0; k < list.elems.length; k++) {
            Operand o = list.elems[k];
            Symbol s = o.kind == Operand.SYM ? parser.symbolOf(o.name) : null;
            if (s == null || s.kind != Symbol.FRAME_PARAM) {
                throw fail("call arguments must be .param variables declared in the calling function");
            }
            offsets[k] = s.value;
            sizes[k] = s.size;
        }
    }

    private void barrier() throws PtxException {
        if (base.equals("bar") && has("warp")) {
            operands(1);
            in.op = Op.BAR_WARP;
            in.src = new int[] {src(ops.get(0), ScalarType.B32)};
            return;
        }
        if (has("red") || has("arrive")) {
            throw unsupported();
        }
        if (!(has("sync") || mods.isEmpty() || has("aligned"))) {
            throw unsupported();
        }
        operands(1, 2);
        in.op = Op.BAR;
        in.src = new int[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            in.src[i] = src(ops.get(i), ScalarType.U32);
        }
    }

    private void atom() throws PtxException {
        boolean red = base.equals("red");
        in.op = red ? Op.RED : Op.ATOM;
        in.space = spaceModifier();
        if (in.space != PtxStateSpace.GLOBAL && in.space != PtxStateSpace.SHARED && in.space != PtxStateSpace.GENERIC) {
            throw fail("atomics in ." + in.space.ptxName() + " are not allowed");
        }
        in.mod = -1;
        for (int i = 0; i < Op.ATOM_NAMES.length; i++) {
            if (has(Op.ATOM_NAMES[i])) {
                in.mod = i;
            }
        }
        if (in.mod < 0 || has("v2") || has("v4")) {
            throw unsupported();
        }
        requireType();
        if (type.size() < 4) {
            throw fail("unsupported atomic size in " + opcode);
        }
        in.type = type.ordinal();
        int first = 0;
        if (!red) {
            in.dst = new int[] {dst(ops.get(0))};
            first = 1;
        }
        int nsrc = in.mod == Op.ATOM_CAS ? 2 : 1;
        operands(first + 1 + nsrc);
        address(ops.get(first), in.space);
        in.src = new int[nsrc];
        for (int i = 0; i < nsrc; i++) {
            in.src[i] = src(ops.get(first + 1 + i), type);
        }
    }

    private void shfl() throws PtxException {
        if (!has("sync")) {
            throw fail("shfl without .sync is not supported (removed for sm_70 and later)");
        }
        operands(5);
        in.op = Op.SHFL;
        in.type = ScalarType.B32.ordinal();
        if (has("up")) {
            in.mod = Op.SHFL_UP;
        } else if (has("down")) {
            in.mod = Op.SHFL_DOWN;
        } else if (has("bfly")) {
            in.mod = Op.SHFL_BFLY;
        } else if (has("idx")) {
            in.mod = Op.SHFL_IDX;
        } else {
            throw unsupported();
        }
        Operand d = ops.get(0);
        if (d.kind == Operand.PAIR) {
            in.dst = new int[] {parser.registerOf(d.name, in.line, opcode), parser.registerOf(d.second, in.line, opcode)};
        } else {
            in.dst = new int[] {dst(d)};
        }
        in.src = new int[] {src(ops.get(1), ScalarType.B32), src(ops.get(2), ScalarType.B32),
            src(ops.get(3), ScalarType.B32), src(ops.get(4), ScalarType.B32)};
    }

    private void vote() throws PtxException {
        in.op = Op.VOTE;
        if (has("all")) {
            in.mod = Op.VOTE_ALL;
        } else if (has("any")) {
            in.mod = Op.VOTE_ANY;
        } else if (has("uni")) {
            in.mod = Op.VOTE_UNI;
        } else if (has("ballot")) {
            in.mod = Op.VOTE_BALLOT;
        } else {
            throw unsupported();
        }
        boolean sync = has("sync");
        operands(sync ? 3 : 2);
        in.type = (in.mod == Op.VOTE_BALLOT ? ScalarType.B32 : ScalarType.PRED).ordinal();
        in.dst = new int[] {dst(ops.get(0))};
        int mask = sync ? src(ops.get(2), ScalarType.B32) : parser.constantOf(0xFFFF_FFFFL);
        in.src = new int[] {src(ops.get(1), ScalarType.PRED), mask};
        if (ops.get(1).negated) {
            in.flags |= Op.F_HI;
        }
    }
}
