package org.gpumem.sim.exec;

import java.io.ByteArrayOutputStream;

import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.WarpState;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.Specials;

/**
 * 32 lanes of a CTA that execute in lockstep: their call frames (each with its registers and
 * reconvergence stack), their local memory (lane-interleaved as the device's {@link StateSpaceLayout} says) and
 * their scheduling state. Read access is for the debugger and tests, from the thread that
 * drives the launch, while the launch is suspended.
 */
public final class Warp {
    final Cta cta;
    final int id;
    /** Lanes that hold a thread of the CTA (the last warp of a CTA may be partial). */
    int validMask;
    /** Lanes that have not exited. */
    int liveMask;
    WarpState state = WarpState.READY;
    /** The running path's call frames (see {@link WarpPath}). */
    Frame[] frames = new Frame[4];
    int depth;
    /**
     * Every path of the warp ({@link WarpPaths}; one unless independent thread scheduling split
     * it), the running one at {@link #current}, whose frames and depth are {@link #frames} and
     * {@link #depth} while it runs.
     */
    WarpPath[] paths = {new WarpPath(frames, 0)};
    int pathCount = 1;
    int current;
    /** The running path's {@link WarpPath#scheduledAt}. */
    long scheduledAt;
    /** Special register values of the kernel frame, {@code [special * 32 + lane]}. */
    final long[] specials = new long[Specials.COUNT * 32];
    /**
     * Local storage, lane-interleaved, and its bytes per thread (public: the fast engine's local
     * accesses in {@code org.gpumem.sim.exec.access} read and write them).
     */
    public byte[] local = new byte[0];
    public long localBytesPerThread;
    long instructions;
    /** This warp's device printf output since its CTA started, or null. */
    ByteArrayOutputStream printf;

    Warp(Cta cta, int id) {
        this.cta = cta;
        this.id = id;
    }

    /** The innermost Frame of path {@code p} (the running one's as it runs), or null once it ended. */
    Frame pathTop(int p) {
        if (p == current) {
            return depth == 0 ? null : frames[depth - 1];
        }
        return paths[p].top();
    }

    /** Index of this warp in its CTA. */
    public int id() {
        return id;
    }

    public Cta cta() {
        return cta;
    }

    public WarpState state() {
        return state;
    }

    /** Lanes holding a thread (bit i = lane i). */
    public int validMask() {
        return validMask;
    }

    /** Lanes that have not exited. */
    public int liveMask() {
        return liveMask;
    }

    /** Lanes that execute the next instruction (the top of the reconvergence stack). */
    public int activeMask() {
        return depth == 0 ? 0 : frames[depth - 1].mask();
    }

    /** Call depth: 1 in the kernel, more inside device functions; 0 once exited. */
    public int depth() {
        return depth;
    }

    /** The function of frame {@code level} (0 = kernel). */
    public PtxFunction function(int level) {
        return frames[level].fn;
    }

    /** The current function, or null once exited. */
    public PtxFunction function() {
        return depth == 0 ? null : frames[depth - 1].fn;
    }

    /** Index of the next instruction in the current function, -1 once exited. */
    public int pc() {
        return depth == 0 || frames[depth - 1].sp == 0 ? -1 : frames[depth - 1].pc();
    }

    /** Index of the next instruction of frame {@code level}: for callers, the call being executed. */
    public int pc(int level) {
        Frame f = frames[level];
        return level == depth - 1 ? f.pc() : frames[level + 1].callIndex;
    }

    /** The next instruction, or null once exited. */
    public Instruction instruction() {
        int pc = pc();
        return pc < 0 ? null : frames[depth - 1].code[pc];
    }

    /** PTX line of the next instruction, or -1. */
    public int ptxLine() {
        Instruction in = instruction();
        return in == null ? -1 : in.line;
    }

    /** Source position of the next instruction from {@code .loc}, or null. */
    public SourceLocation sourceLocation() {
        Instruction in = instruction();
        return in == null ? null : in.location;
    }

    /** Instructions this warp issued. */
    public long instructionCount() {
        return instructions;
    }

    /** Value of register {@code reg} of frame {@code level} for {@code lane} (raw bits). */
    public long register(int level, int reg, int lane) {
        DeviceFacts.checkLane(lane);
        return frames[level].regs[reg << 5 | lane];
    }

    /** Value of register {@code reg} of the current frame for {@code lane}. */
    public long register(int reg, int lane) {
        return register(depth - 1, reg, lane);
    }

    /** Sets register {@code reg} of frame {@code level} for {@code lane} (debugger writes). */
    public void setRegister(int level, int reg, int lane, long value) {
        DeviceFacts.checkLane(lane);
        Frame f = frames[level];
        if (reg >= Specials.COUNT && reg < f.fn.declaredBase()) {
            throw new IllegalArgumentException("register " + f.fn.registerName(reg) + " is a constant");
        }
        f.regs[reg << 5 | lane] = value;
    }

    /** Per-thread local-memory offset where frame {@code level}'s locals start. */
    public long frameLocalBase(int level) {
        return frames[level].localBase;
    }

    /** Bytes of local memory per thread. */
    public long localBytesPerThread() {
        return localBytesPerThread;
    }

    /** The warp's local storage, lane-interleaved (do not modify). */
    public byte[] localStorage() {
        return local;
    }

    /** Reads local memory of {@code lane} at per-thread offset {@code offset}. */
    public byte[] readLocal(int lane, long offset, int length) {
        DeviceFacts.checkLane(lane);
        checkLocal(offset, length);
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = local[(int) cta.launch.layout.localPhysical(lane, offset + i)];
        }
        return out;
    }

    /** Writes local memory of {@code lane} at per-thread offset {@code offset}. */
    public void writeLocal(int lane, long offset, byte[] bytes) {
        DeviceFacts.checkLane(lane);
        checkLocal(offset, bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            local[(int) cta.launch.layout.localPhysical(lane, offset + i)] = bytes[i];
        }
    }

    /** Appends one lane's printf text to this warp's output. */
    void printf(byte[] text) {
        if (printf == null) {
            printf = new ByteArrayOutputStream();
        }
        if (cta.launch.output.reserve(text.length)) {
            printf.write(text, 0, text.length);
        }
    }

    /** Thread index (within the CTA) of {@code lane}. */
    public Dim3 threadIndex(int lane) {
        return new Dim3((int) specials[Specials.TID_X << 5 | lane], (int) specials[Specials.TID_Y << 5 | lane],
                (int) specials[Specials.TID_Z << 5 | lane]);
    }

    /** A fault of this warp at its next instruction, not of one lane (a deadlock, a spent budget). */
    public Fault faultHere(FaultKind kind, String detail) {
        Instruction in = instruction();
        PtxFunction f = function();
        return new Fault(kind, detail, null, 0, 0, cta.index, id, -1, null, f == null ? null : f.name(),
                in == null ? null : in.text, in == null ? -1 : in.line, in == null ? null : in.location);
    }

    private void checkLocal(long offset, int length) {
        if (offset < 0 || length < 0 || offset + length > localBytesPerThread) {
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, PtxStateSpace.LOCAL, offset, length,
                    "thread has " + localBytesPerThread + " bytes of local memory");
        }
    }

    @Override
    public String toString() {
        return "warp " + id + " of CTA " + cta.index();
    }
}
