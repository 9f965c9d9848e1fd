package org.gpumem.sim.debug;

import java.util.function.Predicate;

import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.MemoryFaultKind;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.memory.StateSpaceLayout;

/**
 * The bytes a {@link ControlledLaunch}'s warps reach, per PTX state space: global memory of the
 * device, the module's const bank, the launch's param buffer, and shared and local memory of the
 * resident CTAs, a generic address resolved through the windows of the device's layout.
 */
final class SessionMemory {
    private final Launch launch;
    private final StateSpaceLayout layout;
    private final Predicate<CtaView> isResident;

    SessionMemory(Launch launch, Predicate<CtaView> isResident) {
        this.launch = launch;
        this.layout = launch.layout();
        this.isResident = isResident;
    }

    /**
     * Reads {@code length} bytes of {@code space} at {@code address} as seen by lane
     * {@code lane} of {@code warp}, a warp of a resident CTA (the context only matters for
     * shared, local, generic and call-param spaces). A generic address is resolved through the
     * windows of the device's address spaces.
     *
     * @throws MemoryAccessException when the bytes are outside the space
     */
    byte[] read(PtxStateSpace space, long address, int length, WarpView warp, int lane) {
        if (length < 0 || length > 1 << 24) {
            throw new IllegalArgumentException("bad read length " + length);
        }
        switch (space) {
            case GLOBAL:
                return launch.module().device().read(address, length);
            case CONST:
                return copy(space, launch.module().constBank(), address, length);
            case SHARED:
                return resident(warp).cta().readShared(address, length);
            case LOCAL:
                return resident(warp).readLocal(lane, address, length);
            case PARAM:
                return copy(space, launch.paramBuffer(), address, length);
            default: {
                PtxStateSpace s = layout.resolve(address);
                return read(s, s == PtxStateSpace.GLOBAL ? address : address - layout.base(s), length, warp, lane);
            }
        }
    }

    /** Writes bytes; const and param spaces are read-only. */
    void write(PtxStateSpace space, long address, byte[] bytes, WarpView warp, int lane) {
        switch (space) {
            case GLOBAL:
                launch.module().device().write(address, bytes);
                return;
            case SHARED:
                resident(warp).cta().writeShared(address, bytes);
                return;
            case LOCAL:
                resident(warp).writeLocal(lane, address, bytes);
                return;
            case CONST:
            case PARAM:
                throw new MemoryAccessException(MemoryFaultKind.READ_ONLY, space, address, bytes.length, null);
            default: {
                PtxStateSpace s = layout.resolve(address);
                write(s, s == PtxStateSpace.GLOBAL ? address : address - layout.base(s), bytes, warp, lane);
            }
        }
    }

    /** The simulator's warp behind a view of a resident CTA. */
    Warp resident(WarpView warp) {
        if (!isResident.test(warp.cta())) {
            throw new IllegalArgumentException(warp + " is not resident");
        }
        return warp.warp();
    }

    private static byte[] copy(PtxStateSpace space, byte[] storage, long address, int length) {
        if (address < 0 || address + length > storage.length) {
            throw new MemoryAccessException(MemoryFaultKind.OUT_OF_BOUNDS, space, address, length,
                    "space has " + storage.length + " bytes");
        }
        byte[] out = new byte[length];
        System.arraycopy(storage, (int) address, out, 0, length);
        return out;
    }

}
