package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.variables.DwarfVariable;
import org.gpumem.dwarf.variables.VariableLister;
import org.junit.jupiter.api.Test;

class DwarfOpenerTest {
    private static final Path ROOT = Fixtures.DIR.getParent();

    @Test
    void aHostExecutableGivesTheDwarfOfEachDebugImage() throws Exception {
        List<DwarfOpener.Source> sources = DwarfOpener.openAll(Fixtures.path("cuda_G"), new CatalogReader());
        // images 1 and 2 are nvcc's link stubs: flagged debug, no .debug_info
        assertEquals(List.of(3, 4, 5), sources.stream().map(DwarfOpener.Source::imageNumber).toList());
        for (DwarfOpener.Source s : sources) {
            assertNull(s.problem(), s.name());
            List<DwarfVariable> vars = new VariableLister(s.dwarf()).list();
            assertTrue(vars.stream().anyMatch(v -> "tile".equals(v.name())), s.name() + ": " + vars);
        }
        assertEquals(ImageFormat.PTX, sources.get(2).image().format());
    }

    @Test
    void filesImagesAndPtxTextOpenTheSameWay() throws Exception {
        DwarfFile cubin = DwarfOpener.open(ROOT.resolve("cuda/spaces.sm_90.cubin"));
        DwarfFile ptx = DwarfOpener.open(ROOT.resolve("cuda/spaces.sm_75.ptx"));
        assertEquals(new VariableLister(cubin).list().size(), new VariableLister(ptx).list().size());
        DeviceImage compressedPtx = Fixtures.read("cuda_G").images().get(4);
        assertEquals(Compression.ZSTD, compressedPtx.compression());
        assertTrue(new VariableLister(DwarfOpener.open(compressedPtx)).list().size() > 0);
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> DwarfOpener.openPtx("plain.ptx", ".version 9.0\n.target sm_80\n", SymbolLayout.NONE));
        assertEquals("plain.ptx: offset 0x0: this PTX has no DWARF sections (compile with nvcc -G)", e.getMessage());
        DeviceImage stub = Fixtures.read("cuda_G").images().get(0);
        e = assertThrows(InputFormatException.class, () -> DwarfOpener.open(stub));
        assertTrue(e.getMessage().endsWith("this cubin has no .debug_info"), e.getMessage());
    }
}
