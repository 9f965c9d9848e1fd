package org.gpumem.dwarf.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Types read from the DWARF of tests/fixtures/kernels/expressions.G.ptx (nvcc 13.0 -G), whose
 * source declares them: a struct with an array member, a typedef, an enum, a 2-D array,
 * generic pointers; and the C declarations gdb prints for types built by hand.
 */
class DwarfTypesTest {
    private static final Path PTX = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels",
            "expressions.G.ptx");
    private static DwarfTypes types;
    /** Variable and parameter name (function-qualified where it repeats) -> type. */
    private static final Map<String, DwarfType> variables = new HashMap<>();

    @BeforeAll
    static void read() throws Exception {
        DwarfFile dwarf = new DwarfFile(PtxDebugSections.read(PTX), SymbolLayout.NONE);
        types = new DwarfTypes(dwarf);
        for (Unit u : dwarf.units()) {
            DieCursor c = u.cursor();
            String function = "";
            while (c.next()) {
                if (c.abbrev() == null) {
                    continue;
                }
                if (c.tag() == DwTag.SUBPROGRAM) {
                    function = c.string(DwAt.NAME);
                } else if (c.tag() == DwTag.VARIABLE || c.tag() == DwTag.FORMAL_PARAMETER) {
                    variables.putIfAbsent(function + "::" + c.string(DwAt.NAME), types.typeOf(c));
                    variables.putIfAbsent(c.string(DwAt.NAME), types.typeOf(c));
                }
            }
        }
    }

    @Test
    void aStructKeepsItsMembersOffsetsAndTypes() {
        DwarfType p = variables.get("expressions::p");
        DwarfType.Composite particle = assertInstanceOf(DwarfType.Composite.class, p.stripped());
        assertEquals("Particle", p.name());
        // float x, y; int id; short flags[2]: natural alignment, no padding
        assertEquals(4 + 4 + 4 + 2 * 2, particle.byteSize());
        List<DwarfType.Member> m = particle.members();
        assertEquals(List.of("x", "y", "id", "flags"), m.stream().map(DwarfType.Member::name).toList());
        assertEquals(List.of(0L, 4L, 8L, 12L), m.stream().map(DwarfType.Member::offset).toList());
        assertEquals("float", m.get(0).type().name());
        assertEquals("short [2]", m.get(3).type().name());
        assertSame(particle, types.named("Particle"), "one object per DIE");
    }

    @Test
    void pointersNameTheSpaceTheirAddressClassGives() {
        DwarfAddressSpace generic = AddressSpaceRegistry.numbering(ElfFile.EM_CUDA, "", 8).resolve(NumberKind.ADDRESS_CLASS, 12);
        DwarfType.Pointer q = assertInstanceOf(DwarfType.Pointer.class, variables.get("expressions::q").stripped());
        assertEquals(generic, q.space());
        assertEquals(8, q.byteSize());
        assertSame(types.named("Particle"), q.pointee());
        assertEquals("@generic Particle *", q.name());
        assertEquals("@generic const Particle *", variables.get("weigh::p").name());
    }

    @Test
    void arraysNestByDimensionTypedefsAndEnumsKeepTheirNames() {
        DwarfType tile = variables.get("tile");
        assertEquals("float [8][9]", tile.name());
        assertEquals(8 * 9 * 4, tile.byteSize());
        DwarfType.Array rows = assertInstanceOf(DwarfType.Array.class, tile);
        assertEquals(8, rows.count());
        assertEquals(9, assertInstanceOf(DwarfType.Array.class, rows.element()).count());
        DwarfType tag = variables.get("tag");
        assertEquals("tag_t", tag.name());
        assertEquals("unsigned int", tag.stripped().name());
        DwarfType.Enumeration mode = assertInstanceOf(DwarfType.Enumeration.class, variables.get("mode").stripped());
        assertEquals("Mode", mode.name());
        assertEquals(List.of(new DwarfType.Enumerator("MODE_OFF", 0), new DwarfType.Enumerator("MODE_SCALE", 2),
                new DwarfType.Enumerator("MODE_SHIFT", 5)), mode.enumerators());
        assertEquals(DwarfType.Encoding.SIGNED_CHAR, ((DwarfType.Base) variables.get("letter")).encoding());
        assertNull(types.named("NoSuchType"));
    }

    @Test
    void declarationsAreWrittenAsGdbWritesThem() {
        DwarfType i = new DwarfType.Base("int", 4, DwarfType.Encoding.SIGNED);
        DwarfAddressSpace local = AddressSpaceRegistry.numbering(ElfFile.EM_CUDA, "", 8).resolve(NumberKind.ADDRESS_CLASS, 6);
        DwarfAddressSpace generic = AddressSpaceRegistry.numbering(ElfFile.EM_CUDA, "", 8).resolve(NumberKind.ADDRESS_CLASS, 12);
        assertEquals("int *", new DwarfType.Pointer(i, 8, null).name());
        assertEquals("int *[4]", new DwarfType.Array(new DwarfType.Pointer(i, 8, null), 4).name());
        assertEquals("int (*)[4]", new DwarfType.Pointer(new DwarfType.Array(i, 4), 8, null).name());
        assertEquals("int * const", new DwarfType.Qualified("const", new DwarfType.Pointer(i, 8, null)).name());
        assertEquals("const int *", new DwarfType.Pointer(new DwarfType.Qualified("const", i), 8, null).name());
        // a local pointer to a generic pointer to int, as cuda-gdb writes it
        assertEquals("@generic int * @local *",
                new DwarfType.Pointer(new DwarfType.Pointer(i, 8, generic), 8, local).name());
        assertEquals("@local int (*)[4]", new DwarfType.Pointer(new DwarfType.Array(i, 4), 8, local).name());
        assertEquals("int p[2][3]", new DwarfType.Array(new DwarfType.Array(i, 3), 2).declare("p"));
    }
}
