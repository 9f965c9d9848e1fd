package org.gpumem.host;

import java.nio.file.Path;

/** The host-program fixtures and the libcudart.so.13 the build made. */
final class Fixtures {
    static final Path ROOT = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).toAbsolutePath();
    static final Path HOST = ROOT.resolve("host");

    private Fixtures() {
    }

    /** The folder holding the built library: -Dgpumem.cudart, else the fragment's build output. */
    static Path runtime() {
        String property = System.getProperty(RuntimeLibrary.FOLDER_PROPERTY);
        return property != null ? Path.of(property)
                : ROOT.resolve("../../bundles/org.gpumem.host.linux.x86_64/target/native").normalize();
    }

    static Path library() {
        return runtime().resolve(RuntimeLibrary.FILE_NAME);
    }

    static Path program(String name) {
        return HOST.resolve(name);
    }
}
