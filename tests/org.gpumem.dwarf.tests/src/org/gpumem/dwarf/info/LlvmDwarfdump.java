package org.gpumem.dwarf.info;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The DIEs of a committed {@code llvm-dwarfdump-22 --debug-info [--debug-types]} dump (the
 * golden files the fixture scripts write), keyed by section and offset.
 */
final class LlvmDwarfdump {
    private static final Pattern DIE = Pattern.compile("^0x([0-9a-f]{8,16}):(\\s+)(DW_TAG_\\w+|NULL)\\s*$");
    private static final Pattern UNIT = Pattern.compile("^0x([0-9a-f]+): [A-Za-z ]*Unit: .*\\(next unit at 0x([0-9a-f]+)\\)");
    private static final Pattern ATTR = Pattern.compile("^\\s+(DW_AT_\\w+)\\t\\((.*)$");

    record Attribute(String name, String value) {
    }

    /** {@code base}: where the dumped section's offset 0 lies in gpumem's concatenation of same-named sections. */
    record Die(String section, long base, long offset, String tag, int depth, List<Attribute> attributes) {
        Attribute attribute(String name) {
            for (Attribute a : attributes) {
                if (a.name().equals(name)) {
                    return a;
                }
            }
            return null;
        }
    }

    final Map<String, Map<Long, Die>> dies = new LinkedHashMap<>();

    static LlvmDwarfdump read(Path file) throws IOException {
        LlvmDwarfdump d = new LlvmDwarfdump();
        String section = null;
        Die current = null;
        StringBuilder pending = null;
        String pendingName = null;
        // A relocatable object may hold several sections of one name (COMDAT groups); the dump
        // restarts offsets at 0 for each, gpumem concatenates them: shift by the earlier ones.
        long base = 0;
        long lastEnd = 0;
        for (String line : Files.readAllLines(file)) {
            Matcher u = UNIT.matcher(line);
            if (u.find() && section != null) {
                long at = Long.parseLong(u.group(1), 16);
                if (at == 0 && lastEnd > 0) {
                    base = lastEnd;
                }
                lastEnd = base + Long.parseLong(u.group(2), 16);
                continue;
            }
            if (line.endsWith(" contents:")) {
                d.flush(current, pendingName, pending);
                pendingName = null;
                current = null;
                String name = line.substring(0, line.length() - " contents:".length()).trim();
                section = name.equals(".debug_info") || name.equals(".debug_types") ? name : null;
                base = 0;
                lastEnd = 0;
                continue;
            }
            if (section == null) {
                continue;
            }
            Matcher m = DIE.matcher(line);
            if (m.matches()) {
                d.flush(current, pendingName, pending);
                pendingName = null;
                current = new Die(section, base, base + Long.parseLong(m.group(1), 16), m.group(3), (m.group(2).length() - 1) / 2,
                        new ArrayList<>());
                d.dies.computeIfAbsent(section, k -> new LinkedHashMap<>()).put(current.offset(), current);
                continue;
            }
            Matcher a = ATTR.matcher(line);
            if (a.matches() && current != null) {
                d.flush(current, pendingName, pending);
                pendingName = a.group(1);
                pending = new StringBuilder(a.group(2));
                continue;
            }
            if (pendingName != null && !line.isBlank()) {
                pending.append('\n').append(line.trim());
            }
        }
        d.flush(current, pendingName, pending);
        return d;
    }

    private void flush(Die die, String name, StringBuilder value) {
        if (die == null || name == null) {
            return;
        }
        String v = value.toString();
        if (v.endsWith(")")) {
            v = v.substring(0, v.length() - 1);
        }
        die.attributes().add(new Attribute(name, v));
    }
}
