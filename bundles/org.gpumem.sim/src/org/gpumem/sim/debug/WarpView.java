package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * A warp of a resident CTA as the debugger may look at it while the session is suspended, on the
 * thread that drives the session: scheduling state, lane masks, call stack, registers by name.
 */
public final class WarpView {
    private final CtaView cta;
    private final Warp warp;

    WarpView(CtaView cta, Warp warp) {
        this.cta = cta;
        this.warp = warp;
    }

    Warp warp() {
        return warp;
    }

    /** Index of this warp in its CTA. */
    public int id() {
        return warp.id();
    }

    public CtaView cta() {
        return cta;
    }

    public WarpState state() {
        return warp.state();
    }

    /** Lanes holding a thread (bit i = lane i). */
    public int validMask() {
        return warp.validMask();
    }

    /** Lanes that have not exited. */
    public int liveMask() {
        return warp.liveMask();
    }

    /** Lanes that execute the next instruction. */
    public int activeMask() {
        return warp.activeMask();
    }

    /** Call depth: 1 in the kernel, more inside device functions; 0 once exited. */
    public int depth() {
        return warp.depth();
    }

    /** Instructions this warp issued. */
    public long instructionCount() {
        return warp.instructionCount();
    }

    /** Thread index (within the CTA) of {@code lane}. */
    public Dim3 threadIndex(int lane) {
        return warp.threadIndex(lane);
    }

    /** The (mangled) name of the function of frame {@code level} (0 = the kernel). */
    public String function(int level) {
        return warp.function(level).name();
    }

    /** Index of the next instruction of frame {@code level}; for callers, the call being executed. */
    public int pc(int level) {
        return warp.pc(level);
    }

    /** PTX line of the next instruction, or -1 once exited. */
    public int ptxLine() {
        return warp.ptxLine();
    }

    /** Source position of the next instruction from {@code .loc}, or null. */
    public SourceLocation sourceLocation() {
        return warp.sourceLocation();
    }

    /** The call stack, innermost first; empty once the warp exited. */
    public List<CallFrame> frames() {
        List<CallFrame> out = new ArrayList<>();
        for (int level = warp.depth() - 1; level >= 0; level--) {
            PtxFunction f = warp.function(level);
            int pc = warp.pc(level);
            Instruction in = pc >= 0 && pc < f.instructions().size() ? f.instructions().get(pc) : null;
            out.add(new CallFrame(level, f.name(), pc, in == null ? f.line() : in.line, in == null ? null : in.location,
                    in == null ? null : in.text));
        }
        return out;
    }

    /**
     * The raw bits of register {@code name} ({@code %r5}) of frame {@code level} for {@code lane},
     * masked to the register's width.
     *
     * @throws IllegalArgumentException when the function has no such register or the lane is not a lane of the warp
     */
    public long register(int level, String name, int lane) {
        PtxFunction f = warp.function(level);
        int reg = f.registerIndex(name);
        if (reg < 0) {
            throw new IllegalArgumentException("function " + f.name() + " has no register " + name);
        }
        long v = warp.register(level, reg, lane);
        int size = f.registerType(reg) == null ? 8 : f.registerType(reg).size();
        return size < 8 ? v & ((1L << (8 * size)) - 1) : v;
    }

    /**
     * The PTX type register {@code name} of frame {@code level}'s function is declared with
     * ({@code .f32}, {@code .pred}...), or null when the function has no such register.
     */
    public ScalarType registerType(int level, String name) {
        PtxFunction f = warp.function(level);
        int reg = f.registerIndex(name);
        return reg < 0 ? null : f.registerType(reg);
    }

    /**
     * Whether frame {@code level} has run an instruction: false for a warp that has issued none
     * (its CTA has not started) and for a device function stopped at its first instruction on
     * entry (a step into it), whose registers hold nothing of this call yet. A frame back at its
     * first instruction through a branch has run.
     */
    public boolean hasRun(int level) {
        if (warp.instructionCount() == 0) {
            return false;
        }
        if (level == 0 || warp.pc(level) != 0) {
            return true;
        }
        for (Instruction in : warp.function(level).instructions()) {
            if (in.op == Op.BRA && in.target == 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether function of frame {@code level} declares register {@code name}. */
    public boolean hasRegister(int level, String name) {
        return warp.function(level).registerIndex(name) >= 0;
    }

    /** Bytes of local memory per thread. */
    public long localBytesPerThread() {
        return warp.localBytesPerThread();
    }

    /** Per-thread local-memory offset where frame {@code level}'s locals start. */
    public long frameLocalBase(int level) {
        return warp.frameLocalBase(level);
    }

    @Override
    public String toString() {
        return warp.toString();
    }
}
