package org.gpumem.dwarf.variables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.gpumem.dwarf.expr.Evaluator;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.OpcodeTable;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.Lists;
import org.gpumem.dwarf.info.Section;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Counts over a whole file, for {@code gpumem dwarf --stats}: units, DIEs, variables and
 * parameters (those {@link VariableLister} lists: not the parameters of subroutine types), location expressions and location lists (every list is walked to its end), and
 * variables by address space. Units are shared out to worker threads; DIEs are streamed by
 * {@link DieCursor}s, so memory stays at the size of the decompressed sections.
 * <p>
 * A variable's space comes from its address-space attributes, as in {@link VariableLister}; for
 * GPU targets without such an attribute, from evaluating its single location expression.
 * Variables with a location but no space found that way (other targets, location lists) are
 * counted as {@code default}, those without a location as {@code none}.
 */
public final class DwarfStatistics {

    /** The counts. {@code bySpace} keys are {@code name(id)}, plus {@code none} for variables without location. */
    public record Result(int units, int typeUnits, long dies, long variables, long parameters, long expressions,
            long locationLists, long locationListEntries, Map<String, Long> bySpace, long nanos, int threads) {
    }

    private DwarfStatistics() {
    }

    /** Reads every unit of {@code dwarf} with {@code threads} worker threads. */
    public static Result compute(DwarfFile dwarf, AddressSpaceEncodings encodings, int threads) {
        long start = System.nanoTime();
        preload(dwarf, threads);
        List<Unit> all = new ArrayList<>(dwarf.units());
        all.addAll(dwarf.typeSectionUnits());
        int typeUnits = 0;
        for (Unit u : all) {
            if (u.isTypeUnit()) {
                typeUnits++;
            }
        }
        AtomicInteger next = new AtomicInteger();
        int n = Math.max(1, Math.min(threads, all.size()));
        List<Counts> results = new ArrayList<>();
        if (n == 1) {
            Counts c = new Counts(dwarf, encodings);
            c.run(all, next);
            results.add(c);
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(n, daemon());
            try {
                List<Future<Counts>> futures = new ArrayList<>();
                for (int t = 0; t < n; t++) {
                    futures.add(pool.submit(() -> {
                        Counts c = new Counts(dwarf, encodings);
                        c.run(all, next);
                        return c;
                    }));
                }
                for (Future<Counts> f : futures) {
                    results.add(get(f));
                }
            } finally {
                pool.shutdownNow();
            }
        }
        Counts total = new Counts(dwarf, encodings);
        for (Counts c : results) {
            total.add(c);
        }
        Map<String, Long> bySpace = new TreeMap<>();
        total.bySpace.forEach((k, v) -> bySpace.put(k, v[0]));
        return new Result(all.size() - typeUnits, typeUnits, total.dies, total.variables, total.parameters,
                total.expressions, total.lists, total.listEntries, bySpace, System.nanoTime() - start, n);
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "gpumem-dwarf-stats");
            t.setDaemon(true);
            return t;
        };
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Decompresses the big sections concurrently: with compressed input that is a good part of the work. */
    private static void preload(DwarfFile dwarf, int threads) {
        String[] names = {DwarfFile.DEBUG_INFO, DwarfFile.DEBUG_LOCLISTS, DwarfFile.DEBUG_LOC, DwarfFile.DEBUG_ABBREV,
            DwarfFile.DEBUG_STR, DwarfFile.DEBUG_LINE, DwarfFile.DEBUG_RNGLISTS, DwarfFile.DEBUG_ADDR,
            DwarfFile.DEBUG_STR_OFFSETS, DwarfFile.DEBUG_TYPES};
        if (threads <= 1) {
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemon());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (String name : names) {
                futures.add(pool.submit(() -> dwarf.section(name)));
            }
            for (Future<?> f : futures) {
                get(f);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static final class Counts {
        final DwarfFile dwarf;
        final AddressSpaceEncodings encodings;
        final DeviceFamily target;
        final boolean gpu;
        long dies;
        long variables;
        long parameters;
        long expressions;
        long lists;
        long listEntries;
        final Map<String, long[]> bySpace = new TreeMap<>();
        private ByteReader locReader;
        private ByteReader locListsReader;
        private final Map<AddressSpaceEncodings, OpcodeTable> opcodeTables = new java.util.HashMap<>();

        Counts(DwarfFile dwarf, AddressSpaceEncodings encodings) {
            this.dwarf = dwarf;
            this.encodings = encodings;
            this.target = DeviceFamily.fromElfMachine(dwarf.source().machine());
            this.gpu = target != DeviceFamily.OTHER;
        }

        void add(Counts o) {
            dies += o.dies;
            variables += o.variables;
            parameters += o.parameters;
            expressions += o.expressions;
            lists += o.lists;
            listEntries += o.listEntries;
            o.bySpace.forEach((k, v) -> bySpace.computeIfAbsent(k, x -> new long[1])[0] += v[0]);
        }

        void run(List<Unit> units, AtomicInteger next) {
            int i;
            while ((i = next.getAndIncrement()) < units.size()) {
                unit(units.get(i));
            }
        }

        private void count(String key) {
            long[] c = bySpace.get(key);
            if (c == null) {
                c = new long[1];
                bySpace.put(key, c);
            }
            c[0]++;
        }

        /** A reader over the unit's location list section, kept per thread. */
        private ByteReader listReader(Unit u) {
            boolean v5 = u.version() >= 5;
            ByteReader r = v5 ? locListsReader : locReader;
            if (r == null) {
                Section s = dwarf.section(v5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC);
                if (s == null) {
                    throw u.section().reader().fail(u.offset(), "location list but the file has no "
                            + (v5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC));
                }
                r = s.reader();
                if (v5) {
                    locListsReader = r;
                } else {
                    locReader = r;
                }
            }
            return r;
        }

        private void unit(Unit u) {
            // Numbering, encodings and decoder are set up at the unit's first variable: units
            // without variables cost their DIE walk only.
            AddressSpaceNumbering numbering = null;
            AddressSpaceEncodings enc = null;
            ExpressionDecoder decoder = null;
            DieCursor c = u.cursor();
            int[] tagAt = new int[64];
            while (c.next()) {
                if (c.abbrev() == null) {
                    continue;
                }
                dies++;
                int tag = c.tag();
                int depth = c.depth();
                if (depth >= 0) {
                    if (depth >= tagAt.length) {
                        tagAt = java.util.Arrays.copyOf(tagAt, depth * 2);
                    }
                    tagAt[depth] = tag;
                }
                if (tag != DwTag.VARIABLE && tag != DwTag.FORMAL_PARAMETER) {
                    continue;
                }
                if (depth > 0 && tagAt[depth - 1] == DwTag.SUBROUTINE_TYPE) {
                    // The parameters of function types are not variables (as VariableLister counts).
                    continue;
                }
                if (numbering == null) {
                    Producer producer = Producer.parse(u.producer());
                    numbering = AddressSpaceRegistry.numbering(target, producer, u.addressSize());
                    enc = encodings.forProducer(producer);
                    decoder = gpu ? new ExpressionDecoder(opcodeTables.computeIfAbsent(enc, OpcodeTable::new), u.version(),
                            u.addressSize(), u.offsetSize()) : null;
                }
                if (tag == DwTag.VARIABLE) {
                    variables++;
                } else {
                    parameters++;
                }
                String key = null;
                int n = c.attributeCount();
                int loc = -1;
                for (int i = 0; i < n; i++) {
                    int attr = c.attribute(i);
                    if (attr == DwAt.LOCATION) {
                        loc = i;
                        continue;
                    }
                    if (key == null) {
                        NumberKind kind = enc.attributeKind(attr);
                        if (kind != null && c.isConstant(i)) {
                            DwarfAddressSpace s = numbering.resolve(kind, c.unsigned(i));
                            key = s.name() + "(" + s.id() + ")";
                        }
                    }
                }
                if (loc >= 0) {
                    if (c.isListReference(loc)) {
                        lists++;
                        listEntries += Lists.countLocations(u, listReader(u), c.listOffset(loc));
                    } else if (c.isBlock(loc)) {
                        expressions++;
                        if (key == null && decoder != null) {
                            key = spaceOfExpression(c, loc, u, decoder, numbering, enc);
                        }
                    }
                }
                count(key != null ? key : loc >= 0 ? "default" : "none");
            }
        }

        private String spaceOfExpression(DieCursor c, int loc, Unit u, ExpressionDecoder decoder,
                AddressSpaceNumbering numbering, AddressSpaceEncodings enc) {
            try {
                Expression e = decoder.decode(u.section().reader().subAt(c.blockOffset(loc), c.block(loc).remaining()));
                StaticContext ctx = new StaticContext(dwarf, u, numbering, RegisterNames.NONE, FrameBase.NONE);
                LocationDescription l = new Evaluator(ctx, enc.memOffsetOnTop()).evaluate(e);
                if (l instanceof LocationDescription.Memory m) {
                    return m.space().name() + "(" + m.space().id() + ")";
                }
                return l.kind();
            } catch (InputFormatException malformed) {
                return "unknown (malformed location at 0x" + Long.toHexString(c.blockOffset(loc)) + ": " + malformed.getMessage() + ")";
            }
        }
    }
}
