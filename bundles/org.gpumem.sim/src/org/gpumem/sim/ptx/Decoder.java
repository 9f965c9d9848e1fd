package org.gpumem.sim.ptx;

import java.util.List;
import java.util.Map;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/** Turns one parsed instruction (opcode text and operands) into its decoded form. */
final class Decoder extends InstructionForm {
    private static final java.util.Set<String> KNOWN = java.util.Set.of("mov", "ld", "ldu", "st", "cvta", "cvt", "add",
            "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs", "neg", "min", "max", "and", "or", "xor",
            "not", "cnot", "shl", "shr", "fma", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "copysign",
            "brev", "popc", "clz", "bfind", "bfe", "bfi", "prmt", "lop3", "shf", "bmsk", "szext", "dp4a", "dp2a", "fns", "addc", "subc", "madc", "vabsdiff4", "setp", "set", "selp", "slct", "testp", "bra", "brx",
            "call", "ret", "exit", "bar", "barrier", "membar", "fence", "prefetch", "prefetchu", "nanosleep", "pmevent",
            "atom", "red", "shfl", "vote", "activemask", "trap", "isspacep", "match", "redux", "cp", "griddepcontrol",
            "tex", "tld4", "txq", "suld", "sust", "suq", "wmma", "mma", "ldmatrix", "stmatrix", "movmatrix",
            "vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", "vmad", "vset", "vadd2", "vsub2", "vavrg2",
            "vabsdiff2", "vmin2", "vmax2", "vset2", "vadd4", "vsub4", "vavrg4", "vmin4", "vmax4", "vset4", "mbarrier");

    Decoder(FunctionParser parser, Instruction in, String opcode, List<Operand> ops) {
        super(parser, in, opcode, ops);
    }

    /** True when {@code opcode}'s base name (before the first dot) is one the simulator executes. */
    static boolean isKnown(String opcode) {
        int dot = opcode.indexOf('.');
        return KNOWN.contains(dot < 0 ? opcode : opcode.substring(0, dot));
    }

    /**
     * The arithmetic and bit operations whose form is {@code op.type d, a[, b[, c[, e]]]}: their
     * operation code and number of sources; modifiers some of them take are read by
     * {@link #arithmetic}. A deliberate table, like {@link Op}.
     */
    private static final Map<String, int[]> ARITHMETIC = Map.ofEntries(
            Map.entry("add", new int[] {Op.ADD, 2}), Map.entry("sub", new int[] {Op.SUB, 2}),
            Map.entry("mul", new int[] {Op.MUL, 2}), Map.entry("mad", new int[] {Op.MAD, 3}),
            Map.entry("addc", new int[] {Op.ADD, 2}), Map.entry("subc", new int[] {Op.SUB, 2}),
            Map.entry("madc", new int[] {Op.MAD, 3}),
            Map.entry("mul24", new int[] {Op.MUL24, 2}), Map.entry("mad24", new int[] {Op.MAD24, 3}),
            Map.entry("sad", new int[] {Op.SAD, 3}), Map.entry("div", new int[] {Op.DIV, 2}),
            Map.entry("rem", new int[] {Op.REM, 2}), Map.entry("abs", new int[] {Op.ABS, 1}),
            Map.entry("neg", new int[] {Op.NEG, 1}), Map.entry("min", new int[] {Op.MIN, 2}),
            Map.entry("max", new int[] {Op.MAX, 2}), Map.entry("and", new int[] {Op.AND, 2}),
            Map.entry("or", new int[] {Op.OR, 2}), Map.entry("xor", new int[] {Op.XOR, 2}),
            Map.entry("not", new int[] {Op.NOT, 1}), Map.entry("cnot", new int[] {Op.CNOT, 1}),
            Map.entry("shl", new int[] {Op.SHL, 2}), Map.entry("shr", new int[] {Op.SHR, 2}),
            Map.entry("fma", new int[] {Op.FMA, 3}), Map.entry("rcp", new int[] {Op.RCP, 1}),
            Map.entry("sqrt", new int[] {Op.SQRT, 1}), Map.entry("rsqrt", new int[] {Op.RSQRT, 1}),
            Map.entry("sin", new int[] {Op.SIN, 1}), Map.entry("cos", new int[] {Op.COS, 1}),
            Map.entry("lg2", new int[] {Op.LG2, 1}), Map.entry("ex2", new int[] {Op.EX2, 1}),
            Map.entry("tanh", new int[] {Op.TANH, 1}), Map.entry("copysign", new int[] {Op.COPYSIGN, 2}),
            Map.entry("brev", new int[] {Op.BREV, 1}), Map.entry("popc", new int[] {Op.POPC, 1}),
            Map.entry("clz", new int[] {Op.CLZ, 1}), Map.entry("bfind", new int[] {Op.BFIND, 1}),
            Map.entry("bfe", new int[] {Op.BFE, 3}), Map.entry("bfi", new int[] {Op.BFI, 4}),
            Map.entry("prmt", new int[] {Op.PRMT, 3}), Map.entry("lop3", new int[] {Op.LOP3, 4}),
            Map.entry("shf", new int[] {Op.SHF, 3}), Map.entry("bmsk", new int[] {Op.BMSK, 2}),
            Map.entry("szext", new int[] {Op.SZEXT, 2}), Map.entry("dp4a", new int[] {Op.DP4A, 3}),
            Map.entry("dp2a", new int[] {Op.DP2A, 3}), Map.entry("fns", new int[] {Op.FNS, 3}),
            Map.entry("vabsdiff4", new int[] {Op.VABSDIFF4, 3}));

    void decode() throws PtxException {
        InstructionTable.check(this);
        int[] arithmetic = ARITHMETIC.get(base);
        if (arithmetic != null) {
            arithmetic(arithmetic[0], arithmetic[1]);
            return;
        }
        if (VideoForms.isVideo(base)) {
            VideoForms.decode(this);
            return;
        }
        switch (base) {
            case "mov":
                mov();
                return;
            case "ld":
            case "ldu":
                MemoryForms.load(this);
                return;
            case "tex":
            case "tld4":
                TextureForms.fetch(this);
                return;
            case "txq":
            case "suq":
                TextureForms.query(this);
                return;
            case "suld":
            case "sust":
                TextureForms.surface(this);
                return;
            case "st":
                MemoryForms.store(this);
                return;
            case "cvta":
                cvta();
                return;
            case "cvt":
                cvt();
                return;
            case "setp":
                setp();
                return;
            case "set":
                set();
                return;
            case "selp":
                selp();
                return;
            case "slct":
                slct();
                return;
            case "testp":
                testp();
                return;
            case "bra":
                bra();
                return;
            case "brx":
                brx();
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
                SyncForms.barrier(this);
                return;
            case "membar":
            case "fence":
                // A CTA runs on one worker, so a fence of CTA scope orders nothing another thread
                // sees (the engines do nothing for it; memory checks take its release); nor do
                // proxy fences, with asynchronous copies done at issue.
                in.op = has("proxy") || has("mbarrier_init") ? Op.NOP : Op.FENCE;
                in.mod = has("cta") ? Op.FENCE_CTA : Op.FENCE_GPU;
                return;
            case "prefetch":
            case "prefetchu":
            case "nanosleep":
            case "pmevent":
                in.op = Op.NOP;
                return;
            case "griddepcontrol":
                // Programmatic dependent launch (CUB asks for it): wait for the grids this one
                // depends on, or let dependents start early. Launches run one after another to
                // their end here, so the prerequisites are complete and visible before any wait.
                if (mods.size() != 1 || !has("wait") && !has("launch_dependents") || !ops.isEmpty()) {
                    throw fail("griddepcontrol takes .wait or .launch_dependents and no operands");
                }
                in.op = Op.NOP;
                return;
            case "atom":
            case "red":
                MemoryForms.atom(this);
                return;
            case "shfl":
                SyncForms.shfl(this);
                return;
            case "vote":
                SyncForms.vote(this);
                return;
            case "match":
                SyncForms.match(this);
                return;
            case "cp":
                if (has("bulk") || has("mbarrier")) {
                    AsyncBarrierForms.copy(this);
                    return;
                }
                MemoryForms.copyAsync(this);
                return;
            case "redux":
                SyncForms.redux(this);
                return;
            case "wmma":
                MatrixForms.wmma(this);
                return;
            case "mma":
                MatrixForms.mma(this);
                return;
            case "ldmatrix":
            case "stmatrix":
                MatrixForms.ldmatrix(this);
                return;
            case "movmatrix":
                MatrixForms.movmatrix(this);
                return;
            case "mbarrier":
                AsyncBarrierForms.mbarrier(this);
                return;
            case "activemask":
                activemask();
                return;
            case "trap":
                in.op = Op.TRAP;
                return;
            case "isspacep":
                isspacep();
                return;
            default:
                throw unsupported();
        }
    }

    /** An operation of {@link #ARITHMETIC} with the modifiers and operand types particular to it. */
    private void arithmetic(int op, int nsrc) throws PtxException {
        simple(op, nsrc);
        if (has("cc")) {
            in.flags |= Op.F_CC;
        }
        if (base.endsWith("c") && (op == Op.ADD || op == Op.SUB || op == Op.MAD)) {
            in.flags |= Op.F_CARRY_IN;
        }
        switch (op) {
            case Op.MUL:
            case Op.MAD:
            case Op.MUL24:
            case Op.MAD24:
                mulFlags();
                return;
            case Op.SHL:
            case Op.SHR:
                in.src[1] = src(ops.get(2), ScalarType.U32);
                return;
            case Op.PRMT:
                for (int i = 1; i < Op.PRMT_MODES.length; i++) {
                    if (has(Op.PRMT_MODES[i])) {
                        in.mod = i;
                    }
                }
                return;
            case Op.SHF:
                if (has("l") == has("r")) {
                    throw fail(opcode + " needs one of .l and .r");
                }
                in.mod = has("l") ? 0 : 1;
                wrapOrClamp();
                return;
            case Op.BMSK:
            case Op.SZEXT:
                wrapOrClamp();
                return;
            case Op.FNS:
                in.src[1] = src(ops.get(2), ScalarType.U32);
                in.src[2] = src(ops.get(3), ScalarType.S32);
                return;
            case Op.VABSDIFF4:
                if (types.size() != 3 || has("sat")) {
                    throw fail(opcode + ": vabsdiff4 takes .dtype.atype.btype (u32/s32) and no .sat here");
                }
                in.type = ScalarType.U32.ordinal();
                in.mod = (types.get(1).isSigned() ? 1 : 0) | (types.get(2).isSigned() ? 2 : 0);
                in.mod2 = has("add") ? 1 : 0;
                return;
            case Op.DP4A:
            case Op.DP2A:
                if (types.size() != 2) {
                    throw fail(opcode + " needs the types of a and b");
                }
                in.type = ScalarType.U32.ordinal();
                in.mod = (types.get(0).isSigned() ? 1 : 0) | (types.get(1).isSigned() ? 2 : 0);
                if (op == Op.DP2A) {
                    if (has("hi") == has("lo")) {
                        throw fail(opcode + " needs one of .lo and .hi");
                    }
                    in.flags |= has("hi") ? Op.F_HI : 0;
                }
                return;
            case Op.MIN:
            case Op.MAX:
                minMaxFlags(op);
                return;
            case Op.BFIND:
                if (has("shiftamt")) {
                    in.flags |= Op.F_SHIFTAMT;
                }
                return;
            case Op.BFE:
                in.src[1] = src(ops.get(2), ScalarType.U32);
                in.src[2] = src(ops.get(3), ScalarType.U32);
                return;
            case Op.BFI:
                in.src[2] = src(ops.get(3), ScalarType.U32);
                in.src[3] = src(ops.get(4), ScalarType.U32);
                return;
            default:
                return;
        }
    }

    /**
     * {@code .NaN} and {@code .xorsign.abs} of min/max: f32 and the half types take them
     * (.xorsign only with .abs); f64 and integers take neither.
     */
    private void minMaxFlags(int op) throws PtxException {
        boolean f32OrHalf = type == ScalarType.F32 || type == ScalarType.F16 || type == ScalarType.F16X2
                || type == ScalarType.BF16 || type == ScalarType.BF16X2;
        if ((has("NaN") || has("xorsign")) && !f32OrHalf) {
            throw fail(opcode + ": .NaN and .xorsign.abs take .f32, .f16, .f16x2, .bf16 or .bf16x2");
        }
        if (has("xorsign") != has("abs")) {
            throw fail(opcode + ": .xorsign and .abs go together");
        }
        if (has("xorsign")) {
            in.flags |= Op.F_XORSIGN_ABS;
        }
    }

    private void wrapOrClamp() throws PtxException {
        if (has("wrap") == has("clamp")) {
            throw fail(opcode + " needs one of .wrap and .clamp");
        }
        if (has("clamp")) {
            in.flags |= Op.F_CLAMP;
        }
    }

    /**
     * {@code cvt.rna{.satfinite}.tf32.f32} and (sm_90) {@code cvt.{rn,rz}{.relu}{.satfinite}.tf32.f32}:
     * an f32 rounded to tf32's 10 fraction bits, as a .b32 in the f32 format ({@link Op#F_TF32}).
     */
    private void cvtTf32() throws PtxException {
        operands(2);
        if (types.size() != 1 || types.get(0) != ScalarType.F32 || !mods.get(mods.size() - 2).equals("tf32")) {
            throw fail(opcode + ": the simulator converts to .tf32 from .f32 only");
        }
        in.op = Op.CVT;
        in.type = ScalarType.B32.ordinal();
        in.type2 = ScalarType.F32.ordinal();
        in.flags |= Op.F_TF32;
        in.dst = new int[] {dst(ops.get(0))};
        in.src = new int[] {src(ops.get(1), ScalarType.F32)};
        rounding();
        if (has("rna")) {
            // round to nearest, ties away from zero: no Op rounding code of its own
            in.rnd = Op.RND_NONE;
        } else if (in.rnd != Op.RND_RN && in.rnd != Op.RND_RZ) {
            throw fail(opcode + " needs .rna, .rn or .rz");
        }
    }

    /** {@code cvta[.to].space}: into or out of the space's generic window. */
    private void cvta() throws PtxException {
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
    }

    /** {@code cvt.dtype.stype} with its rounding and saturation modifiers. */
    private void cvt() throws PtxException {
        if (has("tf32")) {
            cvtTf32();
            return;
        }
        if (types.size() != 2) {
            throw fail("cvt needs a destination and a source type");
        }
        ScalarType dt = types.get(0);
        boolean pair = dt == ScalarType.F16X2 || dt == ScalarType.BF16X2;
        operands(pair ? 3 : 2);
        for (ScalarType t : types) {
            if (t == ScalarType.B128 || t == ScalarType.PRED || t != dt && (t == ScalarType.F16X2 || t == ScalarType.BF16X2)) {
                throw fail("unsupported type ." + t.ptxName() + " in " + opcode);
            }
        }
        in.op = Op.CVT;
        in.type = dt.ordinal();
        in.type2 = types.get(1).ordinal();
        in.dst = new int[] {dst(ops.get(0))};
        in.src = pair ? new int[] {src(ops.get(1), types.get(1)), src(ops.get(2), types.get(1))}
                : new int[] {src(ops.get(1), types.get(1))};
        rounding();
    }

    /** {@code selp.type d, a, b, p}. */
    private void selp() throws PtxException {
        operands(4);
        requireType();
        in.op = Op.SELP;
        in.type = type.ordinal();
        in.dst = new int[] {dst(ops.get(0))};
        in.src = new int[] {src(ops.get(1), type), src(ops.get(2), type), src(ops.get(3), ScalarType.PRED)};
    }

    /** {@code slct.dtype.ctype d, a, b, c}: a when c is non-negative. */
    private void slct() throws PtxException {
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
    }

    /** {@code testp.property.type p, a}. */
    private void testp() throws PtxException {
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
    }

    /** {@code bra label}: the target is bound once the body is read. */
    private void bra() throws PtxException {
        operands(1);
        if (ops.get(0).kind != Operand.SYM) {
            throw fail("bra needs a label");
        }
        in.op = Op.BRA;
        if (has("uni")) {
            in.flags |= Op.F_UNI;
        }
        parser.addBranch(in, ops.get(0).name);
    }

    /**
     * {@code brx.idx{.uni} index, tlist}: a branch to entry {@code index} (.u32) of the
     * {@code .branchtargets} list {@code tlist}, bound once the body is read.
     */
    private void brx() throws PtxException {
        operands(2);
        if (!has("idx") || ops.get(1).kind != Operand.SYM) {
            throw fail("brx takes .idx, an index and a .branchtargets list");
        }
        in.op = Op.BRX;
        in.type = ScalarType.U32.ordinal();
        if (has("uni")) {
            in.flags |= Op.F_UNI;
        }
        in.src = new int[] {src(ops.get(0), ScalarType.U32)};
        parser.addIndexedBranch(in, ops.get(1).name);
    }

    /** {@code activemask.b32 d}. */
    private void activemask() throws PtxException {
        operands(1);
        in.op = Op.ACTIVEMASK;
        in.type = ScalarType.B32.ordinal();
        in.dst = new int[] {dst(ops.get(0))};
    }

    /** {@code isspacep.space p, a}. */
    private void isspacep() throws PtxException {
        operands(2);
        in.op = Op.ISSPACEP;
        in.space = spaceModifier();
        in.type = ScalarType.U64.ordinal();
        in.dst = new int[] {dst(ops.get(0))};
        in.src = new int[] {src(ops.get(1), ScalarType.U64)};
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
        if (type == ScalarType.B128) {
            // to a .b128 register from one or from {lo, hi}, or from one into {lo, hi}
            in.op = Op.MOV_B128;
            in.dst = d.kind == Operand.VEC ? halves(d, true) : wideRegister(d);
            in.src = s.kind == Operand.VEC ? halves(s, false) : wideRegister(s);
            if (d.kind == Operand.VEC && s.kind == Operand.VEC) {
                throw fail(opcode + " moves to or from a .b128 register");
            }
            return;
        }
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
                || s.name.equals("%globaltimer") || s.name.equals("%globaltimer_lo") || s.name.equals("%clock_hi")
                || s.name.equals("%globaltimer_hi"))) {
            // Counters of a functional simulator: the warp's issued instructions (mod 1: the high word).
            in.op = Op.CLOCK;
            in.mod = s.name.endsWith("_hi") ? 1 : 0;
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

    /**
     * {@code call{.uni} (rets), f, (args);}, or an indirect call {@code call (rets), %rd, (args),
     * proto;} through a register holding a function's address, {@code proto} naming a
     * {@code .callprototype} or {@code .calltargets} declared before it.
     */
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
        boolean indirect = i < ops.size() && ops.get(i).kind == Operand.REG;
        if (i >= ops.size() || ops.get(i).kind != Operand.SYM && !indirect) {
            throw fail("call needs a function name or a register holding a function's address");
        }
        Operand callee = ops.get(i++);
        Operand args = null;
        if (i < ops.size() && ops.get(i).kind == Operand.LIST) {
            args = ops.get(i++);
        }
        if (indirect) {
            if (i != ops.size() - 1 || ops.get(i).kind != Operand.SYM || !parser.isCallDeclaration(ops.get(i).name)) {
                throw fail("an indirect call ends with the label of a .callprototype or .calltargets declared before it");
            }
        } else if (i < ops.size()) {
            throw fail("a call through a function's name takes no prototype");
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
        if (indirect) {
            in.src = new int[] {src(callee, ScalarType.U64)};
            parser.module().addIndirectCall(in);
        } else {
            parser.module().addCall(in, callee.name);
        }
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
}
