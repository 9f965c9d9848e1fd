package org.gpumem.sim.exec;

import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * One function activation of a warp: registers (structure of arrays, {@code regs[r * 32 + lane]}),
 * the per-lane param frame, where its local frame starts, and its reconvergence stack of
 * (pc, reconvergence pc, mask, wait) entries; the top entry is what the warp executes. Under
 * independent thread scheduling the paths of a warp ({@link WarpPaths}) that are in one
 * activation each have a Frame of their own for it: the same registers, params and local frame,
 * each with the stack of its own lanes.
 */
public final class Frame {
    /** {@link #swait}: the entry's lanes run. */
    static final byte RUNS = 0;
    /** The entry's lanes arrived at a CTA barrier and wait for its release. */
    static final byte AT_BARRIER = 1;
    /** The entry's lanes wait at a warp-synchronous instruction for the other lanes it names. */
    static final byte AT_WARP_SYNC = 2;
    /** The entry's lanes reached a reconvergence point and wait for another path of their warp to join them. */
    static final byte AT_RECONVERGENCE = 3;

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
    /** What each entry's lanes wait for: {@link #RUNS}, {@link #AT_BARRIER}, ... */
    byte[] swait = new byte[16];
    int sp;
    /**
     * Whether another path of the warp has a Frame of this activation (or had one): a path
     * that leaves this activation must not reuse the object for its next call, whose
     * registers would overwrite the other path's.
     */
    boolean shared;

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
        swait[sp] = RUNS;
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
        byte w = swait[a]; swait[a] = swait[b]; swait[b] = w;
    }

    int pc() {
        return spc[sp - 1];
    }

    /** The lanes of every entry: the bottom one holds the lanes of all above it. */
    int lanes() {
        return sp == 0 ? 0 : smask[0];
    }

    /**
     * Splits this activation's stack between two paths: returns a Frame of the same activation
     * whose stack holds the entries of {@code lanes} (empty entries dropped), or null where
     * {@code lanes} have none, and takes those lanes out of this one's entries. Both are shared
     * from then on.
     */
    Frame split(int lanes) {
        Frame other = new Frame();
        other.fn = fn;
        other.preparedFor = preparedFor;
        other.code = code;
        other.regs = regs;
        other.params = params;
        other.paramStride = paramStride;
        other.localBase = localBase;
        other.callIndex = callIndex;
        other.entryMask = entryMask;
        int kept = 0;
        for (int i = 0; i < sp; i++) {
            int moved = smask[i] & lanes;
            if (moved != 0) {
                other.push(spc[i], srpc[i], moved);
                other.swait[other.sp - 1] = swait[i];
            }
            int stays = smask[i] & ~lanes;
            if (stays != 0) {
                spc[kept] = spc[i];
                srpc[kept] = srpc[i];
                smask[kept] = stays;
                swait[kept] = swait[i];
                kept++;
            }
        }
        sp = kept;
        shared = true;
        other.shared = true;
        return other.sp == 0 ? null : other;
    }

    /**
     * Whether {@code o} is a Frame of the same activation whose stack has the same entries but
     * for their lanes (a reconvergence wait counts as running): two paths in that state are one.
     */
    boolean sameStack(Frame o) {
        if (o.regs != regs || o.sp != sp) {
            return false;
        }
        for (int i = 0; i < sp; i++) {
            if (spc[i] != o.spc[i] || srpc[i] != o.srpc[i] || waitKind(swait[i]) != waitKind(o.swait[i])) {
                return false;
            }
        }
        return true;
    }

    private static byte waitKind(byte w) {
        return w == AT_RECONVERGENCE ? RUNS : w;
    }

    /** Adds the lanes of {@code o}, a Frame with {@link #sameStack}, to this one's entries. */
    void join(Frame o) {
        for (int i = 0; i < sp; i++) {
            smask[i] |= o.smask[i];
            swait[i] = waitKind(swait[i]);
        }
    }

    int mask() {
        return sp == 0 ? 0 : smask[sp - 1];
    }
}
