package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The sample kernel shipped inside the simulator bundle for demonstrations: nvcc -G PTX (with
 * its DWARF) of {@code local_array.cu}, a kernel with a shared stage array, a per-thread local
 * array and a non-inlined device function. Copied from tests/fixtures/kernels by make-kernels.sh.
 */
public final class BundledSample {
    /** File name of the CUDA source, as the PTX's {@code .file} directive ends. */
    public static final String SOURCE_NAME = "local_array.cu";
    /** The kernel's mangled name. */
    public static final String KERNEL = "_Z14local_weightedPKiPii";

    private static final String DIR = "samples/";

    private BundledSample() {
    }

    /** The PTX module. */
    public static PtxModule module() {
        return PtxLoader.load("local_array.G.ptx", text("local_array.G.ptx"));
    }

    /** The CUDA source, one string per line. */
    public static List<String> sourceLines() {
        return text(SOURCE_NAME).lines().toList();
    }

    private static String text(String name) {
        try (InputStream in = BundledSample.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + DIR + name + " missing from the simulator bundle");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
