package org.gpumem.dwarf.aspace;

/** The device family whose address-space numbering applies to a unit. */
public enum Target {
    NVIDIA,
    AMDGPU,
    /** A CPU or unknown target: only DW_ASPACE_default. */
    OTHER;

    private static final int EM_CUDA = 190;
    private static final int EM_AMDGPU = 224;

    public static Target fromElfMachine(int machine) {
        return machine == EM_CUDA ? NVIDIA : machine == EM_AMDGPU ? AMDGPU : OTHER;
    }
}
