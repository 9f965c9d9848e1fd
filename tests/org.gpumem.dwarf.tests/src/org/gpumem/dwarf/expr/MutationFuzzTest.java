package org.gpumem.dwarf.expr;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.Target;
import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation loop over the hand-made fixture's expressions: decoding, printing,
 * summarising and evaluating a corrupted expression either succeeds or raises
 * {@link InputFormatException} (or its {@link EvaluationException}), never another exception,
 * and never takes long. Bounded in count so that it fits the unit-test run.
 */
class MutationFuzzTest {
    private static final int ROUNDS = 20_000;

    @Test
    void corruptedExpressionsFailOnlyWithInputErrors() throws IOException {
        HandmadeFixture fixture = new HandmadeFixture(AddressSpaceEncodings.DEFAULTS);
        var numbering = AddressSpaceRegistry.numbering(Target.AMDGPU, Producer.parse(fixture.unit.producer()), 8);
        List<byte[]> seeds = new ArrayList<>();
        for (Expression e : fixture.locations.values()) {
            seeds.add(encode(fixture, e));
        }
        Random random = new Random(0x5eed);
        int failures = 0;
        long worst = 0;
        for (int round = 0; round < ROUNDS; round++) {
            byte[] bytes = mutate(seeds.get(random.nextInt(seeds.size())), random);
            long start = System.nanoTime();
            try {
                Expression e = fixture.decoder.decode("fuzz", ".debug_info", bytes, ByteOrder.LITTLE_ENDIAN);
                e.format(RegisterNames.PTX, BaseTypeNames.UNRESOLVED);
                LocationSummary.of(e, numbering, numbering.defaultSpace(), random.nextBoolean());
                new Evaluator(new RecordingContext(numbering), random.nextBoolean()).evaluate(e).toString();
            } catch (InputFormatException expected) {
                failures++;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError other) {
                fail("round " + round + " bytes " + java.util.HexFormat.of().formatHex(bytes), other);
            }
            worst = Math.max(worst, System.nanoTime() - start);
        }
        assertTrue(failures > 0, "mutations produced some invalid expressions");
        assertTrue(worst < 1_000_000_000L, "slowest input took " + worst / 1_000_000 + " ms");
    }

    /** The fixture's bytes of an expression, taken back from its section. */
    private static byte[] encode(HandmadeFixture fixture, Expression e) {
        byte[] b = new byte[e.size()];
        fixture.unit.section().data().get((int) e.sectionOffset(), b);
        return b;
    }

    private static byte[] mutate(byte[] seed, Random random) {
        byte[] b = seed.clone();
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits && b.length > 0; i++) {
            switch (random.nextInt(4)) {
                case 0 -> b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
                case 2 -> {
                    byte[] longer = java.util.Arrays.copyOf(b, b.length + 1 + random.nextInt(4));
                    for (int k = b.length; k < longer.length; k++) {
                        longer[k] = (byte) random.nextInt(256);
                    }
                    b = longer;
                }
                default -> b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
            }
        }
        return b;
    }
}
