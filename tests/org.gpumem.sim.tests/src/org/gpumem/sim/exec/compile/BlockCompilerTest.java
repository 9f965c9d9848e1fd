package org.gpumem.sim.exec.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gpumem.sim.exec.CompiledBlock;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.SimTestSupport;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;
import org.junit.jupiter.api.Test;

/**
 * Where the fast engine's blocks start and end and what they translate ({@code FastCodeTest}:
 * that a launch on the fast engine runs them).
 */
class BlockCompilerTest {
    /** The execution core's package, where a device's fast code defines its blocks. */
    private static final MethodHandles.Lookup CORE = core();

    private static MethodHandles.Lookup core() {
        try {
            return MethodHandles.privateLookupIn(CompiledBlock.class, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static DeviceModule load(SimulatedDevice device, String kernel) throws Exception {
        Path ptx = SimTestSupport.fixtures().resolve("kernels").resolve(kernel + ".O3.ptx");
        return device.load(kernel + ".O3.ptx", Files.readString(ptx));
    }

    /** Blocks start at the entry, at branch targets, reconvergence points and after control; they never cross one. */
    @Test
    void blocksStopAtEveryPlaceAWarpMayEnterOrLeave() throws Exception {
        for (String kernel : new String[] {"matmul", "reduce", "scan", "warp_reduce", "histogram", "transpose"}) {
            DeviceModule m = load(new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE), kernel);
            for (PtxFunction f : m.module().functions()) {
                if (!f.isDefined()) {
                    continue;
                }
                Instruction[] code = f.instructions().toArray(new Instruction[0]);
                CompiledBlock[] blocks = BlockCompiler.compile(f, CORE, false);
                boolean[] entered = new boolean[code.length + 1];
                entered[0] = true;
                for (Instruction in : code) {
                    if (in.op == Op.BRA) {
                        entered[in.target] = true;
                    }
                    if (in.reconvergence >= 0) {
                        entered[in.reconvergence] = true;
                    }
                    if (!BlockTranslations.inBlock(in)) {
                        entered[in.index + 1] = true;
                    }
                }
                int covered = 0;
                for (int pc = 0; pc < code.length; pc++) {
                    CompiledBlock b = blocks[pc];
                    if (b == null) {
                        continue;
                    }
                    assertEquals(pc, b.start);
                    assertTrue(b.length() >= 1 && b.length() <= BlockCompiler.MAX_LENGTH, kernel + " block at " + pc);
                    for (int k = b.start; k < b.end; k++) {
                        assertTrue(BlockTranslations.inBlock(code[k]), kernel + ": " + code[k].text + " in a block");
                        assertTrue(k == b.start || !entered[k], kernel + ": block " + b.start + ".." + b.end + " crosses " + k);
                    }
                    covered += b.length();
                }
                int straight = 0;
                for (Instruction in : code) {
                    straight += BlockTranslations.inBlock(in) ? 1 : 0;
                }
                assertEquals(straight, covered, kernel + ": every instruction that does not end a block is in one");
            }
        }
    }

    /** The hot instructions of the samples have lane loops of their own, not calls of the interpreter. */
    @Test
    void theSamplesArithmeticAndMemoryInstructionsAreTranslated() throws Exception {
        DeviceModule m = load(new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE), "matmul");
        PtxFunction kernel = m.module().functions().get(0);
        for (Instruction in : kernel.instructions()) {
            boolean hot = in.opcode.startsWith("fma") || in.opcode.startsWith("ld.shared") || in.opcode.startsWith("ld.global")
                    || in.opcode.startsWith("st.shared") || in.opcode.startsWith("mul.wide") || in.opcode.startsWith("add.s64");
            if (hot) {
                assertNotNull(BlockTranslations.translate(in, kernel, new BlockConstants(kernel)), in.text);
            }
        }
        // Forms the translation leaves to the interpreter: directed rounding, saturation, the high half.
        DeviceModule odd = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE).load("odd.ptx", SimTestSupport.perThreadKernel("",
                " add.rz.f32 %f1, %f2, %f3;\n add.sat.s32 %r1, %r2, %r3;\n mul.hi.u32 %r1, %r2, %r3;\n"));
        int left = 0;
        PtxFunction oddKernel = odd.module().functions().get(0);
        for (Instruction in : oddKernel.instructions()) {
            if (in.opcode.equals("add.rz.f32") || in.opcode.equals("add.sat.s32") || in.opcode.equals("mul.hi.u32")) {
                assertNull(BlockTranslations.translate(in, oddKernel, new BlockConstants(oddKernel)), in.text);
                left++;
            }
        }
        assertEquals(3, left);
    }

    /**
     * matmul's tile loop: the loads of a tile row and column and the fmas on them run lane after
     * lane in one loop, behind the checks of the two spans, in a full warp; a partial warp's
     * method leaves the loads, whose spans it does not check, to calls of their own, and each fma
     * between them, too short a run for a loop of its own, to its shared loop.
     */
    @Test
    void matmulsTileLoadsAndFmasRunAsOneLaneLoop() throws Exception {
        DeviceModule m = load(new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE), "matmul");
        PtxFunction kernel = m.module().functions().get(0);
        Instruction[] code = kernel.instructions().toArray(new Instruction[0]);
        CompiledBlock tile = null;
        for (CompiledBlock b : BlockCompiler.compile(kernel, CORE, false)) {
            if (b != null && code[b.start].opcode.equals("ld.shared.f32") && code[b.end - 1].opcode.equals("ld.shared.f32")) {
                tile = b;
                break;
            }
        }
        assertNotNull(tile, "the block of the tile loop's loads and fmas");
        BlockTranslations.Translation[] translations = BlockCompiler.translations(kernel, code, tile.start, tile.end);
        AccessSpans spans = AccessSpans.of(code, tile.start, tile.end, translations);
        java.util.List<LaneLoops.Run> full = LaneLoops.runs(code, tile.start, tile.end, translations, spans, true, false);
        assertEquals(1, full.size(), "one lane loop");
        assertEquals(tile.start, full.get(0).from());
        assertEquals(tile.end, full.get(0).to());
        assertEquals(2, full.get(0).spans().length, "the tile row's and column's spans");
        assertTrue(LaneLoops.runs(code, tile.start, tile.end, translations, spans, false, false).isEmpty(),
                "a partial warp's lane loops");
    }
}
