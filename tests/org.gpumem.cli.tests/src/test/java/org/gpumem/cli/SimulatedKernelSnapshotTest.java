package org.gpumem.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.sim.Device;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel stopped in the simulator (tests/fixtures/kernels/local_array.G.ptx at the call of
 * weighted_sum, when every lane's window[8] is filled), seen as the {@link MemoryState} of the
 * simulator target whose pools read the live storage ({@link StoppedMemoryState}), saved as a
 * snapshot, reopened in a fresh JVM: every pool byte and every variable value of every lane is
 * identical.
 */
class SimulatedKernelSnapshotTest {

    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");
    private static final int THREADS = 64;

    @TempDir
    Path dir;

    @Test
    void stoppedKernelSurvivesSaveAndReopenInAFreshProcess() throws Exception {
        Device device = Devices.create("sm_90", 1 << 20);
        LoadedModule loaded = device.load(KERNELS.resolve("local_array.G.ptx"));
        ByteBuffer in = ByteBuffer.allocate(4 * THREADS).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < THREADS; i++) {
            in.putInt(4 * i, i + 1);
        }
        long input = device.allocate(4L * THREADS);
        device.write(input, in.array());
        long output = device.allocate(4L * THREADS);
        KernelLaunch launch = loaded.launch(LaunchConfig.builder(loaded.kernels().get(0).name()).grid(1, 1, 1).block(THREADS, 1, 1)
                .argU64(input).argU64(output).argS32(THREADS).build(), ControlledLaunch.options(0));
        ControlledLaunch session = new ControlledLaunch(launch);
        session.addSourceBreakpoint("local_array.cu", 22);
        // Each warp stops there once; after the second stop both warps have filled their windows.
        DebugEvent stop = session.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, stop.kind());
        int firstWarp = stop.warp().id();
        stop = session.resume();
        assertEquals(DebugEvent.Kind.SUSPENDED_BREAKPOINT, stop.kind());
        assertEquals(1 - firstWarp, stop.warp().id());
        long windowOffset = stop.warp().frameLocalBase(0);

        MemoryState state = StoppedMemoryState.of(session);
        Target target = state.getTarget();
        AddressSpace local = AddressSpaces.require(target, "local");
        state.getVariables().add(variable("window", "int[8]", 32, local, windowOffset));
        state.getVariables().add(variable("stage", "int[128]", 512, AddressSpaces.require(target, "shared"), 0));

        List<Context> lanes = Contexts.descendants(state.getDevice(), Scope.LANE);
        assertEquals(THREADS, lanes.size());
        for (Context lane : lanes) {
            int tid = lane.getX();
            byte[] window = new byte[32];
            AddressResolver.read(lane, local, windowOffset, window, 0, window.length);
            // The model's interleaved local view reads what the simulator's per-lane view reads.
            assertArrayEquals(session.read(org.gpumem.sim.PtxStateSpace.LOCAL, windowOffset, 32,
                    session.cta().warp(lane.getParent().getIndex()), lane.getIndex()), window);
            ByteBuffer w = ByteBuffer.wrap(window).order(ByteOrder.LITTLE_ENDIAN);
            for (int k = 0; k < 8; k++) {
                assertEquals((tid + k) % THREADS + 1, w.getInt(4 * k), "window[" + k + "] of thread " + tid);
            }
        }

        Path file = dir.resolve("local_array.gpumem");
        SnapshotWriter.save(state, file);
        List<String> expected = digest(state);

        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                childClassPath(), SnapshotDigest.class.getName(), file.toString()).start();
        // The digest is the child's standard output; what a later JVM says about a library's use
        // of sun.misc.Unsafe (Java 24 and later) goes to standard error.
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(child.getErrorStream()));
        String out = readAll(child.getInputStream());
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        assertEquals(0, child.exitValue(), () -> out + err.join());
        assertEquals(String.join("\n", expected), out.strip(), err::join);
        assertTrue(expected.stream().filter(l -> l.startsWith("var window")).count() == THREADS, expected::toString);
    }

    private static String readAll(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The jars and folders the child needs, wherever the test runner loaded them from. */
    private static String childClassPath() throws Exception {
        List<String> entries = new ArrayList<>();
        for (Class<?> c : List.of(SnapshotDigest.class, Snapshot.class, org.gpumem.dwarf.io.InputFormatException.class,
                EObject.class, org.eclipse.emf.common.util.URI.class, org.eclipse.emf.ecore.xmi.XMLResource.class,
                io.airlift.compress.zstd.ZstdDecompressor.class)) {
            String entry = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
            if (!entries.contains(entry)) {
                entries.add(entry);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static Variable variable(String name, String type, long size, AddressSpace space, long offset) {
        Variable v = GpumemFactory.eINSTANCE.createVariable();
        v.setName(name);
        v.setTypeName(type);
        v.setByteSize(size);
        v.setSpace(space);
        v.setOffset(offset);
        v.setDeclFile("local_array.cu");
        return v;
    }

    /**
     * One line per pool (storage, context, size, SHA-256 over its non-zero 64 KiB windows and
     * their offsets) and one per variable and lane (its bytes in hex), in model order.
     */
    static List<String> digest(MemoryState state) throws Exception {
        List<String> lines = new ArrayList<>();
        byte[] window = new byte[64 * 1024];
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (!(it.next() instanceof Pool pool)) {
                continue;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            ByteSource source = pool.getSource();
            long size = pool.getSize();
            long at = source.nextPopulated(0);
            while (at < size) {
                long start = at - at % window.length;
                int n = (int) Math.min(window.length, size - start);
                source.read(start, window, 0, n);
                boolean zero = true;
                for (int i = 0; i < n && zero; i++) {
                    zero = window[i] == 0;
                }
                if (!zero) {
                    sha.update(ByteBuffer.allocate(8).putLong(start).array());
                    sha.update(window, 0, n);
                }
                at = source.nextPopulated(start + n);
            }
            lines.add("pool " + pool.getStorage().getName() + " @ " + Contexts.describe(pool.getOwner()) + " " + size + " "
                    + HexFormat.of().formatHex(sha.digest()));
        }
        for (Variable v : state.getVariables()) {
            for (Context lane : Contexts.descendants(state.getDevice(), Scope.LANE)) {
                byte[] value = new byte[(int) v.getByteSize()];
                AddressResolver.read(lane, v.getSpace(), v.getOffset(), value, 0, value.length);
                lines.add("var " + v.getName() + " @ " + Contexts.describe(lane) + " " + HexFormat.of().formatHex(value));
            }
        }
        return lines;
    }

    /** Run in a fresh JVM: opens a snapshot and prints {@link #digest}. */
    public static final class SnapshotDigest {
        public static void main(String[] args) throws Exception {
            try (Snapshot snapshot = Snapshot.open(Path.of(args[0]))) {
                for (String line : digest(snapshot.state())) {
                    System.out.println(line);
                }
            } catch (IOException e) {
                System.out.println("cannot open: " + e);
                System.exit(3);
            }
        }
    }
}
