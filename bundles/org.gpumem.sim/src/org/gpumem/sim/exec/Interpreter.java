package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.scalar.TypeWidths.F32;
import static org.gpumem.sim.exec.scalar.TypeWidths.F64;
import static org.gpumem.sim.exec.scalar.TypeWidths.MASK;

import java.lang.invoke.VarHandle;

import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.exec.scalar.Alu;
import org.gpumem.sim.exec.scalar.HalfOps;
import org.gpumem.sim.exec.scalar.VideoOps;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.shadow.CtaShadow;

/**
 * The SIMT interpreter of one CTA's warps: straight-line execution of the top of a warp's
 * reconvergence stack, divergent branches, calls and returns, barrier arrival, and the dispatch
 * of every other instruction to {@link CtaMemory}, {@link WarpIntrinsics} and {@link Alu}. For a
 * module of sm_70 or later, the warp's paths are scheduled independently ({@link WarpPaths}):
 * lanes that wait let the others run, a long-running path yields, and warp-synchronous
 * instructions wait for the lanes they name.
 */
public final class Interpreter {
    private final Cta cta;
    /** The texture and surface instructions of this CTA, made when the first one runs. */
    private TextureUnit textures;
    /** The CTA's memory, its shared bytes and scratch longs: what the fast engine's blocks use. */
    final CtaMemory memory;
    private final CtaAtomics atomics;
    final byte[] shared;
    final byte[] constBank;
    final byte[] kernelParams;
    final long[] scratch;
    private final StateSpaceLayout layout;
    private final long[][] profile;
    /** The fast engine's blocks, or null when the launch runs on the interpreter alone. */
    private final FastCode fastCode;
    /** Written by a running {@link CompiledBlock} before each instruction that may fault. */
    int blockPc, blockLanes;
    /** What ends a compiled block of a checked launch after an instruction with a finding to stop at ({@link #checkAfter}). */
    private final BlockStop findingStop = new BlockStop(Cta.Stop.FINDING);
    /** Independent thread scheduling (the module targets sm_70 or later): see {@link WarpPaths}. */
    private final boolean independent;

    Interpreter(Cta cta) {
        this.cta = cta;
        this.memory = cta.memory;
        this.atomics = new CtaAtomics(memory);
        this.shared = cta.shared;
        this.constBank = cta.launch.module.constBank();
        this.kernelParams = cta.launch.paramBuffer;
        this.scratch = memory.scratch();
        this.layout = cta.launch.layout;
        this.profile = cta.profile;
        this.fastCode = cta.launch.fastCode;
        this.independent = cta.launch.module.module().independentThreads();
    }

    /**
     * Runs warp {@code w} until it has issued {@code limit} instructions, blocks at a barrier,
     * exits, faults, or (when breakpoints are set) reaches a breakpoint other than the
     * instruction it starts at.
     */
    Cta.Stop runWarp(Warp w, long limit, boolean stopAtBreakpoints, boolean skipFirstBreakpoint) {
        long issued = 0;
        long lanesIssued = 0;
        boolean first = skipFirstBreakpoint;
        boolean[][] bps = stopAtBreakpoints ? cta.breakpoints : null;
        Watches watches = cta.watches;
        CtaShadow checks = cta.checks;
        boolean its = independent;
        // mbarrier waits that found their phase incomplete in this turn; whether the turn ends at one
        int failedWaits = 0;
        boolean waiting = false;
        try {
            outer:
            while (true) {
                if (w.depth == 0) {
                    if (w.pathCount == 1) {
                        w.state = WarpState.EXITED;
                        return Cta.Stop.EXITED;
                    }
                    // this path's lanes all exited; the warp's other paths go on
                    WarpPaths.endCurrent(w);
                    releaseWarpSync(w);
                    continue;
                }
                Frame f = w.frames[w.depth - 1];
                int top = f.sp - 1;
                int pc = f.spc[top];
                int rpc = f.srpc[top];
                if (pc == rpc) {
                    f.sp--;
                    settle(w);
                    if (its && w.pathCount > 1 && w.depth > 0) {
                        WarpPaths.reconverge(w);
                    }
                    continue;
                }
                if (f.swait[top] != Frame.RUNS) {
                    if (its ? WarpPaths.schedule(w, w.instructions + issued) : runsSiblingPath(f, top)) {
                        continue;
                    }
                    w.state = WarpState.AT_BARRIER;
                    if (cta.releaseBarrier()) {
                        continue;
                    }
                    return Cta.Stop.BARRIER;
                }
                Instruction[] code = f.code;
                long[] R = f.regs;
                int mask = f.smask[top];
                // Lanes of the warp are outside this entry: warp-synchronous instructions wait for them.
                boolean apart = its && mask != w.liveMask;
                boolean[] bp = bps == null ? null : bps[f.fn.index()];
                // A warp that may stop at a breakpoint or watchpoint runs interpreted.
                CompiledBlock[] blocks = fastCode == null || bps != null || watches != null ? null
                        : fastCode.blocks(f.fn.index());
                // Straight-line execution of the top entry; leaves to the outer loop on control flow.
                while (true) {
                    if (pc == rpc) {
                        f.spc[top] = pc;
                        continue outer;
                    }
                    if (issued >= limit) {
                        f.spc[top] = pc;
                        return Cta.Stop.LIMIT;
                    }
                    if (bp != null && !first && bp[pc] && w.state == WarpState.READY) {
                        f.spc[top] = pc;
                        return Cta.Stop.BREAKPOINT;
                    }
                    first = false;
                    CompiledBlock b = blocks == null ? null : blocks[pc];
                    // Whole blocks only: within the budget, not across the entry's reconvergence
                    // point, and no warp-synchronous instruction while lanes are elsewhere.
                    if (b != null && limit - issued >= b.length() && (rpc <= pc || rpc >= b.end)
                            && !(apart && b.waitsForLanes)) {
                        f.spc[top] = pc;
                        try {
                            lanesIssued += mask == -1 ? b.runFull(this, w, f, R, code, mask) : b.run(this, w, f, R, code, mask);
                        } catch (LaneFault lf) {
                            issued += blockPc - pc + 1;
                            lanesIssued += blockLanes + (long) b.unguardedBefore(blockPc + 1) * Integer.bitCount(mask);
                            f.spc[top] = blockPc;
                            throw lf;
                        } catch (BlockStop stop) {
                            // the instruction at blockPc executed: the warp stops right after it
                            issued += blockPc - pc + 1;
                            lanesIssued += blockLanes + (long) b.unguardedBefore(blockPc + 1) * Integer.bitCount(mask);
                            f.spc[top] = blockPc + 1;
                            return stop.stop;
                        }
                        issued += b.length();
                        lanesIssued += (long) b.unguardedBefore(b.end) * Integer.bitCount(mask);
                        pc = b.end;
                        continue;
                    }
                    Instruction in = code[pc];
                    int m = in.guard >= 0 ? guarded(in, R, mask) : mask;
                    if (apart && in.memberMask >= 0 && (members(in, R, m) & w.liveMask & ~mask) != 0) {
                        // PTX: it waits until every member lane that has not exited executes it
                        f.spc[top] = pc;
                        f.swait[top] = Frame.AT_WARP_SYNC;
                        WarpPaths.waitApart(w);
                        releaseWarpSync(w);
                        continue outer;
                    }
                    issued++;
                    lanesIssued += Integer.bitCount(m);
                    int op = in.op;
                    if (op == Op.BRA || op == Op.BRX) {
                        int from = pc;
                        boolean backward;
                        if (op == Op.BRA) {
                            backward = in.target <= from;
                            pc = branch(f, top, in, pc, mask, m);
                        } else {
                            backward = its && branchesBack(in, from);
                            f.spc[top] = pc;
                            pc = indexedBranch(f, top, in, R, pc, mask, m);
                        }
                        if (its && backward && w.instructions + issued - w.scheduledAt >= WarpPaths.YIELD_INSTRUCTIONS) {
                            if (pc >= 0) {
                                f.spc[top] = pc;
                            }
                            if (WarpPaths.yield(w, w.instructions + issued) || pc < 0) {
                                continue outer;
                            }
                            continue;
                        }
                        if (pc < 0) {
                            continue outer;
                        }
                        continue;
                    }
                    f.spc[top] = pc;
                    if (op >= Op.CALL && op <= Op.BAR) {
                        Cta.Stop s = control(w, f, top, in, m);
                        if (s != null) {
                            return s;
                        }
                        continue outer;
                    }
                    if (op == Op.CLOCK) {
                        clock(in, R, m, w.instructions + issued);
                    } else if (watches != null && m != 0 && Watches.accessesMemory(op)) {
                        Watches.Hit hit = watches.before(cta, w, in, R, m);
                        if (checks != null) {
                            checked(checks, w, f, in, R, m);
                        }
                        execute(w, f, in, R, m);
                        if (hit != null) {
                            cta.watchHit = watches.after(cta, w, hit);
                            f.spc[top] = pc + 1;
                            return Cta.Stop.WATCHPOINT;
                        }
                        if (checks != null && checks.stopPending()) {
                            f.spc[top] = pc + 1;
                            return Cta.Stop.FINDING;
                        }
                    } else if (m != 0) {
                        if (checks == null) {
                            execute(w, f, in, R, m);
                        } else {
                            checked(checks, w, f, in, R, m);
                            execute(w, f, in, R, m);
                            if (checks.stopPending()) {
                                // as after a watched access: the warp stops right after the instruction
                                f.spc[top] = pc + 1;
                                return Cta.Stop.FINDING;
                            }
                        }
                        if (op == Op.MBARRIER && cta.asyncBarriers.waitFailed) {
                            // a phase some lanes wait for is incomplete: their other paths, then
                            // the CTA's other warps, run first (the waits do not suspend)
                            cta.asyncBarriers.waitFailed = false;
                            f.spc[top] = pc + 1;
                            if (its && ++failedWaits <= w.pathCount && WarpPaths.yield(w, w.instructions + issued)) {
                                continue outer;
                            }
                            f.spc[top] = pc;
                            // a deadlock fault names the wait
                            cta.asyncBarriers.stalled(cta.warpCount);
                            f.spc[top] = pc + 1;
                            waiting = true;
                            return Cta.Stop.LIMIT;
                        }
                    }
                    pc++;
                }
            }
        } catch (LaneFault lf) {
            Frame f = w.frames[w.depth - 1];
            fault(w, f.code[f.pc()], lf);
            return Cta.Stop.FAULT;
        } finally {
            cta.asyncBarriers.turnEnded(waiting);
            w.instructions += issued;
            cta.warpInstructions += issued;
            cta.threadInstructions += lanesIssued;
        }
    }

    /**
     * The memory checks look at instruction {@code in} before it executes: a finding they make
     * now may stop the warp right after it ({@link CtaShadow#stopPending}).
     */
    private void checked(CtaShadow checks, Warp w, Frame f, Instruction in, long[] R, int m) {
        checks.observing(true);
        try {
            CheckedAccesses.before(checks, cta, w, f, in, R, m);
        } finally {
            checks.observing(false);
        }
    }

    /**
     * A compiled block of a checked launch calls this before instruction {@code in}, index
     * {@code pc}, for lanes {@code m} (its guard applied; {@code lanes}: the guarded lanes the
     * block issued so far, these included): the checks look at it as they do when the
     * interpreter executes it ({@link #runWarp}), nothing when no lane executes it.
     */
    void checkBefore(Warp w, Frame f, Instruction in, long[] R, int m, int pc, int lanes) {
        blockPc = pc;
        blockLanes = lanes;
        if (m != 0) {
            checked(cta.checks, w, f, in, R, m);
        }
    }

    /**
     * A compiled block of a checked launch calls this before a lane loop of a full warp
     * ({@code m}: every lane) for each load {@code in} in it, in order, when the launch does not
     * stop at findings ({@link #stopsAtFindings}): the checks look at it for every lane, its base
     * register as the loop will read it, before the loop executes it.
     */
    void checkAhead(Warp w, Frame f, Instruction in, long[] R, int m) {
        checked(cta.checks, w, f, in, R, m);
    }

    /** Whether a finding may stop a warp of this checked launch ({@link #checkAfter}). */
    boolean stopsAtFindings() {
        return cta.launch.shadow.stopsAtFindings();
    }

    /**
     * A compiled block of a checked launch calls this after the instruction it showed to
     * {@link #checkBefore} for lanes {@code m}: a finding there to stop at ends the block, and the
     * warp stops right after the instruction, as in {@link #runWarp}.
     */
    void checkAfter(int m) {
        if (m != 0 && cta.checks.stopPending()) {
            throw findingStop;
        }
    }

    /**
     * What ends a compiled block early, right after the instruction at {@link #blockPc}, with the
     * warp's stop. Carries no stack trace: the interpreter uses it for control flow.
     */
    private static final class BlockStop extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final Cta.Stop stop;

        BlockStop(Cta.Stop stop) {
            super(null, null, false, false);
            this.stop = stop;
        }
    }

    /**
     * A branch taken by lanes {@code m} of {@code mask}: the next instruction when all go one
     * way, or -1 after both sides of a divergent branch were pushed to reconverge at its
     * post-dominator.
     */
    private static int branch(Frame f, int top, Instruction in, int pc, int mask, int m) {
        int notTaken = mask & ~m;
        if (notTaken == 0) {
            return in.target;
        }
        if (m == 0) {
            return pc + 1;
        }
        int r = in.reconvergence;
        f.spc[top] = r;
        f.push(pc + 1, r, notTaken);
        f.push(in.target, r, m);
        return -1;
    }

    /** Whether brx.idx {@code in} at {@code from} may lead back: to a target or its reconvergence point at or before it. */
    private static boolean branchesBack(Instruction in, int from) {
        if (in.reconvergence >= 0 && in.reconvergence <= from) {
            return true;
        }
        for (int t : in.targets) {
            if (t <= from) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code brx.idx}: lanes {@code m} of {@code mask} branch to the target their index selects,
     * the others go on; the next instruction when all go one way, or -1 after each group was
     * pushed to reconverge at the post-dominator (the group of the lowest lane runs first). An
     * index past the list is a fault: the PTX ISA leaves it undefined.
     */
    private static int indexedBranch(Frame f, int top, Instruction in, long[] R, int pc, int mask, int m) {
        int[] targets = in.targets;
        int a = in.src[0] << 5;
        int n = targets.length;
        int[] lanesTo = new int[n + 1];
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long index = R[a | l] & 0xFFFF_FFFFL;
            if (index >= n) {
                throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, "brx.idx index " + index + " is outside its "
                        + n + " branch targets");
            }
            lanesTo[(int) index] |= 1 << l;
        }
        lanesTo[n] = mask & ~m;
        int ways = 0, only = -1;
        for (int k = 0; k <= n; k++) {
            if (lanesTo[k] != 0) {
                ways++;
                only = k;
            }
        }
        if (ways == 1) {
            return only == n ? pc + 1 : targets[only];
        }
        int r = in.reconvergence;
        f.spc[top] = r;
        // pushed from the group of the highest first lane down, so the lowest lane's group is on top
        for (int pushed = 0; pushed < ways; pushed++) {
            int next = -1;
            for (int k = 0; k <= n; k++) {
                if (lanesTo[k] != 0 && (next < 0 || Integer.numberOfTrailingZeros(lanesTo[k])
                        > Integer.numberOfTrailingZeros(lanesTo[next]))) {
                    next = k;
                }
            }
            f.push(next == n ? pc + 1 : targets[next], r, lanesTo[next]);
            lanesTo[next] = 0;
        }
        return -1;
    }

    /** %clock and %clock64 read the warp's issued-instruction count. */
    private static void clock(Instruction in, long[] R, int m, long issued) {
        long now = (in.mod == 1 ? issued >>> 32 : issued) & MASK[in.type];
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            R[d | Integer.numberOfTrailingZeros(mm)] = now;
        }
    }

    /** The lanes of {@code mask} whose guard predicate lets them execute {@code in}. */
    private static int guarded(Instruction in, long[] R, int mask) {
        if (mask == -1) {
            return LaneOps.guard(R, in.guard << 5, in.guardNegated, mask);
        }
        int g = in.guard << 5;
        int pm = 0;
        for (int mm = mask; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if ((R[g | l] & 1) != 0) {
                pm |= 1 << l;
            }
        }
        return in.guardNegated ? mask & ~pm : pm;
    }

    /**
     * call, ret, exit and bar.sync for lanes {@code m} of the top entry; returns why the warp
     * stops, or null when it goes on with whatever its stack holds now.
     */
    private Cta.Stop control(Warp w, Frame f, int top, Instruction in, int m) {
        int pc = f.spc[top];
        if (m == 0) {
            f.spc[top] = pc + 1;
            return null;
        }
        switch (in.op) {
            case Op.CALL:
                call(w, f, in, m);
                return null;
            case Op.RET:
                if (w.depth == 1) {
                    exitLanes(w, m);
                } else {
                    f.removeLanes(m);
                    if (f.smask[top] != 0) {
                        f.spc[top] = pc + 1;
                    }
                    settle(w);
                }
                return w.state == WarpState.EXITED ? Cta.Stop.EXITED : null;
            case Op.EXIT:
                exitLanes(w, m);
                return w.state == WarpState.EXITED ? Cta.Stop.EXITED : null;
            case Op.BAR:
                cta.barriers.arrive(in, f.regs, m, cta.threads);
                if (cta.checks != null) {
                    CheckedAccesses.barrier(cta.checks, cta, w, f, in, f.regs, m);
                }
                if (in.mod == Op.BAR_ARRIVE) {
                    f.spc[top] = pc + 1;
                    cta.releaseBarrier();
                    return null;
                }
                f.swait[top] = Frame.AT_BARRIER;
                if (independent) {
                    // bar.sync counts threads: the lanes that arrived wait, the others go on
                    if (m != f.smask[top]) {
                        Frame past = WarpPaths.split(w, m).top();
                        past.spc[past.sp - 1] = pc + 1;
                        past.swait[past.sp - 1] = Frame.RUNS;
                    } else {
                        WarpPaths.waitApart(w);
                    }
                    cta.releaseBarrier();
                    return null;
                }
                if (runsSiblingPath(f, top)) {
                    return null;
                }
                w.state = WarpState.AT_BARRIER;
                return cta.releaseBarrier() ? null : Cta.Stop.BARRIER;
            default:
                throw new IllegalStateException(in.opcode);
        }
    }

    /**
     * Like independent thread scheduling: while the top entry's lanes wait at a barrier, the
     * sibling path of their divergent branch runs (it may exit, or reach this or another barrier).
     * True if it swapped the sibling to the top.
     */
    private static boolean runsSiblingPath(Frame f, int top) {
        if (top > 0 && f.swait[top - 1] == Frame.RUNS && f.srpc[top - 1] == f.srpc[top]) {
            f.swapTop();
            return true;
        }
        return false;
    }

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
                if (w.pathCount == 1) {
                    w.state = WarpState.EXITED;
                }
                return;
            }
            Frame caller = w.frames[w.depth - 2];
            // the lanes of this path that entered (another path may be in the activation too)
            copyReturns(f, caller, f.entryMask & w.liveMask & caller.lanes());
            w.depth--;
            if (caller.sp > 0) {
                caller.spc[caller.sp - 1] = f.callIndex + 1;
            }
        }
    }

    /** Copies the return params of {@code lanes} of {@code callee} into its call's in {@code caller}. */
    static void copyReturns(Frame callee, Frame caller, int lanes) {
        Instruction call = caller.code[callee.callIndex];
        for (int k = 0; k < call.retOffsets.length; k++) {
            int from = callee.fn.returns().get(k).offset();
            int to = call.retOffsets[k];
            int n = Math.min(call.retSizes[k], callee.fn.returns().get(k).size());
            Frame.copyParams(callee, from, caller, to, n, lanes);
        }
    }

    /** The member lanes the lanes {@code m} executing {@code in} name (their member masks joined). */
    private static int members(Instruction in, long[] R, int m) {
        int r = in.memberMask << 5;
        int u = 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            u |= (int) R[r | Integer.numberOfTrailingZeros(mm)];
        }
        return u;
    }

    /**
     * Under independent thread scheduling: executes every warp-synchronous instruction whose
     * waiting lanes' member lanes all wait at one too (or exited), the lanes at one instruction
     * together as one issue, and lets them go on. Lanes at one instruction may be in different
     * activations of its function (nvcc -G calls a function for each shuffle, and paths that
     * were apart call it apart): their operands are gathered into the first one's registers,
     * where each lane's column is its own, and the results scattered back.
     */
    private void releaseWarpSync(Warp w) {
        int waiting = WarpPaths.waitingLanes(w, Frame.AT_WARP_SYNC);
        if (waiting == 0) {
            return;
        }
        int n = w.pathCount;
        int[] lanes = new int[n];
        boolean[] ready = new boolean[n];
        for (int i = 0; i < n; i++) {
            WarpPath p = w.paths[i];
            if (p.waits() == Frame.AT_WARP_SYNC) {
                Frame f = p.top();
                Instruction in = f.code[f.pc()];
                lanes[i] = in.guard >= 0 ? guarded(in, f.regs, f.mask()) : f.mask();
                ready[i] = (members(in, f.regs, lanes[i]) & w.liveMask & ~waiting) == 0;
            }
        }
        int running = w.current;
        for (int i = 0; i < n; i++) {
            if (!ready[i]) {
                continue;
            }
            Frame f = w.paths[i].top();
            int pc = f.pc();
            Instruction in = f.code[pc];
            int u = lanes[i];
            for (int j = i + 1; j < n; j++) {
                Frame g = ready[j] ? w.paths[j].top() : null;
                if (g != null && g.code == f.code && g.pc() == pc) {
                    u |= lanes[j];
                    if (g.regs != f.regs) {
                        copyColumns(RegisterFlow.reads(in), g.regs, f.regs, lanes[j]);
                    }
                }
            }
            // the path whose instruction it is runs, so that a fault names it
            w.current = i;
            WarpPaths.unpark(w);
            if (u != 0) {
                execute(w, f, in, f.regs, u);
            }
            w.instructions++;
            cta.warpInstructions++;
            cta.threadInstructions += Integer.bitCount(u);
            for (int j = i; j < n; j++) {
                Frame g = ready[j] ? w.paths[j].top() : null;
                if (g != null && g.code == f.code && g.pc() == pc) {
                    if (g.regs != f.regs) {
                        copyColumns(in.dst, f.regs, g.regs, lanes[j]);
                    }
                    g.swait[g.sp - 1] = Frame.RUNS;
                    g.spc[g.sp - 1] = pc + 1;
                    ready[j] = false;
                }
            }
        }
        WarpPaths.park(w);
        w.current = running;
        WarpPaths.unpark(w);
    }

    /** Copies registers {@code regs} (-1: none) of {@code lanes} from one activation's register file to another's. */
    private static void copyColumns(int[] regs, long[] from, long[] to, int lanes) {
        for (int r : regs) {
            if (r < 0) {
                continue;
            }
            for (int mm = lanes; mm != 0; mm &= mm - 1) {
                int at = r << 5 | Integer.numberOfTrailingZeros(mm);
                to[at] = from[at];
            }
        }
    }

    private void fault(Warp w, Instruction in, LaneFault lf) {
        w.state = WarpState.FAULTED;
        int lane = lf.lane;
        cta.fault = new Fault(lf.kind, lf.getMessage(), lf.access == null ? null : lf.access.space(),
                lf.access == null ? 0 : lf.access.address(), lf.access == null ? 0 : lf.access.size(), cta.index, w.id,
                lane, lane < 0 ? null : w.threadIndex(lane), w.function().name(), in.text, in.line, in.location);
    }

    private void exitLanes(Warp w, int m) {
        if (cta.checks != null) {
            cta.checks.exited(w.id, w.liveMask & m);
        }
        cta.liveThreads -= Integer.bitCount(w.liveMask & m);
        w.liveMask &= ~m;
        for (int d = 0; d < w.depth; d++) {
            w.frames[d].removeLanes(m);
        }
        Frame f = w.frames[w.depth - 1];
        if (f.sp > 0 && f.smask[f.sp - 1] != 0) {
            f.spc[f.sp - 1]++;
        }
        settle(w);
        if (w.pathCount > 1) {
            // lanes that wait at a warp-synchronous instruction for these no longer do
            releaseWarpSync(w);
        } else if (w.depth == 0) {
            w.state = WarpState.EXITED;
        }
    }

    private void call(Warp w, Frame caller, Instruction in, int m) {
        PtxFunction callee;
        if (in.target >= 0) {
            callee = cta.launch.module.module().functions().get(in.target);
        } else {
            callee = indirectCallee(caller, in, m);
            if (callee == null) {
                return;
            }
        }
        if (!callee.isDefined()) {
            DeviceFunctions.call(cta, w, caller, in, callee, m);
            return;
        }
        long base = caller.localBase + caller.fn.frameBytes();
        base = (base + 15) & ~15L;
        if (base + callee.frameBytes() > w.localBytesPerThread || w.depth >= Launch.MAX_CALL_DEPTH) {
            throw LaneFault.of(FaultKind.STACK_OVERFLOW, Integer.numberOfTrailingZeros(m), "call to " + callee.name()
                    + " at depth " + w.depth + " needs more than the " + w.localBytesPerThread
                    + " bytes of local memory per thread");
        }
        Frame f = cta.pushFrame(w, callee, base);
        f.callIndex = in.index;
        f.entryMask = m;
        for (int k = 0; k < in.argOffsets.length; k++) {
            int to = callee.params().get(k).offset();
            int n = Math.min(in.argSizes[k], callee.params().get(k).size());
            Frame.copyParams(caller, in.argOffsets[k], f, to, n, m);
        }
        f.push(0, -1, m);
    }

    /**
     * The function lanes {@code m} call through the address in {@code src[0]}. Lanes with different
     * addresses call one after another: each group is pushed to run the call alone and reconverge
     * after it (the group of the lowest lane first), and null comes back. A value that is no
     * function's address, a kernel's, or a function whose parameters the call does not pass is a
     * fault of the first lane holding it.
     */
    private PtxFunction indirectCallee(Frame caller, Instruction in, int m) {
        int a = in.src[0] << 5;
        long[] R = caller.regs;
        int first = Integer.numberOfTrailingZeros(m);
        long address = R[a | first];
        int same = 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            if (R[a | l] == address) {
                same |= 1 << l;
            }
        }
        if (same != m) {
            int top = caller.sp - 1;
            int pc = caller.spc[top];
            caller.spc[top] = pc + 1;
            int[] groups = new int[Integer.bitCount(m)];
            int count = 0;
            for (int rest = m; rest != 0; ) {
                long v = R[a | Integer.numberOfTrailingZeros(rest)];
                int g = 0;
                for (int mm = rest; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    if (R[a | l] == v) {
                        g |= 1 << l;
                    }
                }
                groups[count++] = g;
                rest &= ~g;
            }
            for (int k = count - 1; k >= 0; k--) {
                caller.push(pc, pc + 1, groups[k]);
            }
            return null;
        }
        PtxFunction callee = cta.launch.module.module().functionAt(address);
        if (callee == null || callee.isEntry()) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, first, "call through 0x" + Long.toHexString(address)
                    + (callee == null ? ", which is not the address of a function" : ", the address of kernel "
                    + callee.name() + ", which only a launch may start"));
        }
        if (in.argSizes.length != callee.params().size() || in.retSizes.length != callee.returns().size()) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, first, "call through 0x" + Long.toHexString(address)
                    + " to " + callee.name() + ", which takes " + callee.params().size() + " parameters and "
                    + callee.returns().size() + " return values; the call passes " + in.argSizes.length + " and "
                    + in.retSizes.length);
        }
        if (!callee.isDefined() && !org.gpumem.sim.ptx.DeviceRuntimeFunctions.isRuntimeFunction(callee.name())) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, first, "call through 0x" + Long.toHexString(address)
                    + " to " + callee.name() + ", which has no body in this module");
        }
        return callee;
    }

    // ------------------------------------------------------------------ everything but control flow

    /** A deliberate dispatch table: the hottest operations inline, the rest by kind. */
    void execute(Warp w, Frame f, Instruction in, long[] R, int m) {
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
                } else if ((in.flags & (Op.F_SAT | Op.F_CC | Op.F_CARRY_IN)) != 0 || HalfOps.isHalf(t)) {
                    Alu.execute(in, R, m);
                } else {
                    int d = in.dst[0] << 5, a = in.src[0] << 5, b = in.src[1] << 5;
                    long mk = MASK[t];
                    for (int mm = m; mm != 0; mm &= mm - 1) {
                        int l = Integer.numberOfTrailingZeros(mm);
                        R[d | l] = (R[a | l] + R[b | l]) & mk;
                    }
                }
                return;
            case Op.LD:
                memory.load(w, f, in, R, m);
                return;
            case Op.VIDEO:
            case Op.VIDEO_SIMD:
                VideoOps.execute(in, R, m);
                return;
            case Op.MOV_B128:
                // the two 64-bit rows of a .b128 register from or to theirs or a {lo, hi} pair
                for (int k = 0; k < 2; k++) {
                    int d = in.dst[k] << 5, a = in.src[k] << 5;
                    for (int mm = m; mm != 0; mm &= mm - 1) {
                        int l = Integer.numberOfTrailingZeros(mm);
                        R[d | l] = R[a | l];
                    }
                }
                return;
            case Op.ST:
                memory.store(w, f, in, R, m);
                return;
            case Op.CVTA:
            case Op.CVTA_TO:
                cvta(this, f, in, R, m);
                return;
            case Op.ATOM:
            case Op.RED:
                atomics.atomic(f, in, R, m);
                return;
            case Op.SHFL:
                WarpIntrinsics.shfl(in, R, m, memory.scratch(), w.liveMask);
                return;
            case Op.VOTE:
                WarpIntrinsics.vote(in, R, m);
                return;
            case Op.CP_ASYNC:
                memory.copyAsync(w, f, in, R, m);
                return;
            case Op.MBARRIER:
                cta.asyncBarriers.execute(w, f, in, R, m);
                return;
            case Op.CP_ASYNC_BULK:
                cta.asyncBarriers.bulkCopy(w, f, in, R, m);
                return;
            case Op.MATCH:
                WarpReductions.match(in, R, m, memory.scratch());
                return;
            case Op.REDUX:
                WarpReductions.redux(in, R, m, memory.scratch());
                return;
            case Op.WMMA_LOAD:
                MatrixOps.load(memory, w, f, in, R, m);
                return;
            case Op.WMMA_STORE:
                MatrixOps.store(memory, w, f, in, R, m);
                return;
            case Op.WMMA_MMA:
            case Op.MMA:
                MatrixOps.mma(w, in, R, m);
                return;
            case Op.LDMATRIX:
            case Op.STMATRIX:
                MatrixOps.ldmatrix(memory, w, f, in, R, m);
                return;
            case Op.MOVMATRIX:
                MatrixOps.movmatrix(w, in, R, m);
                return;
            case Op.ACTIVEMASK:
                WarpIntrinsics.activeMask(in, R, m, f.smask[f.sp - 1]);
                return;
            case Op.TRAP:
                throw LaneFault.of(FaultKind.TRAP, Integer.numberOfTrailingZeros(m), "trap instruction");
            case Op.BAR_WARP:
            case Op.NOP:
                return;
            case Op.FENCE:
                // membar.gl/.sys, fence.sc/.acq_rel above CTA scope: CTAs on other workers see
                // this warp's accesses before its later ones (a CTA's warps share one thread).
                if (in.mod == Op.FENCE_GPU) {
                    VarHandle.fullFence();
                }
                return;
            case Op.ISSPACEP:
                isspacep(in, R, m);
                return;
            case Op.TEX:
            case Op.TLD4:
            case Op.TXQ:
            case Op.SUQ:
            case Op.SULD:
            case Op.SUST:
                if (textures == null) {
                    textures = new TextureUnit(cta.launch);
                }
                textures.execute(in, R, m);
                return;
            default:
                Alu.execute(in, R, m);
        }
    }

    /** {@code cvta.X} adds the window base of X, {@code cvta.to.X} subtracts it (global: the identity). */
    static void cvta(Interpreter ip, Frame f, Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        long base = ip.layout.base(in.space);
        long mk = MASK[in.type];
        boolean to = in.op == Op.CVTA_TO;
        if (m == -1) {
            for (int l = 0; l < 32; l++) {
                long v = R[a + l] & mk;
                R[d + l] = (to ? v - base : v + base) & mk;
            }
        } else {
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long v = R[a | l] & mk;
                R[d | l] = (to ? v - base : v + base) & mk;
            }
        }
        if (ip.profile != null) {
            ip.profile[f.fn.index()][in.index * ProfileCounters.SLOTS + ProfileCounters.CVTA] += Integer.bitCount(m);
        }
    }

    private void isspacep(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5, a = in.src[0] << 5;
        PtxStateSpace space = in.space;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            R[d | l] = layout.resolve(R[a | l]) == space ? 1 : 0;
        }
    }
}
