package org.gpumem.sim.exec;

import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * One function activation of a warp: registers (structure of arrays, {@code regs[r * 32 + lane]}),
 * the per-lane param frame, where its local frame starts, and its reconvergence stack of
 * (pc, reconvergence pc, mask) entries; the top entry is what the warp executes.
 */
public final class Frame {
    PtxFunction fn;
    /** The function whose special and constant rows {@link #regs} holds, for this frame's CTA object; null before the first. */
    PtxFunction preparedFor;
    Instruction[] code;
    long[] regs = new long[0];
    /**
     * Per-lane param frame, lane-major: {@code params[lane * paramStride + offset]} (public, as
     * the class: the fast engine's param-frame accesses in {@code org.gpumem.sim.exec.access}
     * read and write it).
     */
    public byte[] params = new byte[0];
    public int paramStride;
    long localBase;
    /** Index of the call instruction in the caller; -1 for the kernel frame. */
    int callIndex = -1;
    int entryMask;
    int[] spc = new int[16];
    int[] srpc = new int[16];
    int[] smask = new int[16];
    /** Entries whose lanes arrived at a barrier and wait for its release. */
    boolean[] swait = new boolean[16];
    int sp;

    void push(int pc, int rpc, int mask) {
        if (sp == spc.length) {
            spc = java.util.Arrays.copyOf(spc, sp * 2);
            srpc = java.util.Arrays.copyOf(srpc, sp * 2);
            smask = java.util.Arrays.copyOf(smask, sp * 2);
            swait = java.util.Arrays.copyOf(swait, sp * 2);
        }
        spc[sp] = pc;
        srpc[sp] = rpc;
        smask[sp] = mask;
        swait[sp] = false;
        sp++;
    }

    /**
     * Copies {@code n} bytes of each lane of {@code lanes} from offset {@code fromOffset} of
     * {@code from}'s param frame to {@code toOffset} of {@code to}'s (a call's arguments, a
     * return's results). Scalars move as one load and store: a copy call per lane costs more
     * than the copy.
     */
    static void copyParams(Frame from, int fromOffset, Frame to, int toOffset, int n, int lanes) {
        boolean scalar = n == 1 || n == 2 || n == 4 || n == 8;
        for (int mm = lanes; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int src = l * from.paramStride + fromOffset, dst = l * to.paramStride + toOffset;
            if (scalar) {
                Bytes.store(to.params, dst, n, Bytes.load(from.params, src, n));
            } else {
                System.arraycopy(from.params, src, to.params, dst, n);
            }
        }
    }

    /** Removes lanes from every entry (they returned or exited). */
    void removeLanes(int lanes) {
        for (int i = 0; i < sp; i++) {
            smask[i] &= ~lanes;
        }
    }

    /** Swaps the top entry with the one below it. */
    void swapTop() {
        int a = sp - 1, b = sp - 2;
        int t = spc[a]; spc[a] = spc[b]; spc[b] = t;
        t = srpc[a]; srpc[a] = srpc[b]; srpc[b] = t;
        t = smask[a]; smask[a] = smask[b]; smask[b] = t;
        boolean w = swait[a]; swait[a] = swait[b]; swait[b] = w;
    }

    int pc() {
        return spc[sp - 1];
    }

    int mask() {
        return sp == 0 ? 0 : smask[sp - 1];
    }
}
