package org.gpumem.sim.exec.compile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.gpumem.sim.exec.SimTestSupport;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.Specials;
import org.junit.jupiter.api.Test;

/**
 * Which registers a lane loop must write back: those some path of the thread may still read
 * before writing them again. The differential tests check the outputs this leads to; these check
 * the analysis where a wrong answer would drop a value a later instruction reads.
 */
class RegisterLivenessTest {

    /** The kernel of a per-thread body, its code and its liveness. */
    private record Analysed(PtxFunction fn, List<Instruction> code, RegisterLiveness live) {
        static Analysed of(String body) {
            PtxFunction fn = PtxLoader.load("live.ptx", SimTestSupport.perThreadKernel("", body)).functions().get(0);
            List<Instruction> code = fn.instructions();
            return new Analysed(fn, code, RegisterLiveness.of(fn, code.toArray(new Instruction[0])));
        }

        /** The index of the instruction written as {@code text}. */
        int at(String text) {
            return code.stream().filter(in -> in.text.equals(text)).findFirst().orElseThrow().index;
        }

        boolean liveBefore(String instruction, String register) {
            return live.liveBefore(at(instruction), fn.registerIndex(register));
        }

        boolean liveAfter(String instruction, String register) {
            return live.liveBefore(at(instruction) + 1, fn.registerIndex(register));
        }
    }

    @Test
    void aRegisterIsLiveFromItsWriteToItsLastRead() {
        Analysed a = Analysed.of(" mov.u32 %r5, 7;\n add.u32 %r6, %r5, 1;\n add.u32 %r0, %r6, %r5;\n mov.u32 %r6, 0;\n");
        assertFalse(a.liveBefore("mov.u32 %r5, 7", "%r5"), "written before any read");
        assertTrue(a.liveAfter("mov.u32 %r5, 7", "%r5"));
        assertTrue(a.liveAfter("add.u32 %r6, %r5, 1", "%r5"), "read again by the next add");
        assertFalse(a.liveAfter("add.u32 %r0, %r6, %r5", "%r5"), "never read again");
        assertFalse(a.liveAfter("add.u32 %r0, %r6, %r5", "%r6"), "written again before any read");
    }

    /** A guarded write may leave the register as it was: the value before it stays live. */
    @Test
    void aGuardedWriteDoesNotEndTheValueBeforeIt() {
        Analysed a = Analysed.of(" mov.u32 %r5, 7;\n setp.eq.u32 %p1, %t, 0;\n @%p1 mov.u32 %r5, 8;\n add.u32 %r0, %r5, 1;\n");
        assertTrue(a.liveAfter("mov.u32 %r5, 7", "%r5"));
        assertTrue(a.liveBefore("@%p1 mov.u32 %r5, 8", "%r5"));
        assertTrue(a.liveBefore("@%p1 mov.u32 %r5, 8", "%p1"), "its guard is read");
    }

    /** A value read at the head of a loop is live at the end of the loop's body, through the branch back. */
    @Test
    void aValueReadAroundALoopStaysLiveThroughTheBranchBack() {
        Analysed a = Analysed.of(" mov.u32 %r5, 0;\n mov.u32 %r8, 0;\nLOOP:\n add.u32 %r0, %r0, %r8;\n add.u32 %r5, %r5, 1;\n"
                + " mov.u32 %r8, %r5;\n mov.u32 %r7, 1;\n setp.lt.u32 %p1, %r5, 4;\n @%p1 bra LOOP;\n");
        assertTrue(a.liveAfter("mov.u32 %r8, %r5", "%r8"), "read at the loop head only");
        assertTrue(a.liveBefore("@%p1 bra LOOP", "%r8"));
        assertFalse(a.liveAfter("@%p1 bra LOOP", "%r8"), "not read after the loop");
        assertFalse(a.liveAfter("mov.u32 %r7, 1", "%r7"), "never read");
    }

    /** Only one side of a branch reads the register: it is live before the branch. */
    @Test
    void aValueReadOnOneSideOfABranchIsLiveBeforeIt() {
        Analysed a = Analysed.of(" mov.u32 %r5, 3;\n setp.eq.u32 %p1, %t, 0;\n @%p1 bra SKIP;\n add.u32 %r0, %r5, 1;\n"
                + "SKIP:\n mov.u32 %r5, 0;\n");
        assertTrue(a.liveAfter("mov.u32 %r5, 3", "%r5"));
        assertFalse(a.liveAfter("add.u32 %r0, %r5, 1", "%r5"));
    }

    /** Special registers are never dropped: other code of the CTA reads them. */
    @Test
    void specialRegistersAreAlwaysLive() {
        Analysed a = Analysed.of(" mov.u32 %r5, 3;\n");
        assertTrue(a.live.liveBefore(a.code.size(), Specials.TID_X));
    }
}
