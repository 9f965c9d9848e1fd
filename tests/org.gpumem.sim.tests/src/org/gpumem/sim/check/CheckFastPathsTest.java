package org.gpumem.sim.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.exec.SimTestSupport;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The shortcuts the checks take for the lanes of one instruction find what checking each lane on
 * its own finds: racecheck of the bytes of a word (an access inside one word, and one over two
 * words), memcheck of an instruction whose lanes stay inside one shared variable until the
 * last runs past its end, and the full warps and whole CTAs of barriers and warp
 * synchronisations (against partial warps, lanes arriving apart, a CTA with an exited thread).
 * Findings are compared with what the test's own PTX does.
 */
class CheckFastPathsTest {
    /** Findings of one CTA of {@code block} threads running {@code body} on {@code engine}, checked with {@code tools}. */
    private static List<Finding> findings(String declarations, String body, int block, Set<CheckTool> tools,
            ExecEngine engine) {
        return findings(List.of(body), declarations, 1, block, 4, tools, engine);
    }

    /**
     * Findings of launches of {@code grid} CTAs of {@code block} threads, one after the other on
     * one device, each running one of {@code bodies}, with {@code auxBytes} of global memory at
     * {@code %aux}; checked with {@code tools} on {@code engine}.
     */
    private static List<Finding> findings(List<String> bodies, String declarations, int grid, int block, long auxBytes,
            Set<CheckTool> tools, ExecEngine engine) {
        SimulatedDevice device = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
        long out = device.allocate(4L * grid * block);
        long aux = device.allocate(auxBytes);
        MemoryChecker checker = device.enableChecks(tools);
        for (int i = 0; i < bodies.size(); i++) {
            DeviceModule module = device.load("fast_paths" + i + ".ptx", SimTestSupport.perThreadKernel(declarations,
                    bodies.get(i)));
            LaunchConfig c = LaunchConfig.builder("k").grid(grid, 1, 1).block(block, 1, 1).argU64(out).argU64(aux).build();
            LaunchResult r = module.launch(c, ExecOptions.defaults().withWorkers(1).withEngine(engine)).run();
            assertNull(r.fault(), () -> r.fault().message());
        }
        checker.finish();
        return checker.findings();
    }

    /** A race as its class, both instructions (the later access's first) and how often it was seen. */
    private static String described(Finding f) {
        return f.kind() + " " + f.access().instruction().trim() + " / " + f.other().instruction().trim() + " x" + f.count();
    }

    /** The instruction texts of a race's two accesses, the reader's first. */
    private static List<String> pair(Finding f) {
        boolean accessReads = f.access().operation() == Access.Operation.READ;
        Access read = accessReads ? f.access() : f.other();
        Access write = accessReads ? f.other() : f.access();
        return List.of(read.instruction().trim(), write.instruction().trim());
    }

    /**
     * Thread 0 writes byte 1 of word 0 and all of word 1; thread 32 (another warp, no barrier
     * between) then reads byte 0 (no byte in common: no race), bytes 0-1 (a race inside one
     * word), and words 0 and 1 with one vector load (a race on each word, with each write), and
     * after a barrier reads word 0 again (ordered: no race).
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void racesOnTheBytesOfAWord(ExecEngine engine) {
        String body = """
                 setp.eq.u32 %p1, %t, 0;
                 setp.eq.u32 %p2, %t, 32;
                 mov.u32 %r9, 7;
                 @%p1 st.shared.u8 [w+1], %r9;
                 @%p1 st.shared.u32 [w+4], %r9;
                 @%p2 ld.shared.u8 %r1, [w];
                 @%p2 ld.shared.u16 %r2, [w];
                 @%p2 ld.shared.v2.u32 {%r3, %r4}, [w];
                 bar.sync 0;
                 @%p2 ld.shared.u32 %r5, [w];
                """;
        List<Finding> found = findings(".shared .align 8 .b8 w[8];", body, 64, EnumSet.of(CheckTool.RACECHECK), engine);
        List<List<String>> pairs = found.stream().map(CheckFastPathsTest::pair).sorted((a, b) -> a.toString().compareTo(b.toString())).toList();
        assertEquals(List.of(List.of("@%p2 ld.shared.u16 %r2, [w]", "@%p1 st.shared.u8 [w+1], %r9"),
                List.of("@%p2 ld.shared.v2.u32 {%r3, %r4}, [w]", "@%p1 st.shared.u32 [w+4], %r9"),
                List.of("@%p2 ld.shared.v2.u32 {%r3, %r4}, [w]", "@%p1 st.shared.u8 [w+1], %r9")), pairs,
                () -> found.stream().map(Finding::format).toList().toString());
        for (Finding f : found) {
            assertEquals(PtxStateSpace.SHARED, f.space());
            assertEquals(1, f.count(), f.format());
            assertEquals(List.of(0, 32), List.of(f.access().thread().x(), f.other().thread().x()).stream().sorted().toList());
        }
    }

    /**
     * The lanes of one instruction that read one shared word are checked together, and leave the
     * word's record as lane by lane: the first reader in the first read slot, the last in the
     * second. In CTA 0 of 64 threads: thread 0 writes word 0 and the lanes of warp 0 read it
     * without {@code __syncwarp} (lanes 1..31 race with the write: one race seen 31 times); after
     * a barrier (warp 1 goes first) warps 1 and 0 read word 1, and lane 5 writes it: a race with
     * each read the record kept, warp 1's first reader (thread 32) and warp 0's last (thread 31).
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void lanesReadingOneWordKeepItsRecordAsLaneByLane(ExecEngine engine) {
        String body = """
                 setp.eq.u32 %p1, %t, 0;
                 setp.lt.u32 %p2, %t, 32;
                 setp.eq.u32 %p3, %t, 5;
                 setp.ge.u32 %p4, %t, 32;
                 mov.u32 %r9, 7;
                 @%p1 st.shared.u32 [w], %r9;
                 @%p2 ld.shared.u32 %r1, [w];
                 bar.sync 0;
                 @%p2 ld.shared.u32 %r2, [w+4];
                 @%p3 st.shared.u32 [w+4], %r9;
                 @%p4 ld.shared.u32 %r3, [w+4];
                """;
        List<Finding> found = findings(".shared .align 8 .b8 w[8];", body, 64, EnumSet.of(CheckTool.RACECHECK), engine);
        assertEquals(List.of("RACE_RAW @%p2 ld.shared.u32 %r1, [w] / @%p1 st.shared.u32 [w], %r9 x31",
                "RACE_WAR @%p3 st.shared.u32 [w+4], %r9 / @%p4 ld.shared.u32 %r3, [w+4] x1",
                "RACE_WAR @%p3 st.shared.u32 [w+4], %r9 / @%p2 ld.shared.u32 %r2, [w+4] x1"),
                found.stream().map(CheckFastPathsTest::described).toList(),
                () -> found.stream().map(Finding::format).toList().toString());
        assertEquals(List.of(32, 31), List.of(found.get(1).other().thread().x(), found.get(2).other().thread().x()));
    }

    /**
     * The reads of one instruction grouped by word, whatever lanes share a word, leave every
     * word's record as checking each lane on its own leaves it, and initcheck finds what it finds
     * lane by lane: the same kernel runs once with shared loads (the grouped path) and once with
     * generic loads whose lane 31 reads global memory instead (an instruction in two spaces: each
     * lane checked on its own); lane 31 of the shared loads is off. In each of 32 CTAs of 4
     * warps, after warp 1 wrote words 0..27 of {@code w} but two and read some, and a barrier,
     * warps read them in patterns where lanes 16 apart, runs of lanes and scattered lanes share a
     * word, where the first read slot holds a read every lane knows (before the barrier, before
     * {@code bar.warp.sync}), one no lane knows (another warp's), one of a lane of the group (its
     * own thread's: the lanes before it take the second slot) or one of more bytes, and where
     * the word's last write is a lane's of the group. Then thread 64 + the CTA's index (warp 2,
     * which runs last after the barrier) writes each word at an instruction of its own: a race
     * with each recorded read of another thread, so the findings (their threads and counts, per
     * word and reading instruction) show the read slots of every word.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void lanesGroupedByWordKeepTheRecordsOfLaneByLane(ExecEngine engine) {
        // per read: its warp, the word each lane reads (from %r20, the lane), its first lane, its type
        String[][] reads = {
            // lanes 0..27 of warp 1 write their words but 13 and 26, which initcheck finds unwritten
            {"setp.eq.u32 %p4, %r21, 1; setp.lt.and.u32 %p4, %r20, 28, %p4; setp.ne.and.u32 %p4, %r20, 13, %p4;"
                    + " setp.ne.and.u32 %p4, %r20, 26, %p4; shl.b32 %r26, %r20, 2; add.u32 %r26, %r26, %r24;"
                    + " @%p4 st.shared.u32 [%r26], %r9; bar.warp.sync -1;"},
            {"1", "and.b32 %r22, %r20, 15;", "0", "u32"},
            {"1", "and.b32 %r22, %r20, 3; add.u32 %r22, %r22, 20;", "0", "u32"},
            {"bar.sync 0;"},
            // warp 3 runs first after the barrier: the first slot empty, first lanes 4..7
            {"3", "and.b32 %r22, %r20, 3; add.u32 %r22, %r22, 16;", "4", "u32"},
            // lanes 0 and 1 write words 24, 25 and 27: a read of another lane races, unless after bar.warp.sync;
            // lane 0 alone reads word 25
            {"setp.eq.u32 %p4, %t, 96; @%p4 st.shared.u32 [w+96], %r9; @%p4 st.shared.u32 [w+100], %r9;"
                    + " setp.eq.u32 %p4, %t, 97; @%p4 st.shared.u32 [w+108], %r9;"},
            {"3", "mov.u32 %r22, 24;", "0", "u32"},
            {"3", "setp.ne.u32 %p4, %r20, 0; selp.u32 %r22, 26, 25, %p4;", "0", "u32"},
            {"bar.warp.sync -1;"},
            {"3", "mov.u32 %r22, 27;", "0", "u32"},
            // known from the warp's synchronisation: the groups' first lanes 0, 8, 16, 24
            {"3", "shr.u32 %r22, %r20, 3; add.u32 %r22, %r22, 16;", "0", "u32"},
            // lane 8 of word 17 (and 16 of 18, 24 of 19) its own thread's: lanes 1, 3, 5, 7 before it
            {"3", "shr.u32 %r22, %r20, 3; and.b32 %r26, %r20, 1; add.u32 %r22, %r22, %r26; and.b32 %r22, %r22, 3;"
                    + " add.u32 %r22, %r22, 16;", "0", "u32"},
            // known from before the barrier: one run, then lanes 3 apart
            {"3", "mov.u32 %r22, 7;", "0", "u32"},
            {"3", "rem.u32 %r22, %r20, 3; add.u32 %r22, %r22, 13;", "0", "u32"},
            // lanes 16 apart: known but for words 7 and 13..15 (warp 3's reads)
            {"0", "and.b32 %r22, %r20, 15;", "0", "u32"},
            // a read of two bytes replaces no read of four, known or not
            {"0", "and.b32 %r22, %r20, 3; add.u32 %r22, %r22, 20;", "0", "u16"},
            {"bar.warp.sync -1;"},
            {"0", "and.b32 %r22, %r20, 15; xor.b32 %r22, %r22, 15;", "0", "u32"},
            // lane 15 - i of word i its own thread's, lane 7 - i before it
            {"0", "xor.b32 %r22, %r20, 15; and.b32 %r22, %r22, 7;", "0", "u32"},
            // another warp's reads in the first slots: runs of two lanes take the second
            {"1", "shr.u32 %r22, %r20, 1;", "0", "u32"}};
        List<List<String>> found = new java.util.ArrayList<>();
        for (boolean grouped : List.of(true, false)) {
            StringBuilder body = new StringBuilder("""
                     and.b32 %r20, %t, 31;
                     shr.u32 %r21, %t, 5;
                     mov.u32 %r24, w;
                     setp.ne.u32 %p2, %r20, 31;
                     mov.u32 %r9, 7;
                    """);
            int register = 1;
            for (String[] read : reads) {
                if (read.length == 1) {
                    body.append(' ').append(read[0]).append('\n');
                    continue;
                }
                String load = sharedOrSplit(grouped, "ld", read[3], "%r" + register + ", [@]");
                body.append(" ").append(read[1]).append(" mad.lo.u32 %r23, %r22, 4, %r24;\n")
                        .append(" setp.eq.u32 %p1, %r21, ").append(read[0]).append(";\n")
                        .append(" setp.ge.and.u32 %p1, %r20, ").append(read[2]).append(", %p1;\n")
                        .append(grouped ? " and.pred %p1, %p1, %p2;\n" : "")
                        .append(" ").append(load).append('\n');
                register++;
            }
            body.append(" add.u32 %r25, %c, 64;\n setp.eq.u32 %p3, %t, %r25;\n");
            for (int word = 0; word < 28; word++) {
                body.append(" @%p3 st.shared.u32 [w+").append(4 * word).append("], %r9;\n");
            }
            // lane 31's global reads in the generic loads read unwritten bytes: shared memory's findings only
            found.add(findings(List.of(body.toString()), ".shared .align 4 .b8 w[112];", 32, 128, 4,
                    EnumSet.of(CheckTool.RACECHECK, CheckTool.INITCHECK), engine).stream()
                    .filter(f -> f.space() == PtxStateSpace.SHARED).map(CheckFastPathsTest::readAndWrite).sorted().toList());
        }
        assertEquals(found.get(1), found.get(0), "grouped by word, the records differ from lane by lane's");
        // the cases the reads make show in the records: a lane of warp 3 (thread 104, lane 8) and one of warp 0
        // (thread 15) in the first slot though lanes before them read the word, the two-byte read kept beside
        // the four-byte one (thread 28), a race with the write of the group's lane 0 (thread 96)
        for (String seen : List.of(" thread 104 / w+68 thread 64 ", " thread 15 / w+0 thread 64 ", " thread 28 / w+80 thread 64 ",
                " thread 97 / w+96 thread 96 ")) {
            assertEquals(true, found.get(0).stream().anyMatch(f -> f.contains(seen)), () -> seen + " in\n" + String.join("\n", found.get(0)));
        }
    }

    /**
     * The shared stores of one instruction (which a path may take a word at a time) leave every
     * word's record as checking each lane on its own leaves it: the same kernel runs once with
     * shared stores (one instruction in one space)
     * and once with generic stores whose lane 31 writes global memory instead (an instruction in
     * two spaces: each lane checked on its own); lane 31 of the shared stores is off. In each of 8
     * CTAs of 4 warps: stores and another warp's reads with no barrier between (a race per word)
     * and with one (none), stores of the value memory holds over another warp's write (no race) and
     * of another (a race), byte and short stores sharing words over reads of the whole word and
     * read back by another warp, what two lanes' bytes leave of another warp's read for the reads
     * after them (which of them a later store races with), and lanes that synchronised half their warp storing each
     * other's words. The findings (their threads and counts) show the records.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void sharedStoresOfAWarpKeepTheRecordsOfLaneByLane(ExecEngine engine) {
        // per step: a line of PTX, or a store: its warp, the byte offset from %r20 (the lane) into %r22, its type, its value
        String[][] steps = {
            {"setp.eq.u32 %p4, %r21, 1; @%p4 ld.shared.u32 %r1, [%r25];"},
            {"0", "shl.b32 %r22, %r20, 2;", "u32", "%r9"},
            {"bar.sync 0;"},
            {"setp.eq.u32 %p4, %r21, 1; @%p4 ld.shared.u32 %r2, [%r25+128];"},
            {"bar.sync 0;"},
            {"0", "shl.b32 %r22, %r20, 2; add.u32 %r22, %r22, 128;", "u32", "%r9"},
            // warp 2 writes 0 where warp 3 wrote 0 (memory holds 0: no race), warp 1 writes 7 (a race)
            {"3", "shl.b32 %r22, %r20, 2; add.u32 %r22, %r22, 256;", "u32", "%r8"},
            {"2", "shl.b32 %r22, %r20, 2; add.u32 %r22, %r22, 256;", "u32", "%r8"},
            {"1", "shl.b32 %r22, %r20, 2; add.u32 %r22, %r22, 256;", "u32", "%r9"},
            // bytes and shorts over whole-word reads: a race per lane without a barrier
            {"setp.eq.u32 %p4, %r21, 3; @%p4 ld.shared.u32 %r3, [%r25+384];"},
            {"0", "add.u32 %r22, %r20, 384;", "u8", "%r9"},
            {"bar.sync 0;"},
            {"setp.eq.u32 %p4, %r21, 3; @%p4 ld.shared.u32 %r4, [%r25+384];"},
            {"bar.sync 0;"},
            {"1", "shl.b32 %r22, %r20, 1; add.u32 %r22, %r22, 384;", "u16", "%r9"},
            {"2", "add.u32 %r22, %r20, 385; and.b32 %r22, %r22, -2;", "u8", "%r9"},
            {"setp.eq.u32 %p4, %r21, 3; @%p4 ld.shared.u32 %r5, [%r25+384];"},
            // bytes 0 and 2 of each word, two lanes' stores, leave byte 1 of warp 3's read (known from the barrier):
            // in warp 1, lane k's read of byte 1 of word k replaces it, lane k - 1's takes the second slot, and
            // lane k - 2's store races with both (lanes of a warp do not know each other's accesses)
            {"bar.sync 0;"},
            {"setp.eq.u32 %p4, %r21, 3; @%p4 ld.shared.u16 %r7, [%r25+512];"},
            {"bar.sync 0;"},
            {"0", "shl.b32 %r22, %r20, 1; add.u32 %r22, %r22, 512;", "u8", "%r9"},
            {"bar.sync 0;"},
            {"setp.eq.u32 %p4, %r21, 1; @%p4 ld.shared.u8 %r10, [%r25+513];"},
            {"add.u32 %r26, %r20, 1; and.b32 %r26, %r26, 31; mad.lo.u32 %r26, %r26, 4, %r24;"
                    + " @%p4 ld.shared.u8 %r11, [%r26+513];"},
            {"1", "add.u32 %r22, %r20, 2; and.b32 %r22, %r22, 31; shl.b32 %r22, %r22, 2; add.u32 %r22, %r22, 513;",
                "u8", "%r9"},
            // lanes 0..15 of warp 0 read their words, synchronise, and store their neighbours': no race
            {"bar.sync 0;"},
            {"setp.eq.u32 %p4, %r21, 0; setp.lt.and.u32 %p4, %r20, 16, %p4; @%p4 ld.shared.u32 %r6, [%r25];"
                    + " @%p4 bar.warp.sync 0xFFFF;"},
            {"0", "xor.b32 %r22, %r20, 1; shl.b32 %r22, %r22, 2;", "u32", "%r9"}};
        List<List<String>> found = new java.util.ArrayList<>();
        for (boolean grouped : List.of(true, false)) {
            StringBuilder body = new StringBuilder("""
                     and.b32 %r20, %t, 31;
                     shr.u32 %r21, %t, 5;
                     mov.u32 %r24, w;
                     shl.b32 %r25, %r20, 2;
                     add.u32 %r25, %r25, %r24;
                     setp.ne.u32 %p2, %r20, 31;
                     mov.u32 %r9, 7;
                     mov.u32 %r8, 0;
                    """);
            for (String[] step : steps) {
                if (step.length == 1) {
                    body.append(' ').append(step[0]).append('\n');
                    continue;
                }
                // the last step: only lanes 0..15 of warp 0
                String lanes = step == steps[steps.length - 1] ? " setp.lt.and.u32 %p1, %r20, 16, %p1;\n" : "";
                String store = sharedOrSplit(grouped, "st", step[2], "[@], " + step[3]);
                body.append(" ").append(step[1]).append(" add.u32 %r23, %r22, %r24;\n")
                        .append(" setp.eq.u32 %p1, %r21, ").append(step[0]).append(";\n").append(lanes)
                        .append(grouped ? " and.pred %p1, %p1, %p2;\n" : "")
                        .append(" ").append(store).append('\n');
            }
            // lane 31's global stores in the generic version race among warps: shared memory's findings only
            found.add(findings(List.of(body.toString()), ".shared .align 4 .b8 w[640];", 8, 128, 4,
                    EnumSet.of(CheckTool.RACECHECK, CheckTool.INITCHECK), engine).stream()
                    .filter(f -> f.space() == PtxStateSpace.SHARED).map(CheckFastPathsTest::readAndWrite)
                    // the generic store named as the shared one
                    .map(f -> f.replace("%rd1", "%r23").replace(" st.u", " st.shared.u")).sorted().toList());
        }
        assertEquals(found.get(1), found.get(0), "shared stores, the records differ from lane by lane's");
        for (String kind : List.of("RACE_WAR", "RACE_WAW", "RACE_RAW", "RACE_WAR %r10 ", "RACE_WAR %r11 ")) {
            assertEquals(true, found.get(0).stream().anyMatch(f -> f.startsWith(kind)), () -> kind + " in\n" + String.join("\n", found.get(0)));
        }
    }

    /**
     * Lanes {@code %p1}'s access {@code op} of {@code type} at shared offset {@code %r23}, its
     * operands with {@code @} for the address: one instruction in shared memory ({@code grouped},
     * which a path may take a word at a time), or a generic one whose lane 31 goes to global
     * memory ({@code %aux}) instead, an instruction in two spaces whose lanes are each checked on their own.
     */
    private static String sharedOrSplit(boolean grouped, String op, String type, String operands) {
        return grouped ? "@%p1 " + op + ".shared." + type + " " + operands.replace("@", "%r23") + ";"
                : "cvt.u64.u32 %rd2, %r23; cvta.shared.u64 %rd1, %rd2; selp.b64 %rd1, %rd1, %aux, %p2;\n"
                        + " @%p1 " + op + "." + type + " " + operands.replace("@", "%rd1") + ";";
    }

    /**
     * A race between a load (named by the register it writes) and a store (by its address), or
     * a load of unwritten bytes, with the threads and bytes of its first sighting and how often
     * it was seen; the load's space left out.
     */
    private static String readAndWrite(Finding f) {
        if (f.other() == null) {
            return f.kind() + " " + f.access().instruction().replaceAll(".*ld[.a-z0-9]* (%r\\d+),.*", "$1") + " thread "
                    + f.access().thread().x() + " cta " + f.access().cta().x() + " at " + f.address() + " x" + f.count();
        }
        boolean accessReads = f.access().operation() == Access.Operation.READ;
        Access read = accessReads ? f.access() : f.other();
        Access write = accessReads ? f.other() : f.access();
        String load = read.instruction().replaceAll(".*ld[.a-z0-9]* (%r\\d+),.*", "$1");
        String store = write.instruction().replaceAll(".*\\[(.*)\\].*", "$1");
        return f.kind() + " " + load + " thread " + read.thread().x() + " / " + store + " thread " + write.thread().x()
                + " cta " + f.access().cta().x() + " x" + f.count();
    }

    /**
     * Lanes 0..30 load 8 bytes each inside a (252 bytes); lane 31 loads bytes 248..255, the last
     * 4 of a and the first 4 of b: one access past a's end, found though the lanes before it in
     * the same instruction stayed inside a.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void theLastLaneOfAnInstructionRunsPastAVariable(ExecEngine engine) {
        String body = """
                 mov.u64 %rd1, a;
                 mul.wide.u32 %rd2, %t, 8;
                 add.u64 %rd3, %rd1, %rd2;
                 ld.shared.v2.u32 {%r1, %r2}, [%rd3];
                """;
        List<Finding> found = findings(".shared .align 8 .b8 a[252];\n.shared .align 4 .b8 b[4];", body, 32,
                EnumSet.of(CheckTool.MEMCHECK), engine);
        assertEquals(1, found.size(), () -> found.stream().map(Finding::format).toList().toString());
        Finding f = found.get(0);
        assertEquals(FindingKind.PAST_END, f.kind());
        assertEquals(PtxStateSpace.SHARED, f.space());
        assertEquals(31, f.access().lane());
        assertEquals(8 * 31, f.address());
        assertEquals(1, f.count());
    }

    /**
     * Racecheck keeps a word of global memory that one access touched in a compact form and gives
     * it its full record when a second access must stay: every way a word goes from one form to
     * the other finds what the full record finds. In CTA 0 thread 0 (warp 0), thread 1 (its
     * lane 1) and thread 32 (warp 1, which runs after warp 0), and thread 0 of CTA 1, on a buffer
     * of 1 MiB and 8 bytes (two racecheck chunks, the second of two words):
     * <ul>
     * <li>word 0: thread 0 writes byte 1, thread 32 reads byte 0 (no byte in common) and bytes 0-1 (a race);
     * <li>word 1: thread 0 reads it, thread 32 overwrites all of it (the read goes, a race);
     * <li>word 2: thread 0 reads it, thread 32 writes byte 0 and then thread 33 byte 3 (the read
     * keeps the bytes the first write leaves: a race with each write);
     * <li>word 3: threads 0 and 32 write different values (a race); word 4: the same value (none);
     * <li>word 5: threads 0 and 1 read it in one instruction (unordered, both kept), thread 32
     * writes it: one race seen twice;
     * <li>word 6: lane 0 writes, lane 1 of the same warp reads without {@code __syncwarp} (a race);
     * word 7: the same with {@code bar.warp.sync} between (none);
     * <li>word 8: thread 0 of CTA 0 writes, thread 0 of CTA 1 reads (a race between CTAs);
     * <li>word 9: thread 0 writes, thread 32 reads after {@code bar.sync} (none); word 10: both add
     * atomically (none);
     * <li>the last word of the first chunk and the last word of the buffer: thread 0 writes,
     * thread 32 reads (a race each).
     * </ul>
     * A second launch then reads words 0 and 3 from thread 32 and writes word 1 from thread 0:
     * the first launch's accesses are ordered before it, no race.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void compactGlobalWordsFindWhatFullRecordsFind(ExecEngine engine) {
        String who = """
                 setp.eq.u32 %p9, %c, 0;
                 setp.eq.u32 %p1, %t, 0;
                 and.pred %p1, %p1, %p9;
                 setp.eq.u32 %p2, %t, 32;
                 and.pred %p2, %p2, %p9;
                 setp.eq.u32 %p3, %t, 1;
                 and.pred %p3, %p3, %p9;
                 setp.eq.u32 %p4, %t, 33;
                 and.pred %p4, %p4, %p9;
                 setp.lt.u32 %p5, %t, 2;
                 and.pred %p5, %p5, %p9;
                 setp.eq.u32 %p6, %t, 0;
                 setp.eq.u32 %p7, %c, 1;
                 and.pred %p6, %p6, %p7;
                 mov.u32 %r9, 7;
                 mov.u32 %r8, 9;
                """;
        String first = who + """
                 @%p1 st.global.u8 [%aux+1], %r9;
                 @%p2 ld.global.u8 %r1, [%aux];
                 @%p2 ld.global.u16 %r2, [%aux];
                 @%p1 ld.global.u32 %r3, [%aux+4];
                 @%p2 st.global.u32 [%aux+4], %r9;
                 @%p1 ld.global.u32 %r4, [%aux+8];
                 @%p2 st.global.u8 [%aux+8], %r9;
                 @%p4 st.global.u8 [%aux+11], %r9;
                 @%p1 st.global.u32 [%aux+12], %r9;
                 @%p2 st.global.u32 [%aux+12], %r8;
                 @%p1 st.global.u32 [%aux+16], %r9;
                 @%p2 st.global.u32 [%aux+16], %r9;
                 @%p5 ld.global.u32 %r5, [%aux+20];
                 @%p2 st.global.u32 [%aux+20], %r9;
                 @%p1 st.global.u32 [%aux+24], %r9;
                 @%p3 ld.global.u32 %r6, [%aux+24];
                 @%p1 st.global.u32 [%aux+28], %r9;
                 bar.warp.sync -1;
                 @%p3 ld.global.u32 %r6, [%aux+28];
                 @%p1 st.global.u32 [%aux+32], %r9;
                 @%p6 ld.global.u32 %r7, [%aux+32];
                 @%p1 st.global.u32 [%aux+36], %r9;
                 @%p1 atom.global.add.u32 %r10, [%aux+40], %r9;
                 @%p2 atom.global.add.u32 %r11, [%aux+40], %r9;
                 @%p1 st.global.u32 [%aux+1048572], %r9;
                 @%p2 ld.global.u32 %r12, [%aux+1048572];
                 @%p1 st.global.u32 [%aux+1048580], %r9;
                 @%p2 ld.global.u32 %r13, [%aux+1048580];
                 bar.sync 0;
                 @%p2 ld.global.u32 %r14, [%aux+36];
                """;
        String second = who + """
                 @%p2 ld.global.u32 %r1, [%aux];
                 @%p2 ld.global.u32 %r2, [%aux+12];
                 @%p1 st.global.u32 [%aux+4], %r8;
                """;
        List<Finding> found = findings(List.of(first, second), "", 2, 64, (1L << 20) + 8, EnumSet.of(CheckTool.RACECHECK),
                engine);
        List<String> races = found.stream().map(CheckFastPathsTest::described).sorted().toList();
        assertEquals(List.of(
                "RACE_RAW @%p2 ld.global.u16 %r2, [%aux] / @%p1 st.global.u8 [%aux+1], %r9 x1",
                "RACE_RAW @%p2 ld.global.u32 %r12, [%aux+1048572] / @%p1 st.global.u32 [%aux+1048572], %r9 x1",
                "RACE_RAW @%p2 ld.global.u32 %r13, [%aux+1048580] / @%p1 st.global.u32 [%aux+1048580], %r9 x1",
                "RACE_RAW @%p3 ld.global.u32 %r6, [%aux+24] / @%p1 st.global.u32 [%aux+24], %r9 x1",
                "RACE_RAW @%p6 ld.global.u32 %r7, [%aux+32] / @%p1 st.global.u32 [%aux+32], %r9 x1",
                "RACE_WAR @%p2 st.global.u32 [%aux+20], %r9 / @%p5 ld.global.u32 %r5, [%aux+20] x2",
                "RACE_WAR @%p2 st.global.u32 [%aux+4], %r9 / @%p1 ld.global.u32 %r3, [%aux+4] x1",
                "RACE_WAR @%p2 st.global.u8 [%aux+8], %r9 / @%p1 ld.global.u32 %r4, [%aux+8] x1",
                "RACE_WAR @%p4 st.global.u8 [%aux+11], %r9 / @%p1 ld.global.u32 %r4, [%aux+8] x1",
                "RACE_WAW @%p2 st.global.u32 [%aux+12], %r8 / @%p1 st.global.u32 [%aux+12], %r9 x1").stream().sorted()
                .toList(), races);
        Finding betweenCtas = found.stream().filter(f -> f.access().instruction().contains("%r7")).findFirst().orElseThrow();
        assertEquals(List.of(1, 0), List.of(betweenCtas.access().cta().x(), betweenCtas.other().cta().x()));
        for (Finding f : found) {
            assertEquals(PtxStateSpace.GLOBAL, f.space(), f.format());
        }
    }

    /**
     * A launch that stops at findings stops the warp right after the access that made the first
     * one, on the fast engine (whose compiled block holds the access, its checks around it) as on
     * the interpreter: thread 32 (warp 1) reads the word thread 0 (warp 0) wrote, with no barrier
     * between, in the middle of straight-line code; warp 1 stops at the instruction after the
     * read, having issued what the interpreter issued to get there.
     */
    @Test
    void aFindingStopsTheWarpRightAfterItsAccessOnBothEngines() {
        String body = """
                 setp.eq.u32 %p1, %t, 0;
                 setp.eq.u32 %p2, %t, 32;
                 add.u32 %r9, %t, 7;
                 @%p1 st.shared.u32 [w], %r9;
                 add.u32 %r1, %r9, 1;
                 @%p2 ld.shared.u32 %r2, [w];
                 add.u32 %r3, %r2, %r1;
                 mul.lo.u32 %r0, %r3, 3;
                """;
        assertStopsAlike(body, "@%p2 ld.shared.u32 %r2, [w]", 1);
    }

    /**
     * A full warp's shared loads amid arithmetic, which the fast engine runs in one lane loop with
     * the loads' checks before it: unguarded, every thread reads the word thread 0 wrote, the
     * lanes of each warp unordered with it (independent thread scheduling), and the word after
     * it, which nobody wrote. The checks find on
     * the fast engine what they find on the interpreter, and a launch that stops at findings
     * stops warp 0 right after the read on both.
     */
    @Test
    void aSharedLoadInALaneLoopIsCheckedAsTheInterpreterChecksIt() {
        String body = """
                 setp.eq.u32 %p1, %t, 0;
                 add.u32 %r9, %t, 7;
                 mov.u32 %r8, w;
                 @%p1 st.shared.u32 [%r8], %r9;
                 add.u32 %r1, %r9, 1;
                 ld.shared.u32 %r2, [%r8];
                 add.u32 %r3, %r2, %r1;
                 ld.shared.u32 %r6, [%r8+4];
                 mul.lo.u32 %r4, %r3, %r6;
                 add.u32 %r5, %r4, %r1;
                 xor.b32 %r0, %r5, %r3;
                """;
        Set<CheckTool> tools = EnumSet.of(CheckTool.RACECHECK, CheckTool.INITCHECK);
        List<List<String>> found = new java.util.ArrayList<>();
        for (ExecEngine engine : List.of(ExecEngine.INTERPRETER, ExecEngine.FAST)) {
            found.add(findings(".shared .align 4 .b8 w[8];", body, 64, tools, engine).stream()
                    .map(f -> f.format() + " x" + f.count()).sorted().toList());
        }
        assertEquals(List.of("RACE_RAW ld.shared.u32 %r2, [%r8]", "UNINITIALIZED_READ ld.shared.u32 %r6, [%r8+4]"),
                findings(".shared .align 4 .b8 w[8];", body, 64, tools, ExecEngine.INTERPRETER).stream()
                        .map(f -> f.kind() + " " + f.access().instruction().trim()).distinct().sorted().toList());
        assertEquals(found.get(0), found.get(1), "the fast engine found other than the interpreter");
        assertStopsAlike(body, "ld.shared.u32 %r2, [%r8]", 0);
    }

    /**
     * A barrier of the whole CTA orders what every thread did before it, however the threads
     * arrive: whole warps at {@code bar.sync} (one step per warp, and the arrival clocks taken as
     * the CTA's knowledge at once), half warps at {@code barrier.sync} from two branches (lane by
     * lane), and with a thread that exited first (not every thread of the CTA arrives: thread by
     * thread). Four rounds, on barriers 0 and 1 in turn, each write a word per thread and read
     * another warp's after a barrier: no race; then threads 40 and 3 write word 3 with no barrier
     * between: one race, the same in every form.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void aBarrierOrdersTheSameHoweverItsThreadsArrive(ExecEngine engine) {
        // %1$d: the barrier, %2$d: a number for the labels of this one
        String[] barrier = {"bar.sync %1$d;\n", """
                 and.b32 %%r20, %%t, 16;
                 setp.ne.u32 %%p8, %%r20, 0;
                 @%%p8 bra UPPER%2$d;
                 barrier.sync %1$d;
                 bra.uni PAST%2$d;
                UPPER%2$d:
                 barrier.sync %1$d;
                PAST%2$d:
                """, "bar.sync %1$d;\n"};
        int[] threads = {64, 64, 65};
        List<List<String>> found = new java.util.ArrayList<>();
        for (int form = 0; form < barrier.length; form++) {
            StringBuilder body = new StringBuilder("""
                     setp.ge.u32 %p9, %t, 64;
                     @%p9 exit;
                     mul.lo.u32 %r10, %t, 4;
                     mov.u32 %r11, s;
                     add.u32 %r12, %r11, %r10;
                     add.u32 %r13, %t, 33;
                     and.b32 %r13, %r13, 63;
                     mul.lo.u32 %r13, %r13, 4;
                     add.u32 %r13, %r11, %r13;
                    """);
            for (int round = 0; round < 4; round++) {
                int n = 2 * round;
                body.append(" add.u32 %r14, %t, ").append(100 * round).append(";\n st.shared.u32 [%r12], %r14;\n")
                        .append(barrier[form].formatted(round % 2, n))
                        .append(" ld.shared.u32 %r15, [%r13];\n add.u32 %r0, %r0, %r15;\n")
                        .append(barrier[form].formatted((round + 1) % 2, n + 1));
            }
            body.append("""
                     setp.eq.u32 %p1, %t, 40;
                     setp.eq.u32 %p2, %t, 3;
                     mov.u32 %r16, 999;
                     mov.u32 %r17, 998;
                     @%p1 st.shared.u32 [s+12], %r16;
                     @%p2 st.shared.u32 [s+12], %r17;
                    """);
            found.add(findings(List.of(body.toString()), ".shared .align 4 .b32 s[64];", 1, threads[form], 4,
                    EnumSet.of(CheckTool.RACECHECK, CheckTool.SYNCCHECK), engine).stream()
                    .map(f -> f.kind() + " " + Stream.of(f.access(), f.other()).map(a -> a.instruction().trim()).sorted()
                            .toList() + " x" + f.count())
                    .toList());
        }
        assertEquals(List.of("RACE_WAW [@%p1 st.shared.u32 [s+12], %r16, @%p2 st.shared.u32 [s+12], %r17] x1"), found.get(0));
        assertEquals(found.get(0), found.get(1), "half warps arriving lane by lane");
        assertEquals(found.get(0), found.get(2), "a CTA with an exited thread");
    }

    /**
     * Synccheck finds the lanes of a warp naming different barriers whether the warp is full (its
     * lanes compared at once) or not (lane by lane): the upper half of the warp's lanes names
     * barrier 1, the lower barrier 0; none when every lane names barrier 0.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void lanesNamingDifferentBarriersAreFoundInFullAndPartialWarps(ExecEngine engine) {
        for (int block : new int[] {32, 16}) {
            for (boolean differ : new boolean[] {true, false}) {
                String body = """
                         setp.ge.u32 %p1, %t, HALF;
                         selp.u32 %r1, ID, 0, %p1;
                         bar.sync %r1;
                        """.replace("HALF", Integer.toString(block / 2)).replace("ID", differ ? "1" : "0");
                List<Finding> found = findings("", body, block, EnumSet.of(CheckTool.SYNCCHECK), engine);
                assertEquals(differ ? List.of("BARRIER_MISMATCH the lanes of warp 0 name different barriers or thread counts")
                        : List.of(), found.stream().map(f -> f.kind() + " " + f.detail()).toList(), "block " + block);
            }
        }
    }

    /**
     * What one lane acquired reaches the lanes it synchronises with: thread 0 of CTA 0 writes a
     * word and releases a flag; thread 0 of CTA 1 acquires it, its warp synchronises (the whole
     * warp at once, or as tiles of 16 lanes, each lane its tile's mask), and thread 1 then reads the word: no
     * race; after a barrier thread 33 reads it: no race; thread 2 of CTA 2, which acquired
     * nothing, reads it: a race with the write.
     */
    @ParameterizedTest
    @EnumSource(value = ExecEngine.class, names = {"FAST", "INTERPRETER"})
    void whatALaneAcquiredReachesItsWarpAndItsCta(ExecEngine engine) {
        List<List<String>> found = new java.util.ArrayList<>();
        // the warp as one (with the mask an immediate and in a register), and as two tiles of 16 lanes
        for (String sync : List.of("bar.warp.sync -1;", "mov.u32 %r10, -1;\n bar.warp.sync %r10;",
                "and.b32 %r11, %t, 16;\n setp.ne.u32 %p0, %r11, 0;\n selp.b32 %r10, 0xffff0000, 0xffff, %p0;\n bar.warp.sync %r10;")) {
            String body = """
                     setp.eq.u32 %p1, %c, 0;
                     setp.eq.u32 %p2, %c, 1;
                     setp.eq.u32 %p3, %c, 2;
                     setp.eq.u32 %p4, %t, 0;
                     and.pred %p5, %p1, %p4;
                     and.pred %p6, %p2, %p4;
                     setp.eq.u32 %p7, %t, 1;
                     and.pred %p7, %p7, %p2;
                     setp.eq.u32 %p8, %t, 33;
                     and.pred %p8, %p8, %p2;
                     setp.eq.u32 %p9, %t, 2;
                     and.pred %p9, %p9, %p3;
                     mov.u32 %r9, 7;
                     mov.u32 %r8, 1;
                     @%p5 st.global.u32 [%aux], %r9;
                     @%p5 st.release.gpu.global.u32 [%aux+4], %r8;
                     @%p6 ld.acquire.gpu.global.u32 %r1, [%aux+4];
                     SYNC
                     @%p7 ld.global.u32 %r2, [%aux];
                     bar.sync 0;
                     @%p8 ld.global.u32 %r3, [%aux];
                     @%p9 ld.global.u32 %r4, [%aux];
                    """.replace("SYNC", sync);
            found.add(findings(List.of(body), "", 3, 64, 8, EnumSet.of(CheckTool.RACECHECK, CheckTool.SYNCCHECK), engine)
                    .stream().map(CheckFastPathsTest::described).toList());
        }
        assertEquals(List.of("RACE_RAW @%p9 ld.global.u32 %r4, [%aux] / @%p5 st.global.u32 [%aux], %r9 x1"), found.get(0));
        assertEquals(found.get(0), found.get(1), "a warp synchronisation with its mask in a register");
        assertEquals(found.get(0), found.get(2), "a warp synchronised as two tiles");
    }

    /**
     * Runs {@code body} in one CTA of 64 threads, racechecked, stopping at findings, on both
     * engines: the first finding is at {@code instruction} and stops warp {@code warp} right
     * after it, with the same pc and instruction counts on both.
     */
    private static void assertStopsAlike(String body, String instruction, int warp) {
        // w has two words; the lane-loop test reads the second, which nobody writes: initcheck is off here
        List<Object> stops = new java.util.ArrayList<>();
        for (ExecEngine engine : List.of(ExecEngine.INTERPRETER, ExecEngine.FAST)) {
            SimulatedDevice device = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);
            DeviceModule module = device.load("stop.ptx", SimTestSupport.perThreadKernel(".shared .align 4 .b8 w[8];", body));
            long out = device.allocate(4L * 64);
            long aux = device.allocate(4);
            device.enableChecks(EnumSet.of(CheckTool.RACECHECK));
            LaunchConfig c = LaunchConfig.builder("k").grid(1, 1, 1).block(64, 1, 1).argU64(out).argU64(aux).build();
            Launch launch = module.launch(c, ExecOptions.defaults().withWorkers(1).withEngine(engine));
            launch.stopAtFindings(true);
            Cta cta = launch.newCta(0);
            Cta.Stop stop = null;
            Warp stopped = null;
            for (int i = 0; i < cta.warpCount() && stopped == null; i++) {
                Warp w = cta.warp(i);
                stop = cta.run(w, 1_000_000, false, false);
                if (stop == Cta.Stop.FINDING) {
                    stopped = w;
                }
            }
            assertEquals(Cta.Stop.FINDING, stop, engine.toString());
            Finding f = launch.takeFindingStop();
            assertEquals(FindingKind.RACE_RAW, f.kind(), f.format());
            assertEquals(warp, stopped.id(), f.format());
            assertEquals(instruction, f.access().instruction().trim());
            // stopped right after the read: the instruction before the warp's pc is the read
            assertEquals(f.access().instruction().trim(), stopped.function().instructions().get(stopped.pc() - 1).text.trim(),
                    engine.toString());
            stops.add(List.of(stopped.pc(), stopped.instructionCount(), cta.warpInstructions(), cta.threadInstructions(),
                    f.format()));
        }
        assertEquals(stops.get(0), stops.get(1), "the fast engine stopped elsewhere than the interpreter");
    }
}
