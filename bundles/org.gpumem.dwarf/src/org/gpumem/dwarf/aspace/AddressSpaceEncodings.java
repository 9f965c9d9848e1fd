package org.gpumem.dwarf.aspace;

import java.util.Arrays;

import org.gpumem.dwarf.info.DwAt;

/**
 * The numbers that carry address spaces in DWARF, where they are not fixed by a standard.
 * <p>
 * The DWARF proposal "General Support for Address Spaces" leaves the encodings of DW_OP_mem,
 * DW_OP_aspace_bregx and DW_AT_address_space "TBA", and its drafts disagree on DW_OP_mem's
 * operand order. gpumem therefore takes them as configuration. The defaults
 * ({@link #DEFAULTS}) are gpumem's own choice, used by the project's hand-made fixtures: opcodes
 * 0xee and 0xef and attribute 0x2d00 are in the user ranges and used by no vendor gpumem knows
 * of (LLVM's vendor opcodes are 0xe0-0xed and 0xf0-0xfd, its attributes 0x3e00-0x3e13). The
 * seed proposal's order (offset on top of the address space, as DWARF 5 DW_OP_xderef) is the
 * default.
 * <p>
 * LLVM's vendor encodings are real and fixed per LLVM release; the attribute numbers moved
 * between ROCm releases, so they are lists. The defaults hold current LLVM's numbers only: the
 * older ROCm DW_AT_LLVM_memory_space 0x3e0d is DW_AT_LLVM_coro_suspend_idx in current LLVM, so a
 * caller reading such old files adds it explicitly.
 *
 * @param memOpcode               opcode of the proposal's DW_OP_mem
 * @param aspaceBregxOpcode       opcode of the proposal's DW_OP_aspace_bregx
 * @param memOffsetOnTop          true: DW_OP_mem pops the offset (top) then the space (the seed
 *                                proposal); false: pops the space (top) then the offset (other drafts)
 * @param addressSpaceAttribute   DW_AT_address_space of the proposal
 * @param llvmAddressSpaceAttributes DW_AT_LLVM_address_space numbers (current LLVM: 0x3e10)
 * @param llvmMemorySpaceAttributes  DW_AT_LLVM_memory_space numbers (current 0x3e0f)
 * @param llvmHpCollidingForms    whether single-byte opcodes 0xe1-0xe6 are the old LLVM forms of
 *                                DW_OP_LLVM_form_aspace_address ... call_frame_entry_reg rather than
 *                                HP extensions (true for AMD's LLVM fork, which emitted them)
 */
public record AddressSpaceEncodings(int memOpcode, int aspaceBregxOpcode, boolean memOffsetOnTop,
        int addressSpaceAttribute, int[] llvmAddressSpaceAttributes, int[] llvmMemorySpaceAttributes,
        boolean llvmHpCollidingForms) {

    public static final AddressSpaceEncodings DEFAULTS = new AddressSpaceEncodings(0xee, 0xef, true, 0x2d00,
            new int[] {DwAt.LLVM_ADDRESS_SPACE}, new int[] {DwAt.LLVM_MEMORY_SPACE},
            false);

    public AddressSpaceEncodings {
        if (memOpcode == aspaceBregxOpcode) {
            throw new IllegalArgumentException("DW_OP_mem and DW_OP_aspace_bregx need distinct opcodes");
        }
        for (int code : new int[] {memOpcode, aspaceBregxOpcode}) {
            if (code < 0xe0 || code > 0xff) {
                throw new IllegalArgumentException("opcode 0x" + Integer.toHexString(code) + " outside DW_OP_lo_user..hi_user");
            }
        }
        llvmAddressSpaceAttributes = llvmAddressSpaceAttributes.clone();
        llvmMemorySpaceAttributes = llvmMemorySpaceAttributes.clone();
    }

    /** Encodings for a unit's producer: AMD's fork wrote the old single-byte LLVM forms. */
    public AddressSpaceEncodings forProducer(Producer producer) {
        boolean old = producer.kind() == Producer.Kind.AMD_CLANG;
        return old == llvmHpCollidingForms ? this : new AddressSpaceEncodings(memOpcode, aspaceBregxOpcode,
                memOffsetOnTop, addressSpaceAttribute, llvmAddressSpaceAttributes, llvmMemorySpaceAttributes, old);
    }

    public AddressSpaceEncodings withProposalOpcodes(int mem, int aspaceBregx) {
        return new AddressSpaceEncodings(mem, aspaceBregx, memOffsetOnTop, addressSpaceAttribute,
                llvmAddressSpaceAttributes, llvmMemorySpaceAttributes, llvmHpCollidingForms);
    }

    public AddressSpaceEncodings withMemOffsetOnTop(boolean offsetOnTop) {
        return new AddressSpaceEncodings(memOpcode, aspaceBregxOpcode, offsetOnTop, addressSpaceAttribute,
                llvmAddressSpaceAttributes, llvmMemorySpaceAttributes, llvmHpCollidingForms);
    }

    public AddressSpaceEncodings withLlvmAttributes(int[] addressSpace, int[] memorySpace) {
        return new AddressSpaceEncodings(memOpcode, aspaceBregxOpcode, memOffsetOnTop, addressSpaceAttribute,
                addressSpace, memorySpace, llvmHpCollidingForms);
    }

    public AddressSpaceEncodings withAddressSpaceAttribute(int attribute) {
        return new AddressSpaceEncodings(memOpcode, aspaceBregxOpcode, memOffsetOnTop, attribute,
                llvmAddressSpaceAttributes, llvmMemorySpaceAttributes, llvmHpCollidingForms);
    }

    /**
     * Which numbering a DIE attribute's value uses, or null when the attribute carries no
     * address space. DW_AT_address_class, DW_AT_address_space and DW_AT_LLVM_address_space /
     * memory_space are the attributes gpumem reads spaces from.
     */
    public NumberKind attributeKind(int attribute) {
        if (attribute == DwAt.ADDRESS_CLASS) {
            return NumberKind.ADDRESS_CLASS;
        }
        if (attribute == addressSpaceAttribute || contains(llvmAddressSpaceAttributes, attribute)) {
            return NumberKind.ADDRESS_SPACE;
        }
        if (contains(llvmMemorySpaceAttributes, attribute)) {
            return NumberKind.MEMORY_SPACE;
        }
        return null;
    }

    /** The attribute's name for printing, or null when it is not an address-space attribute. */
    public String attributeName(int attribute) {
        if (attribute == DwAt.ADDRESS_CLASS) {
            return "DW_AT_address_class";
        }
        if (attribute == addressSpaceAttribute) {
            return "DW_AT_address_space";
        }
        if (contains(llvmAddressSpaceAttributes, attribute)) {
            return "DW_AT_LLVM_address_space";
        }
        if (contains(llvmMemorySpaceAttributes, attribute)) {
            return "DW_AT_LLVM_memory_space";
        }
        return null;
    }

    private static boolean contains(int[] values, int value) {
        for (int v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AddressSpaceEncodings e && memOpcode == e.memOpcode && aspaceBregxOpcode == e.aspaceBregxOpcode
                && memOffsetOnTop == e.memOffsetOnTop && addressSpaceAttribute == e.addressSpaceAttribute
                && Arrays.equals(llvmAddressSpaceAttributes, e.llvmAddressSpaceAttributes)
                && Arrays.equals(llvmMemorySpaceAttributes, e.llvmMemorySpaceAttributes)
                && llvmHpCollidingForms == e.llvmHpCollidingForms;
    }

    @Override
    public int hashCode() {
        return memOpcode * 31 + aspaceBregxOpcode + addressSpaceAttribute;
    }

    @Override
    public int[] llvmAddressSpaceAttributes() {
        return llvmAddressSpaceAttributes.clone();
    }

    @Override
    public int[] llvmMemorySpaceAttributes() {
        return llvmMemorySpaceAttributes.clone();
    }
}
