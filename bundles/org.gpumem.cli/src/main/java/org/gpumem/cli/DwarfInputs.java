package org.gpumem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ElfDebugSections;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.ptx.PtxDebugSections;

/** Opens the DWARF of a file given on the command line: an ELF file, or else PTX text from nvcc -G. */
final class DwarfInputs {
    private static final String EXPECTED = "an ELF file with DWARF or PTX text written by nvcc -G";

    private DwarfInputs() {
    }

    static DwarfFile open(Path file) throws IOException {
        InputFiles.requireReadableFile(file, EXPECTED);
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 4);
        } catch (IOException e) {
            throw InputFiles.failure(file, e);
        }
        if (n == 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
            return new DwarfFile(new ElfDebugSections(ElfFile.open(file)));
        }
        // PTX symbols (labels, parameters, local depots) have no addresses until something loads
        // the module; their values stay symbolic.
        PtxDebugSections ptx = PtxDebugSections.assemble(file.getFileName().toString(),
                InputFiles.readUtf8(file, "an ELF file (it does not start with 0x7f 'ELF') or PTX text written by nvcc -G"));
        if (ptx.section(DwarfFile.DEBUG_INFO) == null) {
            throw new InputFormatException(file.toString(), null, 0,
                    "neither an ELF file nor PTX with DWARF sections (as nvcc -G writes them)");
        }
        return new DwarfFile(ptx, SymbolLayout.NONE);
    }
}
