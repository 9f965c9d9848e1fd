package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpumem run} on a module with a kernel the simulator cannot run: listing, refusal, the others run. */
class KernelListingTest {
    private static final Path EVERYDAY = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("everyday");
    /** The breakpoints of many_kernels.cu: stop_here's, stop_twice's first and second. */
    private static final String STOP_HERE = "unsupported instruction brkpt (source many_kernels.cu:40:9",
            TWICE_FIRST = "unsupported instruction brkpt (source many_kernels.cu:47:5",
            TWICE_SECOND = "unsupported instruction brkpt (source many_kernels.cu:49:5";

    @TempDir
    Path dir;

    private static String listing(String module) {
        return String.join("\n",
                module + ": 5 kernels, 3 runnable",
                "  runnable      _Z10vector_addPKfS0_iPf (vector_add(float const*, float const*, int, float*))",
                "  runnable      _Z5scalePfif (scale(float*, int, float))",
                "  runnable      _Z12through_callPKiiPi (through_call(int const*, int, int*))",
                "  not runnable  _Z9stop_hereiPf (stop_here(int, float*))",
                "      " + module + ":232: " + STOP_HERE + ")",
                "  not runnable  _Z18through_breakpointiPf (through_breakpoint(int, float*))",
                "      " + module + ":42: " + TWICE_FIRST + "; call path _Z18through_breakpointiPf -> _Z10stop_twicei)",
                "      " + module + ":49: " + TWICE_SECOND + "; call path _Z18through_breakpointiPf -> _Z10stop_twicei)",
                "");
    }

    @Test
    void aPtxFileInPlaceOfALaunchFileListsItsKernelsRunnableOrWhyNot() {
        String module = EVERYDAY.resolve("many_kernels.O3.ptx").toString();
        CliRun r = run("run", module);
        assertEquals(0, r.status(), r.err());
        assertEquals(listing(module), r.out().replace("\r\n", "\n"));
        assertEquals("", r.err());
    }

    @Test
    void listOnALaunchFileListsItsModuleAndRunsNothing() {
        Path launch = EVERYDAY.resolve("launch/many_kernels.vector_add.json");
        CliRun r = run("run", "--list", launch.toString(), "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(listing(launch.getParent().resolve("../many_kernels.O3.ptx").toString()), r.out().replace("\r\n", "\n"));
        assertEquals(0, dir.toFile().list().length, "nothing ran, nothing was written");
    }

    @Test
    void aKernelReachingABreakpointInstructionIsRefusedAndTheOthersOfTheModuleRun() throws Exception {
        Path launch = EVERYDAY.resolve("launch/many_kernels.through_breakpoint.json");
        CliRun r = run("run", launch.toString());
        String module = launch.getParent().resolve("../many_kernels.O3.ptx").toString();
        assertEquals(1, r.status(), r.out());
        assertEquals("gpumem run: kernel _Z18through_breakpointiPf cannot run on the simulator: " + module + ":42: " + TWICE_FIRST
                + "; call path _Z18through_breakpointiPf -> _Z10stop_twicei); and 1 more unsupported construct it can reach\n",
                r.err().replace("\r\n", "\n"));

        for (String kernel : new String[] {"vector_add", "scale", "through_call"}) {
            Path out = dir.resolve(kernel);
            CliRun ok = run("run", EVERYDAY.resolve("launch/many_kernels." + kernel + ".json").toString(), "--out", out.toString());
            assertEquals(0, ok.status(), ok.err());
            assertTrue(ok.out().contains(" completed: "), ok.out());
            assertTrue(Files.size(out.resolve(kernel.equals("vector_add") ? "c.bin" : kernel.equals("scale") ? "x.bin" : "out.bin"))
                    == 4000, ok.out());
        }
    }
}
