package org.gpumem.sim.exec.access;

import static org.gpumem.sim.exec.scalar.TypeWidths.MASK;
import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import java.nio.ByteBuffer;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.Frame;
import org.gpumem.sim.exec.ProfileCounters;
import org.gpumem.sim.exec.scalar.AtomicOps;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The fast engine's scalar 32- and 64-bit {@code atom} and {@code red} of shared memory and of
 * global memory, directly or through generic addresses, for the plain case, every lane's word
 * aligned and inside the CTA's shared memory or inside one global allocation: the values and
 * memory words {@code CtaAtomics.atomic} gives, lane after lane in ascending order (colliding
 * lanes see each other's results), the new word from {@link AtomicOps#atomicResult}, and global
 * words changed by the same volatile-load and compare-and-set loop, since other workers' CTAs
 * change them at the same time. Neither space is counted in the profile, as in
 * {@link CtaMemory}; generic addresses are, under the space they resolve to. Anything else (a
 * lane that would fault, an address in no allocation the CTA knows, mixed spaces) is refused
 * with nothing written or counted, and {@code CtaAtomics} runs the instruction and faults where
 * it faults.
 */
public final class AtomicAccess {
    private static final int LAST_INT = ScalarType.B64.ordinal();

    private AtomicAccess() {
    }

    /**
     * {@code atom.shared} (old value to {@code d}; {@code d} is -1 for {@code red}) of operation
     * {@code op} and type {@code type} with operands {@code b} and {@code c} at {@code R[a] + off}
     * for the lanes of {@code m}; false, having written nothing, when a lane's word is misaligned
     * or outside shared memory.
     */
    public static boolean shared(byte[] sm, long[] R, int d, int a, long off, int b, int c, int op, int type, int m) {
        int size = SIZE[type];
        if (!LaneMemory.inside(R, a, off, size, 0, sm.length, m)) {
            return false;
        }
        long mk = MASK[type];
        boolean integerAdd = op == Op.ATOM_ADD && type <= LAST_INT;
        if (m == -1) {
            for (int l = 0; l < 32; l++) {
                int at = (int) (R[a + l] + off);
                long old = Bytes.load(sm, at, size);
                Bytes.store(sm, at, size, updated(op, type, integerAdd, old, R[b + l] & mk, R[c + l] & mk));
                if (d >= 0) {
                    R[d + l] = old;
                }
            }
            return true;
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int at = (int) (R[a | l] + off);
            long old = Bytes.load(sm, at, size);
            Bytes.store(sm, at, size, updated(op, type, integerAdd, old, R[b | l] & mk, R[c | l] & mk));
            if (d >= 0) {
                R[d | l] = old;
            }
        }
        return true;
    }

    /**
     * {@code atom.global} as {@link #shared} for the lanes of {@code m} when every lane's word is
     * aligned and inside the allocation the instruction used last, or else inside the one that
     * holds the first lane's word (then remembered for the next time); false, having written
     * nothing, otherwise.
     */
    public static boolean global(CtaMemory memory, Frame f, Instruction in, long[] R, int d, int a, long off, int b, int c,
            int op, int type, int m) {
        if (m == 0) {
            return true;
        }
        int size = SIZE[type];
        GlobalMemory.Segments sg = memory.segments();
        int h = memory.hint(f, in);
        if (!inside(sg, h, R, a, off, size, m)) {
            h = sg.find(R[a | Integer.numberOfTrailingZeros(m)] + off);
            if (h < 0 || !inside(sg, h, R, a, off, size, m)) {
                return false;
            }
            memory.hint(f, in, h);
        }
        ByteBuffer data = sg.data(h);
        long base = off - sg.start(h);
        long mk = MASK[type];
        boolean integerAdd = op == Op.ATOM_ADD && type <= LAST_INT;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int at = (int) (R[a | l] + base);
            long bv = R[b | l] & mk, cv = R[c | l] & mk;
            long old;
            do {
                old = Bytes.loadVolatile(data, at, size);
            } while (!Bytes.compareAndSet(data, at, size, old, updated(op, type, integerAdd, old, bv, cv)));
            if (d >= 0) {
                R[d | l] = old;
            }
        }
        return true;
    }

    /**
     * Generic {@code atom} as {@link #shared} or {@link #global} when every lane's address lies in
     * the shared window, or every lane's outside the windows ({@link GenericAccess#spaceOfAll}),
     * each lane then counted in the profile under that space as {@link CtaMemory} counts its
     * resolutions; false, having written and counted nothing, otherwise.
     */
    public static boolean generic(CtaMemory memory, Frame f, Instruction in, long[] R, int d, int a, long off, int b, int c,
            int op, int type, int m) {
        if (m == 0) {
            return true;
        }
        StateSpaceLayout layout = memory.layout();
        PtxStateSpace space = GenericAccess.spaceOfAll(layout, R, a, off, m);
        boolean done = space == PtxStateSpace.GLOBAL ? global(memory, f, in, R, d, a, off, b, c, op, type, m)
                : space == PtxStateSpace.SHARED
                        && shared(memory.shared(), R, d, a, off - layout.base(space), b, c, op, type, m);
        if (done) {
            memory.countGeneric(f, in, ProfileCounters.slot(space), Integer.bitCount(m));
        }
        return done;
    }

    /** The new word: integer adds inline (the store keeps the low bytes: no mask), the rest as {@link AtomicOps}. */
    private static long updated(int op, int type, boolean integerAdd, long old, long b, long c) {
        return integerAdd ? old + b : AtomicOps.atomicResult(op, type, old, b, c);
    }

    /** Whether every lane's word is aligned and inside allocation {@code h}. */
    private static boolean inside(GlobalMemory.Segments sg, int h, long[] R, int a, long off, int size, int m) {
        return h >= 0 && h < sg.count() && LaneMemory.inside(R, a, off, size, sg.start(h), sg.end(h), m);
    }
}
