package org.gpumem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;

/**
 * The benchmark launches bundled in the command line's jar: the build copies {@code releng/bench}'s
 * launch files and the nvcc -O3 PTX of {@code tests/fixtures/kernels} they name into
 * {@value #DIR}, so {@code gpumem bench} without arguments measures the same launches as
 * {@code releng/bench-sim}, wherever the jar is.
 */
final class BenchLaunches {
    static final String DIR = "/org/gpumem/cli/bench/";
    private static final String KERNELS = DIR + "kernels/";

    /** A bundled launch: its name (the launch file's) and its description. */
    record Bundled(String name, LaunchDescription description) {
        /** Prepares the launch with the bundled PTX (the description's module names its file). */
        PreparedLaunch prepare() {
            String ptx = description.module().getFileName().toString();
            return PreparedLaunch.prepare(description, ptx, text(KERNELS + ptx));
        }
    }

    private BenchLaunches() {
    }

    /** Every bundled launch, by name. */
    static List<Bundled> all() {
        URL dir = BenchLaunches.class.getResource(DIR);
        if (dir == null) {
            throw new IllegalStateException("the command line was built without its benchmark launches (" + DIR + ")");
        }
        try {
            URI uri = dir.toURI();
            if (!uri.getScheme().equals("jar")) {
                return list(Path.of(uri));
            }
            try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                return list(jar.provider().getPath(uri));
            } catch (FileSystemAlreadyExistsException e) {
                return list(FileSystems.getFileSystem(uri).provider().getPath(uri));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Bundled> list(Path dir) throws IOException {
        // Module paths in the launch files are relative to releng/bench; only their file names are used.
        Path virtualDir = Path.of("releng", "bench");
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted()
                    .map(p -> new Bundled(p.getFileName().toString().replaceFirst("\\.json$", ""),
                            new LaunchFileReader().parse(text(DIR + p.getFileName()), virtualDir)))
                    .toList();
        }
    }

    private static String text(String resource) {
        try (InputStream in = BenchLaunches.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the command line was built without " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
