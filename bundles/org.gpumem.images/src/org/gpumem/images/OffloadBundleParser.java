package org.gpumem.images;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.io.ByteReader;

/**
 * Reads clang offload bundles: {@code __CLANG_OFFLOAD_BUNDLE__}, u64 entry count, then per entry
 * {u64 offset, u64 size, u64 id length, id} with offsets relative to the bundle; and compressed
 * bundles, "CCOB" {u16 version, u16 method (0 zlib, 1 zstd)} then, by version, v1 {u32
 * uncompressed size, u64 hash}, v2 {u32 total size, u32 uncompressed size, u64 hash}, v3 {u64
 * total size, u64 uncompressed size, u64 hash}, followed by the compressed plain bundle. Several
 * bundles may follow each other in a section (one per linked translation unit).
 */
final class OffloadBundleParser {
    static final byte[] MAGIC = "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);
    static final byte[] COMPRESSED_MAGIC = "CCOB".getBytes(StandardCharsets.US_ASCII);
    private static final int ENTRY_MIN = 24;

    private final ImageScanner scanner;

    OffloadBundleParser(ImageScanner scanner) {
        this.scanner = scanner;
    }

    static boolean startsWith(ByteBuffer b, int at, byte[] magic) {
        if (b.limit() - at < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (b.get(at + i) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** The bundles in {@code data}; {@code fileOffset} is where {@code data} starts in the file (-1: not in the file). */
    List<Container> parse(ByteReader data, long fileOffset) {
        List<Container> containers = new ArrayList<>();
        ByteReader r = data.at(0).order(ByteOrder.LITTLE_ENDIAN);
        while (r.hasRemaining()) {
            if (FatbinParser.skipPadding(r)) {
                break;
            }
            int p = r.position();
            String path = "bundle " + (containers.size() + 1);
            if (startsWith(r.buffer(), p, MAGIC)) {
                ByteReader rest = r.sub(r.remaining());
                long[] extent = new long[1];
                List<DeviceImage> images = bundle(rest, fileOffset < 0 ? -1 : fileOffset + rest.base() - data.base(), path, extent);
                containers.add(new Container(Container.Kind.OFFLOAD_BUNDLE, origin(data, rest.base() - data.base(), fileOffset, path),
                        extent[0], null, Compression.NONE, () -> images));
                r.seek(p + alignBundle(extent[0], r.size() - p));
            } else if (startsWith(r.buffer(), p, COMPRESSED_MAGIC)) {
                containers.add(compressed(r, data, fileOffset, path));
            } else {
                StringBuilder found = new StringBuilder();
                for (int i = p; i < Math.min(p + 8, r.size()); i++) {
                    found.append(String.format("%02x ", r.buffer().get(i) & 0xff));
                }
                throw r.fail(p, "expected an offload bundle (__CLANG_OFFLOAD_BUNDLE__ or CCOB), found bytes " + found.toString().trim());
            }
        }
        return containers;
    }

    /** Bundles in a section are 4096-aligned (the section alignment clang uses). */
    private static long alignBundle(long extent, long left) {
        long aligned = (extent + 4095) & ~4095L;
        return Math.min(Math.max(aligned, extent), left);
    }

    private Container compressed(ByteReader r, ByteReader data, long fileOffset, String path) {
        int start = r.position();
        r.skip(4);
        int version = r.u16();
        int method = r.u16();
        long total;
        long uncompressed;
        int headerSize;
        switch (version) {
            case 1 -> {
                total = -1;
                uncompressed = r.u32();
                headerSize = 20;
            }
            case 2 -> {
                total = r.u32();
                uncompressed = r.u32();
                headerSize = 24;
            }
            case 3 -> {
                total = r.u64();
                uncompressed = r.u64();
                headerSize = 32;
            }
            default -> throw r.fail(start + 4, "unsupported compressed offload bundle version " + version);
        }
        r.u64();
        Compression compression = switch (method) {
            case 0 -> Compression.ZLIB;
            case 1 -> Compression.ZSTD;
            default -> throw r.fail(start + 6, "unknown offload bundle compression method " + method);
        };
        long available = r.size() - start;
        if (total == -1) {
            total = available;
        }
        if (total < headerSize || total > available) {
            throw r.fail(start + 8, "compressed bundle of " + Long.toUnsignedString(total) + " bytes does not fit ("
                    + available + " bytes left, header " + headerSize + ")");
        }
        r.seek(start);
        ByteReader whole = r.sub(total);
        ByteReader stored = whole.subAt(headerSize, total - headerSize);
        scanner.decompressor().checkDeclared(stored, uncompressed, "compressed offload bundle");
        String innerPath = path + " (CCOB v" + version + ", " + compression.displayName() + ")";
        String innerSection = (data.section() != null ? data.section() : "file") + "[decompressed " + path + "]";
        Origin origin = origin(data, whole.base() - data.base(), fileOffset, innerPath);
        return new Container(Container.Kind.COMPRESSED_OFFLOAD_BUNDLE, origin, total, Integer.toString(version), compression, () -> {
            ByteBuffer plain = scanner.decompressor().decompress(stored, compression, uncompressed, "compressed offload bundle");
            ByteReader inner = new ByteReader(data.file(), innerSection, plain).order(ByteOrder.LITTLE_ENDIAN);
            if (!startsWith(plain, 0, MAGIC)) {
                throw inner.fail(0, "decompressed bundle does not start with __CLANG_OFFLOAD_BUNDLE__");
            }
            return bundle(inner, -1, innerPath, new long[1]);
        });
    }

    private static Origin origin(ByteReader data, long offset, long fileOffset, String path) {
        return new Origin(data.file(), data.section(), data.base() + offset,
                fileOffset < 0 ? -1 : fileOffset + offset, path);
    }

    /**
     * The images of the plain bundle at the start of {@code r}; {@code extent[0]} receives the
     * bundle's size (the end of its last entry).
     */
    private List<DeviceImage> bundle(ByteReader r, long fileOffset, String path, long[] extent) {
        ByteReader h = r.at(MAGIC.length).order(ByteOrder.LITTLE_ENDIAN);
        long count = h.u64();
        if (count < 0 || count > h.remaining() / ENTRY_MIN) {
            throw h.fail(MAGIC.length, "offload bundle claims " + Long.toUnsignedString(count) + " entries; "
                    + h.remaining() + " bytes cannot hold them");
        }
        long end = h.position();
        List<DeviceImage> images = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int at = h.position();
            long offset = h.u64();
            long size = h.u64();
            long idLength = h.u64();
            if (idLength < 0 || idLength > h.remaining()) {
                throw h.fail(at + 16, "bundle entry id length " + Long.toUnsignedString(idLength) + " exceeds the bundle");
            }
            String id = new String(h.bytes(idLength), StandardCharsets.UTF_8);
            if (offset < 0 || size < 0 || offset > r.size() || size > r.size() - offset) {
                throw h.fail(at, "bundle entry '" + id + "' at 0x" + Long.toHexString(offset) + " size 0x"
                        + Long.toHexString(size) + " extends past the bundle (0x" + Long.toHexString(r.size()) + " bytes)");
            }
            end = Math.max(end, Math.max(h.position(), offset + size));
            if (size == 0 || id.startsWith("host-")) {
                continue;
            }
            ByteReader payload = r.subAt(offset, size);
            images.add(image(payload, id, new Origin(r.file(), r.section(), payload.base(),
                    fileOffset < 0 ? -1 : fileOffset + offset, path + " / entry " + (i + 1) + " " + id)));
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
        if (startsWith(b, 0, new byte[] {0x7f, 'E', 'L', 'F'})) {
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
        } else {
            ByteOrder spirv = ImageScanner.spirvOrder(b);
            if (spirv != null) {
                format = ImageFormat.SPIRV;
                version = ImageScanner.spirvVersion(b, spirv);
            }
        }
        return new DeviceImage(format, target, version, payload.size(), payload.size(), Compression.NONE, debug, origin,
                null, null, id, payload::buffer, scanner::kernels);
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
