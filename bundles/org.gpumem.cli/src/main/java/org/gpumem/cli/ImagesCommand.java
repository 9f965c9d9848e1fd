package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.Container;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.GpuTarget;
import org.gpumem.images.ImageExtractor;
import org.gpumem.images.ImageSelector;
import org.gpumem.images.Kernel;
import org.gpumem.images.NvidiaTarget;
import org.gpumem.images.Origin;
import org.gpumem.images.Selection;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gpumem images FILE}: the device-code catalog of a file. */
@Command(name = "images", mixinStandardHelpOptions = true,
        description = {"Lists the device code a file carries: CUDA fatbins (cubins, PTX), clang offload bundles "
                + "(AMDGPU code objects, plain or compressed), standalone cubins, code objects, PTX, OpenCL C and SPIR-V.",
                "Exit status: 0 done, 1 bad input or no image for the --select device, 2 usage error."})
public final class ImagesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Host executable or object, fatbin, bundle, cubin, code object, PTX, OpenCL C or SPIR-V file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = "--extract", paramLabel = "DIR", description = "Write each image to DIR, named after kind and architecture (sm_86.cubin, compute_80.ptx, gfx90a.hsaco).")
    Path extractDir;

    @Option(names = "--select", paramLabel = "DEVICE", converter = TargetConverter.class,
            description = "Say which image a device would load and why: sm_86, 8.6, sm_90a, gfx90a, gfx90a:xnack+ ...")
    GpuTarget device;

    @Option(names = "--max-image-size", paramLabel = "BYTES", defaultValue = "" + CatalogReader.DEFAULT_MAX_IMAGE_SIZE,
            description = "Refuse to decompress an image or bundle to more than BYTES (default ${DEFAULT-VALUE}).")
    long maxImageSize;

    static final class TargetConverter implements ITypeConverter<GpuTarget> {
        @Override
        public GpuTarget convert(String value) {
            return GpuTarget.parse(value);
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Catalog catalog = new CatalogReader(maxImageSize).read(file);
        List<DeviceImage> images = catalog.images();
        List<Selection> selections = device != null ? ImageSelector.select(catalog, device) : List.of();
        Map<DeviceImage, Path> extracted = extractDir != null ? ImageExtractor.extract(images, extractDir) : Map.of();
        if (json) {
            out.println(new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create()
                    .toJson(toJson(catalog, selections, extracted)));
        } else {
            printText(out, catalog, selections, extracted);
        }
        out.flush();
        int status = 0;
        for (Selection s : selections) {
            if (s.chosen().isEmpty()) {
                spec.commandLine().getErr().println("gpumem images: " + s.explanation());
                status = Main.EXIT_BAD_INPUT;
            }
        }
        return status;
    }

    private static void printText(PrintWriter out, Catalog catalog, List<Selection> selections, Map<DeviceImage, Path> extracted) {
        out.println(catalog.file() + ": " + catalog.fileKind());
        if (catalog.containers().isEmpty()) {
            out.println("  no device code found");
        }
        int n = 0;
        for (Container c : catalog.containers()) {
            out.println("  " + c.kind().displayName() + (c.version() != null ? " v" + c.version() : "")
                    + (c.compression() != org.gpumem.images.Compression.NONE ? " (" + c.compression().displayName() + ")" : "")
                    + ", " + c.size() + " bytes at " + where(c.origin()));
            for (DeviceImage i : c.images()) {
                n++;
                out.println("    [" + n + "] " + i.describe() + (i.hasDebugInfo() ? ", debug info" : "")
                        + " at " + where(i.origin()));
                if (i.ptxasOptions() != null) {
                    out.println("        ptxas options: " + i.ptxasOptions());
                }
                if (i.bundleEntryId() != null) {
                    out.println("        bundle entry: " + i.bundleEntryId());
                }
                List<Kernel> kernels = i.kernels();
                out.println("        kernels (" + kernels.size() + "):");
                for (Kernel k : kernels) {
                    out.println("          " + k.displayName() + (k.demangled() != null ? "  [" + k.name() + "]" : ""));
                }
                Path p = extracted.get(i);
                if (p != null) {
                    out.println("        extracted to " + p);
                }
            }
        }
        for (Selection selection : selections) {
            out.println();
            out.println(selection.explanation());
            for (Selection.Verdict v : selection.verdicts()) {
                out.println("  " + (v.usable() ? "usable  " : "rejected") + "  " + v.image().describe() + ": " + v.reason());
            }
        }
    }

    private static String where(Origin o) {
        String at = o.section() != null ? o.section() + "+0x" + Long.toHexString(o.offset()) : "offset 0x" + Long.toHexString(o.offset());
        return at + (o.fileOffset() >= 0 && o.section() != null ? " (file offset 0x" + Long.toHexString(o.fileOffset()) + ")" : "");
    }

    static JsonObject toJson(Catalog catalog, List<Selection> selections, Map<DeviceImage, Path> extracted) {
        JsonObject root = new JsonObject();
        root.addProperty("file", catalog.file());
        root.addProperty("kind", catalog.fileKind());
        JsonArray containers = new JsonArray();
        for (Container c : catalog.containers()) {
            JsonObject jc = new JsonObject();
            jc.addProperty("kind", c.kind().name());
            jc.addProperty("version", c.version());
            jc.addProperty("size", c.size());
            jc.addProperty("compression", c.compression().name());
            jc.add("origin", origin(c.origin()));
            JsonArray images = new JsonArray();
            for (DeviceImage i : c.images()) {
                images.add(image(i, extracted.get(i)));
            }
            jc.add("images", images);
            containers.add(jc);
        }
        root.add("containers", containers);
        JsonArray jsel = new JsonArray();
        for (Selection selection : selections) {
            JsonObject js = new JsonObject();
            js.addProperty("device", selection.device().name());
            js.addProperty("scope", selection.scope());
            js.addProperty("chosen", selection.chosen().map(i -> catalogIndex(catalog, i)).orElse(null));
            js.addProperty("explanation", selection.explanation());
            JsonArray verdicts = new JsonArray();
            for (Selection.Verdict v : selection.verdicts()) {
                JsonObject jv = new JsonObject();
                jv.addProperty("image", catalogIndex(catalog, v.image()));
                jv.addProperty("usable", v.usable());
                jv.addProperty("reason", v.reason());
                verdicts.add(jv);
            }
            js.add("verdicts", verdicts);
            jsel.add(js);
        }
        if (!selections.isEmpty()) {
            root.add("selections", jsel);
        }
        return root;
    }

    /** 1-based position of {@code image} in the catalog's image order (as in the text listing). */
    private static Integer catalogIndex(Catalog catalog, DeviceImage image) {
        int i = catalog.images().indexOf(image);
        return i < 0 ? null : i + 1;
    }

    private static JsonObject image(DeviceImage i, Path extractedTo) {
        JsonObject j = new JsonObject();
        j.addProperty("format", i.format().name());
        j.addProperty("target", i.target() == null ? null
                : i.format() == org.gpumem.images.ImageFormat.PTX && i.target() instanceof NvidiaTarget n ? n.computeName()
                : i.target().name());
        j.addProperty("formatVersion", i.formatVersion());
        j.addProperty("size", i.size());
        j.addProperty("storedSize", i.storedSize());
        j.addProperty("compression", i.compression().name());
        j.addProperty("debugInfo", i.hasDebugInfo());
        j.addProperty("ptxasOptions", i.ptxasOptions());
        j.addProperty("sourceName", i.sourceName());
        j.addProperty("bundleEntryId", i.bundleEntryId());
        j.add("origin", origin(i.origin()));
        JsonArray kernels = new JsonArray();
        for (Kernel k : i.kernels()) {
            JsonObject jk = new JsonObject();
            jk.addProperty("name", k.name());
            jk.addProperty("demangled", k.demangled());
            kernels.add(jk);
        }
        j.add("kernels", kernels);
        if (extractedTo != null) {
            j.addProperty("extractedTo", extractedTo.toString());
        }
        return j;
    }

    private static JsonObject origin(Origin o) {
        JsonObject j = new JsonObject();
        j.addProperty("file", o.file());
        j.addProperty("section", o.section());
        j.addProperty("offset", o.offset());
        j.addProperty("fileOffset", o.fileOffset());
        j.addProperty("path", o.path());
        return j;
    }
}
