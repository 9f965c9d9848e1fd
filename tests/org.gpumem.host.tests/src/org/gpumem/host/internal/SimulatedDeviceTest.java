package org.gpumem.host.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

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
     * relocatable fatbins hold the PTX the simulator runs. One unit's PTX is the program; units
     * that call each other would need their PTX linked, which the device refuses in one line.
     */
    @Test
    void relocatableDeviceCodeRunsFromItsTranslationUnitsPtx() throws Exception {
        String unit = ".version 8.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n ret;\n}\n";
        byte[] sassOnly = "not a PTX image".getBytes(StandardCharsets.UTF_8);
        try (SharedMemoryFile memory = SharedMemoryFile.create(dir, "device", SimulatorTarget.GLOBAL_BASE, 1 << 20)) {
            RuntimeDevice device = new RuntimeDevice("sm_90", memory);
            RuntimeDevice.Module module = device.load("app (fatbin 1)", sassOnly,
                    List.of(unit.getBytes(StandardCharsets.UTF_8)));
            assertTrue(module.image().startsWith("app (fatbin 1) (translation unit 1 of 1) ["), module.image());
            assertNotNull(device.kernelInfo(module, "k"));
            RuntimeDevice.ModuleException e = assertThrows(RuntimeDevice.ModuleException.class, () -> device.load(
                    "app (fatbin 2)", sassOnly, List.of(unit.getBytes(StandardCharsets.UTF_8), unit.getBytes(StandardCharsets.UTF_8))));
            assertEquals(CudaError.NO_KERNEL_IMAGE_FOR_DEVICE, e.error());
            assertTrue(e.getMessage().contains("relocatable device code (nvcc -rdc=true) of 2 translation units"),
                    e.getMessage());
        }
    }
}
