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
    private static final String TEXTURE = "unsupported instruction tex.1d.v4.f32.s32 (source "
            + "/usr/local/cuda-13.0/bin/../targets/x86_64-linux/include/texture_indirect_functions.h:115:4";

    @TempDir
    Path dir;

    private static String listing(String module) {
        return String.join("\n",
                module + ": 5 kernels, 3 runnable",
                "  runnable      _Z10vector_addPKfS0_iPf (vector_add(float const*, float const*, int, float*))",
                "  runnable      _Z5scalePfif (scale(float*, int, float))",
                "  runnable      _Z12through_callPKiiPi (through_call(int const*, int, int*))",
                "  not runnable  _Z9tex_fetchyiPf (tex_fetch(unsigned long long, int, float*))",
                "      " + module + ":238: " + TEXTURE + ")",
                "  not runnable  _Z15through_textureyiPf (through_texture(unsigned long long, int, float*))",
                "      " + module + ":46: " + TEXTURE + "; call path _Z15through_textureyiPf -> _Z11fetch_twiceyi)",
                "      " + module + ":52: " + TEXTURE + "; call path _Z15through_textureyiPf -> _Z11fetch_twiceyi)",
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
    void aKernelReachingATextureFetchIsRefusedAndTheOthersOfTheModuleRun() throws Exception {
        Path launch = EVERYDAY.resolve("launch/many_kernels.through_texture.json");
        CliRun r = run("run", launch.toString());
        String module = launch.getParent().resolve("../many_kernels.O3.ptx").toString();
        assertEquals(1, r.status(), r.out());
        assertEquals("gpumem run: kernel _Z15through_textureyiPf cannot run on the simulator: " + module + ":46: " + TEXTURE
                + "; call path _Z15through_textureyiPf -> _Z11fetch_twiceyi); and 1 more unsupported construct it can reach\n",
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
