package org.gpumem.images;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Finds device code stored in host sections that are not made for it ({@code .ldata},
 * {@code .rodata}, {@code .data}...): CUDA fatbins (cuFFT keeps ~26,000 single-entry ones in
 * {@code .ldata}, CUPTI some in {@code .rodata}), clang offload bundles, and plain cubins or AMDGPU
 * code objects (the HSA runtime embeds its blit kernels that way). Every candidate magic is
 * validated before it counts: a fatbin by its header and first entry ({@link FatbinParser#probe}),
 * a bundle by its entry table, an ELF by a consistent header, section and program header tables
 * that fit, e_machine EM_CUDA or EM_AMDGPU, and by parsing. Bytes that only look like a magic are
 * skipped silently: they are host data. The section is read in chunks through the catalog's
 * {@link FileWindow}, so scanning does not keep the file's pages in memory.
 */
final class EmbeddedScanner {
    private static final int MIN_CHUNK = 4 << 10;
    private static final int MAX_CHUNK = 4 << 20;
    /** Bytes a candidate needs in the chunk to be tested there; the chunks overlap by this much. */
    private static final int OVERLAP = 64;
    private static final int ELF64_HEADER = 64;
    private static final int ELF64_SECTION_HEADER = 64;
    private static final int ELF64_PROGRAM_HEADER = 56;
    private static final int SHT_NOBITS = 8;
    private static final int MAX_SECTIONS = 1 << 16;

    private final FatbinParser fatbins;
    private final OffloadBundleParser bundles;
    private final ImageScanner scanner;

    EmbeddedScanner(FatbinParser fatbins, OffloadBundleParser bundles, ImageScanner scanner) {
        this.fatbins = fatbins;
        this.bundles = bundles;
        this.scanner = scanner;
    }

    /**
     * The containers and plain images found in {@code r}, in offset order. The bytes are read in
     * windows that start small after each find (containers often follow each other closely) and
     * double while nothing is found, so dense regions cost about one small read per container
     * and the bytes inside containers are not scanned.
     */
    List<Container> scan(Region r) {
        List<Container> found = new ArrayList<>();
        int want = MIN_CHUNK;
        long p = 0;
        byte[] copy = null;
        while (p < r.size()) {
            int n = (int) Math.min(want, r.size() - p);
            ByteBuffer window = r.headers(p, n).buffer();
            byte[] chunk;
            int base;
            if (window.hasArray()) {
                chunk = window.array();
                base = window.arrayOffset();
            } else {
                if (copy == null || copy.length < n) {
                    copy = new byte[Math.max(n, MAX_CHUNK)];
                }
                window.get(0, copy, 0, n);
                chunk = copy;
                base = 0;
            }
            boolean last = p + n == r.size();
            int limit = last ? n : Math.max(1, n - OVERLAP);
            long next = p + limit;
            want = Math.min(2 * want, MAX_CHUNK);
            for (int i = 0; i < limit; i++) {
                byte b = chunk[base + i];
                if (b != 0x50 && b != 0x7f && b != '_') {
                    continue;
                }
                long at = p + i;
                Container c;
                try {
                    c = candidate(r, chunk, base + i, base + n, at, found.size() + 1);
                } catch (InputFormatException e) {
                    c = null; // a magic whose headers do not hold together: host data
                }
                if (c != null) {
                    found.add(c);
                    next = at + Math.max(1, c.size());
                    want = MIN_CHUNK;
                    break;
                }
            }
            p = next;
        }
        return found;
    }

    private Container candidate(Region r, byte[] chunk, int i, int n, long at, int index) {
        if (n - i < 4) {
            return null;
        }
        if (chunk[i] == 0x50 && (chunk[i + 1] & 0xff) == 0xed && chunk[i + 2] == 0x55 && (chunk[i + 3] & 0xff) == 0xba) {
            return fatbins.probe(r, at, "fatbin " + index);
        }
        if (chunk[i] == 0x7f && chunk[i + 1] == 'E' && chunk[i + 2] == 'L' && chunk[i + 3] == 'F') {
            return elf(r, at, "embedded image " + index);
        }
        if (chunk[i] == '_' && OffloadBundleParser.startsWith(ByteBuffer.wrap(chunk, 0, n), i, OffloadBundleParser.MAGIC)) {
            return bundles.probe(r, at, "bundle " + index);
        }
        return null;
    }

    /**
     * A plain ELF cubin or code object at {@code at}, or null when the headers say the bytes are
     * not one; an InputFormatException when they do not parse.
     */
    private Container elf(Region r, long at, String path) {
        long left = r.size() - at;
        long extent = elfExtent(r, at, left);
        if (extent <= 0) {
            return null;
        }
        ByteReader bytes = r.slice(at, extent);
        Origin origin = new Origin(r.file(), r.section(), at, r.fileOffsetOf(at), path);
        // An ELF that does not parse throws: scan() reads that as host data.
        ElfFile elf = ElfFile.parse(ImageScanner.imageName(origin), bytes.buffer());
        boolean cuda = elf.machine() == ElfFile.EM_CUDA;
        DeviceImage image;
        try {
            image = new DeviceImage(cuda ? ImageFormat.CUBIN : ImageFormat.AMDGPU_CODE_OBJECT,
                    cuda ? ImageScanner.cubinTarget(elf) : ImageScanner.amdgpuTarget(elf), null, extent, extent,
                    Compression.NONE, ImageScanner.hasDwarf(elf), origin, null, null, null, null, bytes::buffer,
                    scanner::kernels, null);
        } catch (InputFormatException e) {
            image = new DeviceImage(cuda ? ImageFormat.CUBIN : ImageFormat.AMDGPU_CODE_OBJECT, null, null, extent, extent,
                    Compression.NONE, false, origin, null, null, null, null, bytes::buffer, scanner::kernels, e);
        }
        List<DeviceImage> one = List.of(image);
        return new Container(Container.Kind.EMBEDDED_IMAGE, origin, extent, null, Compression.NONE, () -> one);
    }

    /**
     * The size of the little-endian ELF64 file at {@code at} for EM_CUDA or EM_AMDGPU, from the
     * ends of its header tables, sections and segments; 0 when the header is not such a file or
     * a table does not fit in {@code left} bytes.
     */
    private static long elfExtent(Region r, long at, long left) {
        if (left < ELF64_HEADER) {
            return 0;
        }
        ByteBuffer h = r.headers(at, ELF64_HEADER).buffer().order(ByteOrder.LITTLE_ENDIAN);
        int machine = h.getShort(18) & 0xffff;
        if (h.get(4) != 2 || h.get(5) != 1 || h.get(6) != 1 || h.getInt(20) != 1
                || (machine != ElfFile.EM_CUDA && machine != ElfFile.EM_AMDGPU) || (h.getShort(52) & 0xffff) != ELF64_HEADER) {
            return 0;
        }
        long phoff = h.getLong(32);
        long shoff = h.getLong(40);
        int phentsize = h.getShort(54) & 0xffff;
        int phnum = h.getShort(56) & 0xffff;
        int shentsize = h.getShort(58) & 0xffff;
        int shnum = h.getShort(60) & 0xffff;
        long extent = ELF64_HEADER;
        if (shnum > 0) {
            if (shentsize != ELF64_SECTION_HEADER || shnum > MAX_SECTIONS || shoff < ELF64_HEADER || shoff > left
                    || (long) shnum * shentsize > left - shoff) {
                return 0;
            }
            ByteBuffer t = r.headers(at + shoff, (long) shnum * shentsize).buffer().order(ByteOrder.LITTLE_ENDIAN);
            for (int s = 0; s < shnum; s++) {
                int base = s * shentsize;
                long offset = t.getLong(base + 24);
                long size = t.getLong(base + 32);
                if (t.getInt(base + 4) == SHT_NOBITS || t.getInt(base + 4) == 0) {
                    continue;
                }
                if (offset < 0 || size < 0 || offset > left || size > left - offset) {
                    return 0;
                }
                extent = Math.max(extent, offset + size);
            }
            extent = Math.max(extent, shoff + (long) shnum * shentsize);
        }
        if (phnum > 0) {
            if (phentsize != ELF64_PROGRAM_HEADER || phoff < ELF64_HEADER || phoff > left
                    || (long) phnum * phentsize > left - phoff) {
                return 0;
            }
            ByteBuffer t = r.headers(at + phoff, (long) phnum * phentsize).buffer().order(ByteOrder.LITTLE_ENDIAN);
            for (int s = 0; s < phnum; s++) {
                long offset = t.getLong(s * phentsize + 8);
                long size = t.getLong(s * phentsize + 32);
                if (offset < 0 || size < 0 || offset > left || size > left - offset) {
                    return 0;
                }
                extent = Math.max(extent, offset + size);
            }
            extent = Math.max(extent, phoff + (long) phnum * phentsize);
        }
        return shnum == 0 && phnum == 0 ? 0 : extent;
    }
}
