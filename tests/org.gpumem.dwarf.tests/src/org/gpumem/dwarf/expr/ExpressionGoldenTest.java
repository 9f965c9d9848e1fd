package org.gpumem.dwarf.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.info.ListEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every location expression of the hand-made fixture decodes to what llvm-dwarfdump-22 printed
 * (the golden file its script committed). Where llvm-dwarfdump stops with "&lt;decoding error&gt;"
 * (the proposal's operations, whose encodings are gpumem's own, and operations LLVM 22 does not
 * describe), the operations before it must match, and the op gpumem decodes there must start
 * with the byte llvm-dwarfdump could not decode and span the bytes it listed.
 */
class ExpressionGoldenTest {
    /** Operations llvm-dwarfdump-22 cannot decode; each must be where it reported the error. */
    private static final Set<Operation> UNKNOWN_TO_LLVM22 = Set.of(Operation.MEM, Operation.ASPACE_BREGX,
            Operation.XDEREF_TYPE, Operation.DEREF_TYPE, Operation.LLVM_UNDEFINED);

    private static HandmadeFixture fixture;
    private static Map<String, String> golden;

    @BeforeAll
    static void load() throws IOException {
        fixture = new HandmadeFixture(AddressSpaceEncodings.DEFAULTS);
        golden = HandmadeFixture.goldenLocations();
    }

    @Test
    void everyVariableIsInTheGoldenDump() {
        assertEquals(golden.keySet(), fixture.locations.keySet());
        assertEquals(Set.of("by_pc"), fixture.lists.keySet());
    }

    @Test
    void decodedOperationsMatchLlvmDwarfdump() {
        for (Map.Entry<String, Expression> e : fixture.locations.entrySet()) {
            String expected = golden.get(e.getKey());
            assertCompatible(e.getKey(), e.getValue(), expected);
        }
    }

    @Test
    void locationListEntriesMatchLlvmDwarfdump() throws IOException {
        List<ListEntry> entries = fixture.lists.get("by_pc");
        List<String[]> expected = HandmadeFixture.goldenList("by_pc");
        assertEquals(expected.size(), entries.size());
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(Long.decode(expected.get(i)[0]).longValue(), entries.get(i).low());
            assertEquals(Long.decode(expected.get(i)[1]).longValue(), entries.get(i).high());
            assertCompatible("by_pc[" + i + "]", fixture.decode(entries.get(i)), expected.get(i)[2]);
        }
    }

    private static void assertCompatible(String name, Expression expression, String expected) {
        int error = expected.indexOf("<decoding error>");
        String printable = error < 0 ? expected : expected.substring(0, error).replaceAll(",\\s*$", "");
        List<DwarfOp> ops = expression.ops();
        int known = printable.isEmpty() ? 0 : printable.split(", DW_OP").length;
        StringBuilder ours = new StringBuilder();
        for (int i = 0; i < known; i++) {
            ours.append(i > 0 ? ", " : "").append(llvmNotation(ops.get(i)));
        }
        assertEquals(printable, ours.toString(), name);
        if (error < 0) {
            assertEquals(known, ops.size(), name + ": llvm-dwarfdump printed fewer operations");
            return;
        }
        String[] bytes = expected.substring(error + "<decoding error>".length()).trim().split(" ");
        DwarfOp unknown = ops.get(known);
        assertEquals(Integer.parseInt(bytes[0], 16), unknown.opcode(), name + ": opcode at the decoding error");
        assertEquals(bytes.length, expression.size() - unknown.offset(), name + ": bytes from the decoding error on");
        assertTrue(UNKNOWN_TO_LLVM22.contains(unknown.operation()), name + ": " + unknown.name());
        assertFalse(unknown.viaLlvmUser(), name);
    }

    @Test
    void baseTypesOfTheUnit() {
        UnitBaseTypes types = new UnitBaseTypes(fixture.unit);
        long intType = fixture.locations.get("convert_ops").ops().get(1).operand(0);
        assertEquals(String.format("(0x%08x) \"int\"", fixture.unit.offset() + intType), types.describe(intType));
        assertEquals(new EvaluationContext.BaseType(4, EvaluationContext.BaseType.DW_ATE_SIGNED), types.baseType(intType));
        assertEquals("<invalid base_type ref: 0x5>", types.describe(5));
    }

    /**
     * Our notation, except for DW_OP_LLVM_aspace_bregx: llvm-dwarfdump-22 prints its SLEB
     * displacement as unsigned hex (0x10 for +16; it prints 0x78 for -8), gpumem prints it signed.
     */
    private static String llvmNotation(DwarfOp op) {
        String text = Expression.format(op, RegisterNames.NONE, new UnitBaseTypes(fixture.unit));
        if (op.operation() == Operation.LLVM_ASPACE_BREGX && op.operand(1) >= 0) {
            text = text.replace(" +" + op.operand(1), " 0x" + Long.toHexString(op.operand(1)));
        }
        return text;
    }
}
