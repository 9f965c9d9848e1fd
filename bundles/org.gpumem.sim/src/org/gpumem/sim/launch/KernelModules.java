package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.ImageFormat;
import org.gpumem.images.ImageSelector;
import org.gpumem.images.Kernel;
import org.gpumem.images.NvidiaTarget;
import org.gpumem.images.Selection;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;

/**
 * Finds the PTX module and the kernel a launch description names. The module is a PTX file, or
 * a file with embedded device code (host executable, object, fatbin): then the device-code
 * catalog picks the PTX image a {@code device} GPU would JIT-compile among those defining the
 * kernel, since the simulator runs PTX, not SASS.
 */
public final class KernelModules {
    private KernelModules() {
    }

    /** Loads the module of {@code d}; errors name the launch file's {@code module} field. */
    static PtxModule load(LaunchDescription d) throws IOException {
        Path path = d.module();
        if (!Files.isRegularFile(path)) {
            throw fail(d, "module", path + " is not a readable file");
        }
        if (isPtxText(path)) {
            return PtxLoader.load(path);
        }
        Catalog catalog = new CatalogReader().read(path);
        List<DeviceImage> ptx = new ArrayList<>();
        boolean other = false;
        for (DeviceImage image : catalog.images()) {
            if (image.kernels().stream().anyMatch(k -> designates(k, d.kernel()))) {
                if (image.format() == ImageFormat.PTX) {
                    ptx.add(image);
                } else {
                    other = true;
                }
            }
        }
        if (ptx.isEmpty()) {
            throw fail(d, "module", path + " (" + catalog.fileKind() + ") has no PTX image defining kernel " + d.kernel()
                    + (other ? "; it has only cubins, and the simulator runs PTX (build with -gencode code=compute_NN)" : ""));
        }
        Selection s = ImageSelector.select(path.toString(), ptx, NvidiaTarget.parse(d.device()));
        if (s.chosen().isEmpty()) {
            throw fail(d, "device", s.explanation());
        }
        DeviceImage image = s.chosen().get();
        byte[] bytes = new byte[image.payload().remaining()];
        image.payload().get(bytes);
        // NUL-terminated and padded in the fatbin: the loader ends the text at the NUL
        return PtxLoader.load(path + " [" + image.suggestedFileName() + "]", new String(bytes, StandardCharsets.UTF_8));
    }

    /**
     * The kernel {@code d} names, when exactly one kernel of the module is designated by it (see
     * {@link #designates}).
     */
    static PtxFunction kernel(LaunchDescription d, PtxModule module) {
        String name = d.kernel();
        PtxFunction exact = module.function(name);
        if (exact != null && exact.isEntry()) {
            return exact;
        }
        List<PtxFunction> matches = new ArrayList<>();
        StringBuilder known = new StringBuilder();
        for (PtxFunction k : module.kernels()) {
            Kernel kernel = Kernel.of(k.name());
            known.append(known.length() == 0 ? "" : ", ").append(kernel.displayName());
            if (designates(kernel, name)) {
                matches.add(k);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.isEmpty()) {
            throw fail(d, "kernel", "no kernel " + name + " in " + module.name() + " (kernels: "
                    + (known.length() == 0 ? "none" : known) + ")");
        }
        StringBuilder which = new StringBuilder();
        for (PtxFunction k : matches) {
            which.append(which.length() == 0 ? "" : ", ").append(k.name());
        }
        throw fail(d, "kernel", name + " is ambiguous in " + module.name() + ": " + which + "; give the mangled name");
    }

    /**
     * Whether {@code name} designates {@code kernel}: its mangled name, its full demangled
     * signature ({@code void ns::f<int>(float*)}), its qualified name without return type and
     * parameters ({@code ns::f<int>}), or that name without template arguments ({@code ns::f}).
     */
    public static boolean designates(Kernel kernel, String name) {
        if (kernel.name().equals(name)) {
            return true;
        }
        String demangled = kernel.demangled();
        if (demangled == null) {
            return false;
        }
        if (demangled.equals(name)) {
            return true;
        }
        String qualified = qualifiedName(demangled);
        return qualified.equals(name) || withoutTemplateArguments(qualified).equals(name);
    }

    /** {@code void ns::f<int>(float*)} without return type and parameter list: {@code ns::f<int>}. */
    private static String qualifiedName(String demangled) {
        int depth = 0;
        int start = 0;
        for (int i = 0; i < demangled.length(); i++) {
            char c = demangled.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (c == ' ' && depth == 0) {
                start = i + 1;
            } else if (c == '(' && depth == 0) {
                return demangled.substring(start, i);
            }
        }
        return demangled.substring(start);
    }

    private static String withoutTemplateArguments(String qualified) {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < qualified.length(); i++) {
            char c = qualified.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (depth == 0) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** PTX is text starting (after comments and blank lines) with a directive; device-code containers are binary. */
    private static boolean isPtxText(Path path) throws IOException {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(head, 0, 4);
        }
        if (n == 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (head[i] == 0 || (head[i] & 0xff) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static LaunchFileException fail(LaunchDescription d, String field, String problem) {
        return new LaunchFileException(d.source() != null ? d.source().toString() : null, field, problem);
    }
}
