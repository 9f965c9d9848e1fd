package org.gpumem.images;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Reads CUDA fatbin containers (layout observed with nvcc 12.9-13.1, see GPU-FACTS.md): a
 * 16-byte container header {u32 magic 0xBA55ED50, u16 version, u16 header size, u64 payload
 * size} followed by entries. Every entry starts with 64 bytes {u16 kind, u16 0x0101, u32 header
 * size, u64 padded payload size, u32 compressed size, u32 options offset, u16 minor, u16 major,
 * u32 arch, u32 name offset, u32 name length, u64 flags, u64 (zero, or an identifier in kind-8
 * entries), u64 uncompressed size}; longer headers (72-152 bytes) hold at the options offset
 * {u32 offset, u32 length} of the options, text (ptxas or NVVM options) or, in the 96- and
 * 104-byte headers of sm_100 and newer, a binary record. The payload follows the header, the
 * next entry follows the padded payload. A section can hold many containers back to back.
 * <p>
 * A container or entry whose headers contradict themselves is listed with its problem; the
 * images before it stay readable, and the walk resumes at the next valid container.
 */
final class FatbinParser {
    static final int MAGIC = 0xBA55ED50;
    static final int KIND_PTX = 1;
    static final int KIND_ELF = 2;
    static final long FLAG_DEBUG = 0x2;
    static final long FLAG_LZ4 = 0x2000;
    static final long FLAG_ZSTD = 0x8000;
    static final long FLAG_ARCH_SPECIFIC = 0x100000;
    static final long FLAG_UNDOCUMENTED_PAYLOAD = 0x10000;
    static final int HEADER_SIZE = 16;
    private static final int MIN_ENTRY_HEADER = 64;
    /** Longest entry header seen is 152 bytes; anything far beyond is not a fatbin entry. */
    private static final int MAX_ENTRY_HEADER = 4096;

    private final ImageScanner scanner;
    private final ImageLimits limits;

    FatbinParser(ImageScanner scanner, ImageLimits limits) {
        this.scanner = scanner;
        this.limits = limits;
    }

    /**
     * The containers of a region that holds only fatbins ({@code .nv_fatbin}, {@code __nv_relfatbin},
     * a .fatbin file), zero padding between them. Bytes that are not a container are listed as
     * a container with that problem, and the walk goes on at the next valid container.
     */
    List<Container> walk(Region r) {
        List<Container> containers = new ArrayList<>();
        long p = 0;
        while ((p = r.skipZeros(p)) < r.size()) {
            String path = "fatbin " + (containers.size() + 1);
            long extent;
            try {
                Container c = parse(r, p, path);
                containers.add(c);
                extent = c.size();
            } catch (InputFormatException e) {
                long next = nextContainer(r, p + 1);
                containers.add(new Container(Container.Kind.CUDA_FATBIN, origin(r, p, path), next - p, null,
                        Compression.NONE, List::of, e));
                extent = next - p;
            }
            p += extent;
        }
        return containers;
    }

    /** The next offset at or after {@code from} where a plausible container starts; the region size if none. */
    private static long nextContainer(Region r, long from) {
        long q = from;
        while (r.size() - q >= HEADER_SIZE) {
            int n = (int) Math.min(64 << 10, r.size() - q);
            ByteBuffer b = r.headers(q, n).buffer();
            for (int i = 0; i + HEADER_SIZE <= n; i++) {
                if (plausible(b, i, r.size() - q - i)) {
                    return q + i;
                }
            }
            q += n - HEADER_SIZE + 1;
        }
        return r.size();
    }

    /**
     * Whether {@code b} holds at {@code i} a container header with magic, version 1, header size
     * 16 and a payload that fits in {@code left} bytes: the test for fatbins found by scanning.
     */
    static boolean plausible(ByteBuffer b, int i, long left) {
        if (b.limit() - i < HEADER_SIZE || b.getInt(i) != MAGIC || b.getShort(i + 4) != 1 || b.getShort(i + 6) != HEADER_SIZE) {
            return false;
        }
        long payload = b.getLong(i + 8);
        return payload >= 0 && payload <= left - HEADER_SIZE;
    }

    /**
     * The container at {@code at} when the scan's test holds and its first entry header is
     * consistent; null otherwise (the bytes are then not a fatbin).
     */
    Container probe(Region r, long at, String path) {
        ByteReader h = r.headers(at, HEADER_SIZE);
        if (!plausible(h.buffer(), 0, r.size() - at)) {
            return null;
        }
        long payload = h.buffer().getLong(8);
        if (payload > 0) {
            if (payload < MIN_ENTRY_HEADER) {
                return null;
            }
            ByteBuffer e = r.headers(at + HEADER_SIZE, MIN_ENTRY_HEADER).buffer();
            long headerSize = e.getInt(4) & 0xffffffffL;
            long padded = e.getLong(8);
            if (e.getShort(2) != 0x0101 || headerSize < MIN_ENTRY_HEADER || headerSize > MAX_ENTRY_HEADER
                    || padded < 0 || padded > payload - headerSize) {
                return null;
            }
        }
        return parse(r, at, path);
    }

    /** The container at {@code at}; a bad container header throws, a bad entry ends its entries with a problem. */
    Container parse(Region r, long at, String path) {
        if (r.size() - at < HEADER_SIZE) {
            throw r.fail(at, "fatbin container header needs 16 bytes, " + (r.size() - at) + " left");
        }
        ByteReader h = r.headers(at, HEADER_SIZE);
        int magic = h.s32();
        if (magic != MAGIC) {
            throw h.fail(0, "expected fatbin magic 0xba55ed50, found 0x" + Integer.toHexString(magic));
        }
        int version = h.u16();
        int headerSize = h.u16();
        long payloadSize = h.u64();
        if (headerSize < HEADER_SIZE) {
            throw h.fail(6, "fatbin header size " + headerSize + " < 16");
        }
        long left = r.size() - at;
        if (payloadSize < 0 || payloadSize > left - headerSize) {
            throw h.fail(8, "fatbin container of " + Long.toUnsignedString(payloadSize)
                    + " payload bytes extends past the end (" + Math.max(0, left - headerSize) + " left)");
        }
        List<DeviceImage> images = new ArrayList<>();
        InputFormatException problem = null;
        try {
            entries(r, at + headerSize, payloadSize, path, images);
        } catch (InputFormatException e) {
            problem = e;
        }
        return new Container(Container.Kind.CUDA_FATBIN, origin(r, at, path), headerSize + payloadSize,
                Integer.toString(version), Compression.NONE, () -> images, problem);
    }

    private void entries(Region r, long start, long length, String containerPath, List<DeviceImage> images) {
        long end = start + length;
        long q = start;
        while (q < end) {
            if (end - q < MIN_ENTRY_HEADER) {
                if (r.skipZeros(q) >= end) {
                    return;
                }
                throw r.fail(q, "fatbin entry header needs 64 bytes, " + (end - q) + " left in the container");
            }
            ByteReader e = r.headers(q, MIN_ENTRY_HEADER);
            int kind = e.u16();
            e.u16();
            long headerSize = e.u32();
            long padded = e.u64();
            if (headerSize < MIN_ENTRY_HEADER || headerSize > end - q) {
                throw e.fail(4, "fatbin entry header size " + headerSize + " outside 64.." + (end - q));
            }
            if (padded < 0 || padded > end - q - headerSize) {
                throw e.fail(8, "fatbin entry payload of " + Long.toUnsignedString(padded)
                        + " bytes extends past its container (" + (end - q - headerSize) + " left)");
            }
            String path = containerPath + " / entry " + (images.size() + 1);
            images.add(entry(r, q, kind, headerSize, padded, path));
            q += headerSize + padded;
        }
    }

    private DeviceImage entry(Region r, long at, int kind, long headerSize, long padded, String path) {
        ByteReader e = r.headers(at, headerSize);
        e.seek(16);
        long compressedSize = e.u32();
        long optionsOffset = e.u32();
        int minor = e.u16();
        int major = e.u16();
        long arch = e.u32();
        long nameOffset = e.u32();
        long nameLength = e.u32();
        long flags = e.u64();
        e.u64();
        long uncompressedSize = e.u64();
        ImageFormat format = kind == KIND_PTX ? ImageFormat.PTX : kind == KIND_ELF ? ImageFormat.CUBIN : ImageFormat.OTHER;
        NvidiaTarget target = arch >= 10 && arch <= 999 && format != ImageFormat.OTHER ? NvidiaTarget.fromSmNumber((int) arch,
                (flags & FLAG_ARCH_SPECIFIC) != 0 ? NvidiaTarget.Variant.ARCH_SPECIFIC : NvidiaTarget.Variant.PLAIN) : null;
        String version = format == ImageFormat.PTX ? major + "." + minor
                : format == ImageFormat.OTHER ? "kind " + kind + " v" + major + "." + minor : null;
        boolean debug = (flags & FLAG_DEBUG) != 0;
        long payloadAt = at + headerSize;
        InputFormatException problem = null;
        String[] options = {null, null};
        String name = null;
        try {
            options = options(e, optionsOffset, headerSize);
            name = nameOffset != 0 && nameLength != 0 ? string(e, nameOffset, nameLength, headerSize) : null;
        } catch (InputFormatException x) {
            problem = x;
        }
        Compression compression = Compression.NONE;
        if ((flags & FLAG_ZSTD) != 0 && (flags & FLAG_LZ4) != 0) {
            problem = e.fail(40, "fatbin entry flags 0x" + Long.toHexString(flags) + " say both lz4 (0x2000) and zstd (0x8000)");
        } else if ((flags & FLAG_ZSTD) != 0) {
            compression = Compression.ZSTD;
        } else if ((flags & FLAG_LZ4) != 0) {
            compression = Compression.LZ4;
        }
        long stored = compression == Compression.NONE ? padded : compressedSize;
        long size = compression == Compression.NONE ? (uncompressedSize != 0 ? uncompressedSize : padded) : uncompressedSize;
        if (problem == null && stored > padded) {
            problem = e.fail(16, "compressed size " + stored + " exceeds the padded payload size " + padded);
        } else if (problem == null && compression == Compression.NONE && size > padded) {
            problem = e.fail(56, "uncompressed size " + size + " exceeds the payload size " + padded);
        }
        Origin origin = new Origin(r.file(), r.section(), payloadAt, r.fileOffsetOf(payloadAt), path);
        DeviceImage.Payload payload;
        if (problem != null) {
            payload = null;
        } else if (compression == Compression.NONE) {
            long length = size;
            payload = () -> r.slice(payloadAt, length).buffer();
        } else {
            ByteReader storedBytes = r.slice(payloadAt, stored);
            // cuFFT's kind-8 entries set 0x10000 and carry an identifier at header offset 48; their
            // payload does not decode as the flagged codec, which the message then says.
            String what = (flags & FLAG_UNDOCUMENTED_PAYLOAD) != 0
                    ? "fatbin entry (flags 0x" + Long.toHexString(flags) + "; 0x10000 is not documented)" : "fatbin entry";
            payload = limits.compressed(storedBytes, compression, size, what);
            try {
                limits.checkDeclared(storedBytes, size, "fatbin entry");
            } catch (InputFormatException x) {
                problem = x;
            }
        }
        return new DeviceImage(format, target, version, stored, size, compression, debug, origin, options[0], options[1],
                name, null, payload, scanner::kernels, problem);
    }

    private static Origin origin(Region r, long at, String path) {
        return new Origin(r.file(), r.section(), at, r.fileOffsetOf(at), path);
    }

    /**
     * The options {u32 offset, u32 length} at the options offset, relative to the entry: {text,
     * null} when they are text, {null, hex} when binary, {null, null} when absent or empty.
     */
    private static String[] options(ByteReader entry, long optionsOffset, long headerSize) {
        if (optionsOffset == 0) {
            return new String[] {null, null};
        }
        if (optionsOffset + 8 > headerSize) {
            throw entry.fail(20, "options offset " + optionsOffset + " outside the entry header (" + headerSize + " bytes)");
        }
        ByteReader o = entry.at(optionsOffset);
        long off = o.u32();
        long len = o.u32();
        byte[] b = bytes(entry, off, len, headerSize);
        int n = b.length;
        while (n > 0 && (b[n - 1] == 0 || b[n - 1] == ' ')) {
            n--;
        }
        int s = 0;
        while (s < n && b[s] == ' ') {
            s++;
        }
        if (s == n) {
            return new String[] {null, null};
        }
        for (int i = s; i < n; i++) {
            if ((b[i] < 0x20 && b[i] != '\t' && b[i] != '\n') || b[i] == 0x7f) {
                return new String[] {null, hex(b, b.length)};
            }
        }
        return new String[] {new String(b, s, n - s, StandardCharsets.UTF_8), null};
    }

    private static String hex(byte[] b, int n) {
        StringBuilder h = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0 && i % 4 == 0) {
                h.append(' ');
            }
            h.append(Character.forDigit((b[i] >> 4) & 15, 16)).append(Character.forDigit(b[i] & 15, 16));
        }
        return h.toString();
    }

    private static String string(ByteReader entry, long offset, long length, long headerSize) {
        byte[] b = bytes(entry, offset, length, headerSize);
        int n = b.length;
        while (n > 0 && (b[n - 1] == 0 || b[n - 1] == ' ')) {
            n--;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(ByteReader entry, long offset, long length, long headerSize) {
        if (offset < 0 || length < 0 || offset > headerSize || length > headerSize - offset) {
            throw entry.fail(offset, "string of " + length + " bytes at entry offset " + offset
                    + " outside the entry header (" + headerSize + " bytes)");
        }
        return entry.at(offset).bytes(length);
    }
}
