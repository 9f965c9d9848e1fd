package org.gpumem.sim.check;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** The report of a checked run, as the command line and the IDE's console print it, and its sums. */
public final class Findings {
    /** What every report line begins with, as compute-sanitizer's do, so that they stand out of a program's output. */
    public static final String PREFIX = "========= ";

    private Findings() {
    }

    /**
     * Finishes each checker and prints, one line at a time to {@code out}: every finding (each
     * counted once, with how often it was seen), what the checks could not do, and one summary
     * line. Returns every finding of every checker, in the order printed.
     */
    public static List<Finding> report(List<MemoryChecker> checkers, Consumer<String> out) {
        List<Finding> all = new ArrayList<>();
        for (MemoryChecker checker : checkers) {
            checker.finish();
            all.addAll(checker.findings());
            for (Finding f : checker.findings()) {
                print(f, out);
                out.accept(PREFIX.trim());
            }
            for (String note : checker.notes()) {
                out.accept(PREFIX + "note: " + note);
            }
        }
        out.accept(PREFIX + "gpumem: " + summary(all));
        return all;
    }

    /** Prints {@code finding} as the report does, one line at a time to {@code out}, each line {@link #PREFIX}ed. */
    public static void print(Finding finding, Consumer<String> out) {
        for (String line : finding.format().split("\n")) {
            out.accept(PREFIX + line);
        }
    }

    /** {@code 3 errors (racecheck 2, initcheck 1)}, or {@code 0 errors}: distinct findings by tool, in tool order. */
    public static String summary(List<Finding> findings) {
        Map<CheckTool, Integer> byTool = new EnumMap<>(CheckTool.class);
        for (Finding f : findings) {
            byTool.merge(f.kind().tool(), 1, Integer::sum);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(findings.size()).append(findings.size() == 1 ? " error" : " errors");
        if (!byTool.isEmpty()) {
            sb.append(" (");
            boolean first = true;
            for (Map.Entry<CheckTool, Integer> e : byTool.entrySet()) {
                sb.append(first ? "" : ", ").append(e.getKey().cliName()).append(' ').append(e.getValue());
                first = false;
            }
            sb.append(')');
        }
        return sb.toString();
    }
}
