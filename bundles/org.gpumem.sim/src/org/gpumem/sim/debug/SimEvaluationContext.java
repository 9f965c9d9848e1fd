package org.gpumem.sim.debug;

import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.expr.EvaluationContext;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.PtxStateSpace;

/**
 * What a DWARF expression of nvcc's PTX may ask, answered from a suspended simulator: one lane
 * of one frame of one warp of the session's resident CTA. Registers are nvcc's ASCII-packed PTX
 * register names ({@code DW_OP_regx 0x25726431} is {@code %rd1}) looked up in the frame's
 * function; memory locations use the PTX state-space numbers (nvcc's DW_AT_address_class), and
 * a local offset is relative to the frame (the layout of {@code DeviceModule.symbolLayout()}
 * places {@code __local_depotN} at its offset in its function's frame), so the frame's local
 * base is added. Use it only while the session is suspended, on the session's thread.
 */
public final class SimEvaluationContext implements EvaluationContext {
    private static final AddressSpaceNumbering PTX = AddressSpaceRegistry.numbering(ElfFile.EM_CUDA, "", 8);

    private final ControlledLaunch session;
    private final WarpView warp;
    private final int level;
    private final int lane;

    /**
     * @param level frame level (0 = the kernel, {@code warp.depth() - 1} = innermost)
     */
    public SimEvaluationContext(ControlledLaunch session, WarpView warp, int level, int lane) {
        if (level < 0 || level >= warp.depth()) {
            throw new IllegalArgumentException("frame level " + level + " outside 0.." + (warp.depth() - 1));
        }
        DeviceFacts.checkLane(lane);
        this.session = session;
        this.warp = warp;
        this.level = level;
        this.lane = lane;
    }

    @Override
    public AddressSpaceNumbering numbering() {
        return PTX;
    }

    @Override
    public RegisterNames registerNames() {
        return RegisterNames.forMachine(ElfFile.EM_CUDA);
    }

    /** The PTX register name nvcc packs into a DWARF register number, e.g. 0x25726431 -> "%rd1". */
    public static String registerName(long dwarfRegister) {
        StringBuilder sb = new StringBuilder();
        for (int shift = 56; shift >= 0; shift -= 8) {
            int c = (int) (dwarfRegister >>> shift) & 0xFF;
            if (c != 0 || sb.length() > 0) {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }

    @Override
    public long readRegister(long dwarfRegister) {
        String name = registerName(dwarfRegister);
        if (!warp.hasRegister(level, name)) {
            throw new UnsupportedOperationException("function " + warp.function(level) + " has no register " + name);
        }
        return warp.register(level, name, lane);
    }

    /**
     * The simulator storage of a DWARF space: the PTX state space of the same name, which is how
     * the registry names nvcc's numbers; null for spaces without storage (registers, code...).
     */
    static PtxStateSpace stateSpace(org.gpumem.dwarf.aspace.DwarfAddressSpace space) {
        return PtxStateSpace.fromPtxName(space.name());
    }

    @Override
    public long readMemory(LocationDescription.Memory location, int size) {
        PtxStateSpace space = stateSpace(location.space());
        if (space == null) {
            throw new UnsupportedOperationException("space " + location.space().name() + " has no simulator storage");
        }
        long offset = location.offset() + (space == PtxStateSpace.LOCAL ? warp.frameLocalBase(level) : 0);
        byte[] b = session.read(space, offset, size, warp, lane);
        long v = 0;
        for (int i = b.length - 1; i >= 0; i--) {
            v = v << 8 | (b[i] & 0xFF);
        }
        return v;
    }

    @Override
    public long currentWorkGroup() {
        return warp.cta().linearIndex();
    }

    @Override
    public long currentWarp() {
        return warp.id();
    }

    @Override
    public long currentLane() {
        return lane;
    }

    @Override
    public long currentFrame() {
        return warp.depth() - 1 - level;
    }
}
