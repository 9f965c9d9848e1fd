package org.gpumem.dwarf.info;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfRelocation;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.elf.ElfSymbol;
import org.gpumem.dwarf.io.ByteReader;

/**
 * The debug sections of an ELF file, with the relocations of their {@code .rela.debug_*} and
 * {@code .rel.debug_*} sections. Relocation types are mapped to a width per machine
 * ({@link #relocationSize}); types that do not store an absolute value (PC-relative, TLS
 * offsets of other kinds...) are not applied, which is what they mean for debug sections.
 */
public final class ElfDebugSections implements DebugSections {
    private final ElfFile elf;
    private final Map<String, Long> symbolValues = new HashMap<>();

    public ElfDebugSections(ElfFile elf) {
        this.elf = elf;
        for (ElfSymbol s : elf.symbols()) {
            if (s.sectionIndex() != 0) {
                symbolValues.putIfAbsent(elf.symbolName(s), s.value());
            }
        }
    }

    public ElfFile elf() {
        return elf;
    }

    @Override
    public String fileName() {
        return elf.fileName();
    }

    @Override
    public ByteOrder order() {
        return elf.order();
    }

    private List<ElfSection> pieces(String name) {
        List<ElfSection> out = new ArrayList<>(1);
        for (ElfSection s : elf.sections(name)) {
            if (s.type() != ElfSection.SHT_NOBITS) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The section's bytes; where a relocatable object has several sections of the name (type
     * units in COMDAT groups), their concatenation in section order, as a linker would lay them out.
     */
    @Override
    public ByteBuffer section(String name) {
        List<ElfSection> pieces = pieces(name);
        if (pieces.isEmpty()) {
            return null;
        }
        if (pieces.size() == 1) {
            return elf.data(pieces.get(0));
        }
        long total = 0;
        for (ElfSection p : pieces) {
            total += elf.data(p).remaining();
        }
        if (total > Integer.MAX_VALUE - 64) {
            throw new org.gpumem.dwarf.io.InputFormatException(elf.fileName(), name, 0, "sections " + name + " together exceed 2 GiB");
        }
        ByteBuffer all = ByteBuffer.allocate((int) total).order(elf.order());
        for (ElfSection p : pieces) {
            all.put(elf.data(p));
        }
        return all.flip();
    }

    @Override
    public List<Relocation> relocations(String name) {
        List<Relocation> out = new ArrayList<>();
        long base = 0;
        for (ElfSection target : pieces(name)) {
            relocations(target, base, out);
            base += elf.data(target).remaining();
        }
        return out;
    }

    private void relocations(ElfSection target, long base, List<Relocation> out) {
        for (ElfSection rs : elf.relocationSectionsFor(target)) {
            List<ElfSymbol> symbols = elf.symbolsFor(rs);
            ByteReader inPlace = rs.type() == ElfSection.SHT_REL ? elf.reader(target) : null;
            long targetSize = elf.data(target).remaining();
            List<ElfRelocation> entries = elf.relocations(rs);
            long entrySize = entries.isEmpty() ? 0 : rs.size() / entries.size();
            for (int k = 0; k < entries.size(); k++) {
                ElfRelocation r = entries.get(k);
                int size = relocationSize(elf.machine(), r.type());
                int pcSize = size == 0 ? pcRelativeSize(elf.machine(), r.type()) : 0;
                if (size == 0 && pcSize == 0) {
                    continue;
                }
                boolean pcRelative = pcSize != 0;
                size = Math.max(size, pcSize);
                if (r.offset() < 0 || r.offset() > targetSize - size) {
                    throw elf.reader(rs).fail(k * entrySize, "relocation at 0x" + Long.toHexString(r.offset()) + " of " + size
                            + " bytes outside " + target.name() + " (size 0x" + Long.toHexString(targetSize) + ")");
                }
                if (r.symbolIndex() < 0 || r.symbolIndex() >= symbols.size()) {
                    throw elf.reader(rs).fail(0, "relocation at 0x" + Long.toHexString(r.offset())
                            + " names symbol " + r.symbolIndex() + " of " + symbols.size());
                }
                ElfSymbol sym = symbols.get(r.symbolIndex());
                long addend = r.addend();
                if (inPlace != null) {
                    addend = inPlace.seek(0).skip(r.offset()).unsigned(size);
                }
                String symName = r.symbolIndex() == 0 ? "" : elf.symbolName(sym);
                out.add(new Relocation(base + r.offset(), size, symName, addend, pcRelative));
            }
        }
    }

    @Override
    public SymbolLayout definedSymbols() {
        return SymbolLayout.of(symbolValues);
    }

    @Override
    public int machine() {
        return elf.machine();
    }

    @Override
    public long sectionAddress(String name) {
        List<ElfSection> p = pieces(name);
        return p.isEmpty() ? 0 : p.get(0).address();
    }

    /** Width of a PC-relative data relocation (as .eh_frame pointers use), or 0. */
    public static int pcRelativeSize(int machine, int type) {
        switch (machine) {
            case ElfFile.EM_X86_64:
                return type == 2 /* R_X86_64_PC32 */ ? 4 : type == 24 /* R_X86_64_PC64 */ ? 8 : 0;
            case ElfFile.EM_386:
                return type == 2 /* R_386_PC32 */ ? 4 : 0;
            case ElfFile.EM_AARCH64:
                return type == 261 /* R_AARCH64_PREL32 */ ? 4 : type == 260 /* R_AARCH64_PREL64 */ ? 8 : 0;
            case ElfFile.EM_PPC:
                return type == 26 /* R_PPC_REL32 */ ? 4 : 0;
            case ElfFile.EM_PPC64:
                return type == 26 /* R_PPC64_REL32 */ ? 4 : type == 44 /* R_PPC64_REL64 */ ? 8 : 0;
            default:
                return 0;
        }
    }

    /**
     * Width in bytes of the absolute value a relocation type stores, or 0 for types that are not
     * absolute data relocations (not applied to debug sections).
     */
    public static int relocationSize(int machine, int type) {
        switch (machine) {
            case ElfFile.EM_X86_64:
                return switch (type) {
                    case 1 /* R_X86_64_64 */ -> 8;
                    case 10, 11 /* R_X86_64_32, _32S */ -> 4;
                    case 17 /* R_X86_64_DTPOFF64 */ -> 8;
                    case 21 /* R_X86_64_DTPOFF32 */ -> 4;
                    default -> 0;
                };
            case ElfFile.EM_386:
                return type == 1 /* R_386_32 */ ? 4 : 0;
            case ElfFile.EM_PPC:
                return type == 1 /* R_PPC_ADDR32 */ ? 4 : 0;
            case ElfFile.EM_PPC64:
                return switch (type) {
                    case 38 /* R_PPC64_ADDR64 */ -> 8;
                    case 1 /* R_PPC64_ADDR32 */ -> 4;
                    default -> 0;
                };
            case ElfFile.EM_AARCH64:
                return switch (type) {
                    case 257 /* R_AARCH64_ABS64 */ -> 8;
                    case 258 /* R_AARCH64_ABS32 */ -> 4;
                    default -> 0;
                };
            case ElfFile.EM_AMDGPU:
                return switch (type) {
                    case 3 /* R_AMDGPU_ABS64 */ -> 8;
                    case 1, 6 /* R_AMDGPU_ABS32_LO, R_AMDGPU_ABS32 */ -> 4;
                    default -> 0;
                };
            case ElfFile.EM_CUDA:
                // R_CUDA_32 1, R_CUDA_64 2, R_CUDA_G32 3, R_CUDA_G64 4 (cuda-gdb's cudadebugger
                // headers); nvcc 13 uses 2 for addresses in .debug_* and 4 for __constant__ ones.
                return switch (type) {
                    case 1, 3 -> 4;
                    case 2, 4 -> 8;
                    default -> 0;
                };
            default:
                return 0;
        }
    }
}
