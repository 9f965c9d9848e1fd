package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutations of the fixtures, biased towards the container bytes: every outcome must be a
 * catalog or an InputFormatException, never another exception, a hang or an OutOfMemoryError.
 * Runs a fixed number of iterations with a fixed seed, stopping early after about 10 s on a slow
 * machine.
 */
class MutationFuzzTest {
    private static final long SEED = Long.getLong("gpumem.fuzz.seed", 0x6770756d656dL);
    /** Iterations per run; -Dgpumem.fuzz.iterations=N -Dgpumem.fuzz.seconds=S -Dgpumem.fuzz.seed=X for other campaigns. */
    private static final int ITERATIONS = Integer.getInteger("gpumem.fuzz.iterations", 20000);
    private static final long BUDGET_NANOS = Long.getLong("gpumem.fuzz.seconds", 10) * 1_000_000_000L;

    private record Target(String name, byte[] bytes, List<long[]> hotRanges) {
    }

    private static List<Target> targets() throws IOException {
        List<Target> list = new ArrayList<>();
        for (String f : List.of("cuda_O", "cuda_G", "kern_rdc.o", "cuda_arch", "hip_app", "hip_app_z", "hip_v2.o",
                "hkern.hipfb", "hkern_g.hipfb", "keep/O/kern.fatbin", "keep/O/kern.compute_86.cubin",
                "keep/O/kern.compute_80.ptx", "vadd.spv", "vadd.cl", "unbundled/hkern.hipfb/hipv4-amdgcn-amd-amdhsa--gfx90a.hsaco")) {
            List<long[]> hot = new ArrayList<>();
            for (Container c : Fixtures.read(f).containers()) {
                if (c.origin().fileOffset() >= 0) {
                    hot.add(new long[] {c.origin().fileOffset(), c.size()});
                }
            }
            list.add(new Target(f, Fixtures.bytes(f), hot));
        }
        return list;
    }

    @Test
    void mutatedFixturesFailOnlyWithInputFormatException() throws IOException {
        List<Target> targets = targets();
        Random random = new Random(SEED);
        long start = System.nanoTime();
        int done = 0;
        int rejected = 0;
        for (; done < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS; done++) {
            Target t = targets.get(random.nextInt(targets.size()));
            byte[] data = t.bytes().clone();
            int length = data.length;
            int mutations = 1 + random.nextInt(8);
            for (int m = 0; m < mutations; m++) {
                int at;
                if (!t.hotRanges().isEmpty() && random.nextInt(10) < 8) {
                    long[] r = t.hotRanges().get(random.nextInt(t.hotRanges().size()));
                    at = (int) (r[0] + random.nextInt((int) Math.max(1, Math.min(r[1], 256 + random.nextInt((int) r[1])))));
                } else {
                    at = random.nextInt(data.length);
                }
                at = Math.min(at, data.length - 1);
                switch (random.nextInt(4)) {
                    case 0 -> data[at] = (byte) random.nextInt(256);
                    case 1 -> data[at] ^= (byte) (1 << random.nextInt(8));
                    case 2 -> data[at] = (byte) (random.nextBoolean() ? 0xff : 0);
                    default -> length = Math.min(length, at);
                }
            }
            ByteBuffer input = ByteBuffer.wrap(data, 0, length);
            try {
                Catalog c = new CatalogReader(32 << 20).read(t.name(), input);
                for (DeviceImage i : c.images()) {
                    i.payload();
                    i.kernels();
                    i.describe();
                }
            } catch (InputFormatException expected) {
                rejected++;
            } catch (RuntimeException | Error e) {
                fail("iteration " + done + " on " + t.name() + " (seed " + SEED + "): " + e, e);
            }
        }
        System.out.printf("MutationFuzzTest: %d iterations, %d rejected, %.1f s%n", done, rejected, (System.nanoTime() - start) / 1e9);
        assertTrue(done >= 100, "only " + done + " iterations ran");
        assertTrue(rejected > 0, "no mutation was rejected in " + done + " iterations");
    }
}
