package org.gpumem.ui.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.memory.AddressSpaceTable;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GpuMemoryViewsTest {

    private IWorkbenchPage page;

    @BeforeEach
    void perspective() throws Exception {
        page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        page.getWorkbenchWindow().getShell().setSize(1440, 900);
    }

    @AfterEach
    void clear() {
        GpuMemorySession.get().show(null, null, "", false);
        UiTesting.waitUntil(() -> true, 100, "events");
    }

    /** A state whose variables live in shared, local and global memory, with bytes in their pools. */
    static MemoryState sampleState() {
        Target target = SimulatorTarget.create();
        MemoryState state = UiTesting.state(target, 2, 64);
        state.getVariables().add(variable("tile", "float[4]", AddressSpaces.find(target, "shared"), 0x40, 16));
        state.getVariables().add(variable("acc", "int[2]", AddressSpaces.find(target, "local"), 8, 8));
        state.getVariables().add(variable("out", "float*", AddressSpaces.find(target, "global"), 0x100, 8));
        long seed = 1;
        for (Scope scope : List.of(Scope.DEVICE, Scope.WORK_GROUP, Scope.SUBGROUP)) {
            for (Context c : Contexts.descendants(state.getDevice(), scope)) {
                for (Pool pool : c.getPools()) {
                    if (!pool.getStorage().isReadOnly()) {
                        UiTesting.fill(pool, (int) Math.min(pool.getSize(), 64 * 1024), seed++);
                    }
                }
            }
        }
        return state;
    }

    private static Variable variable(String name, String type, AddressSpace space, long offset, long size) {
        Variable v = GpumemFactory.eINSTANCE.createVariable();
        v.setName(name);
        v.setTypeName(type);
        v.setSpace(space);
        v.setOffset(offset);
        v.setByteSize(size);
        return v;
    }

    @Test
    void addressSpacesListsTheBuiltinTargetsWithoutADebugSession() throws Exception {
        AddressSpacesView view = (AddressSpacesView) page.showView(GpuMemoryViews.ADDRESS_SPACES);
        UiTesting.waitUntil(() -> view.viewer().getTree().getItemCount() > 0, 60_000, "address spaces");
        List<Target> targets = new java.util.ArrayList<>(BuiltinTargets.all());
        targets.add(SimulatorTarget.create());
        List<String> expected = targets.stream().map(t -> t.getName() + " (" + t.getArchitecture() + ")").toList();
        List<String> shown = List.of(view.viewer().getTree().getItems()).stream().map(i -> i.getText(0)).toList();
        assertEquals(expected, shown);
        TreeItem amd = view.viewer().getTree().getItem(1);
        Map<String, TreeItem> spaces = List.of(amd.getItems()).stream().collect(Collectors.toMap(i -> i.getText(0), i -> i));
        assertEquals("5", spaces.get("private_lane").getText(1));
        assertEquals("32 bits", spaces.get("private_lane").getText(2));
        assertEquals("lane", spaces.get("private_lane").getText(3));
        assertTrue(spaces.get("private_lane").getText(4).startsWith("interleaved by lane onto scratch (4-byte elements, 64 lanes)"));
        UiTesting.screenshotZoomed(view, view.viewer().getControl(), "address-spaces-view");
    }

    /** Every text of the Size and In use columns fits its column (the global pool's size was cut). */
    private static void assertSizesNotCut(org.eclipse.swt.widgets.Tree tree) {
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(tree);
        try {
            java.util.ArrayDeque<TreeItem> items = new java.util.ArrayDeque<>(List.of(tree.getItems()));
            while (!items.isEmpty()) {
                TreeItem item = items.pop();
                for (int column = 2; column < MemoryPoolsView.COLUMNS.length; column++) {
                    String text = item.getText(column);
                    assertTrue(gc.textExtent(text).x < tree.getColumn(column).getWidth(),
                            MemoryPoolsView.COLUMNS[column] + " '" + text + "' is wider than its column");
                }
                items.addAll(List.of(item.getItems()));
            }
        } finally {
            gc.dispose();
        }
    }

    @Test
    void poolsAndVariableLocationsShowTheState() throws Exception {
        MemoryState state = sampleState();
        Context lane37 = Contexts.descendants(Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(1), Scope.LANE).get(37);
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        VariableLocationsView variables = (VariableLocationsView) page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);
        GpuMemorySession.get().show(state, lane37, "test", false);
        UiTesting.waitUntil(() -> variables.rows().size() == 3, 60_000, "variable locations");
        UiTesting.waitUntil(pools::measured, 60_000, "the pools' bytes in use");

        TreeItem device = pools.viewer().getTree().getItem(0);
        assertEquals("device", device.getText(0));
        assertTrue(List.of(device.getItems()).stream().anyMatch(i -> i.getText(0).equals("global pool")
                && i.getText(1).contains("global") && i.getText(2).equals(pools.columnText(state.getDevice().getPools()
                        .get(0), 2))));

        Map<String, VariableLocationsView.Row> rows = variables.rows().stream()
                .collect(Collectors.toMap(VariableLocationsView.Row::name, r -> r));
        assertEquals("shared", rows.get("tile").space().getName());
        assertEquals(lane37.getParent().getParent(), rows.get("tile").context());
        assertEquals("local", rows.get("acc").space().getName());
        assertEquals(lane37, rows.get("acc").context());
        assertEquals("global", rows.get("out").space().getName());
        assertEquals(Scope.DEVICE, rows.get("out").context().getScope());
        byte[] tile = new byte[16];
        AddressResolver.read(lane37, AddressSpaces.find(state.getTarget(), "shared"), 0x40, tile, 0, 16);
        assertEquals(UiTesting.hex(tile, 0, 16), rows.get("tile").value());
        String shownTile = variables.viewer().getTable().getItem(variables.rows().indexOf(rows.get("tile"))).getText(6);
        assertEquals(UiTesting.hex(tile, 0, 16), shownTile);
        UiTesting.screenshotZoomed(variables, variables.viewer().getControl(), "variable-locations-view");
        pools.viewer().expandToLevel(4);
        assertSizesNotCut(pools.viewer().getTree());
        UiTesting.screenshotZoomed(pools, pools.viewer().getControl().getParent(), "memory-pools-view");

        variables.open(rows.get("acc"));
        SpaceMemoryView memory = (SpaceMemoryView) page.findView(GpuMemoryViews.SPACE_MEMORY);
        assertNotNull(memory);
        AddressSpaceTable table = memory.table();
        assertEquals("local", table.reader().spaceName());
        UiTesting.waitUntil(() -> !table.loading() && !memory.aliases().loading() && !memory.aliases().views().isEmpty(),
                60_000, "space memory of acc");
        byte[] acc = new byte[16];
        AddressResolver.read(lane37, AddressSpaces.find(state.getTarget(), "local"), 0, acc, 0, 16);
        assertEquals(UiTesting.hex(acc, 0, 16), table.table().getItem(0).getText(AddressSpaceTable.COLUMN_HEX));
        assertTrue(memory.aliases().views().stream().anyMatch(v -> v.space().getName().equals("local_warp")));
        UiTesting.screenshotZoomed(memory, memory.tabs().getParent(), "space-memory-view");
        UiTesting.screenshot(page.getWorkbenchWindow().getShell(), "perspective");
    }

    @Test
    void openingAWarpsLocalPoolShowsItAsStoredAndAsLanes() throws Exception {
        MemoryState state = sampleState();
        Context warp = Contexts.descendants(state.getDevice(), Scope.SUBGROUP).get(3);
        Pool local = warp.getPools().stream().filter(p -> p.getStorage().getName().equals("local")).findFirst().orElseThrow();
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        GpuMemorySession.get().show(state, null, "test", false);
        pools.open(local);
        SpaceMemoryView memory = (SpaceMemoryView) page.findView(GpuMemoryViews.SPACE_MEMORY);
        assertEquals("local_warp", memory.table().reader().spaceName());
        assertNotNull(memory.lanes(), "no lanes tab for " + Contexts.describe(local));
        UiTesting.waitUntil(() -> !memory.table().loading() && !memory.lanes().loading(), 60_000, "local pool of warp 3");
        byte[] stored = new byte[16];
        local.getSource().read(0x80, stored, 0, 16);
        int row = (int) ((0x80 - memory.table().windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
        UiTesting.waitUntil(() -> !memory.table().table().getItem(row).getText(AddressSpaceTable.COLUMN_HEX).equals("\u2026")
                && !memory.table().loading(), 60_000, "row 0x80");
        assertEquals(UiTesting.hex(stored, 0, 16), memory.table().table().getItem(row).getText(AddressSpaceTable.COLUMN_HEX));
        // lane 2's element 1 is stored at 1 * 32 * 4 + 2 * 4 = 0x88
        assertEquals(Integer.toString(UiTesting.leInt(stored, 8)), memory.lanes().table().getItem(1).getText(3));
    }

    @Test
    void theSpaceMemoryHintNamesTheViewThatOpensAPoolThere() throws Exception {
        IViewPart open = page.findView(GpuMemoryViews.SPACE_MEMORY);
        if (open != null) {
            page.hideView(open);
        }
        SpaceMemoryView memory = (SpaceMemoryView) page.showView(GpuMemoryViews.SPACE_MEMORY);
        assertEquals(SpaceMemoryView.HINT, memory.message());
        assertTrue(memory.message().startsWith("Double-click a pool in Memory Pools"), memory.message());
        MemoryState state = sampleState();
        Pool shared = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(0).getPools().stream()
                .filter(p -> p.getStorage().getName().equals("shared")).findFirst().orElseThrow();
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        GpuMemorySession.get().show(state, null, "test", false);
        pools.open(shared);
        assertEquals(memory, page.findView(GpuMemoryViews.SPACE_MEMORY));
        assertNull(memory.message());
        assertEquals("shared", memory.table().reader().spaceName());
    }

    @Test
    void aSnapshotOpensReadOnlyInTheViews(@TempDir Path dir) throws Exception {
        MemoryState state = sampleState();
        Path file = dir.resolve("sample.gpumem");
        SnapshotWriter.save(state, file);
        assertTrue(Files.isRegularFile(file));
        IDE.openEditorOnFileStore(page, EFS.getLocalFileSystem().getStore(file.toUri()));
        UiTesting.waitUntil(() -> GpuMemorySession.get().state() != null, 60_000, "snapshot state");
        assertTrue(GpuMemorySession.get().readOnly());
        MemoryState opened = GpuMemorySession.get().state();
        Context cta = Contexts.descendants(opened.getDevice(), Scope.WORK_GROUP).get(1);
        Context original = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(1);
        byte[] before = new byte[256];
        byte[] after = new byte[256];
        AddressResolver.read(original, AddressSpaces.find(state.getTarget(), "shared"), 0, before, 0, 256);
        AddressResolver.read(cta, AddressSpaces.find(opened.getTarget(), "shared"), 0, after, 0, 256);
        assertEquals(UiTesting.hex(before, 0, 256), UiTesting.hex(after, 0, 256));
        MemoryPoolsView pools = (MemoryPoolsView) page.findView(GpuMemoryViews.MEMORY_POOLS);
        assertNotNull(pools);
        UiTesting.waitUntil(() -> pools.viewer().getTree().getItemCount() == 1, 60_000, "pools of the snapshot");
        page.closeAllEditors(false);
    }
}
