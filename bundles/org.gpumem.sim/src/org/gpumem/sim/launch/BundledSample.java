package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The sample kernel shipped inside the simulator bundle for demonstrations (`gpumem demo`) and
 * the sample project of `gpumem ide`: nvcc -G PTX (with its DWARF) of {@code local_array.cu}, a
 * kernel with a shared stage array, a per-thread local array and a non-inlined device function,
 * plus a launch description for two CTAs of 64 threads. The source and PTX are copied from
 * tests/fixtures/kernels by make-kernels.sh (tests/fixtures is not shipped).
 */
public final class BundledSample {
    /** File name of the CUDA source, as the PTX's {@code .file} directive ends. */
    public static final String SOURCE_NAME = "local_array.cu";
    /** The kernel's mangled name. */
    public static final String KERNEL = "_Z14local_weightedPKiPii";

    /** The files of the sample, in the order a project should receive them. */
    public static final List<String> FILES = List.of(SOURCE_NAME, "local_array.G.ptx", "local_array.launch.json");

    /** The launch description among {@link #FILES}. */
    public static final String LAUNCH_FILE = "local_array.launch.json";
    /** A line inside the loop of the sample's source, where a first breakpoint is useful. */
    public static final int LOOP_LINE = 20;

    private static final String DIR = "samples/";

    private BundledSample() {
    }

    /** File name of the sample's PTX module, one of {@link #FILES}. */
    public static final String PTX_NAME = "local_array.G.ptx";

    /** The text of the PTX module. */
    public static String ptxText() {
        return text(PTX_NAME);
    }

    /** The CUDA source, one string per line. */
    public static List<String> sourceLines() {
        return text(SOURCE_NAME).lines().toList();
    }

    /**
     * Opens sample file {@code name}, one of {@link #FILES}.
     *
     * @throws IOException when there is no such sample file
     */
    public static InputStream open(String name) throws IOException {
        InputStream in = FILES.contains(name) ? BundledSample.class.getResourceAsStream(DIR + name) : null;
        if (in == null) {
            throw new IOException("no sample file " + name + " in the simulator bundle");
        }
        return in;
    }

    private static String text(String name) {
        try (InputStream in = open(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
