package org.gpumem.host;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.gpumem.host.internal.Channel;
import org.gpumem.host.internal.CudaError;
import org.gpumem.host.internal.MessageReader;
import org.gpumem.host.internal.MessageType;
import org.gpumem.host.internal.MessageWriter;
import org.gpumem.host.internal.ProtocolException;
import org.gpumem.host.internal.SharedMemoryFile;
import org.gpumem.host.internal.TextureObjects;
import org.gpumem.sim.Device;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.TextureArray;
import org.gpumem.sim.UnsupportedKernelException;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;

/**
 * Serves one process of the program: reads its runtime's requests and answers each
 * (PROTOCOL.md). Runs on its own thread from the first message to the process's exit.
 */
final class RuntimeConnection implements HostProcess, Runnable {
    /** What a connection needs from its session. */
    public record Settings(String programName, String device, long memoryBytes, Path memoryFolder, HostListener listener,
            KernelRunner runner) {
    }

    private final Channel channel;
    private final Settings settings;
    /** The LAUNCH flag of a cooperative launch (LAUNCH_COOPERATIVE of the runtime's runtime.h). */
    private static final int LAUNCH_COOPERATIVE = 1;
    /** The LAUNCH flag of a graph's kernel node (LAUNCH_GRAPH). */
    private static final int LAUNCH_GRAPH = 2;
    /** HELLO's flag of a checked device: the library reports host writes (HOST_WRITE) and refused frees (BAD_FREE). */
    private static final int HELLO_CHECKED = 1;
    /** Relocatable fatbins a REGISTER_MODULE carries at most (translation units of one program). */
    private static final int MAX_TRANSLATION_UNITS = 1 << 16;
    /** Return addresses an ALLOCATE carries at most (CALLER_FRAMES of the runtime's memory.c). */
    private static final int MAX_CALLER_FRAMES = 8;
    private final HostListener listener;
    private final Map<Long, RegisteredModule> modules = new HashMap<>();
    private final Map<Long, Registration> functions = new HashMap<>();
    private final Map<Long, Registration> variables = new HashMap<>();
    private final TreeMap<Long, DeviceAllocation> allocations = new TreeMap<>();
    /** Each pool block as its pool allocated it (kind and the block's bytes), while gpumem holds it: what a POOL_BLOCK changes. */
    private final Map<Long, DeviceAllocation> poolBlocks = new HashMap<>();
    private final Set<String> reportedUnsupported = new HashSet<>();
    /** Refusals reported, by kernel and problem: a program that retries a refused launch hears of it once. */
    private final Set<String> reportedRefusals = new HashSet<>();
    /** Device printf output of finished launches, not yet fetched by the program at a synchronisation. */
    private final ByteArrayOutputStream deviceOutput = new ByteArrayOutputStream();
    private volatile long pid = -1;
    private volatile int launches;
    private SharedMemoryFile memory;
    private RuntimeDevice device;
    /** The device's memory checks, or null when they are off. */
    private volatile MemoryChecker checker;
    private volatile Throwable failure;

    /** A fatbin as registered, and what loading it gave. */
    private static final class RegisteredModule {
        final long id;
        byte[] fatbin;
        /** The translation units' relocatable fatbins of an nvcc -rdc=true program (empty otherwise). */
        List<byte[]> relocatable;
        final List<Registration> variables = new ArrayList<>();
        RuntimeDevice.Module loaded;
        RuntimeDevice.ModuleException problem;

        RegisteredModule(long id, byte[] fatbin, List<byte[]> relocatable) {
            this.id = id;
            this.fatbin = fatbin;
            this.relocatable = relocatable;
        }
    }

    /** A kernel or variable registered under the address of its host stub or shadow. */
    private record Registration(long key, RegisteredModule module, String name, long size) {
    }

    public RuntimeConnection(Channel channel, Settings settings) {
        this.channel = channel;
        this.settings = settings;
        this.listener = settings.listener();
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public Device device() {
        return device == null ? null : device.device();
    }

    @Override
    public MemoryChecker enableChecks(Set<CheckTool> tools) {
        checker = device.device().enableChecks(tools);
        return checker;
    }

    @Override
    public synchronized List<DeviceAllocation> allocations() {
        return List.copyOf(allocations.values());
    }

    @Override
    public int launchCount() {
        return launches;
    }

    /** What ended the connection other than the program's exit or a protocol error (a bug), or null. */
    public Throwable failure() {
        return failure;
    }

    @Override
    public void run() {
        String problem = null;
        try (channel) {
            MessageReader request;
            while ((request = channel.read()) != null) {
                channel.reply(request.type(), handle(request));
            }
        } catch (IOException e) {
            problem = e.getMessage();
        } catch (RuntimeException | Error e) {
            failure = e;
            problem = "internal error: " + e;
        } finally {
            if (memory != null) {
                try {
                    memory.close();
                } catch (IOException e) {
                    problem = problem != null ? problem : "cannot delete " + memory.path() + ": " + e.getMessage();
                }
            }
            if (pid >= 0 || problem != null) {
                listener.disconnected(this, problem);
            }
        }
    }

    private MessageWriter handle(MessageReader r) throws IOException {
        if (device == null && r.type() != MessageType.HELLO) {
            throw new ProtocolException(r.type() + " request before HELLO");
        }
        switch (r.type()) {
            case HELLO:
                return hello(r);
            case REGISTER_MODULE:
                return registerModule(r);
            case REGISTER_FUNCTION:
            case REGISTER_VARIABLE:
                return register(r);
            case MODULE_END:
                return moduleEnd(r);
            case UNREGISTER_MODULE:
                r.u64();
                r.end();
                return new MessageWriter(CudaError.SUCCESS);
            case FUNCTION_INFO:
                return functionInfo(r);
            case LAUNCH:
                return launch(r);
            case ALLOCATE:
                return allocate(r);
            case FREE:
                return free(r);
            case SYMBOL_WRITE:
            case SYMBOL_READ:
                return symbol(r);
            case SYNCHRONIZE:
                r.end();
                return synchronize();
            case UNSUPPORTED:
                return unsupported(r);
            case RESET:
                r.end();
                return reset();
            case SET_HEAP_SIZE:
                return setHeapSize(r);
            case OCCUPANCY:
                return occupancy(r);
            case AVAILABLE_DYNAMIC_SHARED:
                return availableDynamicShared(r);
            case POOL_BLOCK:
                return poolBlock(r);
            case TEXTURE_CREATE:
                return new MessageWriter(CudaError.SUCCESS).u64(TextureObjects.create(r, device.device().textures()));
            case TEXTURE_DESTROY:
                return new MessageWriter(TextureObjects.destroy(r, device.device().textures()) ? CudaError.SUCCESS
                        : CudaError.INVALID_VALUE);
            case ARRAY_DESCRIBE:
                return describeArray(r);
            case HOST_WRITE:
                return hostWrite(r);
            case BAD_FREE:
                return badFree(r);
            default:
                throw new ProtocolException("no handler for " + r.type());
        }
    }

    /** cudaDeviceSetLimit(cudaLimitMallocHeapSize): fixed once a kernel using malloc was launched, as in CUDA. */
    private MessageWriter setHeapSize(MessageReader r) throws IOException {
        long bytes = r.u64();
        r.end();
        try {
            return new MessageWriter(device.device().setMallocHeapBytes(bytes) ? CudaError.SUCCESS : CudaError.INVALID_VALUE);
        } catch (IllegalArgumentException e) {
            return new MessageWriter(CudaError.INVALID_VALUE);
        }
    }

    private MessageWriter hello(MessageReader r) throws IOException {
        int version = r.u32();
        long processId = r.u32() & 0xFFFF_FFFFL;
        r.end();
        if (device != null) {
            throw new ProtocolException("a second HELLO");
        }
        if (version != MessageType.VERSION) {
            throw new ProtocolException("the program's libcudart speaks protocol " + version + ", gpumem "
                    + MessageType.VERSION + " (use the library that comes with this gpumem)");
        }
        memory = SharedMemoryFile.create(settings.memoryFolder(), "device-" + processId + "-",
                SimulatorTarget.GLOBAL_BASE, settings.memoryBytes());
        device = new RuntimeDevice(settings.device(), memory);
        pid = processId;
        listener.connected(this);
        MessageWriter w = new MessageWriter(CudaError.SUCCESS).string("").string(memory.path().toString())
                .u64(memory.base()).u64(memory.size()).string(device.name());
        Map<String, Long> properties = device.properties();
        w.u32(properties.size());
        properties.forEach((name, value) -> w.string(name).u64(value));
        return w.u32(checker != null ? HELLO_CHECKED : 0);
    }

    private MessageWriter registerModule(MessageReader r) throws IOException {
        long id = r.u64();
        byte[] fatbin = r.bytes();
        int units = r.u32();
        if (units > MAX_TRANSLATION_UNITS) {
            throw new ProtocolException("REGISTER_MODULE with " + units + " relocatable fatbins");
        }
        List<byte[]> relocatable = new ArrayList<>();
        for (int i = 0; i < units; i++) {
            relocatable.add(r.bytes());
        }
        r.end();
        if (modules.containsKey(id)) {
            throw new ProtocolException("module " + id + " registered twice");
        }
        modules.put(id, new RegisteredModule(id, fatbin, relocatable));
        return new MessageWriter(CudaError.SUCCESS);
    }

    private RegisteredModule module(long id) throws ProtocolException {
        RegisteredModule m = modules.get(id);
        if (m == null) {
            throw new ProtocolException("no module " + id);
        }
        return m;
    }

    private MessageWriter register(MessageReader r) throws IOException {
        RegisteredModule m = module(r.u64());
        long key = r.u64();
        String name = r.string();
        if (r.type() == MessageType.REGISTER_FUNCTION) {
            r.end();
            functions.put(key, new Registration(key, m, name, 0));
        } else {
            long size = r.u64();
            r.u32(); // constant / managed flags: the module's PTX says where the variable lives
            r.end();
            Registration v = new Registration(key, m, name, size);
            variables.put(key, v);
            m.variables.add(v);
        }
        return new MessageWriter(CudaError.SUCCESS);
    }

    private MessageWriter moduleEnd(MessageReader r) throws IOException {
        RegisteredModule m = module(r.u64());
        r.end();
        if (m.fatbin == null) {
            throw new ProtocolException("module " + m.id + " ended twice");
        }
        try {
            m.loaded = device.load(settings.programName() + " (fatbin " + m.id + ")", m.fatbin, m.relocatable);
            listener.moduleLoaded(this, m.loaded.image());
        } catch (RuntimeDevice.ModuleException e) {
            m.problem = e;
            listener.moduleRejected(this, e.getMessage());
        }
        m.fatbin = null;
        m.relocatable = List.of();
        if (m.problem != null) {
            return new MessageWriter(m.problem.error()).string(m.problem.getMessage());
        }
        MessageWriter w = new MessageWriter(CudaError.SUCCESS).string("").u32(m.variables.size());
        for (Registration v : m.variables) {
            RuntimeDevice.Place p = device.variable(m.loaded, v.name());
            w.u64(v.key()).u64(p == null ? 0 : p.address()).u64(p == null ? 0 : p.size()).u32(p != null && p.mapped() ? 1 : 0);
            if (p != null && p.mapped()) {
                added(new DeviceAllocation(p.address(), p.size(), DeviceAllocation.Kind.VARIABLE, v.name(), List.of()));
            }
        }
        return w;
    }

    /** The module's load error, or success when it loaded. */
    private static int status(RegisteredModule m) {
        return m.loaded != null ? CudaError.SUCCESS : m.problem != null ? m.problem.error() : CudaError.INVALID_KERNEL_IMAGE;
    }

    private MessageWriter functionInfo(MessageReader r) throws IOException {
        Registration f = functions.get(r.u64());
        r.end();
        if (f == null) {
            return new MessageWriter(CudaError.INVALID_DEVICE_FUNCTION);
        }
        if (status(f.module()) != CudaError.SUCCESS) {
            return new MessageWriter(status(f.module()));
        }
        RuntimeDevice.KernelInfo k;
        try {
            k = device.kernelInfo(f.module().loaded, f.name());
        } catch (IllegalArgumentException e) {
            refused(f.name(), e.getMessage());
            return new MessageWriter(CudaError.INVALID_DEVICE_FUNCTION);
        }
        MessageWriter w = new MessageWriter(CudaError.SUCCESS).string(k.name()).u32(k.paramSizes().length);
        for (int s : k.paramSizes()) {
            w.u32(s);
        }
        return w.u64(k.staticShared()).u64(k.constBytes()).u64(k.localBytes()).u32(k.maxThreadsPerBlock())
                .u32(k.registers()).u32(k.ptxVersion()).u32(k.binaryVersion()).u32(k.maxDynamicShared());
    }

    /** Whether {@code f} is a kernel of a module that loaded: success, or the error its calls return. */
    private static int usable(Registration f) {
        return f == null ? CudaError.INVALID_DEVICE_FUNCTION : status(f.module());
    }

    /** cudaOccupancyMaxActiveBlocksPerMultiprocessor, counted by the device's facts (the C library asks, it does not count). */
    private MessageWriter occupancy(MessageReader r) throws IOException {
        Registration f = functions.get(r.u64());
        long threads = r.u32() & 0xFFFF_FFFFL;
        long dynamicShared = r.u64();
        r.end();
        if (usable(f) != CudaError.SUCCESS) {
            return new MessageWriter(usable(f)).u32(0);
        }
        try {
            return new MessageWriter(CudaError.SUCCESS).u32(device.residentBlocks(f.module().loaded, f.name(), threads, dynamicShared));
        } catch (IllegalArgumentException e) {
            return new MessageWriter(CudaError.INVALID_DEVICE_FUNCTION).u32(0); // no such kernel: as FUNCTION_INFO answers
        }
    }

    /** cudaOccupancyAvailableDynamicSMemPerBlock, counted by the device's facts. */
    private MessageWriter availableDynamicShared(MessageReader r) throws IOException {
        Registration f = functions.get(r.u64());
        int blocks = r.u32();
        r.end();
        if (usable(f) != CudaError.SUCCESS) {
            return new MessageWriter(usable(f)).u64(0);
        }
        if (blocks < 1) {
            return new MessageWriter(CudaError.INVALID_VALUE).u64(0);
        }
        try {
            return new MessageWriter(CudaError.SUCCESS).u64(device.availableDynamicShared(f.module().loaded, f.name(), blocks));
        } catch (IllegalArgumentException e) {
            return new MessageWriter(CudaError.INVALID_DEVICE_FUNCTION).u64(0); // no such kernel: as FUNCTION_INFO answers
        }
    }

    private MessageWriter launch(MessageReader r) throws IOException {
        Registration f = functions.get(r.u64());
        int[] grid = {r.u32(), r.u32(), r.u32()};
        int[] block = {r.u32(), r.u32(), r.u32()};
        long shared = r.u64();
        long stream = r.u64();
        int flags = r.u32();
        if ((flags & ~(LAUNCH_COOPERATIVE | LAUNCH_GRAPH)) != 0) {
            throw new ProtocolException("LAUNCH with flags 0x" + Integer.toHexString(flags));
        }
        int n = r.u32();
        List<byte[]> args = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            args.add(r.bytes());
        }
        r.end();
        if (f == null) {
            return new MessageWriter(CudaError.INVALID_DEVICE_FUNCTION).u64(0).u32(0);
        }
        if (status(f.module()) != CudaError.SUCCESS) {
            return new MessageWriter(status(f.module())).u64(0).u32(0);
        }
        ProgramLaunch launch;
        try {
            if (shared > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(shared + " bytes of dynamic shared memory");
            }
            launch = device.launch(this, launches + 1, f.module().loaded, f.name(), grid, block, (int) shared, args, stream,
                    (flags & LAUNCH_COOPERATIVE) != 0, (flags & LAUNCH_GRAPH) != 0);
        } catch (UnsupportedKernelException e) {
            // lazy loading: the kernel's code is refused at its first launch, as a JIT failure
            refused(f.name(), e.getMessage());
            return new MessageWriter(CudaError.INVALID_PTX).u64(0).u32(0);
        } catch (IllegalArgumentException e) {
            refused(f.name(), e.getMessage());
            return new MessageWriter(CudaError.INVALID_CONFIGURATION).u64(0).u32(0);
        }
        launches++;
        listener.launchStarting(this, launch);
        LaunchResult result = settings.runner().run(launch);
        listener.launchFinished(this, launch, result);
        deviceOutput.writeBytes(result.deviceOutput());
        int status = result.completed() ? CudaError.SUCCESS : RuntimeDevice.errorOf(result.fault());
        return new MessageWriter(status).u64(RuntimeDevice.nanoseconds(result)).u32(deviceOutput.size());
    }

    /** The return addresses of a runtime call (ALLOCATE, POOL_BLOCK): a count, then as many addresses. */
    private static List<Long> callers(MessageReader r, MessageType type) throws IOException {
        int frames = r.u32();
        if (frames < 1 || frames > MAX_CALLER_FRAMES) {
            throw new ProtocolException(type + " with " + frames + " return addresses (1 to " + MAX_CALLER_FRAMES + ")");
        }
        Long[] callers = new Long[frames];
        for (int i = 0; i < frames; i++) {
            callers[i] = r.u64();
        }
        return List.of(callers);
    }

    /** The kinds of ALLOCATE and FREE (enum allocation_kind of the runtime's runtime.h). */
    private static DeviceAllocation.Kind kind(int kind, MessageType type) throws ProtocolException {
        return switch (kind) {
            case 0 -> DeviceAllocation.Kind.DEVICE;
            case 1 -> DeviceAllocation.Kind.MANAGED;
            case 2 -> DeviceAllocation.Kind.HOST;
            case 3 -> DeviceAllocation.Kind.POOL; // a device pool's block: on the device only
            case 5 -> DeviceAllocation.Kind.MANAGED_POOL;
            case 4 -> DeviceAllocation.Kind.GRAPH;
            case 6 -> DeviceAllocation.Kind.ARRAY;
            case 8 -> DeviceAllocation.Kind.CONDITION;
            default -> throw new ProtocolException(type + " of kind " + kind);
        };
    }

    private MessageWriter allocate(MessageReader r) throws IOException {
        long size = r.u64();
        DeviceAllocation.Kind k = kind(r.u32(), MessageType.ALLOCATE);
        List<Long> callers = callers(r, MessageType.ALLOCATE);
        String entry = r.string();
        r.end();
        long address;
        try {
            address = device.allocate(size);
        } catch (IllegalArgumentException e) {
            return new MessageWriter(CudaError.MEMORY_ALLOCATION).u64(0);
        }
        added(new DeviceAllocation(address, size, k, entry, callers));
        return new MessageWriter(CudaError.SUCCESS).u64(address);
    }

    private void added(DeviceAllocation a) {
        synchronized (this) {
            allocations.put(a.address(), a);
            if (a.kind() == DeviceAllocation.Kind.POOL || a.kind() == DeviceAllocation.Kind.MANAGED_POOL) {
                poolBlocks.put(a.address(), a);
            }
        }
        listener.allocated(this, a);
    }

    private void removed(DeviceAllocation a) {
        if (a.kind() == DeviceAllocation.Kind.ARRAY) {
            device.device().textures().removeArray(a.address());
        }
        device.free(a.address());
        synchronized (this) {
            allocations.remove(a.address());
            poolBlocks.remove(a.address());
        }
        listener.freed(this, a);
    }

    /** A CUDA array's format, extent and levels, for the allocation the runtime just made for it. */
    private MessageWriter describeArray(MessageReader r) throws IOException {
        TextureArray array = TextureObjects.array(r);
        DeviceAllocation a;
        synchronized (this) {
            a = allocations.get(array.address());
        }
        if (a == null || a.kind() != DeviceAllocation.Kind.ARRAY || a.size() != array.bytes()) {
            throw new ProtocolException(MessageType.ARRAY_DESCRIBE + " of 0x" + Long.toHexString(array.address()) + ", "
                    + array.bytes() + " bytes, which is no array's allocation");
        }
        device.device().textures().addArray(array);
        return new MessageWriter(CudaError.SUCCESS);
    }

    private MessageWriter free(MessageReader r) throws IOException {
        long address = r.u64();
        DeviceAllocation.Kind kind = kind(r.u32(), MessageType.FREE);
        r.end();
        DeviceAllocation a;
        synchronized (this) {
            a = allocations.get(address);
        }
        // cudaFree frees device and managed memory; the pools and graph memory free their own blocks
        boolean matches = a != null && switch (kind) {
            case DEVICE -> a.kind() == DeviceAllocation.Kind.DEVICE || a.kind() == DeviceAllocation.Kind.MANAGED;
            case POOL, MANAGED_POOL -> a.kind() == kind || a.kind() == DeviceAllocation.Kind.POOL_RESERVE;
            default -> a.kind() == kind;
        };
        if (!matches) {
            return new MessageWriter(kind == DeviceAllocation.Kind.HOST ? CudaError.INVALID_VALUE : CudaError.INVALID_DEVICE_POINTER);
        }
        removed(a);
        return new MessageWriter(CudaError.SUCCESS);
    }

    /** The program's runtime wrote device memory itself (a copy or a set), which only the checks need to hear. */
    private MessageWriter hostWrite(MessageReader r) throws IOException {
        long address = r.u64();
        long size = r.u64();
        r.end();
        MemoryChecker c = checker;
        if (c == null) {
            throw new ProtocolException("HOST_WRITE to a device without checks");
        }
        c.hostWrote(address, size);
        return new MessageWriter(CudaError.SUCCESS);
    }

    /** The program freed memory its runtime does not hold (freed before, or never allocated); the runtime returns its error. */
    private MessageWriter badFree(MessageReader r) throws IOException {
        long address = r.u64();
        DeviceAllocation.Kind kind = kind(r.u32(), MessageType.BAD_FREE);
        List<Long> callers = callers(r, MessageType.BAD_FREE);
        String entry = r.string();
        r.end();
        if (checker == null) {
            throw new ProtocolException("BAD_FREE to a device without checks");
        }
        listener.freeRefused(this, new DeviceAllocation(address, 0, kind, entry, callers));
        return new MessageWriter(CudaError.SUCCESS);
    }

    /**
     * A pool block changed hands: handed out again by a stream-ordered allocation, for the bytes it
     * asked for (the program's allocation, at most the block), or given back to its pool by the
     * program (it stays allocated, the pool's reserve: the whole block).
     */
    private MessageWriter poolBlock(MessageReader r) throws IOException {
        long address = r.u64();
        boolean inUse = r.u32() != 0;
        long requested = r.u64();
        List<Long> callers = callers(r, MessageType.POOL_BLOCK);
        String entry = r.string();
        r.end();
        DeviceAllocation a;
        DeviceAllocation block;
        synchronized (this) {
            a = allocations.get(address);
            block = poolBlocks.get(address);
        }
        if (a == null || block == null) {
            throw new ProtocolException("POOL_BLOCK of 0x" + Long.toHexString(address) + ", which is no pool's block");
        }
        if (inUse ? requested <= 0 || requested > block.size() : requested != 0) {
            throw new ProtocolException("POOL_BLOCK of the " + block.size() + "-byte block at 0x" + Long.toHexString(address)
                    + (inUse ? " handed out" : " given back") + " for " + Long.toUnsignedString(requested) + " bytes");
        }
        DeviceAllocation now = inUse ? new DeviceAllocation(address, requested, block.kind(), entry, callers)
                : new DeviceAllocation(address, block.size(), DeviceAllocation.Kind.POOL_RESERVE, entry, callers);
        synchronized (this) {
            allocations.put(address, now);
        }
        listener.freed(this, a);
        listener.allocated(this, now);
        return new MessageWriter(CudaError.SUCCESS);
    }

    private MessageWriter symbol(MessageReader r) throws IOException {
        Registration v = variables.get(r.u64());
        long offset = r.u64();
        byte[] bytes = r.type() == MessageType.SYMBOL_WRITE ? r.bytes() : null;
        long count = bytes == null ? r.u64() : bytes.length;
        r.end();
        if (v == null) {
            return new MessageWriter(CudaError.INVALID_SYMBOL);
        }
        if (status(v.module()) != CudaError.SUCCESS) {
            return new MessageWriter(status(v.module()));
        }
        if (bytes != null) {
            return new MessageWriter(device.writeVariable(v.module().loaded, v.name(), offset, bytes) ? CudaError.SUCCESS
                    : CudaError.INVALID_VALUE);
        }
        byte[] read = count > Integer.MAX_VALUE ? null : device.readVariable(v.module().loaded, v.name(), offset, (int) count);
        return read == null ? new MessageWriter(CudaError.INVALID_VALUE) : new MessageWriter(CudaError.SUCCESS).bytes(read);
    }

    private MessageWriter synchronize() {
        byte[] output = deviceOutput.toByteArray();
        deviceOutput.reset();
        return new MessageWriter(CudaError.SUCCESS).bytes(output);
    }

    private void refused(String kernel, String problem) {
        if (reportedRefusals.add(kernel + "\n" + problem)) {
            listener.launchRefused(this, kernel, problem);
        }
    }

    private MessageWriter unsupported(MessageReader r) throws IOException {
        String name = r.string();
        r.end();
        if (reportedUnsupported.add(name)) {
            listener.unsupportedCall(this, name);
        }
        return new MessageWriter(CudaError.SUCCESS);
    }

    /** cudaDeviceReset: the runtime's allocations go; module variables stay where they are. */
    private MessageWriter reset() {
        for (DeviceAllocation a : allocations()) {
            if (a.kind() != DeviceAllocation.Kind.VARIABLE) {
                removed(a);
            }
        }
        return new MessageWriter(CudaError.SUCCESS);
    }
}
