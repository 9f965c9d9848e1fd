package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gpumem.sim.Device;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.KernelParameter;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.LoadedKernel;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;

/**
 * A launch description made ready to run on a fresh simulated device: module loaded, kernel
 * resolved, arguments checked against the kernel's parameters, buffers allocated in global
 * memory and filled. {@link #run} executes it once and reads the output buffers back; the debug
 * API can instead start a session on {@link #launch(ExecOptions)}.
 */
public final class PreparedLaunch {
    /** Global memory beyond the buffers, for the module's own {@code .global} variables. */
    private static final long MODULE_GLOBALS_BYTES = 256L << 20;
    /** Bytes {@link #writeBuffer} copies out of device memory at once. */
    private static final int SAVE_PIECE_BYTES = 1 << 20;

    private final LaunchDescription description;
    private final LoadedKernel kernel;
    private final SimulatedDevice device;
    private final DeviceModule module;
    private final Map<String, Long> bufferAddresses = new LinkedHashMap<>();
    private final LaunchConfig config;

    private PreparedLaunch(LaunchDescription d, PtxModule ptx) {
        this.description = d;
        this.kernel = DeviceModule.describe(KernelModules.kernel(d, ptx));
        checkArguments();
        this.device = new SimulatedDevice(d.device(), d.bufferBytes() + MODULE_GLOBALS_BYTES, BlockCompiler.INSTANCE);
        try {
            this.module = device.load(ptx);
        } catch (IllegalArgumentException e) {
            throw fail("device", e.getMessage());
        }
        LaunchConfig.Builder b = LaunchConfig.builder(kernel.name())
                .grid(d.grid().x(), d.grid().y(), d.grid().z())
                .block(d.block().x(), d.block().y(), d.block().z())
                .sharedBytes(d.sharedBytes());
        for (int i = 0; i < d.args().size(); i++) {
            KernelArgument a = d.args().get(i);
            if (a instanceof KernelArgument.Scalar s) {
                b.arg(s.bits(), s.type().size());
            } else if (a instanceof KernelArgument.Aggregate g) {
                b.argBytes(g.laidOutFor(kernel.params().get(i).alignment()));
            } else if (a instanceof KernelArgument.Buffer buf) {
                long address = device.allocate(buf.byteSize());
                if (!(buf.init() instanceof BufferInit.Zero)) {
                    fill(address, buf);
                }
                bufferAddresses.put(buf.name(), address);
                b.argU64(address);
            }
        }
        this.config = b.build();
        checkResources();
    }

    /** Writes {@code buffer}'s initial contents at {@code address}, one piece at a time. */
    private void fill(long address, KernelArgument.Buffer buffer) {
        try (BufferContents contents = BufferContents.of(buffer)) {
            byte[] piece = contents.newPiece();
            long at = address;
            for (int n; (n = contents.next(piece)) > 0; at += n) {
                device.global().write(at, piece, 0, n);
            }
        }
    }

    /** What the module needs of a CTA, against the fields that size it, before anything runs. */
    private void checkResources() {
        try {
            Launch.sharedBytes(module.entry(kernel.name()), description.sharedBytes(), DeviceFacts.of(device.smVersion()));
        } catch (IllegalArgumentException e) {
            throw fail("sharedBytes", e.getMessage());
        }
        try {
            Launch.checkRegisterFile(module.module(), description.block());
        } catch (IllegalArgumentException e) {
            throw fail("block", e.getMessage());
        }
    }

    /** Loads, resolves and allocates everything {@code d} names. */
    public static PreparedLaunch prepare(LaunchDescription d) throws IOException {
        return new PreparedLaunch(d, KernelModules.load(d));
    }

    /**
     * As {@link #prepare(LaunchDescription)} with the module given as PTX text (e.g. a bundled
     * resource) instead of the description's file.
     *
     * @param ptxName the name messages give the module
     */
    public static PreparedLaunch prepare(LaunchDescription d, String ptxName, String ptxText) {
        return new PreparedLaunch(d, PtxLoader.load(ptxName, ptxText));
    }

    private void checkArguments() {
        List<KernelParameter> params = kernel.params();
        List<KernelArgument> args = description.args();
        if (params.size() != args.size()) {
            throw fail("args", kernel.name() + " takes " + params.size() + " parameters, the launch gives " + args.size());
        }
        for (int i = 0; i < params.size(); i++) {
            KernelParameter p = params.get(i);
            KernelArgument a = args.get(i);
            int given = a instanceof KernelArgument.Scalar s ? s.type().size()
                    : a instanceof KernelArgument.Aggregate g ? g.laidOutFor(p.alignment()).length : 8;
            if (given != p.size()) {
                throw fail(argumentField(i, a), "parameter " + p.name() + " is " + p.size() + " bytes ("
                        + (p.type() != null && p.size() == p.type().size() ? "." + p.type().ptxName() : "aggregate")
                        + "), the argument is " + given
                        + (a instanceof KernelArgument.Buffer ? " (a buffer's device address)" : "")
                        + (a instanceof KernelArgument.Aggregate g && g.field().equals("struct")
                                ? " (the members at their natural alignment, the size rounded up to "
                                        + Math.max(g.alignment(), p.alignment()) + ")" : ""));
            }
            if (a instanceof KernelArgument.Aggregate g && g.alignment() > p.alignment()) {
                throw fail(argumentField(i, a), "the members need " + g.alignment() + "-byte alignment, parameter "
                        + p.name() + " is aligned to " + p.alignment() + " (.align " + p.alignment()
                        + "): the struct does not match the kernel's");
            }
        }
    }

    /** The JSON field of argument {@code i}: {@code args[1].struct} for an aggregate. */
    private static String argumentField(int i, KernelArgument a) {
        String field = "args[" + i + "]";
        return a instanceof KernelArgument.Aggregate g ? field + "." + g.field() : field;
    }

    /**
     * Checks the launch with {@code tools} when it runs (one CTA at a time, each access checked);
     * the buffers count as written, as the launch file gives their contents.
     *
     * @return where the findings collect
     */
    public MemoryChecker enableChecks(Set<CheckTool> tools) {
        return device.enableChecks(tools);
    }

    /** Runs the kernel; when it completes, reads back every buffer named in {@code outputs}. */
    public Outcome run(ExecOptions options) {
        LaunchResult result = launch(options).run();
        Map<String, byte[]> outputs = new LinkedHashMap<>();
        if (result.completed()) {
            for (String name : description.outputs()) {
                outputs.put(name, buffer(name));
            }
        }
        return new Outcome(result, outputs);
    }

    /** The current bytes of buffer {@code name} in device memory, as a new array. */
    public byte[] buffer(String name) {
        KernelArgument.Buffer b = bufferArgument(name);
        return device.read(bufferAddresses.get(name), (int) b.byteSize());
    }

    /**
     * The bytes of buffer {@code name} in device memory, read-only and little-endian: a view, not
     * a copy, so that a gigabyte output costs nothing more to show or save. Use absolute reads or
     * a {@code duplicate()}; nothing writes the buffer once the launch has ended.
     */
    public ByteBuffer bufferView(String name) {
        return device.global().view(bufferAddresses.get(name), (int) bufferArgument(name).byteSize());
    }

    /** Writes the current bytes of buffer {@code name} to {@code out}, a piece at a time. */
    public void writeBuffer(String name, OutputStream out) throws IOException {
        ByteBuffer bytes = bufferView(name);
        byte[] piece = new byte[Math.min(bytes.remaining(), SAVE_PIECE_BYTES)];
        while (bytes.hasRemaining()) {
            int n = Math.min(piece.length, bytes.remaining());
            bytes.get(piece, 0, n);
            out.write(piece, 0, n);
        }
    }

    /** The bytes buffer {@code name} held before the launch (computed again from its init). */
    public byte[] initialBuffer(String name) {
        return BufferContents.initial(bufferArgument(name));
    }

    private KernelArgument.Buffer bufferArgument(String name) {
        for (KernelArgument.Buffer b : description.buffers()) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        throw new IllegalArgumentException("no buffer " + name);
    }

    /**
     * Writes this launch, resolved, for a harness that runs it elsewhere (a real GPU):
     * {@code dir/kernel.ptx}, {@code dir/NAME.in.bin} per buffer, and {@code dir/launch.txt}
     * with one item per line: {@code ptx FILE}, {@code kernel MANGLED}, {@code grid X Y Z},
     * {@code block X Y Z}, {@code shared BYTES}, per parameter {@code scalar TYPE SIZE HEXBITS},
     * {@code aggregate SIZE HEXBYTES} (bytes in memory order) or {@code buffer NAME TYPE COUNT BYTES FILE}, and {@code output NAME TYPE} per output.
     */
    public void writeResolved(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("kernel.ptx"), module.ptx(), StandardCharsets.UTF_8);
        try (Writer w = Files.newBufferedWriter(dir.resolve("launch.txt"), StandardCharsets.UTF_8)) {
            w.write("ptx kernel.ptx\n");
            w.write("kernel " + kernel.name() + "\n");
            w.write("grid " + description.grid().x() + " " + description.grid().y() + " " + description.grid().z() + "\n");
            w.write("block " + description.block().x() + " " + description.block().y() + " " + description.block().z() + "\n");
            w.write("shared " + description.sharedBytes() + "\n");
            for (int i = 0; i < description.args().size(); i++) {
                KernelArgument a = description.args().get(i);
                if (a instanceof KernelArgument.Scalar s) {
                    w.write("scalar " + s.type().ptxName() + " " + s.type().size() + " " + Long.toHexString(s.bits()) + "\n");
                } else if (a instanceof KernelArgument.Aggregate g) {
                    byte[] bytes = config.args().get(i);
                    w.write("aggregate " + bytes.length + " " + java.util.HexFormat.of().formatHex(bytes) + "\n");
                } else if (a instanceof KernelArgument.Buffer b) {
                    String file = b.name() + ".in.bin";
                    writeInitial(b, dir.resolve(file));
                    w.write("buffer " + b.name() + " " + b.type().ptxName() + " " + b.count() + " " + b.byteSize() + " " + file + "\n");
                }
            }
            for (String name : description.outputs()) {
                w.write("output " + name + " " + bufferArgument(name).type().ptxName() + "\n");
            }
        }
    }

    private static void writeInitial(KernelArgument.Buffer buffer, Path file) throws IOException {
        try (BufferContents contents = BufferContents.of(buffer); OutputStream out = Files.newOutputStream(file)) {
            byte[] piece = contents.newPiece();
            for (int n; (n = contents.next(piece)) > 0;) {
                out.write(piece, 0, n);
            }
        }
    }

    public LaunchDescription description() {
        return description;
    }

    /** The module, loaded on {@link #device()}. */
    public LoadedModule module() {
        return module;
    }

    /** The resolved kernel. */
    public LoadedKernel kernel() {
        return kernel;
    }

    /** The fresh device the buffers are allocated on. */
    public Device device() {
        return device;
    }

    /** The engine's launch configuration: mangled kernel name, extents, argument bytes. */
    public LaunchConfig config() {
        return config;
    }

    /**
     * The launch of {@link #config()} with {@code options}, to run or to debug
     * ({@code org.gpumem.sim.debug.ControlledLaunch}); every launch works on the same buffers.
     */
    public KernelLaunch launch(ExecOptions options) {
        return module.launch(config, options);
    }

    /** Global address of each buffer, in argument order. */
    public Map<String, Long> bufferAddresses() {
        return java.util.Collections.unmodifiableMap(bufferAddresses);
    }

    private LaunchFileException fail(String field, String problem) {
        return new LaunchFileException(description.source() != null ? description.source().toString() : null, field, problem);
    }

    /**
     * What a run gave: the engine's result (fault, instruction counts, profile) and, when it
     * completed, the output buffers by name in the order the description lists them.
     */
    public record Outcome(LaunchResult result, Map<String, byte[]> outputs) {
    }
}
