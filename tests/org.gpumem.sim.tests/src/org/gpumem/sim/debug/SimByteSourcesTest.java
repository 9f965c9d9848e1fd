package org.gpumem.sim.debug;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.PtxLoader;
import org.gpumem.sim.ptx.PtxModule;
import org.junit.jupiter.api.Test;

class SimByteSourcesTest {
    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "kernels");

    @Test
    void everySymbolTheDwarfRelocatesIsPlaced() throws Exception {
        for (String k : new String[] {"local_array.G.ptx", "reduce.G.ptx", "transpose.G.ptx"}) {
            PtxModule m = PtxLoader.load(KERNELS.resolve(k));
            DeviceModule dm = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE).load(m);
            SymbolLayout layout = dm.symbolLayout();
            PtxDebugSections sections = PtxDebugSections.assemble(m.name(), m.text());
            List<String> unplaced = new ArrayList<>();
            for (String name : sections.sectionNames()) {
                for (DebugSections.Relocation r : sections.relocations(name)) {
                    if (!r.symbol().startsWith(".debug") && layout.valueOf(r.symbol()).isEmpty()) {
                        unplaced.add(r.symbol());
                    }
                }
            }
            assertTrue(unplaced.isEmpty(), k + ": " + unplaced);
        }
    }

    @Test
    void poolsReadTheLiveStorage() throws Exception {
        PtxModule m = PtxLoader.load(KERNELS.resolve("local_array.G.ptx"));
        SimulatedDevice d = new SimulatedDevice("sm_90", 1 << 20, BlockCompiler.INSTANCE);
        DeviceModule dm = d.load(m);
        StateSpaceLayout layout = d.layout();
        long base = SimulatorTarget.GLOBAL_BASE;
        long in = d.allocate(512), out = d.allocate(512);
        d.write(in, new byte[] {1, 2, 3, 4});
        Launch l = dm.launch(LaunchConfig.builder(m.kernels().get(0).name()).block(32, 1, 1).argU64(in).argU64(out)
                .argS32(32).build(), ControlledLaunch.options(0));
        ControlledLaunch s = new ControlledLaunch(l);
        ByteSource global = SimByteSources.global(d.global(), s::stopCount);
        byte[] b = new byte[4];
        global.read(in - base, b, 0, 4);
        assertArrayEquals(new byte[] {1, 2, 3, 4}, b);
        assertEquals(out - base, global.nextPopulated(in - base + 512));
        assertThrows(RuntimeException.class, () -> global.read(in - base + 600, b, 0, 4));
        Cta cta = s.cta().cta();
        ByteSource lane3 = SimByteSources.localLane(cta.warp(0), 3, s::stopCount);
        ByteSource warp = SimByteSources.localWarp(cta.warp(0), s::stopCount);
        assertEquals(l.localBytesPerThread(), lane3.size());
        assertEquals(layout.localWarpBytes(l.localBytesPerThread()), warp.size());
        lane3.write(4, new byte[] {7, 8, 9, 10, 11, 12, 13, 14}, 0, 8);
        byte[] phys = new byte[4];
        warp.read(layout.localPhysical(3, 8), phys, 0, 4);
        assertArrayEquals(new byte[] {11, 12, 13, 14}, phys, "bytes 8..11 of lane 3 are its second word's line");
        ByteSource shared = SimByteSources.shared(cta, s::stopCount);
        assertEquals(l.sharedBytes(), shared.size());
        assertFalse(SimByteSources.kernelParams(l, s::stopCount).isWritable());
        long v = s.stopCount();
        s.resume();
        assertTrue(global.version() > v);
    }
}
