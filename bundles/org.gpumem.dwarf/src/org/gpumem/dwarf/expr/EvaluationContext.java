package org.gpumem.dwarf.expr;

import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.info.DwAte;

/**
 * What an expression may ask of the program being debugged: the simulator, a saved snapshot or
 * another debugger implements this. Methods whose information the caller does not have keep
 * the default, which refuses; the evaluator turns the refusal into an
 * {@link EvaluationException} naming the operation.
 */
public interface EvaluationContext {

    /** How address-space numbers in operations map to spaces for the unit being evaluated. */
    AddressSpaceNumbering numbering();

    /** The value of a register (zero-extended to 64 bits). */
    default long readRegister(long dwarfRegister) {
        throw new UnsupportedOperationException("register values are not available");
    }

    /** Reads {@code size} (1..8) bytes at a memory location, in the target's byte order, zero-extended. */
    default long readMemory(LocationDescription.Memory location, int size) {
        throw new UnsupportedOperationException("memory is not available");
    }

    default long currentWorkGroup() {
        throw new UnsupportedOperationException("no current work-group");
    }

    default long currentWarp() {
        throw new UnsupportedOperationException("no current warp");
    }

    default long currentLane() {
        throw new UnsupportedOperationException("no current lane");
    }

    /** An identifier of the current frame of the current lane (0 for the innermost). */
    default long currentFrame() {
        return 0;
    }

    /** The location DW_AT_frame_base of the current function describes. */
    default LocationDescription frameBase() {
        throw new UnsupportedOperationException("no frame base");
    }

    /** The location of the object being evaluated for (DW_OP_push_object_address). */
    default LocationDescription objectAddress() {
        throw new UnsupportedOperationException("no object address");
    }

    /** The canonical frame address of the current frame (DW_OP_call_frame_cfa). */
    default long callFrameAddress() {
        throw new UnsupportedOperationException("no call frame address");
    }

    /** Converts a thread-local storage offset to an address (DW_OP_form_tls_address). */
    default long tlsAddress(long offset) {
        throw new UnsupportedOperationException("no thread-local storage");
    }

    /** Entry {@code index} of the unit's .debug_addr table (DW_OP_addrx, DW_OP_constx). */
    default long debugAddress(long index) {
        throw new UnsupportedOperationException("no .debug_addr table");
    }

    /** The DW_AT_location expression of the DIE a DW_OP_call* operation names. */
    default Expression procedure(long dieOffset, boolean unitRelative) {
        throw new UnsupportedOperationException("DWARF procedures are not available");
    }

    /** The value {@code expression} had on entry to the current function (DW_OP_entry_value). */
    default long entryValue(Expression expression) {
        throw new UnsupportedOperationException("entry values are not available");
    }

    /** Where the caller's frame kept register {@code dwarfRegister} (DW_OP_LLVM_call_frame_entry_reg). */
    default LocationDescription callFrameEntryRegister(long dwarfRegister) {
        throw new UnsupportedOperationException("call frame information is not available");
    }

    /** Size and DW_ATE encoding of the base type DIE at a unit-relative offset (typed operations). */
    default BaseType baseType(long unitRelativeOffset) {
        throw new UnsupportedOperationException("base types are not available");
    }

    /** Names of registers, used in register locations. */
    default RegisterNames registerNames() {
        return RegisterNames.NONE;
    }

    /** A base type: byte size and DW_ATE_* encoding. */
    record BaseType(int byteSize, int encoding) {
        public static final int DW_ATE_SIGNED = DwAte.SIGNED;
        public static final int DW_ATE_SIGNED_CHAR = DwAte.SIGNED_CHAR;
        public static final int DW_ATE_FLOAT = DwAte.FLOAT;

        public boolean signed() {
            return encoding == DW_ATE_SIGNED || encoding == DW_ATE_SIGNED_CHAR;
        }
    }
}
