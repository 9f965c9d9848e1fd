package org.gpumem.sim.check;

import java.util.EnumSet;
import java.util.Set;

/**
 * The memory checks a run can have, by the names of NVIDIA compute-sanitizer's tools so that
 * people know them: {@code memcheck} (out-of-bounds and misaligned accesses, accesses past a
 * variable or a device-heap block inside its pool, use after free, double and invalid frees),
 * {@code racecheck} (conflicting accesses of different threads with no ordering between them),
 * {@code initcheck} (reads of bytes nothing wrote), {@code synccheck} (barriers and warp
 * synchronisations that not every thread they name reaches) and {@code leakcheck} (device memory
 * not freed at exit).
 */
public enum CheckTool {
    MEMCHECK("memcheck"),
    RACECHECK("racecheck"),
    INITCHECK("initcheck"),
    SYNCCHECK("synccheck"),
    LEAKCHECK("leakcheck");

    private final String cliName;

    CheckTool(String cliName) {
        this.cliName = cliName;
    }

    /** The tool's name on the command line and in reports. */
    public String cliName() {
        return cliName;
    }

    /**
     * The tools of a comma-separated list of names, or {@code all}.
     *
     * @throws IllegalArgumentException naming the first word that is not a tool
     */
    public static Set<CheckTool> parse(String list) {
        Set<CheckTool> tools = EnumSet.noneOf(CheckTool.class);
        for (String word : list.split(",", -1)) {
            String w = word.trim();
            if (w.equals("all")) {
                tools.addAll(EnumSet.allOf(CheckTool.class));
                continue;
            }
            CheckTool t = fromName(w);
            if (t == null) {
                throw new IllegalArgumentException("unknown check '" + w + "': use memcheck, racecheck, initcheck, "
                        + "synccheck, leakcheck (or mem, race, init, sync, leak) or all, separated by commas");
            }
            tools.add(t);
        }
        return tools;
    }

    /** The tool of this name, or of this name without its {@code check} ({@code race}), or null. */
    public static CheckTool fromName(String name) {
        for (CheckTool t : values()) {
            if (t.cliName.equals(name) || t.cliName.equals(name + "check")) {
                return t;
            }
        }
        return null;
    }
}
