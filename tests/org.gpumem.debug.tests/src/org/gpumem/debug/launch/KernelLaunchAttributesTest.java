package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelLaunchAttributesTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    private static ILaunchConfigurationWorkingCopy newConfiguration() throws CoreException {
        return DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID)
                .newInstance(null, "attributes");
    }

    @Test
    void fieldsBecomeTheLaunchDescriptionTheCommandLineReads() throws Exception {
        ILaunchConfigurationWorkingCopy wc = newConfiguration();
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("reduce.G.ptx").toString(), "reduce_sum", "[4]", "[64,1,1]", 256,
                "sm_90", "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":256,\"init\":{\"iota\":1}},"
                        + "{\"buffer\":\"partial\",\"type\":\"s32\",\"count\":4},{\"s32\":256}]", List.of("partial"));
        LaunchDescription d = KernelLaunchAttributes.describe(wc);
        assertEquals(KERNELS.resolve("reduce.G.ptx"), d.module());
        assertEquals(4, d.grid().x());
        assertEquals(64, d.block().x());
        assertEquals(256, d.sharedBytes());
        assertEquals(List.of("partial"), d.outputs());
        assertEquals(3, d.args().size());
        assertTrue(d.args().get(2) instanceof KernelArgument.Scalar);
    }

    @Test
    void aLaunchFileIsReadRelativeToItsFolder() throws Exception {
        ILaunchConfigurationWorkingCopy wc = newConfiguration();
        KernelLaunchAttributes.useLaunchFile(wc, KERNELS.resolve("launch/reduce.json").toString());
        LaunchDescription d = KernelLaunchAttributes.describe(wc);
        assertEquals(KERNELS.resolve("reduce.O3.ptx").normalize(), d.module().normalize());
    }

    @Test
    void badAttributesNameTheField() throws Exception {
        ILaunchConfigurationWorkingCopy wc = newConfiguration();
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("reduce.G.ptx").toString(), "reduce_sum", "[4]", "[64]", 0,
                "sm_90", "[{\"buffer\":", List.of());
        CoreException notJson = assertThrows(CoreException.class, () -> KernelLaunchAttributes.describe(wc));
        assertTrue(notJson.getMessage().contains("field args is not JSON"), notJson.getMessage());

        wc.setAttribute(KernelLaunchAttributes.ARGS, "[{\"u33\": 1}]");
        CoreException badArg = assertThrows(CoreException.class, () -> KernelLaunchAttributes.describe(wc));
        assertTrue(badArg.getMessage().contains("args[0]"), badArg.getMessage());

        KernelLaunchAttributes.useLaunchFile(wc, "/nonexistent/k.launch.json");
        CoreException missing = assertThrows(CoreException.class, () -> KernelLaunchAttributes.describe(wc));
        assertTrue(missing.getMessage().contains("/nonexistent/k.launch.json does not exist"), missing.getMessage());
    }

    @Test
    void aBrokenModuleFailsTheLaunchNamingFileAndInstruction(@TempDir Path dir) throws Exception {
        Path ptx = dir.resolve("broken.ptx");
        Files.writeString(ptx, ".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n\tfrobnicate.u32 %r1;\n}\n");
        ILaunchConfigurationWorkingCopy wc = newConfiguration();
        KernelLaunchAttributes.useFields(wc, ptx.toString(), "k", "[1]", "[32]", 0, "sm_90", "[]", List.of());
        CoreException e = assertThrows(CoreException.class, () -> wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor()));
        assertTrue(e.getMessage().contains("broken.ptx") && e.getMessage().contains("frobnicate"), e.getMessage());
    }
}
