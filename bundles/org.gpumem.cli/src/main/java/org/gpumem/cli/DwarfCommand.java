package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.variables.DwarfStatistics;
import org.gpumem.dwarf.variables.Variable;
import org.gpumem.dwarf.variables.VariableLister;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gpumem dwarf FILE}: variables and parameters with their address spaces and locations. */
@Command(name = "dwarf", mixinStandardHelpOptions = true,
        description = {"Lists every variable and parameter in the DWARF of an ELF file (cubin, AMDGPU code object, "
                + "host object) or of nvcc -G PTX, with unit, function, type, declaration, address space and "
                + "location description. Relocations of .rela.debug_* sections are applied.",
                "Exit status: 0 done, 1 bad input, 2 usage error."})
public final class DwarfCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "ELF file with DWARF, or PTX text written by nvcc -G.")
    Path file;

    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = "--stats", description = "Parse every DIE and location list and print counts and the time taken.")
    boolean stats;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads for --stats (default: available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        DwarfFile dwarf = DwarfInputs.open(file);
        if (stats) {
            DwarfStatistics.Result r = DwarfStatistics.compute(dwarf, AddressSpaceEncodings.DEFAULTS, Math.max(1, threads));
            double seconds = (System.nanoTime() - start) / 1e9;
            if (json) {
                JsonObject o = new JsonObject();
                o.addProperty("file", file.toString());
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
                o.addProperty("seconds", seconds);
                o.addProperty("threads", r.threads());
                out.println(gson().toJson(o));
            } else {
                out.printf("file: %s%n", file);
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
            out.flush();
            return 0;
        }
        if (json) {
            out.println(gson().toJson(toJson(new VariableLister(dwarf).list())));
        } else {
            new VariableLister(dwarf).forEach(v -> out.println(text(v)));
        }
        out.flush();
        return 0;
    }

    private static com.google.gson.Gson gson() {
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();
    }

    private JsonObject toJson(List<Variable> vars) {
        JsonObject root = new JsonObject();
        root.addProperty("file", file.toString());
        JsonArray list = new JsonArray();
        for (Variable v : vars) {
            JsonObject o = new JsonObject();
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
            Variable.LocationText t = v.location();
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
                    for (Variable.ListEntryText e : t.entries()) {
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
            list.add(o);
        }
        root.add("variables", list);
        return root;
    }

    private static String decl(Variable v) {
        if (v.declFile() == null) {
            return v.declLine() > 0 ? "?:" + v.declLine() : null;
        }
        return v.declFile() + ":" + v.declLine();
    }

    private static String text(Variable v) {
        StringBuilder b = new StringBuilder();
        b.append(v.unit()).append(": ");
        b.append(v.function() != null ? v.function() : "<global>").append(": ");
        b.append(v.parameter() ? "param " : "var ").append(v.name() != null ? v.name() : "<unnamed>").append(" : ").append(v.type());
        String d = decl(v);
        if (d != null) {
            b.append("  @").append(d);
        }
        b.append("  [").append(v.space() != null ? v.space().name() + "(" + v.space().id() + ")" : "-").append("]");
        Variable.LocationText t = v.location();
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
