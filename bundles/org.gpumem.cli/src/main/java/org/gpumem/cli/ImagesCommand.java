package org.gpumem.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.google.gson.stream.JsonWriter;

import org.gpumem.dwarf.io.BoundedDecompression;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.Compression;
import org.gpumem.images.Container;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.GpuTarget;
import org.gpumem.images.ImageExtractor;
import org.gpumem.images.ImageFormat;
import org.gpumem.images.ImageSelector;
import org.gpumem.images.Kernel;
import org.gpumem.images.KernelSelection;
import org.gpumem.images.NvidiaTarget;
import org.gpumem.images.Origin;
import org.gpumem.images.Selection;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gpumem images FILE}: the device-code catalog of a file. */
@Command(name = "images", mixinStandardHelpOptions = true,
        description = {"Lists the device code a file carries: CUDA fatbins (cubins, PTX, other entries) wherever they are, "
                + "clang offload bundles (AMDGPU code objects, plain or compressed), plain cubins and code objects "
                + "embedded in host sections, standalone cubins, code objects, PTX, OpenCL C and SPIR-V. The listing "
                + "reads headers only; --kernels, --select and --extract read the images' bytes.",
                "A container or image that cannot be read is listed with the reason and the rest is listed as usual.",
                "Exit status: 0 done, 1 something could not be read or a kernel has no image for the --select device, "
                        + "2 usage error."})
public final class ImagesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Host executable, library or object, fatbin, bundle, cubin, code object, PTX, OpenCL C or SPIR-V file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = "--kernels", description = "List each image's kernels (reads and decompresses the images).")
    boolean kernels;

    @Option(names = "--extract", paramLabel = "DIR", description = "Write each image's bytes to DIR, named after kind and architecture (sm_86.cubin, compute_80.ptx, gfx90a.hsaco).")
    Path extractDir;

    @Option(names = "--select", paramLabel = "DEVICE", converter = TargetConverter.class,
            description = "Say which image a device would load for each kernel and why: sm_86, 8.6, sm_90a, gfx90a, gfx90a:xnack+ ...")
    GpuTarget device;

    @Option(names = "--max-image-size", paramLabel = "BYTES", defaultValue = "" + CatalogReader.DEFAULT_MAX_IMAGE_SIZE,
            description = "Refuse to decompress an image or bundle to more than BYTES (default ${DEFAULT-VALUE}).")
    long maxImageSize;

    @Mixin
    DecompressionBudgetOption budget;

    static final class TargetConverter implements ITypeConverter<GpuTarget> {
        @Override
        public GpuTarget convert(String value) {
            return GpuTarget.parse(value);
        }
    }

    /** What reading images' bytes found, per image, beside the catalog's header problems. */
    private static final class Findings {
        final Map<DeviceImage, List<Kernel>> kernels = new IdentityHashMap<>();
        final Map<DeviceImage, InputFormatException> payloadProblems = new IdentityHashMap<>();
        final Map<DeviceImage, Path> extracted = new IdentityHashMap<>();
        final List<InputFormatException> problems = new ArrayList<>();
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (maxImageSize <= 0 || maxImageSize > BoundedDecompression.MAX_ITEM_SIZE) {
            throw new ParameterException(spec.commandLine(), "--max-image-size must be between 1 and " + BoundedDecompression.MAX_ITEM_SIZE);
        }
        Catalog catalog = new CatalogReader(maxImageSize, budget.bytes()).read(file);
        Findings f = new Findings();
        f.problems.addAll(catalog.problems());
        boolean needKernels = kernels || device != null;
        if (needKernels) {
            readKernels(catalog, f);
        }
        if (extractDir != null) {
            extract(catalog, f);
        }
        List<Selection> modules = device != null ? ImageSelector.select(catalog, device) : List.of();
        List<KernelSelection> perKernel = device != null ? ImageSelector.selectKernels(catalog, device) : List.of();
        if (json) {
            // JsonWriter writes many short strings: a large unshared buffer keeps that cheap.
            java.io.BufferedWriter buffer = new java.io.BufferedWriter(out, 1 << 16);
            JsonWriter w = new JsonWriter(buffer);
            w.setIndent("  ");
            w.setSerializeNulls(true);
            writeJson(w, catalog, f, modules, perKernel);
            buffer.write(System.lineSeparator());
            w.flush();
        } else {
            printText(out, catalog, f, modules, perKernel);
        }
        out.flush();
        int status = 0;
        PrintWriter err = spec.commandLine().getErr();
        for (InputFormatException p : f.problems) {
            err.println("gpumem images: " + p.getMessage());
            status = Main.EXIT_BAD_INPUT;
        }
        for (String unresolved : unresolved(perKernel, modules)) {
            err.println("gpumem images: " + unresolved);
            status = Main.EXIT_BAD_INPUT;
        }
        return status;
    }

    private void readKernels(Catalog catalog, Findings f) {
        for (DeviceImage i : catalog.images()) {
            if (i.problem() != null) {
                continue;
            }
            try {
                f.kernels.put(i, i.kernels());
            } catch (InputFormatException e) {
                f.payloadProblems.put(i, e);
                f.problems.add(e);
            }
        }
    }

    private void extract(Catalog catalog, Findings f) throws IOException {
        Files.createDirectories(extractDir);
        List<DeviceImage> images = catalog.images();
        List<String> names = ImageExtractor.fileNames(images);
        for (int n = 0; n < images.size(); n++) {
            DeviceImage i = images.get(n);
            if (i.problem() != null || f.payloadProblems.containsKey(i)) {
                continue;
            }
            Path to = extractDir.resolve(names.get(n));
            try {
                ImageExtractor.write(i, to);
                f.extracted.put(i, to);
            } catch (InputFormatException e) {
                Files.deleteIfExists(to);
                f.payloadProblems.put(i, e);
                f.problems.add(e);
            }
        }
    }

    /**
     * The kernels no image serves on the device; when the file defines no kernel at all, the
     * modules without a usable image (so that "nothing runs here" is still reported).
     */
    private static List<String> unresolved(List<KernelSelection> perKernel, List<Selection> modules) {
        List<String> list = new ArrayList<>();
        for (KernelSelection k : perKernel) {
            if (!k.resolves()) {
                list.add(k.selection().explanation());
            }
        }
        if (perKernel.isEmpty()) {
            for (Selection s : modules) {
                if (s.chosen().isEmpty()) {
                    list.add(s.explanation());
                }
            }
        }
        return list;
    }

    private void printText(PrintWriter out, Catalog catalog, Findings f, List<Selection> modules,
            List<KernelSelection> perKernel) {
        out.println(catalog.file() + ": " + catalog.fileKind());
        if (catalog.containers().isEmpty()) {
            out.println("  no device code found");
        }
        for (Container c : catalog.containers()) {
            out.println("  " + c.kind().displayName() + (c.version() != null ? " v" + c.version() : "")
                    + (c.compression() != Compression.NONE ? " (" + c.compression().displayName() + ")" : "")
                    + ", " + c.size() + " bytes at " + where(c.origin()));
            for (DeviceImage i : c.images()) {
                printImage(out, catalog.number(i), i, f);
            }
            if (c.problem() != null) {
                out.println("    cannot read further: " + c.problem().getMessage());
            }
        }
        if (device == null) {
            return;
        }
        out.println();
        long resolved = perKernel.stream().filter(KernelSelection::resolves).count();
        out.println("device " + device.name() + ": " + resolved + " of " + perKernel.size() + " kernels have an image");
        for (KernelSelection k : perKernel) {
            out.println("  " + k.selection().explanation());
        }
        for (Selection selection : modules) {
            out.println();
            out.println(selection.explanation());
            for (Selection.Verdict v : selection.verdicts()) {
                out.println("  " + (v.usable() ? "usable  " : "rejected") + "  " + v.image().describe() + ": " + v.reason());
            }
        }
    }

    private void printImage(PrintWriter out, int n, DeviceImage i, Findings f) {
        out.println("    [" + n + "] " + i.describe() + (i.hasDebugInfo() ? ", debug info" : "") + " at " + where(i.origin()));
        if (i.ptxasOptions() != null) {
            out.println("        options: " + i.ptxasOptions());
        }
        if (i.optionsHex() != null) {
            out.println("        options (binary): " + i.optionsHex());
        }
        if (i.sourceName() != null) {
            out.println("        source: " + i.sourceName());
        }
        if (i.bundleEntryId() != null) {
            out.println("        bundle entry: " + i.bundleEntryId());
        }
        InputFormatException problem = i.problem() != null ? i.problem() : f.payloadProblems.get(i);
        if (problem != null) {
            out.println("        cannot read: " + problem.getMessage());
        }
        List<Kernel> ks = f.kernels.get(i);
        if (kernels && ks != null) {
            out.println("        kernels (" + ks.size() + "):");
            for (Kernel k : ks) {
                out.println("          " + k.displayName() + (k.demangled() != null ? "  [" + k.name() + "]" : ""));
            }
        }
        Path p = f.extracted.get(i);
        if (p != null) {
            out.println("        extracted to " + p);
        }
    }

    private static String where(Origin o) {
        String at = o.section() != null ? o.section() + "+0x" + Long.toHexString(o.offset()) : "offset 0x" + Long.toHexString(o.offset());
        return at + (o.fileOffset() >= 0 && o.section() != null ? " (file offset 0x" + Long.toHexString(o.fileOffset()) + ")" : "");
    }

    private void writeJson(JsonWriter w, Catalog catalog, Findings f, List<Selection> modules,
            List<KernelSelection> perKernel) throws IOException {
        Map<Container, Integer> containerNumbers = new IdentityHashMap<>();
        w.beginObject();
        w.name("file").value(catalog.file());
        w.name("kind").value(catalog.fileKind());
        w.name("containers").beginArray();
        for (Container c : catalog.containers()) {
            containerNumbers.put(c, containerNumbers.size() + 1);
            w.beginObject();
            w.name("kind").value(c.kind().name());
            w.name("version").value(c.version());
            w.name("size").value(c.size());
            w.name("compression").value(c.compression().name());
            origin(w.name("origin"), c.origin());
            w.name("problem").value(c.problem() != null ? c.problem().getMessage() : null);
            w.name("images").beginArray();
            for (DeviceImage i : c.images()) {
                image(w, catalog.number(i), i, f);
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        if (device != null) {
            w.name("kernelSelections").beginArray();
            for (KernelSelection k : perKernel) {
                w.beginObject();
                w.name("kernel").value(k.kernel().name());
                w.name("demangled").value(k.kernel().demangled());
                w.name("container").value(containerNumbers.get(k.module()));
                selection(w, catalog, k.selection());
                w.endObject();
            }
            w.endArray();
            w.name("selections").beginArray();
            for (Selection s : modules) {
                w.beginObject();
                selection(w, catalog, s);
                w.endObject();
            }
            w.endArray();
        }
        w.name("problems").beginArray();
        for (InputFormatException p : f.problems) {
            w.value(p.getMessage());
        }
        w.endArray();
        w.endObject();
    }

    private void selection(JsonWriter w, Catalog catalog, Selection s) throws IOException {
        w.name("device").value(s.device().name());
        w.name("scope").value(s.scope());
        w.name("chosen").value(s.chosen().map(catalog::number).orElse(null));
        w.name("explanation").value(s.explanation());
        w.name("verdicts").beginArray();
        for (Selection.Verdict v : s.verdicts()) {
            w.beginObject();
            w.name("image").value(catalog.number(v.image()));
            w.name("usable").value(v.usable());
            w.name("reason").value(v.reason());
            w.endObject();
        }
        w.endArray();
    }

    private void image(JsonWriter w, int n, DeviceImage i, Findings f) throws IOException {
        w.beginObject();
        w.name("number").value(n);
        w.name("format").value(i.format().name());
        w.name("target").value(i.target() == null ? null
                : i.format() == ImageFormat.PTX && i.target() instanceof NvidiaTarget t ? t.computeName()
                : i.target().name());
        w.name("formatVersion").value(i.formatVersion());
        w.name("size").value(i.size());
        w.name("storedSize").value(i.storedSize());
        w.name("compression").value(i.compression().name());
        w.name("debugInfo").value(i.hasDebugInfo());
        w.name("ptxasOptions").value(i.ptxasOptions());
        w.name("optionsHex").value(i.optionsHex());
        w.name("sourceName").value(i.sourceName());
        w.name("bundleEntryId").value(i.bundleEntryId());
        origin(w.name("origin"), i.origin());
        InputFormatException problem = i.problem() != null ? i.problem() : f.payloadProblems.get(i);
        w.name("problem").value(problem != null ? problem.getMessage() : null);
        List<Kernel> ks = f.kernels.get(i);
        if (kernels && ks != null) {
            w.name("kernels").beginArray();
            for (Kernel k : ks) {
                w.beginObject();
                w.name("name").value(k.name());
                w.name("demangled").value(k.demangled());
                w.endObject();
            }
            w.endArray();
        }
        Path p = f.extracted.get(i);
        if (p != null) {
            w.name("extractedTo").value(p.toString());
        }
        w.endObject();
    }

    private static void origin(JsonWriter w, Origin o) throws IOException {
        w.beginObject();
        w.name("file").value(o.file());
        w.name("section").value(o.section());
        w.name("offset").value(o.offset());
        w.name("fileOffset").value(o.fileOffset());
        w.name("path").value(o.path());
        w.endObject();
    }
}
