package org.gpumem.model.targets;

import java.util.List;
import java.util.Locale;

import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;

/**
 * The target descriptions of real GPUs gpumem knows: NVPTX, AMDGPU gfx9 (wave64 and wave32) and
 * Intel Xe. Each call returns a fresh {@link Target} (EMF objects have one container). Other
 * descriptions start from these ({@link #nvptxBased}: the simulator's own target, which its
 * bundle builds).
 *
 * <p>DWARF numbers and address sizes of the NVIDIA and AMDGPU spaces come from the DWARF
 * decoder's tables ({@link AddressSpaceRegistry}), so the two never disagree. Storage sizes are
 * defaults for states built without a launch that says otherwise; the lazy pool sources make a
 * large default cost nothing.
 */
public final class BuiltinTargets {

    private static final long KIB = 1024;
    private static final long GIB = 1024 * 1024 * 1024L;
    /** Per-lane private/local memory used for default pool sizes. */
    private static final long DEFAULT_PER_LANE_PRIVATE = 1 * KIB;

    /**
     * Where an NVPTX description puts the generic windows onto shared and local memory when no
     * driver reports its own: one 4 GiB window each (the spaces use 32-bit offsets), high in the
     * 64-bit generic space like the driver's. Descriptions built on NVPTX (the simulator's) keep
     * these and add windows of their own.
     */
    public static final long NVPTX_WINDOW_SIZE = 1L << 32;
    public static final long NVPTX_SHARED_WINDOW = 0x0000_7F00_0000_0000L;
    public static final long NVPTX_LOCAL_WINDOW = NVPTX_SHARED_WINDOW + NVPTX_WINDOW_SIZE;

    /** Interleaving of CUDA local memory and AMD private memory: 4-byte elements. */
    public static final int PRIVATE_ELEMENT_SIZE = 4;
    /**
     * Lanes of an NVIDIA warp, every GPU: the subgroup size of NVPTX descriptions and the lane
     * count of their local interleave. The simulator's device-facts table takes its lane count
     * from here, so the simulator's target and its table agree by construction.
     */
    public static final int NVPTX_WARP_SIZE = 32;
    /**
     * Shared memory an NVIDIA block has without opting in (static declarations at most this):
     * NVPTX's default shared storage size, and the simulator's device-facts table's.
     */
    public static final long NVPTX_SHARED_PER_BLOCK = 48 * KIB;

    /**
     * gfx9 flat apertures as the Linux KFD driver programs them (kfd_flat_memory.c,
     * MAKE_LDS_APP_BASE_V9 and MAKE_SCRATCH_APP_BASE_V9), each 4 GiB.
     */
    public static final long AMDGPU_LDS_APERTURE = 1L << 48;
    public static final long AMDGPU_SCRATCH_APERTURE = 2L << 48;
    public static final long AMDGPU_APERTURE_SIZE = 1L << 32;

    private BuiltinTargets() {
    }

    /** Every built-in target, one fresh instance each. */
    public static List<Target> all() {
        return List.of(nvptx("sm_90"), amdgpu("gfx90a", 64), amdgpu("gfx90a", 32), intelXe());
    }

    /**
     * The target for an architecture string: {@code nvptx sm_NN}, {@code amdgcn gfxNNN wave32|wave64},
     * {@code intel xe}.
     *
     * @throws IllegalArgumentException naming the accepted forms
     */
    public static Target forArchitecture(String architecture) {
        String[] words = architecture.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (words.length == 2 && words[0].equals("nvptx") && words[1].matches("sm_[0-9]+[a-z]?")) {
            return nvptx(words[1]);
        }
        if (words.length == 3 && words[0].equals("amdgcn") && words[1].matches("gfx9[0-9a-f]*")
                && (words[2].equals("wave64") || words[2].equals("wave32"))) {
            return amdgpu(words[1], Integer.parseInt(words[2].substring(4)));
        }
        if (words.length == 2 && words[0].equals("intel") && words[1].equals("xe")) {
            return intelXe();
        }
        throw new IllegalArgumentException("unknown architecture '" + architecture + "' (known: nvptx sm_NN, "
                + "amdgcn gfx9xx wave64, amdgcn gfx9xx wave32, intel xe)");
    }

    private static AddressSpaceNumbering nvidiaNumbers() {
        return AddressSpaceRegistry.numbering(org.gpumem.dwarf.aspace.DeviceFamily.NVIDIA, Producer.parse(""), 8);
    }

    private static AddressSpaceNumbering amdgpuNumbers() {
        return AddressSpaceRegistry.numbering(org.gpumem.dwarf.aspace.DeviceFamily.AMDGPU, Producer.parse(""), 8);
    }

    private static org.gpumem.dwarf.aspace.DwarfAddressSpace dwarf(AddressSpaceNumbering numbering, String name) {
        for (org.gpumem.dwarf.aspace.DwarfAddressSpace space : numbering.spaces()) {
            if (space.name().equals(name)) {
                return space;
            }
        }
        throw new IllegalStateException("the DWARF address-space table " + numbering.name() + " has no space " + name);
    }

    /**
     * Starts space {@code name} of an NVPTX-based description with the DWARF number and address
     * size nvcc's DWARF gives the PTX state space of that name ({@code tex}, {@code surf}...).
     */
    public static TargetBuilder.SpaceBuilder nvidiaSpace(TargetBuilder b, String name, Scope scope) {
        return space(b, nvidiaNumbers(), name, scope);
    }

    private static TargetBuilder.SpaceBuilder space(TargetBuilder b, AddressSpaceNumbering numbering, String name, Scope scope) {
        org.gpumem.dwarf.aspace.DwarfAddressSpace d = dwarf(numbering, name);
        return b.space(name, d.id(), d.addressSize() * 8, scope);
    }

    /**
     * NVPTX for an SM version, with generic windows onto shared and local memory at the given
     * bases. The bases of real GPUs are chosen by the driver; {@link #nvptx(String)} uses
     * {@link #NVPTX_SHARED_WINDOW} and {@link #NVPTX_LOCAL_WINDOW}.
     */
    public static Target nvptx(String sm, long sharedWindow, long localWindow) {
        TargetBuilder b = new TargetBuilder("NVPTX " + sm, "nvptx " + sm, NVPTX_WARP_SIZE,
                "NVIDIA PTX state spaces; local memory is interleaved across the 32 lanes of a warp in 4-byte words");
        nvidiaStorages(b, 4 * GIB);
        nvidiaGeneric(b, "Flat addresses: windows onto shared and local, global elsewhere",
                new WindowSpec(sharedWindow, NVPTX_WINDOW_SIZE, "shared"), new WindowSpec(localWindow, NVPTX_WINDOW_SIZE, "local"));
        nvidiaSpaces(b);
        return b.defaultSpace("generic").build();
    }

    public static Target nvptx(String sm) {
        return nvptx(sm, NVPTX_SHARED_WINDOW, NVPTX_LOCAL_WINDOW);
    }

    /**
     * The start of a description built on NVPTX: its storages (global of {@code globalSize} bytes)
     * and state spaces, generic with the default windows onto shared and local plus
     * {@code extraWindows} (onto spaces of NVPTX or of the caller, which adds its own spaces and
     * the default space before {@link TargetBuilder#build()}).
     */
    public static TargetBuilder nvptxBased(String name, String architecture, String description, long globalSize,
            String genericDescription, WindowSpec... extraWindows) {
        TargetBuilder b = new TargetBuilder(name, architecture, NVPTX_WARP_SIZE, description);
        nvidiaStorages(b, globalSize);
        WindowSpec[] windows = new WindowSpec[2 + extraWindows.length];
        windows[0] = new WindowSpec(NVPTX_SHARED_WINDOW, NVPTX_WINDOW_SIZE, "shared");
        windows[1] = new WindowSpec(NVPTX_LOCAL_WINDOW, NVPTX_WINDOW_SIZE, "local");
        System.arraycopy(extraWindows, 0, windows, 2, extraWindows.length);
        nvidiaGeneric(b, genericDescription, windows);
        nvidiaSpaces(b);
        return b;
    }

    private static void nvidiaStorages(TargetBuilder b, long globalSize) {
        b.storage("global", Scope.DEVICE, globalSize, false)
                .storage("const", Scope.DEVICE, 64 * KIB, true)
                .storage("param", Scope.GRID, 4 * KIB, true)
                .storage("shared", Scope.WORK_GROUP, NVPTX_SHARED_PER_BLOCK, false)
                .storage("local", Scope.SUBGROUP, DEFAULT_PER_LANE_PRIVATE * NVPTX_WARP_SIZE, false);
    }

    private static void nvidiaGeneric(TargetBuilder b, String description, WindowSpec... windows) {
        space(b, nvidiaNumbers(), "generic", Scope.LANE).aliases("flat").code("llvm-addrspace", 0).describe(description)
                .windows("global", windows);
    }

    private static void nvidiaSpaces(TargetBuilder b) {
        AddressSpaceNumbering n = nvidiaNumbers();
        space(b, n, "global", Scope.DEVICE).aliases("__device__", ".global").code("llvm-addrspace", 1).linear("global", 0);
        space(b, n, "shared", Scope.WORK_GROUP).aliases("__shared__", ".shared", "group").code("llvm-addrspace", 3)
                .linear("shared", 0);
        space(b, n, "local", Scope.LANE).aliases(".local", "private_lane", "private").code("llvm-addrspace", 5)
                .describe("Per-thread memory, stored lane-interleaved in the warp's local pool")
                .interleaved("local", PRIVATE_ELEMENT_SIZE, NVPTX_WARP_SIZE);
        space(b, n, "const", Scope.DEVICE).aliases("__constant__", ".const").code("llvm-addrspace", 4).readOnly()
                .linear("const", 0);
        space(b, n, "param", Scope.GRID).aliases(".param").code("llvm-addrspace", 101).readOnly()
                .describe("Kernel parameters of the launch").linear("param", 0);
    }

    /** AMDGPU gfx9-style with the given wavefront size (32 or 64). */
    public static Target amdgpu(String gfx, int wavefrontSize) {
        if (wavefrontSize != 32 && wavefrontSize != 64) {
            throw new IllegalArgumentException("wavefront size " + wavefrontSize + " (32 or 64)");
        }
        AddressSpaceNumbering n = amdgpuNumbers();
        String wave = "wave" + wavefrontSize;
        TargetBuilder b = new TargetBuilder("AMDGPU " + gfx + " " + wave, "amdgcn " + gfx + " " + wave, wavefrontSize,
                "AMDGPU DWARF address spaces; private_lane is private_wave swizzled in 4-byte elements");
        b.storage("global", Scope.DEVICE, 4 * GIB, false)
                .storage("gds", Scope.DEVICE, 64 * KIB, false)
                .storage("lds", Scope.WORK_GROUP, 64 * KIB, false)
                .storage("scratch", Scope.SUBGROUP, DEFAULT_PER_LANE_PRIVATE * wavefrontSize, false);
        space(b, n, "global", Scope.DEVICE).aliases("__device__").code("llvm-addrspace", 1).linear("global", 0);
        space(b, n, "generic", Scope.LANE).aliases("flat").code("llvm-addrspace", 0)
                .describe("Flat addresses: the LDS and scratch apertures, global elsewhere")
                .windows("global", new WindowSpec(AMDGPU_LDS_APERTURE, AMDGPU_APERTURE_SIZE, "local"),
                        new WindowSpec(AMDGPU_SCRATCH_APERTURE, AMDGPU_APERTURE_SIZE, "private_lane"));
        space(b, n, "region", Scope.DEVICE).aliases("GDS").code("llvm-addrspace", 2).linear("gds", 0);
        space(b, n, "local", Scope.WORK_GROUP).aliases("LDS", "__shared__", "group").code("llvm-addrspace", 3)
                .linear("lds", 0);
        space(b, n, "private_lane", Scope.LANE).aliases("private", "scratch").code("llvm-addrspace", 5)
                .describe("A lane's private memory: wave_offset = (lane_offset / 4) * wavefront_size * 4"
                        + " + lane_id * 4 + (lane_offset % 4)")
                .interleaved("scratch", PRIVATE_ELEMENT_SIZE, wavefrontSize);
        space(b, n, "private_wave", Scope.SUBGROUP).describe("The wavefront's private memory as stored")
                .linear("scratch", 0);
        return b.defaultSpace("global").build();
    }

    /**
     * Intel Xe: global, shared local memory and private memory. Intel assigns no DWARF
     * address-space numbers beyond DW_ASPACE_default (global); the SPIR-V storage classes and
     * OpenCL address spaces are recorded as vendor codes. Private memory is modelled per lane,
     * without the hardware's scratch layout; all pointers are 64-bit (SPIR-V Physical64).
     */
    public static Target intelXe() {
        TargetBuilder b = new TargetBuilder("Intel Xe", "intel xe", 16,
                "Intel Xe GPUs as SPIR-V / OpenCL see them: global, SLM per work-group, private per lane");
        b.storage("global", Scope.DEVICE, 4 * GIB, false)
                .storage("slm", Scope.WORK_GROUP, 64 * KIB, false)
                .storage("private", Scope.LANE, DEFAULT_PER_LANE_PRIVATE, false);
        b.space("global", 0, 64, Scope.DEVICE).aliases("__global", "CrossWorkgroup")
                .code("spirv-storage-class", 5).code("opencl-addrspace", 1).linear("global", 0);
        b.space("slm", -1, 64, Scope.WORK_GROUP).aliases("SLM", "__local", "Workgroup", "local")
                .code("spirv-storage-class", 4).code("opencl-addrspace", 3).linear("slm", 0);
        b.space("private", -1, 64, Scope.LANE).aliases("__private", "Function")
                .code("spirv-storage-class", 7).code("opencl-addrspace", 0).linear("private", 0);
        return b.defaultSpace("global").build();
    }
}
