package org.gpumem.dwarf.aspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.expr.EvaluationContext;
import org.gpumem.dwarf.expr.Evaluator;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.LocationSummary;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.Unit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real clang 19 and clang 22 AMDGPU output of tests/fixtures/amdgpu-aspace/aspace.cl: the same
 * source variables come out in the same address spaces although the two releases write
 * different numbers, because the numbering is chosen by DW_AT_producer. Expression text is
 * compared with the llvm-dwarfdump-22 output committed beside the objects.
 */
class AmdgpuNumberingTest {
    private static final Path DIR = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "amdgpu-aspace");

    /** Where aspace.cl declares each variable (priv and i are automatic: private; tile is __local). */
    private static final Map<String, String> DECLARED = Map.of("priv", "private_lane", "i", "private_lane",
            "out", "private_lane", "lp", "private_lane", "tile", "local");

    private record Found(Map<String, Expression> locations, List<Long> pointerClasses, Expression frameBase, Unit unit,
            DwarfFile dwarf) {
    }

    private static Found read(String object) throws IOException {
        DwarfFile dwarf = DwarfFile.open(DIR.resolve(object));
        Unit unit = dwarf.units().get(0);
        ExpressionDecoder decoder = new ExpressionDecoder(AddressSpaceEncodings.DEFAULTS, unit.version(), unit.addressSize(),
                unit.offsetSize());
        Map<String, Expression> locations = new LinkedHashMap<>();
        List<Long> classes = new ArrayList<>();
        Expression frameBase = null;
        DieCursor c = unit.cursor();
        while (c.next()) {
            if (c.tag() == DwTag.POINTER_TYPE && c.find(DwAt.ADDRESS_CLASS) >= 0) {
                classes.add(c.unsigned(DwAt.ADDRESS_CLASS, -1));
            }
            int fb = c.find(DwAt.FRAME_BASE);
            if (c.tag() == DwTag.SUBPROGRAM && fb >= 0 && frameBase == null) {
                frameBase = decoder.decode(unit.section().reader().subAt(c.blockOffset(fb), c.block(fb).remaining()));
            }
            int loc = c.find(DwAt.LOCATION);
            if ((c.tag() == DwTag.VARIABLE || c.tag() == DwTag.FORMAL_PARAMETER) && loc >= 0
                    && !locations.containsKey(c.string(DwAt.NAME))) {
                locations.put(c.string(DwAt.NAME),
                        decoder.decode(unit.section().reader().subAt(c.blockOffset(loc), c.block(loc).remaining())));
            }
        }
        return new Found(locations, classes, frameBase, unit, dwarf);
    }

    private static AddressSpaceNumbering numbering(Found f) {
        return AddressSpaceRegistry.numbering(f.dwarf().source().machine(), f.unit().producer(), f.unit().addressSize());
    }

    @ParameterizedTest
    @ValueSource(strings = {"aspace.clang19", "aspace.clang22"})
    void expressionsPrintAsLlvmDwarfdumpPrintsThem(String name) throws IOException {
        Found f = read(name + ".o");
        Pattern location = Pattern.compile("\\s*DW_AT_location\\s+\\((.*)\\)");
        Pattern variable = Pattern.compile("\\s*DW_AT_name\\s+\\(\"(.*)\"\\)");
        List<String> golden = new ArrayList<>();
        String dieName = null, dieLocation = null;
        List<String> lines = new ArrayList<>(Files.readAllLines(DIR.resolve(name + ".dwarfdump.txt")));
        lines.add("0x0: end");
        for (String line : lines) {
            if (line.matches("0x[0-9a-f]+:.*")) {
                if (dieName != null && dieLocation != null) {
                    golden.add(dieName + "=" + dieLocation);
                }
                dieName = null;
                dieLocation = null;
            }
            Matcher l = location.matcher(line);
            Matcher v = variable.matcher(line);
            if (l.matches()) {
                dieLocation = l.group(1);
            } else if (v.matches()) {
                dieName = v.group(1);
            }
        }
        for (Map.Entry<String, Expression> e : f.locations().entrySet()) {
            assertTrue(golden.contains(e.getKey() + "=" + e.getValue()), e.getKey() + "=" + e.getValue() + " in " + golden);
        }
        assertFalse(f.locations().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"aspace.clang19.o", "aspace.clang22.o"})
    void variablesLandInTheSpacesTheSourceDeclares(String object) throws IOException {
        Found f = read(object);
        AddressSpaceNumbering numbering = numbering(f);
        assertEquals(object.contains("19") ? "amdgpu-llvm19" : "amdgpu-llvm22", numbering.name());
        EvaluationContext context = new EvaluationContext() {
            @Override
            public AddressSpaceNumbering numbering() {
                return numbering;
            }

            @Override
            public long readRegister(long dwarfRegister) {
                return 0x200;
            }

            @Override
            public LocationDescription frameBase() {
                return new Evaluator(this, true).evaluate(f.frameBase());
            }

            @Override
            public long currentWorkGroup() {
                return 1;
            }

            @Override
            public long currentWarp() {
                return 0;
            }

            @Override
            public long currentLane() {
                return 9;
            }

            @Override
            public long debugAddress(long index) {
                return 0x80 + index;
            }
        };
        for (Map.Entry<String, Expression> e : f.locations().entrySet()) {
            String expected = DECLARED.get(e.getKey());
            LocationSummary summary = LocationSummary.of(e.getValue(), numbering, numbering.defaultSpace(), true);
            assertEquals(expected, summary.space().name(), e.getKey() + " " + e.getValue());
            LocationDescription.Memory m = (LocationDescription.Memory) new Evaluator(context, true).evaluate(e.getValue());
            assertEquals(expected, m.space().name(), e.getKey());
            if (expected.equals("private_lane")) {
                assertEquals(9, m.binding().lane(), e.getKey());
                long fbreg = e.getValue().ops().get(0).operand(0);
                assertEquals(0x200 + fbreg, m.offset(), e.getKey());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"aspace.clang19.o", "aspace.clang22.o"})
    void localPointersHaveTheLocalAddressClass(String object) throws IOException {
        Found f = read(object);
        AddressSpaceNumbering numbering = numbering(f);
        assertEquals(1, f.pointerClasses().size(), "one __local pointer type (lp)");
        long number = f.pointerClasses().get(0);
        assertEquals("local", numbering.resolve(NumberKind.ADDRESS_CLASS, number).name());
        // Read with the other release's table, the same number means something else.
        Producer other = Producer.parse(object.contains("19") ? "Debian clang version 22.1.8" : "Debian clang version 19.1.7");
        AddressSpaceNumbering wrong = AddressSpaceRegistry.numbering(DeviceFamily.AMDGPU, other, 8);
        assertFalse(wrong.resolve(NumberKind.ADDRESS_CLASS, number).name().equals("local"));
    }
}
