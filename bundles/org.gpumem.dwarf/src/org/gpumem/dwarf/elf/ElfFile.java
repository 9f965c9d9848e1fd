package org.gpumem.dwarf.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.gpumem.dwarf.io.BoundedDecompression;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.Codec;
import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * An ELF file: ELF32 or ELF64, either byte order, any object type (ET_REL, ET_EXEC, ET_DYN...).
 * The file is memory-mapped by {@link #open(Path)}; section contents are slices of the mapping,
 * except SHF_COMPRESSED sections, which are inflated (zlib or zstd) once, on first use, by
 * {@link BoundedDecompression} into one buffer of the size their compression header states,
 * after the data has shown that it can fill it; the file's {@link DecompressionBudget}
 * (default half the heap, at most 1 GiB) must cover that size. This class is safe to use from
 * several threads.
 */
public final class ElfFile {
    public static final int ET_REL = 1;
    public static final int ET_EXEC = 2;
    public static final int ET_DYN = 3;
    public static final int EM_386 = 3;
    public static final int EM_PPC = 20;
    public static final int EM_PPC64 = 21;
    public static final int EM_X86_64 = 62;
    public static final int EM_AARCH64 = 183;
    public static final int EM_CUDA = 190;
    public static final int EM_AMDGPU = 224;
    public static final int ELFCOMPRESS_ZLIB = 1;
    public static final int ELFCOMPRESS_ZSTD = 2;
    private static final long MAX_SECTION_SIZE = Integer.MAX_VALUE - 64;

    private final String fileName;
    private final DecompressionBudget budget;
    private final ByteBuffer image;
    private final boolean is64;
    private final ByteOrder order;
    private final int osAbi;
    private final int abiVersion;
    private final int type;
    private final int machine;
    private final long entry;
    private final long flags;
    private final List<ElfSection> sections;
    private final Map<String, ElfSection> byName = new HashMap<>();
    private final AtomicReferenceArray<ByteBuffer> contents;
    private final Object[] locks;
    private volatile List<ElfSymbol> symbols;
    private final Map<Integer, List<ElfSymbol>> symbolTables = new java.util.concurrent.ConcurrentHashMap<>();

    private ElfFile(String fileName, ByteBuffer data, DecompressionBudget budget) {
        this.fileName = fileName;
        this.budget = budget;
        ByteReader r = new ByteReader(fileName, null, data);
        this.image = r.buffer();
        if (r.remaining() < 16 || r.u8() != 0x7f || r.u8() != 'E' || r.u8() != 'L' || r.u8() != 'F') {
            throw new InputFormatException(fileName, null, 0, "not an ELF file");
        }
        int cls = r.u8();
        int enc = r.u8();
        if (cls != 1 && cls != 2) {
            throw r.fail(4, "bad ELF class " + cls);
        }
        if (enc != 1 && enc != 2) {
            throw r.fail(5, "bad ELF data encoding " + enc);
        }
        is64 = cls == 2;
        order = enc == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        r.order(order);
        r.u8();
        osAbi = r.u8();
        abiVersion = r.u8();
        r.seek(16);
        type = r.u16();
        machine = r.u16();
        r.u32();
        entry = word(r);
        word(r);
        long shoff = word(r);
        flags = r.u32();
        r.u16();
        r.u16();
        r.u16();
        int shentsize = r.u16();
        long shnum = r.u16();
        int shstrndx = r.u16();
        List<ElfSection> list = new ArrayList<>();
        if (shoff != 0) {
            int minEntry = is64 ? 64 : 40;
            if (shentsize < minEntry) {
                throw r.fail(is64 ? 58 : 46, "section header entry size " + shentsize + " < " + minEntry);
            }
            if (shoff < 0 || shoff > r.size()) {
                throw r.fail(is64 ? 40 : 32, "section header offset 0x" + Long.toHexString(shoff) + " outside file");
            }
            ByteReader first = r.at(shoff);
            long[] h0 = header(first);
            if (shnum == 0) {
                shnum = h0[5];
            }
            if (shstrndx == 0xffff) {
                shstrndx = (int) h0[6];
            }
            // With e_shnum 0 the count is section 0's sh_size, a full 64-bit word: compare by
            // division so that a huge count cannot wrap around to something that fits.
            if (shnum < 0 || shnum > (r.size() - shoff) / shentsize) {
                throw r.fail(shoff, Long.toUnsignedString(shnum) + " section headers of " + shentsize
                        + " bytes do not fit in the file (" + r.size() + " bytes, section headers at 0x"
                        + Long.toHexString(shoff) + ")");
            }
            long[][] raw = new long[(int) shnum][];
            for (int i = 0; i < shnum; i++) {
                raw[i] = header(r.at(shoff + (long) i * shentsize));
            }
            ByteReader names = null;
            if (shstrndx > 0 && shstrndx < shnum) {
                long[] s = raw[shstrndx];
                names = fileRange(r, s[4], s[5], "section name table");
            }
            for (int i = 0; i < shnum; i++) {
                long[] h = raw[i];
                String name = names != null ? names.cstringAt(h[0]) : "";
                ElfSection s = new ElfSection(i, name, h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9]);
                list.add(s);
                byName.putIfAbsent(name, s);
            }
        }
        sections = Collections.unmodifiableList(list);
        contents = new AtomicReferenceArray<>(list.size());
        locks = new Object[list.size()];
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new Object();
        }
    }

    private long word(ByteReader r) {
        return is64 ? r.u64() : r.u32();
    }

    /** name, type, flags, addr, offset, size, link, info, align, entsize */
    private long[] header(ByteReader r) {
        long[] h = new long[10];
        h[0] = r.u32();
        h[1] = r.u32();
        h[2] = word(r);
        h[3] = word(r);
        h[4] = word(r);
        h[5] = word(r);
        h[6] = r.u32();
        h[7] = r.u32();
        h[8] = word(r);
        h[9] = word(r);
        return h;
    }

    /** The bytes of a section; a header that places them outside the file is reported at the section's offset 0. */
    private ByteReader fileRange(ByteReader r, long offset, long size, String section) {
        if (offset < 0 || size < 0 || offset > r.size() || size > r.size() - offset) {
            throw new InputFormatException(fileName, section, 0, "section header places it at file offset 0x"
                    + Long.toHexString(offset) + " size 0x" + Long.toHexString(size) + ", past the end of the file (size 0x"
                    + Integer.toHexString(r.size()) + ")");
        }
        return r.subAt(offset, size);
    }

    /**
     * Memory-maps and parses the file at {@code path}, with a decompression budget of
     * {@link DecompressionBudget#defaultBytes()}; I/O errors are not format errors.
     */
    public static ElfFile open(Path path) throws IOException {
        return open(path, DecompressionBudget.ofDefault());
    }

    /** Memory-maps and parses the file at {@code path}; its compressed sections share {@code budget}. */
    public static ElfFile open(Path path, DecompressionBudget budget) throws IOException {
        InputFiles.requireReadableFile(path, "an ELF file");
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > MAX_SECTION_SIZE) {
                throw new InputFormatException(path.toString(), null, 0, "file larger than 2 GiB is not supported");
            }
            return new ElfFile(path.toString(), ch.map(FileChannel.MapMode.READ_ONLY, 0, size), budget);
        }
    }

    /** Parses an ELF image held in {@code data} (position to limit); the buffer is not copied. */
    public static ElfFile parse(String fileName, ByteBuffer data) {
        return parse(fileName, data, DecompressionBudget.ofDefault());
    }

    /** Parses an ELF image held in {@code data}; its compressed sections share {@code budget}. */
    public static ElfFile parse(String fileName, ByteBuffer data, DecompressionBudget budget) {
        return new ElfFile(fileName, data, budget);
    }

    public String fileName() {
        return fileName;
    }

    /** The budget this file's compressed sections are charged to. */
    public DecompressionBudget budget() {
        return budget;
    }

    public boolean is64() {
        return is64;
    }

    /** ELF class: 1 for ELF32, 2 for ELF64. */
    public int elfClass() {
        return is64 ? 2 : 1;
    }

    public ByteOrder order() {
        return order;
    }

    public int osAbi() {
        return osAbi;
    }

    public int abiVersion() {
        return abiVersion;
    }

    /** e_type: ET_REL, ET_EXEC, ET_DYN... */
    public int type() {
        return type;
    }

    /** e_machine: EM_X86_64, EM_CUDA, EM_AMDGPU... */
    public int machine() {
        return machine;
    }

    public long entry() {
        return entry;
    }

    /** e_flags (machine-specific: the SM architecture of a cubin, the gfx target of an AMDGPU code object). */
    public long flags() {
        return flags;
    }

    /** The whole file image. */
    public ByteBuffer image() {
        return image.duplicate().order(order);
    }

    public List<ElfSection> sections() {
        return sections;
    }

    public ElfSection section(int index) {
        if (index < 0 || index >= sections.size()) {
            throw new InputFormatException(fileName, null, 0, "section index " + index + " out of range (" + sections.size() + " sections)");
        }
        return sections.get(index);
    }

    /** All sections called {@code name}, in section header order (COMDAT groups repeat debug section names). */
    public List<ElfSection> sections(String name) {
        List<ElfSection> out = new ArrayList<>(1);
        for (ElfSection s : sections) {
            if (s.name().equals(name)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The first section called {@code name}, or null. */
    public ElfSection section(String name) {
        return byName.get(name);
    }

    /**
     * The section's contents in the file's byte order: a slice of the file, or the decompressed
     * bytes of an SHF_COMPRESSED section. SHT_NOBITS sections have no contents (empty buffer).
     */
    public ByteBuffer data(ElfSection s) {
        ByteBuffer b = contents.get(s.index());
        if (b == null) {
            synchronized (locks[s.index()]) {
                b = contents.get(s.index());
                if (b == null) {
                    b = load(s);
                    contents.set(s.index(), b);
                }
            }
        }
        return b.duplicate().order(order);
    }

    /** A reader over {@link #data(ElfSection)} whose errors name this file and section. */
    public ByteReader reader(ElfSection s) {
        return new ByteReader(fileName, s.name(), data(s));
    }

    private ByteBuffer load(ElfSection s) {
        if (s.type() == ElfSection.SHT_NOBITS || s.type() == ElfSection.SHT_NULL) {
            return ByteBuffer.allocate(0).order(order);
        }
        ByteReader raw = fileRange(new ByteReader(fileName, null, image), s.offset(), s.size(), s.name());
        ByteBuffer slice = raw.buffer().slice().order(order);
        if (!s.isCompressed()) {
            return slice;
        }
        ByteReader h = new ByteReader(fileName, s.name(), slice).order(order);
        int kind = (int) h.u32();
        long size;
        if (is64) {
            h.u32();
            size = h.u64();
            h.u64();
        } else {
            size = h.u32();
            h.u32();
        }
        Codec codec = switch (kind) {
            case ELFCOMPRESS_ZLIB -> Codec.ZLIB;
            case ELFCOMPRESS_ZSTD -> Codec.ZSTD;
            default -> throw h.fail(0, "unknown compression type " + kind);
        };
        ByteReader stored = h.sub(h.remaining());
        String what = "compressed section";
        budget.charge(stored, size, what);
        return BoundedDecompression.decompress(stored, codec, size, what).order(order);
    }

    /** Symbols of .symtab, or of .dynsym when there is no .symtab; empty when neither exists. */
    public List<ElfSymbol> symbols() {
        List<ElfSymbol> s = symbols;
        if (s == null) {
            ElfSection t = section(".symtab");
            if (t == null || t.type() != ElfSection.SHT_SYMTAB) {
                t = firstOfType(ElfSection.SHT_SYMTAB);
            }
            if (t == null) {
                t = firstOfType(ElfSection.SHT_DYNSYM);
            }
            s = t == null ? List.of() : symbols(t);
            symbols = s;
        }
        return s;
    }

    private ElfSection firstOfType(int t) {
        for (ElfSection s : sections) {
            if (s.type() == t) {
                return s;
            }
        }
        return null;
    }

    /** The symbols of one SHT_SYMTAB/SHT_DYNSYM section, names from its sh_link string table. */
    public List<ElfSymbol> symbols(ElfSection table) {
        return symbolTables.computeIfAbsent(table.index(), i -> readSymbols(table));
    }

    private List<ElfSymbol> readSymbols(ElfSection table) {
        ByteReader r = reader(table);
        ByteReader names = table.link() > 0 && table.link() < sections.size() ? reader(section((int) table.link())) : null;
        int entSize = is64 ? 24 : 16;
        int count = r.size() / entSize;
        List<ElfSymbol> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            r.seek((long) i * entSize);
            long nameOff;
            long value;
            long size;
            int info;
            int other;
            int shndx;
            nameOff = r.u32();
            if (is64) {
                info = r.u8();
                other = r.u8();
                shndx = r.u16();
                value = r.u64();
                size = r.u64();
            } else {
                value = r.u32();
                size = r.u32();
                info = r.u8();
                other = r.u8();
                shndx = r.u16();
            }
            String name = names != null && nameOff != 0 ? names.cstringAt(nameOff) : "";
            list.add(new ElfSymbol(i, name, value, size, info, other, shndx));
        }
        return Collections.unmodifiableList(list);
    }

    /** A symbol's name; a section symbol (STT_SECTION) is named after its section. */
    public String symbolName(ElfSymbol s) {
        if (s.name().isEmpty() && s.type() == ElfSymbol.STT_SECTION && s.sectionIndex() > 0 && s.sectionIndex() < sections.size()) {
            return sections.get(s.sectionIndex()).name();
        }
        return s.name();
    }

    /** The entries of a SHT_REL or SHT_RELA section. */
    public List<ElfRelocation> relocations(ElfSection relSection) {
        if (!relSection.isRelocation()) {
            throw new InputFormatException(fileName, relSection.name(), 0, "not a relocation section (type " + relSection.type() + ")");
        }
        boolean rela = relSection.type() == ElfSection.SHT_RELA;
        ByteReader r = reader(relSection);
        int entSize = (is64 ? 16 : 8) + (rela ? (is64 ? 8 : 4) : 0);
        int count = r.size() / entSize;
        List<ElfRelocation> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            r.seek((long) i * entSize);
            long offset = word(r);
            long info = word(r);
            long addend = rela ? (is64 ? r.u64() : r.s32()) : 0;
            int sym = (int) (is64 ? info >>> 32 : info >>> 8);
            int relType = (int) (is64 ? info & 0xffffffffL : info & 0xff);
            list.add(new ElfRelocation(offset, relType, sym, addend, rela));
        }
        return list;
    }

    /** The SHT_REL/SHT_RELA sections whose sh_info names {@code target}. */
    public List<ElfSection> relocationSectionsFor(ElfSection target) {
        List<ElfSection> list = new ArrayList<>(1);
        for (ElfSection s : sections) {
            if (s.isRelocation() && s.info() == target.index()) {
                list.add(s);
            }
        }
        return list;
    }

    /** The symbol table a relocation section refers to (its sh_link). */
    public List<ElfSymbol> symbolsFor(ElfSection relSection) {
        long link = relSection.link();
        if (link <= 0 || link >= sections.size()) {
            return symbols();
        }
        ElfSection t = sections.get((int) link);
        if (t.type() != ElfSection.SHT_SYMTAB && t.type() != ElfSection.SHT_DYNSYM) {
            throw new InputFormatException(fileName, relSection.name(), 0, "sh_link " + link + " is not a symbol table");
        }
        return symbols(t);
    }
}
