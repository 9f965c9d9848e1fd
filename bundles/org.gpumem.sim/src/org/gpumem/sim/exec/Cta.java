package org.gpumem.sim.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.Fault;
import org.gpumem.sim.LaneMasks;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.shadow.CtaShadow;
import org.gpumem.sim.ptx.Specials;

/**
 * One cooperative thread array: its warps, its shared memory and its barrier, and the scheduling
 * of its warps; an {@link Interpreter} runs them and a {@link CtaMemory} performs their memory
 * accesses. A Cta object is used by one thread at a time: an engine worker reuses one for CTA
 * after CTA; the debugger drives one from its own thread.
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
        BREAKPOINT,
        /** Executed an instruction that accessed a watched range; {@link #watchHit()} says how. */
        WATCHPOINT,
        /**
         * Executed an instruction in which the launch's memory checks found something new to the
         * device, while they stop at findings ({@link Launch#stopAtFindings}); {@link Launch#takeFindingStop()} says what.
         */
        FINDING
    }

    final Launch launch;
    final PtxFunction kernel;
    final int threads;
    final int warpCount;
    final Warp[] warps;
    final byte[] shared;
    /** Per function: {@link ProfileCounters#SLOTS} counters per instruction, or null without a profile. */
    final long[][] profile;
    final CtaMemory memory;
    final Interpreter interpreter;
    /** The memory checks of this CTA, or null when its launch is not checked. */
    final CtaShadow checks;
    int liveThreads;

    /** The CTA index; (0, 0, 0), what the warps' special rows hold, until the first {@link #reset}. */
    Dim3 index = new Dim3(0, 0, 0);
    int linear;
    final NamedBarriers barriers = new NamedBarriers();
    /** The CTA's mbarriers and bulk copies. */
    final AsyncBarriers asyncBarriers;
    Fault fault;
    long warpInstructions;
    long threadInstructions;
    /** Breakpoints per function and instruction index, or null. Set by the debugger. */
    boolean[][] breakpoints;
    /** Watched ranges, or null (no cost). Set by the debugger. */
    Watches watches;
    /** What the last {@link Stop#WATCHPOINT} caught. */
    Watches.Hit watchHit;

    Cta(Launch launch, boolean profile) {
        this.launch = launch;
        this.kernel = launch.kernel;
        Dim3 b = launch.config.block();
        this.threads = (int) b.volume();
        this.warpCount = (threads + 31) / 32;
        this.warps = new Warp[warpCount];
        this.shared = new byte[(int) launch.ctaSharedBytes];
        this.profile = profile ? ProfileCounters.allocate(launch.module.module()) : null;
        this.memory = new CtaMemory(this);
        this.asyncBarriers = new AsyncBarriers(memory);
        this.checks = launch.shadow == null ? null : launch.shadow.newCta(shared, warpCount, launch.localBytesPerThread);
        barriers.checks = checks;
        this.interpreter = new Interpreter(this);
        for (int w = 0; w < warpCount; w++) {
            warps[w] = new Warp(this, w);
            warps[w].local = new byte[(int) launch.layout.localWarpBytes(launch.localBytesPerThread)];
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
            sp[Specials.NWARPID << 5 | lane] = launch.facts.maxWarpsPerSm();
            sp[Specials.LANEMASK_EQ << 5 | lane] = (1L << lane) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_LT << 5 | lane] = ((1L << lane) - 1) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_LE << 5 | lane] = ((2L << lane) - 1) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_GT << 5 | lane] = (~((2L << lane) - 1)) & 0xFFFF_FFFFL;
            sp[Specials.LANEMASK_GE << 5 | lane] = (~((1L << lane) - 1)) & 0xFFFF_FFFFL;
            sp[Specials.NSMID << 5 | lane] = launch.facts.multiprocessors();
            sp[Specials.GRIDID << 5 | lane] = 1;
            sp[Specials.FRAME << 5 | lane] = 0;
            sp[Specials.DYNAMIC_SMEM_SIZE << 5 | lane] = launch.config.dynamicSharedBytes();
            sp[Specials.TOTAL_SMEM_SIZE << 5 | lane] = launch.sharedBytes;
            sp[Specials.WARPSZ << 5 | lane] = launch.facts.warpSize();
            sp[Specials.ENVREG1 << 5 | lane] = launch.gridBarrier >>> 32;
            sp[Specials.ENVREG2 << 5 | lane] = launch.gridBarrier & 0xFFFF_FFFFL;
            sp[Specials.RESERVED_SMEM_BEGIN << 5 | lane] = launch.reservedSharedOffset;
            sp[Specials.RESERVED_SMEM_END << 5 | lane] = launch.reservedSharedOffset + launch.reservedSharedBytes;
            sp[Specials.RESERVED_SMEM_CAP << 5 | lane] = launch.reservedSharedBytes;
            sp[Specials.RESERVED_SMEM_0 << 5 | lane] = launch.reservedSharedOffset;
            sp[Specials.RESERVED_SMEM_1 << 5 | lane] = launch.reservedSharedOffset + launch.reservedSharedBytes / 2;
        }
        warp.validMask = valid;
    }

    /** Resets this object to run CTA number {@code linearIndex} from its start. */
    void reset(int linearIndex) {
        Dim3 g = launch.config.grid();
        this.linear = linearIndex;
        Dim3 previous = index;
        this.index = new Dim3(linearIndex % g.x(), (linearIndex / g.x()) % g.y(), linearIndex / g.x() / g.y());
        memory.reset();
        if (checks != null) {
            checks.reset(linearIndex);
        }
        Arrays.fill(shared, (byte) 0);
        barriers.reset();
        asyncBarriers.reset();
        fault = null;
        liveThreads = threads;
        for (int w = 0; w < warpCount; w++) {
            Warp warp = warps[w];
            Arrays.fill(warp.local, (byte) 0);
            long[] sp = warp.specials;
            // Rows of the CTA index that did not change since the previous CTA keep their value
            // (all of y and z in a one-dimensional grid).
            if (index.x() != previous.x()) {
                Arrays.fill(sp, Specials.CTAID_X << 5, (Specials.CTAID_X + 1) << 5, index.x());
            }
            if (index.y() != previous.y()) {
                Arrays.fill(sp, Specials.CTAID_Y << 5, (Specials.CTAID_Y + 1) << 5, index.y());
            }
            if (index.z() != previous.z()) {
                Arrays.fill(sp, Specials.CTAID_Z << 5, (Specials.CTAID_Z + 1) << 5, index.z());
            }
            Arrays.fill(sp, Specials.SMID << 5, (Specials.SMID + 1) << 5, launch.facts.smOf(linearIndex));
            int valid = warp.validMask;
            warp.liveMask = valid;
            warp.state = WarpState.READY;
            warp.instructions = 0;
            warp.depth = 0;
            if (warp.printf != null) {
                warp.printf.reset();
            }
            Frame f = pushFrame(warp, kernel, 0);
            f.callIndex = -1;
            f.entryMask = valid;
            f.push(0, -1, valid);
            WarpPaths.reset(warp);
        }
    }

    /** A new activation of {@code fn} on {@code w}'s call stack, registers initialized, stack empty. */
    Frame pushFrame(Warp w, PtxFunction fn, long localBase) {
        if (w.depth == w.frames.length) {
            w.frames = Arrays.copyOf(w.frames, w.depth * 2);
        }
        Frame f = w.frames[w.depth];
        if (f == null || f.shared) {
            // a Frame another path of the warp may still hold is left to it
            f = new Frame();
            w.frames[w.depth] = f;
        }
        w.depth++;
        f.fn = fn;
        f.code = launch.code[fn.index()];
        int nregs = fn.registerCount();
        if (launch.fastCode != null && f.preparedFor == fn) {
            launch.fastCode.reusedFrame(fn.index()).prepare(f.regs, w.specials);
        } else {
            if (f.regs.length < nregs * 32) {
                f.regs = new long[nregs * 32];
            } else {
                Arrays.fill(f.regs, Specials.COUNT * 32, nregs * 32, 0L);
            }
            System.arraycopy(w.specials, 0, f.regs, 0, Specials.COUNT * 32);
            long[] c = launch.module.constants(fn);
            int cb = fn.constantBase();
            for (int i = 0; i < c.length; i++) {
                Arrays.fill(f.regs, (cb + i) << 5, (cb + i + 1) << 5, c[i]);
            }
            f.preparedFor = fn;
        }
        Arrays.fill(f.regs, Specials.FRAME << 5, (Specials.FRAME + 1) << 5, localBase);
        int ps = fn.paramFrameBytes();
        if (f.params.length < ps * 32) {
            f.params = new byte[ps * 32];
        } else {
            Arrays.fill(f.params, 0, ps * 32, (byte) 0);
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

    /**
     * The fault that stopped this CTA ends its launch: memcheck and synccheck classify it (an
     * out-of-bounds access inside a cudaMalloc granule is an access past the end, one after a
     * free a use after free), on a checked launch. Whoever drives the CTAs calls it once, for the
     * fault that ends the launch, before the launch's checks finish.
     */
    public void checkFault() {
        if (checks != null && fault != null) {
            checks.fault(fault, -1);
        }
    }

    /** Threads that arrived at one of the CTA's barriers and have not been released. */
    public int barrierArrived() {
        return barriers.arrivedThreads();
    }

    /**
     * Whether the last {@link #run} of a warp ended at an mbarrier wait whose phase was
     * incomplete: the warp is ready, and the CTA's other warps must run for it to get further.
     */
    public boolean lastRunWaitedForPhase() {
        return asyncBarriers.turnEndedWaiting;
    }

    /** Instructions issued by this CTA's warps (all lanes counted once). */
    public long warpInstructions() {
        return warpInstructions;
    }

    /** Thread instructions (active lanes summed over issued instructions). */
    public long threadInstructions() {
        return threadInstructions;
    }

    /** Reads {@code length} bytes of this CTA's shared memory. */
    public byte[] readShared(long offset, int length) {
        checkShared(offset, length);
        return Arrays.copyOfRange(shared, (int) offset, (int) offset + length);
    }

    /** Writes this CTA's shared memory (debugger). */
    public void writeShared(long offset, byte[] bytes) {
        checkShared(offset, bytes.length);
        System.arraycopy(bytes, 0, shared, (int) offset, bytes.length);
    }

    private void checkShared(long offset, int length) {
        if (offset < 0 || length < 0 || offset + length > shared.length) {
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, PtxStateSpace.SHARED, offset, length,
                    "CTA has " + shared.length + " bytes of shared memory");
        }
    }

    // ------------------------------------------------------------------ scheduling

    /**
     * Runs this CTA to completion, a fault, or until the budget is spent; warps run in turn,
     * each until it blocks at a barrier, exits, or has issued {@code slice} instructions.
     *
     * @return false when the launch's instruction budget ran out
     */
    boolean runToCompletion(LaunchBudget.Allowance budget, int slice) {
        while (true) {
            Pass p = pass(budget, slice);
            if (p == Pass.BUDGET) {
                return false;
            }
            if (p == Pass.STOPPED) {
                return true;
            }
            if (p == Pass.IDLE && !resolveBlocked()) {
                return true;
            }
        }
    }

    /** What one {@link #pass} did. */
    enum Pass {
        /** Some warp issued instructions. */
        RAN,
        /** No warp was ready: all wait at barriers, or all exited ({@link #resolveBlocked} tells). */
        IDLE,
        /** A fault or a stop request ended the CTA ({@link #fault}). */
        STOPPED,
        /** The launch's instruction budget ran out ({@link #fault} says so). */
        BUDGET
    }

    /** Runs each ready warp once, for at most {@code slice} instructions: one turn of the CTA's scheduler. */
    Pass pass(LaunchBudget.Allowance budget, int slice) {
        boolean ran = false;
        for (Warp w : warps) {
            if (w.state != WarpState.READY) {
                continue;
            }
            if (launch.stopRequested()) {
                fault = w.faultHere(FaultKind.STOPPED, launch.stopReason);
                return Pass.STOPPED;
            }
            long grant = budget.take(slice);
            if (grant <= 0) {
                fault = w.faultHere(FaultKind.INSTRUCTION_BUDGET, "the launch issued its budget of "
                        + launch.options.instructionBudget() + " warp instructions; the kernel may not terminate "
                        + "(raise the budget with --budget N, or 0 for none)");
                return Pass.BUDGET;
            }
            long before = w.instructions;
            Stop s = interpreter.runWarp(w, grant, false, false);
            long used = w.instructions - before;
            budget.giveBack(grant - used);
            if (launch.stopRequested()) {
                launch.issuedAfterStop(used);
            }
            ran = true;
            if (s == Stop.FAULT) {
                return Pass.STOPPED;
            }
        }
        if (fault != null) {
            return Pass.STOPPED;
        }
        return ran ? Pass.RAN : Pass.IDLE;
    }

    /** Where each warp of this CTA is, for the report of a launch stopped from outside. */
    public List<WarpPosition> positions() {
        List<WarpPosition> all = new ArrayList<>();
        for (Warp w : warps) {
            PtxFunction f = w.function();
            all.add(new WarpPosition(index, w.id, w.state, f == null ? null : f.name(), w.ptxLine(), w.sourceLocation()));
        }
        return all;
    }

    /** Takes this CTA's device printf output into its launch's (after the CTA finished or stopped). */
    public void collectOutput() {
        launch.output.collect(this);
    }

    /** Releases every barrier whose threads have all arrived; true if one was. */
    boolean releaseBarrier() {
        return barriers.releaseComplete(warps, liveThreads);
    }

    private void deadlock() {
        Warp first = null;
        StringBuilder who = new StringBuilder();
        for (Warp w : warps) {
            if (w.state == WarpState.AT_BARRIER) {
                if (first == null) {
                    first = w;
                }
                who.append(who.length() == 0 ? "" : "; ").append("warp ").append(w.id);
                if (w.pathCount == 1) {
                    int pending = w.liveMask & ~w.activeMask();
                    who.append(" lanes ").append(LaneMasks.describe(w.activeMask())).append(" wait at PTX line ").append(w.ptxLine());
                    if (pending != 0) {
                        who.append(", lanes ").append(LaneMasks.describe(pending)).append(" diverged");
                    }
                    continue;
                }
                // each path, by its lowest lane
                List<Frame> tops = new ArrayList<>();
                for (int p = 0; p < w.pathCount; p++) {
                    if (w.pathTop(p) != null) {
                        tops.add(w.pathTop(p));
                    }
                }
                tops.sort((a, b) -> Integer.compare(Integer.numberOfTrailingZeros(a.mask()), Integer.numberOfTrailingZeros(b.mask())));
                for (int p = 0; p < tops.size(); p++) {
                    Frame f = tops.get(p);
                    who.append(p == 0 ? "" : ",").append(" lanes ").append(LaneMasks.describe(f.mask())).append(" wait at PTX line ")
                            .append(f.code[f.pc()].line);
                    if (f.swait[f.sp - 1] == Frame.AT_WARP_SYNC) {
                        who.append(" (").append(f.code[f.pc()].opcode).append(", for lanes of the warp elsewhere)");
                    }
                }
            }
        }
        int arrived = barriers.arrivedThreads();
        fault = (first == null ? warps[0] : first).faultHere(FaultKind.DEADLOCK, (arrived == 0
                ? "threads wait at warp-synchronous instructions"
                : arrived + " of " + liveThreads + " live threads wait at a barrier (" + barriers.waiting(liveThreads) + ")")
                + " and no other thread can proceed: " + who);
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
        return interpreter.runWarp(w, maxInstructions, stopAtBreakpoints, skipBreakpointAtStart);
    }

    /** Breakpoints: per function index, per instruction index; null entries have none. */
    public void setBreakpoints(boolean[][] perFunction) {
        this.breakpoints = perFunction;
    }

    /** The ranges whose accesses stop a warp (after the accessing instruction), or null for none. */
    public void setWatches(Watches watched) {
        this.watches = watched;
    }

    /** What the last run that returned {@link Stop#WATCHPOINT} caught, or null. */
    public Watches.Hit watchHit() {
        return watchHit;
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

    @Override
    public String toString() {
        return "CTA " + index;
    }
}
