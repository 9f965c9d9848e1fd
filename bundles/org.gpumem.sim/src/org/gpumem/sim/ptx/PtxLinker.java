package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Links the PTX of several translation units (a program built with {@code nvcc -rdc=true}) into
 * the text of one module, as nvlink links their objects: the units follow one another, so that a
 * unit's {@code .extern} function or variable binds to the unit that defines it {@code .visible}
 * (the loader binds declarations to definitions across the whole text), and two definitions of
 * one visible name are an error. What the units link into is one program; what each keeps to
 * itself stays its own:
 * <ul>
 * <li>a module-scope function or variable without linkage ({@code static}, string constants,
 * math tables) that another unit names too is renamed {@code name$unit} in its unit
 * (identifier tokens only, so every line keeps its number);</li>
 * <li>the units' {@code .file} numbers follow one another ({@code .file} and {@code .loc} of
 * later units are renumbered), so each instruction keeps its own source file;</li>
 * <li>DWARF sections ({@code nvcc -G}) are kept for the first unit that has them, blanked in the
 * others: a unit's DWARF refers to its own sections by offset, and concatenated sections would
 * give wrong variables; the other units' functions then show no variables, and their
 * breakpoints, which {@code .loc} places, still stop.</li>
 * </ul>
 * Kernels ({@code .entry}) keep their names: the program's host code registers them by name.
 */
public final class PtxLinker {
    private PtxLinker() {
    }

    /** The linked text of {@code units} (each a unit's PTX), named {@code names} in messages. */
    public static String link(List<String> names, List<String> units) throws PtxException {
        if (names.size() != units.size() || units.isEmpty()) {
            throw new IllegalArgumentException(names.size() + " names for " + units.size() + " units");
        }
        List<PtxLexer> lexed = new ArrayList<>();
        List<Map<String, Boolean>> declared = new ArrayList<>(); // per unit: module-scope name -> internal
        for (int u = 0; u < units.size(); u++) {
            PtxLexer lx = new PtxLexer(names.get(u), units.get(u));
            lexed.add(lx);
            declared.add(moduleDeclarations(lx));
        }
        // a unit's internal name clashes when another unit declares that name too (in any way)
        Map<String, Integer> units0 = new HashMap<>();
        for (Map<String, Boolean> d : declared) {
            for (String name : d.keySet()) {
                units0.merge(name, 1, Integer::sum);
            }
        }
        StringBuilder out = new StringBuilder();
        int fileOffset = 0;
        boolean dwarfKept = false;
        for (int u = 0; u < units.size(); u++) {
            Set<String> rename = new HashSet<>();
            for (Map.Entry<String, Boolean> e : declared.get(u).entrySet()) {
                if (e.getValue() && units0.get(e.getKey()) > 1) {
                    rename.add(e.getKey());
                }
            }
            PtxLexer lx = lexed.get(u);
            boolean hasDwarf = hasDebugSections(lx);
            boolean keepDwarf = hasDwarf && !dwarfKept;
            dwarfKept |= keepDwarf;
            int[] maxFile = {0};
            if (u > 0) {
                out.append('\n');
            }
            out.append(rewrite(lx, u, rename, fileOffset, keepDwarf, maxFile));
            fileOffset += maxFile[0];
        }
        return out.toString();
    }

    /**
     * The module-scope functions and variables a unit declares, each with whether it is internal
     * (no {@code .visible}, {@code .extern}, {@code .weak} or {@code .common}); kernels are left out.
     */
    private static Map<String, Boolean> moduleDeclarations(PtxLexer lx) {
        Map<String, Boolean> names = new HashMap<>();
        int depth = 0;
        boolean linkage = false;
        for (int i = 0; i < lx.count; i++) {
            String s = lx.texts[i];
            byte k = lx.kinds[i];
            if (k == PtxLexer.PUNCT && (s.equals("{") || s.equals("}"))) {
                depth += s.equals("{") ? 1 : -1;
                continue;
            }
            if (depth != 0 || k != PtxLexer.WORD) {
                if (depth == 0 && k == PtxLexer.PUNCT && s.equals(";")) {
                    linkage = false;
                }
                continue;
            }
            switch (s) {
                case ".visible":
                case ".extern":
                case ".weak":
                case ".common":
                    linkage = true;
                    break;
                case ".section":
                    i = skipSection(lx, i);
                    linkage = false;
                    break;
                case ".entry":
                    linkage = false;
                    break;
                case ".func": {
                    int at = i + 1;
                    if (at < lx.count && lx.texts[at].equals("(")) {
                        at = matching(lx, at);
                    }
                    if (at < lx.count && lx.kinds[at] == PtxLexer.WORD) {
                        names.merge(lx.texts[at], !linkage, Boolean::logicalAnd);
                    }
                    linkage = false;
                    break;
                }
                case ".global":
                case ".const":
                case ".shared": {
                    int at = i + 1;
                    while (at < lx.count && lx.kinds[at] == PtxLexer.WORD
                            && (lx.texts[at].startsWith(".") || Character.isDigit(lx.texts[at].charAt(0)))) {
                        at++;
                    }
                    if (at < lx.count && lx.kinds[at] == PtxLexer.WORD) {
                        names.merge(lx.texts[at], !linkage, Boolean::logicalAnd);
                    }
                    linkage = false;
                    break;
                }
                default:
                    break;
            }
        }
        return names;
    }

    /** The index of the token closing the parenthesis at {@code open}. */
    private static int matching(PtxLexer lx, int open) {
        int depth = 0;
        for (int i = open; i < lx.count; i++) {
            if (lx.kinds[i] == PtxLexer.PUNCT) {
                depth += lx.texts[i].equals("(") ? 1 : lx.texts[i].equals(")") ? -1 : 0;
                if (depth == 0) {
                    return i + 1;
                }
            }
        }
        return lx.count;
    }

    /** The index of the last token of the {@code .section} block starting at {@code i}. */
    private static int skipSection(PtxLexer lx, int i) {
        int at = i;
        while (at < lx.count && !lx.texts[at].equals("{")) {
            at++;
        }
        int depth = 0;
        for (; at < lx.count; at++) {
            if (lx.kinds[at] == PtxLexer.PUNCT) {
                depth += lx.texts[at].equals("{") ? 1 : lx.texts[at].equals("}") ? -1 : 0;
                if (depth == 0) {
                    return at;
                }
            }
        }
        return lx.count - 1;
    }

    private static boolean hasDebugSections(PtxLexer lx) {
        for (int i = 0; i + 1 < lx.count; i++) {
            if (lx.texts[i].equals(".section") && lx.texts[i + 1].startsWith(".debug")) {
                return true;
            }
        }
        return false;
    }

    /** The unit's text with its clashing internal names renamed, files renumbered, DWARF blanked unless kept. */
    private static String rewrite(PtxLexer lx, int unit, Set<String> rename, int fileOffset, boolean keepDwarf,
            int[] maxFile) throws PtxException {
        StringBuilder out = new StringBuilder(lx.text.length() + 64);
        int copied = 0;
        for (int i = 0; i < lx.count; i++) {
            String s = lx.texts[i];
            if (lx.kinds[i] != PtxLexer.WORD) {
                continue;
            }
            if (s.equals(".section") && i + 1 < lx.count && lx.texts[i + 1].startsWith(".debug") && !keepDwarf) {
                int last = skipSection(lx, i);
                out.append(lx.text, copied, lx.starts[i]);
                out.append(blank(lx.text.substring(lx.starts[i], lx.ends[last])));
                copied = lx.ends[last];
                i = last;
                continue;
            }
            if ((s.equals(".file") || s.equals(".loc")) && i + 1 < lx.count && lx.kinds[i + 1] == PtxLexer.WORD) {
                Long n = PtxLoader.parseInteger(lx.texts[i + 1]);
                if (n == null) {
                    throw new PtxException(lx.file, lx.lines[i], null, "bad file number after " + s);
                }
                maxFile[0] = (int) Math.max(maxFile[0], n);
                if (fileOffset != 0) {
                    out.append(lx.text, copied, lx.starts[i + 1]).append(n + fileOffset);
                    copied = lx.ends[i + 1];
                }
                i++;
                continue;
            }
            if (s.equals("inlined_at") && fileOffset != 0 && i + 1 < lx.count && lx.kinds[i + 1] == PtxLexer.WORD) {
                Long n = PtxLoader.parseInteger(lx.texts[i + 1]);
                if (n != null) {
                    out.append(lx.text, copied, lx.starts[i + 1]).append(n + fileOffset);
                    copied = lx.ends[i + 1];
                    i++;
                }
                continue;
            }
            if (rename.contains(s)) {
                out.append(lx.text, copied, lx.starts[i]).append(s).append('$').append(unit + 1);
                copied = lx.ends[i];
            }
        }
        out.append(lx.text, copied, lx.text.length());
        return out.toString();
    }

    /** The text with everything but line ends made spaces (so later lines keep their numbers). */
    private static String blank(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            b.append(text.charAt(i) == '\n' ? '\n' : ' ');
        }
        return b.toString();
    }
}
