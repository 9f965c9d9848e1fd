package org.gpumem.host;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Where gpumem's replacement CUDA runtime is: the folder that goes first on the program's
 * library path. The reactor builds it (org.gpumem.host.linux.x86_64) and puts a copy next to
 * the command line's jar.
 */
public final class RuntimeLibrary {
    /** The soname programs built with {@code nvcc -cudart shared} load. */
    public static final String FILE_NAME = "libcudart.so.13";
    /** A system property naming the folder explicitly (tests, development runs). */
    public static final String FOLDER_PROPERTY = "gpumem.cudart";

    private RuntimeLibrary() {
    }

    /**
     * The folder named by {@value #FOLDER_PROPERTY}, else the folder of the jar or class folder
     * that holds {@code anchor}.
     *
     * @throws HostProgramException when the library is not there
     */
    public static Path folder(Class<?> anchor) throws HostProgramException {
        String property = System.getProperty(FOLDER_PROPERTY);
        Path folder = property != null ? Path.of(property) : codeFolder(anchor);
        if (folder == null || !Files.isRegularFile(folder.resolve(FILE_NAME))) {
            throw new HostProgramException("gpumem's " + FILE_NAME + " is not in " + (folder != null ? folder : "the folder of "
                    + anchor.getName()) + " (the reactor build compiles it with the system C compiler; set -D"
                    + FOLDER_PROPERTY + "=FOLDER to use another)");
        }
        return folder.toAbsolutePath();
    }

    private static Path codeFolder(Class<?> anchor) {
        CodeSource source = anchor.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        URI uri;
        try {
            uri = source.getLocation().toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the code of " + anchor.getName() + " is at " + source.getLocation()
                    + ", which is not a URI: " + e.getMessage(), e);
        }
        if (!"file".equals(uri.getScheme())) {
            return null; // not a file (a bundle inside OSGi): the caller names the folder
        }
        Path where = Path.of(uri);
        return Files.isDirectory(where) ? where : where.getParent();
    }
}
