package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.gpumem.sim.UnsupportedConstruct;
import org.junit.jupiter.api.Test;

/**
 * griddepcontrol (programmatic dependent launch, which CUB's kernels use): launches run one after
 * another to their end, so a wait finds its prerequisites complete and both forms change nothing.
 */
class GridDependencyControlTest {

    @Test
    void waitAndLaunchDependentsLeaveTheKernelsWorkAsItIs() {
        int[] out = SimTestSupport.runLanes(" griddepcontrol.wait;\n" + SimTestSupport.LANE_VALUE
                + " griddepcontrol.launch_dependents;\n mov.u32 %r0, %r1;");
        for (int t = 0; t < out.length; t++) {
            assertEquals(SimTestSupport.laneValue(t), out[t], "thread " + t);
        }
    }

    @Test
    void anotherActionMakesTheKernelNotRunnableNamingTheForms() {
        SimTestSupport.Run r = new SimTestSupport.Run(SimTestSupport.perThreadKernel("", " griddepcontrol.sync;"), 4, 32);
        List<UnsupportedConstruct> why = r.module.kernel("k").unsupported();
        assertEquals(1, why.size());
        assertTrue(why.get(0).describe().contains("griddepcontrol takes .wait or .launch_dependents"), why.get(0).describe());
    }
}
