package org.gpumem.debug.launch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The sample kernel shipped in this bundle's {@code samples/} folder (copied from
 * tests/fixtures/kernels, which is not shipped): the CUDA source, its nvcc -G PTX and a launch
 * description. The IDE copies them into a sample project.
 */
public final class KernelSamples {
    /** The files of the sample, in the order a project should receive them. */
    public static final List<String> FILES = List.of("local_array.cu", "local_array.G.ptx", "local_array.launch.json");
    /** The launch description among {@link #FILES}. */
    public static final String LAUNCH_FILE = "local_array.launch.json";
    /** A line inside the loop of the sample's source, where a first breakpoint is useful. */
    public static final int LOOP_LINE = 20;

    private KernelSamples() {
    }

    /**
     * Opens sample file {@code name}.
     *
     * @throws IOException when the bundle lacks it
     */
    public static InputStream open(String name) throws IOException {
        if (!FILES.contains(name)) {
            throw new IOException("no sample file " + name);
        }
        Bundle bundle = FrameworkUtil.getBundle(KernelSamples.class);
        URL url = bundle == null ? KernelSamples.class.getResource("/samples/" + name) : bundle.getEntry("samples/" + name);
        if (url == null) {
            throw new IOException("sample file samples/" + name + " is missing from " + (bundle == null ? "the class path" : bundle.getSymbolicName()));
        }
        return url.openStream();
    }
}
