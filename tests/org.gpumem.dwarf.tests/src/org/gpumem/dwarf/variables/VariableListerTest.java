package org.gpumem.dwarf.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.DwarfFixtures;
import org.gpumem.dwarf.info.GoldenDumps;
import org.gpumem.dwarf.info.GoldenDumps.DumpedVariable;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class VariableListerTest {

    static List<Path> fixtures() {
        return DwarfFixtures.elfFilesWithDumps();
    }

    /** The listing has exactly the variables and parameters llvm-dwarfdump shows, with their names, lines, types and classes. */
    @ParameterizedTest
    @MethodSource("fixtures")
    void listsWhatLlvmDwarfdumpShows(Path file) throws Exception {
        List<DumpedVariable> expected = new ArrayList<>();
        for (DumpedVariable d : GoldenDumps.variables(file)) {
            if (!"DW_TAG_subroutine_type".equals(d.parentTag())) {
                expected.add(d);
            }
        }
        Map<Long, DwarfVariable> ours = new HashMap<>();
        for (DwarfVariable v : new VariableLister(DwarfFile.open(file)).list()) {
            ours.put(v.dieOffset(), v);
        }
        assertEquals(expected.size(), ours.size(), file + ": variables and parameters");
        for (DumpedVariable d : expected) {
            DwarfVariable v = ours.get(d.offset());
            assertNotNull(v, file + ": no variable at 0x" + Long.toHexString(d.offset()));
            String where = file.getFileName() + " 0x" + Long.toHexString(d.offset());
            assertEquals(d.tag().equals("DW_TAG_formal_parameter"), v.parameter(), where);
            assertEquals(d.name() == null ? null : d.name().replace("\"", ""), v.name(), where);
            assertEquals(d.declLine() == null ? 0 : Long.parseLong(d.declLine()), v.declLine(), where);
            if (d.declFile() != null) {
                assertEquals(d.declFile(), v.declFile(), where + " decl file");
            }
            if (d.type() != null && d.type().contains("\"") && !d.type().contains("(") && !d.type().contains("::")) {
                String t = d.type().substring(d.type().indexOf('"') + 1, d.type().lastIndexOf('"'));
                assertEquals(t.replace(" ", ""), v.type().replace(" ", ""), where + " type");
            }
            if (d.addressClass() != null) {
                assertEquals("DW_AT_address_class", v.spaceSource(), where);
                assertEquals(Long.decode(d.addressClass()), v.space().id(), where);
            }
        }
    }

    /** Spaces follow from the source: __shared__ / local is LDS, per-thread arrays are private, and so on. */
    @ParameterizedTest
    @CsvSource({
        "cuda/spaces.sm_75.cubin, deviceTable, global",
        "cuda/spaces.sm_90.cubin, deviceTable, global",
        "cuda/spaces.sm_90.cubin, deviceCounter, global",
        "cuda/spaces.sm_90.cubin, constScale, const",
        "cuda/spaces.sm_90.cubin, tile, shared",
        "cuda/spaces.sm_90.cubin, perThread, local",
        "cuda/spaces.sm_90.cubin, out, param",
        "cuda/spaces.sm_90.ptx, tile, shared",
        "cuda/spaces.sm_90.ptx, perThread, local",
        "cuda/spaces.sm_75.ptx, constScale, const",
        "amdgpu/spaces.cl.clang19.o, tile, local",
        "amdgpu/spaces.cl.clang19.o, perThread, private_lane",
        "amdgpu/spaces.cl.clang22.o, perThread, private_lane",
        "amdgpu/spaces.hip.clang19.co, tile, local",
    })
    void spacesFollowTheSource(String file, String name, String space) throws Exception {
        DwarfVariable v = find(list(DwarfFixtures.root().resolve(file)), name);
        assertNotNull(v.space(), file + " " + name);
        assertEquals(space, v.space().name(), file + " " + name);
    }

    @Test
    void ptxListsTheSameVariablesAsTheCubin() throws Exception {
        for (String sm : new String[] {"sm_75", "sm_90"}) {
            List<DwarfVariable> cubin = list(DwarfFixtures.root().resolve("cuda/spaces." + sm + ".cubin"));
            List<DwarfVariable> ptx = list(DwarfFixtures.root().resolve("cuda/spaces." + sm + ".ptx"));
            assertEquals(cubin.size(), ptx.size(), sm);
            for (int i = 0; i < cubin.size(); i++) {
                DwarfVariable c = cubin.get(i);
                DwarfVariable p = ptx.get(i);
                assertEquals(c.dieOffset(), p.dieOffset(), sm);
                assertEquals(c.name(), p.name(), sm);
                assertEquals(c.function(), p.function(), sm);
                assertEquals(c.type(), p.type(), sm);
                assertEquals(c.declFile(), p.declFile(), sm + " " + c.name());
                assertEquals(c.declLine(), p.declLine(), sm);
                assertEquals(c.space(), p.space(), sm + " " + c.name());
                assertEquals(c.location().kind(), p.location().kind(), sm + " " + c.name());
            }
        }
    }

    /**
     * PTX has no .debug_line; its DW_AT_decl_file values number the {@code .file} directives.
     * The PTX listing must name the files llvm-dwarfdump names for the cubin built from the same
     * source (the DIE offsets of PTX and cubin coincide).
     */
    @Test
    void ptxDeclarationsNameTheFilesLlvmDwarfdumpShowsForTheCubin() throws Exception {
        for (String sm : new String[] {"sm_75", "sm_90"}) {
            Map<Long, DwarfVariable> ptx = new HashMap<>();
            for (DwarfVariable v : list(DwarfFixtures.root().resolve("cuda/spaces." + sm + ".ptx"))) {
                ptx.put(v.dieOffset(), v);
            }
            int named = 0;
            for (DumpedVariable d : GoldenDumps.variables(DwarfFixtures.root().resolve("cuda/spaces." + sm + ".cubin"))) {
                if (d.declFile() == null || "DW_TAG_subroutine_type".equals(d.parentTag())) {
                    continue;
                }
                DwarfVariable v = ptx.get(d.offset());
                String where = sm + " 0x" + Long.toHexString(d.offset());
                assertNotNull(v, where);
                assertEquals(d.declFile() + ":" + d.declLine(), v.declFile() + ":" + v.declLine(), where);
                named++;
            }
            assertTrue(named > 0, sm + ": the golden dump names no declaration files");
        }
    }

    @Test
    void unplacedPtxSymbolsStaySymbolic() throws Exception {
        DwarfVariable tile = find(list(DwarfFixtures.root().resolve("cuda/spaces.sm_90.ptx")), "tile");
        assertEquals(null, tile.location().address());
        assertTrue(tile.location().symbols().get(0).startsWith("_ZZ12spacesKernelPfPKfiE4tile"), tile.location().symbols().toString());
        DwarfFile placed = new DwarfFile(PtxDebugSections.read(DwarfFixtures.root().resolve("cuda/spaces.sm_90.ptx")),
                SymbolLayout.of(Map.of("_ZZ12spacesKernelPfPKfiE4tile", 0x40L)));
        DwarfVariable placedTile = find(new VariableLister(placed).list(), "tile");
        assertEquals(0x40L, placedTile.location().address());
    }

    static List<DwarfVariable> list(Path file) throws Exception {
        DwarfFile d = file.toString().endsWith(".ptx") ? new DwarfFile(PtxDebugSections.read(file), SymbolLayout.NONE)
                : DwarfFile.open(file);
        return new VariableLister(d).list();
    }

    static DwarfVariable find(List<DwarfVariable> vars, String name) {
        for (DwarfVariable v : vars) {
            if (name.equals(v.name())) {
                return v;
            }
        }
        throw new AssertionError("no variable " + name);
    }
}
