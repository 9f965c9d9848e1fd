package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.variables.DwarfStatistics;
import org.gpumem.dwarf.variables.DwarfVariable;
import org.gpumem.dwarf.variables.VariableLister;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.DwarfOpener;
import org.gpumem.images.GpuTarget;
import org.gpumem.images.ImageSelector;
import org.gpumem.images.KernelSelection;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gpumem dwarf FILE}: variables and parameters with their address spaces and locations. */
@Command(name = "dwarf", mixinStandardHelpOptions = true,
        description = {"Lists every variable and parameter in the DWARF of an ELF file (cubin, AMDGPU code object, "
                + "host executable, library or object) or of nvcc -G PTX, with unit, function, type, declaration, address "
                + "space and location description. Relocations of .rela.debug_* sections are applied. For a host file, "
                + "the DWARF of every embedded device image that carries it is listed too, each record naming its image.",
                "Exit status: 0 done, 1 bad input, 2 usage error."})
public final class DwarfCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "ELF file with DWARF, host file with device images, or PTX text written by nvcc -G.")
    Path file;

    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = "--stats", description = "Parse every DIE and location list and print counts and the time taken.")
    boolean stats;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads for --stats (default: available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--image", paramLabel = "N", description = "Only the device image numbered N (as `gpumem images FILE` numbers them).")
    Integer image;

    @Option(names = "--select", paramLabel = "DEVICE", converter = ImagesCommand.TargetConverter.class,
            description = "Only the device images a DEVICE (sm_86, gfx90a...) would run for the file's kernels.")
    GpuTarget device;

    @Mixin
    DecompressionBudgetOption budget;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        List<DwarfOpener.Source> sources = sources();
        int status = 0;
        for (DwarfOpener.Source s : sources) {
            if (s.problem() != null) {
                spec.commandLine().getErr().println("gpumem dwarf: " + s.problem().getMessage());
                status = Main.EXIT_BAD_INPUT;
            }
        }
        if (stats) {
            printStats(out, sources, start);
        } else if (json) {
            out.println(gson().toJson(toJson(sources)));
        } else {
            for (DwarfOpener.Source s : sources) {
                if (s.dwarf() != null) {
                    String prefix = s.image() == null ? "" : "image " + s.imageNumber() + " (" + s.image().describe() + "): ";
                    new VariableLister(s.dwarf()).forEach(v -> out.println(prefix + text(v)));
                }
            }
        }
        out.flush();
        return status;
    }

    /** The sources the options ask for; an error when there are none. */
    private List<DwarfOpener.Source> sources() throws Exception {
        CatalogReader reader = new CatalogReader(CatalogReader.DEFAULT_MAX_IMAGE_SIZE, budget.bytes());
        List<DwarfOpener.Source> all = DwarfOpener.openAll(file, reader);
        List<DwarfOpener.Source> picked = new ArrayList<>();
        Set<DeviceImage> chosen = null;
        if (device != null) {
            chosen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (KernelSelection k : ImageSelector.selectKernels(reader.read(file), device)) {
                k.selection().chosen().ifPresent(chosen::add);
            }
        }
        for (DwarfOpener.Source s : all) {
            boolean wanted = image != null ? s.imageNumber() == image
                    : chosen == null || (s.image() != null && containsSame(chosen, s.image()));
            if (wanted) {
                picked.add(s);
            }
        }
        if (picked.isEmpty()) {
            String what = image != null ? "device image " + image + " with DWARF"
                    : device != null ? "device image with DWARF that " + device.name() + " would run"
                    : "DWARF, in the file or in a device image it embeds";
            throw new InputFormatException(file.toString(), null, 0, "no " + what + " (gpumem images " + file + " lists the images)");
        }
        return picked;
    }

    /** Whether {@code set} holds the image at the same place (the selection read the catalog again). */
    private static boolean containsSame(Set<DeviceImage> set, DeviceImage image) {
        for (DeviceImage i : set) {
            if (i.origin().equals(image.origin())) {
                return true;
            }
        }
        return false;
    }

    private void printStats(PrintWriter out, List<DwarfOpener.Source> sources, long start) {
        List<DwarfStatistics.Result> results = new ArrayList<>();
        for (DwarfOpener.Source s : sources) {
            results.add(s.dwarf() == null ? null
                    : DwarfStatistics.compute(s.dwarf(), AddressSpaceEncodings.DEFAULTS, Math.max(1, threads)));
        }
        DwarfStatistics.Result r = sum(results);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (json) {
            JsonObject o = new JsonObject();
            o.addProperty("file", file.toString());
            statsJson(o, r);
            JsonArray list = new JsonArray();
            for (int i = 0; i < sources.size(); i++) {
                JsonObject so = new JsonObject();
                so.addProperty("name", sources.get(i).name());
                so.addProperty("image", sources.get(i).image() != null ? sources.get(i).imageNumber() : null);
                if (results.get(i) != null) {
                    statsJson(so, results.get(i));
                } else {
                    so.addProperty("problem", sources.get(i).problem().getMessage());
                }
                list.add(so);
            }
            o.add("sources", list);
            o.addProperty("seconds", seconds);
            o.addProperty("threads", r.threads());
            out.println(gson().toJson(o));
            return;
        }
        out.printf("file: %s%n", file);
        if (sources.size() > 1 || sources.get(0).image() != null) {
            for (int i = 0; i < sources.size(); i++) {
                DwarfStatistics.Result ri = results.get(i);
                out.printf("  %s: %s%n", sources.get(i).name(), ri == null ? sources.get(i).problem().getMessage()
                        : ri.units() + " units, " + ri.dies() + " DIEs, " + ri.variables() + " variables, "
                                + ri.parameters() + " parameters");
            }
        }
        out.printf("units: %d (type units: %d)%n", r.units(), r.typeUnits());
        out.printf("DIEs: %d%n", r.dies());
        out.printf("variables: %d, parameters: %d%n", r.variables(), r.parameters());
        out.printf("location expressions: %d, location lists: %d (%d entries)%n", r.expressions(),
                r.locationLists(), r.locationListEntries());
        out.println("variables and parameters by address space:");
        for (Map.Entry<String, Long> e : r.bySpace().entrySet()) {
            out.printf("  %-24s %d%n", e.getKey(), e.getValue());
        }
        out.printf("time: %.3f s (%d threads)%n", seconds, r.threads());
    }

    private static void statsJson(JsonObject o, DwarfStatistics.Result r) {
        o.addProperty("units", r.units());
        o.addProperty("typeUnits", r.typeUnits());
        o.addProperty("dies", r.dies());
        o.addProperty("variables", r.variables());
        o.addProperty("parameters", r.parameters());
        o.addProperty("expressions", r.expressions());
        o.addProperty("locationLists", r.locationLists());
        o.addProperty("locationListEntries", r.locationListEntries());
        JsonObject spaces = new JsonObject();
        r.bySpace().forEach(spaces::addProperty);
        o.add("bySpace", spaces);
    }

    /** The counts of several sources added up (null entries are sources that could not be read). */
    private static DwarfStatistics.Result sum(List<DwarfStatistics.Result> results) {
        int units = 0;
        int typeUnits = 0;
        int threads = 1;
        long[] n = new long[7];
        Map<String, Long> bySpace = new java.util.TreeMap<>();
        for (DwarfStatistics.Result r : results) {
            if (r == null) {
                continue;
            }
            units += r.units();
            typeUnits += r.typeUnits();
            threads = Math.max(threads, r.threads());
            n[0] += r.dies();
            n[1] += r.variables();
            n[2] += r.parameters();
            n[3] += r.expressions();
            n[4] += r.locationLists();
            n[5] += r.locationListEntries();
            n[6] += r.nanos();
            r.bySpace().forEach((k, v) -> bySpace.merge(k, v, Long::sum));
        }
        return new DwarfStatistics.Result(units, typeUnits, n[0], n[1], n[2], n[3], n[4], n[5], bySpace, n[6], threads);
    }

    private static com.google.gson.Gson gson() {
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();
    }

    private JsonObject toJson(List<DwarfOpener.Source> sources) {
        JsonObject root = new JsonObject();
        root.addProperty("file", file.toString());
        JsonArray sourceList = new JsonArray();
        JsonArray list = new JsonArray();
        for (DwarfOpener.Source s : sources) {
            JsonObject so = new JsonObject();
            so.addProperty("name", s.name());
            so.addProperty("image", s.image() != null ? s.imageNumber() : null);
            so.addProperty("problem", s.problem() != null ? s.problem().getMessage() : null);
            sourceList.add(so);
            if (s.dwarf() != null) {
                for (DwarfVariable v : new VariableLister(s.dwarf()).list()) {
                    list.add(variableJson(v, s.image() != null ? s.imageNumber() : null));
                }
            }
        }
        root.add("sources", sourceList);
        root.add("variables", list);
        return root;
    }

    private static JsonObject variableJson(DwarfVariable v, Integer imageNumber) {
        JsonObject o = new JsonObject();
        o.addProperty("image", imageNumber);
        o.addProperty("unit", v.unit());
        o.addProperty("function", v.function());
        o.addProperty("name", v.name());
        o.addProperty("tag", v.parameter() ? "formal_parameter" : "variable");
        o.addProperty("die", String.format("0x%08x", v.dieOffset()));
        o.addProperty("type", v.type());
        o.addProperty("decl", decl(v));
        if (v.space() != null) {
            JsonObject s = new JsonObject();
            s.addProperty("id", v.space().id());
            s.addProperty("name", v.space().name());
            s.addProperty("numbering", v.space().numbering());
            s.addProperty("source", v.spaceSource());
            o.add("addressSpace", s);
        } else {
            o.add("addressSpace", null);
        }
        JsonObject l = new JsonObject();
        DwarfVariable.LocationText t = v.location();
        if (t == null) {
            l.addProperty("kind", "none");
            l.addProperty("ops", "");
        } else {
            l.addProperty("kind", t.kind());
            l.addProperty("ops", t.ops());
            if (t.bytes() != null) {
                l.addProperty("bytes", t.bytes());
            }
            if (t.address() != null) {
                l.addProperty("address", "0x" + Long.toHexString(t.address()));
            }
            if (!t.symbols().isEmpty()) {
                JsonArray syms = new JsonArray();
                t.symbols().forEach(syms::add);
                l.add("relocations", syms);
            }
            if (t.entries() != null) {
                JsonArray entries = new JsonArray();
                for (DwarfVariable.ListEntryText e : t.entries()) {
                    JsonObject eo = new JsonObject();
                    eo.addProperty("low", e.lowText());
                    eo.addProperty("high", e.highText());
                    eo.addProperty("kind", e.kind());
                    eo.addProperty("ops", e.ops());
                    entries.add(eo);
                }
                l.add("entries", entries);
            }
            if (t.problem() != null) {
                l.addProperty("problem", t.problem());
            }
        }
        o.add("location", l);
        return o;
    }

    private static String decl(DwarfVariable v) {
        if (v.declFile() == null) {
            return v.declLine() > 0 ? "?:" + v.declLine() : null;
        }
        return v.declFile() + ":" + v.declLine();
    }

    private static String text(DwarfVariable v) {
        StringBuilder b = new StringBuilder();
        b.append(v.unit()).append(": ");
        b.append(v.function() != null ? v.function() : "<global>").append(": ");
        b.append(v.parameter() ? "param " : "var ").append(v.name() != null ? v.name() : "<unnamed>").append(" : ").append(v.type());
        String d = decl(v);
        if (d != null) {
            b.append("  @").append(d);
        }
        b.append("  [").append(v.space() != null ? v.space().name() + "(" + v.space().id() + ")" : "-").append("]");
        DwarfVariable.LocationText t = v.location();
        if (t == null) {
            b.append("  none");
        } else {
            b.append("  ").append(t.kind());
            if (t.address() != null) {
                b.append(" 0x").append(Long.toHexString(t.address()));
            }
            if (!t.ops().isEmpty()) {
                b.append("  ").append(t.ops());
            }
            if (!t.symbols().isEmpty()) {
                b.append("  {").append(String.join(", ", t.symbols())).append('}');
            }
            if (t.problem() != null) {
                b.append("  (").append(t.problem()).append(')');
            }
        }
        return b.toString();
    }
}
