package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.elf.ElfSymbol;
import org.gpumem.dwarf.io.ByteReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The built library against what programs and NVIDIA's runtime expect of libcudart.so.13. */
class ExportedSymbolsTest {
    private static final Path NVIDIA = Path.of("/usr/local/cuda/lib64/libcudart.so.13");
    private static final long DT_SONAME = 14;

    /** Defined dynamic symbols, each as NAME@VERSION (the version node that defines it). */
    private static Set<String> exported(Path library) throws IOException {
        ElfFile elf = ElfFile.open(library);
        ElfSection dynsym = elf.sections().stream().filter(s -> s.type() == ElfSection.SHT_DYNSYM).findFirst().orElseThrow();
        List<ElfSymbol> symbols = elf.symbols(dynsym);
        ByteReader versym = elf.reader(elf.section(".gnu.version"));
        List<String> versions = versionNames(elf);
        Set<String> out = new TreeSet<>();
        for (ElfSymbol s : symbols) {
            if (s.sectionIndex() != 0 && !s.name().isEmpty()) {
                int index = versym.seek(2L * s.index()).u16() & 0x7fff;
                out.add(s.name() + "@" + (index < versions.size() ? versions.get(index) : "?"));
            }
        }
        return out;
    }

    /** Version definitions by index (.gnu.version_d): Elf_Verdef entries with their first Elf_Verdaux name. */
    private static List<String> versionNames(ElfFile elf) {
        ElfSection verdef = elf.section(".gnu.version_d");
        ByteReader r = elf.reader(verdef);
        ByteReader names = elf.reader(elf.section((int) verdef.link()));
        List<String> byIndex = new ArrayList<>();
        long at = 0;
        for (long i = 0; i < verdef.info(); i++) {
            r.seek(at + 4);
            int index = r.u16();
            r.seek(at + 12);
            long aux = r.u32();
            long next = r.u32();
            r.seek(at + aux);
            String name = names.cstringAt(r.u32());
            while (byIndex.size() <= index) {
                byIndex.add(null);
            }
            byIndex.set(index, name);
            at += next;
        }
        return byIndex;
    }

    private static String soname(Path library) throws IOException {
        ElfFile elf = ElfFile.open(library);
        ElfSection dynamic = elf.section(".dynamic");
        ByteReader r = elf.reader(dynamic);
        ByteReader names = elf.reader(elf.section((int) dynamic.link()));
        for (long at = 0; at + 16 <= r.size(); at += 16) {
            r.seek(at);
            long tag = r.u64();
            long value = r.u64();
            if (tag == DT_SONAME) {
                return names.cstringAt(value);
            }
        }
        return null;
    }

    @Test
    void theLibraryIsLibcudartSo13WithEverySymbolInThatVersionNode() throws IOException {
        assertEquals(RuntimeLibrary.FILE_NAME, soname(Fixtures.library()));
        Set<String> exported = exported(Fixtures.library());
        assertTrue(exported.size() > 400, exported.toString());
        for (String s : exported) {
            assertTrue(s.endsWith("@libcudart.so.13"), s);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"vector_add", "matrix_mul", "matrix_mul.G", "reduction", "convolution", "managed", "streams_events",
        "device_printf", "device_runtime", "kernel_fault", "unsupported_call"})
    void everyRuntimeSymbolAFixtureImportsIsExported(String fixture) throws IOException {
        Set<String> exported = exported(Fixtures.library());
        ElfFile program = ElfFile.open(Fixtures.program(fixture));
        assertTrue(ProgramCheck.neededLibraries(program).contains(RuntimeLibrary.FILE_NAME));
        ElfSection dynsym = program.sections().stream().filter(s -> s.type() == ElfSection.SHT_DYNSYM).findFirst().orElseThrow();
        int imports = 0;
        for (ElfSymbol s : program.symbols(dynsym)) {
            if (s.sectionIndex() == 0 && (s.name().startsWith("cuda") || s.name().startsWith("__cuda"))) {
                assertTrue(exported.contains(s.name() + "@libcudart.so.13"), fixture + " imports " + s.name());
                imports++;
            }
        }
        assertTrue(imports >= 10, fixture + " imports " + imports + " runtime symbols");
    }

    @Test
    void theLibraryExportsWhatNvidiasRuntimeExports() throws IOException {
        Assumptions.assumeTrue(Files.isRegularFile(NVIDIA), "NVIDIA's runtime is not installed at " + NVIDIA);
        assertEquals(exported(NVIDIA), exported(Fixtures.library()));
    }
}
