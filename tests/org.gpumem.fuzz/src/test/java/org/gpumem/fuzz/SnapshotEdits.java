package org.gpumem.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.model.snapshot.SnapshotWriter;

/**
 * Structure-aware targets of snapshots: a seed snapshot (SnapshotWriter's output for two
 * built-in targets) with edits that keep everything else valid, so that the fuzzer works on one
 * part at a time. {@link #pages}: the page file rebuilt with a consistent header and index
 * around chunks whose bytes or raw lengths were changed (flipped bytes behind a valid frame
 * header, other zstd data, RLE frames filling a whole chunk, raw lengths one off or up to the
 * chunk size); every chunk of every pool is then read. {@link #model}: the XMI with attributes
 * set to boundary values, references to paths that name nothing or the wrong kind of element,
 * attributes and elements removed or repeated; then opened and read as {@code gpumem snapshot} does.
 */
final class SnapshotEdits {
    /** Values an attribute gets: numbers at the edges of int and long, references that resolve to nothing or to the wrong kind. */
    static final List<String> VALUES = List.of("-1", "0", "1", "2", "32", "64", "65", "4096", "2147483647", "2147483648", "-2147483649",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "", "abc", "0x10", "1e3", "NaN", "true", "false",
            "device", "grid", "work-group", "subgroup", "lane", "system", "//@target", "//@device", "//@target/@addressSpaces.0",
            "//@target/@addressSpaces.-1", "//@target/@addressSpaces.99", "//@target/@storages.0", "//@target/@storages.-1",
            "//@device/@children.0", "//@device/@pools.0", "//@target/@addressSpaces.0/@access", "//@target/@addressSpaces.0/@access.0",
            "//", "/", "/-1", "//-1", "//@", "//@.0", "#//x", "other.gpumem#//@target", "gpumem:Context", "gpumem:WindowAccess",
            "gpumem:LinearAccess", "gpumem:InterleavedAccess", "gpumem:StridedAccess", "gpumem:Nothing", "ecore:EObject",
            "&lt;x&gt;", "&amp;", "&#1;", "x".repeat(300));
    private static final Pattern ATTRIBUTE = Pattern.compile(" ([\\w:]+)=\"([^\"]*)\"");
    private static final Pattern EMPTY_ELEMENT = Pattern.compile("<(\\w+)[^<>]*/>");
    private static final int HEADER = 16;
    private static final int TRAILER = 16;

    /** One seed: the model's XMI, and its page file as chunk records. */
    record Seed(String xmi, int chunkSize, List<PoolRecord> pools) {
    }

    record PoolRecord(String key, long size, List<ChunkRecord> chunks) {
    }

    record ChunkRecord(long poolOffset, byte[] packed, long raw) {
    }

    private static volatile List<Seed> seeds;

    private SnapshotEdits() {
    }

    static List<Seed> seeds() {
        if (seeds == null) {
            List<Seed> s = new ArrayList<>();
            try {
                for (byte[] encoded : SeedCorpus.seeds(FuzzTargets.SNAPSHOT).values()) {
                    s.add(decode(encoded));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            seeds = List.copyOf(s);
        }
        return seeds;
    }

    /** A seed of {@link SnapshotTarget}'s encoding ({@code u32 model length, model, page file}) as parts. */
    static Seed decode(byte[] encoded) {
        ByteBuffer b = ByteBuffer.wrap(encoded).order(ByteOrder.LITTLE_ENDIAN);
        int modelLength = b.getInt();
        String xmi = new String(encoded, 4, modelLength, StandardCharsets.UTF_8);
        ByteBuffer pages = ByteBuffer.wrap(encoded, 4 + modelLength, encoded.length - 4 - modelLength).slice().order(ByteOrder.LITTLE_ENDIAN);
        int chunkSize = pages.getInt(12);
        long indexAt = pages.getLong(pages.limit() - TRAILER);
        ByteBuffer index = pages.duplicate().position((int) indexAt).slice().order(ByteOrder.LITTLE_ENDIAN);
        List<PoolRecord> pools = new ArrayList<>();
        for (long p = index.getInt() & 0xffffffffL; p > 0; p--) {
            byte[] key = new byte[index.getInt()];
            index.get(key);
            long size = index.getLong();
            List<ChunkRecord> chunks = new ArrayList<>();
            for (long c = index.getInt() & 0xffffffffL; c > 0; c--) {
                long poolOffset = index.getLong();
                int fileOffset = (int) index.getLong();
                byte[] packed = new byte[index.getInt()];
                long raw = index.getInt() & 0xffffffffL;
                pages.get(fileOffset, packed);
                chunks.add(new ChunkRecord(poolOffset, packed, raw));
            }
            pools.add(new PoolRecord(new String(key, StandardCharsets.UTF_8), size, chunks));
        }
        return new Seed(xmi, chunkSize, pools);
    }

    /** The page file of {@code pools}: header, the chunks one after another, the index, the trailer. */
    static byte[] pageFile(int chunkSize, List<PoolRecord> pools) {
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        ByteBuffer index = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        index.putInt(pools.size());
        for (PoolRecord p : pools) {
            byte[] key = p.key().getBytes(StandardCharsets.UTF_8);
            index.putInt(key.length).put(key).putLong(p.size()).putInt(p.chunks().size());
            for (ChunkRecord c : p.chunks()) {
                index.putLong(c.poolOffset()).putLong(HEADER + chunks.size()).putInt(c.packed().length).putInt((int) c.raw());
                chunks.writeBytes(c.packed());
            }
        }
        ByteBuffer out = ByteBuffer.allocate(HEADER + chunks.size() + index.position() + TRAILER).order(ByteOrder.LITTLE_ENDIAN);
        out.put("GPUMEMPG".getBytes(StandardCharsets.US_ASCII)).putInt(1).putInt(chunkSize).put(chunks.toByteArray());
        long indexAt = out.position();
        out.put(index.flip()).putLong(indexAt).put("GPUMEMIX".getBytes(StandardCharsets.US_ASCII));
        return out.array();
    }

    /** The two files of a snapshot: the model's XMI and the page file. */
    record SnapshotFiles(byte[] model, byte[] pages) {
        SnapshotFiles(String xmi, byte[] pages) {
            this(xmi.getBytes(StandardCharsets.UTF_8), pages);
        }

        /** Writes the model to {@code file} and the pages beside it. */
        void write(Path file) throws IOException {
            Files.write(file, model);
            Files.write(SnapshotWriter.pagesFile(file), pages);
        }
    }

    /** The page-chunk target. */
    static void pages(byte[] input, Path dir) {
        open(dir, pageEdits(input), true);
    }

    /** The model target. */
    static void model(byte[] input, Path dir) {
        open(dir, modelEdits(input), false);
    }

    /** The files of the page-chunk target's input {@code u8 seed, u8 edits, per edit: u16 chunk, u8 kind, then the kind's values}. */
    static SnapshotFiles pageEdits(byte[] input) {
        Choices c = new Choices(input);
        Seed seed = seeds().get(c.pick(seeds().size()));
        List<PoolRecord> pools = new ArrayList<>(seed.pools());
        List<int[]> all = new ArrayList<>();
        for (int p = 0; p < pools.size(); p++) {
            for (int k = 0; k < pools.get(p).chunks().size(); k++) {
                all.add(new int[] {p, k});
            }
        }
        for (int edits = c.pick(4) + 1; edits > 0 && !all.isEmpty(); edits--) {
            int[] at = all.get(c.u16() % all.size());
            PoolRecord pool = pools.get(at[0]);
            List<ChunkRecord> chunks = new ArrayList<>(pool.chunks());
            ChunkRecord old = chunks.get(at[1]);
            // the most a chunk can hold without overlapping the next one or leaving its pool
            long room = Math.min(seed.chunkSize(), (at[1] + 1 < chunks.size() ? chunks.get(at[1] + 1).poolOffset() : pool.size())
                    - old.poolOffset());
            ChunkRecord edited = switch (c.pick(6)) {
                case 0 -> {
                    byte[] packed = old.packed().clone();
                    for (int flips = c.pick(8) + 1; flips > 0 && packed.length > 6; flips--) {
                        packed[6 + c.u16() % (packed.length - 6)] ^= (byte) (c.pick(255) + 1);
                    }
                    yield new ChunkRecord(old.poolOffset(), packed, old.raw());
                }
                case 1 -> new ChunkRecord(old.poolOffset(), old.packed(), switch (c.pick(5)) {
                    case 0 -> old.raw() - 1;
                    case 1 -> old.raw() + 1;
                    case 2 -> room;
                    case 3 -> seed.chunkSize();
                    default -> c.u32();
                });
                case 2 -> {
                    byte[] plain = c.bytes();
                    yield new ChunkRecord(old.poolOffset(), ZstdFrameWriter.compress(plain), Math.min(room, plain.length + c.pick(3) - 1L));
                }
                case 3 -> new ChunkRecord(old.poolOffset(), ZstdFrameWriter.bomb(new byte[0], room, c.pick(256)), room);
                case 4 -> new ChunkRecord(old.poolOffset(), ZstdFrameWriter.bomb(new byte[0], c.u32() % (2L * room + 2), c.pick(256)),
                        room);
                default -> new ChunkRecord(old.poolOffset(), c.bytes(), old.raw());
            };
            chunks.set(at[1], edited);
            pools.set(at[0], new PoolRecord(pool.key(), pool.size(), chunks));
        }
        return new SnapshotFiles(seed.xmi(), pageFile(seed.chunkSize(), pools));
    }

    /** The files of the model target's input {@code u8 seed, u8 edits, per edit: u8 kind, u16 which, then the kind's values}. */
    static SnapshotFiles modelEdits(byte[] input) {
        Choices c = new Choices(input);
        Seed seed = seeds().get(c.pick(seeds().size()));
        String xmi = seed.xmi();
        for (int edits = c.pick(4) + 1; edits > 0; edits--) {
            int kind = c.pick(6);
            int which = c.u16();
            xmi = switch (kind) {
                case 0 -> setAttribute(xmi, which, VALUES.get(c.pick(VALUES.size())));
                case 1 -> setAttribute(xmi, which, new String(c.bytes(), StandardCharsets.UTF_8));
                case 2 -> setAttribute(xmi, which, null);
                case 3 -> editElement(xmi, which, false);
                case 4 -> editElement(xmi, which, true);
                default -> swapName(xmi, which, c.u16());
            };
        }
        return new SnapshotFiles(xmi, pageFile(seed.chunkSize(), seed.pools()));
    }

    /** Attribute {@code which} (modulo their count) set to {@code value}, or removed when it is null. */
    static String setAttribute(String xmi, int which, String value) {
        List<int[]> spans = spans(ATTRIBUTE.matcher(xmi));
        if (spans.isEmpty()) {
            return xmi;
        }
        int[] s = spans.get(which % spans.size());
        Matcher m = ATTRIBUTE.matcher(xmi);
        m.find(s[0]);
        String replacement = value == null ? "" : " " + m.group(1) + "=\"" + value.replace("\"", "&quot;") + "\"";
        return xmi.substring(0, s[0]) + replacement + xmi.substring(s[1]);
    }

    /** Empty element {@code which} removed, or written twice. */
    private static String editElement(String xmi, int which, boolean repeat) {
        List<int[]> spans = spans(EMPTY_ELEMENT.matcher(xmi));
        if (spans.isEmpty()) {
            return xmi;
        }
        int[] s = spans.get(which % spans.size());
        String element = xmi.substring(s[0], s[1]);
        return xmi.substring(0, s[0]) + (repeat ? element + element : "") + xmi.substring(s[1]);
    }

    /** Empty element {@code which} renamed to the name of empty element {@code other}. */
    private static String swapName(String xmi, int which, int other) {
        List<int[]> spans = spans(EMPTY_ELEMENT.matcher(xmi));
        if (spans.isEmpty()) {
            return xmi;
        }
        int[] s = spans.get(which % spans.size());
        int[] o = spans.get(other % spans.size());
        Matcher m = EMPTY_ELEMENT.matcher(xmi);
        m.find(o[0]);
        String name = m.group(1);
        m.find(s[0]);
        return xmi.substring(0, s[0] + 1) + name + xmi.substring(s[0] + 1 + m.group(1).length());
    }

    private static List<int[]> spans(Matcher m) {
        List<int[]> out = new ArrayList<>();
        while (m.find()) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }

    /** Writes both files to {@code dir}, opens them and reads them; {@code everyChunk} reads each pool's every populated byte. */
    private static void open(Path dir, SnapshotFiles files, boolean everyChunk) {
        Path model = dir.resolve("fuzz.gpumem");
        try {
            files.write(model);
            try (Snapshot s = Snapshot.open(model)) {
                if (everyChunk) {
                    readEveryChunk(s.state());
                }
                SnapshotTarget.read(s.state());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void readEveryChunk(MemoryState state) {
        byte[] buffer = new byte[1 << 16];
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                for (long at = pool.getSource().nextPopulated(0); at < pool.getSize(); at = pool.getSource().nextPopulated(at)) {
                    int n = (int) Math.min(buffer.length, pool.getSize() - at);
                    pool.getSource().read(at, buffer, 0, n);
                    at += n;
                }
            }
        }
    }

    /** The two files of a snapshot as one {@link SnapshotTarget} input. */
    static byte[] encode(String xmi, byte[] pages) {
        byte[] model = xmi.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(4 + model.length + pages.length).order(ByteOrder.LITTLE_ENDIAN);
        return b.putInt(model.length).put(model).put(pages).array();
    }

    /** Seeds of {@link #pages}: per seed snapshot, a chunk replaced by other valid data, flipped, sized one off, a full-chunk RLE frame. */
    static Map<String, byte[]> pageSeeds() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (int s = 0; s < seeds().size(); s++) {
            byte[] plain = "gpumem snapshot chunk".getBytes(StandardCharsets.US_ASCII);
            out.put(s + "-recompressed", new Choices.Writer().pick(s).pick(0).u16(0).pick(2).bytes(plain).pick(1).toBytes());
            out.put(s + "-flipped", new Choices.Writer().pick(s).pick(0).u16(0).pick(0).pick(1).u16(3).pick(0x40).u16(9).pick(7).toBytes());
            out.put(s + "-one-longer", new Choices.Writer().pick(s).pick(0).u16(1).pick(1).pick(1).toBytes());
            out.put(s + "-full-chunk", new Choices.Writer().pick(s).pick(0).u16(0).pick(3).pick(0x5a).toBytes());
        }
        return out;
    }

    /** Seeds of {@link #model}: an edit that keeps the model valid, and one of each kind. */
    static Map<String, byte[]> modelSeeds() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (int s = 0; s < seeds().size(); s++) {
            // attribute 0 is the XML declaration's version
            out.put(s + "-same", new Choices.Writer().pick(s).pick(0).pick(1).u16(0).bytes("1.0".getBytes(StandardCharsets.US_ASCII))
                    .toBytes());
            for (int kind = 0; kind < 6; kind++) {
                out.put(s + "-kind" + kind, new Choices.Writer().pick(s).pick(0).pick(kind).u16(7 + 13 * kind).pick(30 + kind).u16(3)
                        .toBytes());
            }
        }
        return out;
    }
}
