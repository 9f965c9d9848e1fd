package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.scalar.TypeWidths.MASK;
import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import java.nio.ByteBuffer;

import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.scalar.AtomicOps;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The interpreter's {@code atom} and {@code red} for one CTA, lane after lane in ascending order
 * (colliding lanes see each other's results), the new value from {@link AtomicOps#atomicResult}:
 * of the CTA's shared memory, and of global memory by a volatile load and compare-and-set loop,
 * since other workers' CTAs change it at the same time; through generic addresses, which
 * {@link CtaMemory} resolves and counts; 16-bit ones on the aligned 32-bit word that holds them.
 * Every access is checked as {@link CtaMemory} checks its own, and a refusal is the lane's fault.
 */
final class CtaAtomics {
    private static final int B128 = ScalarType.B128.ordinal();
    private final CtaMemory memory;
    private final byte[] shared;

    CtaAtomics(CtaMemory memory) {
        this.memory = memory;
        this.shared = memory.shared();
    }

    /** {@code atom} (old value to the destination) and {@code red} for the lanes of {@code m}. */
    void atomic(Frame f, Instruction in, long[] R, int m) {
        if (in.vec > 1) {
            vectorAtomic(f, in, R, m);
            return;
        }
        if (in.type == B128) {
            wideAtomic(f, in, R, m);
            return;
        }
        int size = SIZE[in.type];
        int a = in.addrReg << 5;
        int b = in.src[0] << 5;
        int c = in.src.length > 1 ? in.src[1] << 5 : b;
        int d = in.op == Op.ATOM ? in.dst[0] << 5 : -1;
        long mk = MASK[in.type];
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + in.addrOffset) & in.addrMask;
            long old;
            try {
                old = atomicLane(f, in, in.space, addr, size, R[b | l] & mk, R[c | l] & mk);
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
            if (d >= 0) {
                R[d | l] = old;
            }
        }
    }

    /** {@code atom.add.v2/v4.f32}: element k adds {@code src[k]} at {@code addr + 4k}, each atomically. */
    private void vectorAtomic(Frame f, Instruction in, long[] R, int m) {
        int a = in.addrReg << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + in.addrOffset) & in.addrMask;
            try {
                CtaMemory.align(in.space == PtxStateSpace.GENERIC ? PtxStateSpace.GLOBAL : in.space, addr, 4 * in.vec);
                for (int k = 0; k < in.vec; k++) {
                    long old = atomicLane(f, in, in.space, addr + 4L * k, 4, R[in.src[k] << 5 | l] & 0xFFFF_FFFFL, 0);
                    if (in.dst.length > k) {
                        R[in.dst[k] << 5 | l] = old;
                    }
                }
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
        }
    }

    /**
     * {@code atom.cas.b128} and {@code atom.exch.b128}: the 16 bytes compared and swapped whole.
     * In global memory under the granule's lock ({@link CtaMemory#wideAccessLock}), which every
     * 128-bit atomic and every 16-byte access that is not weak takes, so they are atomic among
     * themselves; the JVM has no 16-byte compare-and-set.
     */
    private void wideAtomic(Frame f, Instruction in, long[] R, int m) {
        int a = in.addrReg << 5;
        boolean cas = in.mod == Op.ATOM_CAS;
        int[] s = in.src;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + in.addrOffset) & in.addrMask;
            long[] old;
            try {
                long[] swap = cas ? new long[] {R[s[2] << 5 | l], R[s[3] << 5 | l]} : new long[] {R[s[0] << 5 | l], R[s[1] << 5 | l]};
                old = wideLane(f, in, in.space, addr, cas ? R[s[0] << 5 | l] : 0, cas ? R[s[1] << 5 | l] : 0, swap, cas);
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
            R[in.dst[0] << 5 | l] = old[0];
            R[in.dst[1] << 5 | l] = old[1];
        }
    }

    /** One lane's 128-bit exchange (or compare-and-swap with {@code lo, hi}); returns the old {lo, hi}. */
    private long[] wideLane(Frame f, Instruction in, PtxStateSpace space, long addr, long lo, long hi, long[] swap, boolean cas) {
        if (space == PtxStateSpace.GENERIC) {
            PtxStateSpace s = memory.resolveGeneric(addr, in, f);
            if (s != PtxStateSpace.GLOBAL && s != PtxStateSpace.SHARED) {
                throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, s, addr, 16,
                        "atomics only act on global and shared memory");
            }
            try {
                return wideLane(f, in, s, s == PtxStateSpace.GLOBAL ? addr : addr - memory.layout().base(s), lo, hi, swap, cas);
            } catch (MemoryAccessException e) {
                throw CtaMemory.throughGeneric(e, addr);
            }
        }
        CtaMemory.align(space, addr, 16);
        if (space == PtxStateSpace.GLOBAL) {
            int off = memory.globalOffset(addr, 16);
            ByteBuffer data = memory.globalData();
            synchronized (memory.wideAccessLock(addr)) {
                long[] old = {Bytes.load(data, off, 8), Bytes.load(data, off + 8, 8)};
                if (!cas || old[0] == lo && old[1] == hi) {
                    Bytes.store(data, off, 8, swap[0]);
                    Bytes.store(data, off + 8, 8, swap[1]);
                }
                return old;
            }
        }
        if (addr < 0 || addr + 16 > shared.length) {
            throw CtaMemory.oob(space, addr, 16, "CTA has " + shared.length + " bytes of shared memory");
        }
        long[] old = {Bytes.load(shared, (int) addr, 8), Bytes.load(shared, (int) addr + 8, 8)};
        if (!cas || old[0] == lo && old[1] == hi) {
            Bytes.store(shared, (int) addr, 8, swap[0]);
            Bytes.store(shared, (int) addr + 8, 8, swap[1]);
        }
        return old;
    }

    /** Atomic read-modify-write of global or shared memory; returns the old value. */
    private long atomicLane(Frame f, Instruction in, PtxStateSpace space, long addr, int size, long b, long c) {
        if (space == PtxStateSpace.GENERIC) {
            PtxStateSpace s = memory.resolveGeneric(addr, in, f);
            if (s != PtxStateSpace.GLOBAL && s != PtxStateSpace.SHARED) {
                throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, s, addr, size,
                        "atomics only act on global and shared memory");
            }
            try {
                return atomicLane(f, in, s, s == PtxStateSpace.GLOBAL ? addr : addr - memory.layout().base(s), size, b, c);
            } catch (MemoryAccessException e) {
                throw CtaMemory.throughGeneric(e, addr);
            }
        }
        CtaMemory.align(space, addr, size);
        if (size == 2) {
            return atomicHalfWord(f, in, space, addr, b, c);
        }
        if (space == PtxStateSpace.GLOBAL) {
            // other workers' CTAs touch global memory at the same time
            int off = memory.globalOffset(addr, size);
            ByteBuffer data = memory.globalData();
            while (true) {
                long old = Bytes.loadVolatile(data, off, size);
                if (Bytes.compareAndSet(data, off, size, old, AtomicOps.atomicResult(in.mod, in.type, old, b, c))) {
                    return old;
                }
            }
        }
        if (addr < 0 || addr + size > shared.length) {
            throw CtaMemory.oob(space, addr, size, "CTA has " + shared.length + " bytes of shared memory");
        }
        long old = Bytes.load(shared, (int) addr, size);
        Bytes.store(shared, (int) addr, size, AtomicOps.atomicResult(in.mod, in.type, old, b, c));
        return old;
    }

    /**
     * A 16-bit atomic as a compare-and-set of the aligned 32-bit word holding it; the last half
     * word of an allocation whose word runs past its end (a lone {@code __half}) under the lock
     * of its granule instead, which every atomic on that half word takes: the bytes past the end
     * belong to nothing, and no other access may touch them.
     */
    private long atomicHalfWord(Frame f, Instruction in, PtxStateSpace space, long addr, long b, long c) {
        long word = addr & ~3L;
        int shift = (int) (addr & 2) * 8;
        if (space == PtxStateSpace.GLOBAL) {
            int half = memory.globalOffset(addr, 2);
            ByteBuffer data = memory.globalData();
            if (word + 4 > memory.globalEnd()) {
                synchronized (memory.wideAccessLock(addr)) {
                    long old = Bytes.load(data, half, 2);
                    Bytes.store(data, half, 2, AtomicOps.atomicResult(in.mod, in.type, old, b, c));
                    return old;
                }
            }
            int off = half - (int) (addr - word);
            while (true) {
                long w = Bytes.loadVolatile(data, off, 4);
                long old = (w >>> shift) & 0xFFFF;
                long updated = (w & ~(0xFFFFL << shift)) | (AtomicOps.atomicResult(in.mod, in.type, old, b, c) & 0xFFFF) << shift;
                if (Bytes.compareAndSet(data, off, 4, w, updated)) {
                    return old;
                }
            }
        }
        if (addr < 0 || addr + 2 > shared.length) {
            throw CtaMemory.oob(space, addr, 2, "CTA has " + shared.length + " bytes of shared memory");
        }
        long old = Bytes.load(shared, (int) addr, 2);
        Bytes.store(shared, (int) addr, 2, AtomicOps.atomicResult(in.mod, in.type, old, b, c));
        return old;
    }
}
