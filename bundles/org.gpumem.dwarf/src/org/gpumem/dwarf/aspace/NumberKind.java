package org.gpumem.dwarf.aspace;

/** Which DWARF construct carries an address-space number: the numberings differ. */
public enum NumberKind {
    /**
     * Operands of DW_OP_mem, DW_OP_aspace_bregx, DW_OP_xderef*, DW_OP_LLVM_form_aspace_address,
     * and the values of DW_AT_address_space / DW_AT_LLVM_address_space.
     */
    ADDRESS_SPACE,
    /** Values of DW_AT_address_class (PTX state spaces for nvcc, DW_ADDR_* for LLVM). */
    ADDRESS_CLASS,
    /** Values of DW_AT_LLVM_memory_space (DW_MSPACE_LLVM_*: source-language memory spaces). */
    MEMORY_SPACE
}
