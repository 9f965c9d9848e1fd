package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.debug.StepScope;
import org.gpumem.sim.debug.StepUnit;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.junit.jupiter.api.Test;

/**
 * Texture memory as its own space: at a stop in the fixture texture_space's second kernel, the
 * texture space holds each CUDA array at its device address with the bytes the host copied in
 * or the first kernel wrote through a surface (computed here from the fixture's formulas), each
 * array a variable of that space saying its format, extent and the call that made it.
 */
class TextureSpaceTest {
    private static final int W = 16, H = 8, L = 2;

    @Test
    void theTextureSpaceHoldsEachArraysBytesAndNamesIt() throws Exception {
        Map<String, byte[]> seen = new TreeMap<>();
        List<String> pools = new ArrayList<>();
        KernelRunner stopInFetch = launch -> {
            KernelLaunch k = launch.prepare(ControlledLaunch.options(0));
            if (!launch.kernel().contains("fetch")) {
                return k.run();
            }
            ControlledLaunch c = new ControlledLaunch(k);
            c.step(StepScope.WARP, StepUnit.INSTRUCTION);
            MemoryState state = StoppedMemoryState.of(c);
            AllocationVariables.addTo(state, launch.process(), new HostCode());
            AddressSpace tex = AddressSpaces.require(state.getTarget(), SimulatorTarget.TEXTURE);
            for (Pool p : state.getDevice().getPools()) {
                pools.add(p.getStorage().getName());
            }
            for (Variable v : state.getVariables()) {
                if (v.getSpace() == tex) {
                    byte[] bytes = new byte[(int) v.getByteSize()];
                    AddressResolver.read(Contexts.ancestor(state.getDevice(), tex.getScope()), tex, v.getOffset(), bytes, 0,
                            bytes.length);
                    seen.put(String.format("%016x ", v.getOffset()) + v.getTypeName() + " | " + v.getName(), bytes);
                }
            }
            while (!c.isTerminated()) {
                c.resume();
            }
            return c.result();
        };
        HostProgram program = HostProgram.of(Fixtures.program("texture_space"), List.of(), Fixtures.runtime());
        List<String> problems = new ArrayList<>();
        HostSession session = HostSession.start(program, new HostListener() {
            @Override
            public void disconnected(HostProcess process, String problem) {
                if (problem != null) {
                    problems.add(problem);
                }
            }
        }, stopInFetch, new HostSession.Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.PIPE,
                ProcessBuilder.Redirect.PIPE));
        String out = new String(session.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        session.process().getErrorStream().transferTo(System.err);
        assertEquals(0, session.waitFor(), out + problems);
        assertTrue(out.endsWith("Test PASSED\n"), out);
        assertTrue(pools.contains(SimulatorTarget.TEXTURE), pools.toString());

        ByteBuffer plane = ByteBuffer.allocate(W * H * 4).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer stored = ByteBuffer.allocate(W * H * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                plane.putFloat(y * 100 + x + 0.25f);
                stored.putFloat(x * 2 + y * 1000 + 0.5f);
            }
        }
        byte[] rows = new byte[L * W * 4];
        for (int l = 0; l < L; l++) {
            for (int x = 0; x < W; x++) {
                for (int c = 0; c < 4; c++) {
                    rows[(l * W + x) * 4 + c] = (byte) ((l * 64 + x * 4 + c) * 3 % 256);
                }
            }
        }
        // in the order the program allocated them, which is their address order (nothing was freed before)
        List<String> names = new ArrayList<>();
        for (String key : seen.keySet()) {
            names.add(key.substring(17));
        }
        List<byte[]> bytes = new ArrayList<>(seen.values());
        assertEquals(3, names.size(), names.toString());
        assertTrue(names.get(0).startsWith("CUDA array float, 16 x 8, 512 bytes | cudaMallocArray from main+"), names.get(0));
        assertTrue(names.get(1).startsWith("CUDA array uchar4, 16, 2 layers, 128 bytes | cudaMalloc3DArray from main+"),
                names.get(1));
        assertTrue(names.get(2).startsWith("CUDA array float, 16 x 8, 512 bytes | cudaMallocArray from main+"), names.get(2));
        assertArrayEquals(plane.array(), bytes.get(0), "copied in by cudaMemcpy2DToArray");
        assertArrayEquals(rows, bytes.get(1), "copied in by cudaMemcpy3D");
        assertArrayEquals(stored.array(), bytes.get(2), "written by the kernel store through a surface");
    }
}
