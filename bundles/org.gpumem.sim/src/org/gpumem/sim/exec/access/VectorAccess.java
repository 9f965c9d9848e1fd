package org.gpumem.sim.exec.access;

import static org.gpumem.sim.exec.scalar.TypeWidths.SIGNED;
import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import java.nio.ByteBuffer;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The fast engine's {@code ld.v2/.v4} and {@code st.v2/.v4} of shared and global memory
 * (and loads of the const bank and kernel parameters) when every lane's whole vector is aligned
 * to its full size and inside its space (global: inside the one allocation holding the first
 * lane's vector): the elements {@link CtaMemory}'s vector path reads and writes, lane after lane
 * and element after element. Anything else is refused, with nothing written, and goes to
 * {@link CtaMemory}, which faults exactly as it would have.
 */
public final class VectorAccess {
    private VectorAccess() {
    }

    /** Vector {@code ld} for the lanes of {@code m}: loaded and true, or false with nothing written. */
    public static boolean load(CtaMemory memory, Instruction in, long[] R, int m) {
        return access(memory, in, R, m, true);
    }

    /** Vector {@code st} as {@link #load} loads: stored and true, or false with nothing stored. */
    public static boolean store(CtaMemory memory, Instruction in, long[] R, int m) {
        return access(memory, in, R, m, false);
    }

    private static boolean access(CtaMemory memory, Instruction in, long[] R, int m, boolean load) {
        if (m == 0) {
            return true;
        }
        int size = SIZE[in.type];
        int bytes = size * in.vec;
        int a = in.addrReg << 5;
        long off = in.addrOffset;
        switch (in.space) {
            case GLOBAL: {
                GlobalMemory.Segments sg = memory.segments();
                int h = sg.find(R[a | Integer.numberOfTrailingZeros(m)] + off);
                if (h < 0 || !LaneMemory.inside(R, a, off, bytes, sg.start(h), sg.end(h), m)) {
                    return false;
                }
                ByteBuffer data = sg.data(h);
                long base = off - sg.start(h);
                if (bytes <= 8) {
                    wordPerLane(data, base, in, R, m, load, memory.scratch());
                    return true;
                }
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    int at = (int) (R[a | l] + base);
                    for (int k = 0; k < in.vec; k++) {
                        if (load) {
                            memory.scratch()[k] = Bytes.load(data, at + k * size, size);
                        } else {
                            Bytes.store(data, at + k * size, size, R[in.src[k] << 5 | l]);
                        }
                    }
                    if (load) {
                        write(in, R, l, memory.scratch());
                    }
                }
                return true;
            }
            default: {
                byte[] array = array(memory, in, load);
                if (array == null || !LaneMemory.inside(R, a, off, bytes, 0, array.length, m)) {
                    return false;
                }
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    int at = (int) (R[a | l] + off);
                    for (int k = 0; k < in.vec; k++) {
                        if (load) {
                            memory.scratch()[k] = Bytes.load(array, at + k * size, size);
                        } else {
                            Bytes.store(array, at + k * size, size, R[in.src[k] << 5 | l]);
                        }
                    }
                    if (load) {
                        write(in, R, l, memory.scratch());
                    }
                }
                return true;
            }
        }
    }

    /**
     * Global vectors of up to 8 bytes, each lane's one access, as {@link CtaMemory}'s vector path
     * makes them: another worker's CTA never sees half of one.
     */
    private static void wordPerLane(ByteBuffer data, long base, Instruction in, long[] R, int m, boolean load,
            long[] elements) {
        int bytes = SIZE[in.type] * in.vec;
        int a = in.addrReg << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int at = (int) (R[a | l] + base);
            if (load) {
                long word = Bytes.load(data, at, bytes);
                for (int k = 0; k < in.vec; k++) {
                    elements[k] = CtaMemory.element(in, word, k);
                }
                write(in, R, l, elements);
            } else {
                Bytes.store(data, at, bytes, CtaMemory.packed(in, R, l));
            }
        }
    }

    /** The one array of the access: shared memory, or (loads) the const bank or kernel parameters; null for other spaces. */
    private static byte[] array(CtaMemory memory, Instruction in, boolean load) {
        if (in.space == PtxStateSpace.SHARED) {
            return memory.shared();
        }
        if (!load) {
            return null;
        }
        if (in.space == PtxStateSpace.CONST) {
            return memory.constBank();
        }
        return in.space == PtxStateSpace.PARAM && in.paramKind != Op.PARAM_FRAME ? memory.kernelParams() : null;
    }

    /** Lane {@code l}'s loaded elements into its destination registers, in element order. */
    private static void write(Instruction in, long[] R, int l, long[] elements) {
        int size = SIZE[in.type];
        boolean sext = SIGNED[in.type] && size < 8;
        int sh = 64 - 8 * size;
        for (int k = 0; k < in.vec; k++) {
            long v = elements[k];
            R[in.dst[k] << 5 | l] = sext ? (v << sh) >> sh : v;
        }
    }
}
