package org.gpumem.dwarf.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.aspace.StorageScope;
import org.gpumem.dwarf.expr.BaseTypeNames;
import org.gpumem.dwarf.expr.EvaluationContext;
import org.gpumem.dwarf.expr.Evaluator;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.LocationList;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ListEntry;
import org.gpumem.dwarf.info.LineTable;
import org.gpumem.dwarf.info.Lists;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.info.Unit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The DWARF inside tests/fixtures/cuda-ptx/spaces.G.ptx (nvcc 13.0 -G), assembled and walked
 * by the DIE reader. Expected spaces come from spaces.cu (where each variable is declared) and
 * the PTX state-space numbering; expected registers from the PTX instructions themselves.
 */
class PtxDebugSectionsTest {
    private static final Path PTX = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "cuda-ptx",
            "spaces.G.ptx");
    private static final Pattern LABEL = Pattern.compile("(\\$L__\\w+):");

    private static String text;
    private static PtxDebugSections sections;
    /** Label -> line number: a layout that places code labels, independent of the DWARF. */
    private static Map<String, Long> labelLines = new HashMap<>();
    private static final Map<String, Long> DATA = Map.of("deviceCounter", 0x100L, "coefficients", 0x200L,
            "_ZZ6spacesPfiE4tile", 0x300L, "_Z6spacesPfi_param_0", 0x10L, "_Z6spacesPfi_param_1", 0x18L,
            "__local_depot2", 0x40L);

    private record Variable(int tag, String name, long addressClass, Expression location, List<ListEntry> list) {
    }

    private static Map<String, Variable> variables = new LinkedHashMap<>();
    private static DwarfFile dwarf;
    private static Unit unit;
    private static ExpressionDecoder decoder;

    @BeforeAll
    static void load() throws IOException {
        text = Files.readString(PTX);
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = LABEL.matcher(lines[i]);
            if (m.matches()) {
                labelLines.put(m.group(1), (long) i + 1);
            }
        }
        sections = PtxDebugSections.read(PTX);
        Map<String, Long> layout = new HashMap<>(labelLines);
        layout.putAll(DATA);
        dwarf = new DwarfFile(sections, SymbolLayout.of(layout));
        unit = dwarf.units().get(0);
        decoder = new ExpressionDecoder(AddressSpaceEncodings.DEFAULTS, unit.version(), unit.addressSize(), unit.offsetSize());
        DieCursor c = unit.cursor();
        while (c.next()) {
            if (c.tag() != DwTag.VARIABLE && c.tag() != DwTag.FORMAL_PARAMETER) {
                continue;
            }
            int loc = c.find(DwAt.LOCATION);
            Expression e = null;
            List<ListEntry> list = null;
            if (c.isListReference(loc)) {
                list = Lists.locationList(unit, c.listOffset(loc));
            } else {
                e = decoder.decode(unit.section().reader().subAt(c.blockOffset(loc), c.block(loc).remaining()));
            }
            variables.put(c.string(DwAt.NAME), new Variable(c.tag(), c.string(DwAt.NAME),
                    c.unsigned(DwAt.ADDRESS_CLASS, -1), e, list));
        }
    }

    private static AddressSpaceNumbering numbering() {
        return AddressSpaceRegistry.numbering(sections.machine(), unit.producer(), unit.addressSize());
    }

    @Test
    void sectionsAndUnit() {
        assertEquals(List.of(".debug_loc", ".debug_abbrev", ".debug_info", ".debug_macinfo", ".debug_line"),
                sections.sectionNames());
        assertEquals(2, unit.version());
        assertEquals(8, unit.addressSize());
        assertTrue(unit.producer().startsWith("lgenfe"), unit.producer());
        assertEquals("nvidia-ptx", numbering().name());
        List<DebugSections.Relocation> info = sections.relocations(".debug_info");
        assertTrue(info.stream().anyMatch(r -> r.symbol().equals(".debug_abbrev") && r.size() == 4));
        assertTrue(info.stream().anyMatch(r -> r.symbol().equals("__local_depot2") && r.size() == 8));
    }

    @Test
    void everyVariableOfTheSourceHasItsStateSpace() {
        // From spaces.cu: where each name is declared; numbers per cuda-gdb's ptxStorageKind.
        Map<String, String> expected = Map.of("deviceCounter", "global", "coefficients", "const", "tile", "shared",
                "perThread", "local", "out", "param", "n", "param", "i", "reg", "value", "reg", "index", "reg",
                "weighted", "reg");
        AddressSpaceNumbering numbering = numbering();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Variable v = variables.get(e.getKey());
            assertNotNull(v, e.getKey() + " in " + variables.keySet());
            assertEquals(e.getValue(), numbering.resolve(NumberKind.ADDRESS_CLASS, v.addressClass()).name(), e.getKey());
        }
        assertEquals(DwTag.FORMAL_PARAMETER, variables.get("out").tag());
    }

    private LocationDescription evaluate(Variable v) {
        AddressSpaceNumbering numbering = numbering();
        DwarfAddressSpace space = numbering.resolve(NumberKind.ADDRESS_CLASS, v.addressClass());
        EvaluationContext context = new EvaluationContext() {
            @Override
            public AddressSpaceNumbering numbering() {
                return numbering;
            }

            @Override
            public long currentWorkGroup() {
                return 3;
            }

            @Override
            public long currentWarp() {
                return 0;
            }

            @Override
            public long currentLane() {
                return 5;
            }

            @Override
            public RegisterNames registerNames() {
                return RegisterNames.PTX;
            }
        };
        return new Evaluator(context, true).evaluate(v.location(), space);
    }

    @Test
    void addressesComeFromTheCallersSymbolLayout() {
        Map<String, String> symbols = Map.of("deviceCounter", "deviceCounter", "coefficients", "coefficients",
                "tile", "_ZZ6spacesPfiE4tile", "out", "_Z6spacesPfi_param_0", "n", "_Z6spacesPfi_param_1");
        for (Map.Entry<String, String> e : symbols.entrySet()) {
            LocationDescription.Memory m = assertInstanceOf(LocationDescription.Memory.class, evaluate(variables.get(e.getKey())), e.getKey());
            assertEquals(DATA.get(e.getValue()).longValue(), m.offset(), e.getKey());
        }
        LocationDescription.Memory tile = (LocationDescription.Memory) evaluate(variables.get("tile"));
        assertEquals("shared", tile.space().name());
        assertEquals(StorageScope.WORK_GROUP, tile.binding().scope());
        assertEquals(3, tile.binding().workGroup());
        LocationDescription.Memory perThread = (LocationDescription.Memory) evaluate(variables.get("perThread"));
        assertEquals("local", perThread.space().name());
        assertEquals(5, perThread.binding().lane());
        long uconst = variables.get("perThread").location().ops().get(1).operand(0);
        assertEquals(DATA.get("__local_depot2") + uconst, perThread.offset());
    }

    @Test
    void registerVariablesNameTheirPtxRegister() {
        Map<String, String> prefixes = Map.of("i", "%r", "index", "%r", "value", "%f", "weighted", "%f", "address", "%rd");
        for (Map.Entry<String, String> e : prefixes.entrySet()) {
            LocationDescription.Register r = assertInstanceOf(LocationDescription.Register.class, evaluate(variables.get(e.getKey())), e.getKey());
            assertTrue(r.name().matches(Pattern.quote(e.getValue()) + "\\d+"), e.getKey() + ": " + r.name());
            assertTrue(text.contains(r.name() + ","), r.name() + " is a register of the PTX code");
        }
        Expression address = variables.get("address").location();
        assertEquals("DW_OP_regx 0x25726431 (\"%rd1\")", address.format(RegisterNames.PTX, BaseTypeNames.UNRESOLVED));
    }

    @Test
    void loopCounterListFollowsTheMovesOfTheCode() {
        Variable k = variables.get("k");
        assertNotNull(k.list(), "k has a location list");
        List<LocationList.Entry> entries = new java.util.ArrayList<>();
        for (ListEntry e : k.list()) {
            entries.add(new LocationList.Entry(e.low(), e.high(),
                    decoder.decode(dwarf.section(DwarfFile.DEBUG_LOC).reader().subAt(e.expressionOffset(), e.expression().remaining()))));
        }
        LocationList list = new LocationList(entries, null);
        String[] lines = text.split("\n");
        AddressSpaceNumbering numbering = numbering();
        Evaluator evaluator = new Evaluator(new EvaluationContext() {
            @Override
            public AddressSpaceNumbering numbering() {
                return numbering;
            }

            @Override
            public RegisterNames registerNames() {
                return RegisterNames.PTX;
            }
        }, true);
        Pattern move = Pattern.compile("\\s*mov\\.\\w+\\s+(%\\w+),.*");
        for (String label : new String[] {"$L__tmp7", "$L__tmp8", "$L__tmp9"}) {
            long line = labelLines.get(label);
            Matcher m = move.matcher(lines[(int) line - 2]);
            assertTrue(m.matches(), "a move precedes " + label + ": " + lines[(int) line - 2]);
            LocationDescription at = evaluator.evaluate(list, line, numbering.defaultSpace());
            assertEquals(m.group(1), ((LocationDescription.Register) at).name(), label);
        }
        assertEquals(LocationDescription.UNDEFINED, evaluator.evaluate(list, 1, numbering.defaultSpace()));
    }

    // ---- the file table of the .file directives -----------------------------------------

    /** The synthesised .debug_line lists the fixture's .file paths at their numbers. */
    @Test
    void fileDirectivesBecomeTheUnitsFileTable() {
        Matcher m = Pattern.compile("(?m)^\\s*\\.file\\s+(\\d+)\\s+\"([^\"]*)\"").matcher(text);
        Map<Integer, String> declared = new HashMap<>();
        while (m.find()) {
            declared.put(Integer.parseInt(m.group(1)), m.group(2));
        }
        assertEquals(2, declared.size(), declared.toString());
        LineTable lines = unit.lineTable();
        assertNotNull(lines);
        assertEquals(2, lines.version());
        assertEquals(declared.size() + 1, lines.fileNames().size());
        declared.forEach((n, path) -> assertEquals(path, lines.fileName(n, unit.compDir()), ".file " + n));
        assertEquals(List.of(), lines.rows());
    }

    /** ptxas builds the cubin's .debug_line from the same directives: directories and names must agree. */
    @Test
    void fileTableMatchesWhatPtxasWritesIntoTheCubin() throws IOException {
        Path cuda = PTX.getParent().resolveSibling("cuda");
        for (String sm : new String[] {"sm_75", "sm_90"}) {
            LineTable ptx = new DwarfFile(PtxDebugSections.read(cuda.resolve("spaces." + sm + ".ptx")), SymbolLayout.NONE)
                    .units().get(0).lineTable();
            LineTable cubin = DwarfFile.open(cuda.resolve("spaces." + sm + ".cubin")).units().get(0).lineTable();
            assertEquals(cubin.directories(), ptx.directories(), sm);
            assertEquals(cubin.fileNames(), ptx.fileNames(), sm);
        }
    }

    @Test
    void fileDirectiveOperandsAndExistingLineSections() {
        String info = ".section .debug_info\n{\n.b32 .debug_line\n}\n";
        PtxDebugSections s = PtxDebugSections.assemble("t.ptx", "\t.file\t1 \"/src//a \\\"q\\\".cu\", 1589, 4520 // c\n"
                + ".file 2 \"b.h\"\n" + info);
        ByteBuffer line = s.section(".debug_line");
        byte[] bytes = new byte[line.remaining()];
        line.get(bytes);
        String table = new String(bytes, StandardCharsets.ISO_8859_1);
        assertTrue(table.contains("/src/\0\0a \"q\".cu\0\1\u00b5\u000c\u00a8\u0023b.h\0\0\0\0\0"), table);
        assertEquals(bytes.length - 4, line.getInt(0));
        PtxDebugSections given = PtxDebugSections.assemble("t.ptx", ".file 1 \"a.cu\"\n.section .debug_line\n{\n.b8 7\n}\n" + info);
        assertEquals(1, given.section(".debug_line").remaining());
        PtxDebugSections none = PtxDebugSections.assemble("t.ptx", info);
        assertEquals(null, none.section(".debug_line"));
    }

    @Test
    void badFileDirectivesNameTheLine() {
        String[][] cases = {
            {".file 1 \"a.cu\"\n.file 3 \"c.cu\"\n", "2", "consecutive"},
            {".file 1 \"a.cu\"\n.file 1 \"b.cu\"\n", "2", "already declared on line 1"},
            {"\n.file 0 \"a.cu\"\n", "2", "not positive"},
            {".file 1 \"a.cu\n", "1", "malformed"},
            {".file 1 \"\"\n", "1", "empty path"},
            {".file x1 \"a.cu\"\n", "1", "bad number"},
        };
        for (String[] c : cases) {
            PtxSyntaxException e = assertThrows(PtxSyntaxException.class, () -> PtxDebugSections.assemble("bad.ptx", c[0]), c[0]);
            assertEquals(Integer.parseInt(c[1]), e.line(), c[0]);
            assertTrue(e.getMessage().startsWith("bad.ptx:" + c[1] + ": ") && e.problem().contains(c[2]), e.getMessage());
        }
    }

    // ---- malformed PTX --------------------------------------------------------------------

    @Test
    void unknownSyntaxNamesFileAndLine() {
        PtxSyntaxException e = assertThrows(PtxSyntaxException.class, () -> PtxDebugSections.assemble("bad.ptx",
                ".version 9.0\n.section .debug_info\n{\n.b8 1,2\n.b128 3\n}\n"));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().startsWith("bad.ptx:5: .debug_info+0x2: "), e.getMessage());
        PtxSyntaxException big = assertThrows(PtxSyntaxException.class,
                () -> PtxDebugSections.assemble("bad.ptx", ".section .debug_abbrev {\n.b8 300\n}\n"));
        assertEquals(2, big.line());
        PtxSyntaxException open = assertThrows(PtxSyntaxException.class,
                () -> PtxDebugSections.assemble("bad.ptx", ".section .debug_abbrev {\n.b8 3\n"));
        assertTrue(open.problem().contains("not closed"), open.problem());
        PtxSyntaxException brace = assertThrows(PtxSyntaxException.class,
                () -> PtxDebugSections.assemble("bad.ptx", ".section .debug_abbrev\n.b8 3\n}\n"));
        assertEquals("bad.ptx:2: expected '{' after .section .debug_abbrev", brace.getMessage());
        PtxSyntaxException operand = assertThrows(PtxSyntaxException.class,
                () -> PtxDebugSections.assemble("bad.ptx", ".section .debug_loc {\n.b64 $L__tmp1+, 0\n}\n"));
        assertTrue(operand.problem().contains("bad operand"), operand.problem());
    }

    @Test
    void corruptedPtxFailsOnlyWithSyntaxErrors() {
        java.util.Random random = new java.util.Random(0x9e3779b9L);
        String alphabet = "{}.,+-$:0123456789abx_ \n/";
        for (int round = 0; round < 2000; round++) {
            StringBuilder b = new StringBuilder(text);
            for (int edit = 0; edit < 1 + random.nextInt(3); edit++) {
                int at = random.nextInt(b.length());
                switch (random.nextInt(3)) {
                    case 0 -> b.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    case 1 -> b.deleteCharAt(at);
                    default -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            try {
                PtxDebugSections s = PtxDebugSections.assemble("fuzz.ptx", b.toString());
                for (String name : s.sectionNames()) {
                    s.section(name);
                    s.relocations(name);
                }
            } catch (PtxSyntaxException expected) {
                assertTrue(expected.getMessage().startsWith("fuzz.ptx:" + expected.line() + ": "), expected.getMessage());
            }
        }
    }

    @Test
    void symbolicOperandsWithAddendsAndLocalLabels() {
        PtxDebugSections s = PtxDebugSections.assemble("t.ptx", ".section .debug_info\n{\n.b32 .debug_loc+133\n"
                + ".b64 __local_depot0 - 8, -1\n$L__info_string0:\n.b8 65,0\n.b32 $L__info_string0+1\n}\n");
        assertEquals(List.of(new DebugSections.Relocation(0, 4, ".debug_loc", 133),
                new DebugSections.Relocation(4, 8, "__local_depot0", -8),
                new DebugSections.Relocation(22, 4, ".debug_info", 21)), s.relocations(".debug_info"));
        assertEquals(-1L, s.section(".debug_info").getLong(12));
    }
}
