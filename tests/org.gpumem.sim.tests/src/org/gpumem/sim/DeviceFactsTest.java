package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.launch.Devices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The device-facts table: its rows are the CUDA C++ Programming Guide's, its residency count is
 * CUDA's occupancy rule, and what a kernel reads in its special registers, and the lane count of
 * the simulator's model target, are the table's.
 */
class DeviceFactsTest {
    private static final String HEADER = ".version 8.0\n.target sm_75\n.address_size 64\n";

    @Test
    void theRowsAreTheProgrammingGuidesTechnicalSpecifications() {
        // compute capability: blocks per SM, warps per SM, shared KiB per SM, shared KiB per block (opt-in), registers per block
        assertRow(DeviceFacts.of(75), 16, 32, 64, 64, 64 * 1024);
        assertRow(DeviceFacts.of(80), 32, 64, 164, 163, 64 * 1024);
        assertRow(DeviceFacts.of(86), 16, 48, 100, 99, 64 * 1024);
        assertRow(DeviceFacts.of(89), 24, 48, 100, 99, 64 * 1024);
        assertRow(DeviceFacts.of(90), 32, 64, 228, 227, 64 * 1024);
        assertRow(DeviceFacts.of(53), 32, 64, 64, 48, 32 * 1024);
        // a version between two rows takes the lower row's limits
        assertRow(DeviceFacts.of(91), 32, 64, 228, 227, 64 * 1024);
        assertEquals(0, DeviceFacts.of(75).reservedSharedBytesPerBlock());
        assertEquals(1024, DeviceFacts.of(80).reservedSharedBytesPerBlock());
        assertEquals(227 * 1024, DeviceFacts.MOST_SHARED_BYTES_PER_BLOCK);
    }

    private static void assertRow(DeviceFacts f, int blocks, int warps, int sharedKiB, int optinKiB, int registers) {
        String sm = "sm_" + f.smVersion();
        assertEquals(blocks, f.maxBlocksPerSm(), sm);
        assertEquals(warps, f.maxWarpsPerSm(), sm);
        assertEquals(warps * 32, f.maxThreadsPerSm(), sm);
        assertEquals(sharedKiB * 1024L, f.sharedBytesPerSm(), sm);
        assertEquals(optinKiB * 1024L, f.sharedBytesPerBlockOptin(), sm);
        assertEquals(registers, f.registersPerBlock(), sm);
        assertEquals(1, f.multiprocessors(), sm);
        assertEquals(32, f.warpSize(), sm);
    }

    @Test
    void residencyFollowsTheSmVersionsLimits() {
        assertEquals(32, DeviceFacts.of(90).residentBlocks(64, 0), "sm_90: 32 blocks per SM");
        assertEquals(32, DeviceFacts.of(80).residentBlocks(32, 0), "sm_80: 32 blocks per SM");
        assertEquals(16, DeviceFacts.of(75).residentBlocks(32, 0), "sm_75: 16 blocks per SM");
        assertEquals(2, DeviceFacts.of(90).residentBlocks(1024, 0), "64 warps per SM, 32 per block");
        assertEquals(1, DeviceFacts.of(75).residentBlocks(1024, 0), "sm_75: 32 warps per SM");
        assertEquals(1, DeviceFacts.of(86).residentBlocks(1024, 0), "sm_86: 48 warps per SM");
        assertEquals(3, DeviceFacts.of(86).residentBlocks(512, 0), "sm_86: 48 warps, 16 per block");
        assertEquals(4, DeviceFacts.of(90).residentBlocks(32, 56 * 1024), "228 KiB per SM, 57 KiB per block");
        assertEquals(1, DeviceFacts.of(90).residentBlocks(32, 227 * 1024));
        assertEquals(2, DeviceFacts.of(75).residentBlocks(32, 32 * 1024), "sm_75: 64 KiB per SM, no reserve");
        assertEquals(2, DeviceFacts.of(86).residentBlocks(513, 0), "sm_86: 513 threads take 17 warps, 2 blocks of 48 warps");
    }

    @Test
    void aBlockThatCannotBeLaunchedIsNeverResident() {
        assertEquals(0, DeviceFacts.of(90).residentBlocks(1025, 0), "more threads than a block may have");
        assertEquals(0, DeviceFacts.of(90).residentBlocks(0, 0));
        assertEquals(0, DeviceFacts.of(90).residentBlocks(32, 227 * 1024 + 1), "more shared memory than a block may have");
        assertEquals(0, DeviceFacts.of(86).residentBlocks(32, 100 * 1024), "sm_86 blocks have at most 99 KiB");
        assertEquals(0, DeviceFacts.of(61).residentBlocks(32, 49 * 1024), "before sm_70 a block has at most 48 KiB");
    }

    /** The dynamic shared memory available to n blocks is the most with which n blocks stay resident. */
    @ParameterizedTest
    @ValueSource(ints = {61, 75, 80, 86, 90})
    void availableDynamicSharedMemoryIsTheMostWithWhichTheBlocksStayResident(int sm) {
        DeviceFacts f = DeviceFacts.of(sm);
        long offset = 1040; // a kernel whose static shared memory ends at 1040, where its dynamic part starts
        for (int blocks = 1; blocks <= f.maxBlocksPerSm(); blocks++) {
            long available = f.availableDynamicSharedBytes(blocks, offset);
            if (available == 0) {
                assertTrue(f.residentBlocks(32, offset + 1) < blocks, "sm_" + sm + ", " + blocks + " blocks");
                continue;
            }
            assertTrue(f.residentBlocks(32, offset + available) >= blocks, "sm_" + sm + ", " + blocks + " blocks");
            assertTrue(f.residentBlocks(32, offset + available + 1) < blocks, "sm_" + sm + ", " + blocks + " blocks, one byte more");
        }
        assertThrows(IllegalArgumentException.class, () -> f.availableDynamicSharedBytes(0, 0));
    }

    @Test
    void theSimulatorsTargetHasTheTablesLaneCount() {
        Target target = SimulatorTarget.create();
        assertEquals(DeviceFacts.WARP_SIZE, target.getSubgroupSize());
        InterleavedAccess local = (InterleavedAccess) AddressSpaces.require(target, PtxStateSpace.LOCAL.ptxName()).getAccess();
        assertEquals(DeviceFacts.WARP_SIZE, local.getLaneCount());
        assertEquals(DeviceFacts.SHARED_BYTES_PER_BLOCK, target.getStorages().stream()
                .filter(s -> s.getName().equals(PtxStateSpace.SHARED.ptxName())).findFirst().orElseThrow().getDefaultSize());
        assertEquals(31, DeviceFacts.checkLane(31));
        assertEquals("lane must be 0..31: 32", assertThrows(IllegalArgumentException.class, () -> DeviceFacts.checkLane(32)).getMessage());
    }

    /**
     * A kernel's {@code %nsmid}, {@code %nwarpid}, {@code %smid}, {@code WARP_SZ} and
     * {@code %warpid} on devices of three versions, in every warp of five CTAs.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sm_75", "sm_86", "sm_90"})
    void aKernelReadsTheTableInItsSpecialRegisters(String sm) {
        String ptx = HEADER + ".visible .entry k(.param .u64 out)\n{\n .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
                + " ld.param.u64 %rd1, [out];\n mov.u32 %r1, %tid.x;\n mov.u32 %r2, %ctaid.x;\n mov.u32 %r3, %ntid.x;\n"
                + " mad.lo.u32 %r4, %r2, %r3, %r1;\n mul.wide.u32 %rd2, %r4, 20;\n add.u64 %rd3, %rd1, %rd2;\n"
                + " mov.u32 %r5, %nsmid;\n st.global.u32 [%rd3], %r5;\n mov.u32 %r5, %nwarpid;\n st.global.u32 [%rd3+4], %r5;\n"
                + " mov.u32 %r5, %smid;\n st.global.u32 [%rd3+8], %r5;\n mov.u32 %r5, WARP_SZ;\n st.global.u32 [%rd3+12], %r5;\n"
                + " mov.u32 %r5, %warpid;\n st.global.u32 [%rd3+16], %r5;\n ret;\n}\n";
        int ctas = 5, threads = 96;
        Device device = Devices.create(sm, 1 << 20);
        DeviceFacts facts = DeviceFacts.of(device.smVersion());
        LoadedModule m = device.load("facts.ptx", ptx);
        long out = device.allocate(20L * ctas * threads);
        LaunchResult r = m.launch(LaunchConfig.builder("k").grid(ctas, 1, 1).block(threads, 1, 1).argU64(out).build(),
                ExecOptions.defaults()).run();
        assertTrue(r.completed(), String.valueOf(r.fault()));
        ByteBuffer b = ByteBuffer.wrap(device.read(out, 20 * ctas * threads)).order(ByteOrder.LITTLE_ENDIAN);
        for (int t = 0; t < ctas * threads; t++) {
            String at = sm + " thread " + t + ": ";
            assertEquals(facts.multiprocessors(), b.getInt(), at + "%nsmid");
            assertEquals(facts.maxWarpsPerSm(), b.getInt(), at + "%nwarpid");
            assertEquals(0, b.getInt(), at + "%smid: one SM runs every CTA");
            assertEquals(facts.warpSize(), b.getInt(), at + "WARP_SZ");
            int warp = b.getInt();
            assertEquals((t % threads) / 32, warp, at + "%warpid");
            assertTrue(warp < facts.maxWarpsPerSm(), at + "%warpid < %nwarpid");
        }
    }
}
