package org.gpumem.dwarf.info;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Views of a committed llvm-dwarfdump golden file for tests outside this package. */
public final class GoldenDumps {
    private GoldenDumps() {
    }

    /**
     * A variable or formal parameter as the dump shows it, with names resolved through abstract
     * origins; {@code declFile} is the base name of DW_AT_decl_file, null where the dump shows no
     * name for it (absent, or an index llvm-dwarfdump could not resolve).
     */
    public record DumpedVariable(long offset, String tag, String name, String declFile, String declLine, String type,
            String addressClass, String parentTag) {
    }

    /** Number of DIEs (NULL entries excluded) in .debug_info and .debug_types. */
    public static int dieCount(Path file) throws IOException {
        LlvmDwarfdump d = LlvmDwarfdump.read(DwarfFixtures.golden(file, ".dwarfdump.txt"));
        int n = 0;
        for (Map<Long, LlvmDwarfdump.Die> m : d.dies.values()) {
            for (LlvmDwarfdump.Die die : m.values()) {
                n += die.tag().equals("NULL") ? 0 : 1;
            }
        }
        return n;
    }

    /** The variables and formal parameters of the dump, in dump order. */
    public static List<DumpedVariable> variables(Path file) throws IOException {
        LlvmDwarfdump d = LlvmDwarfdump.read(DwarfFixtures.golden(file, ".dwarfdump.txt"));
        List<DumpedVariable> out = new ArrayList<>();
        for (Map<Long, LlvmDwarfdump.Die> m : d.dies.values()) {
            Map<Integer, String> tagAtDepth = new java.util.HashMap<>();
            for (LlvmDwarfdump.Die die : m.values()) {
                if (die.tag().equals("NULL")) {
                    continue;
                }
                tagAtDepth.put(die.depth(), die.tag());
                String parent = tagAtDepth.get(die.depth() - 1);
                if (die.tag().equals("DW_TAG_variable") || die.tag().equals("DW_TAG_formal_parameter")) {
                    out.add(new DumpedVariable(die.offset(), die.tag(), value(m, die, "DW_AT_name"),
                            baseName(value(m, die, "DW_AT_decl_file")), value(m, die, "DW_AT_decl_line"),
                            value(m, die, "DW_AT_type"), value(m, die, "DW_AT_address_class"), parent));
                }
            }
        }
        return out;
    }

    /** {@code "/dir/name.c"} (the dump's value without its parentheses) -> {@code name.c}. */
    private static String baseName(String value) {
        if (value == null || value.length() < 2 || !value.startsWith("\"") || !value.endsWith("\"")) {
            return null;
        }
        String path = value.substring(1, value.length() - 1);
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static String value(Map<Long, LlvmDwarfdump.Die> m, LlvmDwarfdump.Die die, String attr) {
        LlvmDwarfdump.Attribute a = die.attribute(attr);
        if (a != null) {
            return a.value();
        }
        LlvmDwarfdump.Attribute origin = die.attribute("DW_AT_abstract_origin");
        if (origin == null) {
            origin = die.attribute("DW_AT_specification");
        }
        if (origin != null) {
            long ref = Long.parseLong(origin.value().substring(2, origin.value().indexOf(' ') > 0 ? origin.value().indexOf(' ')
                    : origin.value().length()), 16);
            LlvmDwarfdump.Die o = m.get(die.base() + ref);
            if (o != null) {
                LlvmDwarfdump.Attribute oa = o.attribute(attr);
                return oa == null ? null : oa.value();
            }
        }
        return null;
    }
}
