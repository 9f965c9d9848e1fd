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
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.shadow.CtaShadow;

/**
 * The SIMT interpreter of one CTA's warps: straight-line execution of the top of a warp's
 * reconvergence stack, divergent branches, calls and returns, barrier arrival, and the dispatch
 * of every other instruction to {@link CtaMemory}, {@link WarpIntrinsics} and {@link Alu}.
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
        try {
            outer:
            while (true) {
                if (w.depth == 0) {
                    w.state = WarpState.EXITED;
                    return Cta.Stop.EXITED;
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
                    if (runsSiblingPath(f, top)) {
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
                    // Whole blocks only: within the budget, and not across the entry's reconvergence point.
                    if (b != null && limit - issued >= b.length() && (rpc <= pc || rpc >= b.end)) {
                        f.spc[top] = pc;
                        try {
                            lanesIssued += mask == -1 ? b.runFull(this, w, f, R, code, mask) : b.run(this, w, f, R, code, mask);
                        } catch (LaneFault lf) {
                            issued += blockPc - pc + 1;
                            lanesIssued += blockLanes + (long) b.unguardedBefore(blockPc + 1) * Integer.bitCount(mask);
                            f.spc[top] = blockPc;
                            throw lf;
                        }
                        issued += b.length();
                        lanesIssued += (long) b.unguardedBefore(b.end) * Integer.bitCount(mask);
                        pc = b.end;
                        continue;
                    }
                    Instruction in = code[pc];
                    int m = in.guard >= 0 ? guarded(in, R, mask) : mask;
                    issued++;
                    lanesIssued += Integer.bitCount(m);
                    int op = in.op;
                    if (op == Op.BRA) {
                        pc = branch(f, top, in, pc, mask, m);
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
                            CheckedAccesses.before(checks, cta, w, f, in, R, m);
                        }
                        execute(w, f, in, R, m);
                        if (hit != null) {
                            cta.watchHit = watches.after(cta, w, hit);
                            f.spc[top] = pc + 1;
                            return Cta.Stop.WATCHPOINT;
                        }
                    } else if (m != 0) {
                        if (checks != null) {
                            CheckedAccesses.before(checks, cta, w, f, in, R, m);
                        }
                        execute(w, f, in, R, m);
                    }
                    pc++;
                }
            }
        } catch (LaneFault lf) {
            Frame f = w.frames[w.depth - 1];
            fault(w, f.code[f.pc()], lf);
            return Cta.Stop.FAULT;
        } finally {
            w.instructions += issued;
            cta.warpInstructions += issued;
            cta.threadInstructions += lanesIssued;
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
                return w.depth == 0 ? Cta.Stop.EXITED : null;
            case Op.EXIT:
                exitLanes(w, m);
                return w.depth == 0 ? Cta.Stop.EXITED : null;
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
                f.swait[top] = true;
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
        if (top > 0 && !f.swait[top - 1] && f.srpc[top - 1] == f.srpc[top]) {
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
                Frame.copyParams(f, from, caller, to, n, lanes);
            }
            w.depth--;
            if (caller.sp > 0) {
                caller.spc[caller.sp - 1] = f.callIndex + 1;
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
        if (w.depth == 0) {
            w.state = WarpState.EXITED;
        }
    }

    private void call(Warp w, Frame caller, Instruction in, int m) {
        PtxFunction callee = cta.launch.module.module().functions().get(in.target);
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
            case Op.MATCH:
                WarpReductions.match(in, R, m, memory.scratch());
                return;
            case Op.REDUX:
                WarpReductions.redux(in, R, m, memory.scratch());
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
