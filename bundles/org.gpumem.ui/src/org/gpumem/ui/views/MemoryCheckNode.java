package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.gpumem.debug.launch.CheckedRun;
import org.gpumem.images.ItaniumDemangler;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;

/**
 * A row of the Memory Checks view: a kernel, a class of finding, an address space, a finding, or
 * one access of a two-access finding (a race's sides, a divergent barrier's two barriers). A
 * finding and an access carry the source file of their line (as the run's source locator found
 * it, or null) so that a double-click opens it without looking again. Built off the UI thread
 * ({@link #tree}); immutable.
 *
 * @param label    the first column: what the row is
 * @param context  the thread (CTA, warp, lane), or empty
 * @param address  the address or offset of the bytes, or empty
 * @param variable what the bytes belong to, or empty
 * @param count    how often the finding was seen, or empty
 * @param where    the source {@code file:line} (else the PTX line) of the access, or empty
 * @param file     the workspace {@code IFile} or EFS {@code IFileStore} of the line, or null
 * @param line     the line in {@code file} (1-based), 0 when none
 * @param finding  the finding of a finding or access row, else null
 * @param access   the access a row opens, or null
 * @param children the rows under this one
 */
public record MemoryCheckNode(String label, String context, String address, String variable, String count, String where,
        Object file, int line, Finding finding, Access access, List<MemoryCheckNode> children) {

    /** The rows of a run's findings: by kernel, then class, then address space, in the report's order. */
    public static List<MemoryCheckNode> tree(CheckedRun run) {
        return group(run.findings(), f -> f.kernel() == null ? "host program" : ItaniumDemangler.readable(f.kernel()),
                byKernel -> group(byKernel, f -> classLabel(f.kind()),
                        byClass -> group(byClass, f -> spaceLabel(f.space()),
                                bySpace -> bySpace.stream().map(f -> finding(run, f)).toList())));
    }

    private static List<MemoryCheckNode> group(List<Finding> findings, Function<Finding, String> key,
            Function<List<Finding>, List<MemoryCheckNode>> below) {
        Map<String, List<Finding>> groups = new LinkedHashMap<>();
        for (Finding f : findings) {
            groups.computeIfAbsent(key.apply(f), k -> new ArrayList<>()).add(f);
        }
        List<MemoryCheckNode> out = new ArrayList<>();
        for (Map.Entry<String, List<Finding>> e : groups.entrySet()) {
            out.add(new MemoryCheckNode(e.getKey(), "", "", "", String.valueOf(e.getValue().size()), "", null, 0, null,
                    null, below.apply(e.getValue())));
        }
        return out;
    }

    /** A class as the view names it: the tool, and for a race its kind as compute-sanitizer writes it. */
    public static String classLabel(FindingKind kind) {
        String tool = kind.tool().cliName();
        return switch (kind) {
            case RACE_RAW -> tool + " RAW";
            case RACE_WAR -> tool + " WAR";
            case RACE_WAW -> tool + " WAW";
            default -> tool + ": " + kind.description();
        };
    }

    /** An address space as the view names it. */
    public static String spaceLabel(PtxStateSpace space) {
        return space == null ? "no address space" : space.ptxName();
    }

    private static MemoryCheckNode finding(CheckedRun run, Finding f) {
        String address = "";
        if (f.size() > 0) {
            address = (f.space() == PtxStateSpace.GLOBAL || f.space() == null ? "0x" : "offset 0x")
                    + Long.toHexString(f.address()) + " (" + f.size() + (f.size() == 1 ? " byte)" : " bytes)");
        }
        String count = f.count() + (f.launches() > 1 ? " in " + f.launches() + " launches" : "");
        String label = f.detail() != null ? f.kind().description() + ": " + f.detail() : f.kind().description();
        List<MemoryCheckNode> accesses = new ArrayList<>();
        if (f.other() != null) {
            accesses.add(access(run, f, f.access()));
            accesses.add(access(run, f, f.other()));
        }
        Access a = f.access();
        return new MemoryCheckNode(label, a == null ? "" : a.context().strip(), address,
                f.variable() == null ? "" : f.variable(), count, where(a), run.sourceFile(a), line(a), f, a,
                List.copyOf(accesses));
    }

    private static MemoryCheckNode access(CheckedRun run, Finding f, Access a) {
        String label = a.operation().word() + (a.instruction() == null ? "" : ": " + a.instruction());
        return new MemoryCheckNode(label, a.context().strip(), "", "", "", where(a), run.sourceFile(a), line(a), f, a,
                List.of());
    }

    private static int line(Access a) {
        return a == null || a.source() == null ? 0 : Math.max(0, a.source().line());
    }

    /** {@code checks.cu:16} (the file's name and the line), else {@code PTX line N}, else empty. */
    private static String where(Access a) {
        return a == null ? "" : a.briefWhere();
    }

    @Override
    public String toString() {
        return label;
    }
}
