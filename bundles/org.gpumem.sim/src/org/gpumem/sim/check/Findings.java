package org.gpumem.sim.check;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Sums over findings, as the end of a checked run prints them. */
public final class Findings {
    private Findings() {
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
