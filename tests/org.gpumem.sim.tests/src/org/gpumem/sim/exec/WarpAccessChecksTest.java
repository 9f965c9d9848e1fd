package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.IntToLongFunction;
import java.util.function.ToIntFunction;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.gpumem.sim.shadow.CtaShadow;
import org.junit.jupiter.api.Test;
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
 * strong accesses, releases and fences).
 */
class WarpAccessChecksTest {
    private static final int WARPS = 4;
    /**
     * The global buffer: written by the host from the middle of the {@link #HOT} window to its
     * middle, the rest not; a finding's variable is the buffer. Over 1 MiB: two racecheck chunks.
     */
    private static final int BYTES = (1 << 20) + 8192;
    /** The bytes at the start of each space where most accesses go, so that they meet. */
    private static final int HOT = 4096;
    private static final int SHARED = 512;
    private static final int SITES = 12;

    /** One checked device, a launch of two CTAs of {@link #WARPS} warps and the shadow of its CTA. */
    private static final class Checked {
        final Launch launch;
        final Cta cta;
        final CtaShadow checks;
        final long buffer;

        Checked() {
            this(EnumSet.of(CheckTool.RACECHECK, CheckTool.INITCHECK, CheckTool.MEMCHECK));
        }

        Checked(EnumSet<CheckTool> tools) {
            SimulatedDevice device = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
            // checks first: memory allocated before them counts as written
            device.enableChecks(tools);
            long out = device.allocate(4L * 2 * WARPS * 32);
            buffer = device.allocate(BYTES);
            byte[] host = new byte[BYTES / 2 - HOT / 2];
            for (int i = 0; i < host.length; i++) {
                host[i] = (byte) (i % 3);
            }
            device.write(buffer + HOT / 2, host);
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
        List<String> found = randomInstructions(together, alone, seed, 4, true);
        // the instructions made findings of each kind the shortcuts must keep
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW,
                FindingKind.UNINITIALIZED_READ, FindingKind.PAST_END));
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=UNINITIALIZED_READ, space=GLOBAL")), found::toString);
    }

    /**
     * Mostly shared accesses, as a tiled kernel makes them (a row of a tile read by each half of
     * the warp, a column read by both halves, a padded tile's column), under each set of checks
     * whose shortcuts differ: without initcheck (a read's lanes only keep their register), and
     * memcheck alone (nothing but the bounds and variables to test).
     */
    @ParameterizedTest
    @ValueSource(strings = {"RACECHECK,INITCHECK,MEMCHECK", "RACECHECK,MEMCHECK", "MEMCHECK", "RACECHECK"})
    void tileReadsFindWhatTheirLanesFindOneByOne(String checks) {
        EnumSet<CheckTool> tools = tools(checks);
        for (long seed = 11; seed <= 13; seed++) {
            Checked together = new Checked(tools);
            Checked alone = new Checked(tools);
            List<String> found = randomInstructions(together, alone, seed, 2, false);
            assertTrue(!found.isEmpty(), "no finding to compare");
            if (tools.contains(CheckTool.RACECHECK)) {
                assertTrue(found.stream().anyMatch(f -> f.contains("kind=RACE_RAW, space=SHARED")), found::toString);
            }
        }
    }

    /**
     * 3000 random instructions, barriers, warp synchronisations and fences on both devices, one
     * access in {@code sharedOneIn} in shared memory, with strong accesses and fences when
     * {@code strong} (else weak reads and writes only: no thread knows more than barriers and warp
     * synchronisations tell it, as in most kernels, where the shortcuts apply); the findings of
     * {@code together}, asserted to be {@code alone}'s.
     */
    private static List<String> randomInstructions(Checked together, Checked alone, long seed, int sharedOneIn,
            boolean strong) {
        Random r = new Random(seed);
        long[] lastGlobal = new long[WARPS];
        long[] lastShared = new long[WARPS];
        for (int step = 0; step < 3000; step++) {
            if (step == 1500) {
                // the second CTA: the first's accesses stay in global memory's records
                together.checks.reset(1);
                alone.checks.reset(1);
            }
            int what = r.nextInt(24);
            if (what == 0) {
                barrier(together, alone);
                continue;
            }
            int warp = r.nextInt(WARPS);
            if (what == 1) {
                warpSync(together, alone, warp, -1);
                continue;
            }
            if (what == 2 && strong) {
                // the lanes' next strong write or atomic releases
                int lanes = r.nextInt();
                for (Checked c : List.of(together, alone)) {
                    c.checks.fence(warp, lanes);
                }
                continue;
            }
            int op = r.nextInt(6) == 0 && strong ? CtaShadow.ATOMIC : r.nextBoolean() ? CtaShadow.READ : CtaShadow.WRITE;
            int flags = op == CtaShadow.ATOMIC || r.nextInt(8) == 0 && strong ? CtaShadow.STRONG : 0;
            if (flags != 0 && r.nextInt(40) == 0) {
                flags |= op == CtaShadow.READ ? CtaShadow.ACQUIRE : CtaShadow.RELEASE;
            }
            int size = 1 << r.nextInt(4);
            boolean shared = r.nextInt(sharedOneIn) == 0;
            if (shared && size == 8 && r.nextBoolean()) {
                // a vector of four words (a lane's read of 8 or 16 bytes is taken a word at a time)
                size = 16;
            }
            int lanes = r.nextInt(3) == 0 ? r.nextInt() | 1 : -1;
            int site = r.nextInt(SITES);
            int register = r.nextInt(8);
            long[] addresses = addresses(r, size, shared ? SHARED : BYTES + 64, warp, shared ? lastShared : lastGlobal);
            long[] values = new long[32];
            for (int l = 0; l < 32; l++) {
                values[l] = r.nextInt(3);
            }
            both(together, alone, op, flags, shared ? PtxStateSpace.SHARED : PtxStateSpace.GLOBAL, size, warp, lanes, site,
                    register, addresses, values);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        return found;
    }

    /**
     * A thread's access to its own word after its read of other bytes of it, or after its write,
     * and another warp's write to those words then: the records the shortcuts leave for a thread's
     * own words keep what lane by lane keeps (a read of bytes the new access does not cover stays,
     * and races with the other warp's write).
     */
    @Test
    void aThreadsOwnWordsKeepWhatLaneByLaneKeeps() {
        scriptedGlobalSteps(new int[][] {
            // op, size, warp, offset of lane 0 (from BYTES / 2: unwritten), bytes from one lane to the next
            {CtaShadow.READ, 4, 0, 0, 4}, {CtaShadow.READ, 2, 0, 0, 4}, {CtaShadow.WRITE, 2, 1, 2, 4},
            {CtaShadow.WRITE, 4, 0, 256, 4}, {CtaShadow.READ, 4, 0, 256, 4}, {CtaShadow.WRITE, 1, 2, 259, 4},
            {CtaShadow.WRITE, 2, 0, 512, 4}, {CtaShadow.WRITE, 4, 0, 512, 4}, {CtaShadow.READ, 1, 3, 513, 4},
            {CtaShadow.READ, 2, 0, 768, 4}, {CtaShadow.WRITE, 4, 0, 768, 4}, {CtaShadow.READ, 4, 1, 768, 4},
        });
    }

    /**
     * Full warps' 8- and 16-byte values over words a lane's own thread touched and over its
     * neighbour's (the same warp's accesses a word further on, unordered with it), over words of
     * another warp, half of a value read or written by 4-byte accesses: the records the shortcut
     * for consecutive values leaves keep what lane by lane keeps, and each kind of race is found.
     */
    @Test
    void wideValuesKeepWhatLaneByLaneKeeps() {
        scriptedGlobalSteps(new int[][] {
            {CtaShadow.WRITE, 8, 0, 0, 8}, {CtaShadow.WRITE, 8, 0, 0, 8}, {CtaShadow.READ, 8, 0, 0, 8},
            {CtaShadow.WRITE, 8, 0, 4, 8}, {CtaShadow.READ, 4, 1, 0, 4},
            {CtaShadow.READ, 8, 0, 512, 8}, {CtaShadow.READ, 8, 0, 516, 8}, {CtaShadow.WRITE, 8, 0, 516, 8},
            {CtaShadow.READ, 4, 2, 1024, 8}, {CtaShadow.WRITE, 8, 2, 1024, 8}, {CtaShadow.READ, 8, 3, 1024, 8},
            {CtaShadow.WRITE, 16, 0, 2048, 16}, {CtaShadow.WRITE, 16, 0, 2052, 16}, {CtaShadow.READ, 16, 0, 2056, 16},
            {CtaShadow.WRITE, 4, 1, 2060, 16}, {CtaShadow.WRITE, 16, 1, 2048, 16},
        });
    }

    /**
     * Full warps' byte and half-word global loads and stores of consecutive bytes from a word's
     * first byte (histogram's input, four or two lanes on each word), over words no thread
     * touched, then other warps' accesses to those words, which meet the first and last lane of
     * each word (reads) or the last (writes), as lane by lane they do; and what must go the long
     * way: words the same instruction's lanes meet after another warp's, bytes not from a word's
     * first byte, a run across the two racecheck chunks.
     */
    @Test
    void bytesOfAFullWarpKeepWhatLaneByLaneKeeps() {
        // from BYTES / 2 to the second chunk's first word, less 16 bytes
        int chunkEnd = (1 << 20) - BYTES / 2 - 16;
        scriptedGlobalSteps(new int[][] {
            {CtaShadow.READ, 1, 0, 0, 1}, {CtaShadow.WRITE, 4, 1, 0, 4},
            {CtaShadow.READ, 2, 2, 256, 2}, {CtaShadow.READ, 2, 0, 256, 2}, {CtaShadow.WRITE, 4, 3, 256, 4},
            {CtaShadow.WRITE, 1, 0, 512, 1}, {CtaShadow.READ, 4, 1, 512, 4},
            {CtaShadow.WRITE, 2, 2, 768, 2}, {CtaShadow.WRITE, 4, 3, 768, 4}, {CtaShadow.READ, 1, 1, 768, 1},
            {CtaShadow.READ, 1, 1, 1025, 1}, {CtaShadow.WRITE, 1, 2, 1025, 1},
            {CtaShadow.READ, 1, 0, chunkEnd, 1}, {CtaShadow.WRITE, 4, 1, chunkEnd, 4},
        });
    }

    /**
     * Each step of {@code steps} (op, size, warp, offset of lane 0 from {@code BYTES / 2}, where
     * the host wrote nothing, and bytes from one lane to the next) as one full warp's weak global
     * instruction on both devices, storing 1 where memory holds 0 (not the same value, so a write
     * after another thread's write races): asserts that both devices find the same and that the
     * steps found each kind of race.
     */
    private static void scriptedGlobalSteps(int[][] steps) {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        for (int[] s : steps) {
            long[] at = new long[32];
            for (int l = 0; l < 32; l++) {
                at[l] = BYTES / 2 + s[3] + (long) s[4] * l;
            }
            both(together, alone, s[0], 0, PtxStateSpace.GLOBAL, s[1], s[2], -1, 2, -1, at, ones);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW));
    }

    /**
     * Full warps' weak 4-byte global loads and stores of 32 consecutive words (saxpy's, a
     * transpose's rows), which take their words in one pass when no word holds another thread's
     * access, mixed with what must send them the long way: words other warps touched (ordered by
     * a barrier or not), a thread's own words read or written before (read then written, as saxpy
     * does its output), bytes and half words, partial warps, runs across the end of what the host
     * wrote and across the two racecheck chunks, not aligned to 32 words; reads of unwritten
     * words held until the same lanes' writes explain them, or not. Without racecheck too
     * (initcheck then takes a run of lanes in one test).
     */
    @ParameterizedTest
    @ValueSource(strings = {"RACECHECK,INITCHECK,MEMCHECK", "INITCHECK,MEMCHECK", "INITCHECK"})
    void coalescedGlobalWordsFindWhatTheirLanesFindOneByOne(String checks) {
        EnumSet<CheckTool> tools = tools(checks);
        for (long seed = 21; seed <= 24; seed++) {
            List<String> found = coalescedGlobalWords(new Checked(tools), new Checked(tools), seed,
                    r -> r.nextInt(6) == 0 ? 1 << r.nextInt(2) : 4, 0);
            List<FindingKind> kinds = tools.contains(CheckTool.RACECHECK)
                    ? List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW, FindingKind.UNINITIALIZED_READ)
                    : List.of(FindingKind.UNINITIALIZED_READ);
            assertFoundEach(found, kinds);
        }
    }

    /**
     * Full warps' weak 8- and 16-byte global loads and stores of consecutive values (a scan's
     * 64-bit values, vectors), which take each lane's two or four words in one pass as 4-byte
     * ones take theirs, mixed with 4-byte accesses over the same words (a thread's own half of a
     * value, another warp's word), with what must send them the long way as in
     * {@link #coalescedGlobalWordsFindWhatTheirLanesFindOneByOne}, and with values at a word's
     * but not a value's alignment.
     */
    @ParameterizedTest
    @ValueSource(strings = {"RACECHECK,INITCHECK,MEMCHECK", "RACECHECK"})
    void wideCoalescedGlobalValuesFindWhatTheirLanesFindOneByOne(String checks) {
        EnumSet<CheckTool> tools = tools(checks);
        for (long seed = 31; seed <= 34; seed++) {
            List<String> found = coalescedGlobalWords(new Checked(tools), new Checked(tools), seed,
                    r -> r.nextInt(4) == 0 ? 4 : r.nextInt(3) == 0 ? 16 : 8, 3);
            assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW));
        }
    }

    /**
     * 2500 random steps of coalesced global accesses on both devices, each of the size
     * {@code sizes} draws, now and then where a warp was last, moved up by 1 to {@code nudge}
     * words half the time (a lane's wide value then over its own word and its neighbour's): the
     * findings of {@code together}, asserted to be {@code alone}'s.
     */
    private static List<String> coalescedGlobalWords(Checked together, Checked alone, long seed, ToIntFunction<Random> sizes,
            int nudge) {
        Random r = new Random(seed);
        // where the warps meet: unwritten bytes, the start and end of what the host wrote, the second chunk
        long[] zones = {256, HOT / 2, BYTES / 2, 1 << 20};
        long[] last = new long[WARPS];
        for (int step = 0; step < 2500; step++) {
            if (step == 1250) {
                together.checks.reset(1);
                alone.checks.reset(1);
            }
            int warp = r.nextInt(WARPS);
            if (r.nextInt(16) == 0) {
                barrier(together, alone);
                continue;
            }
            boolean again = r.nextInt(3) == 0;
            long drawn = again ? last[r.nextInt(4) == 0 ? r.nextInt(WARPS) : warp]
                    : zones[r.nextInt(zones.length)] + 4L * (r.nextInt(48) - 24);
            long base = again && nudge > 0 && r.nextBoolean() ? drawn + 4L * (1 + r.nextInt(nudge)) : drawn;
            last[warp] = base;
            int size = sizes.applyAsInt(r);
            int lanes = r.nextInt(5) == 0 ? r.nextInt() : -1;
            long[] values = new long[32];
            for (int l = 0; l < 32; l++) {
                values[l] = r.nextInt(4) == 0 ? 1 : 0;
            }
            both(together, alone, r.nextBoolean() ? CtaShadow.READ : CtaShadow.WRITE, 0, PtxStateSpace.GLOBAL, size, warp,
                    lanes, r.nextInt(SITES), r.nextInt(8), lanesAt(l -> base + (long) size * l), values);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        return found;
    }

    /** A scripted step of {@link #sharedStoresKeepWhatLaneByLaneKeeps}: a whole-CTA barrier. */
    private static final int BARRIER = -1;
    /** A scripted step: lanes {@code lanes} of a warp synchronise among themselves ({@code __syncwarp(lanes)}). */
    private static final int SYNC = -2;

    /**
     * Weak shared stores of a warp instruction after reads and writes of other threads keep what
     * lane by lane keeps (what a path taking them a word at a time must keep): stores after another warp's reads without a
     * barrier (each a race) and with one (none), Hillis-Steele's step (each thread reads its word
     * and its neighbour's, a barrier, then writes its own), stores of the value memory holds over
     * another warp's write (no race) and of another (a race), byte and short stores whose lanes
     * share words (over reads of the whole word: the read slots keep what the lanes leave),
     * partial warps, and lanes that synchronised part of their warp (ordered with each other, not
     * with the rest of it). The findings show what the records held.
     */
    @Test
    void sharedStoresKeepWhatLaneByLaneKeeps() {
        int all = -1;
        int[][] steps = {
            // op, size, warp, lanes, offset of lane 0, bytes from one lane to the next, value stored
            // warp 1 reads words 0..31, warp 0 stores them: a race per word; after a barrier, words 32..63: none
            {CtaShadow.READ, 4, 1, all, 0, 4, 0}, {CtaShadow.WRITE, 4, 0, all, 0, 4, 1},
            {CtaShadow.READ, 4, 1, all, 128, 4, 0}, {BARRIER}, {CtaShadow.WRITE, 4, 0, all, 128, 4, 1},
            // a scan step: each thread reads its word and the one 1 before, a barrier, each writes its word
            {CtaShadow.READ, 4, 2, all, 256, 4, 0}, {CtaShadow.READ, 4, 2, all & ~1, 252, 4, 0},
            {CtaShadow.READ, 4, 3, all, 384, 4, 0}, {CtaShadow.READ, 4, 3, all, 380, 4, 0}, {BARRIER},
            {CtaShadow.WRITE, 4, 2, all, 256, 4, 1}, {CtaShadow.WRITE, 4, 3, all, 384, 4, 1},
            // and without the barrier: lane 0 of warp 3 writes the word lane 31 of warp 2 read
            {CtaShadow.READ, 4, 2, all, 256, 4, 0}, {CtaShadow.READ, 4, 3, all, 380, 4, 0},
            {CtaShadow.WRITE, 4, 3, all, 384, 4, 1},
            // warp 1 stores 0 over warp 0's 1: a race; warp 2 stores 1 over it: no race (the same value)
            {BARRIER}, {CtaShadow.WRITE, 4, 0, 0xFFFF, 0, 4, 1}, {CtaShadow.WRITE, 4, 1, 0xFFFF, 0, 4, 0},
            {CtaShadow.WRITE, 4, 2, 0xFFFF0000, 0, 4, 0},
            // bytes and shorts of words read whole by another warp: a race with each word's read, once per lane
            {BARRIER}, {CtaShadow.READ, 4, 3, all, 0, 4, 0}, {CtaShadow.WRITE, 1, 0, all, 0, 1, 1},
            {CtaShadow.WRITE, 2, 1, all, 32, 2, 1},
            // after a barrier: the read slots hold what is left of the reads, the write slot the last lane's bytes
            {BARRIER}, {CtaShadow.READ, 4, 3, all, 64, 4, 0}, {CtaShadow.READ, 4, 2, all, 64, 4, 0}, {BARRIER},
            {CtaShadow.WRITE, 1, 0, 0x55555555, 64, 1, 1}, {CtaShadow.WRITE, 2, 1, 0x0F0F0F0F, 65, 2, 1},
            {CtaShadow.WRITE, 1, 2, 0xAAAAAAAA, 64, 1, 1}, {CtaShadow.READ, 4, 3, all, 64, 4, 0},
            // lanes of a partial warp store words, another warp's reads then race with some
            {BARRIER}, {CtaShadow.WRITE, 4, 0, 0x00FF00F0, 256, 4, 1}, {CtaShadow.READ, 4, 1, all, 256, 4, 0},
            // lanes 0..15 of warp 2 synchronise: ordered with each other's reads, not with lanes 16..31
            {BARRIER}, {CtaShadow.READ, 4, 2, all, 0, 4, 0}, {SYNC, 0, 2, 0xFFFF},
            {CtaShadow.WRITE, 4, 2, 0xFFFF, 0, 0, 1}, {CtaShadow.WRITE, 4, 2, 0xFFFF, 60, 4, 1},
            {CtaShadow.WRITE, 4, 2, 0xFFFF0000, 0, 4, 1},
        };
        List<String> found = scripted(steps);
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW));
    }

    /**
     * Two lanes' stores of bytes 0 and 2 of each word leave byte 1 of the word's read before them
     * (by warp 3, known from a barrier), so that warp 1's read of byte 1 then replaces it in the
     * first read slot, warp 2's takes the second, and warp 3's store of byte 1 races with both
     * (were byte 0 left too, warp 1's read would take the second slot and warp 2's replace it).
     */
    @Test
    void sharedStoresLeaveWhatIsLeftOfAReadAsLaneByLane() {
        int all = -1;
        List<String> found = scripted(new int[][] {{CtaShadow.READ, 2, 3, all, 0, 4, 0}, {BARRIER},
            {CtaShadow.WRITE, 1, 0, all, 0, 2, 1}, {CtaShadow.READ, 1, 1, all, 1, 4, 0}, {CtaShadow.READ, 1, 2, all, 1, 4, 0},
            {CtaShadow.WRITE, 1, 3, all, 1, 4, 1}});
        assertEquals(2, found.stream().filter(f -> f.contains("kind=RACE_WAR,")).count(), found::toString);
    }

    /** A scripted step of {@link #scriptedIn}: the launch's second CTA starts (global memory keeps the first's records). */
    private static final int NEXT_CTA = -3;

    /**
     * Weak global reads of words that the threads of several CTAs read (an input every CTA of a
     * row reads, as matmul's tiles), which a path taking them a word at a time must keep as lane
     * by lane keeps: reads of one site by three warps (a word's two reads kept as a pair, the
     * second replaced), a read after a barrier that orders the first (which it replaces), a read
     * of another site after a pair (the word's full record, that site in its second read slot),
     * reads after another warp's write ordered by a barrier (none races) and not ordered (each
     * races), bytes and half words of a partial warp, lanes sharing words; then the second CTA's
     * warps read the same words, and a warp of it writes them all: each write races with the
     * reads the records kept, so the findings (their other accesses and counts) show which reads
     * each record held.
     */
    @Test
    void wordsReadByThreadsOfSeveralCtasKeepWhatLaneByLaneKeeps() {
        int all = -1;
        int read = CtaShadow.READ, write = CtaShadow.WRITE;
        // words the host wrote (no uninitialized reads), 64 words apart for each case
        int a = HOT, b = HOT + 256, c = HOT + 512, d = HOT + 768, e = HOT + 1024;
        int[][] steps = {
            // op, size, warp, lanes, offset of lane 0, bytes from one lane to the next, value stored, site
            {read, 4, 0, all, a, 4, 0, 5}, {read, 4, 1, all, a, 4, 0, 5}, {read, 4, 2, all, a, 4, 0, 5},
            {read, 4, 0, all, b, 4, 0, 5}, {read, 4, 1, all, b, 4, 0, 5}, {read, 4, 2, all, b, 4, 0, 6},
            {write, 4, 0, all, c, 4, 1, 7}, {BARRIER}, {read, 4, 3, all, a, 4, 0, 5}, {read, 4, 1, all, c, 4, 0, 5},
            {read, 4, 2, 0xFFFF, c, 4, 0, 5}, {write, 4, 0, all, d, 4, 1, 7}, {read, 4, 1, all, d, 4, 0, 5},
            {read, 1, 0, 0x0F0F0F0F, e, 1, 0, 8}, {read, 2, 1, all, e, 2, 0, 8}, {read, 4, 2, all, e, 0, 0, 8},
            {NEXT_CTA},
            {read, 4, 0, all, a, 4, 0, 5}, {read, 4, 1, 0xFFFF, b, 4, 0, 5}, {read, 4, 2, all, c, 4, 0, 5},
            {read, 1, 3, all, e, 1, 0, 8}, {read, 4, 1, all, d, 4, 0, 5},
            {write, 4, 3, all, a, 4, 1, 9}, {write, 4, 3, all, b, 4, 1, 9}, {write, 4, 3, all, c, 4, 1, 9},
            {write, 4, 3, all, d, 4, 1, 9}, {write, 2, 3, all, e, 2, 1, 9},
        };
        List<String> found = scriptedIn(PtxStateSpace.GLOBAL, steps);
        for (FindingKind k : List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR)) {
            assertTrue(found.stream().anyMatch(f -> f.contains("kind=" + k + ", space=GLOBAL")), () -> k + " not in " + found);
        }
    }

    /**
     * Words two warps of one CTA read (a pair of its reads, as matmul's tiles), then read by a
     * warp of the next CTA whose lanes acquired what the first reader's threads released: each
     * lane's read replaces the first read, which it knows, not the second, as lane by lane; a
     * write of another warp then races with the reads the records kept (the findings' other
     * access shows which). A tile's rows of the next CTA (two runs of 16 lanes) over words the
     * host wrote and words it did not find each unwritten word lane by lane finds.
     */
    @Test
    void readsOfWordsAnotherCtaReadAfterAnAcquireKeepWhatLaneByLaneKeeps() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] zeros = new long[32];
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        PtxStateSpace global = PtxStateSpace.GLOBAL;
        int strong = CtaShadow.STRONG;
        long[] words = lanesAt(l -> HOT + 4L * l);
        long[] flag = lanesAt(l -> HOT + 512);
        both(together, alone, CtaShadow.READ, 0, global, 4, 0, -1, 5, -1, words, zeros);
        both(together, alone, CtaShadow.READ, 0, global, 4, 1, -1, 5, -1, words, zeros);
        both(together, alone, CtaShadow.WRITE, strong | CtaShadow.RELEASE, global, 4, 0, -1, 6, -1, flag, ones);
        together.checks.reset(1);
        alone.checks.reset(1);
        both(together, alone, CtaShadow.READ, strong | CtaShadow.ACQUIRE, global, 4, 0, -1, 7, -1, flag, zeros);
        both(together, alone, CtaShadow.READ, 0, global, 4, 0, -1, 5, -1, words, zeros);
        both(together, alone, CtaShadow.WRITE, 0, global, 4, 2, -1, 8, -1, words, ones);
        // rows of 16 words 1 KiB apart, the upper row across the end of what the host wrote
        long upper = BYTES / 2 - 24;
        both(together, alone, CtaShadow.READ, 0, global, 4, 3, -1, 9, -1,
                lanesAt(l -> l < 16 ? HOT + 1024 + 4L * l : upper + 4L * (l - 16)), zeros);
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_WAR, FindingKind.UNINITIALIZED_READ));
    }

    /** {@link #scriptedIn} shared memory. */
    private static List<String> scripted(int[][] steps) {
        return scriptedIn(PtxStateSpace.SHARED, steps);
    }

    /**
     * The accesses {@code steps} in {@code space} (offsets in the global buffer, or in shared
     * memory) on two fresh devices, on one a warp instruction at a time, on the other lane by
     * lane: each step a {@link #BARRIER}, a {@link #SYNC} (its warp and lanes at 2 and 3), a
     * {@link #NEXT_CTA}, or an access (op, size, warp, lanes, offset of lane 0, bytes from one lane
     * to the next, value stored, and its site when given, else a site of its own). The findings,
     * the same on both.
     */
    private static List<String> scriptedIn(PtxStateSpace space, int[][] steps) {
        Checked together = new Checked();
        Checked alone = new Checked();
        for (int step = 0; step < steps.length; step++) {
            int[] s = steps[step];
            if (s[0] == NEXT_CTA) {
                together.checks.reset(1);
                alone.checks.reset(1);
                continue;
            }
            if (s[0] == BARRIER) {
                for (Checked c : List.of(together, alone)) {
                    for (int w = 0; w < WARPS; w++) {
                        c.checks.barrierArrive(w, -1, 0, true, true, true, c.site(0));
                    }
                    c.checks.barrierReleased(0, WARPS * 32);
                }
                continue;
            }
            if (s[0] == SYNC) {
                for (Checked c : List.of(together, alone)) {
                    c.checks.warpSync(s[2], s[3], s[3], true, -1, c.site(1));
                }
                continue;
            }
            long[] at = new long[32];
            long[] values = new long[32];
            for (int l = 0; l < 32; l++) {
                at[l] = s[4] + (long) s[5] * l;
                values[l] = s[6];
            }
            // a site per step unless given: the findings tell the instructions apart
            int site = s.length > 7 ? s[7] : step % SITES;
            both(together, alone, s[0], 0, space, s[1], s[2], s[3], site, -1, at, values);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        return found;
    }

    /**
     * Random weak and strong shared reads and stores of all sizes (Hillis-Steele's pattern among
     * them: each thread's own word and its neighbour's), in full and partial warps, between
     * barriers and full and partial warp synchronisations, storing the value memory holds or
     * another: the stores of a warp instruction find what their lanes find one by one.
     */
    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14, 15, 16})
    void sharedStoresFindWhatTheirLanesFindOneByOne(long seed) {
        Checked together = new Checked();
        Checked alone = new Checked();
        Random r = new Random(seed);
        for (int step = 0; step < 3000; step++) {
            int what = r.nextInt(16);
            int warp = r.nextInt(WARPS);
            if (orderingStep(what, warp, r, together, alone)) {
                continue;
            }
            int op = r.nextInt(3) == 0 ? CtaShadow.READ : CtaShadow.WRITE;
            int flags = r.nextInt(12) == 0 ? CtaShadow.STRONG : 0;
            // up to 16 bytes: reads of several words each (64-bit values, vectors) among them
            int size = 1 << r.nextInt(5);
            int lanes = r.nextInt(3) == 0 ? r.nextInt() | 1 : -1;
            long base = r.nextInt(SHARED / 2) & -4 & -size;
            int layout = r.nextInt(6);
            long[] at = new long[32];
            long[] values = new long[32];
            for (int l = 0; l < 32; l++) {
                int tid = warp << 5 | l;
                at[l] = switch (layout) {
                    // each thread's own element, and its neighbour's (Hillis-Steele)
                    case 0 -> (long) size * tid;
                    case 1 -> (long) size * Math.max(0, tid - (1 << r.nextInt(3)));
                    // lanes in a run: sub-word elements share words
                    case 2 -> base + (long) size * l;
                    case 3 -> base + l / 2 * size;
                    // columns: lanes 8 apart on one word
                    case 4 -> base + (long) size * (l & 7);
                    default -> base + (r.nextInt(8 * size) & -size);
                } % SHARED;
                values[l] = r.nextInt(3) == 0 ? 1 : 0;
            }
            both(together, alone, op, flags, PtxStateSpace.SHARED, size, warp, lanes, r.nextInt(SITES), r.nextInt(8), at,
                    values);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW));
    }

    /**
     * Random weak shared stores of 1 to 16 bytes, in full and partial warps, on each thread's own
     * words, on words other threads read or wrote in this generation (ordered by a barrier of the
     * whole CTA, by a partial barrier, by a synchronisation of the whole or part of the warp, by
     * a release the storing thread acquired, or not at all) and in the CTA before (a new
     * generation), in lane orders a store taken a word at a time must take (going up) and refuse
     * (lanes sharing a word, going down, a word's edge crossed): after every instruction the
     * shared records racecheck keeps and the bytes initcheck knows written are those lane by lane
     * leaves, and the findings at the end are the same.
     */
    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23, 24, 25, 26})
    void sharedStoresKeepTheRecordsOfLaneByLane(long seed) {
        Checked together = new Checked();
        Checked alone = new Checked();
        Random r = new Random(seed);
        int cta = 0;
        for (int step = 0; step < 3000; step++) {
            int what = r.nextInt(24);
            int warp = r.nextInt(WARPS);
            int lanes = r.nextInt(3) == 0 ? r.nextInt() | 1 : -1;
            if (what == 0) {
                barrier(together, alone);
            } else if (what == 1) {
                partialBarrier(together, alone);
            } else if (what == 2) {
                warpSync(together, alone, warp, lanes);
            } else if (what == 3 && r.nextInt(4) == 0) {
                // the other CTA: every record of the last one's generation
                cta = otherCta(together, alone, cta);
            } else if (what == 4) {
                // a release (after a fence now and then) or an acquire of one word
                boolean release = r.nextBoolean();
                if (r.nextBoolean()) {
                    together.checks.fence(warp, lanes);
                    alone.checks.fence(warp, lanes);
                }
                int flags = CtaShadow.STRONG | (release ? CtaShadow.RELEASE : CtaShadow.ACQUIRE);
                both(together, alone, release ? CtaShadow.WRITE : CtaShadow.READ, flags, PtxStateSpace.SHARED, 4, warp, lanes,
                        r.nextInt(SITES), -1, lanesAt(l -> 4L * r.nextInt(8)), new long[32]);
            } else {
                int op = what < 10 ? CtaShadow.READ : CtaShadow.WRITE;
                int size = 1 << r.nextInt(5);
                long[] values = storedValues(r);
                both(together, alone, op, 0, PtxStateSpace.SHARED, size, warp, lanes, r.nextInt(SITES), r.nextInt(8),
                        storeAddresses(r, size, warp), values);
            }
            assertArrayEquals(sharedState(alone), sharedState(together), "after step " + step);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW));
    }

    /**
     * Full warps storing 32 consecutive words (a lane a word, in lane order: the shape weak shared
     * stores take a straight path for) over words that single lanes, a few lanes or whole warps
     * read and wrote before: lanes of the storing warp itself (ordered by a synchronisation of the
     * warp, of part of it, or not at all), threads of other warps (ordered by a barrier of the
     * whole CTA, a partial barrier, a release the storing thread acquired, or not at all), the
     * CTA before (another generation): after every instruction the shared records and the bytes
     * initcheck knows written are those lane by lane leaves, and the findings at the end, each
     * counted as often as lane by lane meets it, are the same.
     */
    @ParameterizedTest
    @ValueSource(longs = {31, 32, 33, 34})
    void fullWarpStoresOfConsecutiveWordsKeepTheRecordsOfLaneByLane(long seed) {
        Checked together = new Checked();
        Checked alone = new Checked();
        Random r = new Random(seed);
        int cta = 0;
        int words = SHARED / 4;
        for (int step = 0; step < 3000; step++) {
            int what = r.nextInt(20);
            int warp = r.nextInt(WARPS);
            long[] values = storedValues(r);
            if (what == 0) {
                barrier(together, alone);
            } else if (what == 1) {
                partialBarrier(together, alone);
            } else if (what == 2) {
                warpSync(together, alone, warp, r.nextBoolean() ? -1 : r.nextInt() | 1);
            } else if (what == 3 && r.nextInt(3) == 0) {
                cta = otherCta(together, alone, cta);
            } else if (what == 4) {
                releaseOrAcquire(together, alone, r, warp);
            } else if (what < 12) {
                // the shape: 32 consecutive words from any word a run of them fits after
                long base = 4L * r.nextInt(words - 31);
                both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.SHARED, 4, warp, -1, r.nextInt(SITES),
                        r.nextInt(8), lanesAt(l -> base + 4L * l), values);
            } else {
                // one to three lanes, or a whole warp, reading or writing words at random (bytes now and then)
                randomWords(together, alone, r, what < 16 ? CtaShadow.READ : CtaShadow.WRITE, warp, values);
            }
            assertArrayEquals(sharedState(alone), sharedState(together), "after step " + step);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_WAR, FindingKind.RACE_WAW));
    }

    /**
     * Full warps reading 32 consecutive words (a lane a word, in lane order: scan's own elements,
     * the shape weak shared reads take a straight path for, now and then across the two
     * variables' edge) and a tile's two patterns (matmul's {@code as[ty][k]} and
     * {@code bs[k][tx]}, whose groups a kept pattern lends in place) over words that the same
     * lanes, other lanes of the warp, other warps or the CTA before wrote or read, or nobody
     * wrote (initcheck): ordered by a barrier of the whole CTA, a partial barrier, a
     * synchronisation of the warp or of part of it, a release the reader acquired, or not at
     * all. After every instruction the shared records and the bytes initcheck knows written are
     * those lane by lane leaves, and the findings at the end, each counted as often as lane by
     * lane meets it, are the same.
     */
    @ParameterizedTest
    @ValueSource(longs = {41, 42, 43, 44})
    void fullWarpReadsOfConsecutiveWordsKeepTheRecordsOfLaneByLane(long seed) {
        Checked together = new Checked();
        Checked alone = new Checked();
        Random r = new Random(seed);
        int cta = 0;
        int words = SHARED / 4;
        for (int step = 0; step < 3000; step++) {
            int what = r.nextInt(24);
            int warp = r.nextInt(WARPS);
            long[] values = storedValues(r);
            // the shape: 32 consecutive words, mostly a warp's own (so that lanes read what they
            // wrote), else from any word a run of them fits after
            long base = r.nextInt(4) == 0 ? 4L * r.nextInt(words - 31) : 4L * 32 * r.nextInt(WARPS);
            if (what == 0 || what == 5) {
                barrier(together, alone);
            } else if (what == 1) {
                partialBarrier(together, alone);
            } else if (what == 2) {
                warpSync(together, alone, warp, r.nextBoolean() ? -1 : r.nextInt() | 1);
            } else if (what == 3) {
                // a new CTA: what a warp acquired or synchronised in part no longer holds
                cta = otherCta(together, alone, cta);
            } else if (what == 4 && r.nextInt(3) == 0) {
                releaseOrAcquire(together, alone, r, warp);
            } else if (what < 12) {
                both(together, alone, CtaShadow.READ, 0, PtxStateSpace.SHARED, 4, warp, -1, r.nextInt(SITES), r.nextInt(8),
                        lanesAt(l -> base + 4L * l), values);
            } else if (what < 14) {
                // the same shape written (scan's store of its own elements), now and then but a lane
                // (a word left unwritten for initcheck, at a run's ends as often as inside), now and then
                // read at once by the same lanes (each its own write)
                int hole = r.nextInt(3) != 0 ? -1 : r.nextBoolean() ? 31 * r.nextInt(2) : r.nextInt(32);
                both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.SHARED, 4, warp, hole < 0 ? -1 : ~(1 << hole),
                        r.nextInt(SITES), -1, lanesAt(l -> base + 4L * l), values);
                if (what == 12) {
                    both(together, alone, CtaShadow.READ, 0, PtxStateSpace.SHARED, 4, warp, -1, r.nextInt(SITES),
                            r.nextInt(8), lanesAt(l -> base + 4L * l), values);
                }
            } else if (what < 17) {
                // element k of the warp's two rows of tile as, or row k of tile bs
                int k = r.nextInt(16);
                long[] at = r.nextBoolean() ? lanesAt(l -> 4L * ((2 * (warp % 2) + l / 16) * 16 + k))
                        : lanesAt(l -> SHARED / 2 + 4L * (16 * (k % 4) + (l & 15)));
                both(together, alone, CtaShadow.READ, 0, PtxStateSpace.SHARED, 4, warp, -1, r.nextInt(SITES), r.nextInt(8), at,
                        values);
            } else {
                // one to three lanes, or a whole warp, reading or (less often: the straight reads
                // refuse words others wrote unordered) writing words at random (bytes now and then)
                randomWords(together, alone, r, what < 22 ? CtaShadow.READ : CtaShadow.WRITE, warp, values);
            }
            assertArrayEquals(sharedState(alone), sharedState(together), "after step " + step);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.RACE_WAW,
                FindingKind.UNINITIALIZED_READ));
    }

    /**
     * The lanes' offsets in shared memory of a random instruction of {@code size}-byte accesses
     * by warp {@code warp}: each thread's own element or another warp's, a run or strided run of
     * lanes (going up, or down), lanes going up by gaps of none to two elements, lanes at any byte
     * of their own word (a word's edge crossed by the larger sizes).
     */
    private static long[] storeAddresses(Random r, int size, int warp) {
        long base = r.nextInt(SHARED) & -4 & -size;
        int other = r.nextInt(WARPS);
        int layout = r.nextInt(7);
        long[] gaps = new long[32];
        for (int l = 1; l < 32; l++) {
            gaps[l] = gaps[l - 1] + (long) size * r.nextInt(3);
        }
        long[] inWord = new long[32];
        for (int l = 0; l < 32; l++) {
            inWord[l] = r.nextInt(4);
        }
        return lanesAt(l -> switch (layout) {
            case 0 -> (long) size * (warp << 5 | l);
            case 1 -> (long) size * (other << 5 | l);
            case 2 -> base + (long) size * l;
            case 3 -> base + 2L * size * l;
            case 4 -> base + gaps[l];
            case 5 -> base + (long) size * (31 - l);
            // bytes and halves at any of their places in a word; larger ones a byte past a word's start now and then
            default -> base + 4L * l * Math.max(1, size / 4) + (size < 4 ? inWord[l] / size * size : inWord[l] / 3);
        } % SHARED);
    }

    /**
     * The state of shared memory's checks in {@code c}'s CTA: racecheck's records of every word
     * (all their longs, what a later access finds in them) and initcheck's bits of the bytes written.
     */
    private static long[] sharedState(Checked c) {
        long[] records = (long[]) field(field(c.checks, "sharedRaces"), "cells");
        long[] written = (long[]) field(field(c.checks, "sharedWritten"), "bits");
        long[] both = Arrays.copyOf(records, records.length + written.length);
        System.arraycopy(written, 0, both, records.length, written.length);
        return both;
    }

    /** Field {@code name} of {@code o}, private as it is: what the checks keep, which no API shows. */
    private static Object field(Object o, String name) {
        try {
            Field f = o.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("no field " + name + " in " + o.getClass(), e);
        }
    }

    /**
     * Bytes of words no thread touched read by a warp, a byte a lane (four lanes on each word, which
     * keeps their first and last lane's reads), then other accesses to those words: a write by the
     * thread of a word's first reader alone races with its last reader only, and later reads,
     * writes and atomics of other warps meet both reads, as lane by lane they do.
     */
    @Test
    void wordsReadByteByByteKeepBothReads() {
        for (int scenario = 0; scenario < 3; scenario++) {
            Checked together = new Checked();
            Checked alone = new Checked();
            long[] ones = new long[32];
            Arrays.fill(ones, 1);
            // offsets from BYTES / 2 (unwritten, untouched): lane l reads byte l
            both(together, alone, CtaShadow.READ, 0, PtxStateSpace.GLOBAL, 1, 0, -1, 3, -1, spaced(256, 1), ones);
            if (scenario == 0) {
                // lane 0's thread writes its word: it knows its own read, not lane 3's
                both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.GLOBAL, 4, 0, 1, 4, -1, spaced(256, 4), ones);
            } else if (scenario == 1) {
                // another warp reads half words, then another writes their first bytes
                both(together, alone, CtaShadow.READ, 0, PtxStateSpace.GLOBAL, 2, 1, -1, 5, -1, spaced(256, 4), ones);
                both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.GLOBAL, 1, 2, -1, 6, -1, spaced(256, 4), ones);
            } else {
                // atomics of another warp (no race with a read), then a weak write of a third warp
                both(together, alone, CtaShadow.ATOMIC, CtaShadow.STRONG, PtxStateSpace.GLOBAL, 4, 1, -1, 7, -1,
                        spaced(256, 4), ones);
                both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.GLOBAL, 4, 2, -1, 8, -1, spaced(256, 4), ones);
            }
            List<String> found = together.findings();
            assertEquals(alone.findings(), found);
            FindingKind expected = scenario == 2 ? FindingKind.RACE_WAW : FindingKind.RACE_WAR;
            assertTrue(found.stream().anyMatch(f -> f.contains("kind=" + expected + ",")), () -> expected + " not in " + found);
        }
    }

    /**
     * Shared atomics of several lanes on one word (bins), whole words and half words, mixed with
     * weak writes and reads before and after a barrier: an atomic after another strong access
     * (taken without its tests) and an atomic after weak accesses keep the records lane by lane
     * keeps (the reads it covers gone, the others left), and the weak accesses after them race
     * as lane by lane they do.
     */
    @Test
    void sharedAtomicsOnOneWordKeepWhatLaneByLaneKeeps() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] zeros = new long[32];
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        int atomic = CtaShadow.ATOMIC, strong = CtaShadow.STRONG;
        PtxStateSpace shared = PtxStateSpace.SHARED;
        // bins 0..31 zeroed by warp 0, then a barrier
        both(together, alone, CtaShadow.WRITE, 0, shared, 4, 0, -1, 0, -1, lanesAt(l -> 4L * l), zeros);
        barrier(together, alone);
        // warps 1 and 2: eight lanes a bin, whole words; then warp 3 half words of the first bins
        both(together, alone, atomic, strong, shared, 4, 1, -1, 1, -1, lanesAt(l -> 4L * (l % 4)), ones);
        both(together, alone, atomic, strong, shared, 4, 2, -1, 1, -1, lanesAt(l -> 4L * (l % 4)), ones);
        both(together, alone, atomic, strong, shared, 2, 3, -1, 2, -1, lanesAt(l -> 2L * (l % 4)), ones);
        // weak reads of bins 4..7 by two warps (two live reads), then atomics of bytes of some of them
        both(together, alone, CtaShadow.READ, 0, shared, 4, 0, -1, 3, -1, lanesAt(l -> 16 + 4L * (l % 4)), zeros);
        both(together, alone, CtaShadow.READ, 0, shared, 2, 1, -1, 4, -1, lanesAt(l -> 16 + 4L * (l % 4)), zeros);
        both(together, alone, atomic, strong, shared, 2, 2, -1, 5, -1, lanesAt(l -> 16 + 4L * (l % 2)), ones);
        both(together, alone, atomic, strong, shared, 4, 3, -1, 5, -1, lanesAt(l -> 24 + 4L * (l % 2)), ones);
        // a weak write of bins 4..7 races with the reads the atomics left and with the atomics
        both(together, alone, CtaShadow.WRITE, 0, shared, 4, 2, 0xF, 6, -1, lanesAt(l -> 16 + 4L * l), ones);
        // bins 8..11: weak writes by warp 1 without a barrier, then atomics of warp 0 on them
        both(together, alone, CtaShadow.WRITE, 0, shared, 4, 1, 0xF, 7, -1, lanesAt(l -> 32 + 4L * l), ones);
        both(together, alone, atomic, strong, shared, 4, 0, -1, 8, -1, lanesAt(l -> 32 + 4L * (l % 4)), ones);
        // bins 12..15: a half-word read, a whole-word read of another warp (the second read slot),
        // an atomic of the first half (the first read goes, the second keeps its upper half), an
        // atomic of the upper half (the second read goes too): the weak write then races with no read
        both(together, alone, CtaShadow.READ, 0, shared, 2, 0, 0xF, 9, -1, lanesAt(l -> 48 + 4L * l), zeros);
        both(together, alone, CtaShadow.READ, 0, shared, 4, 1, 0xF, 9, -1, lanesAt(l -> 48 + 4L * l), zeros);
        both(together, alone, atomic, strong, shared, 2, 2, 0xF, 10, -1, lanesAt(l -> 48 + 4L * l), ones);
        both(together, alone, atomic, strong, shared, 2, 3, 0xF, 10, -1, lanesAt(l -> 50 + 4L * l), ones);
        both(together, alone, CtaShadow.WRITE, 0, shared, 4, 0, 0xF, 11, -1, lanesAt(l -> 48 + 4L * l), ones);
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_WAR, FindingKind.RACE_WAW));
    }

    /**
     * Shared atomics of a full warp whose lower half fenced before them (each lane a flag word after
     * writing its data word): the fenced lanes' atomics release what they wrote, the others' do
     * not, as lane by lane; another warp that acquires every flag and then reads every data word
     * races (RAW) with the upper half's writes only. Then the flags' atomics again, by a warp that
     * never fenced, before any release in shared memory is left to find: the same as lane by lane.
     */
    @Test
    void sharedAtomicsOfLanesThatFencedReleaseAsLaneByLane() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] zeros = new long[32];
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        PtxStateSpace shared = PtxStateSpace.SHARED;
        // the flags zeroed by warp 2 before a barrier
        both(together, alone, CtaShadow.WRITE, 0, shared, 4, 2, -1, 0, -1, lanesAt(l -> 128 + 4L * l), zeros);
        barrier(together, alone);
        both(together, alone, CtaShadow.WRITE, 0, shared, 4, 0, -1, 1, -1, lanesAt(l -> 4L * l), ones);
        for (Checked c : List.of(together, alone)) {
            c.checks.fence(0, 0xFFFF);
        }
        both(together, alone, CtaShadow.ATOMIC, CtaShadow.STRONG, shared, 4, 0, -1, 2, -1, lanesAt(l -> 128 + 4L * l), ones);
        both(together, alone, CtaShadow.READ, CtaShadow.STRONG | CtaShadow.ACQUIRE, shared, 4, 1, -1, 3, 4,
                lanesAt(l -> 128 + 4L * l), zeros);
        both(together, alone, CtaShadow.READ, 0, shared, 4, 1, -1, 4, 5, lanesAt(l -> 4L * l), zeros);
        both(together, alone, CtaShadow.ATOMIC, CtaShadow.STRONG, shared, 4, 3, -1, 5, -1, lanesAt(l -> 128 + 4L * l), ones);
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        // one race, first seen at lane 16's word, by each of the 16 lanes whose writer did not fence
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).contains("kind=RACE_RAW,") && found.get(0).contains("address=64,")
                && found.get(0).contains("count=16,"), found::toString);
    }

    /**
     * Random atomics of histograms' shapes (every lane on one bin, a few hot bins in any lane
     * order or going up, each lane its own bin as a merge into global bins does, random bins;
     * bins of half words and bytes), in shared and in global memory, in full and partial warps,
     * mixed with weak and strong reads and stores of other threads (which race with an atomic when
     * nothing orders them), barriers, warp synchronisations, now and then a fence or a release
     * (which the atomics' word paths must refuse), bins never written (initcheck), stretches of
     * steps whose atomics hit a few hot bins and stretches of any bins, and, halfway, a
     * second CTA (whose global atomics meet the first's): the atomics of a warp instruction find
     * what their lanes find one by one and leave the records they leave, which the accesses after
     * them show.
     */
    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23, 24, 25, 26})
    void atomicsFindWhatTheirLanesFindOneByOne(long seed) {
        for (PtxStateSpace space : List.of(PtxStateSpace.SHARED, PtxStateSpace.GLOBAL)) {
            Checked together = new Checked();
            Checked alone = new Checked();
            List<String> found = randomAtomics(together, alone, new Random(seed), space);
            for (FindingKind k : List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAW, FindingKind.UNINITIALIZED_READ)) {
                assertTrue(found.stream().anyMatch(f -> f.contains("kind=" + k + ", space=" + space)),
                        () -> k + " not found in " + found);
            }
            assertTrue(found.stream().anyMatch(f -> f.contains("ATOMIC")), found::toString);
        }
    }

    /**
     * {@link #atomicsFindWhatTheirLanesFindOneByOne}'s 3000 random steps on 64 bins in
     * {@code space} (in global memory from 32 words below where the host's writes start), each
     * CTA's starting with the bins zeroed by two warps but eight of them; the findings of
     * {@code together}, asserted to be {@code alone}'s.
     */
    private static List<String> randomAtomics(Checked together, Checked alone, Random r, PtxStateSpace space) {
        long bins = space == PtxStateSpace.SHARED ? 0 : HOT / 2 - 128;
        for (int step = 0; step < 3000; step++) {
            if (step == 0 || step == 1500) {
                if (step == 1500) {
                    together.checks.reset(1);
                    alone.checks.reset(1);
                }
                both(together, alone, CtaShadow.WRITE, 0, space, 4, 0, 0xFFFF_FF00, 0, -1, lanesAt(l -> bins + 4L * l),
                        new long[32]);
                both(together, alone, CtaShadow.WRITE, 0, space, 4, 1, -1, 0, -1, lanesAt(l -> bins + 128 + 4L * l),
                        new long[32]);
            }
            int what = r.nextInt(20);
            int warp = r.nextInt(WARPS);
            if (orderingStep(what, warp, r, together, alone)) {
                continue;
            }
            if (what == 2 && r.nextInt(4) == 0) {
                int lanes = r.nextInt();
                for (Checked c : List.of(together, alone)) {
                    c.checks.fence(warp, lanes);
                }
                continue;
            }
            boolean atomic = what >= 8;
            int op = atomic ? CtaShadow.ATOMIC : r.nextBoolean() ? CtaShadow.READ : CtaShadow.WRITE;
            int flags = atomic || r.nextInt(6) == 0 ? CtaShadow.STRONG : 0;
            if (flags != 0 && r.nextInt(60) == 0) {
                flags |= op == CtaShadow.READ ? CtaShadow.ACQUIRE : CtaShadow.RELEASE;
            }
            int size = atomic ? (r.nextInt(5) == 0 ? 1 << r.nextInt(2) : 4) : 1 << r.nextInt(3);
            // now and then one lane: a thread that may be the one whose atomic its word's record keeps
            int lanes = r.nextInt(3) == 0 ? r.nextInt() | 1 << r.nextInt(32) : r.nextInt(4) == 0 ? 1 << r.nextInt(32) : -1;
            // stretches of skewed data (a few hot bins) and of any data, as a histogram's input has them
            int layout = r.nextInt(step / 250 % 2 == 0 ? 3 : 6);
            int hot = 1 + r.nextInt(4);
            int firstHot = r.nextInt(64 - hot);
            long[] at = new long[32];
            long[] values = new long[32];
            for (int l = 0; l < 32; l++) {
                long bin = switch (layout) {
                    // every lane on one bin; a few hot bins, in any lane order or going up; each lane its own bin
                    case 0 -> firstHot;
                    case 1 -> firstHot + r.nextInt(hot);
                    case 2 -> firstHot + l * hot / 32;
                    case 3 -> (firstHot + l) % 64;
                    default -> r.nextInt(64);
                };
                at[l] = bins + (4 * bin + (size < 4 ? (long) size * r.nextInt(4 / size) : 0) & -size);
                values[l] = r.nextInt(2);
            }
            both(together, alone, op, flags, space, size, warp, lanes, r.nextInt(SITES), r.nextInt(8), at, values);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        return found;
    }

    /**
     * Shared reads of 8 and 16 bytes (a word at a time when each lane starts at a word's first
     * byte): coalesced, one vector read by every lane, lanes 16 apart, lanes overlapping each
     * other's words in a partial warp, before and after the barrier that orders the words'
     * writes (two of them never written: initcheck) and again after a warp's own synchronisation,
     * and one not starting at a word's first byte; then each word written by a lane of warp 2:
     * each write races with the reads of other threads the word's record kept, so the findings'
     * counts show which threads its read slots hold.
     */
    @Test
    void wideSharedReadsKeepTheRecordsOfLaneByLane() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        long[] zeros = new long[32];
        PtxStateSpace shared = PtxStateSpace.SHARED;
        int read = CtaShadow.READ;
        // warp w writes words 32w..32w+31, but warp 3 not its last two
        for (int w = 0; w < WARPS; w++) {
            int first = 32 * w;
            both(together, alone, CtaShadow.WRITE, 0, shared, 4, w, w == 3 ? 0x3FFF_FFFF : -1, 0, -1,
                    lanesAt(l -> 4L * (first + l)), ones);
        }
        // before the barrier: warp 1 reads words 0..63 (warps 0 and 1's) 8 bytes a lane
        both(together, alone, read, 0, shared, 8, 1, -1, 1, 1, lanesAt(l -> 8L * l), zeros);
        barrier(together, alone);
        // 16 bytes a lane over every word (the unwritten two among them), one vector read by every lane
        both(together, alone, read, 0, shared, 16, 0, -1, 2, 2, lanesAt(l -> 16L * l), zeros);
        both(together, alone, read, 0, shared, 16, 2, -1, 3, 3, lanesAt(l -> 64), zeros);
        // lanes 16 apart on 8 bytes; lanes overlapping each other's words in part of a warp
        both(together, alone, read, 0, shared, 8, 3, -1, 4, 4, lanesAt(l -> 8L * (l & 15)), zeros);
        both(together, alone, read, 0, shared, 8, 1, 0x0F0F_F0F0, 5, 5, lanesAt(l -> 4L * l), zeros);
        // warp 2 again after its own synchronisation: it knows its first read
        for (Checked c : List.of(together, alone)) {
            c.checks.warpSync(2, -1, -1, true, -1, c.site(1));
        }
        both(together, alone, read, 0, shared, 16, 2, -1, 6, 6, lanesAt(l -> 64 + 16L * (l & 1)), zeros);
        // 8 bytes from the middle of a word (lane by lane)
        both(together, alone, read, 0, shared, 8, 0, -1, 7, 7, lanesAt(l -> 2 + 8L * l), zeros);
        for (int word = 0; word < 128; word++) {
            int lane = word % 32;
            long[] at = new long[32];
            at[lane] = 4L * word;
            both(together, alone, CtaShadow.WRITE, 0, shared, 4, 2, 1 << lane, 8 + word % 2, -1, at, zeros);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertFoundEach(found, List.of(FindingKind.RACE_RAW, FindingKind.RACE_WAR, FindingKind.UNINITIALIZED_READ));
    }

    /** The checks {@code checks} names, a comma list of {@link CheckTool} names. */
    private static EnumSet<CheckTool> tools(String checks) {
        EnumSet<CheckTool> tools = EnumSet.noneOf(CheckTool.class);
        for (String t : checks.split(",")) {
            tools.add(CheckTool.valueOf(t));
        }
        return tools;
    }

    /** That the findings {@code found} hold one of each kind among {@code kinds}: the random steps reached them. */
    private static void assertFoundEach(List<String> found, List<FindingKind> kinds) {
        for (FindingKind k : kinds) {
            assertTrue(found.stream().anyMatch(f -> f.contains("kind=" + k + ",")), () -> k + " not found in " + found);
        }
    }

    /**
     * The random tests' orderings on both devices: for {@code what} 0 a barrier of the whole CTA,
     * for 1 a warp synchronisation of warp {@code warp}, of the whole warp or random lanes; true
     * when {@code what} was one of them.
     */
    private static boolean orderingStep(int what, int warp, Random r, Checked together, Checked alone) {
        if (what == 0) {
            barrier(together, alone);
            return true;
        }
        if (what == 1) {
            warpSync(together, alone, warp, r.nextBoolean() ? -1 : r.nextInt());
            return true;
        }
        return false;
    }

    /**
     * One to three random lanes, or the whole warp {@code warp}, doing {@code op} (a weak read or
     * write, of {@code values}) on words anywhere in shared memory, now and then a byte of them, on
     * both devices.
     */
    private static void randomWords(Checked together, Checked alone, Random r, int op, int warp, long[] values) {
        int lanes = r.nextInt(4) == 0 ? -1 : 1 << r.nextInt(32) | 1 << r.nextInt(32) | 1 << r.nextInt(32);
        int size = r.nextInt(4) == 0 ? 1 : 4;
        both(together, alone, op, 0, PtxStateSpace.SHARED, size, warp, lanes, r.nextInt(SITES), r.nextInt(8),
                lanesAt(l -> 4L * r.nextInt(SHARED / 4) + (size == 1 ? r.nextInt(4) : 0)), values);
    }

    /**
     * What 32 lanes' stores write, by lane: 1 for about a third of them, else 0 (a write of the
     * value memory holds is no race, so both kinds of write meet the records).
     */
    private static long[] storedValues(Random r) {
        long[] values = new long[32];
        for (int l = 0; l < 32; l++) {
            values[l] = r.nextInt(3) == 0 ? 1 : 0;
        }
        return values;
    }

    /**
     * A strong release (a write) or acquire (a read) of one of the first four shared words by one
     * or two random lanes of warp {@code warp}, on both devices.
     */
    private static void releaseOrAcquire(Checked together, Checked alone, Random r, int warp) {
        boolean release = r.nextBoolean();
        int flags = CtaShadow.STRONG | (release ? CtaShadow.RELEASE : CtaShadow.ACQUIRE);
        both(together, alone, release ? CtaShadow.WRITE : CtaShadow.READ, flags, PtxStateSpace.SHARED, 4, warp,
                1 << r.nextInt(32) | 1 << r.nextInt(32), r.nextInt(SITES), -1, lanesAt(l -> 4L * r.nextInt(4)), new long[32]);
    }

    /**
     * Both devices go on with the other of CTAs 0 and 1 than {@code cta} (returned): what the
     * records hold of the last one is of another generation.
     */
    private static int otherCta(Checked together, Checked alone, int cta) {
        together.checks.reset(cta ^ 1);
        alone.checks.reset(cta ^ 1);
        return cta ^ 1;
    }

    /** A {@code __syncwarp(mask)} of warp {@code warp} on both devices. */
    private static void warpSync(Checked together, Checked alone, int warp, int mask) {
        for (Checked c : List.of(together, alone)) {
            c.checks.warpSync(warp, mask, mask, true, -1, c.site(1));
        }
    }

    /** A barrier of the whole CTA on both devices, every warp arriving. */
    /**
     * Warps 0 and 1 alone at barrier 1 (a barrier of part of the CTA), in both devices: what they
     * did before it they know, the other warps not.
     */
    private static void partialBarrier(Checked together, Checked alone) {
        for (Checked c : List.of(together, alone)) {
            c.checks.barrierArrive(0, -1, 1, true, false, true, c.site(0));
            c.checks.barrierArrive(1, -1, 1, true, false, true, c.site(0));
            c.checks.barrierReleased(1, WARPS * 32);
        }
    }

    private static void barrier(Checked together, Checked alone) {
        for (Checked c : List.of(together, alone)) {
            for (int w = 0; w < WARPS; w++) {
                c.checks.barrierArrive(w, -1, 0, true, true, true, c.site(0));
            }
            c.checks.barrierReleased(0, WARPS * 32);
        }
    }

    /** The 32 lanes' offsets {@code offset} gives. */
    private static long[] lanesAt(IntToLongFunction offset) {
        long[] at = new long[32];
        for (int l = 0; l < 32; l++) {
            at[l] = offset.applyAsLong(l);
        }
        return at;
    }

    /** The offsets from {@code BYTES / 2 + first}, {@code stride} bytes from one lane to the next. */
    private static long[] spaced(int first, int stride) {
        return lanesAt(l -> BYTES / 2 + first + (long) stride * l);
    }

    /**
     * Two tiles of 16-word rows read as a 16x16 block's warps read them (matmul's {@code as[ty][k]}:
     * each half of the warp one word; {@code bs[k][tx]}: both halves a row), some warps again after
     * a synchronisation of their own, one warp before the barrier that orders the tiles' writes,
     * then each word written by a lane of warp 2: each write races with the reads of other
     * threads the word's record kept, so the findings' counts show which threads its read slots hold.
     */
    @Test
    void tileReadsKeepTheRecordsOfLaneByLane() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        long[] at = new long[32];
        // the tiles: as in bytes 0..255 (four rows), bs in bytes 256..511, written by warps 0..3 in turn
        for (int w = 0; w < WARPS; w++) {
            for (int l = 0; l < 32; l++) {
                at[l] = 4L * (32 * w + l);
            }
            both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.SHARED, 4, w, -1, 0, -1, at, ones);
        }
        // warp 1 reads before the barrier: its own words and others' (a race with warps 0 and 2's writes)
        tileReads(together, alone, 1, 0);
        barrier(together, alone);
        for (int k = 0; k < 4; k++) {
            for (int w = 0; w < WARPS; w++) {
                tileReads(together, alone, w, k);
            }
            // warp 2 again after synchronising: it knows its first reads
            for (Checked c : List.of(together, alone)) {
                c.checks.warpSync(2, -1, -1, true, -1, c.site(1));
            }
            tileReads(together, alone, 2, k);
        }
        // lane 16 + x of warp 2 (its last reader of bs[k][x], which lane by lane keeps in the second
        // slot, so no race with that slot) writes column x of each row
        for (int word = 0; word < 128; word++) {
            int lane = 16 + word % 16;
            at[lane] = 4L * word;
            both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.SHARED, 4, 2, 1 << lane, 3 + word % 2, -1, at, ones);
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=RACE_WAR, space=SHARED")), found::toString);
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=RACE_RAW, space=SHARED")), found::toString);
    }

    /**
     * The tiles of {@link #tileReadsKeepTheRecordsOfLaneByLane} with some words never written (the
     * last of a bs row, the first of the next, one of as's second row, which only the upper half
     * of warp 0 reads), read after the barrier: initcheck finds each unwritten word's reads as
     * lane by lane does (every read of them counted), though a row's words are tested as one run
     * of bytes and as's two words a word each.
     */
    @Test
    void partlyWrittenTileReadsFindWhatTheirLanesFindOneByOne() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        long[] at = new long[32];
        // the words left unwritten: bs[1][15] and bs[2][0], as[1][1]
        Set<Long> unwritten = Set.of(256 + 4L * (16 + 15), 256 + 4L * 32, 4L * (16 + 1));
        for (int w = 0; w < WARPS; w++) {
            int lanes = 0;
            for (int l = 0; l < 32; l++) {
                at[l] = 4L * (32 * w + l);
                lanes |= unwritten.contains(at[l]) ? 0 : 1 << l;
            }
            both(together, alone, CtaShadow.WRITE, 0, PtxStateSpace.SHARED, 4, w, lanes, 0, -1, at, ones);
        }
        barrier(together, alone);
        for (int k = 0; k < 4; k++) {
            for (int w = 0; w < WARPS; w++) {
                tileReads(together, alone, w, k);
            }
        }
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        // every read of an unwritten word: bs's two by both halves of each warp, as's by half of warps 0 and 2
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=UNINITIALIZED_READ, space=SHARED") && f.contains("variable=t,")
                && f.contains("count=" + 2 * 2 * WARPS + ",")), found::toString);
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=UNINITIALIZED_READ, space=SHARED") && f.contains("variable=s,")
                && f.contains("count=32,")), found::toString);
    }

    /**
     * Reads of whole words in a row (groups tested for initcheck as one run of bytes) over
     * words some lanes left unwritten, at the ends of the rows and inside them, and one word
     * written in half: a full warp one lane a word (scan's own words), 8 bytes a lane, both
     * halves of the warp on one row (bs[k][tx]), half a warp, and 2 bytes a lane (groups of half
     * words, tested a group at a time). Each finds every read of an unwritten byte as lane by
     * lane does, and nothing in the written words next to them.
     */
    @Test
    void rowsOfWordsWithUnwrittenWordsFindWhatTheirLanesFindOneByOne() {
        Checked together = new Checked();
        Checked alone = new Checked();
        long[] ones = new long[32];
        Arrays.fill(ones, 1);
        PtxStateSpace shared = PtxStateSpace.SHARED;
        int read = CtaShadow.READ;
        // warp w writes words 32w..32w+31 but words 5, 31 (the end of s's first row) and 64 (t's
        // first), and only the first half of word 100
        Set<Integer> unwritten = Set.of(5, 31, 64, 100);
        for (int w = 0; w < WARPS; w++) {
            int first = 32 * w;
            int lanes = 0;
            for (int l = 0; l < 32; l++) {
                lanes |= unwritten.contains(first + l) ? 0 : 1 << l;
            }
            both(together, alone, CtaShadow.WRITE, 0, shared, 4, w, lanes, 0, -1, lanesAt(l -> 4L * (first + l)), ones);
        }
        both(together, alone, CtaShadow.WRITE, 0, shared, 2, 3, 1 << 4, 0, -1, lanesAt(l -> 400), ones);
        barrier(together, alone);
        long[] zeros = new long[32];
        // a full warp one lane a word, each of the four rows of 32 words
        for (int w = 0; w < WARPS; w++) {
            int first = 32 * w;
            both(together, alone, read, 0, shared, 4, w, -1, 1, 1, lanesAt(l -> 4L * (first + l)), zeros);
        }
        // 8 bytes a lane over all of s
        both(together, alone, read, 0, shared, 8, 1, -1, 2, 2, lanesAt(l -> 8L * l), zeros);
        // both halves of the warp on a row of 16 words: one ending at word 31, one after it
        both(together, alone, read, 0, shared, 4, 2, -1, 3, 3, lanesAt(l -> 4L * (16 + (l & 15))), zeros);
        both(together, alone, read, 0, shared, 4, 2, -1, 3, 3, lanesAt(l -> 4L * (32 + (l & 15))), zeros);
        // half a warp: words 48..63, 64..79 and 65..80
        both(together, alone, read, 0, shared, 4, 3, 0xFFFF_0000, 4, 4, lanesAt(l -> 4L * (32 + l)), zeros);
        both(together, alone, read, 0, shared, 4, 3, 0xFFFF, 4, 4, lanesAt(l -> 4L * (64 + l)), zeros);
        both(together, alone, read, 0, shared, 4, 0, 0xFFFF, 4, 4, lanesAt(l -> 4L * (65 + l)), zeros);
        // 2 bytes a lane over words 96..111: the half of word 100 left unwritten
        both(together, alone, read, 0, shared, 2, 1, -1, 5, 5, lanesAt(l -> 384 + 2L * l), zeros);
        List<String> found = together.findings();
        assertEquals(alone.findings(), found);
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=UNINITIALIZED_READ, space=SHARED") && f.contains("variable=s,")),
                found::toString);
        assertTrue(found.stream().anyMatch(f -> f.contains("kind=UNINITIALIZED_READ, space=SHARED") && f.contains("variable=t,")),
                found::toString);
    }

    /** Warp {@code warp}'s reads of element {@code k} of its rows of tile as and of row {@code k} of tile bs. */
    private static void tileReads(Checked together, Checked alone, int warp, int k) {
        long[] at = new long[32];
        for (int l = 0; l < 32; l++) {
            at[l] = 4L * ((2 * (warp % 2) + l / 16) * 16 + k);
        }
        both(together, alone, CtaShadow.READ, 0, PtxStateSpace.SHARED, 4, warp, -1, 1, 1, at, new long[32]);
        for (int l = 0; l < 32; l++) {
            at[l] = 256 + 4L * (16 * k + (l & 15));
        }
        both(together, alone, CtaShadow.READ, 0, PtxStateSpace.SHARED, 4, warp, -1, 2, 2, at, new long[32]);
    }

    /**
     * One instruction on both devices: on {@code together} handed over at once, on {@code alone}
     * lane by lane; {@code addresses} are offsets in the space (the global buffer's).
     */
    private static void both(Checked together, Checked alone, int op, int flags, PtxStateSpace space, int size, int warp,
            int lanes, int site, int register, long[] addresses, long[] values) {
        long base = space == PtxStateSpace.GLOBAL ? together.buffer : 0;
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

    /**
     * The lanes' offsets of one random instruction of {@code size}-byte accesses by warp
     * {@code warp} in a space of {@code bytes}: most in a small window where the warps meet, some
     * where no thread has been (as a coalesced kernel reads its input), some again where the warp
     * was last (as it writes what it read) or where another warp was.
     */
    private static long[] addresses(Random r, int size, int bytes, int warp, long[] lastBase) {
        long[] at = new long[32];
        int span = 32 * size;
        int where = r.nextInt(4);
        long base = switch (where) {
            case 0 -> r.nextInt(Math.max(1, bytes - span)) & -size;
            // where this warp was (its threads' own words), or another (a race unless ordered)
            case 1 -> Math.min(lastBase[r.nextBoolean() ? warp : r.nextInt(WARPS)], bytes - span) & -size;
            default -> r.nextInt(Math.max(1, Math.min(HOT, bytes - span))) & -size;
        };
        if (where == 0) {
            lastBase[warp] = base;
        }
        int layout = r.nextInt(12);
        // a tile's row of 16 elements, as a 16x16 block's warp of two rows reads it
        long row = 16L * size;
        long upper = r.nextInt(3) == 0 ? 0 : r.nextBoolean() ? row : -row;
        // one lane (not 1 or 16, which a pattern's quick test looks at) now and then elsewhere: next to its element or farther
        int apart = r.nextInt(4) == 0 ? 2 + r.nextInt(14) + 16 * r.nextInt(2) : -1;
        long away = (long) size * (r.nextBoolean() ? 1 : 16 + r.nextInt(48));
        int wrap = r.nextInt(3) == 0 ? 64 : Integer.MAX_VALUE;
        long[] lower = new long[16];
        for (int l = 0; l < 16; l++) {
            lower[l] = (long) size * r.nextInt(4);
        }
        for (int l = 0; l < 32; l++) {
            at[l] = switch (layout) {
                // a coalesced access: the common case the shortcuts are for
                case 0, 1 -> base + (long) size * l;
                // lanes in pairs on one element: sub-word elements share words
                case 2 -> base + l / 2 * size;
                // every lane at one address
                case 3 -> base;
                // going down
                case 4 -> base + (long) size * (31 - l);
                // strided: after a coalesced access of twice the size, the same words in part
                case 5 -> base + 2L * size * l;
                // anywhere in a small window (unaligned too): lanes collide
                case 6 -> base + r.nextInt(8 * size);
                // each half of the warp one element (matmul's as[ty][k]): the upper half's the same, after or before
                case 7 -> Math.max(0, base + (l < 16 ? 0 : upper));
                // both halves the same elements of a row (bs[k][tx]), now and then one lane apart
                case 8 -> base + (long) size * (l & 15) + (l == apart ? away : 0);
                // the same going down
                case 9 -> base + (long) size * (15 - (l & 15)) + (l == apart ? away : 0);
                // both halves the same elements, anywhere in a few (one in several lanes, not in a row)
                case 10 -> base + lower[l & 15];
                // a padded tile's column (transpose's tile[tx][ty]): lanes three elements apart, or wrapping back
                default -> base + (long) size * (3 * l % wrap);
            };
        }
        return at;
    }
}
