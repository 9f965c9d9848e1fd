package org.gpumem.dwarf.expr;

/**
 * One decoded operation of a DWARF expression. The arrays are shared, not copied (decoding
 * large files creates millions of ops): treat them as read-only.
 *
 * @param offset     byte offset of the opcode from the start of the expression
 * @param length     encoded length in bytes, opcode and operands
 * @param opcode     the opcode byte (0xe9 for DW_OP_LLVM_user operations)
 * @param subOpcode  the DW_OP_LLVM_user sub-opcode, or -1
 * @param operation  what the operation is
 * @param operands   operand values in encoding order (signed ones sign-extended); the length
 *                   operand of a block or nested expression included
 * @param block      the bytes of DW_OP_implicit_value / const_type, or null
 * @param nested     the expression of DW_OP_entry_value, or null
 */
public record DwarfOp(int offset, int length, int opcode, long subOpcode, Operation operation, long[] operands, byte[] block,
        Expression nested) {

    /** The literal of DW_OP_litN, or the register number of DW_OP_regN / DW_OP_bregN / regx / bregx. */
    public long index() {
        switch (operation) {
            case LIT: return opcode - OpcodeTable.DW_OP_LIT0;
            case REG: return opcode - OpcodeTable.DW_OP_REG0;
            case BREG: return opcode - OpcodeTable.DW_OP_BREG0;
            default: return operands.length > 0 ? operands[0] : 0;
        }
    }

    public long operand(int i) {
        return operands[i];
    }

    /** Whether this op is in the DW_OP_LLVM_user form (prefix byte and sub-opcode). */
    public boolean viaLlvmUser() {
        return subOpcode >= 0;
    }

    /** The operation's name as llvm-dwarfdump prints it (DW_OP_lit5, DW_OP_breg7, DW_OP_LLVM_user DW_OP_LLVM_nop). */
    public String name() {
        switch (operation) {
            case LIT: case REG: case BREG: return operation.dwarfName() + index();
            default: return viaLlvmUser() ? "DW_OP_LLVM_user " + operation.dwarfName() : operation.dwarfName();
        }
    }
}
