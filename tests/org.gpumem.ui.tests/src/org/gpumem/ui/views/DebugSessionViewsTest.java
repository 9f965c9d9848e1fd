package org.gpumem.ui.views;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.internal.ui.viewers.model.provisional.ITreeModelViewer;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IViewerUpdate;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IViewerUpdateListener;
import org.eclipse.debug.ui.AbstractDebugView;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.debug.ui.actions.IRunToLineTarget;
import org.eclipse.debug.ui.memory.IMemoryRendering;
import org.eclipse.debug.ui.memory.IMemoryRenderingContainer;
import org.eclipse.debug.ui.memory.IMemoryRenderingSite;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.model.Context;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.memory.AddressSpaceTable;
import org.gpumem.ui.memory.BlockSpaceReader;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.renderings.AddressSpaceRendering;
import org.gpumem.ui.renderings.LanesRendering;
import org.gpumem.ui.renderings.MemoryViewMonitors;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Launches local_array.cu's kernel through the debug integration's launch configuration to a
 * breakpoint in its copy loop and checks what the views show against the launch's input buffer
 * (the kernel copies in[] into the CTA's shared stage[] before the loop).
 */
class DebugSessionViewsTest {

    private static final Path KERNELS = KernelDebugging.KERNELS;
    private static final int BLOCK = KernelDebugging.BLOCK;
    private static final int N = KernelDebugging.N;

    private KernelDebugging kernels;
    private IProject project;
    private ILaunch launch;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("ui-kernels-");
        project = kernels.project();
    }

    @AfterEach
    void cleanUp() throws Exception {
        kernels.cleanUp();
    }

    /** Launches {@code wc} in debug mode and returns the warp that stopped at the breakpoint. */
    private WarpThread launchToBreakpoint(ILaunchConfigurationWorkingCopy wc, String breakpoint) throws Exception {
        WarpThread thread = kernels.launchToBreakpoint(wc, breakpoint);
        launch = kernels.launch();
        return thread;
    }

    @Test
    void aKernelStoppedInItsLoopShowsItsVariablesAndSharedBytes() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test local_weighted", 41, "window[k] = stage[");
        // The perspective's Debug view selects the suspended frame, which makes it the debug context
        // the Memory view shows blocks for.
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        thread = (WarpThread) KernelDebugging.selectedFrame().getThread();
        thread.setFocusedLane(5);
        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        int cta = thread.warpId().cta().x();
        int[] in = kernels.in();

        VariableLocationsView view = (VariableLocationsView) page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);
        GpuMemorySession.get().showFrame(top);
        // The view may still hold the rows of the stop's first refresh, before lane 5 had the focus:
        // wait for those of the focused lane.
        UiTesting.waitUntil(() -> view.rows().stream().anyMatch(r -> r.name().equals("window") && r.contextLabel().endsWith("lane 5"))
                && view.rows().stream().anyMatch(r -> r.name().equals("stage")), 60_000, "frame variables of lane 5");
        Map<String, VariableLocationsView.Row> rows = view.rows().stream()
                .collect(Collectors.toMap(VariableLocationsView.Row::name, r -> r, (a, b) -> a));
        VariableLocationsView.Row stage = rows.get("stage");
        assertEquals("shared", stage.spaceName());
        assertEquals("CTA (" + cta + ",0,0)", stage.contextLabel());
        // stage is 512 bytes; the view shows the first 16 and an ellipsis
        assertEquals(KernelDebugging.hexOfInts(in, cta * BLOCK, 4) + " \u2026", stage.value());
        VariableLocationsView.Row window = rows.get("window");
        assertNotNull(window, "window[] is not listed: " + rows.keySet());
        assertEquals("local", window.spaceName());
        assertTrue(window.contextLabel().endsWith("lane 5"), window.contextLabel());
        assertEquals("param", rows.get("in").spaceName());
        // register variables are listed with their register as location
        VariableLocationsView.Row gid = rows.get("gid");
        assertNotNull(gid, "gid (a register variable) is not listed: " + rows.keySet());
        assertEquals(VariableLocationsView.REGISTER, gid.spaceName());
        assertTrue(gid.offsetText().startsWith("%r"), gid.offsetText());
        assertTrue(gid.contextLabel().endsWith("lane 5"), gid.contextLabel());
        // demangled kernel names, NVIDIA's words for the contexts
        assertTrue(top.getName().startsWith("local_weighted(int const*, int*, int) at local_array.cu:"), top.getName());
        assertTrue(VariableLocationsView.columnText(window, VariableLocationsView.CONTEXT).startsWith("CTA (" + cta + ",0,0) warp "), window.contextLabel());
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        UiTesting.waitUntil(pools::measured, 60_000, "Memory Pools to show the stop");
        List<String> contexts = new java.util.ArrayList<>();
        pools.viewer().expandAll();
        collectTexts(pools.viewer().getTree().getItems(), contexts);
        assertTrue(contexts.stream().anyMatch(t -> t.matches("CTA \\(\\d,0,0\\)")), contexts.toString());
        assertTrue(contexts.stream().anyMatch(t -> t.matches("warp \\d")), contexts.toString());
        assertTrue(contexts.stream().noneMatch(t -> t.startsWith("work-group") || t.startsWith("subgroup")), contexts.toString());
        assertTrue(pools.statusText().startsWith("local_weighted(int const*, int*, int) stopped at CTA ("), pools.statusText());
        UiTesting.screenshotZoomed(view, view.viewer().getControl(), "variable-locations-debug");

        // Double-click on stage: a memory block of shared in its CTA at stage's offset, added for the Memory view.
        view.open(stage);
        IMemoryBlock[] blocks = DebugPlugin.getDefault().getMemoryBlockManager().getMemoryBlocks(target);
        IMemoryBlockExtension opened = (IMemoryBlockExtension) blocks[blocks.length - 1];
        assertEquals("shared:&stage", opened.getExpression());
        assertEquals(stage.offset(), opened.getBigBaseAddress().longValue());
        assertNotNull(page.findView(IDebugUIConstants.ID_MEMORY_VIEW), "the Memory view did not open");

        Shell shell = new Shell(Display.getCurrent());
        try {
            shell.setLayout(new FillLayout());
            shell.setSize(1100, 500);
            IMemoryBlockExtension block = target.getExtendedMemoryBlock("shared:&stage", top);
            AddressSpaceTable table = new AddressSpaceTable(shell, new BlockSpaceReader(block, "shared", "CTA (" + cta + ",0,0)"));
            shell.open();
            assertTrue(table.headerText().contains("32-bit addresses"), table.headerText());
            for (int row = 0; row < BLOCK / 4; row++) {
                int r = row;
                UiTesting.waitUntil(() -> !table.loading()
                        && !table.table().getItem(r).getText(AddressSpaceTable.COLUMN_HEX).equals("\u2026"), 60_000, "row " + r);
                TableItem item = table.table().getItem(row);
                assertEquals(String.format("0x%08x", row * 16), item.getText(AddressSpaceTable.COLUMN_ADDRESS));
                assertEquals(KernelDebugging.hexOfInts(in, cta * BLOCK + row * 4, 4), item.getText(AddressSpaceTable.COLUMN_HEX), "row " + row);
            }
            UiTesting.screenshot(shell, "address-space-table-debug");
        } finally {
            shell.dispose();
        }
    }

    @Test
    void theLanesRenderingShowsALiveLocalBlockLaneByLane() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test lanes", 43, "int result = weighted_sum(");
        WarpThread thread = launchToBreakpoint(wc, "the breakpoint at the call");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        int lane = 5;
        thread.setFocusedLane(lane);
        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        byte[] window = top.variable("window").bytes();
        long windowOffset = top.variable("window").memoryLocation().offset();
        int[] in = kernels.in();
        int tid = thread.warpId().warp() * 32 + lane;
        int cta = thread.warpId().cta().x();

        Shell shell = new Shell(Display.getCurrent());
        try {
            shell.setLayout(new FillLayout());
            shell.setSize(1100, 500);
            LanesRendering rendering = new LanesRendering();
            rendering.init(null, target.getExtendedMemoryBlock("local:&window", top));
            rendering.createControl(shell);
            LanesGrid grid = rendering.grid();
            assertNotNull(grid, "the live local block is not shown as lanes");
            shell.open();
            assertEquals(32, grid.laneCount());
            UiTesting.waitUntil(() -> !grid.loading(), 60_000, "lanes of the stopped warp");
            for (int k = 0; k < 8; k++) {
                // window[k] = stage[(t + k) % blockDim.x] = in[blockIdx.x * blockDim.x + (t + k) % blockDim.x]
                int[] expected = {in[cta * BLOCK + (tid + k) % BLOCK]};
                String cell = grid.table().getItem((int) (windowOffset / 4) + k).getText(lane + 1);
                assertEquals(Integer.toString(expected[0]), cell, "lane " + lane + " window[" + k + "]");
                assertEquals(Integer.toString(UiTesting.leInt(window, 4 * k)), cell, "the debug model's window[" + k + "]");
            }
            UiTesting.screenshot(shell, "lanes-rendering-debug");
        } finally {
            shell.dispose();
        }
    }

    @Test
    void theMemoryViewShowsASharedBlockInTheAddressSpaceTableRendering() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test memory view", 47, "window[k] = stage[");
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        PtxStackFrame top = KernelDebugging.selectedFrame();
        int cta = ((WarpThread) top.getThread()).warpId().cta().x();
        int[] in = kernels.in();

        IMemoryBlockExtension block = target.getExtendedMemoryBlock("shared:&stage", top);
        try {
            // What a double-click in Variable Locations does: the block and its default renderings.
            List<IMemoryRendering> renderings = MemoryViewMonitors.show(page, block);
            IViewPart memoryView = page.findView(IDebugUIConstants.ID_MEMORY_VIEW);
            IMemoryRenderingSite site = assertInstanceOf(IMemoryRenderingSite.class, memoryView);
            IMemoryRendering created = renderings.stream().filter(r -> r instanceof AddressSpaceRendering).findFirst()
                    .orElseThrow(() -> new AssertionError("the address-space table is not a default rendering of "
                            + block.getExpression() + ": " + renderings));
            IMemoryRenderingContainer pane = site.getContainer(IDebugUIConstants.ID_RENDERING_VIEW_PANE_1);
            UiTesting.waitUntil(() -> Arrays.asList(pane.getRenderings()).contains(created) && created.getControl() != null,
                    60_000, "the Memory view to show the address-space table rendering");
            AddressSpaceRendering rendering = assertInstanceOf(AddressSpaceRendering.class, created);
            AddressSpaceTable table = rendering.table();
            assertNotNull(table, "the rendering shows no table");
            assertEquals(memoryView.getSite().getShell(), table.getShell(), "the rendering is not in the workbench window");
            assertTrue(table.headerText().contains("32-bit addresses"), table.headerText());
            long base = block.getBigBaseAddress().longValue();
            for (int row = 0; row < BLOCK / 4; row++) {
                int index = (int) ((base + row * 16L - table.windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
                UiTesting.waitUntil(() -> !table.loading()
                        && !table.table().getItem(index).getText(AddressSpaceTable.COLUMN_HEX).equals("\u2026"), 60_000,
                        "row " + row);
                TableItem item = table.table().getItem(index);
                assertEquals(String.format("0x%08x", base + row * 16L), item.getText(AddressSpaceTable.COLUMN_ADDRESS));
                assertEquals(KernelDebugging.hexOfInts(in, cta * BLOCK + row * 4, 4), item.getText(AddressSpaceTable.COLUMN_HEX), "row " + row);
            }
            assertTrue(table.isVisible(), "the rendering's table is not on screen");
            // stage is an int[]: its values are s32, and the tab names the space, CTA and offset
            assertEquals("s32", table.table().getColumn(AddressSpaceTable.COLUMN_TYPED).getText());
            assertEquals("shared [CTA (" + cta + ",0,0)] +0x" + Long.toHexString(base) + " <Address-space table>",
                    rendering.getLabel());
            UiTesting.screenshotZoomed(memoryView, KernelDebugging.partControl(table), "memory-view-rendering");
            // the platform's renderings are offered beside gpumem's and show the block
            List<String> offered = Arrays.stream(DebugUITools.getMemoryRenderingManager().getRenderingTypes(block))
                    .map(t -> t.getId()).toList();
            for (String platform : List.of("org.eclipse.debug.ui.rendering.raw_memory", "org.eclipse.debug.ui.rendering.ascii",
                    "org.eclipse.debug.ui.rendering.signedint", "org.eclipse.debug.ui.rendering.unsignedint",
                    "org.eclipse.debug.ui.rendering.hexint")) {
                assertTrue(offered.contains(platform), platform + " is not offered: " + offered);
            }
            IMemoryRendering hex = DebugUITools.getMemoryRenderingManager().getRenderingType("org.eclipse.debug.ui.rendering.raw_memory")
                    .createRendering();
            hex.init(pane, block);
            pane.addMemoryRendering(hex);
            UiTesting.waitUntil(() -> hex.getControl() != null && !hex.getControl().isDisposed(), 60_000,
                    "the platform's hex rendering of " + block.getExpression());
        } finally {
            DebugPlugin.getDefault().getMemoryBlockManager().removeMemoryBlocks(new IMemoryBlock[] {block});
        }
    }

    /**
     * After a step over {@code window[k] = ...}, the bytes of window[] that the step wrote are the
     * ones drawn as changed in the Memory view's address-space table and the lanes grid, and the
     * Variables view's window (IVariable.hasValueChanged) is marked while in[] is not.
     */
    @Test
    void aStepHighlightsTheBytesAndValuesItChanged() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test changed bytes", 59, "window[k] = stage[");
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        PtxStackFrame top = KernelDebugging.selectedFrame();
        WarpThread thread = (WarpThread) top.getThread();
        int lane = thread.focusedLane();
        byte[] before = top.variable("window").bytes();
        assertTrue(!top.variable("window").hasValueChanged(), "window[] is marked changed at the first stop");

        IMemoryBlockExtension block = target.getExtendedMemoryBlock("local:&window", top);
        Shell shell = new Shell(Display.getCurrent());
        try {
            List<IMemoryRendering> renderings = MemoryViewMonitors.show(page, block);
            AddressSpaceRendering rendering = (AddressSpaceRendering) renderings.stream()
                    .filter(r -> r instanceof AddressSpaceRendering).findFirst().orElseThrow();
            IViewPart memoryView = page.findView(IDebugUIConstants.ID_MEMORY_VIEW);
            UiTesting.waitUntil(() -> rendering.table() != null && !rendering.table().loading(), 60_000,
                    "the address-space table of window[]");
            AddressSpaceTable table = rendering.table();
            shell.setLayout(new FillLayout());
            shell.setSize(1100, 500);
            LanesRendering lanes = new LanesRendering();
            lanes.init(null, block);
            lanes.createControl(shell);
            LanesGrid grid = lanes.grid();
            shell.open();
            UiTesting.waitUntil(() -> !grid.loading(), 60_000, "the lanes of window[]");

            long stops = target.stopGeneration();
            thread.stepOver();
            UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "the step to end");
            byte[] after = top.variable("window").bytes();
            boolean[] expected = new boolean[before.length];
            boolean anyChanged = false;
            for (int i = 0; i < before.length; i++) {
                expected[i] = before[i] != after[i];
                anyChanged |= expected[i];
            }
            assertTrue(anyChanged, "the step over window[k] = ... changed no byte of window[]");
            assertTrue(top.variable("window").hasValueChanged(), "Variables does not mark window[] changed");
            assertTrue(!top.variable("in").hasValueChanged(), "Variables marks in (unchanged) as changed");

            long base = block.getBigBaseAddress().longValue();
            UiTesting.waitUntil(() -> !table.loading() && !grid.loading() && rowsShowChanges(table, base, expected), 60_000,
                    "the table to mark the bytes the step changed");
            for (int i = 0; i < before.length; i += 4) {
                boolean element = expected[i] || expected[i + 1] || expected[i + 2] || expected[i + 3];
                assertEquals(element, grid.changed(lane, i / 4 + (int) (base / 4)), "lanes grid, window[" + i / 4 + "]");
            }
            // the test's shell would cover the workbench window in the picture
            shell.dispose();
            UiTesting.screenshotZoomed(memoryView, KernelDebugging.partControl(table), "changed-bytes-highlighted");
        } finally {
            shell.dispose();
            DebugPlugin.getDefault().getMemoryBlockManager().removeMemoryBlocks(new IMemoryBlock[] {block});
        }
    }

    /**
     * Run to Line from the source editor (what Ctrl+R invokes through the editor's
     * IRunToLineTarget), with Skip All Breakpoints on: the kernel stops with a warp at that line,
     * and the line is no breakpoint afterwards.
     */
    @Test
    void runToLineStopsAWarpAtTheEditorsLine() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test run to line", 67, "window[k] = stage[");
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        DebugPlugin.getDefault().getBreakpointManager().setEnabled(false);
        int line = KernelDebugging.lineOf(KERNELS.resolve("local_array.cu"), "out[gid] = result;");
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, project.getFile("local_array.cu"));
        IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        TextSelection selection = new TextSelection(document, document.getLineOffset(line - 1), 0);
        editor.getSelectionProvider().setSelection(selection);
        IRunToLineTarget runToLine = Adapters.adapt(editor, IRunToLineTarget.class);
        assertNotNull(runToLine, "the .cu editor offers no Run to Line");
        assertTrue(runToLine.canRunToLine(editor, selection, thread), "Run to Line is disabled on a suspended warp");

        long stops = target.stopGeneration();
        runToLine.runToLine(editor, selection, thread);
        UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "the run to line " + line);
        WarpThread stopped = target.thread(target.lastStop().warp());
        assertNotNull(stopped, "no warp stopped: " + target.lastStop());
        assertEquals(line, stopped.getTopStackFrame().getLineNumber(), stopped.getName());
        UiTesting.waitUntil(() -> target.resolvedBreakpoints().isEmpty(), 60_000, "the run-to-line line to be removed");
    }

    /** An array expanded in the Variables view is still expanded, with its new elements, after a step. */
    @Test
    void expandedVariablesStayExpandedAcrossAStep() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test expanded variables", 61, "window[k] = stage[");
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        PtxStackFrame top = KernelDebugging.selectedFrame();
        AbstractDebugView variables = (AbstractDebugView) page.showView(IDebugUIConstants.ID_VARIABLE_VIEW);
        TreeViewer viewer = (TreeViewer) variables.getViewer();
        Tree tree = viewer.getTree();
        // what the view asked its content providers and never got answered, for a failure's message
        PendingUpdates pending = new PendingUpdates();
        ((ITreeModelViewer) viewer).addViewerUpdateListener(pending);
        UiTesting.waitUntil(() -> item(tree, "window") != null, 60_000, "window[] in the Variables view");
        // the view may replace its items while it settles after the stop: expand what it shows now, as a click would
        try {
            UiTesting.waitUntil(() -> {
                TreeItem window = item(tree, "window");
                if (window != null && !window.getExpanded()) {
                    viewer.expandToLevel(window.getData(), 1);
                }
                return window != null && window.getExpanded() && window.getItemCount() == 8
                        && "[0]".equals(window.getItem(0).getText(0));
            }, 60_000, "window[]'s elements");
        } catch (AssertionError e) {
            // an intermittent failure: say what the view showed instead
            TreeItem window = item(tree, "window");
            List<String> children = new ArrayList<>();
            if (window != null) {
                collectTexts(window.getItems(), children);
            }
            throw new AssertionError(e.getMessage() + "; window is " + (window == null ? "gone"
                    : (window.getExpanded() ? "expanded" : "collapsed") + " with " + window.getItemCount() + " items "
                            + children + ", its element " + window.getData()) + ", debug context "
                    + DebugUITools.getDebugContext() + "; " + pending.describe() + "; " + viewerQueues(viewer.getContentProvider())
                    + "; " + jobs() + "; " + busyThreads(), e);
        } finally {
            ((ITreeModelViewer) viewer).removeViewerUpdateListener(pending);
        }
        Object before = item(tree, "window").getData();

        long stops = target.stopGeneration();
        ((WarpThread) top.getThread()).stepOver();
        UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "the step to end");
        UiTesting.waitUntil(() -> {
            TreeItem window = item(tree, "window");
            return window != null && window.getData() != before && window.getExpanded() && window.getItemCount() == 8
                    && "[0]".equals(window.getItem(0).getText(0));
        }, 60_000, "window[] to be shown expanded after the step");
    }

    /**
     * Step Into a device function: at its entry line the Variables view says its parameters are
     * not live yet (nvcc -G loads them from the parameter space in the function's first
     * instructions) instead of showing stale registers; one step later they hold the caller's
     * arguments (weighted_sum(window, 8): count 8, values a generic pointer into the lane's local
     * window[]).
     */
    @Test
    void parametersAtAFunctionsEntryAreNotShownBeforeTheyAreLoaded() throws Exception {
        ILaunchConfigurationWorkingCopy wc = kernels.localWeighted("ui test function entry", 73, "int result = weighted_sum(");
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        launchToBreakpoint(wc, "the breakpoint at the call");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        WarpThread thread = (WarpThread) KernelDebugging.selectedFrame().getThread();
        DebugPlugin.getDefault().getBreakpointManager().setEnabled(false);
        AbstractDebugView variables = (AbstractDebugView) page.showView(IDebugUIConstants.ID_VARIABLE_VIEW);
        Tree tree = ((TreeViewer) variables.getViewer()).getTree();

        long stops = target.stopGeneration();
        thread.stepInto();
        UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "the step into weighted_sum");
        PtxStackFrame entry = (PtxStackFrame) thread.getTopStackFrame();
        assertTrue(entry.getName().startsWith("weighted_sum("), entry.getName());
        int line = KernelDebugging.lineOf(KERNELS.resolve("local_array.cu"), "__device__ __noinline__ int weighted_sum(");
        assertTrue(entry.getLineNumber() == line || entry.getLineNumber() == line + 1, "entry at line " + entry.getLineNumber());
        for (String parameter : List.of("values", "count")) {
            String shown = entry.variable(parameter).getValue().getValueString();
            assertEquals("<" + FrameVariables.NOT_RUN_YET + ">", shown, parameter + " at weighted_sum's entry");
            UiTesting.waitUntil(() -> rowText(tree, parameter).contains(FrameVariables.NOT_RUN_YET), 60_000,
                    "the Variables view to say " + parameter + " is not live yet");
        }

        long entered = target.stopGeneration();
        thread.stepOver();
        UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > entered, 60_000, "the step in weighted_sum");
        PtxStackFrame loaded = (PtxStackFrame) thread.getTopStackFrame();
        assertTrue(loaded.getName().startsWith("weighted_sum("), loaded.getName());
        assertEquals("8", loaded.variable("count").getValue().getValueString(), "count: the caller passes 8");
        String values = loaded.variable("values").getValue().getValueString();
        assertTrue(values.contains(" -> local +0x"), "values points into the lane's local window[]: " + values);
        UiTesting.waitUntil(() -> rowText(tree, "count").contains("8") && !rowText(tree, "count").contains(FrameVariables.NOT_RUN_YET),
                60_000, "the Variables view to show count = 8");
    }

    /** Every column's text of the Variables view's top-level row named {@code name}, or "" when absent. */
    private static String rowText(Tree tree, String name) {
        TreeItem row = item(tree, name);
        if (row == null) {
            return "";
        }
        StringBuilder texts = new StringBuilder();
        for (int c = 0; c < Math.max(1, tree.getColumnCount()); c++) {
            texts.append(row.getText(c)).append('\t');
        }
        return texts.toString();
    }

    /** The viewer's updates started and not completed, with the element each asks about. */
    private static final class PendingUpdates implements IViewerUpdateListener {
        private final Set<IViewerUpdate> started = ConcurrentHashMap.newKeySet();
        private volatile int completed;
        private volatile int cancelled;

        @Override
        public void updateStarted(IViewerUpdate update) {
            started.add(update);
        }

        @Override
        public void updateComplete(IViewerUpdate update) {
            started.remove(update);
            completed++;
            if (update.isCanceled()) {
                cancelled++;
            }
        }

        @Override
        public void viewerUpdatesBegin() {
        }

        @Override
        public void viewerUpdatesComplete() {
        }

        String describe() {
            List<String> open = new ArrayList<>();
            for (IViewerUpdate u : started) {
                open.add(u.getClass().getSimpleName() + " of " + u.getElement());
            }
            return completed + " updates completed (" + cancelled + " cancelled), pending: " + open;
        }
    }

    /**
     * The platform content provider's queues (by reflection: they are private): updates whose
     * job finished but which the viewer has not applied yet, the runnable that applies them, and
     * the UI job that runs it with the deltas, its state and queue.
     */
    private static String viewerQueues(Object contentProvider) {
        StringBuilder sb = new StringBuilder("content provider:");
        try {
            for (String name : List.of("fCompletedUpdates", "fCompletedUpdatesRunnable", "fWaitingRequests", "fRequestsInProgress",
                    "fDelayedDoModelChangeJob")) {
                java.lang.reflect.Field field = contentProvider.getClass().getDeclaredField(name);
                field.setAccessible(true);
                Object value = field.get(contentProvider);
                sb.append("\n  ").append(name).append(" = ").append(value);
                if (value instanceof Job job) {
                    java.lang.reflect.Field queue = job.getClass().getDeclaredField("fQueue");
                    queue.setAccessible(true);
                    sb.append(", state ").append(job.getState()).append(", queue ").append(queue.get(job));
                }
            }
        } catch (ReflectiveOperationException e) {
            sb.append(" not readable: ").append(e);
        }
        return sb.toString();
    }

    /** Every job the job manager knows, with its state (a job scheduled and never run shows WAITING). */
    private static String jobs() {
        StringBuilder sb = new StringBuilder("jobs:");
        for (Job job : Job.getJobManager().find(null)) {
            sb.append("\n  ").append(job.getName()).append(" (").append(job.getClass().getName()).append(") state ")
                    .append(job.getState());
        }
        return sb.toString();
    }

    /** Stacks of the job workers and gpumem's session threads that are not waiting for work. */
    private static String busyThreads() {
        StringBuilder sb = new StringBuilder("busy threads:");
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            String name = t.getKey().getName();
            StackTraceElement[] stack = t.getValue();
            boolean idle = stack.length == 0 || Arrays.stream(stack).limit(6).anyMatch(f -> f.getMethodName().equals("sleep")
                    || f.getClassName().endsWith("WorkerPool") && f.getMethodName().equals("startJob")
                    || f.getClassName().contains("LinkedBlockingQueue") || f.getClassName().contains("SynchronousQueue"));
            if (!idle && (name.startsWith("Worker-") || name.contains("gpumem") || name.equals("main"))) {
                sb.append("\n  ").append(name).append(' ').append(t.getKey().getState());
                Arrays.stream(stack).limit(name.equals("main") ? 400 : 25).forEach(f -> sb.append("\n    at ").append(f));
            }
        }
        return sb.toString();
    }

    private static void collectTexts(TreeItem[] items, List<String> into) {
        for (TreeItem item : items) {
            into.add(item.getText(0));
            collectTexts(item.getItems(), into);
        }
    }

    /** The top-level item of {@code tree} whose first column is {@code name}, or null. */
    private static TreeItem item(Tree tree, String name) {
        for (TreeItem item : tree.getItems()) {
            if (name.equals(item.getText(0))) {
                return item;
            }
        }
        return null;
    }

    /** Whether the table's rows of the bytes from {@code base} mark exactly those {@code expected} says changed. */
    private static boolean rowsShowChanges(AddressSpaceTable table, long base, boolean[] expected) {
        for (int i = 0; i < expected.length; i++) {
            long address = base + i;
            int row = (int) ((address - table.windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
            // the row must have been filled since the step: SetData runs when it is painted
            table.table().getItem(row).getText(AddressSpaceTable.COLUMN_HEX);
            if (table.changedBytes(row)[(int) (address % AddressSpaceTable.BYTES_PER_ROW)] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The views open on a stop of a session stay quiet when it ends: one session runs to its end,
     * one is terminated at a breakpoint, a third starts; each time the views let go of the ended
     * session and say so, and nothing is logged (ErrorLogIsEmpty checks the log after the test).
     */
    @Test
    void viewsDetachQuietlyFromSessionsThatEnd(@TempDir Path outputFolder) throws Exception {
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        MemoryPoolsView pools = (MemoryPoolsView) page.showView(GpuMemoryViews.MEMORY_POOLS);
        VariableLocationsView variables = (VariableLocationsView) page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);

        ILaunchConfigurationWorkingCopy first = kernels.localWeighted("ui test runs to its end", 51, "window[k] = stage[");
        KernelDebugTarget target = showStop(first, page, pools, variables);
        // Skip All Breakpoints: the kernel then runs to its end
        DebugPlugin.getDefault().getBreakpointManager().setEnabled(false);
        UiTesting.waitUntil(() -> target.resolvedBreakpoints().isEmpty(), 60_000, "the breakpoints to be skipped");
        int[] in = kernels.in();
        target.resume();
        UiTesting.waitUntil(launch::isTerminated, 60_000, "the kernel to run to its end");
        assertDetached(pools, variables, "ui test runs to its end");
        assertOutputsShown(page, in, outputFolder);
        DebugPlugin.getDefault().getBreakpointManager().setEnabled(true);

        ILaunchConfigurationWorkingCopy second = kernels.localWeighted("ui test terminated", 52, "window[k] = stage[");
        showStop(second, page, pools, variables);
        // the buffers of the kernel that ended are not shown beside another kernel's debugging
        OutputBuffersView outputs = (OutputBuffersView) page.findView(GpuMemoryViews.OUTPUT_BUFFERS);
        UiTesting.waitUntil(() -> outputs.buffers().isEmpty(), 60_000, "Output Buffers to let go of the ended kernel's out");
        assertTrue(outputs.message().startsWith(OutputBuffersView.HINT), outputs.message());
        assertTrue(outputs.message().contains("ui test terminated started"), outputs.message());
        launch.terminate();
        UiTesting.waitUntil(launch::isTerminated, 60_000, "the kernel to terminate");
        assertDetached(pools, variables, "ui test terminated");

        ILaunchConfigurationWorkingCopy third = kernels.localWeighted("ui test third", 53, "window[k] = stage[");
        showStop(third, page, pools, variables);
    }

    /**
     * The Output Buffers view shows out[] of the kernel that ran to its end, element by element
     * as local_weighted computes it from in[], and saves its bytes as a .bin file.
     */
    private static void assertOutputsShown(IWorkbenchPage page, int[] in, Path folder) throws Exception {
        UiTesting.waitUntil(() -> page.findView(GpuMemoryViews.OUTPUT_BUFFERS) instanceof OutputBuffersView v
                && !v.buffers().isEmpty(), 60_000, "the Output Buffers view to show the kernel's outputs");
        OutputBuffersView view = (OutputBuffersView) page.findView(GpuMemoryViews.OUTPUT_BUFFERS);
        OutputBuffersView.Buffer out = view.buffers().get(0);
        assertEquals("out", out.name());
        assertEquals(N, out.count());
        ByteBuffer expected = ByteBuffer.allocate(N * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int gid = 0; gid < N; gid++) {
            int cta = gid / BLOCK;
            int t = gid % BLOCK;
            int sum = 0;
            for (int k = 0; k < 8; k++) {
                sum += (k + 1) * in[cta * BLOCK + (t + k) % BLOCK];
            }
            assertEquals(Integer.toString(sum), out.element(gid), "out[" + gid + "]");
            expected.putInt(sum);
        }
        page.showView(GpuMemoryViews.OUTPUT_BUFFERS);
        UiTesting.screenshotZoomed(view, KernelDebugging.partControl(view.control()), "output-buffers");
        Path file = folder.resolve("out.bin");
        Job saving = view.save("out", file);
        saving.join();
        assertArrayEquals(expected.array(), Files.readAllBytes(file));
    }

    /**
     * Launches {@code wc} to its breakpoint with the views showing the stop: Memory Pools
     * measured, Variable Locations filled, a shared pool open in Space Memory and a shared block
     * in the Memory view.
     */
    private KernelDebugTarget showStop(ILaunchConfigurationWorkingCopy wc, IWorkbenchPage page, MemoryPoolsView pools,
            VariableLocationsView variables) throws Exception {
        launchToBreakpoint(wc, "the breakpoint of " + wc.getName());
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        UiTesting.waitUntil(() -> DebugUITools.getDebugContext() instanceof PtxStackFrame f && f.getDebugTarget() == target,
                60_000, "the Debug view to select the stopped frame of " + wc.getName());
        PtxStackFrame top = (PtxStackFrame) DebugUITools.getDebugContext();
        GpuMemorySession.get().showFrame(top);
        UiTesting.waitUntil(() -> GpuMemorySession.get().state() != null && pools.measured()
                && variables.rows().stream().anyMatch(r -> r.name().equals("stage")), 60_000, "the views to show the stop");
        Context cta = Contexts.descendants(GpuMemorySession.get().state().getDevice(), Scope.WORK_GROUP).get(0);
        Pool shared = cta.getPools().get(0);
        pools.open(shared);
        SpaceMemoryView memory = (SpaceMemoryView) page.findView(GpuMemoryViews.SPACE_MEMORY);
        UiTesting.waitUntil(() -> memory.table() != null && !memory.table().loading(), 60_000, "Space Memory to read the pool");
        MemoryViewMonitors.show(page, target.getExtendedMemoryBlock("shared:&stage", top));
        return target;
    }

    /** The views no longer show the ended launch {@code name} and say that its kernel terminated. */
    private static void assertDetached(MemoryPoolsView pools, VariableLocationsView variables, String name) {
        String said = "The kernel of " + name + " has terminated.";
        SpaceMemoryView memory = (SpaceMemoryView) pools.getSite().getPage().findView(GpuMemoryViews.SPACE_MEMORY);
        UiTesting.waitUntil(() -> said.equals(pools.statusText()) && said.equals(memory.message())
                && variables.rows().isEmpty(), 60_000, "the views to let go of " + name);
        assertNull(GpuMemorySession.get().state());
        assertEquals(0, pools.viewer().getTree().getItemCount(), "Memory Pools still lists the ended session's pools");
        assertEquals(said, variables.getContentDescription());
    }
}
