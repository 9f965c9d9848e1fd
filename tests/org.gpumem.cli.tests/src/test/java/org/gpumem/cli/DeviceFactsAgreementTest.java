package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.DeviceFacts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One set of device facts: what a CUDA program reads in {@code cudaGetDeviceProperties} and
 * {@code cudaDeviceGetAttribute}, what the runtime's occupancy functions answer, and what its
 * kernel reads in {@code %nsmid}, {@code %nwarpid}, {@code %smid}, {@code %warpid} and
 * {@code warpSize}, all equal the simulator's table ({@link DeviceFacts}) for the device
 * {@code gpumem exec --device} simulates. The program (tests/fixtures/host/device_facts.cu)
 * only prints what it reads. (DeviceFactsTest checks the table's rows and its residency count
 * against the CUDA C++ Programming Guide.)
 */
class DeviceFactsAgreementTest {
    private static final Path PROGRAM = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"))
            .resolve("host/device_facts").toAbsolutePath();

    /** Every printed line by its name (the words before the numbers), its numbers as values. */
    private static Map<String, List<Long>> lines(String out) {
        Map<String, List<Long>> lines = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^(\\D+?)((?: -?\\d+)+)$").matcher(out);
        while (m.find()) {
            List<Long> values = new ArrayList<>();
            for (String v : m.group(2).trim().split(" ")) {
                values.add(Long.parseLong(v));
            }
            lines.put(m.group(1), values);
        }
        return lines;
    }

    private static long one(Map<String, List<Long>> lines, String name) {
        List<Long> v = lines.get(name);
        assertTrue(v != null && v.size() == 1, name + ": " + v);
        return v.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sm_75", "sm_86", "sm_90"})
    void theProgramAndItsKernelSeeTheTable(String device) {
        CliRun r = run("exec", "--device", device, PROGRAM.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertFalse(r.err().contains("gpumem:"), r.err());
        Map<String, List<Long>> lines = lines(r.out());
        DeviceFacts f = DeviceFacts.of(Integer.parseInt(device.substring(3)));

        assertEquals(f.smVersion() / 10, one(lines, "major"));
        assertEquals(f.smVersion() % 10, one(lines, "minor"));
        Map<String, Long> expected = new HashMap<>();
        expected.put("multiProcessorCount", (long) f.multiprocessors());
        expected.put("warpSize", (long) f.warpSize());
        expected.put("maxThreadsPerMultiProcessor", (long) f.maxWarpsPerSm() * f.warpSize());
        expected.put("maxBlocksPerMultiProcessor", (long) f.maxBlocksPerSm());
        expected.put("sharedMemPerMultiprocessor", f.sharedBytesPerSm());
        expected.put("sharedMemPerBlock", f.sharedBytesPerBlock());
        expected.put("sharedMemPerBlockOptin", f.sharedBytesPerBlockOptin());
        expected.put("reservedSharedMemPerBlock", f.reservedSharedBytesPerBlock());
        expected.forEach((field, value) -> {
            assertEquals(value, one(lines, field), "cudaDeviceProp." + field + " on " + device);
            assertEquals(value, one(lines, "attribute " + field), "cudaDeviceGetAttribute(" + field + ") on " + device);
        });
        assertEquals(f.registersPerBlock(), one(lines, "regsPerBlock"));
        assertEquals(f.registersPerSm(), one(lines, "regsPerMultiprocessor"));
        assertEquals(f.constantBytes(), one(lines, "totalConstMem"));
        assertEquals(f.maxThreadsPerBlock(), one(lines, "maxThreadsPerBlock"));
        assertEquals(List.of((long) f.maxBlock().x(), (long) f.maxBlock().y(), (long) f.maxBlock().z()), lines.get("maxThreadsDim"));
        assertEquals(List.of((long) f.maxGrid().x(), (long) f.maxGrid().y(), (long) f.maxGrid().z()), lines.get("maxGridSize"));
        assertEquals(f.clockKhz(), one(lines, "attribute clockRate"));

        // the kernel, in every thread of a grid of 2 x (resident blocks per SM) x multiProcessorCount CTAs
        assertEquals(List.of((long) f.multiprocessors(), (long) f.multiprocessors()), lines.get("kernel %nsmid"));
        assertEquals(List.of((long) f.maxWarpsPerSm(), (long) f.maxWarpsPerSm()), lines.get("kernel %nwarpid"));
        assertEquals(List.of(0L, (long) f.multiprocessors() - 1), lines.get("kernel %smid"));
        assertEquals(List.of((long) f.warpSize(), (long) f.warpSize()), lines.get("kernel warpSize"));
        assertEquals(List.of(0L, 2L), lines.get("kernel %warpid"), "96 threads: warps 0 to 2");
        long staticShared = one(lines, "kernel static shared");
        assertEquals(1040, staticShared, "the kernel's __shared__ unsigned[260]");
        long perSm = f.residentBlocks(96, staticShared + 96 * 4);
        assertTrue(r.out().contains("grid " + 2 * perSm * f.multiprocessors() + " blocks of 96 threads\n"), r.out());

        // occupancy: the runtime's answers are the residency the debugger keeps
        int queries = 0;
        Matcher m = Pattern.compile("(?m)^occupancy (\\d+) threads (\\d+) dynamic (\\d+) blocks$").matcher(r.out());
        while (m.find()) {
            long threads = Long.parseLong(m.group(1));
            long dynamic = Long.parseLong(m.group(2));
            long shared = dynamic == 0 ? staticShared : staticShared + dynamic; // 1040 is 16-byte aligned: dynamic follows
            long blocks = Long.parseLong(m.group(3));
            String at = device + ": " + threads + " threads, " + dynamic + " dynamic bytes";
            assertEquals(f.residentBlocks(threads, shared), blocks, at + " (the debugger's residency)");
            queries++;
        }
        assertEquals(30, queries, r.out());
        m = Pattern.compile("(?m)^available (\\d+) blocks (\\d+) dynamic$").matcher(r.out());
        queries = 0;
        while (m.find()) {
            int blocks = Integer.parseInt(m.group(1));
            long available = Long.parseLong(m.group(2));
            String at = device + ": " + blocks + " blocks";
            assertEquals(f.availableDynamicSharedBytes(blocks, staticShared), available, at);
            queries++;
        }
        assertEquals(6, queries, r.out());
    }
}
