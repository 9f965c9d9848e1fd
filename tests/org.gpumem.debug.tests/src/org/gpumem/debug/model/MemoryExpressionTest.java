package org.gpumem.debug.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.debug.core.DebugException;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.SimulatorTarget;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemoryExpressionTest {
    private static final LaneId CONTEXT = new LaneId(new WarpId(new Dim3(1, 0, 0), 2), 7);
    private static final Target TARGET = SimulatorTarget.create();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "shared:0x40 | shared | 64",
        "local:16 | local | 16",
        "private_lane:0x10 | local | 16",
        "private_wave:0x80 | local_warp | 128",
        "generic:0x7f0000000040 | generic | 139637976727616",
        "group:0x8 | shared | 8",
        "0x100 + 8 - 4 | generic | 260",
        "  global : 0x100000000 | global | 4294967296"})
    void spaceAndOffset(String expression, String space, long offset) throws DebugException {
        MemoryExpression.Result r = MemoryExpression.evaluate(expression, TARGET, null, CONTEXT);
        assertEquals(space, r.space());
        assertEquals(offset, r.offset());
        assertEquals(CONTEXT, r.lane());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "lds:0 | unknown address space 'lds'",
        "shared: | no address after the space",
        "1 2 | expected + or - before '2'",
        "&0x10 | cannot take the address of a number",
        "shared:&stage | no variable 'stage' in this context",
        "0x1ffffffffffffffff | number out of range",
        "shared:0x40 * 2 | cannot read '* 2'"})
    void errorsNameTheProblem(String expression, String problem) {
        DebugException e = assertThrows(DebugException.class, () -> MemoryExpression.evaluate(expression, TARGET, null, CONTEXT));
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().startsWith("memory expression '" + expression + "'"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"shared|CTA (1,0,0)", "local|CTA (1,0,0) warp 2 lane 7", "local_warp|CTA (1,0,0) warp 2",
        "global|device", "param|grid"})
    void contextsPrintWhatTheSpaceNeeds(String space, String printed) {
        assertEquals(printed, CONTEXT.describe(AddressSpaces.require(TARGET, space).getScope()));
    }
}
