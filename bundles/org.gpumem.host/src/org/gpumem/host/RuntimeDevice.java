package org.gpumem.host;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.host.internal.CudaError;
import org.gpumem.host.internal.SharedMemoryFile;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.ImageFormat;
import org.gpumem.images.Selection;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.KernelParameter;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.PtxVariable;

/**
 * The simulator as a program's CUDA device: the one place where the host bundle uses the
 * simulator's engine (device, modules, memory, launches), so that moving to its exported API
 * changes this class only. Global memory lives in the program's {@link SharedMemoryFile}.
 */
final class RuntimeDevice {
    private final String target;
    private final org.gpumem.sim.exec.SimulatedDevice device;
    private final DeviceFacts facts;

    public RuntimeDevice(String target, SharedMemoryFile memory) {
        this.target = target;
        this.device = new org.gpumem.sim.exec.SimulatedDevice(target, new GlobalMemory(SimulatorTarget.GLOBAL_BASE, memory.size(), memory), BlockCompiler.INSTANCE);
        this.facts = DeviceFacts.of(device.smVersion());
    }

    /**
     * Checks that the simulator can model {@code target}.
     *
     * @throws IllegalArgumentException naming the expected form (sm_NN)
     */
    public static void checkTarget(String target) {
        new org.gpumem.sim.exec.SimulatedDevice(target, 1, BlockCompiler.INSTANCE);
    }

    public org.gpumem.sim.exec.SimulatedDevice device() {
        return device;
    }

    public String name() {
        return "gpumem simulator (" + target + ")";
    }

    /**
     * The device description libcudart turns into cudaDeviceProp and device attributes, by
     * cudaDeviceProp field name (plus clockRate), all from the device's {@link DeviceFacts}
     * but its global memory. Fields left out read as 0: the simulator does not have what they
     * describe (textures, caches, ECC, a PCI location, concurrent kernels...).
     */
    public Map<String, Long> properties() {
        Map<String, Long> p = new LinkedHashMap<>();
        int sm = facts.smVersion();
        p.put("major", (long) sm / 10);
        p.put("minor", (long) sm % 10);
        p.put("totalGlobalMem", device.global().capacity());
        p.put("sharedMemPerBlock", facts.sharedBytesPerBlock());
        p.put("sharedMemPerBlockOptin", facts.sharedBytesPerBlockOptin());
        // The per-SM limits are the ones the debugger keeps CTAs resident by (occupancy queries use them).
        p.put("sharedMemPerMultiprocessor", facts.sharedBytesPerSm());
        p.put("reservedSharedMemPerBlock", facts.reservedSharedBytesPerBlock());
        p.put("totalConstMem", facts.constantBytes());
        p.put("regsPerBlock", (long) facts.registersPerBlock());
        p.put("regsPerMultiprocessor", (long) facts.registersPerSm());
        p.put("warpSize", (long) facts.warpSize());
        p.put("memPitch", GlobalMemory.MAX_ALLOCATION);
        p.put("maxThreadsPerBlock", (long) facts.maxThreadsPerBlock());
        Dim3 block = facts.maxBlock();
        Dim3 grid = facts.maxGrid();
        long[] maxBlock = {block.x(), block.y(), block.z()};
        long[] maxGrid = {grid.x(), grid.y(), grid.z()};
        for (int i = 0; i < 3; i++) {
            p.put("maxThreadsDim[" + i + "]", maxBlock[i]);
            p.put("maxGridSize[" + i + "]", maxGrid[i]);
        }
        p.put("multiProcessorCount", (long) facts.multiprocessors());
        p.put("maxThreadsPerMultiProcessor", (long) facts.maxThreadsPerSm());
        p.put("maxBlocksPerMultiProcessor", (long) facts.maxBlocksPerSm());
        p.put("clockRate", facts.clockKhz());
        p.put("unifiedAddressing", 1L);
        p.put("canMapHostMemory", 1L);
        p.put("managedMemory", 1L);
        p.put("directManagedMemAccessFromHost", 1L);
        // host code and kernels share one coherent memory at every call (the runtime's managed.c)
        p.put("concurrentManagedAccess", 1L);
        // stream-ordered allocation from memory pools (the runtime's pool.c); no handle export
        p.put("memoryPoolsSupported", 1L);
        // cudaLaunchCooperativeKernel: every CTA of a grid that fits the device resident at once
        p.put("cooperativeLaunch", 1L);
        // CUDA arrays, textures and surfaces (the runtime's textures.c), with the limits of CUDA's
        // compute capability 9.0 devices; textures over linear memory may start at any allocation
        // (aligned to 256 bytes, as the simulator's global memory aligns them)
        p.put("textureAlignment", GlobalMemory.ALIGN);
        p.put("texturePitchAlignment", 32L);
        p.put("surfaceAlignment", GlobalMemory.ALIGN);
        p.put("maxTexture1D", 131072L);
        p.put("maxTexture1DLinear", 1L << 28);
        p.put("maxTexture2D[0]", 131072L);
        p.put("maxTexture2D[1]", 65536L);
        p.put("maxTexture3D[0]", 16384L);
        p.put("maxTexture3D[1]", 16384L);
        p.put("maxTexture3D[2]", 16384L);
        p.put("maxSurface1D", 32768L);
        p.put("computeMode", 0L);
        return p;
    }

    /** The device's facts: what {@link #properties()} reports and the occupancy functions count with. */
    public DeviceFacts facts() {
        return facts;
    }

    public long allocate(long bytes) {
        return device.allocate(bytes);
    }

    public void free(long address) {
        device.free(address);
    }

    /** Where the generic window onto the const bank starts on this device. */
    private long constBase() {
        return device.layout().base(PtxStateSpace.CONST);
    }

    /** A fatbin that could not become a module, with the CUDA error its launches return. */
    public static final class ModuleException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int error;

        ModuleException(int error, String message) {
            super(message);
            this.error = error;
        }

        public int error() {
            return error;
        }
    }

    /** A fatbin's PTX image loaded on this device. */
    public record Module(String image, DeviceModule loaded) {
    }

    /**
     * Loads the PTX image of {@code fatbin} that this device would JIT-compile (the simulator
     * runs PTX, not SASS). A program built with {@code nvcc -rdc=true} registers the fatbin nvlink
     * made (SASS only) with the relocatable fatbins of its translation units, whose PTX images
     * are the device code the simulator runs.
     *
     * @param relocatable the translation units' fatbins of a program linked by nvlink, else empty
     */
    public Module load(String name, byte[] fatbin, List<byte[]> relocatable) throws ModuleException {
        try {
            if (!relocatable.isEmpty()) {
                return loadRelocatable(name, relocatable);
            }
            Catalog catalog = new CatalogReader().read(name, ByteBuffer.wrap(fatbin));
            DeviceImage image = chosenPtx(name, catalog);
            String imageName = name + " [" + image.suggestedFileName() + "]";
            PtxModule module = PtxLoader.load(imageName, ptxText(image));
            return new Module(imageName, device.load(module));
        } catch (InputFormatException e) {
            throw new ModuleException(CudaError.INVALID_PTX, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ModuleException(CudaError.NO_KERNEL_IMAGE_FOR_DEVICE, name + ": " + e.getMessage());
        }
    }

    /** The PTX image of a fatbin the device would JIT-compile, or why there is none. */
    private DeviceImage chosenPtx(String name, Catalog catalog) throws ModuleException {
        List<DeviceImage> ptx = SimulatedImages.ptx(catalog.images());
        List<String> others = new ArrayList<>();
        for (DeviceImage image : catalog.images()) {
            if (image.format() != ImageFormat.PTX) {
                others.add(image.suggestedFileName());
            }
        }
        if (ptx.isEmpty()) {
            throw new ModuleException(CudaError.NO_KERNEL_IMAGE_FOR_DEVICE, name + " has no PTX image"
                    + (others.isEmpty() ? "" : " (only " + String.join(", ", others) + ")")
                    + "; the simulator runs PTX: build with -arch=sm_NN or -gencode arch=compute_NN,code=[sm_NN,compute_NN]");
        }
        Selection s = SimulatedImages.select(name, ptx, target);
        if (s.chosen().isEmpty()) {
            throw new ModuleException(CudaError.NO_KERNEL_IMAGE_FOR_DEVICE, s.explanation());
        }
        return s.chosen().get();
    }

    /** The translation units' PTX of an -rdc program, as one module. */
    private Module loadRelocatable(String name, List<byte[]> units) throws ModuleException, InputFormatException {
        List<String> names = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < units.size(); i++) {
            String unit = name + " (translation unit " + (i + 1) + " of " + units.size() + ")";
            DeviceImage image = chosenPtx(unit, new CatalogReader().read(unit, ByteBuffer.wrap(units.get(i))));
            names.add(unit + " [" + image.suggestedFileName() + "]");
            texts.add(ptxText(image));
        }
        if (texts.size() == 1) {
            return new Module(names.get(0), device.load(PtxLoader.load(names.get(0), texts.get(0))));
        }
        // the units' PTX linked into one program, as nvlink links their SASS
        String linked = name + " (" + texts.size() + " translation units linked)";
        return new Module(linked, device.load(PtxLoader.link(linked, names, texts)));
    }

    /** A fatbin's PTX, NUL-terminated and padded: the loader ends the text at the NUL. */
    private static String ptxText(DeviceImage image) {
        ByteBuffer payload = image.payload();
        byte[] bytes = new byte[payload.remaining()];
        payload.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * What cudaFuncGetAttributes reports of a kernel, and its parameter sizes. As for PTX the
     * driver compiles: {@code ptxVersion} is the virtual architecture the PTX targets (CUB picks
     * its tuning policy by it), {@code binaryVersion} the device's.
     */
    public record KernelInfo(String name, int[] paramSizes, long staticShared, long constBytes, long localBytes,
            int maxThreadsPerBlock, int registers, int ptxVersion, int binaryVersion, int maxDynamicShared) {
    }

    public KernelInfo kernelInfo(Module m, String kernel) {
        DeviceModule loaded = m.loaded();
        PtxFunction f = loaded.entry(kernel);
        List<KernelParameter> params = loaded.kernel(kernel).params();
        int[] sizes = new int[params.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = params.get(i).size();
        }
        PtxModule ptx = loaded.module();
        long local = Launch.localBytesPerThread(ptx, f);
        long shared = f.staticSharedBytes();
        return new KernelInfo(kernel, sizes, shared, loaded.constBank().length, local, facts.maxThreadsPerBlock(),
                f.registerCount() - f.declaredBase(), digits(ptx.target()), device.smVersion(),
                (int) Math.max(0, facts.sharedBytesPerBlock() - shared));
    }

    /**
     * cudaOccupancyMaxActiveBlocksPerMultiprocessor: how many CTAs of {@code threads} threads
     * launched with {@code dynamicShared} bytes of dynamic shared memory the device's SM keeps
     * resident, as the debugger keeps them ({@link DeviceFacts#residentBlocks}); 0 when such a
     * CTA cannot be launched.
     */
    public int residentBlocks(Module m, String kernel, long threads, long dynamicShared) {
        return facts.residentBlocks(threads, m.loaded().entry(kernel).ctaSharedBytes(dynamicShared));
    }

    /**
     * cudaOccupancyAvailableDynamicSMemPerBlock: the dynamic shared memory each of
     * {@code blocks} resident CTAs of the kernel may have ({@link DeviceFacts#availableDynamicSharedBytes}).
     */
    public long availableDynamicShared(Module m, String kernel, int blocks) {
        return facts.availableDynamicSharedBytes(blocks, m.loaded().entry(kernel).dynamicSharedOffset());
    }

    private static int digits(String s) {
        String d = s.replaceAll("[^0-9]", "");
        return d.isEmpty() ? 0 : Integer.parseInt(d);
    }

    /** Where a module variable lives: a global address mapped in the program, or a const-bank offset behind the generic window. */
    public record Place(long address, long size, boolean mapped) {
    }

    /** The variable of this name, or null when the module has none. */
    public Place variable(Module m, String name) {
        DeviceModule loaded = m.loaded();
        PtxVariable v = loaded.module().variable(name);
        if (v == null) {
            return null;
        }
        Long global = loaded.globalAddress(name);
        if (global != null) {
            return new Place(global, v.size(), true);
        }
        Long constant = loaded.constOffset(name);
        return constant == null ? null : new Place(constBase() + constant, v.size(), false);
    }

    /** Copies into a variable; false when [offset, offset + bytes) is not inside it. */
    public boolean writeVariable(Module m, String name, long offset, byte[] bytes) {
        Place p = variable(m, name);
        if (p == null || offset < 0 || offset + bytes.length > p.size()) {
            return false;
        }
        if (p.mapped()) {
            device.write(p.address() + offset, bytes);
        } else {
            System.arraycopy(bytes, 0, m.loaded().constBank(), (int) (p.address() - constBase() + offset),
                    bytes.length);
        }
        return true;
    }

    /** Bytes of a variable, or null when [offset, offset + count) is not inside it. */
    public byte[] readVariable(Module m, String name, long offset, int count) {
        Place p = variable(m, name);
        if (p == null || offset < 0 || count < 0 || offset + count > p.size()) {
            return null;
        }
        if (p.mapped()) {
            return device.read(p.address() + offset, count);
        }
        byte[] out = new byte[count];
        System.arraycopy(m.loaded().constBank(), (int) (p.address() - constBase() + offset), out, 0, count);
        return out;
    }

    /**
     * A launch of a module's kernel with its arguments' bytes.
     *
     * @throws IllegalArgumentException when the extents or shared size are out of range
     */
    public ProgramLaunch launch(HostProcess process, int sequence, Module m, String kernel, int[] grid, int[] block, int sharedBytes,
            List<byte[]> args, long stream, boolean cooperative, boolean fromGraph) {
        LaunchConfig.Builder b = LaunchConfig.builder(kernel).grid(grid[0], grid[1], grid[2])
                .block(block[0], block[1], block[2]).sharedBytes(sharedBytes).cooperative(cooperative);
        args.forEach(b::argBytes);
        ProgramLaunch launch = new ProgramLaunch(process, sequence, m.loaded(), b.build(), stream, cooperative, fromGraph);
        launch.prepare(ExecOptions.defaults().withWorkers(1)); // validates now, before the runner sees it
        return launch;
    }

    /** The CUDA error a fault turns into, as a GPU reports it. */
    public static int errorOf(Fault fault) {
        switch (fault.kind()) {
            case MISALIGNED:
                return CudaError.MISALIGNED_ADDRESS;
            case INSTRUCTION_BUDGET:
            case STOPPED:
                return CudaError.LAUNCH_TIMEOUT;
            case ASSERTION:
                return CudaError.ASSERT;
            case STACK_OVERFLOW:
                return CudaError.HARDWARE_STACK_ERROR;
            case ILLEGAL_INSTRUCTION:
                return CudaError.ILLEGAL_INSTRUCTION;
            case DEADLOCK:
            case TRAP:
            case HEAP_MISUSE:
                return CudaError.LAUNCH_FAILURE;
            default:
                return CudaError.ILLEGAL_ADDRESS;
        }
    }

    /** The simulated time of a launch, from the warp instructions it issued and {@link DeviceFacts#CLOCK_KHZ}. */
    public static long nanoseconds(LaunchResult result) {
        return result.warpInstructions() * 1_000_000 / DeviceFacts.CLOCK_KHZ / DeviceFacts.MULTIPROCESSORS;
    }
}
