package org.gpumem.dwarf.expr;

import static org.gpumem.dwarf.expr.OperandEncoding.*;

/**
 * Every DWARF expression operation gpumem decodes: DWARF 5, the GNU vendor operations, LLVM's
 * heterogeneous-debugging operations (as DW_OP_LLVM_user sub-operations and in their old
 * single-byte forms), and the address-space proposal's DW_OP_mem and DW_OP_aspace_bregx.
 * The byte values live in {@link OpcodeTable}; {@code lit}, {@code reg} and {@code breg} stand
 * for their 32 opcodes each.
 */
public enum Operation {
    ADDR("DW_OP_addr", ADDRESS),
    DEREF("DW_OP_deref"),
    CONST1U("DW_OP_const1u", U8), CONST1S("DW_OP_const1s", S8),
    CONST2U("DW_OP_const2u", U16), CONST2S("DW_OP_const2s", S16),
    CONST4U("DW_OP_const4u", U32), CONST4S("DW_OP_const4s", S32),
    CONST8U("DW_OP_const8u", U64), CONST8S("DW_OP_const8s", S64),
    CONSTU("DW_OP_constu", ULEB), CONSTS("DW_OP_consts", SLEB),
    DUP("DW_OP_dup"), DROP("DW_OP_drop"), OVER("DW_OP_over"), PICK("DW_OP_pick", U8),
    SWAP("DW_OP_swap"), ROT("DW_OP_rot"),
    /** Also the proposal's DW_OP_aspace_deref: pops the address (top), then the space. */
    XDEREF("DW_OP_xderef"),
    ABS("DW_OP_abs"), AND("DW_OP_and"), DIV("DW_OP_div"), MINUS("DW_OP_minus"), MOD("DW_OP_mod"),
    MUL("DW_OP_mul"), NEG("DW_OP_neg"), NOT("DW_OP_not"), OR("DW_OP_or"), PLUS("DW_OP_plus"),
    PLUS_UCONST("DW_OP_plus_uconst", ULEB), SHL("DW_OP_shl"), SHR("DW_OP_shr"), SHRA("DW_OP_shra"),
    XOR("DW_OP_xor"), BRA("DW_OP_bra", S16),
    EQ("DW_OP_eq"), GE("DW_OP_ge"), GT("DW_OP_gt"), LE("DW_OP_le"), LT("DW_OP_lt"), NE("DW_OP_ne"),
    SKIP("DW_OP_skip", S16),
    LIT("DW_OP_lit"), REG("DW_OP_reg"), BREG("DW_OP_breg", SLEB),
    REGX("DW_OP_regx", ULEB), FBREG("DW_OP_fbreg", SLEB), BREGX("DW_OP_bregx", ULEB, SLEB),
    PIECE("DW_OP_piece", ULEB), DEREF_SIZE("DW_OP_deref_size", U8),
    /** Also DW_OP_aspace_deref_size. */
    XDEREF_SIZE("DW_OP_xderef_size", U8),
    NOP("DW_OP_nop"), PUSH_OBJECT_ADDRESS("DW_OP_push_object_address"),
    CALL2("DW_OP_call2", U16), CALL4("DW_OP_call4", U32), CALL_REF("DW_OP_call_ref", REF_ADDR),
    FORM_TLS_ADDRESS("DW_OP_form_tls_address"), CALL_FRAME_CFA("DW_OP_call_frame_cfa"),
    BIT_PIECE("DW_OP_bit_piece", ULEB, ULEB), IMPLICIT_VALUE("DW_OP_implicit_value", ULEB, BLOCK),
    STACK_VALUE("DW_OP_stack_value"), IMPLICIT_POINTER("DW_OP_implicit_pointer", REF_ADDR, SLEB),
    ADDRX("DW_OP_addrx", ULEB), CONSTX("DW_OP_constx", ULEB),
    ENTRY_VALUE("DW_OP_entry_value", NESTED_EXPRESSION),
    CONST_TYPE("DW_OP_const_type", BASE_TYPE, U8, BLOCK),
    REGVAL_TYPE("DW_OP_regval_type", ULEB, BASE_TYPE),
    DEREF_TYPE("DW_OP_deref_type", U8, BASE_TYPE),
    /** Also DW_OP_aspace_deref_type. */
    XDEREF_TYPE("DW_OP_xderef_type", U8, BASE_TYPE),
    CONVERT("DW_OP_convert", BASE_TYPE), REINTERPRET("DW_OP_reinterpret", BASE_TYPE),

    GNU_PUSH_TLS_ADDRESS("DW_OP_GNU_push_tls_address"), GNU_UNINIT("DW_OP_GNU_uninit"),
    GNU_IMPLICIT_POINTER("DW_OP_GNU_implicit_pointer", REF_ADDR, SLEB),
    GNU_ENTRY_VALUE("DW_OP_GNU_entry_value", NESTED_EXPRESSION),
    GNU_CONST_TYPE("DW_OP_GNU_const_type", BASE_TYPE, U8, BLOCK),
    GNU_REGVAL_TYPE("DW_OP_GNU_regval_type", ULEB, BASE_TYPE),
    GNU_DEREF_TYPE("DW_OP_GNU_deref_type", U8, BASE_TYPE),
    GNU_CONVERT("DW_OP_GNU_convert", BASE_TYPE), GNU_REINTERPRET("DW_OP_GNU_reinterpret", BASE_TYPE),
    GNU_PARAMETER_REF("DW_OP_GNU_parameter_ref", U32),
    GNU_ADDR_INDEX("DW_OP_GNU_addr_index", ULEB), GNU_CONST_INDEX("DW_OP_GNU_const_index", ULEB),
    GNU_VARIABLE_VALUE("DW_OP_GNU_variable_value", REF_ADDR),

    /** The prefix byte 0xe9 itself; decoded ops carry the sub-operation instead. */
    LLVM_USER("DW_OP_LLVM_user"),
    LLVM_NOP("DW_OP_LLVM_nop"),
    /** Pops the address space (top), then the address: operands swapped relative to DW_OP_mem. */
    LLVM_FORM_ASPACE_ADDRESS("DW_OP_LLVM_form_aspace_address"),
    LLVM_PUSH_LANE("DW_OP_LLVM_push_lane"),
    LLVM_OFFSET("DW_OP_LLVM_offset"),
    LLVM_OFFSET_UCONST("DW_OP_LLVM_offset_uconst", ULEB),
    LLVM_BIT_OFFSET("DW_OP_LLVM_bit_offset"),
    LLVM_CALL_FRAME_ENTRY_REG("DW_OP_LLVM_call_frame_entry_reg", ULEB),
    LLVM_UNDEFINED("DW_OP_LLVM_undefined"),
    LLVM_ASPACE_BREGX("DW_OP_LLVM_aspace_bregx", ULEB, SLEB),
    LLVM_PIECE_END("DW_OP_LLVM_piece_end"),
    LLVM_EXTEND("DW_OP_LLVM_extend", ULEB, ULEB),
    LLVM_SELECT_BIT_PIECE("DW_OP_LLVM_select_bit_piece", ULEB, ULEB),

    /** The proposal's DW_OP_mem; opcode and operand order configurable. */
    MEM("DW_OP_mem"),
    /** The proposal's DW_OP_aspace_bregx; opcode configurable. */
    ASPACE_BREGX("DW_OP_aspace_bregx", ULEB, SLEB);

    private final String dwarfName;
    private final OperandEncoding[] operands;

    Operation(String dwarfName, OperandEncoding... operands) {
        this.dwarfName = dwarfName;
        this.operands = operands;
    }

    /** The DWARF name; for lit/reg/breg the name without the register or literal number. */
    public String dwarfName() {
        return dwarfName;
    }

    OperandEncoding[] operands() {
        return operands;
    }

    /** Whether this is one of LLVM's heterogeneous-debugging operations. */
    public boolean isLlvmUserOperation() {
        return ordinal() >= LLVM_NOP.ordinal() && ordinal() <= LLVM_SELECT_BIT_PIECE.ordinal();
    }
}
