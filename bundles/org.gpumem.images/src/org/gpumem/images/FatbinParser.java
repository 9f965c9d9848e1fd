package org.gpumem.images;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.io.ByteReader;

/**
 * Reads CUDA fatbin containers (layout observed with nvcc 13, see GPU-FACTS.md): a 16-byte
 * container header {u32 magic 0xBA55ED50, u16 version, u16 header size, u64 payload size}
 * followed by entries, each {u16 kind, u16, u32 header size, u64 padded payload size,
 * u32 compressed size, u32 options offset, u16 minor, u16 major, u32 arch, u32 name offset,
 * u32 name length, u64 flags, u64, u64 uncompressed size} and its payload. A section can hold
 * several containers back to back; they are walked by size.
 */
final class FatbinParser {
    static final int MAGIC = 0xBA55ED50;
    static final int KIND_PTX = 1;
    static final int KIND_ELF = 2;
    static final long FLAG_DEBUG = 0x2;
    static final long FLAG_LZ4 = 0x2000;
    static final long FLAG_ZSTD = 0x8000;
    static final long FLAG_ARCH_SPECIFIC = 0x100000;
    private static final int MIN_ENTRY_HEADER = 64;

    private final ImageScanner scanner;

    FatbinParser(ImageScanner scanner) {
        this.scanner = scanner;
    }

    /**
     * The containers in {@code data} (a whole section or file); {@code fileOffset} is where
     * {@code data} starts in the file.
     */
    List<Container> parse(ByteReader data, long fileOffset) {
        List<Container> containers = new ArrayList<>();
        ByteReader r = data.at(0).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (r.hasRemaining()) {
            if (skipPadding(r)) {
                break;
            }
            long start = r.position();
            int magic = r.s32();
            if (magic != MAGIC) {
                throw r.fail(start, "expected fatbin magic 0xba55ed50, found 0x" + Integer.toHexString(magic));
            }
            int version = r.u16();
            int headerSize = r.u16();
            long payloadSize = r.u64();
            if (headerSize < 16) {
                throw r.fail(start + 6, "fatbin header size " + headerSize + " < 16");
            }
            r.seek(start);
            long total = headerSize + payloadSize;
            if (payloadSize < 0 || total > r.remaining()) {
                throw r.fail(start + 8, "fatbin container of " + Long.toUnsignedString(payloadSize)
                        + " payload bytes extends past the end (" + (r.remaining() - headerSize) + " left)");
            }
            ByteReader container = r.sub(total);
            int index = containers.size() + 1;
            String path = "fatbin " + index;
            List<DeviceImage> images = entries(container.subAt(headerSize, payloadSize), fileOffset, path);
            containers.add(new Container(Container.Kind.CUDA_FATBIN,
                    origin(data, container.base(), fileOffset, path), total, Integer.toString(version),
                    Compression.NONE, () -> images));
        }
        return containers;
    }

    /** Skips zero bytes that align the next container; true when only padding is left. */
    static boolean skipPadding(ByteReader r) {
        int p = r.position();
        while (p < r.size() && r.buffer().get(p) == 0) {
            p++;
        }
        if (p == r.size()) {
            return true;
        }
        r.seek(p);
        return false;
    }

    private List<DeviceImage> entries(ByteReader payload, long fileOffset, String containerPath) {
        List<DeviceImage> images = new ArrayList<>();
        ByteReader r = payload.at(0);
        while (r.remaining() > 0) {
            if (r.remaining() < MIN_ENTRY_HEADER && skipPadding(r)) {
                break;
            }
            int start = r.position();
            int kind = r.u16();
            r.u16();
            long headerSize = r.u32();
            long padded = r.u64();
            long compressedSize = r.u32();
            long optionsOffset = r.u32();
            int minor = r.u16();
            int major = r.u16();
            long arch = r.u32();
            long nameOffset = r.u32();
            long nameLength = r.u32();
            long flags = r.u64();
            r.u64();
            long uncompressedSize = r.u64();
            if (headerSize < MIN_ENTRY_HEADER || headerSize > r.size() - start) {
                throw r.fail(start + 4, "fatbin entry header size " + headerSize + " outside 64.." + (r.size() - start));
            }
            if (padded < 0 || padded > r.size() - start - headerSize) {
                throw r.fail(start + 8, "fatbin entry payload of " + Long.toUnsignedString(padded)
                        + " bytes extends past its container (" + (r.size() - start - headerSize) + " left)");
            }
            ByteReader entry = r.subAt(start, headerSize + padded);
            r.seek(start + headerSize + padded);

            Compression compression = (flags & FLAG_ZSTD) != 0 ? Compression.ZSTD
                    : (flags & FLAG_LZ4) != 0 ? Compression.NVIDIA_LZ4 : Compression.NONE;
            long stored = compression == Compression.NONE ? padded : compressedSize;
            if (stored > padded) {
                throw entry.fail(16, "compressed size " + stored + " exceeds the padded payload size " + padded);
            }
            long size = compression == Compression.NONE ? (uncompressedSize != 0 ? uncompressedSize : padded)
                    : uncompressedSize;
            if (compression == Compression.NONE && size > padded) {
                throw entry.fail(56, "uncompressed size " + size + " exceeds the payload size " + padded);
            }
            ByteReader storedBytes = entry.subAt(headerSize, compression == Compression.NONE ? size : stored);
            if (compression != Compression.NONE) {
                scanner.decompressor().checkDeclared(storedBytes, size, "fatbin entry");
            }
            String options = optionsOffset != 0 ? text(entry, optionsOffset, headerSize) : null;
            String name = nameOffset != 0 && nameLength != 0 ? stringAt(entry, nameOffset, nameLength, headerSize) : null;
            ImageFormat format = kind == KIND_PTX ? ImageFormat.PTX : kind == KIND_ELF ? ImageFormat.CUBIN : ImageFormat.OTHER;
            NvidiaTarget target = arch >= 10 && arch <= 999 ? NvidiaTarget.fromSmNumber((int) arch,
                    (flags & FLAG_ARCH_SPECIFIC) != 0 ? NvidiaTarget.Variant.ARCH_SPECIFIC : NvidiaTarget.Variant.PLAIN) : null;
            String path = containerPath + " / entry " + (images.size() + 1)
                    + (format == ImageFormat.OTHER ? " (kind " + kind + ")" : "");
            Origin origin = origin(payload, storedBytes.base(), fileOffset, path);
            DeviceImage.Payload read = compression == Compression.NONE ? storedBytes::buffer
                    : () -> scanner.decompressor().decompress(storedBytes, compression, size, "fatbin entry");
            images.add(new DeviceImage(format, target, format == ImageFormat.PTX ? major + "." + minor : null,
                    stored, size, compression, (flags & FLAG_DEBUG) != 0, origin, options, name, null, read,
                    scanner::kernels));
        }
        return images;
    }

    private static Origin origin(ByteReader section, long offset, long fileOffset, String path) {
        return new Origin(section.file(), section.section(), offset, fileOffset < 0 ? -1 : fileOffset + offset, path);
    }

    /** The ptxas options: {u32 offset, u32 length} at the options offset, relative to the entry. */
    private static String text(ByteReader entry, long optionsOffset, long headerSize) {
        if (optionsOffset + 8 > headerSize) {
            throw entry.fail(20, "options offset " + optionsOffset + " outside the entry header (" + headerSize + " bytes)");
        }
        ByteReader o = entry.at(optionsOffset);
        long off = o.u32();
        long len = o.u32();
        String s = stringAt(entry, off, len, headerSize);
        return s.isEmpty() ? null : s;
    }

    private static String stringAt(ByteReader entry, long offset, long length, long headerSize) {
        if (offset < 0 || length < 0 || offset > headerSize || length > headerSize - offset) {
            throw entry.fail(offset, "string of " + length + " bytes at entry offset " + offset
                    + " outside the entry header (" + headerSize + " bytes)");
        }
        byte[] b = entry.at(offset).bytes(length);
        int n = b.length;
        while (n > 0 && (b[n - 1] == 0 || b[n - 1] == ' ')) {
            n--;
        }
        int s = 0;
        while (s < n && b[s] == ' ') {
            s++;
        }
        return new String(b, s, n - s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
