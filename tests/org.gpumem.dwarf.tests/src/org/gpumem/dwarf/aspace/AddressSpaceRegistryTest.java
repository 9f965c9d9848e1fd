package org.gpumem.dwarf.aspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.List;

import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.Operation;
import org.gpumem.dwarf.expr.OpcodeTable;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

class AddressSpaceRegistryTest {

    @Test
    void ptxStateSpacesAsCudaGdbNumbersThem() {
        AddressSpaceNumbering ptx = AddressSpaceRegistry.numbering(190, "lgenfe: EDG 6.6", 8);
        String[] names = {"unspecified", "code", "reg", "sreg", "const", "global", "local", "param", "shared", "surf",
            "tex", "texsampler", "generic", "iparam", "oparam", "frame", "ureg"};
        for (int i = 0; i < names.length; i++) {
            assertEquals(names[i], ptx.resolve(NumberKind.ADDRESS_CLASS, i).name());
        }
        assertEquals(StorageScope.WORK_GROUP, ptx.resolve(NumberKind.ADDRESS_CLASS, 8).scope());
        assertEquals(StorageScope.LANE, ptx.resolve(NumberKind.ADDRESS_CLASS, 6).scope());
        assertEquals("generic", ptx.defaultSpace().name());
        DwarfAddressSpace unknown = ptx.resolve(NumberKind.ADDRESS_CLASS, 17);
        assertFalse(unknown.known());
        assertEquals("unknown_address_class_17", unknown.name());
        // A PTX file has no e_machine of its own; the producer alone selects NVIDIA.
        assertEquals("nvidia-ptx", AddressSpaceRegistry.numbering(0, "lgenfe: EDG 6.6", 8).name());
    }

    @Test
    void amdgpuSpacesAndTheirAddressSizes() {
        AddressSpaceNumbering amd = AddressSpaceRegistry.numbering(224, "Debian clang version 22.1.8 (1~deb12u1)", 8);
        assertEquals("amdgpu-llvm22", amd.name());
        List<String> names = amd.spaces().stream().map(DwarfAddressSpace::name).toList();
        assertEquals(List.of("global", "generic", "region", "local", "private_lane", "private_wave"), names);
        assertEquals(8, amd.resolve(NumberKind.ADDRESS_SPACE, 1).addressSize());
        assertEquals(4, amd.resolve(NumberKind.ADDRESS_SPACE, 3).addressSize());
        assertEquals(StorageScope.WARP, amd.resolve(NumberKind.ADDRESS_SPACE, 6).scope());
        assertEquals("local", amd.resolve(NumberKind.MEMORY_SPACE, 3).name());
        assertEquals(0x40, amd.resolve(NumberKind.ADDRESS_SPACE, 3).fit(0x1234567800000040L));
    }

    @Test
    void producerSelectsTheAmdgpuNumbering() {
        assertEquals("amdgpu-llvm19", AddressSpaceRegistry.numbering(224, "Debian clang version 19.1.7 (3~deb12u1)", 8).name());
        assertEquals("amdgpu-llvm22", AddressSpaceRegistry.numbering(224, "clang version 22.1.0", 8).name());
        AddressSpaceNumbering rocm = AddressSpaceRegistry.numbering(224,
                "AMD clang version 17.0.0 (https://github.com/RadeonOpenCompute/llvm-project roc-6.0.0)", 8);
        assertEquals("amdgpu-rocm", rocm.name());
        assertEquals("local", rocm.resolve(NumberKind.ADDRESS_CLASS, 3).name());
        assertEquals("region", rocm.resolve(NumberKind.ADDRESS_CLASS, 0x8000).name());
        assertEquals(17, Producer.parse("AMD clang version 17.0.0").majorVersion());
        assertEquals(Producer.Kind.UNKNOWN, Producer.parse("GNU C17 12.2.0").kind());
        AddressSpaceNumbering host = AddressSpaceRegistry.numbering(62, "GNU C17 12.2.0", 8);
        assertEquals(8, host.defaultSpace().addressSize());
        assertFalse(host.knows(NumberKind.ADDRESS_SPACE, 3));
    }

    @Test
    void addressSpaceAttributes() {
        AddressSpaceEncodings e = AddressSpaceEncodings.DEFAULTS;
        assertEquals(NumberKind.ADDRESS_CLASS, e.attributeKind(0x33));
        assertEquals(NumberKind.ADDRESS_SPACE, e.attributeKind(0x2d00));
        assertEquals(NumberKind.ADDRESS_SPACE, e.attributeKind(0x3e10));
        assertEquals(NumberKind.MEMORY_SPACE, e.attributeKind(0x3e0f));
        assertNull(e.attributeKind(0x3e0d), "0x3e0d is DW_AT_LLVM_coro_suspend_idx in current LLVM");
        assertEquals("DW_AT_address_space", e.attributeName(0x2d00));
        assertEquals(NumberKind.ADDRESS_SPACE, e.withAddressSpaceAttribute(0x2fff).attributeKind(0x2fff));
    }

    @Test
    void proposalOpcodesAreConfigurable() {
        AddressSpaceEncodings custom = AddressSpaceEncodings.DEFAULTS.withProposalOpcodes(0xf8, 0xfe);
        ExpressionDecoder d = new ExpressionDecoder(custom, 5, 8, 4);
        assertEquals(Operation.MEM, d.decode("t", null, new byte[] {0x33, 0x30, (byte) 0xf8}, ByteOrder.LITTLE_ENDIAN)
                .ops().get(2).operation());
        assertThrows(InputFormatException.class,
                () -> d.decode("t", null, new byte[] {(byte) 0xee}, ByteOrder.LITTLE_ENDIAN));
        assertThrows(IllegalArgumentException.class,
                () -> new OpcodeTable(AddressSpaceEncodings.DEFAULTS.withProposalOpcodes(0xe9, 0xef)));
        assertThrows(IllegalArgumentException.class,
                () -> new OpcodeTable(AddressSpaceEncodings.DEFAULTS.withProposalOpcodes(0xf3, 0xef)));
        assertThrows(IllegalArgumentException.class, () -> AddressSpaceEncodings.DEFAULTS.withProposalOpcodes(0x10, 0xef));
    }

    @Test
    void hpCollidingSingleByteFormsOnlyForAmdsFork() {
        byte[] bytes = {0x10, 0x40, 0x33, (byte) 0xe1};
        ExpressionDecoder plain = new ExpressionDecoder(AddressSpaceEncodings.DEFAULTS, 5, 8, 4);
        assertThrows(InputFormatException.class, () -> plain.decode("t", null, bytes, ByteOrder.LITTLE_ENDIAN));
        AddressSpaceEncodings rocm = AddressSpaceEncodings.DEFAULTS.forProducer(Producer.parse("AMD clang version 17.0.0"));
        assertTrue(rocm.llvmHpCollidingForms());
        ExpressionDecoder old = new ExpressionDecoder(rocm, 5, 8, 4);
        assertEquals("DW_OP_constu 0x40, DW_OP_lit3, DW_OP_LLVM_form_aspace_address",
                old.decode("t", null, bytes, ByteOrder.LITTLE_ENDIAN).toString());
    }

    @Test
    void ptxRegisterNamesArePackedAscii() {
        assertEquals("%rd1", RegisterNames.PTX.name(0x25726431L));
        assertEquals("%r22", RegisterNames.PTX.name(0x25723232L));
        assertNull(RegisterNames.PTX.name(5));
        assertNull(RegisterNames.PTX.name(0x41424344L), "not starting with %");
    }
}
