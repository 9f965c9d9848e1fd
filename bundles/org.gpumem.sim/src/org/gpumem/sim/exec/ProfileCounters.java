package org.gpumem.sim.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The counters behind an {@link AddressSpaceProfile}: per function, {@link #SLOTS} longs per
 * instruction (generic accesses by resolved space, then cvta), kept by each CTA and summed by the
 * launch.
 */
public final class ProfileCounters {
    /** Counter slots per instruction: generic accesses by resolved space, then cvta. */
    static final int SLOTS = 6;
    static final int GLOBAL = 0, CONST = 1, SHARED = 2, LOCAL = 3, PARAM = 4, CVTA = 5;
    private static final PtxStateSpace[] SPACES = {PtxStateSpace.GLOBAL, PtxStateSpace.CONST, PtxStateSpace.SHARED,
        PtxStateSpace.LOCAL, PtxStateSpace.PARAM};

    private ProfileCounters() {
    }

    /** Fresh counters for every function of {@code module}. */
    static long[][] allocate(PtxModule module) {
        long[][] counters = new long[module.functions().size()][];
        for (PtxFunction f : module.functions()) {
            counters[f.index()] = new long[f.instructions().size() * SLOTS];
        }
        return counters;
    }

    /** Adds {@code from} into {@code into}, allocating missing rows. */
    static void add(long[][] into, long[][] from) {
        for (int f = 0; f < into.length; f++) {
            if (into[f] == null) {
                into[f] = new long[from[f].length];
            }
            for (int k = 0; k < from[f].length; k++) {
                into[f][k] += from[f][k];
            }
        }
    }

    public static int slot(PtxStateSpace s) {
        for (int i = 0; i < SPACES.length; i++) {
            if (SPACES[i] == s) {
                return i;
            }
        }
        return GLOBAL;
    }

    /** The profile of {@code counters}: instructions with a non-zero count, and sums per source line. */
    static AddressSpaceProfile profile(PtxModule module, long[][] counters) {
        List<AddressSpaceProfile.InstructionCounts> list = new ArrayList<>();
        Map<String, long[]> byLine = new TreeMap<>();
        for (PtxFunction f : module.functions()) {
            long[] c = counters[f.index()];
            if (c == null) {
                continue;
            }
            for (Instruction in : f.instructions()) {
                int base = in.index * SLOTS;
                boolean any = false;
                for (int k = 0; k < SLOTS; k++) {
                    any |= c[base + k] != 0;
                }
                if (!any) {
                    continue;
                }
                list.add(new AddressSpaceProfile.InstructionCounts(f.name(), in.line, in.text, in.location, counts(c, base)));
                SourceLocation loc = in.location;
                String key = loc == null ? module.name() + ":" + in.line + " (PTX)" : loc.file() + ":" + loc.line();
                long[] acc = byLine.computeIfAbsent(key, k -> new long[SLOTS]);
                for (int k = 0; k < SLOTS; k++) {
                    acc[k] += c[base + k];
                }
            }
        }
        Map<String, AddressSpaceProfile.Counts> lines = new TreeMap<>();
        byLine.forEach((k, v) -> lines.put(k, counts(v, 0)));
        return new AddressSpaceProfile(list, lines);
    }

    private static AddressSpaceProfile.Counts counts(long[] c, int base) {
        return new AddressSpaceProfile.Counts(c[base], c[base + 1], c[base + 2], c[base + 3], c[base + 4], c[base + 5]);
    }
}
