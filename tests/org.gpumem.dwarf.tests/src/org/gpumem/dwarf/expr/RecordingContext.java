package org.gpumem.dwarf.expr;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.aspace.AddressSpaceNumbering;

/**
 * A program state defined by formulas, so that expected values are computed independently of
 * the evaluator: register r holds {@link #register(long)}, memory holds {@link #memory} of its
 * location, and the current context is work-group 2, warp 1, lane 7.
 */
class RecordingContext implements EvaluationContext {
    static final long WORK_GROUP = 2, WARP = 1, LANE = 7;

    final AddressSpaceNumbering numbering;
    final List<LocationDescription.Memory> reads = new ArrayList<>();
    LocationDescription frameBase = new LocationDescription.Register(9, null, 0);

    RecordingContext(AddressSpaceNumbering numbering) {
        this.numbering = numbering;
    }

    static long register(long r) {
        return 0x1000 + r * 0x100;
    }

    /** The bytes at a location: a mix of the space, the bound lane and the offset. */
    static long memory(LocationDescription.Memory m, int size) {
        long v = (m.space().id() << 40) ^ (m.binding().lane() + 1) << 32 ^ m.offset() * 0x9e3779b1L;
        return size >= 8 ? v : v & ((1L << (size * 8)) - 1);
    }

    @Override
    public AddressSpaceNumbering numbering() {
        return numbering;
    }

    @Override
    public long readRegister(long dwarfRegister) {
        return register(dwarfRegister);
    }

    @Override
    public long readMemory(LocationDescription.Memory location, int size) {
        reads.add(location);
        return memory(location, size);
    }

    @Override
    public long currentWorkGroup() {
        return WORK_GROUP;
    }

    @Override
    public long currentWarp() {
        return WARP;
    }

    @Override
    public long currentLane() {
        return LANE;
    }

    @Override
    public LocationDescription frameBase() {
        return frameBase;
    }

    @Override
    public LocationDescription callFrameEntryRegister(long dwarfRegister) {
        return new LocationDescription.Register(dwarfRegister, "caller", 0);
    }

    @Override
    public BaseType baseType(long unitRelativeOffset) {
        return new BaseType(4, BaseType.DW_ATE_SIGNED);
    }

    @Override
    public long entryValue(Expression expression) {
        return 0x5151;
    }
}
