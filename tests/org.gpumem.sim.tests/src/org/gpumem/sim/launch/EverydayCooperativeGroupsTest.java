package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.gpumem.sim.launch.Everyday.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * barriers.cu's cg_reduce: cooperative_groups reduce, labeled_partition and binary_partition
 * (shfl, match.any, vote; inline-asm scopes with registers declared without %), per warp.
 */
class EverydayCooperativeGroupsTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void reducePartitions(Variant v) throws IOException {
        PreparedLaunch launch = Everyday.launch("barriers.cg_reduce", v);
        int[] in = Everyday.ints(launch.initialBuffer("in"));
        PreparedLaunch.Outcome o = Everyday.run(launch);
        int[] sums = Everyday.ints(o.outputs().get("sums"));
        int[] maxs = Everyday.ints(o.outputs().get("maxs"));
        int[] ors = Everyday.ints(o.outputs().get("ors"));
        int[] labeled = Everyday.ints(o.outputs().get("labeled"));
        int[] binary = Everyday.ints(o.outputs().get("binary"));
        int n = in.length;
        for (int w = 0; w < 16; w++) {
            int sum = 0, max = Integer.MIN_VALUE, or = 0;
            int[] vals = new int[32];
            for (int k = 0; k < 32; k++) {
                int i = 32 * w + k;
                vals[k] = i < n ? in[i] : 0;
                sum += vals[k];
                max = Math.max(max, i < n ? vals[k] : Integer.MIN_VALUE);
                or |= vals[k];
            }
            assertEquals(sum, sums[w], "sums[" + w + "]");
            assertEquals(max, maxs[w], "maxs[" + w + "]");
            assertEquals(or, ors[w], "ors[" + w + "]");
            for (int k = 0; k < 32; k++) {
                int i = 32 * w + k;
                if (i >= n) {
                    continue;
                }
                int label = 0, same = 0;
                for (int j = 0; j < 32; j++) {
                    label += (vals[j] & 3) == (vals[k] & 3) ? vals[j] : 0;
                    same += (vals[j] > 0) == (vals[k] > 0) ? 1 : 0;
                }
                assertEquals(label, labeled[i], "labeled[" + i + "]");
                assertEquals(same, binary[i], "binary[" + i + "]");
            }
        }
    }
}
