package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.scalar.TypeWidths.SIGNED;
import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.scalar.TypeWidths;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The memory accesses of one CTA's warps: ld and st for all active lanes ({@link CtaAtomics} has
 * atom and red), each access
 * checked for bounds and natural alignment (vectors: their full size) in its state space, generic
 * addresses resolved through the windows of the device's {@link StateSpaceLayout} (and counted in
 * the profile). Scalar global and generic accesses take a fast path that remembers, per
 * instruction, the global allocation it used last; scalar loads of shared, const and kernel
 * parameters read their one array directly. {@link #load} and {@link #store} keep these fast
 * paths in one method each on purpose: split, the JIT no longer compiles them together.
 */
public final class CtaMemory {
    private final StateSpaceLayout layout;
    private final long windowsLow;
    private final long windowsSpan;
    /** The local interleave of the layout, kept here for the per-access arithmetic. */
    private final int localElement;
    private final int localShift;
    private final long localRow;
    private final byte[] shared;
    private final byte[] constBank;
    private final byte[] kernelParams;
    private final long[][] profile;
    private final GlobalMemory global;
    private GlobalMemory.Segments segments;
    private int cacheSeg = -1;
    private long cacheStart, cacheEnd;
    private ByteBuffer cacheData;
    /** Per-lane values gathered before they are written (vector loads, shuffles). */
    private final long[] tmp = new long[32 * 4];
    /** Per function and instruction: the global allocation it accessed last (a hint, checked on use). */
    private final int[][] segmentHints;

    CtaMemory(Cta cta) {
        Launch launch = cta.launch;
        this.layout = launch.layout;
        this.windowsLow = layout.windowsLow;
        this.windowsSpan = layout.windowsSpan;
        this.localElement = layout.localElement();
        this.localShift = Integer.numberOfTrailingZeros(localElement);
        this.localRow = layout.localRowBytes();
        this.shared = cta.shared;
        this.constBank = launch.module.constBank();
        this.kernelParams = launch.paramBuffer;
        this.profile = cta.profile;
        this.global = launch.module.device().global();
        this.segmentHints = new int[launch.code.length][];
        for (int i = 0; i < launch.code.length; i++) {
            segmentHints[i] = new int[launch.code[i].length];
        }
    }

    /** Before a CTA starts: allocations may have changed since the last one. */
    void reset() {
        segments = global.segments();
        cacheSeg = -1;
    }

    /** Scratch space of 128 longs for instructions that gather per-lane values before writing them. */
    public long[] scratch() {
        return tmp;
    }

    // ------------------------------------------------------------------ whole instructions

    /** {@code ld} for the lanes of {@code m}. */
    void load(Warp w, Frame f, Instruction in, long[] R, int m) {
        if (in.vec == 1 && in.order == Op.ORDER_WEAK
                && (in.space == PtxStateSpace.GLOBAL || in.space == PtxStateSpace.GENERIC)) {
            int size = SIZE[in.type];
            boolean sext = SIGNED[in.type] && size < 8;
            int sh = 64 - 8 * size;
            int a = in.addrReg << 5;
            int d = in.dst[0] << 5;
            int[] hints = segmentHints[f.fn.index()];
            int h = hints[in.index];
            GlobalMemory.Segments sg = segments;
            long off = in.addrOffset, am = in.addrMask;
            boolean generic = in.space == PtxStateSpace.GENERIC;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = (R[a | l] + off) & am;
                if (generic) {
                    long wo = addr - windowsLow;
                    if (wo >= 0 && wo < windowsSpan) {
                        long v = loadLane(w, f, in, PtxStateSpace.GENERIC, addr, size, l);
                        R[d | l] = sext ? (v << sh) >> sh : v;
                        continue;
                    }
                    count(f, in, ProfileCounters.GLOBAL);
                }
                if ((addr & (size - 1)) != 0 || h >= sg.count() || addr < sg.start(h) || addr + size > sg.end(h)) {
                    h = sg.find(addr);
                    if ((addr & (size - 1)) != 0 || h < 0 || addr + size > sg.end(h)) {
                        loadLane(w, f, in, PtxStateSpace.GLOBAL, addr, size, l);
                        sg = segments;
                        h = sg.find(addr);
                    }
                    hints[in.index] = h;
                }
                long v = Bytes.load(sg.data(h), (int) (addr - sg.start(h)), size);
                R[d | l] = sext ? (v << sh) >> sh : v;
            }
        } else if (in.vec == 1 && (in.space == PtxStateSpace.SHARED || in.space == PtxStateSpace.CONST
                || in.space == PtxStateSpace.PARAM && in.paramKind != Op.PARAM_FRAME)) {
            // One array for all lanes: the CTA's shared memory, the const bank, the kernel parameters.
            int size = SIZE[in.type];
            boolean sext = SIGNED[in.type] && size < 8;
            int sh = 64 - 8 * size;
            int a = in.addrReg << 5;
            int d = in.dst[0] << 5;
            long off = in.addrOffset, am = in.addrMask;
            byte[] sm = in.space == PtxStateSpace.SHARED ? shared : in.space == PtxStateSpace.CONST ? constBank
                    : kernelParams;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = (R[a | l] + off) & am;
                if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                    loadLane(w, f, in, in.space, addr, size, l);
                }
                long v = Bytes.load(sm, (int) addr, size);
                R[d | l] = sext ? (v << sh) >> sh : v;
            }
        } else if (in.vec == 1 && in.space == PtxStateSpace.LOCAL) {
            loadLocal(w, f, in, R, m);
        } else {
            loadVector(w, f, in, R, m);
        }
    }

    /** The global allocations as this CTA sees them (the fast engine's {@code HintedGlobalAccess} reads them). */
    public GlobalMemory.Segments segments() {
        return segments;
    }

    /** The device's windows and local interleave (the fast engine's {@code GenericAccess} resolves through them). */
    public StateSpaceLayout layout() {
        return layout;
    }

    /** The CTA's shared memory. */
    public byte[] shared() {
        return shared;
    }

    /** The module's const bank. */
    public byte[] constBank() {
        return constBank;
    }

    /** The kernel's parameter buffer. */
    public byte[] kernelParams() {
        return kernelParams;
    }

    /** Counts {@code lanes} generic accesses of {@code in} resolved to profile slot {@code slot}, as the per-lane paths count them. */
    public void countGeneric(Frame f, Instruction in, int slot, int lanes) {
        if (profile != null) {
            profile[f.fn.index()][in.index * ProfileCounters.SLOTS + slot] += lanes;
        }
    }

    /** The allocation instruction {@code in} of frame {@code f}'s function accessed last (a hint, checked on use). */
    public int hint(Frame f, Instruction in) {
        return segmentHints[f.fn.index()][in.index];
    }

    /** Records allocation {@code h} as the one instruction {@code in} of frame {@code f}'s function accessed last. */
    public void hint(Frame f, Instruction in, int h) {
        segmentHints[f.fn.index()][in.index] = h;
    }

    /** Scalar local loads: each lane's value out of the warp's interleaved storage. */
    private void loadLocal(Warp w, Frame f, Instruction in, long[] R, int m) {
        int size = SIZE[in.type];
        boolean sext = SIGNED[in.type] && size < 8;
        int sh = 64 - 8 * size;
        int a = in.addrReg << 5;
        int d = in.dst[0] << 5;
        long off = in.addrOffset, am = in.addrMask;
        long limit = w.localBytesPerThread;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + off) & am;
            if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > limit) {
                loadLane(w, f, in, PtxStateSpace.LOCAL, addr, size, l);
            }
            long v = loadLocal(w.local, l, addr, size);
            R[d | l] = sext ? (v << sh) >> sh : v;
        }
    }

    /**
     * Loads of any space, vector width and memory order; every lane's elements are read before
     * any register is written. A vector of up to 8 bytes is one access, as the hardware makes
     * it: CUB's look-back reads a tile's status and value as one {@code ld.relaxed.v2.u32}, and
     * another worker's CTA must never be seen halfway through writing them. A 16-byte vector
     * that is not weak holds {@link GlobalMemory#wideAccessLock} for its elements.
     */
    private void loadVector(Warp w, Frame f, Instruction in, long[] R, int m) {
        int size = SIZE[in.type];
        boolean sext = SIGNED[in.type] && size < 8;
        int sh = 64 - 8 * size;
        int a = in.addrReg << 5;
        int vec = in.vec;
        int bytes = size * vec;
        PtxStateSpace space = in.space;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + in.addrOffset) & in.addrMask;
            try {
                if (vec > 1) {
                    align(space, addr, bytes);
                }
                if (vec > 1 && bytes <= 8) {
                    long word = load(w, f, in, space, addr, bytes, l);
                    countOtherElements(f, in, addr);
                    for (int k = 0; k < vec; k++) {
                        long v = element(in, word, k);
                        tmp[k << 5 | l] = sext ? (v << sh) >> sh : v;
                    }
                } else if (bytes > 8 && in.order != Op.ORDER_WEAK) {
                    synchronized (global.wideAccessLock(addr)) {
                        loadElements(w, f, in, space, addr, l, sext, sh);
                    }
                } else {
                    loadElements(w, f, in, space, addr, l, sext, sh);
                }
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
        }
        if (in.order != Op.ORDER_WEAK) {
            // A relaxed or acquiring load is not moved after the accesses that follow it.
            VarHandle.acquireFence();
        }
        for (int k = 0; k < vec; k++) {
            int d = in.dst[k] << 5;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                R[d | l] = tmp[k << 5 | l];
            }
        }
    }

    /** {@code st} for the lanes of {@code m}. */
    void store(Warp w, Frame f, Instruction in, long[] R, int m) {
        if (in.vec == 1 && in.order == Op.ORDER_WEAK
                && (in.space == PtxStateSpace.GLOBAL || in.space == PtxStateSpace.GENERIC)) {
            int size = SIZE[in.type];
            int a = in.addrReg << 5;
            int sr = in.src[0] << 5;
            int[] hints = segmentHints[f.fn.index()];
            int h = hints[in.index];
            GlobalMemory.Segments sg = segments;
            long off = in.addrOffset, am = in.addrMask;
            boolean generic = in.space == PtxStateSpace.GENERIC;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = (R[a | l] + off) & am;
                if (generic) {
                    long wo = addr - windowsLow;
                    if (wo >= 0 && wo < windowsSpan) {
                        storeLane(w, f, in, PtxStateSpace.GENERIC, addr, size, l, R[sr | l]);
                        continue;
                    }
                    count(f, in, ProfileCounters.GLOBAL);
                }
                if ((addr & (size - 1)) != 0 || h >= sg.count() || addr < sg.start(h) || addr + size > sg.end(h)) {
                    h = sg.find(addr);
                    if ((addr & (size - 1)) != 0 || h < 0 || addr + size > sg.end(h)) {
                        storeLane(w, f, in, PtxStateSpace.GLOBAL, addr, size, l, R[sr | l]);
                        sg = segments;
                        hints[in.index] = sg.find(addr);
                        h = hints[in.index];
                        continue;
                    }
                    hints[in.index] = h;
                }
                Bytes.store(sg.data(h), (int) (addr - sg.start(h)), size, R[sr | l]);
            }
        } else if (in.vec == 1 && in.space == PtxStateSpace.SHARED) {
            int size = SIZE[in.type];
            int a = in.addrReg << 5;
            int sr = in.src[0] << 5;
            long off = in.addrOffset, am = in.addrMask;
            byte[] sm = shared;
            for (int mm = m; mm != 0; mm &= mm - 1) {
                int l = Integer.numberOfTrailingZeros(mm);
                long addr = (R[a | l] + off) & am;
                if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > sm.length) {
                    storeLane(w, f, in, PtxStateSpace.SHARED, addr, size, l, R[sr | l]);
                }
                Bytes.store(sm, (int) addr, size, R[sr | l]);
            }
        } else if (in.vec == 1 && in.space == PtxStateSpace.LOCAL) {
            storeLocal(w, f, in, R, m);
        } else {
            storeVector(w, f, in, R, m);
        }
    }

    /** Scalar local stores: each lane's value into the warp's interleaved storage. */
    private void storeLocal(Warp w, Frame f, Instruction in, long[] R, int m) {
        int size = SIZE[in.type];
        int a = in.addrReg << 5;
        int sr = in.src[0] << 5;
        long off = in.addrOffset, am = in.addrMask;
        long limit = w.localBytesPerThread;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + off) & am;
            if ((addr & (size - 1)) != 0 || addr < 0 || addr + size > limit) {
                storeLane(w, f, in, PtxStateSpace.LOCAL, addr, size, l, R[sr | l]);
            }
            storeLocal(w.local, l, addr, size, R[sr | l]);
        }
    }

    /** Stores of any space, vector width and memory order, each vector as {@link #loadVector} reads it. */
    private void storeVector(Warp w, Frame f, Instruction in, long[] R, int m) {
        int size = SIZE[in.type];
        int a = in.addrReg << 5;
        int vec = in.vec;
        int bytes = size * vec;
        PtxStateSpace space = in.space;
        if (in.order != Op.ORDER_WEAK) {
            // A relaxed or releasing store is not moved before the accesses that precede it.
            VarHandle.releaseFence();
        }
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = (R[a | l] + in.addrOffset) & in.addrMask;
            try {
                if (vec > 1) {
                    align(space, addr, bytes);
                }
                if (vec > 1 && bytes <= 8) {
                    store(w, f, in, space, addr, bytes, l, packed(in, R, l));
                    countOtherElements(f, in, addr);
                } else if (bytes > 8 && in.order != Op.ORDER_WEAK) {
                    synchronized (global.wideAccessLock(addr)) {
                        storeElements(w, f, in, space, addr, l, R);
                    }
                } else {
                    storeElements(w, f, in, space, addr, l, R);
                }
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
        }
    }

    private void loadElements(Warp w, Frame f, Instruction in, PtxStateSpace space, long addr, int l, boolean sext, int sh) {
        int size = SIZE[in.type];
        for (int k = 0; k < in.vec; k++) {
            long v = load(w, f, in, space, addr + (long) k * size, size, l);
            tmp[k << 5 | l] = sext ? (v << sh) >> sh : v;
        }
    }

    private void storeElements(Warp w, Frame f, Instruction in, PtxStateSpace space, long addr, int l, long[] R) {
        int size = SIZE[in.type];
        for (int k = 0; k < in.vec; k++) {
            store(w, f, in, space, addr + (long) k * size, size, l, R[in.src[k] << 5 | l]);
        }
    }

    /**
     * The profile counts a generic vector's elements: the ones after the first of a vector made
     * one access, under the space the first one resolved to.
     */
    private void countOtherElements(Frame f, Instruction in, long addr) {
        if (profile != null && in.space == PtxStateSpace.GENERIC) {
            profile[f.fn.index()][in.index * ProfileCounters.SLOTS + ProfileCounters.slot(layout.resolve(addr))]
                    += in.vec - 1;
        }
    }

    /** {@code cp.async}: each lane copies {@code in.vec} bytes, those past its src-size zero-filled. */
    void copyAsync(Warp w, Frame f, Instruction in, long[] R, int m) {
        int size = in.vec;
        int from = in.addrReg << 5, to = in.src[0] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            // the shared destination's address is 32 bits wide, as every shared address
            long src = (R[from | l] + in.addrOffset) & in.addrMask, dst = (R[to | l] + in.dstAddrOffset) & 0xFFFF_FFFFL;
            long valid = in.src.length > 1 ? Math.min(R[in.src[1] << 5 | l] & 0xFFFF_FFFFL, size) : size;
            try {
                align(PtxStateSpace.GLOBAL, src, size);
                align(PtxStateSpace.SHARED, dst, size);
                for (int k = 0; k < size; k += 4) {
                    long v = k < valid ? load(w, f, in, PtxStateSpace.GLOBAL, src + k, 4, l) : 0;
                    if (k < valid && valid < k + 4) {
                        v &= (1L << (8 * (valid - k))) - 1;
                    }
                    store(w, f, in, PtxStateSpace.SHARED, dst + k, 4, l, v);
                }
            } catch (MemoryAccessException e) {
                throw LaneFault.memory(e, l);
            }
        }
    }

    /**
     * {@code size} bytes at generic address {@code addr} as lane {@code lane} sees them, for the
     * simulator's own device functions (printf's format and arguments); a refusal is the lane's fault.
     */
    long loadGeneric(Warp w, Frame f, Instruction in, long addr, int size, int lane) {
        return loadLane(w, f, in, PtxStateSpace.GENERIC, addr, size, lane);
    }

    /** Element {@code k}, zero-extended, of the little-endian word a vector of up to 8 bytes was read as. */
    public static long element(Instruction in, long word, int k) {
        return (word >>> (8 * SIZE[in.type] * k)) & TypeWidths.MASK[in.type];
    }

    /** Lane {@code l}'s elements of a vector st of up to 8 bytes, packed little-endian into the word it writes. */
    public static long packed(Instruction in, long[] R, int l) {
        int size = SIZE[in.type];
        long mask = TypeWidths.MASK[in.type];
        long word = 0;
        for (int k = 0; k < in.vec; k++) {
            word |= (R[in.src[k] << 5 | l] & mask) << (8 * size * k);
        }
        return word;
    }


    // ------------------------------------------------------------------ one lane

    /** One element of a load of {@code in} for {@code lane}; a memory fault is the lane's. */
    long loadLane(Warp w, Frame f, Instruction in, PtxStateSpace space, long addr, int size, int lane) {
        try {
            return load(w, f, in, space, addr, size, lane);
        } catch (MemoryAccessException e) {
            throw LaneFault.memory(e, lane);
        }
    }

    /** One element of a store of {@code in} for {@code lane}; a memory fault is the lane's. */
    void storeLane(Warp w, Frame f, Instruction in, PtxStateSpace space, long addr, int size, int lane, long v) {
        try {
            store(w, f, in, space, addr, size, lane, v);
        } catch (MemoryAccessException e) {
            throw LaneFault.memory(e, lane);
        }
    }

    private long load(Warp w, Frame f, Instruction in, PtxStateSpace space, long addr, int size, int lane) {
        switch (space) {
            case GLOBAL:
                align(space, addr, size);
                globalSegment(addr, size);
                return Bytes.load(cacheData, (int) (addr - cacheStart), size);
            case SHARED:
                align(space, addr, size);
                if (addr < 0 || addr + size > shared.length) {
                    throw oob(space, addr, size, "CTA has " + shared.length + " bytes of shared memory");
                }
                return Bytes.load(shared, (int) addr, size);
            case LOCAL:
                align(space, addr, size);
                if (addr < 0 || addr + size > w.localBytesPerThread) {
                    throw oob(space, addr, size, "thread has " + w.localBytesPerThread + " bytes of local memory");
                }
                return loadLocal(w.local, lane, addr, size);
            case CONST:
                align(space, addr, size);
                if (addr < 0 || addr + size > constBank.length) {
                    throw oob(space, addr, size, "module has " + constBank.length + " bytes of .const data");
                }
                return Bytes.load(constBank, (int) addr, size);
            case PARAM:
                align(space, addr, size);
                if (in.paramKind == Op.PARAM_FRAME && in.space == PtxStateSpace.PARAM) {
                    if (addr < 0 || addr + size > f.paramStride) {
                        throw oob(space, addr, size, "param frame of " + f.fn.name() + " has " + f.paramStride + " bytes");
                    }
                    return Bytes.load(f.params, lane * f.paramStride + (int) addr, size);
                }
                if (addr < 0 || addr + size > kernelParams.length) {
                    throw oob(space, addr, size, "kernel has " + kernelParams.length + " bytes of parameters");
                }
                return Bytes.load(kernelParams, (int) addr, size);
            default: {
                PtxStateSpace s = resolveGeneric(addr, in, f);
                try {
                    return load(w, f, in, s, s == PtxStateSpace.GLOBAL ? addr : addr - layout.base(s), size, lane);
                } catch (MemoryAccessException e) {
                    throw throughGeneric(e, addr);
                }
            }
        }
    }

    private void store(Warp w, Frame f, Instruction in, PtxStateSpace space, long addr, int size, int lane, long v) {
        switch (space) {
            case GLOBAL:
                align(space, addr, size);
                globalSegment(addr, size);
                Bytes.store(cacheData, (int) (addr - cacheStart), size, v);
                return;
            case SHARED:
                align(space, addr, size);
                if (addr < 0 || addr + size > shared.length) {
                    throw oob(space, addr, size, "CTA has " + shared.length + " bytes of shared memory");
                }
                Bytes.store(shared, (int) addr, size, v);
                return;
            case LOCAL:
                align(space, addr, size);
                if (addr < 0 || addr + size > w.localBytesPerThread) {
                    throw oob(space, addr, size, "thread has " + w.localBytesPerThread + " bytes of local memory");
                }
                storeLocal(w.local, lane, addr, size, v);
                return;
            case CONST:
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, addr, size, null);
            case PARAM:
                align(space, addr, size);
                if (in.paramKind == Op.PARAM_FRAME && in.space == PtxStateSpace.PARAM) {
                    if (addr < 0 || addr + size > f.paramStride) {
                        throw oob(space, addr, size, "param frame of " + f.fn.name() + " has " + f.paramStride + " bytes");
                    }
                    Bytes.store(f.params, lane * f.paramStride + (int) addr, size, v);
                    return;
                }
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, addr, size, "kernel parameters");
            default: {
                PtxStateSpace s = resolveGeneric(addr, in, f);
                try {
                    store(w, f, in, s, s == PtxStateSpace.GLOBAL ? addr : addr - layout.base(s), size, lane, v);
                } catch (MemoryAccessException e) {
                    throw throughGeneric(e, addr);
                }
            }
        }
    }

    /** Byte {@code offset} of lane {@code lane} in its warp's local storage, as {@link StateSpaceLayout#localPhysical}. */
    private int localPhysical(int lane, long offset) {
        return (int) ((offset >>> localShift) * localRow + lane * localElement + (offset & (localElement - 1)));
    }

    /** A lane's value in the warp's interleaved local storage: one element, or several apart. */
    long loadLocal(byte[] local, int lane, long offset, int size) {
        if (size <= localElement) {
            return Bytes.load(local, localPhysical(lane, offset), size);
        }
        long v = 0;
        for (int k = 0; k < size; k += localElement) {
            v |= Bytes.load(local, localPhysical(lane, offset + k), localElement) << (8 * k);
        }
        return v;
    }

    public void storeLocal(byte[] local, int lane, long offset, int size, long v) {
        if (size <= localElement) {
            Bytes.store(local, localPhysical(lane, offset), size, v);
            return;
        }
        for (int k = 0; k < size; k += localElement) {
            Bytes.store(local, localPhysical(lane, offset + k), localElement, v >>> (8 * k));
        }
    }

    // ------------------------------------------------------------------ checks

    /** An out-of-bounds refusal; callers build the detail only once the check failed. */
    static MemoryAccessException oob(PtxStateSpace s, long addr, int size, String detail) {
        return new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, s, addr, size, detail);
    }

    static void align(PtxStateSpace s, long addr, int size) {
        if ((addr & (size - 1)) != 0) {
            throw new MemoryAccessException(MemoryFaultKind.MISALIGNED, s, addr, size, null);
        }
    }

    /**
     * The offset of {@code addr} in the global allocation holding [addr, addr+size), whose bytes
     * {@link #globalData} then returns; a refusal where no allocation holds them all.
     */
    int globalOffset(long addr, int size) {
        globalSegment(addr, size);
        return (int) (addr - cacheStart);
    }

    /** The end of the global allocation the last {@link #globalOffset} found. */
    long globalEnd() {
        return cacheEnd;
    }

    /** The lock of the 16-byte granule at global address {@code addr} ({@link GlobalMemory#wideAccessLock}). */
    Object wideAccessLock(long addr) {
        return global.wideAccessLock(addr);
    }

    /** The bytes of the global allocation the last {@link #globalOffset} found. */
    ByteBuffer globalData() {
        return cacheData;
    }

    /** The global allocation holding [addr, addr+size); sets cacheData/cacheStart. */
    private void globalSegment(long addr, int size) {
        if (cacheSeg >= 0 && addr >= cacheStart && addr + size <= cacheEnd) {
            return;
        }
        int i = segments.find(addr);
        if (i < 0 || addr + size > segments.end(i)) {
            GlobalMemory.Segments now = global.segments();
            if (now != segments) {
                segments = now;
                cacheSeg = -1;
                globalSegment(addr, size);
                return;
            }
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, PtxStateSpace.GLOBAL, addr, size,
                    i < 0 ? "not inside any allocation" : "past the end of the allocation at 0x"
                            + Long.toHexString(segments.start(i)) + " of " + (segments.end(i) - segments.start(i)) + " bytes");
        }
        cacheSeg = i;
        cacheStart = segments.start(i);
        cacheEnd = segments.end(i);
        cacheData = segments.data(i);
    }

    /** The same refusal, saying which generic address led to it. */
    static MemoryAccessException throughGeneric(MemoryAccessException e, long generic) {
        return new MemoryAccessException(e.kind(), e.space(), e.address(), e.size(), "through generic address 0x"
                + Long.toHexString(generic) + (e.detail() == null ? "" : "; " + e.detail()));
    }

    /** Resolves a generic address to its space (counting it in the profile). */
    PtxStateSpace resolveGeneric(long addr, Instruction in, Frame f) {
        PtxStateSpace s = layout.resolve(addr);
        count(f, in, ProfileCounters.slot(s));
        return s;
    }

    private void count(Frame f, Instruction in, int slot) {
        if (profile != null) {
            profile[f.fn.index()][in.index * ProfileCounters.SLOTS + slot]++;
        }
    }
}
