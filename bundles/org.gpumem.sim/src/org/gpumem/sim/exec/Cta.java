package org.gpumem.sim.exec;

import java.nio.ByteBuffer;

import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.memory.LocalLayout;
import org.gpumem.sim.memory.MemoryAccessException;
import org.gpumem.sim.memory.MemoryFaultKind;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.ScalarType;
import org.gpumem.sim.ptx.Specials;

/**
 * One cooperative thread array: its warps, its shared memory and its barrier, and the SIMT
 * interpreter that runs its warps. A Cta object is used by one thread at a time: an engine
 * worker reuses one for CTA after CTA; the debugger drives one from its own thread.
 */
public final class Cta {
    /** Why {@link #run(Warp, long, boolean, boolean)} returned. */
    public enum Stop {
        /** Issued the requested number of instructions. */
        LIMIT,
        /** Blocked at a barrier that other threads have not reached yet. */
        BARRIER,
        /** All lanes exited. */
        EXITED,
        /** A fault stopped the CTA; see {@link #fault()}. */
        FAULT,
        /** Reached an instruction with a breakpoint (not yet executed). */
        BREAKPOINT
    }

    private static final ScalarType[] TYPES = ScalarType.values();
    private static final int[] SIZE = new int[TYPES.length];
    private static final boolean[] SIGNED = new boolean[TYPES.length];
    private static final long[] MASK = new long[TYPES.length];
    static {
        for (ScalarType t : TYPES) {
            SIZE[t.ordinal()] = t.size();
            SIGNED[t.ordinal()] = t.isSigned();
            MASK[t.ordinal()] = t.size() >= 8 ? -1L : (1L << (8 * t.size())) - 1;
        }
    }
    private static final int F32 = ScalarType.F32.ordinal(), F64 = ScalarType.F64.ordinal(),
            PRED = ScalarType.PRED.ordinal();

    final Launch launch;
    final PtxFunction kernel;
    final int threads;
    final int warpCount;
    final Warp[] warps;
    final byte[] shared;
    final byte[] constBank;
    final byte[] kernelParams;
    final long[][] profile;
    private GlobalMemory.Segments segments;
    private int cacheSeg = -1;
    private long cacheStart, cacheEnd;
    private ByteBuffer cacheData;
    private final long[] tmp = new long[32 * 4];
    /** Per function and instruction: the global allocation it accessed last (a hint, checked on use). */
    private final int[][] segmentHints;
    private int liveThreads;

    Dim3 index;
    int linear;
    int barrierArrived;
    Fault fault;
    long warpInstructions;
    long threadInstructions;
    /** Breakpoints per function and instruction index, or null. Set by the debugger. */
    boolean[][] breakpoints;

    Cta(Launch launch, boolean profile) {
        this.launch = launch;
        this.kernel = launch.kernel;
        Dim3 b = launch.config.block();
        this.threads = (int) b.volume();
        this.warpCount = (threads + 31) / 32;
        this.warps = new Warp[warpCount];
        this.shared = new byte[(int) launch.sharedBytes];
        this.constBank = launch.module.constBank();
        this.kernelParams = launch.paramBuffer;
        this.profile = profile ? new long[launch.module.module().functions().size()][] : null;
        if (profile) {
            for (PtxFunction f : launch.module.module().functions()) {
                this.profile[f.index()] = new long[f.instructions().size() * AddressSpaceProfile.SLOTS];
            }
        }
        this.segmentHints = new int[launch.code.length][];
        for (int i = 0; i < launch.code.length; i++) {
            segmentHints[i] = new int[launch.code[i].length];
        }
        for (int w = 0; w < warpCount; w++) {
            warps[w] = new Warp(this, w);
            warps[w].local = new byte[(int) LocalLayout.warpBytes(launch.localBytesPerThread)];
            warps[w].localBytesPerThread = launch.localBytesPerThread;
            initSpecials(warps[w]);
        }
    }

    /** Special registers that are the same for every CTA of the launch. */
    private void initSpecials(Warp warp) {
        Dim3 g = launch.config.grid();
        Dim3 b = launch.config.block();
        int w = warp.id;
        long[] sp = warp.specials;
        int valid = 0;
        for (int lane = 0; lane < 32; lane++) {
            int t = w * 32 + lane;
            if (t < threads) {
                valid |= 1 << lane;
            }
            int tx = t % b.x(), ty = (t / b.x()) % b.y(), tz = t / b.x() / b.y();
            sp[Specials.TID_X << 5 | lane] = t < threads ? tx : 0;
            sp[Specials.TID_Y << 5 | lane] = t < threads ? ty : 0;
            sp[Specials.TID_Z << 5 | lane] = t < threads ? tz : 0;
            sp[Specials.NTID_X << 5 | lane] = b.x();
            sp[Specials.NTID_Y << 5 | lane] = b.y();
            sp[Specials.NTID_Z << 5 | lane] = b.z();
            sp[Specials.NCTAID_X << 5 | lane] = g.x();
            sp[Specials.NCTAID_Y << 5 | lane] = g.y();
            sp[Specials.NCTAID_Z << 5 | lane] = g.z();
            sp[Specials.LANEID << 5 | lane] = lane;
            sp[Specials.WARPID << 5 | lane] = w;
            sp[Specials.NWARPID << 5 | lane] = 64;
            sp[Specials.LANEMASK_EQ << 5 | lane] = (1L << lane) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_LT << 5 | lane] = ((1L << lane) - 1) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_LE << 5 | lane] = ((2L << lane) - 1) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_GT << 5 | lane] = (~((2L << lane) - 1)) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_GE << 5 | lane] = (~((1L << lane) - 1)) & 0xFFFF_FFFFL;
            sp[Specials.NSMID << 5 | lane] = 132;
            sp[Specials.GRIDID << 5 | lane] = 1;
            sp[Specials.FRAME << 5 | lane] = 0;
            sp[Specials.DYNAMIC_SMEM_SIZE << 5 | lane] = launch.config.dynamicSharedBytes();
            sp[Specials.TOTAL_SMEM_SIZE << 5 | lane] = launch.sharedBytes;
            sp[Specials.WARPSZ << 5 | lane] = 32;
        }
        warp.validMask = valid;
    }

    /** Resets this object to run CTA number {@code linearIndex} from its start. */
    void reset(int linearIndex) {
        Dim3 g = launch.config.grid();
        Dim3 b = launch.config.block();
        this.linear = linearIndex;
        this.index = new Dim3(linearIndex % g.x(), (linearIndex / g.x()) % g.y(), linearIndex / g.x() / g.y());
        this.segments = launch.module.device().global().segments();
        this.cacheSeg = -1;
        java.util.Arrays.fill(shared, (byte) 0);
        barrierArrived = 0;
        fault = null;
        liveThreads = threads;
        for (int w = 0; w < warpCount; w++) {
            Warp warp = warps[w];
            java.util.Arrays.fill(warp.local, (byte) 0);
            long[] sp = warp.specials;
            java.util.Arrays.fill(sp, Specials.CTAID_X << 5, (Specials.CTAID_X + 1) << 5, index.x());
            java.util.Arrays.fill(sp, Specials.CTAID_Y << 5, (Specials.CTAID_Y + 1) << 5, index.y());
            java.util.Arrays.fill(sp, Specials.CTAID_Z << 5, (Specials.CTAID_Z + 1) << 5, index.z());
            java.util.Arrays.fill(sp, Specials.SMID << 5, (Specials.SMID + 1) << 5, linearIndex % 132);
            int valid = warp.validMask;
            warp.liveMask = valid;
            warp.state = WarpState.READY;
            warp.instructions = 0;
            warp.depth = 0;
            Frame f = pushFrame(warp, kernel, 0);
            f.callIndex = -1;
            f.entryMask = valid;
            f.push(0, -1, valid);
        }
    }

    private Frame pushFrame(Warp w, PtxFunction fn, long localBase) {
        if (w.depth == w.frames.length) {
            w.frames = java.util.Arrays.copyOf(w.frames, w.depth * 2);
        }
        Frame f = w.frames[w.depth];
        if (f == null) {
            f = new Frame();
            w.frames[w.depth] = f;
        }
        w.depth++;
        f.fn = fn;
        f.code = launch.code[fn.index()];
        int nregs = fn.registerCount();
        if (f.regs.length < nregs * 32) {
            f.regs = new long[nregs * 32];
        } else {
            java.util.Arrays.fill(f.regs, Specials.COUNT * 32, nregs * 32, 0L);
        }
        System.arraycopy(w.specials, 0, f.regs, 0, Specials.COUNT * 32);
        for (int l = 0; l < 32; l++) {
            f.regs[Specials.FRAME << 5 | l] = localBase;
        }
        long[] c = launch.module.constants(fn);
        int cb = fn.constantBase();
        for (int i = 0; i < c.length; i++) {
            java.util.Arrays.fill(f.regs, (cb + i) << 5, (cb + i + 1) << 5, c[i]);
        }
        int ps = fn.paramFrameBytes();
        if (f.params.length < ps * 32) {
            f.params = new byte[ps * 32];
        } else {
            java.util.Arrays.fill(f.params, 0, ps * 32, (byte) 0);
        }
        f.paramStride = ps;
        f.localBase = localBase;
        f.sp = 0;
        return f;
    }

    // ------------------------------------------------------------------ public views

    /** The CTA index in the grid. */
    public Dim3 index() {
        return index;
    }

    /** Linear CTA number (x fastest). */
    public int linearIndex() {
        return linear;
    }

    public int warpCount() {
        return warpCount;
    }

    public Warp warp(int i) {
        return warps[i];
    }

    /** This CTA's shared memory (static then dynamic); do not modify while running. */
    public byte[] sharedMemory() {
        return shared;
    }

    /** True when every warp exited or one faulted. */
    public boolean finished() {
        if (fault != null) {
            return true;
        }
        for (Warp w : warps) {
            if (w.state != WarpState.EXITED) {
                return false;
            }
        }
        return true;
    }

    /** The fault that stopped this CTA, or null. */
    public Fault fault() {
        return fault;
    }

    /** Threads currently waiting at the CTA barrier. */
    public int barrierArrived() {
        return barrierArrived;
    }

    // ------------------------------------------------------------------ scheduling

    /**
     * Runs this CTA to completion, a fault, or until the budget is spent; warps run in turn,
     * each until it blocks at a barrier, exits, or has issued {@code slice} instructions.
     *
     * @return false when the launch's instruction budget ran out
     */
    boolean runToCompletion(Launch.Budget budget, int slice) {
        while (true) {
            boolean ran = false;
            for (Warp w : warps) {
                if (w.state != WarpState.READY) {
                    continue;
                }
                long grant = budget.take(slice);
                if (grant <= 0) {
                    budgetFault(w);
                    return false;
                }
                long before = w.instructions;
                Stop s = runWarp(w, grant, false, false);
                budget.giveBack(grant - (w.instructions - before));
                ran = true;
                if (s == Stop.FAULT) {
                    return true;
                }
            }
            if (fault != null) {
                return true;
            }
            if (!ran) {
                if (finished()) {
                    return true;
                }
                if (!releaseBarrier()) {
                    deadlock();
                    return true;
                }
            }
        }
    }

    void budgetFault(Warp w) {
        Instruction in = w.instruction();
        fault = new Fault(FaultKind.INSTRUCTION_BUDGET, "the launch issued its budget of "
                + launch.options.instructionBudget() + " warp instructions; the kernel may not terminate", null, 0, 0,
                index, w.id, -1, null, w.function() == null ? null : w.function().name(), in == null ? null : in.text,
                in == null ? -1 : in.line, in == null ? null : in.location);
    }

    /** Live threads of the CTA (threads that have not exited). */
    int liveThreads() {
        return liveThreads;
    }

    /** Releases the barrier when every live thread has arrived; true if it did. */
    boolean releaseBarrier() {
        if (barrierArrived == 0 || barrierArrived < liveThreads()) {
            return false;
        }
        for (Warp w : warps) {
            if (w.depth == 0) {
                continue;
            }
            Frame f = w.frames[w.depth - 1];
            for (int i = 0; i < f.sp; i++) {
                if (f.swait[i]) {
                    f.swait[i] = false;
                    f.spc[i]++;
                }
            }
            if (w.state == WarpState.AT_BARRIER) {
                w.state = WarpState.READY;
            }
        }
        barrierArrived = 0;
        return true;
    }

    void deadlock() {
        Warp first = null;
        StringBuilder who = new StringBuilder();
        for (Warp w : warps) {
            if (w.state == WarpState.AT_BARRIER) {
                if (first == null) {
                    first = w;
                }
                int pending = w.liveMask & ~w.activeMask();
                who.append(who.length() == 0 ? "" : "; ").append("warp ").append(w.id).append(" lanes ")
                        .append(Launch.lanes(w.activeMask())).append(" wait at PTX line ").append(w.ptxLine());
                if (pending != 0) {
                    who.append(", lanes ").append(Launch.lanes(pending)).append(" diverged");
                }
            }
        }
        if (first == null) {
            first = warps[0];
        }
        Instruction in = first.instruction();
        fault = new Fault(FaultKind.DEADLOCK, barrierArrived + " of " + liveThreads()
                + " live threads reached the barrier and no other thread can proceed: " + who, null, 0, 0, index,
                first.id, -1, null, first.function() == null ? null : first.function().name(),
                in == null ? null : in.text, in == null ? -1 : in.line, in == null ? null : in.location);
    }

    // ------------------------------------------------------------------ debugger entry points

    /**
     * Runs one warp (debugger): until it has issued {@code maxInstructions}, blocks at a
     * barrier, exits, faults, or, when {@code stopAtBreakpoints}, reaches an instruction marked
     * in {@link #setBreakpoints}; a breakpoint on the instruction it starts at is ignored when
     * {@code skipBreakpointAtStart} (resuming from that breakpoint). When the warp completes a
     * barrier, the waiting warps are released.
     */
    public Stop run(Warp w, long maxInstructions, boolean stopAtBreakpoints, boolean skipBreakpointAtStart) {
        if (w.cta != this) {
            throw new IllegalArgumentException(w + " is not in " + this);
        }
        if (fault != null) {
            return Stop.FAULT;
        }
        if (w.state == WarpState.EXITED) {
            return Stop.EXITED;
        }
        if (w.state == WarpState.AT_BARRIER) {
            return Stop.BARRIER;
        }
        return runWarp(w, maxInstructions, stopAtBreakpoints, skipBreakpointAtStart);
    }

    /** Breakpoints: per function index, per instruction index; null entries have none. */
    public void setBreakpoints(boolean[][] perFunction) {
        this.breakpoints = perFunction;
    }

    /**
     * When no warp can issue: releases the barrier if every live thread arrived, else records
     * a deadlock fault. Returns true if warps can run again.
     */
    public boolean resolveBlocked() {
        for (Warp w : warps) {
            if (w.state == WarpState.READY) {
                return true;
            }
        }
        if (finished()) {
            return false;
        }
        if (releaseBarrier()) {
            return true;
        }
        deadlock();
        return false;
    }

    /** Instructions issued by this CTA's warps (all lanes counted once). */
    public long warpInstructions() {
        return warpInstructions;
    }

    /** Thread instructions (active lanes summed over issued instructions). */
    public long threadInstructions() {
        return threadInstructions;
    }

    // ------------------------------------------------------------------ interpreter

    /** Control-flow bookkeeping after lanes returned or exited: pops empty entries and frames. */
    private void settle(Warp w) {
        while (w.depth > 0) {
            Frame f = w.frames[w.depth - 1];
            while (f.sp > 0 && f.smask[f.sp - 1] == 0) {
                f.sp--;
            }
            if (f.sp > 0) {
                return;
            }
            if (w.depth == 1) {
                w.depth = 0;
                w.state = WarpState.EXITED;
                return;
            }
            Frame caller = w.frames[w.depth - 2];
            Instruction call = caller.code[f.callIndex];
            int lanes = f.entryMask & w.liveMask;
            for (int k = 0; k < call.retOffsets.length; k++) {
                int from = f.fn.returns().get(k).offset();
                int to = call.retOffsets[k];
                int n = Math.min(call.retSizes[k], f.fn.returns().get(k).size());
                for (int mm = lanes; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    System.arraycopy(f.params, l * f.paramStride + from, caller.params, l * caller.paramStride + to, n);
                }
            }
            w.depth--;
            if (caller.sp > 0) {
                caller.spc[caller.sp - 1] = f.callIndex + 1;
            }
        }
    }

    /**
     * Runs warp {@code w} until it has issued {@code limit} instructions, blocks at a barrier,
     * exits, faults, or (when breakpoints are set) reaches a breakpoint other than the
     * instruction it starts at.
     */
    Stop runWarp(Warp w, long limit, boolean stopAtBreakpoints, boolean skipFirstBreakpoint) {
        long issued = 0;
        long lanesIssued = 0;
        boolean first = skipFirstBreakpoint;
        boolean[][] bps = stopAtBreakpoints ? breakpoints : null;
        try {
            outer:
            while (true) {
                if (w.depth == 0) {
                    w.state = WarpState.EXITED;
                    return Stop.EXITED;
                }
                Frame f = w.frames[w.depth - 1];
                int top = f.sp - 1;
                int pc = f.spc[top];
                int rpc = f.srpc[top];
                if (pc == rpc) {
                    f.sp--;
                    settle(w);
                    continue;
                }
                if (f.swait[top]) {
                    w.state = WarpState.AT_BARRIER;
                    if (releaseBarrier()) {
                        continue;
                    }
                    return Stop.BARRIER;
                }
                Instruction[] code = f.code;
                long[] R = f.regs;
                int mask = f.smask[top];
                boolean[] bp = bps == null ? null : bps[f.fn.index()];
                // Straight-line execution of the top entry; leaves to the outer loop on control flow.
                while (true) {
                    if (pc == rpc) {
                        f.spc[top] = pc;
                        continue outer;
                    }
                    if (issued >= limit) {
                        f.spc[top] = pc;
                        return Stop.LIMIT;
                    }
                    if (bp != null && !first && bp[pc] && w.state == WarpState.READY) {
                        f.spc[top] = pc;
                        return Stop.BREAKPOINT;
                    }
                    first = false;
                    Instruction in = code[pc];
                    int m = mask;
                    if (in.guard >= 0) {
                        int g = in.guard << 5;
                        int pm = 0;
                        for (int mm = mask; mm != 0; mm &= mm - 1) {
                            int l = Integer.numberOfTrailingZeros(mm);
                            if ((R[g | l] & 1) != 0) {
                                pm |= 1 << l;
                            }
                        }
                        m = in.guardNegated ? mask & ~pm : pm;
                    }
                    issued++;
                    lanesIssued += Integer.bitCount(m);
                    int op = in.op;
                    if (op == Op.BRA) {
                        int notTaken = mask & ~m;
                        if (notTaken == 0) {
                            pc = in.target;
                        } else if (m == 0) {
                            pc++;
                        } else {
                            int r = in.reconvergence;
                            f.spc[top] = r;
                            f.push(pc + 1, r, notTaken);
                            f.push(in.target, r, m);
                            continue outer;
                        }
                        continue;
                    }
                    f.spc[top] = pc;
                    if (op < Op.CALL || op > Op.BAR) {
                        if (op == Op.TRAP) {
                            if (m != 0) {
                                fault(w, in, Integer.numberOfTrailingZeros(m), FaultKind.TRAP, "trap instruction", null);
                                return Stop.FAULT;
                            }
                        } else if (op == Op.CLOCK) {
                            int d = in.dst[0] << 5;
                            long now = (w.instructions + issued) & MASK[in.type];
                            for (int mm = m; mm != 0; mm &= mm - 1) {
                                R[d | Integer.numberOfTrailingZeros(mm)] = now;
                            }
                        } else if (m != 0) {
                            execute(w, f, in, R, m);
                        }
                        pc++;
                        continue;
                    }
                    switch (op) {
                        case Op.CALL:
                            if (m == 0) {
                                f.spc[top] = pc + 1;
                                continue outer;
                            }
                            call(w, f, in, m);
                            continue outer;
                        case Op.RET:
                            if (m != 0) {
                                if (w.depth == 1) {
                                    exitLanes(w, m);
                                } else {
                                    f.removeLanes(m);
                                    if (f.smask[top] != 0) {
                                        f.spc[top] = pc + 1;
                                    }
                                    settle(w);
                                }
                            } else {
                                f.spc[top] = pc + 1;
                            }
                            if (w.depth == 0) {
                                return Stop.EXITED;
                            }
                            continue outer;
                        case Op.EXIT:
                            if (m != 0) {
                                exitLanes(w, m);
                            } else {
                                f.spc[top] = pc + 1;
                            }
                            if (w.depth == 0) {
                                return Stop.EXITED;
                            }
                            continue outer;
                        case Op.BAR:
                            if (m == 0) {
                                f.spc[top] = pc + 1;
                                continue outer;
                            }
                            barrierArrived += Integer.bitCount(m);
                            f.swait[top] = true;
                            if (top > 0 && !f.swait[top - 1] && f.srpc[top - 1] == f.srpc[top]) {
                                // Like independent thread scheduling: the sibling path of a divergent
                                // branch runs while these lanes wait (it may exit or reach the barrier).
                                f.swapTop();
                                continue outer;
                            }
                            w.state = WarpState.AT_BARRIER;
                            if (releaseBarrier()) {
                                continue outer;
                            }
                            return Stop.BARRIER;
                        default:
                            throw new IllegalStateException(in.opcode);
                    }
                }
            }
        } catch (LaneFault lf) {
            Frame f = w.frames[w.depth - 1];
            Instruction in = f.code[f.pc()];
            MemoryAccessException e = lf.cause;
            FaultKind k = e.kind() == MemoryFaultKind.MISALIGNED ? FaultKind.MISALIGNED
                    : e.kind() == MemoryFaultKind.READ_ONLY ? FaultKind.READ_ONLY : FaultKind.OUT_OF_BOUNDS;
            fault(w, in, lf.lane, k, lf.detail, e);
            return Stop.FAULT;
        } catch (ExecFault ef) {
            Frame f = w.frames[w.depth - 1];
            fault(w, f.code[f.pc()], ef.lane, ef.kind, ef.getMessage(), null);
            return Stop.FAULT;
        } finally {
            w.instructions += issued;
            warpInstructions += issued;
            threadInstructions += lanesIssued;
        }
    }

    private void fault(Warp w, Instruction in, int lane, FaultKind kind, String detail, MemoryAccessException e) {
        w.state = WarpState.FAULTED;
        fault = new Fault(kind, detail, e == null ? null : e.space(), e == null ? 0 : e.address(),
                e == null ? 0 : e.size(), index, w.id, lane, lane < 0 ? null : w.threadIndex(lane),
                w.function().name(), in.text, in.line, in.location);
    }

    private void exitLanes(Warp w, int m) {
        liveThreads -= Integer.bitCount(w.liveMask & m);
        w.liveMask &= ~m;
        for (int d = 0; d < w.depth; d++) {
            w.frames[d].removeLanes(m);
        }
        Frame f = w.frames[w.depth - 1];
        if (f.sp > 0 && f.smask[f.sp - 1] != 0) {
            f.spc[f.sp - 1]++;
        }
        settle(w);
        if (w.depth == 0) {
            w.state = WarpState.EXITED;
        }
    }

    private void call(Warp w, Frame caller, Instruction in, int m) {
        PtxFunction callee = launch.module.module().functions().get(in.target);
        long base = caller.localBase + caller.fn.frameBytes();
        base = (base + 15) & ~15L;
        if (base + callee.frameBytes() > w.localBytesPerThread || w.depth >= Launch.MAX_CALL_DEPTH) {
            throw new ExecFault(FaultKind.STACK_OVERFLOW, Integer.numberOfTrailingZeros(m), "call to " + callee.name()
                    + " at depth " + w.depth + " needs more than the " + w.localBytesPerThread
                    + " bytes of local memory per thread");
        }
        Frame f = pushFrame(w, callee, base);
        f.callIndex = in.index;
        f.entryMask = m;
        for (int k = 0; k < in.argOffsets.length; k++) {
            int to = callee.params().get(k).offset();
            int n = Math.min(in.argSizes[k], callee.params().get(k).size());
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                System.arraycopy(caller.params, l * caller.paramStride + in.argOffsets[k], f.params,
                        l * f.paramStride + to, n);
            }
        }
        f.push(0, -1, m);
    }

    /** A memory fault of one lane; carries no stack trace. */
    static final class LaneFault extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final MemoryAccessException cause;
        final int lane;
        final String detail;

        LaneFault(MemoryAccessException cause, int lane, String detail) {
            super(null, null, false, false);
            this.cause = cause;
            this.lane = lane;
            this.detail = detail;
        }
    }

    /** A non-memory fault of one lane. */
    static final class ExecFault extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final FaultKind kind;
        final int lane;

        ExecFault(FaultKind kind, int lane, String message) {
            super(message, null, false, false);
            this.kind = kind;
            this.lane = lane;
        }
    }

    // ------------------------------------------------------------------ memory

    private static MemoryAccessException oob(AddressSpace s, long addr, int size, String detail) {
        return new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, s, addr, size, detail);
    }

    private static void align(AddressSpace s, long addr, int size) {
        if ((addr & (size - 1)) != 0) {
            throw new MemoryAccessException(MemoryFaultKind.MISALIGNED, s, addr, size, null);
        }
    }

    /** The global allocation holding [addr, addr+size); sets cacheData/cacheStart. */
    private void globalSegment(long addr, int size) {
        if (cacheSeg >= 0 && addr >= cacheStart && addr + size <= cacheEnd) {
            return;
        }
        int i = segments.find(addr);
        if (i < 0 || addr + size > segments.end(i)) {
            GlobalMemory.Segments now = launch.module.device().global().segments();
            if (now != segments) {
                segments = now;
                cacheSeg = -1;
                globalSegment(addr, size);
                return;
            }
            throw oob(AddressSpace.GLOBAL, addr, size, i < 0 ? "not inside any allocation"
                    : "past the end of the allocation at 0x" + Long.toHexString(segments.start(i)) + " of "
                            + (segments.end(i) - segments.start(i)) + " bytes");
        }
        cacheSeg = i;
        cacheStart = segments.start(i);
        cacheEnd = segments.end(i);
        cacheData = segments.data(i);
    }

    /** The same refusal, saying which generic address led to it. */
    private static MemoryAccessException throughGeneric(MemoryAccessException e, long generic) {
        return new MemoryAccessException(e.kind(), e.space(), e.address(), e.size(), "through generic address 0x"
                + Long.toHexString(generic) + (e.detail() == null ? "" : "; " + e.detail()));
    }

    /** Resolves a generic address to its space (counting it in the profile). */
    private AddressSpace resolveGeneric(long addr, Instruction in, Frame f) {
        AddressSpace s = GenericWindows.resolve(addr);
        if (profile != null) {
            profile[f.fn.index()][in.index * AddressSpaceProfile.SLOTS + AddressSpaceProfile.slot(s)]++;
        }
        return s;
    }

    long load(Warp w, Frame f, Instruction in, AddressSpace space, long addr, int size, int lane) {
        switch (space) {
            case GLOBAL:
                align(space, addr, size);
                globalSegment(addr, size);
                return Bytes.load(cacheData, (int) (addr - cacheStart), size);
            case SHARED:
                align(space, addr, size);
                if (addr < 0 || addr + size > shared.length) {
                    throw oob(space, addr, size, "CTA has " + shared.length + " bytes of shared memory");
                }
                return Bytes.load(shared, (int) addr, size);
            case LOCAL:
                align(space, addr, size);
                if (addr < 0 || addr + size > w.localBytesPerThread) {
                    throw oob(space, addr, size, "thread has " + w.localBytesPerThread + " bytes of local memory");
                }
                if (size <= 4) {
                    return Bytes.load(w.local, (int) LocalLayout.physical(lane, addr), size);
                }
                return Bytes.load(w.local, (int) LocalLayout.physical(lane, addr), 4)
                        | Bytes.load(w.local, (int) LocalLayout.physical(lane, addr + 4), 4) << 32;
            case CONST:
                align(space, addr, size);
                if (addr < 0 || addr + size > constBank.length) {
                    throw oob(space, addr, size, "module has " + constBank.length + " bytes of .const data");
                }
                return Bytes.load(constBank, (int) addr, size);
            case PARAM:
                align(space, addr, size);
                if (in.paramKind == Op.PARAM_FRAME && in.space == AddressSpace.PARAM) {
                    if (addr < 0 || addr + size > f.paramStride) {
                        throw oob(space, addr, size, "param frame of " + f.fn.name() + " has " + f.paramStride + " bytes");
                    }
                    return Bytes.load(f.params, lane * f.paramStride + (int) addr, size);
                }
                if (addr < 0 || addr + size > kernelParams.length) {
                    throw oob(space, addr, size, "kernel has " + kernelParams.length + " bytes of parameters");
                }
                return Bytes.load(kernelParams, (int) addr, size);
            default: {
                AddressSpace s = resolveGeneric(addr, in, f);
                try {
                    return load(w, f, in, s, s == AddressSpace.GLOBAL ? addr : addr - GenericWindows.base(s), size, lane);
                } catch (MemoryAccessException e) {
                    throw throughGeneric(e, addr);
                }
            }
        }
    }

    void store(Warp w, Frame f, Instruction in, AddressSpace space, long addr, int size, int lane, long v) {
        switch (space) {
            case GLOBAL:
                align(space, addr, size);
                globalSegment(addr, size);
                Bytes.store(cacheData, (int) (addr - cacheStart), size, v);
                return;
            case SHARED:
                align(space, addr, size);
                if (addr < 0 || addr + size > shared.length) {
                    throw oob(space, addr, size, "CTA has " + shared.length + " bytes of shared memory");
                }
                Bytes.store(shared, (int) addr, size, v);
                return;
            case LOCAL:
                align(space, addr, size);
                if (addr < 0 || addr + size > w.localBytesPerThread) {
                    throw oob(space, addr, size, "thread has " + w.localBytesPerThread + " bytes of local memory");
                }
                if (size <= 4) {
                    Bytes.store(w.local, (int) LocalLayout.physical(lane, addr), size, v);
                } else {
                    Bytes.store(w.local, (int) LocalLayout.physical(lane, addr), 4, v);
                    Bytes.store(w.local, (int) LocalLayout.physical(lane, addr + 4), 4, v >>> 32);
                }
                return;
            case CONST:
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, addr, size, null);
            case PARAM:
                align(space, addr, size);
                if (in.paramKind == Op.PARAM_FRAME && in.space == AddressSpace.PARAM) {
                    if (addr < 0 || addr + size > f.paramStride) {
                        throw oob(space, addr, size, "param frame of " + f.fn.name() + " has " + f.paramStride + " bytes");
                    }
                    Bytes.store(f.params, lane * f.paramStride + (int) addr, size, v);
                    return;
                }
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, addr, size, "kernel parameters");
            default: {
                AddressSpace s = resolveGeneric(addr, in, f);
                try {
                    store(w, f, in, s, s == AddressSpace.GLOBAL ? addr : addr - GenericWindows.base(s), size, lane, v);
                } catch (MemoryAccessException e) {
                    throw throughGeneric(e, addr);
                }
            }
        }
    }

    /** Atomic read-modify-write; returns the old value. */
    private long atomic(Warp w, Frame f, Instruction in, AddressSpace space, long addr, int size, int lane, long b,
            long c) {
        if (space == AddressSpace.GENERIC) {
            AddressSpace s = resolveGeneric(addr, in, f);
            if (s != AddressSpace.GLOBAL && s != AddressSpace.SHARED) {
                throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, s, addr, size,
                        "atomics only act on global and shared memory");
            }
            try {
                return atomic(w, f, in, s, s == AddressSpace.GLOBAL ? addr : addr - GenericWindows.base(s), size, lane, b,
                        c);
            } catch (MemoryAccessException e) {
                throw throughGeneric(e, addr);
            }
        }
        align(space, addr, size);
        if (space == AddressSpace.GLOBAL) {
            // other workers' CTAs touch global memory at the same time
            globalSegment(addr, size);
            ByteBuffer data = cacheData;
            int off = (int) (addr - cacheStart);
            while (true) {
                long old = Bytes.loadVolatile(data, off, size);
                if (Bytes.compareAndSet(data, off, size, old, Alu.atomicResult(in.mod, in.type, old, b, c))) {
                    return old;
                }
            }
        }
        if (addr < 0 || addr + size > shared.length) {
            throw oob(space, addr, size, "CTA has " + shared.length + " bytes of shared memory");
        }
        long old = Bytes.load(shared, (int) addr, size);
        Bytes.store(shared, (int) addr, size, Alu.atomicResult(in.mod, in.type, old, b, c));
        return old;
    }

    // ------------------------------------------------------------------ execution

    private void execute(Warp w, Frame f, Instruction in, long[] R, int m) {
        int t = in.type;
        switch (in.op) {
            case Op.MOV: {
                int d = in.dst[0] << 5, a = in.src[0] << 5;
                long mk = MASK[t];
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = R[a | l] & mk;
                }
                return;
            }
            case Op.ADD:
                if (t == F32 || t == F64) {
                    Alu.floatBinary(in, R, m);
                    return;
                }
                {
                    int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
                    long mk = MASK[t];
                    if ((in.flags & Op.F_SAT) != 0) {
                        Alu.intBinary(in, R, m);
                        return;
                    }
                    for (int mm = m; mm != 0; mm &= mm - 1) {
                        int l = Integer.numberOfTrailingZeros(mm);
                        R[d | l] = (R[a | l] + R[b | l]) & mk;
                    }
                    return;
                }
            case Op.LD:
                load(w, f, in, R, m);
                return;
            case Op.ST:
                store(w, f, in, R, m);
                return;
            case Op.CVTA:
            case Op.CVTA_TO: {
                int d = in.dst[0] << 5, a = in.src[0] << 5;
                long base = GenericWindows.base(in.space);
                long mk = MASK[t];
                boolean to = in.op == Op.CVTA_TO;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long v = R[a | l] & mk;
                    R[d | l] = (to ? v - base : v + base) & mk;
                }
                if (profile != null) {
                    profile[f.fn.index()][in.index * AddressSpaceProfile.SLOTS + AddressSpaceProfile.CVTA] +=
                            Integer.bitCount(m);
                }
                return;
            }
            case Op.ATOM:
            case Op.RED: {
                int size = SIZE[t];
                int a = in.addrReg << 5;
                int b = in.src[0] << 5;
                int c = in.src.length > 1 ? in.src[1] << 5 : b;
                int d = in.op == Op.ATOM ? in.dst[0] << 5 : -1;
                long mk = MASK[t];
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long addr = R[a | l] + in.addrOffset;
                    long old;
                    try {
                        old = atomic(w, f, in, in.space, addr, size, l, R[b | l] & mk, R[c | l] & mk);
                    } catch (MemoryAccessException e) {
                        throw new LaneFault(e, l, e.detail());
                    }
                    if (d >= 0) {
                        R[d | l] = old;
                    }
                }
                return;
            }
            case Op.SHFL:
                shfl(in, R, m);
                return;
            case Op.VOTE:
                vote(in, R, m);
                return;
            case Op.ACTIVEMASK: {
                int d = in.dst[0] << 5;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    R[d | Integer.numberOfTrailingZeros(mm)] = f.smask[f.sp - 1] & 0xFFFF_FFFFL;
                }
                return;
            }
            case Op.BAR_WARP:
            case Op.NOP:
                return;
            case Op.ISSPACEP: {
                int d = in.dst[0] << 5, a = in.src[0] << 5;
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    R[d | l] = GenericWindows.resolve(R[a | l]) == in.space ? 1 : 0;
                }
                return;
            }
            default:
                Alu.execute(in, R, m);
        }
    }

    private void load(Warp w, Frame f, Instruction in, long[] R, int m) {
        int t = in.type;
        int size = SIZE[t];
        int a = in.addrReg << 5;
        boolean sext = SIGNED[t] && size < 8;
        int sh = 64 - 8 * size;
        int[] dst = in.dst;
        int vec = in.vec;
        AddressSpace space = in.space;
        if (vec == 1 && (space == AddressSpace.GLOBAL || space == AddressSpace.GENERIC)) {
            int d = dst[0] << 5;
            int[] hints = segmentHints[f.fn.index()];
            int h = hints[in.index];
            GlobalMemory.Segments sg = segments;
            long off = in.addrOffset;
            boolean generic = space == AddressSpace.GENERIC;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = R[a | l] + off;
                if (generic) {
                    long wo = addr - GenericWindows.SHARED_BASE;
                    if (wo >= 0 && wo < 4 * GenericWindows.WINDOW_SIZE) {
                        long v;
                        try {
                            v = load(w, f, in, space, addr, size, l);
                        } catch (MemoryAccessException e) {
                            throw new LaneFault(e, l, e.detail());
                        }
                        R[d | l] = sext ? (v << sh) >> sh : v;
                        continue;
                    }
                    if (profile != null) {
                        profile[f.fn.index()][in.index * AddressSpaceProfile.SLOTS + AddressSpaceProfile.GLOBAL]++;
                    }
                }
                if ((addr & (size - 1)) != 0 || h >= sg.count() || addr < sg.start(h) || addr + size > sg.end(h)) {
                    h = sg.find(addr);
                    if ((addr & (size - 1)) != 0 || h < 0 || addr + size > sg.end(h)) {
                        try {
                            load(w, f, in, AddressSpace.GLOBAL, addr, size, l);
                        } catch (MemoryAccessException e) {
                            throw new LaneFault(e, l, e.detail());
                        }
                        sg = segments;
                        h = sg.find(addr);
                    }
                    hints[in.index] = h;
                }
                long v = Bytes.load(sg.data(h), (int) (addr - sg.start(h)), size);
                R[d | l] = sext ? (v << sh) >> sh : v;
            }
            return;
        }
        if (vec == 1 && space == AddressSpace.SHARED) {
            int d = dst[0] << 5;
            long off = in.addrOffset;
            byte[] sm = shared;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = R[a | l] + off;
                if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                    try {
                        load(w, f, in, space, addr, size, l);
                    } catch (MemoryAccessException e) {
                        throw new LaneFault(e, l, e.detail());
                    }
                }
                long v = Bytes.load(sm, (int) addr, size);
                R[d | l] = sext ? (v << sh) >> sh : v;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = R[a | l] + in.addrOffset;
            try {
                if (vec > 1) {
                    align(space, addr, size * vec);
                }
                for (int k = 0; k < vec; k++) {
                    long v = load(w, f, in, space, addr + (long) k * size, size, l);
                    if (sext) {
                        v = (v << sh) >> sh;
                    }
                    tmp[k << 5 | l] = v;
                }
            } catch (MemoryAccessException e) {
                throw new LaneFault(e, l, e.detail());
            }
        }
        for (int k = 0; k < vec; k++) {
            int d = dst[k] << 5;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                R[d | l] = tmp[k << 5 | l];
            }
        }
    }

    private void store(Warp w, Frame f, Instruction in, long[] R, int m) {
        int t = in.type;
        int size = SIZE[t];
        int a = in.addrReg << 5;
        int[] src = in.src;
        int vec = in.vec;
        AddressSpace space = in.space;
        if (vec == 1 && (space == AddressSpace.GLOBAL || space == AddressSpace.GENERIC)) {
            int sr = src[0] << 5;
            int[] hints = segmentHints[f.fn.index()];
            int h = hints[in.index];
            GlobalMemory.Segments sg = segments;
            long off = in.addrOffset;
            boolean generic = space == AddressSpace.GENERIC;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = R[a | l] + off;
                if (generic) {
                    long wo = addr - GenericWindows.SHARED_BASE;
                    if (wo >= 0 && wo < 4 * GenericWindows.WINDOW_SIZE) {
                        try {
                            store(w, f, in, space, addr, size, l, R[sr | l]);
                        } catch (MemoryAccessException e) {
                            throw new LaneFault(e, l, e.detail());
                        }
                        continue;
                    }
                    if (profile != null) {
                        profile[f.fn.index()][in.index * AddressSpaceProfile.SLOTS + AddressSpaceProfile.GLOBAL]++;
                    }
                }
                if ((addr & (size - 1)) != 0 || h >= sg.count() || addr < sg.start(h) || addr + size > sg.end(h)) {
                    h = sg.find(addr);
                    if ((addr & (size - 1)) != 0 || h < 0 || addr + size > sg.end(h)) {
                        try {
                            store(w, f, in, AddressSpace.GLOBAL, addr, size, l, R[sr | l]);
                        } catch (MemoryAccessException e) {
                            throw new LaneFault(e, l, e.detail());
                        }
                        sg = segments;
                        h = sg.find(addr);
                        hints[in.index] = h;
                        continue;
                    }
                    hints[in.index] = h;
                }
                Bytes.store(sg.data(h), (int) (addr - sg.start(h)), size, R[sr | l]);
            }
            return;
        }
        if (vec == 1 && space == AddressSpace.SHARED) {
            int sr = src[0] << 5;
            long off = in.addrOffset;
            byte[] sm = shared;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = R[a | l] + off;
                if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                    try {
                        store(w, f, in, space, addr, size, l, R[sr | l]);
                    } catch (MemoryAccessException e) {
                        throw new LaneFault(e, l, e.detail());
                    }
                }
                Bytes.store(sm, (int) addr, size, R[sr | l]);
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = R[a | l] + in.addrOffset;
            try {
                if (vec > 1) {
                    align(space, addr, size * vec);
                }
                for (int k = 0; k < vec; k++) {
                    store(w, f, in, space, addr + (long) k * size, size, l, R[src[k] << 5 | l]);
                }
            } catch (MemoryAccessException e) {
                throw new LaneFault(e, l, e.detail());
            }
        }
    }

    private void shfl(Instruction in, long[] R, int m) {
        int a = in.src[0] << 5, b = in.src[1] << 5, c = in.src[2] << 5, mem = in.src[3] << 5;
        int d = in.dst[0] << 5;
        int p = in.dst.length > 1 ? in.dst[1] << 5 : -1;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int bval = (int) (R[b | l] & 31);
            int cval = (int) (R[c | l] & 31);
            int segmask = (int) ((R[c | l] >>> 8) & 31);
            int maxLane = (l & segmask) | (cval & ~segmask);
            int minLane = l & segmask;
            int j;
            boolean pval;
            switch (in.mod) {
                case Op.SHFL_UP:
                    j = l - bval;
                    pval = j >= maxLane;
                    break;
                case Op.SHFL_DOWN:
                    j = l + bval;
                    pval = j <= maxLane;
                    break;
                case Op.SHFL_BFLY:
                    j = l ^ bval;
                    pval = j <= maxLane;
                    break;
                default:
                    j = minLane | (bval & ~segmask);
                    pval = j <= maxLane;
                    break;
            }
            if (!pval) {
                j = l;
            }
            int members = (int) R[mem | l];
            if ((members & (1 << l)) == 0) {
                throw new ExecFault(FaultKind.ILLEGAL_INSTRUCTION, l, "shfl.sync executed by lane " + l
                        + " that is not in its member mask 0x" + Integer.toHexString(members));
            }
            if ((m & (1 << j)) == 0) {
                throw new ExecFault(FaultKind.ILLEGAL_INSTRUCTION, l, "shfl.sync lane " + l + " reads lane " + j
                        + ", which is not active");
            }
            tmp[l] = R[a | j] & 0xFFFF_FFFFL;
            tmp[32 + l] = pval ? 1 : 0;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = tmp[l];
            if (p >= 0) {
                R[p | l] = tmp[32 + l];
            }
        }
    }

    private void vote(Instruction in, long[] R, int m) {
        int a = in.src[0] << 5, mem = in.src[1] << 5;
        boolean neg = (in.flags & Op.F_HI) != 0;
        int ballot = 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (((R[a | l] & 1) != 0) != neg) {
                ballot |= 1 << l;
            }
        }
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int members = (int) R[mem | l] & m;
            int b = ballot & members;
            long r;
            switch (in.mod) {
                case Op.VOTE_ALL:
                    r = b == members ? 1 : 0;
                    break;
                case Op.VOTE_ANY:
                    r = b != 0 ? 1 : 0;
                    break;
                case Op.VOTE_UNI:
                    r = b == 0 || b == members ? 1 : 0;
                    break;
                default:
                    r = b & 0xFFFF_FFFFL;
                    break;
            }
            R[d | l] = r;
        }
    }

    /** Reads {@code length} bytes of this CTA's shared memory. */
    public byte[] readShared(long offset, int length) {
        if (offset < 0 || length < 0 || offset + length > shared.length) {
            throw oob(AddressSpace.SHARED, offset, length, "CTA has " + shared.length + " bytes of shared memory");
        }
        byte[] out = new byte[length];
        System.arraycopy(shared, (int) offset, out, 0, length);
        return out;
    }

    /** Writes this CTA's shared memory (debugger). */
    public void writeShared(long offset, byte[] bytes) {
        if (offset < 0 || offset + bytes.length > shared.length) {
            throw oob(AddressSpace.SHARED, offset, bytes.length, "CTA has " + shared.length + " bytes of shared memory");
        }
        System.arraycopy(bytes, 0, shared, (int) offset, bytes.length);
    }

    @Override
    public String toString() {
        return "CTA " + index;
    }

    static int pred() {
        return PRED;
    }
}
