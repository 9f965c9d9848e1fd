package org.gpumem.sim.exec.compile;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.Interpreter;
import org.gpumem.sim.exec.LaneOps;
import org.gpumem.sim.exec.WarpIntrinsics;
import org.gpumem.sim.exec.access.AtomicAccess;
import org.gpumem.sim.exec.access.GenericAccess;
import org.gpumem.sim.exec.access.HintedGlobalAccess;
import org.gpumem.sim.exec.access.LaneMemory;
import org.gpumem.sim.exec.access.VectorAccess;
import org.gpumem.sim.exec.scalar.Alu;
import org.gpumem.sim.exec.scalar.Conversions;
import org.gpumem.sim.exec.scalar.DirectedFloat;
import org.gpumem.sim.exec.scalar.HalfOps;
import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.exec.scalar.UnaryOps;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.Specials;

/**
 * What the fast engine makes of each instruction: control instructions (and %clock, which reads
 * the issue count) end a block and stay with the interpreter; the arithmetic forms listed in
 * {@link #translate} become a {@link Lane}, one lane's computation by a {@link LaneOps}
 * function, which lane loops run ({@link LaneLoops}); the other listed forms become calls of a
 * loop over the lanes, a memory access or a warp intrinsic ({@link LaneMemory},
 * {@link AtomicAccess}, {@link WarpIntrinsics#vote}) with their operands as
 * constants; every other instruction is a call of the interpreter's own
 * {@link Interpreter#execute}, so a block may hold any instruction and coverage grows one form at
 * a time. A form is listed only where its code computes what the interpreter's path for exactly
 * those operation, type, flag and rounding codes computes.
 */
final class BlockTranslations {
    private BlockTranslations() {
    }

    /**
     * Run-time values a call passes besides constants: the block's registers, its warp and frame,
     * the instruction, the CTA's state; in a lane loop also the lane's index.
     */
    enum Operand {
        REGS, WARP, FRAME, INSTRUCTION, SHARED, CONST_BANK, KERNEL_PARAMS, SCRATCH, MEMORY, INTERPRETER, LANE
    }

    /** What an instruction becomes: a lane's computation, or a call that does the whole instruction. */
    sealed interface Translation permits Call, Lane {
    }

    /**
     * A call of {@code owner.method(args..., mask)}; args are Integer, Long or Boolean constants or
     * {@link Operand}s. A refusable call returns false, having changed nothing, when the
     * interpreter must execute the instruction instead.
     */
    record Call(Class<?> owner, String method, boolean refusable, Object... args) implements Translation {
    }

    /** The value of register {@code r} in the lane a {@link Lane} computes. */
    record Reg(int r) {
    }

    /**
     * One lane's part of an instruction that neither faults nor reads other lanes: register
     * {@code dst} of the lane becomes {@code LaneOps.method(args...)}, whose args are
     * {@link Reg}s, Integer, Long or Boolean constants and {@link Operand}s. Lane loops run such
     * instructions one lane after another ({@link LaneLoops}).
     */
    record Lane(String method, int dst, Object... args) implements Translation {
        static Lane of(String method, Instruction in, Object... args) {
            return new Lane(method, in.dst[0], args);
        }
    }

    private static final int LAST_INT = ScalarType.B64.ordinal();
    private static final int F32 = ScalarType.F32.ordinal(), F64 = ScalarType.F64.ordinal();
    private static final int PRED = ScalarType.PRED.ordinal();
    /** Flags under which the interpreter takes another path (saturation, carries, flush to zero). */
    private static final int OTHER_PATH = Op.F_SAT | Op.F_CC | Op.F_CARRY_IN | Op.F_FTZ;

    /** False for instructions that end a block: control flow, barriers, calls, exits, %clock. */
    static boolean inBlock(Instruction in) {
        switch (in.op) {
            case Op.BRA:
            case Op.BRX:
            case Op.CALL:
            case Op.RET:
            case Op.EXIT:
            case Op.BAR:
            case Op.CLOCK:
                return false;
            case Op.MBARRIER:
                // a wait whose phase is incomplete ends the warp's turn (Interpreter.runWarp)
                return in.mod != Op.MBAR_TEST_WAIT && in.mod != Op.MBAR_TRY_WAIT;
            default:
                return true;
        }
    }

    /**
     * The lane computation or call for {@code in}, an instruction of {@code fn}, or null to call
     * the interpreter for it; {@code known}: the register values known before it in its block.
     */
    static Translation translate(Instruction in, PtxFunction fn, BlockConstants known) {
        int t = in.type;
        if ((in.flags & OTHER_PATH) != 0 || t < 0) {
            return null;
        }
        boolean integer = t >= 0 && t <= LAST_INT;
        switch (in.op) {
            case Op.MOV:
                return Lane.of("mov", in, ra(in), TypeWidths.MASK[t]);
            case Op.ADD:
            case Op.SUB:
            case Op.MUL:
                if (t == F32 && !DirectedFloat.directed(in.rnd)) {
                    return Lane.of(in.op == Op.ADD ? "addF32" : in.op == Op.SUB ? "subF32" : "mulF32", in, ra(in), rb(in));
                }
                if (t == F64 && !DirectedFloat.directed(in.rnd)) {
                    return Lane.of(in.op == Op.ADD ? "addF64" : in.op == Op.SUB ? "subF64" : "mulF64", in, ra(in), rb(in));
                }
                if (!integer) {
                    return null;
                }
                if (in.op == Op.MUL) {
                    return mul(in);
                }
                // The interpreter's add reads MASK, its sub intMask: the same for integer types.
                return Lane.of(in.op == Op.ADD ? "add" : "sub", in, ra(in), rb(in), TypeWidths.MASK[t]);
            case Op.DIV:
            case Op.REM:
            case Op.MIN:
            case Op.MAX:
                if (!integer) {
                    return null;
                }
                int bits = TypeWidths.SIZE[t] * 8;
                return Lane.of("divideOrSelect", in, ra(in), rb(in), in.op, 64 - bits, TypeWidths.SIGNED[t], TypeWidths.MASK[t],
                        bits == 64 && !TypeWidths.SIGNED[t]);
            case Op.CVTA:
            case Op.CVTA_TO:
                return new Call(Interpreter.class, "cvta", false, Operand.INTERPRETER, Operand.FRAME,
                        Operand.INSTRUCTION, Operand.REGS);
            case Op.MAD:
            case Op.FMA:
                if ((t == F32 || t == F64) && !DirectedFloat.directed(in.rnd)) {
                    return Lane.of(t == F32 ? "fmaF32" : "fmaF64", in, ra(in), rb(in), rc(in));
                }
                return in.op == Op.MAD && integer ? mad(in) : null;
            case Op.AND:
            case Op.OR:
            case Op.XOR:
                if (!integer && t != PRED) {
                    return null;
                }
                return Lane.of(in.op == Op.AND ? "and" : in.op == Op.OR ? "or" : "xor", in, ra(in), rb(in), Alu.intMask(t));
            case Op.SHL:
            case Op.SHR:
                if (!integer) {
                    return null;
                }
                int width = TypeWidths.SIZE[t] * 8;
                String shift = in.op == Op.SHL ? "shl" : TypeWidths.SIGNED[t] ? "shrSigned" : "shrUnsigned";
                return Lane.of(shift, in, ra(in), rb(in), width, TypeWidths.MASK[t]);
            case Op.CVT:
                if (in.type2 < 0 || (in.flags & Op.F_TF32) != 0) {
                    return null;
                }
                if (!integer || in.type2 > LAST_INT) {
                    return floatConversion(in);
                }
                int st = in.type2;
                return Lane.of("cvtInt", in, ra(in), 64 - 8 * TypeWidths.SIZE[st], TypeWidths.SIGNED[st],
                        TypeWidths.MASK[st], TypeWidths.MASK[t]);
            case Op.SELP:
                return Lane.of("selp", in, ra(in), rb(in), rc(in), Alu.mask(t));
            case Op.SETP:
                return setp(in);
            case Op.LD:
            case Op.ST:
                // Global accesses ordered against other CTAs' take the interpreter's one
                // implementation; the CTA's own spaces have one thread, so no order to keep.
                return in.order != Op.ORDER_WEAK && (in.space == PtxStateSpace.GLOBAL || in.space == PtxStateSpace.GENERIC)
                        || wrapsIn32Bits(in) ? null : scalarAccess(in, fn);
            case Op.ATOM:
            case Op.RED:
                return wrapsIn32Bits(in) ? null : atomic(in);
            case Op.VOTE:
                if (in.src.length == 2 && known.known(in.src[1]) && (int) known.value(in.src[1]) == -1) {
                    return new Call(WarpIntrinsics.class, "voteAllMembers", true, Operand.REGS, d(in), a(in),
                            (in.flags & Op.F_HI) != 0, in.mod);
                }
                // The interpreter's own vote, called directly: one implementation of its semantics.
                return new Call(WarpIntrinsics.class, "vote", false, Operand.INSTRUCTION, Operand.REGS);
            case Op.SHFL:
                if (in.src.length != 4) {
                    return null;
                }
                int p = in.dst.length > 1 ? in.dst[1] << 5 : -1;
                if (known.known(in.src[1]) && known.known(in.src[2]) && known.known(in.src[3])
                        && (int) known.value(in.src[3]) == -1) {
                    // nvcc's shuffles: lane offset, clamp and member mask moved from immediates
                    long cv = known.value(in.src[2]);
                    return new Call(LaneMemory.class, "shflKnown", true, Operand.SCRATCH, Operand.REGS, d(in), p, a(in),
                            (int) (known.value(in.src[1]) & 31), (int) (cv & 31), (int) ((cv >>> 8) & 31), in.mod);
                }
                return new Call(LaneMemory.class, "shfl", true, Operand.SCRATCH, Operand.REGS, d(in), p, a(in), b(in), c(in),
                        in.src[3] << 5, in.mod);
            default:
                return UnaryOps.isUnary(in.op) ? unary(in) : null;
        }
    }

    /**
     * Scalar ld of shared memory, the const bank and kernel parameters, st of shared memory (as
     * {@link CtaMemory}'s one-array paths), ld/st of a frame's param space (a call's arguments
     * and results), ld/st of global memory in the allocation last used,
     * ld/st of local memory, none of them counted in the profile, and generic ld/st whose lanes
     * all resolve to one of those spaces, counted there as the interpreter counts them.
     */
    private static Call scalarAccess(Instruction in, PtxFunction fn) {
        if (in.type < 0 || in.type > ScalarType.F64.ordinal() || TypeWidths.SIZE[in.type] > 8) {
            return null;
        }
        if (in.vec == 2 || in.vec == 4) {
            return vectorAccess(in);
        }
        if (in.vec != 1) {
            return null;
        }
        boolean load = in.op == Op.LD;
        int size = TypeWidths.SIZE[in.type];
        Operand array = in.space == PtxStateSpace.SHARED ? Operand.SHARED : in.space == PtxStateSpace.CONST
                ? Operand.CONST_BANK : in.space == PtxStateSpace.PARAM && in.paramKind != Op.PARAM_FRAME
                ? Operand.KERNEL_PARAMS : null;
        if (load && array != null) {
            return new Call(LaneMemory.class, uniform(in.addrReg, fn) ? "ldArrayUniform" : "ldArray", true, array, Operand.REGS, d(in), in.addrReg << 5, in.addrOffset,
                    size, TypeWidths.SIGNED[in.type] && size < 8);
        }
        if (in.space == PtxStateSpace.PARAM && in.paramKind == Op.PARAM_FRAME) {
            return load
                    ? new Call(LaneMemory.class, "ldParamFrame", true, Operand.FRAME, Operand.REGS, d(in), in.addrReg << 5,
                            in.addrOffset, size, TypeWidths.SIGNED[in.type] && size < 8)
                    : new Call(LaneMemory.class, "stParamFrame", true, Operand.FRAME, Operand.REGS, in.addrReg << 5, a(in),
                            in.addrOffset, size);
        }
        if (!load && in.space == PtxStateSpace.SHARED) {
            return new Call(LaneMemory.class, "stShared", true, Operand.SHARED, Operand.REGS, in.addrReg << 5, a(in),
                    in.addrOffset, size);
        }
        if (in.space == PtxStateSpace.GLOBAL) {
            return new Call(HintedGlobalAccess.class, load ? "load" : "store", true, Operand.MEMORY, Operand.FRAME,
                    Operand.INSTRUCTION, Operand.REGS);
        }
        if (in.space == PtxStateSpace.LOCAL) {
            return load
                    ? new Call(LaneMemory.class, "ldLocal", true, Operand.MEMORY, Operand.WARP, Operand.REGS, d(in),
                            in.addrReg << 5, in.addrOffset, size, TypeWidths.SIGNED[in.type] && size < 8)
                    : new Call(LaneMemory.class, "stLocal", true, Operand.MEMORY, Operand.WARP, Operand.REGS,
                            in.addrReg << 5, a(in), in.addrOffset, size);
        }
        if (in.space == PtxStateSpace.GENERIC) {
            return new Call(GenericAccess.class, load ? "load" : "store", true, Operand.MEMORY, Operand.WARP,
                    Operand.FRAME, Operand.INSTRUCTION, Operand.REGS);
        }
        return null;
    }

    /**
     * The lane form of {@code in}, a scalar ld of shared or local memory translated as
     * {@code call}, for a block that has checked its span ({@link AccessSpans}): the plain read,
     * which cannot fault; null for any other instruction.
     */
    static Lane checkedLoad(Instruction in, Call call) {
        if (in.op != Op.LD || call.owner() != LaneMemory.class) {
            return null;
        }
        int size = TypeWidths.SIZE[in.type];
        boolean sext = TypeWidths.SIGNED[in.type] && size < 8;
        Reg base = new Reg(in.addrReg);
        if (call.method().equals("ldArray") && call.args()[0] == Operand.SHARED) {
            return Lane.of("ldArray", in, Operand.SHARED, base, in.addrOffset, size, sext);
        }
        if (call.method().equals("ldLocal")) {
            return Lane.of("ldLocal", in, Operand.MEMORY, Operand.WARP, Operand.LANE, base, in.addrOffset, size, sext);
        }
        return null;
    }

    /** Scalar 32- and 64-bit atom/red of shared, global and generic memory, as {@link AtomicAccess} does them. */
    private static Call atomic(Instruction in) {
        int size = TypeWidths.SIZE[in.type];
        if (in.vec != 1 || size != 4 && size != 8) {
            return null;
        }
        int d = in.op == Op.ATOM ? d(in) : -1;
        int b = a(in);
        int c = in.src.length > 1 ? b(in) : b;
        if (in.space == PtxStateSpace.SHARED) {
            return new Call(AtomicAccess.class, "shared", true, Operand.SHARED, Operand.REGS, d, in.addrReg << 5,
                    in.addrOffset, b, c, in.mod, in.type);
        }
        if (in.space == PtxStateSpace.GLOBAL) {
            return new Call(AtomicAccess.class, "global", true, Operand.MEMORY, Operand.FRAME, Operand.INSTRUCTION,
                    Operand.REGS, d, in.addrReg << 5, in.addrOffset, b, c, in.mod, in.type);
        }
        if (in.space == PtxStateSpace.GENERIC) {
            return new Call(AtomicAccess.class, "generic", true, Operand.MEMORY, Operand.FRAME, Operand.INSTRUCTION,
                    Operand.REGS, d, in.addrReg << 5, in.addrOffset, b, c, in.mod, in.type);
        }
        return null;
    }

    /**
     * ld/st .v2/.v4 of local memory ({@link LaneMemory}), of shared and global memory, and ld of
     * the const bank and kernel parameters ({@link VectorAccess}), as {@link CtaMemory}'s vector path.
     */
    private static Call vectorAccess(Instruction in) {
        boolean load = in.op == Op.LD;
        if (in.space == PtxStateSpace.LOCAL) {
            if (load && writesAddress(in)) {
                // an element loaded, the next one's address gone: the interpreter reads the vector first
                return null;
            }
            int[] r = load ? in.dst : in.src;
            int[] e = new int[4];
            for (int k = 0; k < in.vec; k++) {
                e[k] = r[k] << 5;
            }
            int size = TypeWidths.SIZE[in.type];
            return load
                    ? new Call(LaneMemory.class, "ldLocalVector", true, Operand.MEMORY, Operand.WARP, Operand.REGS,
                            in.addrReg << 5, in.addrOffset, size, TypeWidths.SIGNED[in.type] && size < 8, in.vec, e[0], e[1],
                            e[2], e[3])
                    : new Call(LaneMemory.class, "stLocalVector", true, Operand.MEMORY, Operand.WARP, Operand.REGS,
                            in.addrReg << 5, in.addrOffset, size, in.vec, e[0], e[1], e[2], e[3]);
        }
        boolean readOnly = in.space == PtxStateSpace.CONST || in.space == PtxStateSpace.PARAM && in.paramKind != Op.PARAM_FRAME;
        if (in.space != PtxStateSpace.GLOBAL && in.space != PtxStateSpace.SHARED && !(load && readOnly)) {
            return null;
        }
        return new Call(VectorAccess.class, load ? "load" : "store", true, Operand.MEMORY, Operand.INSTRUCTION,
                Operand.REGS);
    }

    /**
     * A global or generic address computed in a 32-bit register, which the interpreter wraps
     * modulo 2^32. The fast paths add in 64 bits and take only addresses inside their space,
     * which for shared, local, const and param (below 2^32) are the wrapped ones too; a global
     * allocation may lie past 2^32, where an unwrapped sum could land.
     */
    private static boolean wrapsIn32Bits(Instruction in) {
        return in.addrMask != -1L && (in.space == PtxStateSpace.GLOBAL || in.space == PtxStateSpace.GENERIC);
    }

    /** Whether a vector load writes its own address register. */
    private static boolean writesAddress(Instruction in) {
        for (int d : in.dst) {
            if (d == in.addrReg) {
                return true;
            }
        }
        return false;
    }

    /** A single-operand instruction on the path {@link Alu} gives it: {@link UnaryOps}' lanes, not the half or directed forms. */
    private static Lane unary(Instruction in) {
        int t = in.type;
        if (HalfOps.isHalf(t) || UnaryOps.directed(in)) {
            return null;
        }
        if (t == F32 || t == F64) {
            return Lane.of(t == F32 ? "unaryF32" : "unaryF64", in, ra(in), in.op);
        }
        return Lane.of("unaryInt", in, ra(in), in.op, t, in.flags);
    }

    /** A cvt to or from a float type, as {@link Conversions#convert} computes each lane; not the pair forms. */
    private static Lane floatConversion(Instruction in) {
        if (HalfOps.isPair(in.type) || !Conversions.involvesFloat(in.type2, in.type)) {
            return null;
        }
        return Lane.of("convert", in, ra(in), in.type2, in.type, in.rnd, in.flags, Alu.mask(in.type));
    }

    private static Lane mul(Instruction in) {
        int t = in.type;
        if ((in.flags & Op.F_HI) != 0) {
            return null;
        }
        if ((in.flags & Op.F_WIDE) != 0) {
            int width = TypeWidths.SIZE[t] * 8;
            return Lane.of("mulWide", in, ra(in), rb(in), 64 - width, TypeWidths.SIGNED[t], TypeWidths.MASK[t],
                    width == 32 ? -1L : 0xFFFF_FFFFL);
        }
        return Lane.of("mulLo", in, ra(in), rb(in), TypeWidths.MASK[t]);
    }

    private static Lane mad(Instruction in) {
        int t = in.type;
        if ((in.flags & Op.F_HI) != 0) {
            return null;
        }
        if ((in.flags & Op.F_WIDE) != 0) {
            int width = TypeWidths.SIZE[t] * 8;
            return Lane.of("madWide", in, ra(in), rb(in), rc(in), 64 - width, TypeWidths.SIGNED[t], TypeWidths.MASK[t],
                    width == 32 ? -1L : 0xFFFF_FFFFL);
        }
        return Lane.of("madLo", in, ra(in), rb(in), rc(in), TypeWidths.MASK[t]);
    }

    /** setp with one destination and no combining predicate, on integers or f32/f64 (ordered comparisons). */
    private static Lane setp(Instruction in) {
        int t = in.type;
        if (in.dst.length != 1 || in.src.length != 2 || in.mod2 != Op.BOOL_NONE) {
            return null;
        }
        int cmp = in.mod;
        if (t == F32 || t == F64) {
            boolean f64 = t == F64;
            switch (cmp) {
                case Op.CMP_EQ: return Lane.of("setpEqF", in, ra(in), rb(in), f64);
                case Op.CMP_LT: return Lane.of("setpLtF", in, ra(in), rb(in), f64);
                case Op.CMP_LE: return Lane.of("setpLeF", in, ra(in), rb(in), f64);
                case Op.CMP_GT: return Lane.of("setpLtF", in, rb(in), ra(in), f64);
                case Op.CMP_GE: return Lane.of("setpLeF", in, rb(in), ra(in), f64);
                default: return null;
            }
        }
        if (t < 0 || t > LAST_INT || cmp < Op.CMP_EQ || cmp > Op.CMP_HS) {
            return null;
        }
        boolean sgn = TypeWidths.SIGNED[t];
        int sh = 64 - 8 * TypeWidths.SIZE[t];
        boolean unsignedOrder = cmp >= Op.CMP_LO || !sgn;
        long flip = unsignedOrder ? Long.MIN_VALUE : 0;
        switch (cmp) {
            case Op.CMP_EQ: return Lane.of("setpEq", in, ra(in), rb(in), sh, sgn, flip);
            case Op.CMP_NE: return Lane.of("setpNe", in, ra(in), rb(in), sh, sgn, flip);
            case Op.CMP_LT:
            case Op.CMP_LO: return Lane.of("setpLt", in, ra(in), rb(in), sh, sgn, flip);
            case Op.CMP_LE:
            case Op.CMP_LS: return Lane.of("setpLe", in, ra(in), rb(in), sh, sgn, flip);
            case Op.CMP_GT:
            case Op.CMP_HI: return Lane.of("setpLt", in, rb(in), ra(in), sh, sgn, flip);
            default: return Lane.of("setpLe", in, rb(in), ra(in), sh, sgn, flip);
        }
    }

    /**
     * Whether register {@code r} of {@code fn} holds one value for all lanes: a constant (an
     * immediate or a symbol's address, the loader's base of most memory operands), the frame
     * base, or a special register of the CTA or grid.
     */
    private static boolean uniform(int r, PtxFunction fn) {
        if (r >= Specials.COUNT) {
            return r < fn.declaredBase();
        }
        switch (r) {
            case Specials.FRAME:
            case Specials.NTID_X:
            case Specials.NTID_Y:
            case Specials.NTID_Z:
            case Specials.CTAID_X:
            case Specials.CTAID_Y:
            case Specials.CTAID_Z:
            case Specials.NCTAID_X:
            case Specials.NCTAID_Y:
            case Specials.NCTAID_Z:
                return true;
            default:
                return false;
        }
    }

    private static int d(Instruction in) {
        return in.dst[0] << 5;
    }

    private static int a(Instruction in) {
        return in.src[0] << 5;
    }

    private static int b(Instruction in) {
        return in.src[1] << 5;
    }

    private static int c(Instruction in) {
        return in.src[2] << 5;
    }

    private static Reg ra(Instruction in) {
        return new Reg(in.src[0]);
    }

    private static Reg rb(Instruction in) {
        return new Reg(in.src[1]);
    }

    private static Reg rc(Instruction in) {
        return new Reg(in.src[2]);
    }
}
