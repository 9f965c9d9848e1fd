package org.gpumem.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Whether gpumem's runtime can serve a program: it must load {@code libcudart.so.13}
 * dynamically. nvcc links the CUDA runtime statically by default; such a program carries its
 * own runtime, which no library path can replace.
 */
public final class ProgramCheck {
    private static final long SHT_DYNAMIC = 6;
    private static final long DT_NEEDED = 1;

    private ProgramCheck() {
    }

    /**
     * Refuses ELF executables with CUDA device code that do not load gpumem's libcudart.so.13.
     * Other programs pass: scripts, and programs without device code that may start CUDA
     * programs or load the runtime themselves.
     *
     * @throws HostProgramException with one line naming the program and what to do
     */
    public static void check(Path program) throws HostProgramException {
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new HostProgramException(program + " is not an executable file");
        }
        if (!isElf(program)) {
            return;
        }
        List<String> needed;
        boolean deviceCode;
        try {
            ElfFile elf = ElfFile.open(program);
            needed = neededLibraries(elf);
            deviceCode = elf.section(".nv_fatbin") != null || elf.section("__nv_relfatbin") != null;
        } catch (IOException | InputFormatException e) {
            return; // the system's loader will say what is wrong with it
        }
        if (needed.contains(RuntimeLibrary.FILE_NAME)) {
            return;
        }
        for (String library : needed) {
            if (library.startsWith("libcudart.so.")) {
                throw new HostProgramException(program + " needs " + library + ", gpumem provides the CUDA 13 runtime "
                        + RuntimeLibrary.FILE_NAME + ": rebuild it with nvcc 13 -cudart shared");
            }
        }
        if (deviceCode) {
            throw new HostProgramException(program + " is linked with the static CUDA runtime (nvcc's default), which "
                    + "gpumem cannot replace: rebuild it with nvcc -cudart shared");
        }
    }

    /**
     * Whether {@code file} is an executable ELF file with CUDA device code: a program to offer
     * to run on the simulator (whether its runtime can be replaced is {@link #check}'s
     * question). Reads the ELF headers only; unreadable or malformed files are not programs.
     */
    public static boolean isCudaProgram(Path file) {
        try {
            if (!Files.isRegularFile(file) || !Files.isExecutable(file) || !isElf(file)) {
                return false;
            }
            ElfFile elf = ElfFile.open(file);
            return elf.section(".nv_fatbin") != null || elf.section("__nv_relfatbin") != null;
        } catch (HostProgramException | IOException | InputFormatException e) {
            return false;
        }
    }

    private static boolean isElf(Path program) throws HostProgramException {
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(program)) {
            return in.readNBytes(magic, 0, 4) == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
        } catch (IOException e) {
            throw new HostProgramException(InputFiles.userMessage(e));
        }
    }

    /** The DT_NEEDED entries of the dynamic section: the shared libraries the program loads. */
    static List<String> neededLibraries(ElfFile elf) {
        List<String> needed = new ArrayList<>();
        for (ElfSection s : elf.sections()) {
            if (s.type() != SHT_DYNAMIC || s.link() <= 0 || s.link() >= elf.sections().size()) {
                continue;
            }
            ByteReader entries = elf.reader(s);
            ByteReader names = elf.reader(elf.section((int) s.link()));
            int entrySize = elf.is64() ? 16 : 8;
            for (long at = 0; at + entrySize <= entries.size(); at += entrySize) {
                entries.seek(at);
                long tag = elf.is64() ? entries.u64() : entries.u32();
                long value = elf.is64() ? entries.u64() : entries.u32();
                if (tag == DT_NEEDED) {
                    needed.add(names.cstringAt(value));
                }
            }
        }
        return needed;
    }
}
