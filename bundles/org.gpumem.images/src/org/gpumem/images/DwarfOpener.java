package org.gpumem.images;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ElfDebugSections;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.ptx.PtxDebugSections;

/**
 * The one way gpumem opens DWARF, for the command line, the views and the simulator: from an ELF
 * file of any kind (host executable, library or object, cubin, AMDGPU code object), from PTX text
 * that nvcc -G wrote, from one device image of a {@link Catalog}, and from a host file together
 * with every device image embedded in it that carries DWARF.
 * <p>
 * PTX symbols (labels, parameters, local depots) have no addresses until something loads the
 * module: without a {@link SymbolLayout} their values stay symbolic.
 */
public final class DwarfOpener {
    private static final String EXPECTED = "an ELF file with DWARF or PTX text written by nvcc -G";

    /**
     * One DWARF source of a file: the file's own DWARF ({@code image} null) or that of one
     * embedded device image. Exactly one of {@code dwarf} and {@code problem} is set.
     *
     * @param name        what to call the source in listings ({@code app}, {@code app [3] cubin sm_86})
     * @param image       the device image, or null for the file's own DWARF
     * @param imageNumber the image's number in its catalog (as {@code gpumem images} numbers them), 0 for the file
     * @param dwarf       the opened DWARF, or null when it could not be read
     * @param problem     why it could not be read, or null
     */
    public record Source(String name, DeviceImage image, int imageNumber, DwarfFile dwarf, InputFormatException problem) {
    }

    private DwarfOpener() {
    }

    /**
     * The file's own DWARF: an ELF file's sections, or the DWARF sections of PTX text.
     *
     * @throws InputFormatException when it is neither, or PTX without DWARF
     */
    public static DwarfFile open(Path file) throws IOException {
        return open(file, DecompressionBudget.ofDefault());
    }

    /** As {@link #open(Path)}, charging compressed debug sections to {@code budget}. */
    public static DwarfFile open(Path file, DecompressionBudget budget) throws IOException {
        InputFiles.requireReadableFile(file, EXPECTED);
        if (isElf(file)) {
            return new DwarfFile(new ElfDebugSections(ElfFile.open(file, budget)));
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

    /** The DWARF of PTX text held in memory, symbols placed by {@code layout} (the simulator's, or {@link SymbolLayout#NONE}). */
    public static DwarfFile openPtx(String name, String text, SymbolLayout layout) {
        PtxDebugSections ptx = PtxDebugSections.assemble(name, text);
        if (ptx.section(DwarfFile.DEBUG_INFO) == null) {
            throw new InputFormatException(name, null, 0, "this PTX has no DWARF sections (compile with nvcc -G)");
        }
        return new DwarfFile(ptx, layout);
    }

    /**
     * The DWARF of one device image: its ELF sections (cubin, code object) or its PTX's.
     *
     * @throws InputFormatException when the image carries no DWARF, or its bytes or DWARF are bad
     */
    public static DwarfFile open(DeviceImage image) {
        DwarfFile dwarf = openIfPresent(image, DecompressionBudget.ofDefault());
        if (dwarf == null) {
            throw new InputFormatException(imageName(image), null, 0, image.format() == ImageFormat.PTX
                    ? "this PTX has no DWARF sections (compile with nvcc -G)"
                    : "this " + image.format().displayName() + " has no .debug_info");
        }
        return dwarf;
    }

    private static String imageName(DeviceImage image) {
        return image.origin().describe() + " (" + image.suggestedFileName() + ")";
    }

    /** The image's DWARF, or null when it has none (fatbins flag link stubs as debug builds too). */
    private static DwarfFile openIfPresent(DeviceImage image, DecompressionBudget budget) {
        String name = imageName(image);
        ByteBuffer payload = image.payload();
        if (image.format() == ImageFormat.PTX) {
            // The text is a second copy of the payload, as large: charged to the file's budget as
            // the payload was, so that a PTX bomb within the budget cannot double past the heap.
            budget.charge(new ByteReader(name, null, payload), payload.remaining(), "its PTX, read as text,");
            PtxDebugSections ptx = PtxDebugSections.assemble(name, ImageScanner.text(payload));
            return ptx.section(DwarfFile.DEBUG_INFO) == null ? null : new DwarfFile(ptx, SymbolLayout.NONE);
        }
        if (payload.remaining() >= 4 && payload.get(payload.position()) == 0x7f && payload.get(payload.position() + 1) == 'E'
                && payload.get(payload.position() + 2) == 'L' && payload.get(payload.position() + 3) == 'F') {
            ElfFile elf = ElfFile.parse(name, payload, budget);
            return elf.section(DwarfFile.DEBUG_INFO) == null ? null : new DwarfFile(new ElfDebugSections(elf));
        }
        throw new InputFormatException(name, null, 0, image.format().displayName() + " images carry no DWARF");
    }

    /**
     * Every DWARF source of {@code file}: its own DWARF when it has any (an ELF file with
     * {@code .debug_info}, or PTX with DWARF), then each device image of its catalog that carries
     * DWARF, in catalog order. A source that cannot be read is listed with its problem. All of it
     * shares one decompression budget of {@code reader}'s size.
     */
    public static List<Source> openAll(Path file, CatalogReader reader) throws IOException {
        InputFiles.requireReadableFile(file, EXPECTED);
        List<Source> sources = new ArrayList<>();
        String name = file.toString();
        if (!isElf(file)) {
            sources.add(new Source(name, null, 0, open(file, new DecompressionBudget(reader.budgetBytes())), null));
            return sources;
        }
        DecompressionBudget budget = new DecompressionBudget(reader.budgetBytes());
        Catalog catalog = reader.read(file, budget);
        ElfFile elf = ElfFile.open(file, budget);
        boolean deviceFile = elf.machine() == ElfFile.EM_CUDA || elf.machine() == ElfFile.EM_AMDGPU;
        if (elf.section(DwarfFile.DEBUG_INFO) != null || deviceFile) {
            try {
                sources.add(new Source(name, null, 0, new DwarfFile(new ElfDebugSections(elf)), null));
            } catch (InputFormatException e) {
                sources.add(new Source(name, null, 0, null, e));
            }
        }
        if (deviceFile) {
            return sources;
        }
        for (DeviceImage image : catalog.images()) {
            if (!image.hasDebugInfo()) {
                continue;
            }
            int n = catalog.number(image);
            String source = name + " [" + n + "] " + image.describe();
            try {
                DwarfFile dwarf = openIfPresent(image, budget);
                if (dwarf != null) {
                    sources.add(new Source(source, image, n, dwarf, null));
                }
            } catch (InputFormatException e) {
                sources.add(new Source(source, image, n, null, e));
            }
        }
        return sources;
    }

    private static boolean isElf(Path file) throws IOException {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 4);
        } catch (IOException e) {
            throw InputFiles.failure(file, e);
        }
        return n == 4 && new String(head, StandardCharsets.ISO_8859_1).equals("\u007fELF");
    }
}
