package org.gpumem.dwarf.aspace;

import org.gpumem.dwarf.elf.ElfFile;

/** The device family whose address-space numbering applies to a unit. */
public enum DeviceFamily {
    NVIDIA,
    AMDGPU,
    /** A CPU or unknown target: only DW_ASPACE_default. */
    OTHER;

    public static DeviceFamily fromElfMachine(int machine) {
        return machine == ElfFile.EM_CUDA ? NVIDIA : machine == ElfFile.EM_AMDGPU ? AMDGPU : OTHER;
    }
}
