package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.launch.SampleKernels.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Launch descriptions that parse but do not fit the module, and the resolved form for the GPU harness. */
class PreparedLaunchTest {

    @TempDir
    Path dir;

    private static LaunchDescription withArgs(LaunchDescription d, List<KernelArgument> args, List<String> outputs) {
        return new LaunchDescription(d.source(), d.module(), d.kernel(), d.grid(), d.block(), d.sharedBytes(), d.device(),
                args, outputs);
    }

    @Test
    void argumentCountMustMatchTheKernelsParameters() throws IOException {
        LaunchDescription d = SampleKernels.launch("saxpy", Variant.O3);
        List<KernelArgument> fewer = new ArrayList<>(d.args().subList(0, 3));
        LaunchFileException e = assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(withArgs(d, fewer, List.of())));
        assertEquals("args", e.field());
        assertTrue(e.getMessage().contains("4 parameters"), e.getMessage());
    }

    @Test
    void argumentSizeMustMatchItsParameter() throws IOException {
        LaunchDescription d = SampleKernels.launch("saxpy", Variant.O3);
        List<KernelArgument> args = new ArrayList<>(d.args());
        args.set(0, new KernelArgument.Scalar(ScalarType.U64, 5));
        LaunchFileException e = assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(withArgs(d, args, d.outputs())));
        assertEquals("args[0]", e.field());
        args.set(0, d.args().get(2));
        args.set(2, new KernelArgument.Scalar(ScalarType.U32, 5));
        assertEquals("args[0]", assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(withArgs(d, args, List.of()))).field());
    }

    @Test
    void missingModuleAndUnknownKernelNameTheirFields() throws IOException {
        LaunchDescription d = SampleKernels.launch("saxpy", Variant.O3);
        assertEquals("module", assertThrows(LaunchFileException.class,
                () -> PreparedLaunch.prepare(d.withModule(dir.resolve("none.ptx")))).field());
        LaunchDescription other = new LaunchDescription(d.source(), d.module(), "saxpy2", d.grid(), d.block(),
                d.sharedBytes(), d.device(), d.args(), d.outputs());
        LaunchFileException e = assertThrows(LaunchFileException.class, () -> PreparedLaunch.prepare(other));
        assertEquals("kernel", e.field());
        assertTrue(e.getMessage().contains("saxpy(int, float, float const*, float*)"), e.getMessage());
    }

    @Test
    void resolvedLaunchHoldsThePtxTheInputsAndOneLinePerItem() throws IOException {
        LaunchDescription d = SampleKernels.launch("reduce", Variant.G);
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        launch.writeResolved(dir);
        assertEquals(Files.readString(d.module()), Files.readString(dir.resolve("kernel.ptx")));
        assertArrayEquals(launch.initialBuffer("in"), Files.readAllBytes(dir.resolve("in.in.bin")));
        assertArrayEquals(new byte[64], Files.readAllBytes(dir.resolve("partial.in.bin")));
        assertEquals(List.of(
                "ptx kernel.ptx",
                "kernel _Z10reduce_sumPKiPii",
                "grid 16 1 1",
                "block 256 1 1",
                "shared 1024",
                "buffer in s32 4000 16000 in.in.bin",
                "buffer partial s32 16 64 partial.in.bin",
                "scalar s32 4 fa0",
                "output partial s32"), Files.readAllLines(dir.resolve("launch.txt")));
    }
}
