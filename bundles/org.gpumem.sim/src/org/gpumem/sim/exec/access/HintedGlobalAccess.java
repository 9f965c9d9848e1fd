package org.gpumem.sim.exec.access;

import static org.gpumem.sim.exec.scalar.TypeWidths.SIGNED;
import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import java.nio.ByteBuffer;

import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.Frame;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.ptx.Instruction;

/**
 * The fast engine's scalar {@code ld.global} and {@code st.global} for the common case, a whole
 * instruction's lanes inside the allocation it accessed last: the same bytes as
 * {@link CtaMemory}'s per-lane path, without its per-lane checks of other spaces and allocations.
 * Anything else is refused, with nothing written, and goes to {@link CtaMemory}.
 */
public final class HintedGlobalAccess {
    private HintedGlobalAccess() {
    }

    /**
     * Scalar {@code ld.global} for the fast engine when every lane of {@code m} reads, aligned,
     * inside the allocation the instruction read last: the values {@link CtaMemory#load} would give, and
     * true; false, having written nothing, otherwise (the caller then runs {@link CtaMemory#load}).
     */
    public static boolean load(CtaMemory memory, Frame f, Instruction in, long[] R, int m) {
        return access(memory, f, in, R, m, true);
    }

    /** Scalar {@code st.global} as {@link #load} loads: stored and true, or false with nothing stored. */
    public static boolean store(CtaMemory memory, Frame f, Instruction in, long[] R, int m) {
        return access(memory, f, in, R, m, false);
    }

    private static boolean access(CtaMemory memory, Frame f, Instruction in, long[] R, int m, boolean load) {
        GlobalMemory.Segments sg = memory.segments();
        int h = memory.hint(f, in);
        if (!inside(sg, h, in, R, m)) {
            return false;
        }
        int size = SIZE[in.type];
        long base = in.addrOffset - sg.start(h);
        ByteBuffer data = sg.data(h);
        if (data.hasArray()) {
            accessArray(data.array(), base + data.arrayOffset(), size, in, R, m, load);
        } else {
            accessBuffer(data, base, size, in, R, m, load);
        }
        return true;
    }

    /**
     * The accesses of {@link #access} on an allocation held in a buffer of its own (the memory a
     * host program shares with the simulator). Apart from {@link #accessArray}, so that the JIT
     * inlines the check and the array path into a block: it inlines no method past a size limit.
     */
    private static void accessBuffer(ByteBuffer data, long base, int size, Instruction in, long[] R, int m, boolean load) {
        int a = in.addrReg << 5;
        if (!load) {
            int sr = in.src[0] << 5;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                Bytes.store(data, (int) (R[a | l] + base), size, R[sr | l]);
            }
            return;
        }
        boolean sext = SIGNED[in.type] && size < 8;
        int sh = 64 - 8 * size;
        int d = in.dst[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = Bytes.load(data, (int) (R[a | l] + base), size);
            R[d | l] = sext ? (v << sh) >> sh : v;
        }
    }

    /**
     * The accesses of {@link #access} on an allocation held in a byte array (all but the memory a
     * host program shares with the simulator): the JIT compiles array accesses more tightly than
     * a buffer's.
     */
    private static void accessArray(byte[] data, long base, int size, Instruction in, long[] R, int m, boolean load) {
        int a = in.addrReg << 5;
        if (!load) {
            int sr = in.src[0] << 5;
            if (m == -1) {
                for (int l = 0; l < 32; l++) {
                    Bytes.store(data, (int) (R[a + l] + base), size, R[sr + l]);
                }
                return;
            }
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                Bytes.store(data, (int) (R[a | l] + base), size, R[sr | l]);
            }
            return;
        }
        boolean sext = SIGNED[in.type] && size < 8;
        int sh = 64 - 8 * size;
        int d = in.dst[0] << 5;
        if (m == -1) {
            for (int l = 0; l < 32; l++) {
                long v = Bytes.load(data, (int) (R[a + l] + base), size);
                R[d + l] = sext ? (v << sh) >> sh : v;
            }
            return;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = Bytes.load(data, (int) (R[a | l] + base), size);
            R[d | l] = sext ? (v << sh) >> sh : v;
        }
    }

    /** Whether every lane's access of {@code in} is aligned and inside allocation {@code h}. */
    private static boolean inside(GlobalMemory.Segments sg, int h, Instruction in, long[] R, int m) {
        return h < sg.count() && LaneMemory.inside(R, in.addrReg << 5, in.addrOffset, SIZE[in.type], sg.start(h), sg.end(h), m);
    }
}
