package org.gpumem.images;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Reads clang offload bundles: {@code __CLANG_OFFLOAD_BUNDLE__}, u64 entry count, then per entry
 * {u64 offset, u64 size, u64 id length, id} with offsets relative to the bundle; and compressed
 * bundles, "CCOB" {u16 version, u16 method (0 zlib, 1 zstd)} then, by version, v1 {u32
 * uncompressed size, u64 hash}, v2 {u32 total size, u32 uncompressed size, u64 hash}, v3 {u64
 * total size, u64 uncompressed size, u64 hash}, followed by the compressed plain bundle. Several
 * bundles may follow each other in a section (one per linked translation unit); one that cannot
 * be read is listed with its problem and the walk goes on at the next bundle magic.
 */
final class OffloadBundleParser {
    static final byte[] MAGIC = "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);
    static final byte[] COMPRESSED_MAGIC = "CCOB".getBytes(StandardCharsets.US_ASCII);
    private static final int ENTRY_MIN = 24;
    /** Plain bundle header: magic and entry count. */
    private static final int HEADER = 32;
    /** Entry ids are target triples with features; far longer ones are not a bundle's. */
    private static final int MAX_ID = 4096;
    /** An entry id in a message: clang's are under 60 characters. */
    private static final int MAX_ID_SHOWN = 100;

    private final ImageScanner scanner;
    private final ImageLimits limits;

    OffloadBundleParser(ImageScanner scanner, ImageLimits limits) {
        this.scanner = scanner;
        this.limits = limits;
    }

    static boolean startsWith(ByteBuffer b, int at, byte[] magic) {
        if (at < 0 || b.limit() - at < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (b.get(at + i) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** The bundles of a region that holds only bundles ({@code .hip_fatbin}, a .hipfb file). */
    List<Container> walk(Region r) {
        List<Container> containers = new ArrayList<>();
        long p = 0;
        while (p < r.size()) {
            p = r.skipZeros(p);
            if (p >= r.size()) {
                break;
            }
            String path = "bundle " + (containers.size() + 1);
            Container c;
            try {
                ByteBuffer head = r.headers(p, Math.min(MAGIC.length, r.size() - p)).buffer();
                if (startsWith(head, 0, MAGIC)) {
                    c = plain(r, p, path);
                } else if (startsWith(head, 0, COMPRESSED_MAGIC)) {
                    c = compressed(r, p, path);
                } else {
                    StringBuilder found = new StringBuilder();
                    for (int i = 0; i < Math.min(8, head.limit()); i++) {
                        found.append(String.format("%02x ", head.get(i) & 0xff));
                    }
                    throw r.fail(p, "expected an offload bundle (__CLANG_OFFLOAD_BUNDLE__ or CCOB), found bytes "
                            + found.toString().trim());
                }
            } catch (InputFormatException e) {
                long next = nextMagic(r, p + 1);
                containers.add(new Container(Container.Kind.OFFLOAD_BUNDLE, origin(r, p, path), next - p, null,
                        Compression.NONE, List::of, e));
                p = next;
                continue;
            }
            containers.add(c);
            p += c.kind() == Container.Kind.OFFLOAD_BUNDLE ? alignBundle(c.size(), r.size() - p) : c.size();
        }
        return containers;
    }

    private static long nextMagic(Region r, long from) {
        long q = from;
        while (r.size() - q >= COMPRESSED_MAGIC.length) {
            int n = (int) Math.min(64 << 10, r.size() - q);
            ByteBuffer b = r.headers(q, n).buffer();
            for (int i = 0; i < n; i++) {
                if (startsWith(b, i, MAGIC) || startsWith(b, i, COMPRESSED_MAGIC)) {
                    return q + i;
                }
            }
            q += Math.max(1, n - MAGIC.length + 1);
        }
        return r.size();
    }

    /** The plain bundle at {@code at} when its entry table is consistent, else null (for scans of other sections). */
    Container probe(Region r, long at, String path) {
        try {
            return plain(r, at, path);
        } catch (InputFormatException e) {
            return null;
        }
    }

    /** Bundles in a section are 4096-aligned (the section alignment clang uses). */
    private static long alignBundle(long extent, long left) {
        long aligned = (extent + 4095) & ~4095L;
        return Math.min(Math.max(aligned, extent), left);
    }

    private Container plain(Region r, long at, String path) {
        long[] extent = new long[1];
        List<DeviceImage> images = bundle(r, at, path, extent);
        return new Container(Container.Kind.OFFLOAD_BUNDLE, origin(r, at, path), extent[0], null, Compression.NONE,
                () -> images);
    }

    private Container compressed(Region r, long start, String path) {
        long available = r.size() - start;
        ByteReader h = r.headers(start, Math.min(32, available));
        h.skip(4);
        int version = h.u16();
        int method = h.u16();
        long total;
        long uncompressed;
        int headerSize;
        switch (version) {
            case 1 -> {
                total = -1;
                uncompressed = h.u32();
                headerSize = 20;
            }
            case 2 -> {
                total = h.u32();
                uncompressed = h.u32();
                headerSize = 24;
            }
            case 3 -> {
                total = h.u64();
                uncompressed = h.u64();
                headerSize = 32;
            }
            default -> throw h.fail(4, "unsupported compressed offload bundle version " + version);
        }
        h.u64();
        Compression compression = switch (method) {
            case 0 -> Compression.ZLIB;
            case 1 -> Compression.ZSTD;
            default -> throw h.fail(6, "unknown offload bundle compression method " + method);
        };
        if (total == -1) {
            total = available;
        }
        if (total < headerSize || total > available) {
            throw h.fail(8, "compressed bundle of " + Long.toUnsignedString(total) + " bytes does not fit ("
                    + available + " bytes left, header " + headerSize + ")");
        }
        ByteReader stored = r.slice(start + headerSize, total - headerSize);
        String what = "compressed offload bundle";
        limits.checkDeclared(stored, uncompressed, what);
        ImageLimits.Compressed inflater = limits.compressed(stored, compression, uncompressed, what);
        String innerPath = path + " (CCOB v" + version + ", " + compression.displayName() + ")";
        String innerSection = (r.section() != null ? r.section() : "file") + "[decompressed " + path + "]";
        return new Container(Container.Kind.COMPRESSED_OFFLOAD_BUNDLE, origin(r, start, innerPath), total,
                Integer.toString(version), compression, () -> {
                    Region inner = new Region(r.file(), innerSection, inflater.read(), -1, null);
                    if (!startsWith(inner.data(), 0, MAGIC)) {
                        throw inner.fail(0, "decompressed bundle does not start with __CLANG_OFFLOAD_BUNDLE__");
                    }
                    return bundle(inner, 0, innerPath, new long[1]);
                });
    }

    private static Origin origin(Region r, long at, String path) {
        return new Origin(r.file(), r.section(), at, r.fileOffsetOf(at), path);
    }

    /**
     * The images of the plain bundle at {@code at}; {@code extent[0]} receives the bundle's size
     * (the end of its last entry).
     */
    private List<DeviceImage> bundle(Region r, long at, String path, long[] extent) {
        long left = r.size() - at;
        if (left < HEADER) {
            throw r.fail(at, "offload bundle header needs " + HEADER + " bytes, " + left + " left");
        }
        ByteReader h = r.headers(at + MAGIC.length, 8);
        long count = h.u64();
        if (count < 0 || count > (left - HEADER) / ENTRY_MIN) {
            throw h.fail(0, "offload bundle claims " + Long.toUnsignedString(count) + " entries; "
                    + (left - HEADER) + " bytes cannot hold them");
        }
        long end = HEADER;
        long p = at + HEADER;
        List<DeviceImage> images = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ByteReader e = r.headers(p, Math.min(ENTRY_MIN, r.size() - p));
            long offset = e.u64();
            long size = e.u64();
            long idLength = e.u64();
            if (idLength < 0 || idLength > MAX_ID || idLength > r.size() - p - ENTRY_MIN) {
                throw e.fail(16, "bundle entry id length " + Long.toUnsignedString(idLength) + " exceeds the bundle");
            }
            String id = new String(r.headers(p + ENTRY_MIN, idLength).bytes(idLength), StandardCharsets.UTF_8);
            if (offset < 0 || size < 0 || offset > left || size > left - offset) {
                throw e.fail(0, "bundle entry '" + InputFormatException.quote(id, MAX_ID_SHOWN) + "' at 0x" + Long.toHexString(offset) + " size 0x"
                        + Long.toHexString(size) + " extends past the bundle (0x" + Long.toHexString(left) + " bytes)");
            }
            p += ENTRY_MIN + idLength;
            end = Math.max(end, Math.max(p - at, offset + size));
            if (size == 0 || id.startsWith("host-")) {
                continue;
            }
            ByteReader payload = r.slice(at + offset, size);
            images.add(image(payload, id, new Origin(r.file(), r.section(), at + offset, r.fileOffsetOf(at + offset),
                    path + " / entry " + (i + 1) + " " + id)));
        }
        extent[0] = end;
        return images;
    }

    private DeviceImage image(ByteReader payload, String id, Origin origin) {
        ByteBuffer b = payload.buffer();
        ImageFormat format = ImageFormat.OTHER;
        GpuTarget target = targetFromId(id);
        boolean debug = false;
        String version = null;
        InputFormatException problem = null;
        if (startsWith(b, 0, new byte[] {0x7f, 'E', 'L', 'F'})) {
            try {
                ElfFile elf = ElfFile.parse(ImageScanner.imageName(origin), b);
                if (elf.machine() == ElfFile.EM_AMDGPU) {
                    format = ImageFormat.AMDGPU_CODE_OBJECT;
                    if (target == null) {
                        target = ImageScanner.amdgpuTarget(elf);
                    }
                } else if (elf.machine() == ElfFile.EM_CUDA) {
                    format = ImageFormat.CUBIN;
                    if (target == null) {
                        target = ImageScanner.cubinTarget(elf);
                    }
                }
                debug = ImageScanner.hasDwarf(elf);
            } catch (InputFormatException e) {
                problem = e;
            }
        } else {
            ByteOrder spirv = ImageScanner.spirvOrder(b);
            if (spirv != null) {
                format = ImageFormat.SPIRV;
                version = ImageScanner.spirvVersion(b, spirv);
            }
        }
        return new DeviceImage(format, target, version, payload.size(), payload.size(), Compression.NONE, debug, origin,
                null, null, null, id, payload::buffer, scanner::kernels, problem);
    }

    /** The target an entry id names: {@code hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+}, {@code cuda-nvptx64-nvidia-cuda--sm_80}. */
    static GpuTarget targetFromId(String id) {
        int dashes = id.lastIndexOf("--");
        if (dashes < 0) {
            return null;
        }
        String tail = id.substring(dashes + 2);
        try {
            if (id.contains("amdgcn")) {
                return AmdgpuTarget.parse(tail);
            }
            if (id.contains("nvptx")) {
                return NvidiaTarget.parse(tail);
            }
        } catch (IllegalArgumentException e) {
            return null;
        }
        return null;
    }
}
