package org.gpumem.dwarf.aspace;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The vendor address-space tables and the choice among them by target and DW_AT_producer.
 * <p>
 * Sources: NVIDIA's PTX state spaces as cuda-gdb numbers them in DW_AT_address_class; the
 * DW_ASPACE_AMDGPU_* numbering of LLVM's AMDGPUUsage; the DW_ADDR_LLVM_* address classes of
 * AMD's LLVM fork; DW_MSPACE_LLVM_*. Upstream clang for AMDGPU changed its numbering between
 * releases (measured on the Debian builds): clang 19 writes private = 1 and local = 2 (both in
 * DW_AT_address_class and in the {@code DW_OP_litN DW_OP_swap DW_OP_xderef} pattern) while
 * clang 22 writes the DW_ASPACE_AMDGPU numbers (local = 3, private_lane = 5). Releases 20 and
 * 21 were not measured; they are read with the newer numbering ({@link #FIRST_CLANG_WITH_ASPACE_NUMBERS}).
 */
public final class AddressSpaceRegistry {
    /** First upstream clang major version assumed to write DW_ASPACE_AMDGPU numbers. */
    public static final int FIRST_CLANG_WITH_ASPACE_NUMBERS = 20;

    private AddressSpaceRegistry() {
    }

    /** The numbering for a unit of {@code target} written by {@code producer}. */
    public static AddressSpaceNumbering numbering(DeviceFamily target, Producer producer, int unitAddressSize) {
        DeviceFamily effective = target == DeviceFamily.OTHER && producer.kind() == Producer.Kind.NVIDIA ? DeviceFamily.NVIDIA : target;
        switch (effective) {
            case NVIDIA:
                return nvidia();
            case AMDGPU:
                if (producer.kind() == Producer.Kind.AMD_CLANG) {
                    return amdgpu("amdgpu-rocm", ROCM_ADDRESS_CLASSES, IDENTITY_AMDGPU);
                }
                if (producer.kind() == Producer.Kind.CLANG && producer.majorVersion() < FIRST_CLANG_WITH_ASPACE_NUMBERS) {
                    return amdgpu("amdgpu-llvm19", CLANG19_NUMBERS, CLANG19_NUMBERS);
                }
                return amdgpu("amdgpu-llvm22", IDENTITY_AMDGPU, IDENTITY_AMDGPU);
            default:
                return other(unitAddressSize);
        }
    }

    /** Convenience for callers holding the raw DW_AT_producer string and ELF e_machine. */
    public static AddressSpaceNumbering numbering(int elfMachine, String producer, int unitAddressSize) {
        return numbering(DeviceFamily.fromElfMachine(elfMachine), Producer.parse(producer), unitAddressSize);
    }

    // ---- NVIDIA: PTX state spaces (cuda-gdb ptxStorageKind), used as address class and space.
    private static final Object[][] PTX_STATE_SPACES = {
        // id, name, address size, scope
        {0L, "unspecified", 8, StorageScope.DEVICE},
        {1L, "code", 8, StorageScope.DEVICE},
        {2L, "reg", 4, StorageScope.LANE},
        {3L, "sreg", 4, StorageScope.LANE},
        {4L, "const", 4, StorageScope.DEVICE},
        {5L, "global", 8, StorageScope.DEVICE},
        {6L, "local", 4, StorageScope.LANE},
        {7L, "param", 4, StorageScope.FRAME},
        {8L, "shared", 4, StorageScope.WORK_GROUP},
        {9L, "surf", 8, StorageScope.DEVICE},
        {10L, "tex", 8, StorageScope.DEVICE},
        {11L, "texsampler", 8, StorageScope.DEVICE},
        {12L, "generic", 8, StorageScope.DEVICE},
        {13L, "iparam", 4, StorageScope.FRAME},
        {14L, "oparam", 4, StorageScope.FRAME},
        {15L, "frame", 4, StorageScope.FRAME},
        {16L, "ureg", 4, StorageScope.WARP},
    };
    /** Space a DW_OP_addr / plain pointer of nvcc code points into: generic addresses. */
    private static final long PTX_DEFAULT = 12;

    private static AddressSpaceNumbering nvidia() {
        Map<Long, DwarfAddressSpace> spaces = spaces("nvidia-ptx", PTX_STATE_SPACES);
        Map<Long, Long> identity = identity(spaces);
        Map<NumberKind, Map<Long, Long>> kinds = new EnumMap<>(NumberKind.class);
        kinds.put(NumberKind.ADDRESS_CLASS, identity);
        kinds.put(NumberKind.ADDRESS_SPACE, identity);
        kinds.put(NumberKind.MEMORY_SPACE, MSPACE_TO_PTX);
        return new AddressSpaceNumbering("nvidia-ptx", "nvidia-ptx", 8, spaces, kinds, PTX_DEFAULT);
    }

    // ---- AMDGPU: DW_ASPACE_AMDGPU_* (address sizes for a 64-bit process).
    private static final Object[][] AMDGPU_SPACES = {
        {0L, "global", 8, StorageScope.DEVICE},
        {1L, "generic", 8, StorageScope.DEVICE},
        {2L, "region", 4, StorageScope.DEVICE},
        {3L, "local", 4, StorageScope.WORK_GROUP},
        {5L, "private_lane", 4, StorageScope.LANE},
        {6L, "private_wave", 4, StorageScope.WARP},
    };
    private static final Map<Long, Long> IDENTITY_AMDGPU = pairs(0, 0, 1, 1, 2, 2, 3, 3, 5, 5, 6, 6);
    /** clang 19 (TargetInfo::getDWARFAddressSpace): none = 0, private = 1, local = 2. */
    private static final Map<Long, Long> CLANG19_NUMBERS = pairs(0, 0, 1, 5, 2, 3);
    /** DW_ADDR_none (generic), LLVM_global, LLVM_constant, LLVM_group, LLVM_private, AMDGPU_region. */
    private static final Map<Long, Long> ROCM_ADDRESS_CLASSES = pairs(0, 1, 1, 0, 2, 0, 3, 3, 4, 5, 0x8000, 2);
    /** DW_MSPACE_LLVM_none/global/constant/group/private. */
    private static final Map<Long, Long> MSPACE_TO_AMDGPU = pairs(0, 1, 1, 0, 2, 0, 3, 3, 4, 5);
    private static final Map<Long, Long> MSPACE_TO_PTX = pairs(0, 12, 1, 5, 2, 4, 3, 8, 4, 6);

    private static AddressSpaceNumbering amdgpu(String name, Map<Long, Long> addressClasses, Map<Long, Long> addressSpaces) {
        Map<NumberKind, Map<Long, Long>> kinds = new EnumMap<>(NumberKind.class);
        kinds.put(NumberKind.ADDRESS_CLASS, addressClasses);
        kinds.put(NumberKind.ADDRESS_SPACE, addressSpaces);
        kinds.put(NumberKind.MEMORY_SPACE, MSPACE_TO_AMDGPU);
        return new AddressSpaceNumbering(name, "amdgpu", 8, spaces("amdgpu", AMDGPU_SPACES), kinds, 0);
    }

    private static AddressSpaceNumbering other(int unitAddressSize) {
        Map<Long, DwarfAddressSpace> spaces = new LinkedHashMap<>();
        spaces.put(0L, new DwarfAddressSpace("default", 0, "default", unitAddressSize, StorageScope.DEVICE, true));
        Map<NumberKind, Map<Long, Long>> kinds = new EnumMap<>(NumberKind.class);
        kinds.put(NumberKind.ADDRESS_SPACE, pairs(0, 0));
        kinds.put(NumberKind.ADDRESS_CLASS, pairs(0, 0));
        return new AddressSpaceNumbering("default", "default", unitAddressSize, spaces, kinds, 0);
    }

    private static Map<Long, DwarfAddressSpace> spaces(String family, Object[][] rows) {
        Map<Long, DwarfAddressSpace> spaces = new LinkedHashMap<>();
        for (Object[] row : rows) {
            long id = (Long) row[0];
            spaces.put(id, new DwarfAddressSpace(family, id, (String) row[1], (Integer) row[2], (StorageScope) row[3], true));
        }
        return spaces;
    }

    private static Map<Long, Long> identity(Map<Long, DwarfAddressSpace> spaces) {
        Map<Long, Long> map = new LinkedHashMap<>();
        spaces.keySet().forEach(id -> map.put(id, id));
        return map;
    }

    private static Map<Long, Long> pairs(long... numberThenId) {
        Map<Long, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < numberThenId.length; i += 2) {
            map.put(numberThenId[i], numberThenId[i + 1]);
        }
        return map;
    }
}
