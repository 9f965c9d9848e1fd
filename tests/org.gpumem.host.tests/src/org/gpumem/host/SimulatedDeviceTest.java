package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

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
            RuntimeDevice.Module module = device.load("k.ptx", ptx.getBytes(StandardCharsets.UTF_8));
            RuntimeDevice.KernelInfo info = device.kernelInfo(module, "k");
            assertEquals(75, info.ptxVersion());
            assertEquals(90, info.binaryVersion());
        }
    }
}
