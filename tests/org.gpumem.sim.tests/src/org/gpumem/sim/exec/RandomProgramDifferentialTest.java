package org.gpumem.sim.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.compile.BlockCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random PTX programs ({@link RandomPtxPrograms}: every form the loader accepts for the
 * arithmetic, logic, comparison, selection and conversion opcodes, with guards, divergent
 * forward branches, shared memory, atomics and votes, exits and faulting loads and atomics) run
 * on both engines from fixed seeds, with random and boundary inputs: the same registers stored,
 * the same words the global atomics left, counts, profile and fault report; and the same again
 * when the instruction budget stops them part-way.
 */
class RandomProgramDifferentialTest {
    private static final RandomPtxPrograms PROGRAMS = new RandomPtxPrograms();
    private static final int BATCHES = 40, PER_BATCH = 10;

    static LongStream batches() {
        return LongStream.range(0, BATCHES);
    }

    /** The forms cover every shape and many types: the table is probed, not a short list. */
    @Test
    void theProbedFormsSpanTheTable() {
        Set<ScalarType> types = PROGRAMS.forms().stream().map(RandomPtxPrograms.Form::type)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(ScalarType.class)));
        assertTrue(types.containsAll(EnumSet.of(ScalarType.U16, ScalarType.S32, ScalarType.B64, ScalarType.F16,
                ScalarType.F32, ScalarType.F64, ScalarType.PRED)), types.toString());
        Set<String> opcodes = PROGRAMS.forms().stream().map(RandomPtxPrograms.Form::opcode).collect(Collectors.toSet());
        assertTrue(opcodes.containsAll(Set.of("add", "mul.wide", "mad.lo", "fma.rn", "setp.lt", "selp", "cvt", "shr",
                "cvt.rzi", "add.rz", "popc")), opcodes.toString());
        assertTrue(PROGRAMS.forms().size() > 500, PROGRAMS.forms().size() + " forms");
        Set<String> atomics = PROGRAMS.atomicForms().stream()
                .map(f -> f.base() + "." + f.operation() + "." + f.type().ptxName()).collect(Collectors.toSet());
        assertTrue(atomics.containsAll(Set.of("atom.add.u32", "atom.add.f32", "atom.add.f64", "atom.exch.b64",
                "atom.cas.b32", "atom.inc.u32", "atom.dec.u32", "atom.min.s64", "atom.max.u64", "atom.xor.b32",
                "red.add.u64", "red.and.b64")), atomics.toString());
    }

    @ParameterizedTest(name = "batch {0}")
    @MethodSource("batches")
    void randomProgramsRunTheSameOnBothEngines(long batch) {
        for (long seed = batch * PER_BATCH; seed < (batch + 1) * PER_BATCH; seed++) {
            String ptx = PROGRAMS.program(seed, 30 + (int) (seed % 50));
            int block = seed % 3 == 0 ? 48 : 64;
            Outcome reference = run(ptx, seed, block, 1_000_000, ExecEngine.INTERPRETER);
            assertSame(reference, run(ptx, seed, block, 1_000_000, ExecEngine.FAST), seed, ptx);
            long budget = 1 + Math.floorMod(seed * 7919, Math.max(1, reference.result.warpInstructions()));
            assertSame(run(ptx, seed, block, budget, ExecEngine.INTERPRETER), run(ptx, seed, block, budget, ExecEngine.FAST),
                    seed, ptx);
        }
    }

    private record Outcome(LaunchResult result, byte[] out, byte[] atomics) {
    }

    private static void assertSame(Outcome a, Outcome b, long seed, String ptx) {
        String what = "seed " + seed + ":\n" + ptx;
        assertEquals(a.result.fault(), b.result.fault(), what);
        assertEquals(a.result.warpInstructions(), b.result.warpInstructions(), what);
        assertEquals(a.result.threadInstructions(), b.result.threadInstructions(), what);
        assertEquals(a.result.profile().instructions(), b.result.profile().instructions(), what);
        assertSameRegisters(a.out, b.out, what);
        assertSameAtomics(a.atomics, b.atomics, what);
    }

    private static Outcome run(String ptx, long seed, int block, long budget, ExecEngine engine) {
        int grid = 2;
        int threads = grid * block;
        SimulatedDevice device = new SimulatedDevice("sm_90", 16L << 20, BlockCompiler.INSTANCE);
        DeviceModule module = device.load("random.ptx", ptx);
        long in = device.allocate((long) RandomPtxPrograms.IN_BYTES * threads);
        long out = device.allocate((long) RandomPtxPrograms.OUT_BYTES * threads);
        long atomics = device.allocate(RandomPtxPrograms.ATOMIC_BYTES);
        device.write(in, inputs(seed, threads));
        device.write(atomics, atomicWords(seed));
        LaunchConfig c = LaunchConfig.builder("k").grid(grid, 1, 1).block(block, 1, 1).argU64(in).argU64(out)
                .argU64(atomics).build();
        LaunchResult r = module.launch(c, new ExecOptions(budget, 1, true, engine)).run();
        return new Outcome(r, device.read(out, RandomPtxPrograms.OUT_BYTES * threads),
                device.read(atomics, RandomPtxPrograms.ATOMIC_BYTES));
    }

    /** The global atomics' words: integers random or small (inc/dec bounds meet them), then small f32 and f64 numbers. */
    private static byte[] atomicWords(long seed) {
        Random r = new Random(seed ^ 0xA70A1CL);
        ByteBuffer b = ByteBuffer.allocate(RandomPtxPrograms.ATOMIC_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < 16; k++) {
            b.putLong(r.nextBoolean() ? r.nextLong() : r.nextInt(8) - 1);
        }
        for (int k = 0; k < 16; k++) {
            b.putFloat((r.nextInt(64) - 32) / 4f);
        }
        for (int k = 0; k < 8; k++) {
            b.putDouble((r.nextInt(64) - 32) / 8.0);
        }
        return b.array();
    }

    /** The global atomics left the same words: integers bit for bit, f32 and f64 words bit for bit or both NaN. */
    private static void assertSameAtomics(byte[] a, byte[] b, String what) {
        ByteBuffer x = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer y = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < 128; k++) {
            assertEquals(a[k], b[k], what + "\natomic integer byte " + k);
        }
        for (int at = 128; at < RandomPtxPrograms.ATOMIC_BYTES; at += at < 192 ? 4 : 8) {
            ScalarType t = at < 192 ? ScalarType.F32 : ScalarType.F64;
            long p = t == ScalarType.F32 ? x.getInt(at) & 0xFFFF_FFFFL : x.getLong(at);
            long q = t == ScalarType.F32 ? y.getInt(at) & 0xFFFF_FFFFL : y.getLong(at);
            if (!sameFloat(t, p, q)) {
                throw new AssertionError(what + "\natomic " + t + " word at " + at + ": " + Long.toHexString(p) + " and "
                        + Long.toHexString(q));
            }
        }
    }

    /** Per thread, eight integer then eight float words: random, mixed with boundary values of the types. */
    private static byte[] inputs(long seed, int threads) {
        long[] integers = {0, 0, 1, -1, 2, 31, 32, 63, 64, Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL,
            Long.MAX_VALUE, Long.MIN_VALUE, 0x7FFF, 0x8000, 0xFFFF};
        long[] floats = {0, 1L << 63, Float.floatToRawIntBits(1.0f) | (long) Float.floatToRawIntBits(-0.0f) << 32,
            Float.floatToRawIntBits(0.5f) | (long) Float.floatToRawIntBits(-3.25f) << 32, Double.doubleToRawLongBits(1.5),
            Double.doubleToRawLongBits(-2.0e300), 1, 0x0000_0001_8000_0001L, 1L << 52, 0x3C00_BC00_3555_0001L,
            0x7F80_0000_FF80_0000L, 0x7FC0_0000_7F7F_FFFFL, 0x7FF0_0000_0000_0000L, 0x7FF8_0000_0000_0000L,
            0x7C00_FC00_7E00_3BFFL, 0x7F80_FF80_7FC0_0080L};
        Random r = new Random(seed ^ 0x5DEECE66DL);
        ByteBuffer b = ByteBuffer.allocate(RandomPtxPrograms.IN_BYTES * threads).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            for (int k = 0; k < 8; k++) {
                b.putLong(r.nextInt(3) == 0 ? integers[r.nextInt(integers.length)] : r.nextLong());
            }
            for (int k = 0; k < 8; k++) {
                b.putLong(r.nextInt(3) == 0 ? floats[r.nextInt(floats.length)] : r.nextLong());
            }
        }
        return b.array();
    }

    /**
     * The stored registers are the same: integer registers and predicates bit for bit, float
     * registers bit for bit or both NaN of their type (see {@link RandomPtxPrograms} on payloads).
     */
    private static void assertSameRegisters(byte[] a, byte[] b, String what) {
        assertEquals(a.length, b.length, what);
        ByteBuffer x = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer y = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int stride = RandomPtxPrograms.OUT_BYTES;
        for (int t = 0; t < a.length / stride; t++) {
            int base = t * stride;
            for (int k = 0; k < RandomPtxPrograms.FLOAT_OFFSETS[0]; k++) {
                assertEquals(a[base + k], b[base + k], what + "\nthread " + t + ", integer byte " + k);
            }
            for (int k = 304; k < stride; k++) {
                assertEquals(a[base + k], b[base + k], what + "\nthread " + t + ", predicate byte " + k);
            }
            for (int v = 0; v < RandomPtxPrograms.FLOAT_TYPES.length; v++) {
                ScalarType type = RandomPtxPrograms.FLOAT_TYPES[v];
                int size = type.size();
                for (int k = 0; k < 8; k++) {
                    int at = base + RandomPtxPrograms.FLOAT_OFFSETS[v] + k * size;
                    long p = size == 8 ? x.getLong(at) : size == 4 ? x.getInt(at) & 0xFFFF_FFFFL : x.getShort(at) & 0xFFFF;
                    long q = size == 8 ? y.getLong(at) : size == 4 ? y.getInt(at) & 0xFFFF_FFFFL : y.getShort(at) & 0xFFFF;
                    if (!sameFloat(type, p, q)) {
                        throw new AssertionError(what + "\nthread " + t + ", " + type + " register " + k + ": "
                                + Long.toHexString(p) + " and " + Long.toHexString(q));
                    }
                }
            }
        }
    }

    private static boolean sameFloat(ScalarType type, long p, long q) {
        switch (type) {
            case F64: return p == q || Double.isNaN(Double.longBitsToDouble(p)) && Double.isNaN(Double.longBitsToDouble(q));
            case F32: return p == q || Float.isNaN(Float.intBitsToFloat((int) p)) && Float.isNaN(Float.intBitsToFloat((int) q));
            case F16X2: return sameFloat(ScalarType.F16, p & 0xFFFF, q & 0xFFFF) && sameFloat(ScalarType.F16, p >>> 16, q >>> 16);
            case BF16X2: return sameFloat(ScalarType.BF16, p & 0xFFFF, q & 0xFFFF) && sameFloat(ScalarType.BF16, p >>> 16, q >>> 16);
            case F16: return p == q || (p & 0x7C00) == 0x7C00 && (p & 0x3FF) != 0 && (q & 0x7C00) == 0x7C00 && (q & 0x3FF) != 0;
            default: return p == q || (p & 0x7F80) == 0x7F80 && (p & 0x7F) != 0 && (q & 0x7F80) == 0x7F80 && (q & 0x7F) != 0;
        }
    }
}
