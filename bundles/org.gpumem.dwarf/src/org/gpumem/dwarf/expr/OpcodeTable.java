package org.gpumem.dwarf.expr;

import java.util.Map;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;

/**
 * The byte values of the operations: one table per set of {@link AddressSpaceEncodings}, because
 * the proposal's operations have configured opcodes and AMD's LLVM fork reused HP's 0xe1-0xe6.
 */
public final class OpcodeTable {
    public static final int DW_OP_LIT0 = 0x30;
    public static final int DW_OP_REG0 = 0x50;
    public static final int DW_OP_BREG0 = 0x70;
    public static final int DW_OP_LLVM_USER = 0xe9;

    private static final Map<Integer, Operation> STANDARD = Map.ofEntries(
            Map.entry(0x03, Operation.ADDR), Map.entry(0x06, Operation.DEREF),
            Map.entry(0x08, Operation.CONST1U), Map.entry(0x09, Operation.CONST1S),
            Map.entry(0x0a, Operation.CONST2U), Map.entry(0x0b, Operation.CONST2S),
            Map.entry(0x0c, Operation.CONST4U), Map.entry(0x0d, Operation.CONST4S),
            Map.entry(0x0e, Operation.CONST8U), Map.entry(0x0f, Operation.CONST8S),
            Map.entry(0x10, Operation.CONSTU), Map.entry(0x11, Operation.CONSTS),
            Map.entry(0x12, Operation.DUP), Map.entry(0x13, Operation.DROP), Map.entry(0x14, Operation.OVER),
            Map.entry(0x15, Operation.PICK), Map.entry(0x16, Operation.SWAP), Map.entry(0x17, Operation.ROT),
            Map.entry(0x18, Operation.XDEREF), Map.entry(0x19, Operation.ABS), Map.entry(0x1a, Operation.AND),
            Map.entry(0x1b, Operation.DIV), Map.entry(0x1c, Operation.MINUS), Map.entry(0x1d, Operation.MOD),
            Map.entry(0x1e, Operation.MUL), Map.entry(0x1f, Operation.NEG), Map.entry(0x20, Operation.NOT),
            Map.entry(0x21, Operation.OR), Map.entry(0x22, Operation.PLUS), Map.entry(0x23, Operation.PLUS_UCONST),
            Map.entry(0x24, Operation.SHL), Map.entry(0x25, Operation.SHR), Map.entry(0x26, Operation.SHRA),
            Map.entry(0x27, Operation.XOR), Map.entry(0x28, Operation.BRA), Map.entry(0x29, Operation.EQ),
            Map.entry(0x2a, Operation.GE), Map.entry(0x2b, Operation.GT), Map.entry(0x2c, Operation.LE),
            Map.entry(0x2d, Operation.LT), Map.entry(0x2e, Operation.NE), Map.entry(0x2f, Operation.SKIP),
            Map.entry(0x90, Operation.REGX), Map.entry(0x91, Operation.FBREG), Map.entry(0x92, Operation.BREGX),
            Map.entry(0x93, Operation.PIECE), Map.entry(0x94, Operation.DEREF_SIZE),
            Map.entry(0x95, Operation.XDEREF_SIZE), Map.entry(0x96, Operation.NOP),
            Map.entry(0x97, Operation.PUSH_OBJECT_ADDRESS), Map.entry(0x98, Operation.CALL2),
            Map.entry(0x99, Operation.CALL4), Map.entry(0x9a, Operation.CALL_REF),
            Map.entry(0x9b, Operation.FORM_TLS_ADDRESS), Map.entry(0x9c, Operation.CALL_FRAME_CFA),
            Map.entry(0x9d, Operation.BIT_PIECE), Map.entry(0x9e, Operation.IMPLICIT_VALUE),
            Map.entry(0x9f, Operation.STACK_VALUE), Map.entry(0xa0, Operation.IMPLICIT_POINTER),
            Map.entry(0xa1, Operation.ADDRX), Map.entry(0xa2, Operation.CONSTX),
            Map.entry(0xa3, Operation.ENTRY_VALUE), Map.entry(0xa4, Operation.CONST_TYPE),
            Map.entry(0xa5, Operation.REGVAL_TYPE), Map.entry(0xa6, Operation.DEREF_TYPE),
            Map.entry(0xa7, Operation.XDEREF_TYPE), Map.entry(0xa8, Operation.CONVERT),
            Map.entry(0xa9, Operation.REINTERPRET),
            Map.entry(0xe0, Operation.GNU_PUSH_TLS_ADDRESS), Map.entry(0xf0, Operation.GNU_UNINIT),
            Map.entry(0xf2, Operation.GNU_IMPLICIT_POINTER), Map.entry(0xf3, Operation.GNU_ENTRY_VALUE),
            Map.entry(0xf4, Operation.GNU_CONST_TYPE), Map.entry(0xf5, Operation.GNU_REGVAL_TYPE),
            Map.entry(0xf6, Operation.GNU_DEREF_TYPE), Map.entry(0xf7, Operation.GNU_CONVERT),
            Map.entry(0xf9, Operation.GNU_REINTERPRET), Map.entry(0xfa, Operation.GNU_PARAMETER_REF),
            Map.entry(0xfb, Operation.GNU_ADDR_INDEX), Map.entry(0xfc, Operation.GNU_CONST_INDEX),
            Map.entry(0xfd, Operation.GNU_VARIABLE_VALUE),
            // LLVM's old single-byte forms that collide with nothing.
            Map.entry(0xe7, Operation.LLVM_UNDEFINED), Map.entry(0xe8, Operation.LLVM_ASPACE_BREGX),
            Map.entry(0xea, Operation.LLVM_PIECE_END), Map.entry(0xeb, Operation.LLVM_EXTEND),
            Map.entry(0xec, Operation.LLVM_SELECT_BIT_PIECE));

    /** LLVM's old single-byte forms that HP extensions also use. */
    private static final Map<Integer, Operation> HP_COLLIDING = Map.of(
            0xe1, Operation.LLVM_FORM_ASPACE_ADDRESS, 0xe2, Operation.LLVM_PUSH_LANE,
            0xe3, Operation.LLVM_OFFSET, 0xe4, Operation.LLVM_OFFSET_UCONST,
            0xe5, Operation.LLVM_BIT_OFFSET, 0xe6, Operation.LLVM_CALL_FRAME_ENTRY_REG);

    /** DW_OP_LLVM_user sub-operations (LLVM's Dwarf.def). */
    private static final Operation[] LLVM_USER_SUB_OPS = {
        null, Operation.LLVM_NOP, Operation.LLVM_FORM_ASPACE_ADDRESS, Operation.LLVM_PUSH_LANE,
        Operation.LLVM_OFFSET, Operation.LLVM_OFFSET_UCONST, Operation.LLVM_BIT_OFFSET,
        Operation.LLVM_CALL_FRAME_ENTRY_REG, Operation.LLVM_UNDEFINED, Operation.LLVM_ASPACE_BREGX,
        Operation.LLVM_PIECE_END, Operation.LLVM_EXTEND, Operation.LLVM_SELECT_BIT_PIECE,
    };

    private final Operation[] byOpcode = new Operation[256];
    private final AddressSpaceEncodings encodings;

    public OpcodeTable(AddressSpaceEncodings encodings) {
        this.encodings = encodings;
        STANDARD.forEach((code, op) -> byOpcode[code] = op);
        for (int i = 0; i < 32; i++) {
            byOpcode[DW_OP_LIT0 + i] = Operation.LIT;
            byOpcode[DW_OP_REG0 + i] = Operation.REG;
            byOpcode[DW_OP_BREG0 + i] = Operation.BREG;
        }
        if (encodings.llvmHpCollidingForms()) {
            HP_COLLIDING.forEach((code, op) -> byOpcode[code] = op);
        }
        place(encodings.memOpcode(), Operation.MEM);
        place(encodings.aspaceBregxOpcode(), Operation.ASPACE_BREGX);
    }

    private void place(int code, Operation op) {
        if (byOpcode[code] != null || code == DW_OP_LLVM_USER) {
            throw new IllegalArgumentException(op.dwarfName() + " opcode 0x" + Integer.toHexString(code)
                    + " is already " + (code == DW_OP_LLVM_USER ? "DW_OP_LLVM_user" : byOpcode[code].dwarfName()));
        }
        byOpcode[code] = op;
    }

    public AddressSpaceEncodings encodings() {
        return encodings;
    }

    /** The operation of a single-byte opcode, or null when unknown (0xe9 gives null: see {@link #userSubOperation}). */
    public Operation operation(int opcode) {
        return byOpcode[opcode & 0xff];
    }

    /** The DW_OP_LLVM_user sub-operation with that number, or null. */
    public static Operation userSubOperation(long subOpcode) {
        return subOpcode > 0 && subOpcode < LLVM_USER_SUB_OPS.length ? LLVM_USER_SUB_OPS[(int) subOpcode] : null;
    }

    /** The sub-operation number of an LLVM user operation. */
    public static int userSubOpcode(Operation op) {
        for (int i = 1; i < LLVM_USER_SUB_OPS.length; i++) {
            if (LLVM_USER_SUB_OPS[i] == op) {
                return i;
            }
        }
        throw new IllegalArgumentException(op + " is not a DW_OP_LLVM_user sub-operation");
    }
}
