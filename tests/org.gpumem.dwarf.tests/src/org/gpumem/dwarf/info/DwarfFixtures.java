package org.gpumem.dwarf.info;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gpumem.dwarf.elf.ElfFile;

/**
 * The ELF fixtures with DWARF that the fixture scripts made (tests/fixtures/cuda, amdgpu,
 * dwarf-forms), each with its committed golden files beside it ({@code FILE.dwarfdump.txt},
 * {@code FILE.readelf.txt}).
 */
public final class DwarfFixtures {
    private DwarfFixtures() {
    }

    public static Path root() {
        String p = System.getProperty("gpumem.fixtures");
        if (p == null) {
            throw new IllegalStateException("system property gpumem.fixtures is not set");
        }
        return Path.of(p);
    }

    /** ELF files that have an llvm-dwarfdump golden dump. */
    public static List<Path> elfFilesWithDumps() {
        try (Stream<Path> dirs = Stream.of("cuda", "amdgpu", "dwarf-forms").map(root()::resolve)) {
            return dirs.flatMap(DwarfFixtures::list)
                    .filter(p -> Files.exists(p.resolveSibling(p.getFileName() + ".dwarfdump.txt")))
                    .sorted().toList();
        }
    }

    /** Every ELF file of those folders (compressed variants included). */
    public static List<Path> elfFiles() {
        try (Stream<Path> dirs = Stream.of("cuda", "amdgpu", "dwarf-forms").map(root()::resolve)) {
            return dirs.flatMap(DwarfFixtures::list).filter(DwarfFixtures::isElf).sorted().toList();
        }
    }

    public static Path golden(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }

    private static Stream<Path> list(Path dir) {
        try {
            return Files.list(dir).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isElf(Path p) {
        if (!Files.isRegularFile(p)) {
            return false;
        }
        try (var in = Files.newInputStream(p)) {
            byte[] b = in.readNBytes(4);
            return b.length == 4 && b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F';
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The DWARF of {@code file} as llvm-dwarfdump sees it: relocated for the machines LLVM
     * knows, unrelocated for cubins (LLVM has no EM_CUDA relocation support and prints the
     * bytes in place).
     */
    public static DwarfFile asLlvmSeesIt(Path file) throws IOException {
        ElfFile elf = ElfFile.open(file);
        ElfDebugSections sections = new ElfDebugSections(elf);
        if (elf.machine() != ElfFile.EM_CUDA) {
            return new DwarfFile(sections);
        }
        return new DwarfFile(unrelocated(sections));
    }

    /** The same sections without their relocations. */
    public static DebugSections unrelocated(DebugSections s) {
        return new DebugSections() {
            @Override
            public String fileName() {
                return s.fileName();
            }

            @Override
            public ByteOrder order() {
                return s.order();
            }

            @Override
            public ByteBuffer section(String name) {
                return s.section(name);
            }

            @Override
            public List<Relocation> relocations(String name) {
                return List.of();
            }

            @Override
            public SymbolLayout definedSymbols() {
                return s.definedSymbols();
            }

            @Override
            public int machine() {
                return s.machine();
            }
        };
    }
}
