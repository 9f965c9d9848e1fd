package org.gpumem.ui.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;

import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lanes grid and the alias panel against the interleave formula of GPU-FACTS.md:
 * {@code wave_offset = (lane_offset / 4) * lanes * 4 + lane_id * 4 + (lane_offset % 4)}.
 */
class LanesAndAliasesTest {

    private Shell shell;

    @BeforeEach
    void open() {
        shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        shell.setSize(1300, 700);
    }

    @AfterEach
    void close() {
        shell.dispose();
    }

    private static long interleaved(long laneOffset, int lane, int lanes) {
        return (laneOffset / 4) * lanes * 4 + lane * 4L + laneOffset % 4;
    }

    private static Pool subgroupPool(Context lane, String storage) {
        return lane.getParent().getPools().stream().filter(p -> p.getStorage().getName().equals(storage)).findFirst()
                .orElseThrow();
    }

    private void checkLanes(Target target, String space, String storage, int lanesPerGroup, String shot) {
        MemoryState state = UiTesting.state(target, 1, lanesPerGroup * 2);
        Context warp1 = Contexts.descendants(state.getDevice(), Scope.SUBGROUP).get(1);
        Context lane3 = Contexts.child(warp1, 3);
        Pool pool = subgroupPool(lane3, storage);
        byte[] bytes = UiTesting.fill(pool, (int) pool.getSize(), 11);
        AddressSpace perLane = AddressSpaces.find(state.getTarget(), space);

        LanesGrid grid = new LanesGrid(shell, lane3, perLane);
        shell.layout(true, true);
        shell.open();
        UiTesting.waitUntil(() -> !grid.loading(), 60_000, "lanes of " + space);
        assertEquals(lanesPerGroup, grid.laneCount());
        for (int lane : new int[] {0, 1, 5, lanesPerGroup - 1}) {
            for (int element : new int[] {0, 1, 2, 7}) {
                long physical = interleaved(element * 4L, lane, lanesPerGroup);
                // elements read as little-endian numbers, not as bytes in memory order
                String expected = Integer.toString(UiTesting.leInt(bytes, (int) physical));
                assertEquals(expected, grid.table().getItem(element).getText(lane + 1),
                        space + " lane " + lane + " element " + element);
            }
        }
        grid.setHex(true);
        long physical = interleaved(4L, 5, lanesPerGroup);
        assertEquals(String.format("0x%08x", UiTesting.leInt(bytes, (int) physical)), grid.table().getItem(1).getText(6),
                space + " lane 5 element 1 in hex");
        grid.setHex(false);
        UiTesting.screenshot(shell, shot + "-lanes");

        grid.setPhysical(true);
        UiTesting.waitUntil(() -> !grid.loading(), 60_000, "physical pool of " + space);
        grid.highlightLane(5, 8, 4);
        Set<Long> expected = new TreeSet<>();
        for (long i = 8; i < 12; i++) {
            expected.add(interleaved(i, 5, lanesPerGroup));
        }
        assertEquals(expected, grid.highlightedPoolOffsets());
        long word = interleaved(8, 5, lanesPerGroup);
        int row = (int) (word / (LanesGrid.WORDS_PER_PHYSICAL_ROW * 4));
        int cell = (int) (word / 4 % LanesGrid.WORDS_PER_PHYSICAL_ROW) + 1;
        assertEquals("L5[2] " + UiTesting.leInt(bytes, (int) word), grid.table().getItem(row).getText(cell));
        assertEquals(Display.getCurrent().getSystemColor(org.eclipse.swt.SWT.COLOR_YELLOW), grid.table().getItem(row).getBackground(cell));
        grid.table().showItem(grid.table().getItem(row));
        UiTesting.screenshot(shell, shot + "-physical");
    }

    @Test
    void cudaLocalLaneCellsSitWhereTheWarpInterleaveSays() {
        checkLanes(SimulatorTarget.create(), "local", "local", 32, "cuda-local");
    }

    @Test
    void amdPrivateLaneCellsSitWhereTheWave64SwizzleSays() {
        checkLanes(BuiltinTargets.amdgpu("gfx90a", 64), "private_lane", "scratch", 64, "amd-private");
    }

    private AliasPanel aliases(Context context, AddressSpace space, long offset, int length) {
        AliasPanel panel = new AliasPanel(shell);
        shell.layout(true, true);
        shell.open();
        panel.show(context, space, offset, length);
        UiTesting.waitUntil(() -> !panel.loading(), 60_000, "aliases");
        return panel;
    }

    private static AliasFinder.View view(AliasPanel panel, String space, Context context) {
        for (AliasFinder.View v : panel.views()) {
            if (v.space().getName().equals(space) && v.context() == context) {
                return v;
            }
        }
        return null;
    }

    private static Set<Long> highlighted(AliasPanel panel, AliasFinder.View v) {
        StyledTextRanges ranges = new StyledTextRanges(panel.text(panel.views().indexOf(v)).getStyleRanges());
        return ranges.offsets(v.first());
    }

    /** Offsets of a view that the panel highlights: each highlighted "xx" is one byte, 3 characters apart. */
    private record StyledTextRanges(StyleRange[] ranges) {
        Set<Long> offsets(long first) {
            Set<Long> out = new TreeSet<>();
            for (StyleRange r : ranges) {
                out.add(first + r.start / 3);
            }
            return out;
        }
    }

    @Test
    void selectingPrivateLaneBytesHighlightsTheWaveAndGenericViews() {
        MemoryState state = UiTesting.state(BuiltinTargets.amdgpu("gfx90a", 64), 1, 64);
        Context lane5 = Contexts.descendants(state.getDevice(), Scope.LANE).get(5);
        UiTesting.fill(subgroupPool(lane5, "scratch"), 64 * 1024, 3);
        AliasPanel panel = aliases(lane5, AddressSpaces.find(state.getTarget(), "private_lane"), 8, 6);

        AliasFinder.View wave = view(panel, "private_wave", lane5.getParent());
        assertNotNull(wave, "private_wave view of " + Contexts.describe(lane5.getParent()));
        Set<Long> expectedWave = new TreeSet<>();
        for (long i = 8; i < 14; i++) {
            expectedWave.add(interleaved(i, 5, 64));
        }
        assertEquals(expectedWave, wave.selected());
        assertEquals(expectedWave, highlighted(panel, wave));

        AliasFinder.View generic = view(panel, "generic", lane5);
        assertNotNull(generic, "generic view of lane 5");
        Set<Long> expectedGeneric = new TreeSet<>();
        for (long i = 8; i < 14; i++) {
            expectedGeneric.add(BuiltinTargets.AMDGPU_SCRATCH_APERTURE + i);
        }
        assertEquals(expectedGeneric, generic.selected());
        assertEquals(expectedGeneric, highlighted(panel, generic));
        UiTesting.screenshot(shell, "aliases-private-lane");
    }

    @Test
    void selectingCudaLocalBytesHighlightsTheWarpPoolAndGenericWindow() {
        MemoryState state = UiTesting.state(SimulatorTarget.create(), 1, 32);
        Context lane7 = Contexts.descendants(state.getDevice(), Scope.LANE).get(7);
        AliasPanel panel = aliases(lane7, AddressSpaces.find(state.getTarget(), "local"), 4, 4);
        AliasFinder.View warp = view(panel, "local_warp", lane7.getParent());
        assertNotNull(warp);
        assertEquals(Set.of(interleaved(4, 7, 32), interleaved(5, 7, 32), interleaved(6, 7, 32), interleaved(7, 7, 32)),
                warp.selected());
        AliasFinder.View generic = view(panel, "generic", lane7);
        assertNotNull(generic);
        assertEquals(BuiltinTargets.NVPTX_LOCAL_WINDOW + 4, generic.selected().iterator().next());
        assertEquals(4, highlighted(panel, generic).size());
    }

    @Test
    void selectingSharedBytesHighlightsTheGenericWindowOfTheCta() {
        MemoryState state = UiTesting.state(SimulatorTarget.create(), 2, 32);
        Context cta = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(1);
        AliasPanel panel = aliases(cta, AddressSpaces.find(state.getTarget(), "shared"), 0x40, 8);
        AliasFinder.View generic = panel.views().stream().filter(v -> v.space().getName().equals("generic")).findFirst()
                .orElseThrow(() -> new AssertionError("no generic view among " + panel.views()));
        assertTrue(Contexts.ancestor(generic.context(), Scope.WORK_GROUP) == cta, Contexts.describe(generic.context()));
        assertEquals(BuiltinTargets.NVPTX_SHARED_WINDOW + 0x40, generic.selected().iterator().next());
        assertEquals(8, generic.selected().size());
        assertEquals(8, highlighted(panel, generic).size());
        UiTesting.screenshot(shell, "aliases-shared");
    }
}
