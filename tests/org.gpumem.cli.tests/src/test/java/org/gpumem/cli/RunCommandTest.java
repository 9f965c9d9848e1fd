package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.model.MemoryState;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.sim.launch.BufferContents;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("kernels");

    @TempDir
    Path dir;

    private Path launchFile(String json) throws IOException {
        Path f = dir.resolve("launch.json");
        Files.writeString(f, json.replace("KERNELS", KERNELS.toAbsolutePath().toString().replace("\\", "/")));
        return f;
    }

    private static int[] ints(byte[] b) {
        int[] v = new int[b.length / 4];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(v);
        return v;
    }

    @Test
    void writesEveryOutputBufferAsLittleEndianBytesAndExitsZero() throws IOException {
        Path launch = KERNELS.resolve("launch/warp_reduce.json");
        Path out = dir.resolve("out");
        CliRun r = run("run", launch.toString(), "--out", out.toString(), "--threads", "1");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("completed"), r.out());
        // CPU reference from the same launch file's inputs
        LaunchDescription d = new LaunchFileReader().read(launch);
        int[] in = ints(BufferContents.initial((KernelArgument.Buffer) d.args().get(0)));
        int[] sums = new int[in.length / 32];
        int[] positives = new int[in.length / 32];
        for (int i = 0; i < in.length; i++) {
            sums[i / 32] += in[i];
            positives[i / 32] += in[i] > 0 ? 1 : 0;
        }
        assertArrayEquals(sums, ints(Files.readAllBytes(out.resolve("sums.bin"))));
        assertArrayEquals(positives, ints(Files.readAllBytes(out.resolve("positives.bin"))));
        assertEquals(List.of("positives.bin", "sums.bin"), Files.list(out).map(p -> p.getFileName().toString()).sorted().toList());
    }

    @Test
    void snapshotHoldsTheFinalBytesOfEveryOutputBufferAtItsAddress() throws IOException {
        Path launch = KERNELS.resolve("launch/warp_reduce.json");
        Path file = dir.resolve("final.gpumem");
        CliRun r = run("run", launch.toString(), "--snapshot", file.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("wrote snapshot " + file), r.out());
        // CPU reference from the same launch file's inputs
        LaunchDescription d = new LaunchFileReader().read(launch);
        int[] in = ints(BufferContents.initial((KernelArgument.Buffer) d.args().get(0)));
        int[] sums = new int[in.length / 32];
        for (int i = 0; i < in.length; i++) {
            sums[i / 32] += in[i];
        }
        try (Snapshot snapshot = Snapshot.open(file)) {
            MemoryState state = snapshot.state();
            Variable out = state.getVariables().stream().filter(v -> v.getName().equals("sums")).findFirst().orElseThrow();
            assertEquals("global", out.getSpace().getName());
            assertEquals(4L * sums.length, out.getByteSize());
            byte[] bytes = new byte[(int) out.getByteSize()];
            AddressResolver.read(state.getDevice(), out.getSpace(), out.getOffset(), bytes, 0, bytes.length);
            assertArrayEquals(sums, ints(bytes));
            assertTrue(state.getName().contains("completed"), state.getName());
        }
    }

    @Test
    void aFaultExitsTwoWithItsReportAndWritesNoOutputs() throws IOException {
        Path launch = launchFile("""
                {"module":"KERNELS/fault_oob_global.O3.ptx","kernel":"fault_oob_global","grid":1,"block":128,
                 "args":[{"buffer":"data","type":"s32","count":100},{"s32":100}],"outputs":["data"]}""");
        Path out = dir.resolve("out");
        CliRun r = run("run", launch.toString(), "--out", out.toString());
        assertEquals(RunCommand.EXIT_FAULT, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("out-of-bounds access"), r.out());
        assertTrue(r.out().contains("global address 0x"), r.out());
        assertTrue(r.out().contains("fault_oob_global.cu:5"), r.out());
        assertFalse(Files.exists(out.resolve("data.bin")));
    }

    @Test
    void aBadLaunchFileExitsOneNamingTheField() throws IOException {
        Path launch = launchFile("""
                {"module":"KERNELS/saxpy.O3.ptx","kernel":"saxpy","grid":1,"block":32,
                 "args":[{"s32":1},{"f32":1},{"buffer":"x","type":"f32","count":-4},{"buffer":"y","type":"f32","count":4}]}""");
        CliRun r = run("run", launch.toString(), "--out", dir.toString());
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertTrue(r.err().contains("field args[2].count"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aLaunchThatDoesNotFitTheKernelExitsOneNamingTheField() throws IOException {
        Path launch = launchFile("""
                {"module":"KERNELS/saxpy.O3.ptx","kernel":"saxpy","grid":1,"block":32,"args":[{"s32":1}]}""");
        CliRun r = run("run", launch.toString());
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertTrue(r.err().contains("field args: "), r.err());
    }

    @Test
    void malformedPtxExitsOneNamingFileAndLine() throws IOException {
        Path ptx = dir.resolve("broken.ptx");
        Files.writeString(ptx, ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tfrobnicate.u32 %r1;\n}\n");
        Path launch = launchFile("{\"module\":\"broken.ptx\",\"kernel\":\"k\",\"grid\":1,\"block\":1}");
        CliRun r = run("run", launch.toString());
        assertEquals(Main.EXIT_BAD_INPUT, r.status());
        assertTrue(r.err().contains("broken.ptx:6"), r.err());
    }

    /** --engine interpreter and --engine fast write the same buffers and print the same profile. */
    @Test
    void bothEnginesWriteTheSameOutputsAndProfile() throws IOException {
        Path launch = KERNELS.resolve("launch/local_array.json");
        String module = KERNELS.resolve("local_array.G.ptx").toString();
        CliRun reference = run("run", launch.toString(), "--module", module, "--profile", "--engine", "interpreter",
                "--out", dir.resolve("interpreter").toString());
        CliRun fast = run("run", launch.toString(), "--module", module, "--profile", "--engine", "fast",
                "--out", dir.resolve("fast").toString());
        assertEquals(0, reference.status(), reference.out() + reference.err());
        assertEquals(0, fast.status(), fast.out() + fast.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("interpreter/out.bin")), Files.readAllBytes(dir.resolve("fast/out.bin")));
        assertEquals(profile(reference.out()), profile(fast.out()));
        CliRun bad = run("run", launch.toString(), "--engine", "jit");
        assertEquals(2, bad.status(), bad.out() + bad.err());
        assertTrue(bad.err().contains("--engine must be interpreter or fast, not jit"), bad.err());
    }

    /** The profile's lines: from its heading to the line that says the kernel completed. */
    private static String profile(String out) {
        int from = out.indexOf("address-space profile");
        int to = out.lastIndexOf('\n', out.indexOf(" completed: "));
        assertTrue(from >= 0 && to > from, out);
        return out.substring(from, to);
    }

    @Test
    void profilePrintsGenericAccessesBySpacePerSourceLineAndInstruction() throws IOException {
        Path launch = KERNELS.resolve("launch/local_array.json");
        CliRun r = run("run", launch.toString(), "--module", KERNELS.resolve("local_array.G.ptx").toString(), "--profile");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("address-space profile"), r.out());
        // the -G kernel reaches its local window array through generic stores at line 20
        String line20 = r.out().lines().filter(l -> l.contains("local_array.cu:20 ")).findFirst().orElseThrow();
        assertTrue(line20.matches(".*local_array.cu:20\\s+[1-9][0-9]*\\s+0\\s+[1-9][0-9]*\\s+[1-9][0-9]*.*"), line20);
        assertTrue(r.out().contains("cvta.local.u64"), r.out());
    }

    @Test
    void resolvedLaunchIsWrittenForTheGpuHarness() throws IOException {
        Path resolved = dir.resolve("resolved");
        CliRun r = run("run", KERNELS.resolve("launch/saxpy.json").toString(), "--write-launch", resolved.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        List<String> lines = Files.readAllLines(resolved.resolve("launch.txt"));
        assertTrue(lines.contains("kernel _Z5saxpyifPKfPf"), lines.toString());
        assertTrue(lines.contains("scalar f32 4 " + Integer.toHexString(Float.floatToRawIntBits(2.5f))), lines.toString());
        assertEquals(40000, Files.size(resolved.resolve("x.in.bin")));
    }
}
