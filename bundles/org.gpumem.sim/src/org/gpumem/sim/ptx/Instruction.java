package org.gpumem.sim.ptx;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.SourceLocation;

/**
 * One PTX instruction in pre-decoded form: operation and modifier codes as ints (see
 * {@link Op}), operands as indices into the function's register file. Immediates and symbol
 * addresses are constant registers the engine fills when a frame starts, so every operand is
 * a register. The loader fills every field; the interpreter reads them directly and nothing
 * else may modify them.
 */
public final class Instruction {
    public int op;
    /** Instruction type ({@link ScalarType} ordinal), the destination type for cvt. */
    public int type;
    /** Second type: the source type of cvt, the operand type of set/slct. -1 if none. */
    public int type2 = -1;
    public int mod;
    public int mod2;
    public int rnd;
    public int flags;
    /** State space of ld/st/atom/red/cvta/isspacep; {@link PtxStateSpace#GENERIC} when none is written. */
    public PtxStateSpace space = PtxStateSpace.GENERIC;
    /** Memory order of ld/st: {@link Op#ORDER_WEAK} unless a qualifier says otherwise. */
    public int order;
    /** Vector width of ld/st (1, 2 or 4). */
    public int vec = 1;
    /**
     * The register holding the member mask of a warp-synchronous instruction (shfl, vote, match
     * and redux .sync, bar.warp.sync), whose lanes wait under independent thread scheduling until
     * every member lane that has not exited executes it; -1 for every other instruction.
     */
    public int memberMask = -1;
    /** Guard predicate register, or -1. */
    public int guard = -1;
    public boolean guardNegated;
    public int[] dst = NONE;
    public int[] src = NONE;
    /** Base register of the memory operand. */
    public int addrReg = -1;
    public long addrOffset;
    /**
     * What the address {@code addrReg + addrOffset} is reduced to: 0xFFFFFFFF where PTX computes
     * it in 32 bits (a 32-bit base register is zero-extended after the addition; shared, local,
     * const and param addresses are 32 bits wide, so a wider register is truncated), -1 for
     * 64-bit generic and global arithmetic, which wraps modulo 2^64 as Java's does.
     */
    public long addrMask = -1L;
    /** cp.async: the shared destination's offset from its base register, src[0] (addrReg/addrOffset: the global source). */
    public long dstAddrOffset;
    /** {@link Op#PARAM_KERNEL} or {@link Op#PARAM_FRAME} for param-space accesses. */
    public int paramKind;
    /** Tensor-core instructions (wmma, mma.sync): the shape and element types; null for every other instruction. */
    public MatrixShape matrix;
    /** Texture and surface instructions: how many of {@code src}, after the object's handle, are coordinates. */
    public int coords;
    /** Branch target (instruction index) or the callee's function index; -1 for an indirect call. */
    public int target = -1;
    /** brx.idx: the instruction index of each entry of its {@code .branchtargets} list, by index. */
    public int[] targets = NONE;
    /**
     * An indirect call ({@code call (r), %rd, (a), prototype;}, {@code src[0]} the function's
     * address): the functions it may reach, every function of the module whose address is taken
     * (what the call graph's users, the stack size and the reachable constructs, follow).
     */
    public int[] callees = NONE;
    /** For a conditional branch: the index of its immediate post-dominator, -1 for function exit. */
    public int reconvergence = -1;
    /** call: caller frame offsets and sizes of the argument and return params. */
    public int[] argOffsets = NONE, argSizes = NONE, retOffsets = NONE, retSizes = NONE;
    /**
     * A video instruction's operand selectors and signedness: bits 0-11 a's selector, 12-23 b's,
     * 24-27 d's part or the SIMD mask, 28/29/30 whether a/b/d are signed (see {@code VideoForms}).
     */
    public int video;
    /** The instruction's index in its function. */
    public int index;
    /** 1-based line in the PTX text. */
    public int line;
    /** The source position of the nearest preceding {@code .loc}, or null. */
    public SourceLocation location;
    /** The opcode with its modifiers as written ({@code ld.global.v4.u32}). */
    public String opcode;
    /** The whole instruction as written, without the semicolon. */
    public String text;

    static final int[] NONE = new int[0];

    @Override
    public String toString() {
        return text;
    }
}
