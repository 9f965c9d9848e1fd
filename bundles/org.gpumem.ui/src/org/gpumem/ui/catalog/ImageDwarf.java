package org.gpumem.ui.catalog;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ElfDebugSections;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.gpumem.dwarf.variables.Variable;
import org.gpumem.dwarf.variables.VariableLister;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.ImageFormat;

/** The DWARF variables of one device image of a catalog (an ELF code object, or PTX from nvcc -G). */
final class ImageDwarf {

    private ImageDwarf() {
    }

    /**
     * @throws InputFormatException when the image carries no DWARF or its DWARF is malformed
     */
    static List<Variable> variables(DeviceImage image) {
        String name = image.origin().describe() + " (" + image.suggestedFileName() + ")";
        ByteBuffer payload = image.payload();
        DwarfFile dwarf;
        if (image.format() == ImageFormat.PTX) {
            byte[] text = new byte[payload.remaining()];
            payload.get(text);
            PtxDebugSections ptx = PtxDebugSections.assemble(name, new String(text, StandardCharsets.UTF_8));
            if (ptx.section(DwarfFile.DEBUG_INFO) == null) {
                throw new InputFormatException(name, null, 0, "this PTX has no DWARF sections (compile with nvcc -G)");
            }
            dwarf = new DwarfFile(ptx, SymbolLayout.NONE);
        } else if (payload.remaining() >= 4 && payload.get(payload.position()) == 0x7f
                && payload.get(payload.position() + 1) == 'E') {
            dwarf = new DwarfFile(new ElfDebugSections(ElfFile.parse(name, payload)));
        } else {
            throw new InputFormatException(name, null, 0, image.format().displayName() + " images carry no DWARF");
        }
        return new VariableLister(dwarf).list();
    }
}
