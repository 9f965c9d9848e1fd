package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.Locations;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.model.snapshot.Snapshot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gpumem snapshot FILE.gpumem}: a saved memory state, read without the simulator. */
@Command(name = "snapshot", mixinStandardHelpOptions = true,
        description = {"Shows a saved memory state (FILE.gpumem with its page file FILE.gpumem.pages): target, address "
                + "spaces, contexts, pools and variables; --dump prints bytes of one address space as one context sees them.",
                "Exit status: 0 done, 1 bad input or unreachable location, 2 usage error."})
public final class SnapshotCommand implements Callable<Integer> {

    /** Most bytes one --dump prints. */
    static final int MAX_DUMP = 1 << 20;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Snapshot model file (*.gpumem).")
    Path file;

    @Option(names = "--dump", paramLabel = "SPACE:OFFSET",
            description = "Print bytes of an address space from OFFSET (hex with 0x, or decimal), e.g. shared:0x40, private_lane:0.")
    String dump;

    @Option(names = "--length", paramLabel = "N", defaultValue = "64", description = "Bytes to dump (default ${DEFAULT-VALUE}).")
    int length;

    @Option(names = "--group", paramLabel = "X[,Y[,Z]]", description = "Work-group of the context (default 0,0,0 when --subgroup or --lane is given).")
    String group;

    @Option(names = "--subgroup", paramLabel = "N", description = "Subgroup (warp, wavefront) within the work-group.")
    Integer subgroup;

    @Option(names = "--lane", paramLabel = "N", description = "Lane within the subgroup.")
    Integer lane;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (length <= 0 || length > MAX_DUMP) {
            throw new ParameterException(spec.commandLine(), "--length must be between 1 and " + MAX_DUMP);
        }
        try (Snapshot snapshot = Snapshot.open(file)) {
            MemoryState state = snapshot.state();
            if (dump == null) {
                printSummary(out, state);
            } else {
                printDump(out, state);
            }
        }
        return 0;
    }

    private void printSummary(PrintWriter out, MemoryState state) {
        Target target = state.getTarget();
        out.println("snapshot " + file + (isEmpty(state.getName()) ? "" : ": " + state.getName())
                + (isEmpty(state.getProgram()) ? "" : " (" + state.getProgram() + ")"));
        out.println("target   " + target.getName() + " [" + target.getArchitecture() + "], subgroup size "
                + target.getSubgroupSize());
        out.println();
        out.println("address spaces:");
        for (AddressSpace space : target.getAddressSpaces()) {
            out.printf("  %-14s dwarf %-3s %2d-bit  per %-10s %s%s%n", space.getName(),
                    space.getDwarfNumber() >= 0 ? Long.toString(space.getDwarfNumber()) : "-", space.getAddressBits(),
                    space.getScope().getLiteral(), access(space.getAccess()), space.isReadOnly() ? ", read-only" : "");
        }
        out.println();
        Map<Scope, Integer> counts = new EnumMap<>(Scope.class);
        countContexts(state.getDevice(), counts);
        StringBuilder tree = new StringBuilder("contexts:");
        counts.forEach((scope, n) -> tree.append(' ').append(n).append(' ').append(scope.getLiteral()));
        out.println(tree);
        Context launch = state.getDevice().getChildren().isEmpty() ? null : state.getDevice().getChildren().get(0);
        if (launch != null && launch.getScope() == Scope.GRID) {
            out.println("grid     " + launch.getX() + " x " + launch.getY() + " x " + launch.getZ() + " work-groups");
        }
        out.println();
        out.println("pools:");
        Map<String, long[]> perStorage = new java.util.LinkedHashMap<>();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                long[] agg = perStorage.computeIfAbsent(pool.getStorage().getName() + " (per "
                        + pool.getStorage().getScope().getLiteral() + ")", k -> new long[3]);
                agg[0]++;
                agg[1] += pool.getSize();
                agg[2] += populated(pool);
            }
        }
        perStorage.forEach((name, agg) -> out.printf("  %-28s %6d pool(s), %s each, %s holding data%n", name, agg[0],
                bytes(agg[1] / Math.max(1, agg[0])), bytes(agg[2])));
        if (!state.getVariables().isEmpty()) {
            out.println();
            out.println("variables:");
            for (Variable v : state.getVariables()) {
                String where = v.getSpace() != null
                        ? v.getSpace().getName() + ":" + AddressSpaces.formatOffset(v.getSpace(), v.getOffset())
                        : v.getLocationDescription();
                out.printf("  %-20s %-16s %s%s%n", v.getName(), v.getTypeName(), where,
                        v.getDeclFile() != null ? "  (" + v.getDeclFile() + ":" + v.getDeclLine() + ")" : "");
            }
        }
    }

    /** Bytes of the pool inside chunks the snapshot stores (everything else is zero). */
    private static long populated(Pool pool) {
        long total = 0;
        long size = pool.getSize();
        long at = pool.getSource().nextPopulated(0);
        while (at < size) {
            long end = Math.min(size, at + 64 * 1024);
            total += end - at;
            at = pool.getSource().nextPopulated(end);
        }
        return total;
    }

    private void printDump(PrintWriter out, MemoryState state) {
        Target target = state.getTarget();
        int colon = dump.lastIndexOf(':');
        if (colon <= 0) {
            throw new ParameterException(spec.commandLine(), "--dump wants SPACE:OFFSET, e.g. shared:0x40");
        }
        AddressSpace space = AddressSpaces.require(target, dump.substring(0, colon));
        long offset = parseOffset(dump.substring(colon + 1));
        Context context = selectContext(state);
        Location start = Locations.create(context, space, offset);
        PoolAddress where;
        try {
            where = AddressResolver.resolve(start);
        } catch (AddressingException e) {
            throw context.getScope() == Scope.LANE ? e
                    : new AddressingException(e.getMessage() + " (choose one with --group, --subgroup, --lane)");
        }
        byte[] bytes = new byte[length];
        AddressResolver.read(context, space, offset, bytes, 0, length);
        out.println(Locations.describe(start) + " -> " + where);
        for (int row = 0; row < length; row += 16) {
            StringBuilder hex = new StringBuilder();
            StringBuilder text = new StringBuilder();
            for (int i = row; i < Math.min(length, row + 16); i++) {
                hex.append(String.format("%02x ", bytes[i] & 0xff));
                char c = (char) (bytes[i] & 0xff);
                text.append(c >= 0x20 && c < 0x7f ? c : '.');
            }
            out.printf("%s  %-48s %s%n", AddressSpaces.formatOffset(space, offset + row), hex, text);
        }
        List<Location> aliases = AddressResolver.aliases(where);
        out.println("aliases of the first byte:");
        for (Location alias : aliases) {
            out.println("  " + Locations.describe(alias));
        }
    }

    private Context selectContext(MemoryState state) {
        Context context = state.getDevice();
        if (group == null && subgroup == null && lane == null) {
            return context;
        }
        int[] xyz = {0, 0, 0};
        if (group != null) {
            String[] parts = group.split(",");
            if (parts.length > 3) {
                throw new ParameterException(spec.commandLine(), "--group wants X[,Y[,Z]]");
            }
            for (int i = 0; i < parts.length; i++) {
                try {
                    xyz[i] = Integer.parseInt(parts[i].trim());
                } catch (NumberFormatException e) {
                    throw new ParameterException(spec.commandLine(), "--group wants X[,Y[,Z]] with integers, not '" + group + "'");
                }
            }
        }
        Context found = null;
        for (Context g : Contexts.descendants(context, Scope.WORK_GROUP)) {
            if (g.getX() == xyz[0] && g.getY() == xyz[1] && g.getZ() == xyz[2]) {
                found = g;
                break;
            }
        }
        if (found == null) {
            throw new AddressingException("the snapshot has no work-group (" + xyz[0] + "," + xyz[1] + "," + xyz[2] + ")");
        }
        context = found;
        if (subgroup != null || lane != null) {
            int s = subgroup == null ? 0 : subgroup;
            Context sg = Contexts.child(context, s);
            if (sg == null) {
                throw new AddressingException(Contexts.describe(context) + " has no subgroup " + s);
            }
            context = sg;
        }
        if (lane != null) {
            Context l = Contexts.child(context, lane);
            if (l == null) {
                throw new AddressingException(Contexts.describe(context) + " has no lane " + lane);
            }
            context = l;
        }
        return context;
    }

    private long parseOffset(String text) {
        String t = text.trim().replace("_", "");
        try {
            return t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "offset '" + text + "' is not a number");
        }
    }

    private static String access(AccessPattern access) {
        if (access instanceof LinearAccess a) {
            return "linear -> " + a.getStorage().getName();
        }
        if (access instanceof InterleavedAccess a) {
            return "interleaved -> " + a.getStorage().getName() + " (" + a.getElementSize() + " B x " + a.getLaneCount() + " lanes)";
        }
        if (access instanceof StridedAccess a) {
            return "strided -> " + a.getStorage().getName();
        }
        if (access instanceof WindowAccess a) {
            StringBuilder b = new StringBuilder("windows");
            for (Window w : a.getWindows()) {
                b.append(" 0x").append(Long.toHexString(w.getStart())).append("->").append(w.getSpace().getName());
            }
            if (a.getFallback() != null) {
                b.append(", else ").append(a.getFallback().getName());
            }
            return b.toString();
        }
        return "?";
    }

    private static void countContexts(Context c, Map<Scope, Integer> counts) {
        counts.merge(c.getScope(), 1, Integer::sum);
        for (Context child : c.getChildren()) {
            countContexts(child, counts);
        }
    }

    private static String bytes(long n) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        double v = n;
        while (u < units.length - 1 && v >= 1024) {
            v /= 1024;
            u++;
        }
        return u == 0 ? n + " B" : String.format("%.1f %s", v, units[u]);
    }

    private static boolean isEmpty(String s) {
        return s == null || s.isEmpty();
    }
}
