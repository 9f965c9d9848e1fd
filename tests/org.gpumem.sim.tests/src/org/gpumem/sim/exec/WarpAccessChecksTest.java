package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.shadow.CtaShadow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks of a warp instruction's accesses handed over at once ({@link CtaShadow#accesses},
 * whose shortcuts take the lanes together) find what the same accesses find told one lane at a
 * time ({@link CtaShadow#access}): two devices get the same random instructions, barriers and
 * warp synchronisations, one each way, and end with the same findings, first seen at the same
 * accesses and counted alike. The instructions mix what the shortcuts take (a full warp's
 * coalesced loads and stores, lanes reading or writing the bytes of one word, atomics) with what
 * they must refuse (words touched before, lanes going down, accesses past the buffer's end,
 * strong accesses, partial warps).
 */
class WarpAccessChecksTest {
    private static final int WARPS = 4;
    /** The global buffer: its first half written by the host, the rest not; a finding's variable is the buffer. */
    private static final int BYTES = 4096;
    private static final int SHARED = 512;
    private static final int SITES = 12;

    /** One checked device, a launch of two CTAs of {@link #WARPS} warps and the shadow of its CTA. */
    private static final class Checked {
        final Launch launch;
        final Cta cta;
        final CtaShadow checks;
        final long buffer;

        Checked() {
            SimulatedDevice device = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
            long out = device.allocate(4L * 2 * WARPS * 32);
            buffer = device.allocate(BYTES);
            byte[] host = new byte[BYTES / 2];
            for (int i = 0; i < host.length; i++) {
                host[i] = (byte) (i % 3);
            }
            device.write(buffer, host);
            device.enableChecks(EnumSet.of(CheckTool.RACECHECK, CheckTool.INITCHECK, CheckTool.MEMCHECK));
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < SITES; i++) {
                body.append(" ld.global.u32 %r").append(i).append(", [%aux+").append(4 * i).append("];\n");
            }
            DeviceModule module = device.load("warp_accesses.ptx",
                    SimTestSupport.perThreadKernel(".shared .align 4 .b8 s[" + SHARED / 2 + "];\n.shared .align 4 .b8 t[" + SHARED / 2 + "];",
                    body.toString()));
            LaunchConfig c = LaunchConfig.builder("k").grid(2, 1, 1).block(WARPS * 32, 1, 1).argU64(out).argU64(buffer).build();
            launch = module.launch(c, ExecOptions.defaults().withWorkers(1));
            cta = launch.newCta(0);
            checks = cta.checks;
        }

        int site(int k) {
            return launch.shadow.site(0, k);
        }

        List<String> findings() {
            for (int w = 0; w < WARPS; w++) {
                checks.exited(w, -1);
            }
            return launch.shadow.findings().stream().map(Finding::toString).toList();
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void warpInstructionsFindWhatTheirLanesFindOneByOne(long seed) {
        Checked together = new Checked();
        Checked alone = new Checked();
        Random r = new Random(seed);
        for (int step = 0; step < 3000; step++) {
            if (step == 1500) {
                // the second CTA: the first's accesses stay in global memory's records
                together.checks.reset(1);
                alone.checks.reset(1);
            }
            int what = r.nextInt(20);
            if (what == 0) {
                for (Checked c : List.of(together, alone)) {
                    for (int w = 0; w < WARPS; w++) {
                        c.checks.barrierArrive(w, -1, 0, true, true, true, c.site(0));
                    }
                    c.checks.barrierReleased(0, WARPS * 32);
                }
                continue;
            }
            int warp = r.nextInt(WARPS);
            if (what == 1) {
                for (Checked c : List.of(together, alone)) {
                    c.checks.warpSync(warp, -1, -1, true, -1, c.site(1));
                }
                continue;
            }
            int op = r.nextInt(8) == 0 ? CtaShadow.ATOMIC : r.nextBoolean() ? CtaShadow.READ : CtaShadow.WRITE;
            int flags = op == CtaShadow.ATOMIC || r.nextInt(8) == 0 ? CtaShadow.STRONG : 0;
            int size = 1 << r.nextInt(4);
            boolean shared = r.nextInt(4) == 0;
            int lanes = r.nextInt(3) == 0 ? r.nextInt() | 1 : -1;
            int site = r.nextInt(SITES);
            int register = r.nextInt(8);
            long[] addresses = addresses(r, size, shared ? SHARED : BYTES + 64);
            long[] values = new long[32];
            for (int l = 0; l < 32; l++) {
                values[l] = r.nextInt(3);
            }
            PtxStateSpace space = shared ? PtxStateSpace.SHARED : PtxStateSpace.GLOBAL;
            long base = shared ? 0 : together.buffer;
            for (int l = 0; l < 32; l++) {
                together.checks.laneAddresses()[l] = base + addresses[l];
                together.checks.laneValues()[l] = values[l];
            }
            together.checks.accesses(op, flags, space, size, warp, lanes, together.site(site), register);
            for (int m = lanes; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                alone.checks.access(op, flags, space, base + addresses[l], size, warp, l, alone.site(site), values[l], register);
            }
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        // the instructions made findings of each kind the shortcuts must keep
        for (FindingKind k : List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW,
                FindingKind.UNINITIALIZED_READ, FindingKind.PAST_END)) {
            assertTrue(found.stream().anyMatch(f -> f.contains("kind=" + k + ",")), () -> k + " not found in " + found);
        }
    }

    /** The lanes' offsets of one random instruction of {@code size}-byte accesses, in a space of {@code bytes}. */
    private static long[] addresses(Random r, int size, int bytes) {
        long[] at = new long[32];
        int pattern = r.nextInt(7);
        long base = r.nextInt(Math.max(1, bytes - 32 * 2 * size)) & -size;
        for (int l = 0; l < 32; l++) {
            at[l] = switch (pattern) {
                // a coalesced access: the common case the shortcuts are for
                case 0, 1 -> base + (long) size * l;
                // bytes of one word: lanes in groups on a word
                case 2 -> base + l / 2 * size;
                // every lane at one address
                case 3 -> base;
                // going down
                case 4 -> base + (long) size * (31 - l);
                // strided
                case 5 -> base + 2L * size * l;
                // anywhere in a small window (unaligned too): lanes collide
                default -> base + r.nextInt(8 * size);
            };
        }
        return at;
    }
}
