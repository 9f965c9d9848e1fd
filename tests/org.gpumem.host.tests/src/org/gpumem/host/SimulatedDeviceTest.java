package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.host.internal.CudaError;
import org.gpumem.host.internal.SharedMemoryFile;
import org.gpumem.sim.SimulatorTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the runtime reports of kernels the device loaded. */
class SimulatedDeviceTest {
    @TempDir
    Path dir;

    /**
     * PTX built for sm_75 and compiled for an sm_90 device: cudaFuncGetAttributes gives the
     * virtual architecture as {@code ptxVersion} (75, by which CUB picks its tuning; not the PTX
     * ISA version 8.0) and the device's as {@code binaryVersion}.
     */
    @Test
    void ptxVersionIsThePtxTargetAndBinaryVersionTheDevice() throws Exception {
        String ptx = ".version 8.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n ret;\n}\n";
        try (SharedMemoryFile memory = SharedMemoryFile.create(dir, "device", SimulatorTarget.GLOBAL_BASE, 1 << 20)) {
            RuntimeDevice device = new RuntimeDevice("sm_90", memory);
            RuntimeDevice.Module module = device.load("k.ptx", ptx.getBytes(StandardCharsets.UTF_8), List.of());
            RuntimeDevice.KernelInfo info = device.kernelInfo(module, "k");
            assertEquals(75, info.ptxVersion());
            assertEquals(90, info.binaryVersion());
        }
    }

    /**
     * An nvcc -rdc=true program: nvlink's fatbin holds SASS only, the translation units'
     * relocatable fatbins hold the PTX the simulator runs, linked into one program: a kernel of
     * one unit calls a function and reads a variable another unit defines; each unit's own
     * internal variable of the same name stays its own.
     */
    @Test
    void relocatableDeviceCodeRunsFromItsTranslationUnitsLinkedPtx() throws Exception {
        String main = """
                .version 8.0
                .target sm_75
                .address_size 64
                .extern .func (.param .b32 func_retval0) twice(.param .b32 twice_param_0);
                .extern .global .align 4 .u32 offset;
                .global .align 4 .u32 own = 1;
                .visible .entry k(.param .u64 k_param_0)
                {
                .reg .b32 %r<6>;
                .reg .b64 %rd<3>;
                ld.param.u64 %rd1, [k_param_0];
                cvta.to.global.u64 %rd2, %rd1;
                mov.u32 %r1, 20;
                { .param .b32 p0; st.param.b32 [p0], %r1; .param .b32 r0;
                call.uni (r0), twice, (p0); ld.param.b32 %r2, [r0]; }
                ld.global.u32 %r3, [offset];
                ld.global.u32 %r4, [own];
                add.s32 %r5, %r2, %r3;
                add.s32 %r5, %r5, %r4;
                st.global.u32 [%rd2], %r5;
                ret;
                }
                """;
        String lib = """
                .version 8.0
                .target sm_75
                .address_size 64
                .visible .global .align 4 .u32 offset = 300;
                .global .align 4 .u32 own = 5000;
                .visible .func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)
                {
                .reg .b32 %r<4>;
                ld.param.u32 %r1, [twice_param_0];
                ld.global.u32 %r2, [own];
                shl.b32 %r3, %r1, 1;
                add.s32 %r3, %r3, %r2;
                st.param.b32 [func_retval0], %r3;
                ret;
                }
                """;
        byte[] sassOnly = "not a PTX image".getBytes(StandardCharsets.UTF_8);
        try (SharedMemoryFile memory = SharedMemoryFile.create(dir, "device", SimulatorTarget.GLOBAL_BASE, 1 << 20)) {
            RuntimeDevice device = new RuntimeDevice("sm_90", memory);
            RuntimeDevice.Module one = device.load("app (fatbin 1)", sassOnly, List.of(main.getBytes(StandardCharsets.UTF_8)));
            assertTrue(one.image().startsWith("app (fatbin 1) (translation unit 1 of 1) ["), one.image());
            RuntimeDevice.Module linked = device.load("app (fatbin 2)", sassOnly,
                    List.of(main.getBytes(StandardCharsets.UTF_8), lib.getBytes(StandardCharsets.UTF_8)));
            assertEquals("app (fatbin 2) (2 translation units linked)", linked.image());
            long out = device.allocate(4);
            var launch = device.launch(null, 1, linked, "k", new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0,
                    List.of(java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(out).array()), 0,
                    false, false);
            assertTrue(launch.prepare(org.gpumem.sim.ExecOptions.defaults()).run().completed());
            int result = java.nio.ByteBuffer.wrap(device.device().read(out, 4)).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
            // twice(20) = 40 + lib's own 5000; main's offset is lib's 300; main's own is its 1
            assertEquals(40 + 5000 + 300 + 1, result);
            // the units of one program link once: a function visible in both is defined twice
            RuntimeDevice.ModuleException twiceDefined = assertThrows(RuntimeDevice.ModuleException.class,
                    () -> device.load("app (fatbin 3)", sassOnly,
                            List.of(lib.getBytes(StandardCharsets.UTF_8), lib.getBytes(StandardCharsets.UTF_8))));
            assertEquals(CudaError.INVALID_PTX, twiceDefined.error());
            assertTrue(twiceDefined.getMessage().contains("offset declared twice"), twiceDefined.getMessage());
        }
    }
}
