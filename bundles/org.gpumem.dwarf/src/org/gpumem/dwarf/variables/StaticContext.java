package org.gpumem.dwarf.variables;

import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.expr.ContextBinding;
import org.gpumem.dwarf.expr.EvaluationContext;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.dwarf.expr.UnitBaseTypes;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Evaluation without a running program, to tell the kind and address space of a location from
 * the file alone. Run-time inputs (registers, memory, the frame base, the CFA) read as 0 and
 * mark the result {@link #dynamic()}, so the caller prints the location's kind and space but not
 * its offset. The current work-group, warp and lane read as 0 without marking it: they choose
 * which instance of a space a location binds to, not the offset in it. Static inputs (.debug_addr entries, base types, the function's frame base
 * expression) are answered from the file.
 */
final class StaticContext implements EvaluationContext {
    private final DwarfFile dwarf;
    private final Unit unit;
    private final AddressSpaceNumbering numbering;
    private final RegisterNames registers;
    private final FrameBase frameBase;
    private boolean dynamic;

    StaticContext(DwarfFile dwarf, Unit unit, AddressSpaceNumbering numbering, RegisterNames registers, FrameBase frameBase) {
        this.dwarf = dwarf;
        this.unit = unit;
        this.numbering = numbering;
        this.registers = registers;
        this.frameBase = frameBase;
    }

    boolean dynamic() {
        return dynamic;
    }

    void reset() {
        dynamic = false;
    }

    @Override
    public AddressSpaceNumbering numbering() {
        return numbering;
    }

    @Override
    public long readRegister(long dwarfRegister) {
        dynamic = true;
        return 0;
    }

    @Override
    public long readMemory(LocationDescription.Memory location, int size) {
        dynamic = true;
        return 0;
    }

    @Override
    public long currentWorkGroup() {
        return 0;
    }

    @Override
    public long currentWarp() {
        return 0;
    }

    @Override
    public long currentLane() {
        return 0;
    }

    @Override
    public LocationDescription frameBase() {
        dynamic = true;
        if (frameBase.failure() != null) {
            InputFormatException f = frameBase.failure();
            throw new InputFormatException(f.file(), f.section(), f.offset(), "the function's frame base: " + f.problem(), f);
        }
        return frameBase.location() != null ? frameBase.location()
                : new LocationDescription.Memory(numbering.defaultSpace(), ContextBinding.DEVICE, 0);
    }

    @Override
    public LocationDescription objectAddress() {
        dynamic = true;
        return new LocationDescription.Memory(numbering.defaultSpace(), ContextBinding.DEVICE, 0);
    }

    @Override
    public long callFrameAddress() {
        dynamic = true;
        return 0;
    }

    @Override
    public long tlsAddress(long offset) {
        dynamic = true;
        return offset;
    }

    @Override
    public long debugAddress(long index) {
        return dwarf.address(unit, index);
    }

    @Override
    public long entryValue(Expression expression) {
        dynamic = true;
        return 0;
    }

    @Override
    public BaseType baseType(long unitRelativeOffset) {
        return new UnitBaseTypes(unit).baseType(unitRelativeOffset);
    }

    @Override
    public RegisterNames registerNames() {
        return registers;
    }
}
