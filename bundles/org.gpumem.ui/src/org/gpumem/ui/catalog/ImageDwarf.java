package org.gpumem.ui.catalog;

import java.util.List;

import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.variables.DwarfVariable;
import org.gpumem.dwarf.variables.VariableLister;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.DwarfOpener;

/** The DWARF variables of one device image of a catalog (an ELF code object, or PTX from nvcc -G). */
final class ImageDwarf {

    private ImageDwarf() {
    }

    /**
     * @throws InputFormatException when the image carries no DWARF or its DWARF is malformed
     */
    static List<DwarfVariable> variables(DeviceImage image) {
        return new VariableLister(DwarfOpener.open(image)).list();
    }
}
