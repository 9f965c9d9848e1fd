package org.gpumem.sim.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

import org.gpumem.model.Target;
import org.gpumem.sim.Device;
import org.gpumem.sim.TextureTable;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.shadow.DeviceShadow;

/**
 * The simulator's {@link Device}: global memory, the address spaces of {@link SimulatorTarget}
 * with the {@link StateSpaceLayout} the interpreter derives from them once, here, and the
 * {@link FunctionCompiler} of its fast launches.
 */
public final class SimulatedDevice implements Device {
    private final String target;
    private final int smVersion;
    private final GlobalMemory global;
    private final Target spaces;
    private final StateSpaceLayout layout;
    private final FunctionCompiler compiler;
    private long heapBytes = DeviceHeap.DEFAULT_BYTES;
    private DeviceHeap heap;
    /** The memory checks of this device's launches, or null when they are off (the engines then pay nothing). */
    private DeviceShadow checks;
    private static final int GRID_BARRIER_BYTES = 16;
    private final TextureTable textures = new TextureTable();
    private long gridBarrier;

    /**
     * @param target compute capability as PTX names it, e.g. {@code sm_90}
     * @param globalBytes size of global memory
     * @param compiler what compiles functions for {@link ExecEngine#FAST} launches
     */
    public SimulatedDevice(String target, long globalBytes, FunctionCompiler compiler) {
        this(target, new GlobalMemory(globalBytes), compiler);
    }

    /**
     * A device whose global memory is {@code global}, e.g. memory another process maps at the
     * same addresses.
     *
     * @param target compute capability as PTX names it, e.g. {@code sm_90}
     * @param compiler what compiles functions for {@link ExecEngine#FAST} launches
     */
    public SimulatedDevice(String target, GlobalMemory global, FunctionCompiler compiler) {
        if (target == null || !target.matches("sm_\\d{2,3}[a-z]?")) {
            throw new IllegalArgumentException("device must be sm_NN (e.g. sm_90): " + target);
        }
        this.target = target;
        this.smVersion = Integer.parseInt(target.replaceAll("[^0-9]", ""));
        this.global = global;
        this.spaces = SimulatorTarget.create();
        this.layout = StateSpaceLayout.of(spaces);
        this.compiler = compiler;
    }

    /** The device behind an API reference: only the simulator implements {@link Device}. */
    public static SimulatedDevice of(Device device) {
        return (SimulatedDevice) device;
    }

    @Override
    public String target() {
        return target;
    }

    @Override
    public int smVersion() {
        return smVersion;
    }

    @Override
    public Target addressSpaces() {
        return spaces;
    }

    /** The constants the interpreter takes from {@link #addressSpaces()}. */
    public StateSpaceLayout layout() {
        return layout;
    }

    public GlobalMemory global() {
        return global;
    }

    /** What compiles functions for the fast launches of this device's modules. */
    FunctionCompiler compiler() {
        return compiler;
    }

    /**
     * Checks every later launch on this device with {@code tools} (one CTA at a time, every
     * instruction the checks look at shown to them before it executes: they see every access of
     * every lane in order). What global memory holds now
     * (buffers, module variables) counts as written; later allocations as written only where
     * something writes them. Once per device.
     *
     * @return the checker, where the findings collect
     */
    public synchronized MemoryChecker enableChecks(Set<CheckTool> tools) {
        if (checks != null) {
            throw new IllegalStateException("memory checks are on already");
        }
        DeviceShadow s = new DeviceShadow(tools, global);
        GlobalMemory.Segments now = global.segments();
        for (int i = 0; i < now.count(); i++) {
            s.allocated(now.start(i), now.end(i) - now.start(i));
            s.describe(now.start(i), now.end(i) - now.start(i), null, true);
        }
        if (heap != null) {
            s.heapRegion(heap.base());
        }
        checks = s;
        return s;
    }

    /** The memory checks of this device, or null when they are off. */
    synchronized DeviceShadow checks() {
        return checks;
    }

    /** The size of the device heap kernels' malloc uses ({@code cudaLimitMallocHeapSize}). */
    public synchronized long mallocHeapBytes() {
        return heapBytes;
    }

    /**
     * Sets the device heap's size, as {@code cudaDeviceSetLimit(cudaLimitMallocHeapSize)} does.
     *
     * @return false when the heap exists already (a kernel using malloc was launched): its size is fixed
     */
    public synchronized boolean setMallocHeapBytes(long bytes) {
        if (bytes <= 0 || bytes > GlobalMemory.MAX_ALLOCATION) {
            throw new IllegalArgumentException("the device heap must be 1.." + GlobalMemory.MAX_ALLOCATION + " bytes: " + bytes);
        }
        if (heap != null) {
            return bytes == heapBytes;
        }
        heapBytes = bytes;
        return true;
    }

    /**
     * The grid barrier's workspace of cooperative launches (16 bytes of global memory, allocated
     * the first time a cooperative launch is made, never while one runs), zeroed for the launch
     * being made: cooperative groups count the CTAs arriving at {@code this_grid().sync()} there.
     * Launches of one device run one after the other, so they share it.
     */
    synchronized long gridBarrier() {
        if (gridBarrier == 0) {
            gridBarrier = global.allocate(GRID_BARRIER_BYTES, 256);
        }
        global.write(gridBarrier, new byte[GRID_BARRIER_BYTES]);
        return gridBarrier;
    }

    @Override
    public TextureTable textures() {
        return textures;
    }

    /** The device heap, allocated in global memory the first time a launch needs it. */
    synchronized DeviceHeap heap() {
        if (heap == null) {
            heap = new DeviceHeap(global.allocate(heapBytes, 256), heapBytes);
            if (checks != null) {
                checks.heapRegion(heap.base());
            }
        }
        return heap;
    }

    @Override
    public long allocate(long bytes) {
        return global.allocate(bytes, 256);
    }

    @Override
    public void free(long address) {
        global.free(address);
    }

    @Override
    public byte[] read(long address, int length) {
        return global.read(address, length);
    }

    @Override
    public void write(long address, byte[] bytes) {
        global.write(address, bytes);
    }

    @Override
    public DeviceModule load(String name, String ptx) {
        return load(PtxLoader.load(name, ptx));
    }

    @Override
    public DeviceModule load(Path ptxFile) throws IOException {
        return load(PtxLoader.load(ptxFile));
    }

    /**
     * Loads a decoded module on this device: allocates and initializes its {@code .global}
     * variables and its {@code .const} bank.
     *
     * @throws IllegalArgumentException if the module targets a newer GPU than this device or
     *         its variables do not fit
     */
    public DeviceModule load(PtxModule module) {
        String t = module.target();
        String digits = t.startsWith("sm_") ? t.replaceAll("[^0-9]", "") : "";
        if (!digits.isEmpty()) {
            // more digits than any GPU's version is newer too, and must not overflow the parse
            if (digits.length() > 6 || Integer.parseInt(digits) > smVersion) {
                throw new IllegalArgumentException(module.name() + " targets " + t + ", newer than the device " + target);
            }
        }
        return new DeviceModule(this, module);
    }
}
