package org.gpumem.sim.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Target;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SimulatorTarget;

/**
 * What the interpreter needs of its {@link Target} ({@link SimulatorTarget}), read once when a
 * device is made so that no memory access consults the model: where each state space appears in
 * the generic space (its window base; {@code cvta.X} adds it, {@code cvta.to.X} subtracts it,
 * global is the identity), and how a warp stores its lanes' local memory (the local space's
 * interleave: element size and lane count).
 *
 * <pre>
 *   physical(lane, offset) = (offset / element) * element * lanes + lane * element + offset % element
 * </pre>
 *
 * A per-thread access wider than an element (naturally aligned) is split into elements that lie
 * {@code element * lanes} bytes apart in the warp's storage.
 */
public final class StateSpaceLayout {
    private final long[] windowBase = new long[PtxStateSpace.values().length];
    private final long[] windowStart;
    private final long[] windowEnd;
    private final PtxStateSpace[] windowSpace;
    /** Every window lies in {@code [windowsLow, windowsLow + windowsSpan)}: the interpreter's quick test. */
    public final long windowsLow;
    public final long windowsSpan;
    private final int element;
    private final int elementShift;
    private final long rowBytes;

    private StateSpaceLayout(List<Window> windows, int element) {
        windows.sort(Comparator.comparingLong(Window::getStart));
        int n = windows.size();
        windowStart = new long[n];
        windowEnd = new long[n];
        windowSpace = new PtxStateSpace[n];
        for (int i = 0; i < n; i++) {
            Window w = windows.get(i);
            windowStart[i] = w.getStart();
            windowEnd[i] = w.getStart() + w.getLength();
            windowSpace[i] = stateSpace(w.getSpace());
            windowBase[windowSpace[i].ordinal()] = w.getStart();
        }
        windowsLow = n == 0 ? 0 : windowStart[0];
        windowsSpan = n == 0 ? 0 : Arrays.stream(windowEnd).max().getAsLong() - windowsLow;
        this.element = element;
        this.elementShift = Integer.numberOfTrailingZeros(element);
        this.rowBytes = (long) element * DeviceFacts.WARP_SIZE;
    }

    /**
     * The layout {@code target} describes.
     *
     * @throws IllegalArgumentException when the target is not one the interpreter can run: a
     *         space of a state space missing, generic windows onto spaces without storage or
     *         whose fallback is not global, local memory not interleaved over the warp's lanes in
     *         power-of-two elements
     */
    public static StateSpaceLayout of(Target target) {
        for (PtxStateSpace s : PtxStateSpace.values()) {
            require(target, s);
        }
        AddressSpace generic = require(target, PtxStateSpace.GENERIC);
        if (!(generic.getAccess() instanceof WindowAccess windows) || windows.getFallback() == null
                || stateSpace(windows.getFallback()) != PtxStateSpace.GLOBAL
                || !(windows.getFallback().getAccess() instanceof LinearAccess)) {
            throw unusable(target, "generic must be windows with global as the fallback");
        }
        List<Window> list = new ArrayList<>(windows.getWindows());
        for (Window w : list) {
            PtxStateSpace s = stateSpace(w.getSpace());
            if (s == null || s == PtxStateSpace.GLOBAL || s == PtxStateSpace.GENERIC || w.getStart() < 0
                    || w.getLength() <= 0 || w.getStart() + w.getLength() < 0) {
                throw unusable(target, "a generic window leads to " + w.getSpace().getName());
            }
        }
        AddressSpace local = require(target, PtxStateSpace.LOCAL);
        if (!(local.getAccess() instanceof InterleavedAccess interleave) || interleave.getLaneCount() != DeviceFacts.WARP_SIZE
                || target.getSubgroupSize() != DeviceFacts.WARP_SIZE || Integer.bitCount(interleave.getElementSize()) != 1) {
            throw unusable(target, "local must be interleaved over " + DeviceFacts.WARP_SIZE + " lanes in power-of-two elements");
        }
        return new StateSpaceLayout(list, interleave.getElementSize());
    }

    private static AddressSpace require(Target target, PtxStateSpace s) {
        AddressSpace space = AddressSpaces.find(target, s.ptxName());
        if (space == null || !space.getName().equals(s.ptxName())) {
            throw unusable(target, "no address space " + s.ptxName());
        }
        return space;
    }

    private static PtxStateSpace stateSpace(AddressSpace space) {
        return PtxStateSpace.fromPtxName(space.getName());
    }

    private static IllegalArgumentException unusable(Target target, String why) {
        return new IllegalArgumentException("the simulator cannot run on target " + target.getName() + ": " + why);
    }

    /** The space a generic address resolves to: the window holding it, else global. */
    public PtxStateSpace resolve(long generic) {
        long w = generic - windowsLow;
        if (w >= 0 && w < windowsSpan) {
            for (int i = 0; i < windowStart.length; i++) {
                if (generic >= windowStart[i] && generic < windowEnd[i]) {
                    return windowSpace[i];
                }
            }
        }
        return PtxStateSpace.GLOBAL;
    }

    /** The generic address of offset 0 of {@code space}: its window base, 0 for global and generic. */
    public long base(PtxStateSpace space) {
        return windowBase[space.ordinal()];
    }

    /** Bytes of one interleaved element of local memory. */
    public int localElement() {
        return element;
    }

    /** Bytes of one row of a warp's local storage: one element of every lane. */
    public long localRowBytes() {
        return rowBytes;
    }

    /** Physical offset in the warp's local storage of byte {@code offset} of lane {@code lane}. */
    public long localPhysical(int lane, long offset) {
        return (offset >>> elementShift) * rowBytes + (long) lane * element + (offset & (element - 1));
    }

    /** Bytes one warp needs for {@code perThreadBytes} of local memory per thread. */
    public long localWarpBytes(long perThreadBytes) {
        return ((perThreadBytes + element - 1) / element) * rowBytes;
    }
}
