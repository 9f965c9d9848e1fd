package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.model.IThread;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.KernelVariable;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.junit.jupiter.api.Test;

/** Both CTAs of local_array's 2-CTA launch resident: the Debug view lists the warps of each, with their own shared memory. */
class ResidentCtasDebugTest extends KernelLaunchFixture {

    @Test
    void theDebugTargetListsTheWarpsOfEveryResidentCta() throws Exception {
        LoopStop stop = stopInLocalArrayLoop(43);
        KernelDebugTarget target = stop.target();
        List<String> names = Arrays.stream(target.getThreads()).map(t -> {
            try {
                return t.getName();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }).toList();
        for (String expected : List.of("CTA (0,0,0) warp 0", "CTA (0,0,0) warp 1", "CTA (1,0,0) warp 0", "CTA (1,0,0) warp 1")) {
            assertTrue(names.stream().anyMatch(n -> n.startsWith(expected)), expected + " in " + names);
        }

        // Resume until a warp of CTA (1,0,0) stops in the loop: both CTAs are still resident and
        // each frame sees its own CTA's stage, stage[t] = in[blockIdx.x * 64 + t].
        WarpThread thread = stop.thread();
        while (thread.warpId().cta().x() == 0) {
            DebugEventRecorder.Pending hit = events.expect(e -> threadSuspended(e, DebugEvent.BREAKPOINT));
            thread.resume();
            thread = (WarpThread) hit.await("a breakpoint hit").getSource();
        }
        int[] in = ints(stop.process().prepared().initialBuffer("in"));
        int ctasSeen = 0;
        for (IThread t : target.getThreads()) {
            WarpThread w = (WarpThread) t;
            if (w.warpId().warp() != 0) {
                continue;
            }
            int cta = w.warpId().cta().x();
            PtxStackFrame top = (PtxStackFrame) w.getTopStackFrame();
            KernelVariable stage = top.variable("stage");
            assertEquals("shared [CTA (" + cta + ",0,0)] +0x0", stage.location());
            int[] values = ints(stage.bytes());
            for (int i = 0; i < BLOCK; i++) {
                assertEquals(in[cta * BLOCK + i], values[i], "stage[" + i + "] of CTA " + cta);
            }
            SpaceMemoryBlock block = (SpaceMemoryBlock) target.getExtendedMemoryBlock("shared:&stage", top);
            assertTrue(block.label().startsWith("shared [CTA (" + cta + ",0,0)]"), block.label());
            ctasSeen++;
        }
        assertEquals(2, ctasSeen);
    }
}
