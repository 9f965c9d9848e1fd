package org.gpumem.sim.launch;

import java.io.IOException;
import java.nio.file.Path;

import org.gpumem.sim.ExecOptions;

/** The sample kernels of tests/fixtures/kernels and their launch files, for the harness tests. */
final class SampleKernels {
    /** The two PTX flavours committed for every kernel. */
    enum Variant {
        /** nvcc -G: generic accesses, DWARF inside the PTX. */
        G,
        /** nvcc -O3 -lineinfo: state-space accesses, .loc lines. */
        O3
    }

    private SampleKernels() {
    }

    static Path dir() {
        String fixtures = System.getProperty("gpumem.fixtures");
        if (fixtures == null) {
            throw new IllegalStateException("system property gpumem.fixtures is not set (run through releng/devtest or the build)");
        }
        return Path.of(fixtures, "kernels");
    }

    static Path ptx(String kernel, Variant v) {
        return dir().resolve(kernel + "." + v + ".ptx");
    }

    static Path source(String kernel) {
        return dir().resolve(kernel + ".cu");
    }

    /** The committed launch file of sample {@code name}, switched to the {@code v} PTX. */
    static LaunchDescription launch(String name, Variant v) throws IOException {
        LaunchDescription d = new LaunchFileReader().read(dir().resolve("launch").resolve(name + ".json"));
        return d.withModule(ptx(name, v));
    }

    /** Options for tests: a budget far above what the samples need, two workers to exercise parallel CTAs. */
    static ExecOptions options() {
        return new ExecOptions(2_000_000_000L, 2, false);
    }
}
