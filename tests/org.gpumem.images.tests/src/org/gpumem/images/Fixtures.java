package org.gpumem.images;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fixtures of tests/fixtures/images (made by make-fixtures.sh there) and facts the script computed with other tools. */
final class Fixtures {
    static final Path DIR = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("images");
    static final List<String> CUDA = List.of("cuda_O", "cuda_G", "cuda_arch", "kern_rdc.o");
    static final List<String> HIP = List.of("hip_app", "hip_app_z", "hip_v2.o", "hkern.hipfb");
    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+([A-Za-z0-9_$]+)");

    private Fixtures() {
    }

    static Path path(String name) {
        return DIR.resolve(name);
    }

    static Catalog read(String name) throws IOException {
        return new CatalogReader().read(path(name));
    }

    static byte[] bytes(String name) throws IOException {
        return Files.readAllBytes(path(name));
    }

    static List<String> lines(String name) throws IOException {
        return Files.readAllLines(path(name));
    }

    /** The kept-build folder of a CUDA fixture: keep/O for cuda_O, keep/rdc for kern_rdc.o. */
    static Path keepDir(String fixture) {
        return DIR.resolve("keep").resolve(switch (fixture) {
            case "cuda_O" -> "O";
            case "cuda_G" -> "G";
            case "cuda_arch" -> "arch";
            case "kern_rdc.o" -> "rdc";
            default -> throw new IllegalArgumentException(fixture);
        });
    }

    /** .entry names in PTX text, found with a plain regular expression (not the catalog's scanner). */
    static Set<String> entryNames(String ptx) {
        Set<String> names = new TreeSet<>();
        Matcher m = ENTRY.matcher(ptx);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    static Set<String> kernelNames(DeviceImage image) {
        Set<String> names = new TreeSet<>();
        for (Kernel k : image.kernels()) {
            names.add(k.name());
        }
        return names;
    }
}
