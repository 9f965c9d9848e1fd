package org.gpumem.sim.ptx;

/**
 * Operation codes of the pre-decoded instruction form, with the codes of their modifiers.
 * Plain int constants so the interpreter can switch on them without enum indirection.
 */
public final class Op {
    private Op() {
    }

    public static final int MOV = 1, LD = 2, ST = 3, CVTA = 4, CVTA_TO = 5, CVT = 6, ADD = 7, SUB = 8, MUL = 9,
            MAD = 10, DIV = 11, REM = 12, ABS = 13, NEG = 14, MIN = 15, MAX = 16, AND = 17, OR = 18, XOR = 19,
            NOT = 20, CNOT = 21, SHL = 22, SHR = 23, SETP = 24, SELP = 25, FMA = 26, RCP = 27, SQRT = 28,
            RSQRT = 29, SIN = 30, COS = 31, LG2 = 32, EX2 = 33, BRA = 34, CALL = 35, RET = 36, EXIT = 37,
            BAR = 38, NOP = 39, ATOM = 40, RED = 41, SHFL = 42, VOTE = 43, BREV = 44, POPC = 45, CLZ = 46,
            BFIND = 47, BFE = 48, BFI = 49, PRMT = 50, COPYSIGN = 51, TESTP = 52, ACTIVEMASK = 53, TRAP = 54,
            LOP3 = 55, ISSPACEP = 56, SET = 57, SLCT = 58, MUL24 = 59, MAD24 = 60, TANH = 61, SAD = 62,
            BAR_WARP = 63, MOV_PACK = 64, MOV_UNPACK = 65, CLOCK = 66,
            SHF = 67, BMSK = 68, SZEXT = 69, DP4A = 70, DP2A = 71, MATCH = 72, REDUX = 73, FNS = 74, CP_ASYNC = 75, VABSDIFF4 = 76,
            FENCE = 77, TEX = 78, TLD4 = 79, TXQ = 80, SULD = 81, SUST = 82, SUQ = 83,
            WMMA_LOAD = 84, WMMA_STORE = 85, WMMA_MMA = 86, MMA = 87, LDMATRIX = 88, STMATRIX = 89, MOVMATRIX = 90,
            MBARRIER = 91, CP_ASYNC_BULK = 92;

    /** mbarrier operations ({@code mod} of MBARRIER); cp.async.mbarrier.arrive is CP_ARRIVE. */
    public static final int MBAR_INIT = 0, MBAR_INVAL = 1, MBAR_ARRIVE = 2, MBAR_ARRIVE_DROP = 3, MBAR_EXPECT_TX = 4,
            MBAR_COMPLETE_TX = 5, MBAR_TEST_WAIT = 6, MBAR_TRY_WAIT = 7, MBAR_PENDING_COUNT = 8, MBAR_CP_ARRIVE = 9;
    /** {@code mod2} bits of MBARRIER: a wait on a phase parity, arrive.noComplete, arrive.expect_tx, cp.async's .noinc. */
    public static final int MBAR_PARITY = 1, MBAR_NO_COMPLETE = 2, MBAR_WITH_TX = 4, MBAR_NO_INC = 8;
    /** cp.async.bulk directions ({@code mod} of CP_ASYNC_BULK): into shared memory completing an mbarrier's transactions, or out to global memory. */
    public static final int BULK_TO_SHARED = 0, BULK_TO_GLOBAL = 1;

    /** brx.idx, the .b128 moves and the video instructions (vadd... and their SIMD forms vadd2/vadd4...). */
    public static final int BRX = 120, MOV_B128 = 121, VIDEO = 122, VIDEO_SIMD = 123;

    /**
     * The operation of a video instruction ({@code mod} of VIDEO and VIDEO_SIMD); the rest of its
     * form is in {@code mod2} ({@link #VID_OP2_NONE}... in bits 0-3, the comparison of vset in
     * bits 8-12, vmad's scale in 16-17 ({@code .shr7} 1, {@code .shr15} 2), {@code .po} bit 18,
     * a negated product bit 19, a negated c bit 20, SIMD's element count in 24-26) and {@link Instruction#video} (selectors and
     * signedness, {@code VideoForms}).
     */
    public static final int VID_ADD = 0, VID_SUB = 1, VID_ABSDIFF = 2, VID_MIN = 3, VID_MAX = 4, VID_SHL = 5,
            VID_SHR = 6, VID_MAD = 7, VID_SET = 8, VID_AVRG = 9;
    /** Scalar video: no secondary operation, {@code .add}/{@code .min}/{@code .max} with c, or the merge into c's {@code .dsel} part; SIMD video: merge by mask, or {@code .add}. */
    public static final int VID_OP2_NONE = 0, VID_OP2_ADD = 1, VID_OP2_MIN = 2, VID_OP2_MAX = 3, VID_MERGE = 4;
    /** vmad's {@code .po}, negated product and negated c bits of {@code mod2}. */
    public static final int VID_PO = 1 << 18, VID_NEG_PRODUCT = 1 << 19, VID_NEG_C = 1 << 20;
    /**
     * In {@link Instruction#video}: the scalar selector of the whole word (and of no destination
     * part), and the signedness bits of a, b and d.
     */
    public static final int VID_WORD = 7, VID_A_SIGNED = 1 << 28, VID_B_SIGNED = 1 << 29, VID_D_SIGNED = 1 << 30;

    /** Texture and surface geometries ({@code mod} of tex, tld4, suld, sust). */
    public static final int GEOM_1D = 0, GEOM_2D = 1, GEOM_3D = 2, GEOM_A1D = 3, GEOM_A2D = 4, GEOM_CUBE = 5,
            GEOM_ACUBE = 6;
    /** How tex picks its mipmap level ({@code mod2}): the base level (or implicitly), an operand, gradients. */
    public static final int TEX_BASE = 0, TEX_LEVEL = 1, TEX_GRAD = 2;
    /** txq and suq queries ({@code mod}). */
    public static final int TXQ_WIDTH = 0, TXQ_HEIGHT = 1, TXQ_DEPTH = 2, TXQ_NORMALIZED_COORDS = 3, TXQ_FILTER_MODE = 4,
            TXQ_ADDR_MODE_0 = 5, TXQ_ADDR_MODE_1 = 6, TXQ_ADDR_MODE_2 = 7, TXQ_ARRAY_SIZE = 8, TXQ_NUM_MIPMAP_LEVELS = 9,
            TXQ_NUM_SAMPLES = 10;
    /** Out-of-bounds surface accesses ({@code mod2} of suld/sust): fault, clamp to the edge, zero (stores dropped). */
    public static final int SURF_TRAP = 0, SURF_CLAMP = 1, SURF_ZERO = 2;

    /** {@code flags} bits. */
    public static final int F_HI = 1, F_WIDE = 2, F_SAT = 4, F_FTZ = 8, F_UNI = 16, F_APPROX = 32, F_LO = 64,
            F_ARRIVE = 128, F_SHIFTAMT = 256, F_RELU = 512, F_SATFINITE = 1024, F_NAN = 2048, F_CLAMP = 4096, F_CC = 8192, F_CARRY_IN = 16384,
            F_XORSIGN_ABS = 1 << 20, F_TF32 = 1 << 21, F_ALIGNED = 1 << 22;

    /** Comparison codes of setp/set/slct ({@code mod}). */
    public static final int CMP_EQ = 0, CMP_NE = 1, CMP_LT = 2, CMP_LE = 3, CMP_GT = 4, CMP_GE = 5, CMP_LO = 6,
            CMP_LS = 7, CMP_HI = 8, CMP_HS = 9, CMP_EQU = 10, CMP_NEU = 11, CMP_LTU = 12, CMP_LEU = 13,
            CMP_GTU = 14, CMP_GEU = 15, CMP_NUM = 16, CMP_NAN = 17;
    static final String[] CMP_NAMES = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu",
        "ltu", "leu", "gtu", "geu", "num", "nan"};

    /** Boolean combiners of setp ({@code mod2}). */
    public static final int BOOL_NONE = 0, BOOL_AND = 1, BOOL_OR = 2, BOOL_XOR = 3;

    /** Atomic operations ({@code mod}). */
    public static final int ATOM_ADD = 0, ATOM_MIN = 1, ATOM_MAX = 2, ATOM_EXCH = 3, ATOM_CAS = 4, ATOM_AND = 5,
            ATOM_OR = 6, ATOM_XOR = 7, ATOM_INC = 8, ATOM_DEC = 9;
    static final String[] ATOM_NAMES = {"add", "min", "max", "exch", "cas", "and", "or", "xor", "inc", "dec"};

    /** Shuffle modes ({@code mod}). */
    public static final int SHFL_UP = 0, SHFL_DOWN = 1, SHFL_BFLY = 2, SHFL_IDX = 3;
    /** Vote modes ({@code mod}). */
    public static final int VOTE_ALL = 0, VOTE_ANY = 1, VOTE_UNI = 2, VOTE_BALLOT = 3;

    /** prmt modes ({@code mod}): the default selector form, then f4e, b4e, rc8, ecl, ecr, rc16. */
    static final String[] PRMT_MODES = {"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};

    /** The matrix of a wmma fragment ({@code mod} of WMMA_LOAD and WMMA_STORE): A, B, or the accumulator C/D. */
    public static final int WMMA_A = 0, WMMA_B = 1, WMMA_C = 2;
    /** How a wmma load or store finds element (row, column) in memory ({@code mod2}). */
    public static final int WMMA_ROW = 0, WMMA_COL = 1;

    /** Barrier kinds ({@code mod} of BAR): wait, the bar.red reductions, and arrive without waiting. */
    public static final int BAR_SYNC = 0, BAR_RED_POPC = 1, BAR_RED_AND = 2, BAR_RED_OR = 3, BAR_ARRIVE = 4;
    /** {@code mod2} of BAR: whether its second source is a thread count ({@code bar.sync a, b}). */
    public static final int BAR_ALL_THREADS = 0, BAR_COUNTED = 1;

    /** Rounding ({@code rnd}). */
    public static final int RND_NONE = 0, RND_RN = 1, RND_RZ = 2, RND_RM = 3, RND_RP = 4, RND_RNI = 5, RND_RZI = 6,
            RND_RMI = 7, RND_RPI = 8;

    /** testp properties ({@code mod}). */
    public static final int TESTP_FINITE = 0, TESTP_INFINITE = 1, TESTP_NUMBER = 2, TESTP_NOTANUMBER = 3,
            TESTP_NORMAL = 4, TESTP_SUBNORMAL = 5;

    /**
     * Memory order of ld/st and atom/red ({@code order}): weak (no qualifier, {@code .weak}, cache operators),
     * relaxed ({@code .relaxed}, {@code .volatile}, {@code .mmio}), acquire (ld) and release (st).
     * Only accesses that are not weak may race with another CTA's by design, so the engines order
     * only those.
     */
    public static final int ORDER_WEAK = 0, ORDER_RELAXED = 1, ORDER_ACQUIRE = 2, ORDER_RELEASE = 3;
    /** The order of an atom or red with {@code .acq_rel} (atomics are relaxed at least: their {@code order} is never weak). */
    public static final int ORDER_ACQ_REL = 4;

    /** Scope of a FENCE ({@code mod}): the CTA (membar.cta, fence.*.cta) or wider (gpu, sys, and membar.gl). */
    public static final int FENCE_GPU = 0, FENCE_CTA = 1;

    /** Where a param-space access goes ({@code paramKind}). */
    public static final int PARAM_KERNEL = 0, PARAM_FRAME = 1;
}
