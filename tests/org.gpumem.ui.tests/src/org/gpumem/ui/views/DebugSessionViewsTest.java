package org.gpumem.ui.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ICoreRunnable;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.debug.ui.memory.IMemoryRendering;
import org.eclipse.debug.ui.memory.IMemoryRenderingContainer;
import org.eclipse.debug.ui.memory.IMemoryRenderingSite;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.breakpoints.KernelLineBreakpoint;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.ui.GpuMemoryPerspective;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.memory.AddressSpaceTable;
import org.gpumem.ui.memory.BlockSpaceReader;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.renderings.AddressSpaceRendering;
import org.gpumem.ui.renderings.MemoryViewMonitors;
import org.gpumem.ui.renderings.LanesRendering;
import org.gpumem.ui.session.GpuMemorySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Launches local_array.cu's kernel through the debug integration's launch configuration to a
 * breakpoint in its copy loop and checks what the views show against the launch's input buffer
 * (the kernel copies in[] into the CTA's shared stage[] before the loop).
 */
class DebugSessionViewsTest {

    private static final Path KERNELS = Path.of(System.getProperty("gpumem.fixtures"), "kernels");
    private static final int BLOCK = 64;
    private static final int N = 128;

    private IProject project;
    private ILaunch launch;

    @BeforeEach
    void project() throws Exception {
        UiTesting.neverAskToSwitchPerspectives();
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("ui-kernels-" + UUID.randomUUID());
        underWorkspaceRule(monitor -> {
            project.create(monitor);
            project.open(monitor);
        });
    }

    /**
     * Runs {@code change} holding the workspace root's rule: it waits for the workspace jobs that
     * run (refreshes, another test's project deletion) and none runs until it is done.
     */
    private static void underWorkspaceRule(ICoreRunnable change) throws CoreException {
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        workspace.run(change, workspace.getRoot(), IWorkspace.AVOID_UPDATE, null);
    }

    @AfterEach
    void cleanUp() throws Exception {
        GpuMemorySession.get().showFrame(null);
        if (launch != null && !launch.isTerminated()) {
            launch.terminate();
        }
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(KernelDebugIds.MODEL_ID)) {
            b.delete();
        }
        project.delete(true, true, null);
    }

    private static int lineOf(Path file, String text) throws Exception {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + text + " in " + file);
    }

    private static String hexOfInts(int[] values, int from, int count) {
        ByteBuffer b = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            b.putInt(values[from + i]);
        }
        return UiTesting.hex(b.array(), 0, count * 4);
    }

    /**
     * A debug launch of local_weighted over 2 CTAs of {@value #BLOCK} threads, in[] random from
     * {@code seed}, with a breakpoint on the first line of local_array.cu holding {@code breakAt}.
     */
    private ILaunchConfigurationWorkingCopy localWeighted(String name, int seed, String breakAt) throws Exception {
        IFile source = project.getFile("local_array.cu");
        int line = lineOf(KERNELS.resolve("local_array.cu"), breakAt);
        // The link and the breakpoint's marker in one workspace operation: no refresh or other
        // workspace job can come between the file appearing and its marker being filled in.
        underWorkspaceRule(monitor -> {
            source.createLink(IPath.fromPath(KERNELS.resolve("local_array.cu")), IResource.NONE, monitor);
            new KernelLineBreakpoint(source, line);
        });
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, name);
        KernelLaunchAttributes.useFields(wc, KERNELS.resolve("local_array.G.ptx").toString(), "local_weighted", "[2]",
                "[" + BLOCK + "]", 0, "sm_90", "[{\"buffer\":\"in\",\"type\":\"s32\",\"count\":" + N
                        + ",\"init\":{\"random\":" + seed + "}},{\"buffer\":\"out\",\"type\":\"s32\",\"count\":" + N
                        + "},{\"s32\":" + N + "}]",
                List.of("out"));
        return wc;
    }

    /** Launches {@code wc} in debug mode and returns the warp that stopped at the breakpoint. */
    private WarpThread launchToBreakpoint(ILaunchConfigurationWorkingCopy wc, String breakpoint) throws Exception {
        launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        UiTesting.waitUntil(() -> launch.getDebugTarget() != null && launch.getDebugTarget().isSuspended(), 60_000,
                breakpoint);
        WarpThread thread = null;
        for (IThread t : launch.getDebugTarget().getThreads()) {
            if (t.getBreakpoints().length > 0) {
                thread = (WarpThread) t;
            }
        }
        assertNotNull(thread, "no warp stopped at the breakpoint");
        return thread;
    }

    @Test
    void aKernelStoppedInItsLoopShowsItsVariablesAndSharedBytes() throws Exception {
        ILaunchConfigurationWorkingCopy wc = localWeighted("ui test local_weighted", 41, "window[k] = stage[");
        // The perspective's Debug view selects the suspended frame, which makes it the debug context
        // the Memory view shows blocks for.
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        WarpThread thread = launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        UiTesting.waitUntil(() -> DebugUITools.getDebugContext() instanceof PtxStackFrame, 10_000,
                "the Debug view to select the stopped frame");
        thread = (WarpThread) ((PtxStackFrame) DebugUITools.getDebugContext()).getThread();
        thread.setFocusedLane(5);
        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        int cta = thread.warpId().cta().x();
        int[] in = ints(launch);

        VariableLocationsView view = (VariableLocationsView) page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);
        GpuMemorySession.get().showFrame(top);
        UiTesting.waitUntil(() -> view.rows().stream().anyMatch(r -> r.name().equals("stage")), 20_000, "frame variables");
        Map<String, VariableLocationsView.Row> rows = view.rows().stream()
                .collect(Collectors.toMap(VariableLocationsView.Row::name, r -> r, (a, b) -> a));
        VariableLocationsView.Row stage = rows.get("stage");
        assertEquals("shared", stage.spaceName());
        assertEquals("CTA (" + cta + ",0,0)", stage.contextLabel());
        // stage is 512 bytes; the view shows the first 16 and an ellipsis
        assertEquals(hexOfInts(in, cta * BLOCK, 4) + " \u2026", stage.value());
        VariableLocationsView.Row window = rows.get("window");
        assertNotNull(window, "window[] is not listed: " + rows.keySet());
        assertEquals("local", window.spaceName());
        assertTrue(window.contextLabel().endsWith("lane 5"), window.contextLabel());
        assertEquals("param", rows.get("in").spaceName());
        UiTesting.screenshotZoomed(view, view.viewer().getControl(), "variable-locations-debug");

        // Double-click on stage: a memory block of shared in its CTA at stage's offset, added for the Memory view.
        view.open(stage);
        IMemoryBlock[] blocks = DebugPlugin.getDefault().getMemoryBlockManager().getMemoryBlocks(target);
        IMemoryBlockExtension opened = (IMemoryBlockExtension) blocks[blocks.length - 1];
        assertEquals("shared:" + stage.offsetText(), opened.getExpression());
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
                        && !table.table().getItem(r).getText(AddressSpaceTable.COLUMN_HEX).equals("\u2026"), 10_000, "row " + r);
                TableItem item = table.table().getItem(row);
                assertEquals(String.format("0x%08x", row * 16), item.getText(AddressSpaceTable.COLUMN_ADDRESS));
                assertEquals(hexOfInts(in, cta * BLOCK + row * 4, 4), item.getText(AddressSpaceTable.COLUMN_HEX), "row " + row);
            }
            UiTesting.screenshot(shell, "address-space-table-debug");
        } finally {
            shell.dispose();
        }
    }

    @Test
    void theLanesRenderingShowsALiveLocalBlockLaneByLane() throws Exception {
        ILaunchConfigurationWorkingCopy wc = localWeighted("ui test lanes", 43, "int result = weighted_sum(");
        WarpThread thread = launchToBreakpoint(wc, "the breakpoint at the call");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        int lane = 5;
        thread.setFocusedLane(lane);
        PtxStackFrame top = (PtxStackFrame) thread.getTopStackFrame();
        byte[] window = top.variable("window").bytes();
        long windowOffset = top.variable("window").memoryLocation().offset();
        int[] in = ints(launch);
        int tid = thread.warpId().warp() * 32 + lane;
        int cta = thread.warpId().cta().x();

        Shell shell = new Shell(Display.getCurrent());
        try {
            shell.setLayout(new FillLayout());
            shell.setSize(1100, 500);
            LanesRendering rendering = new LanesRendering();
            rendering.init(null, target.getExtendedMemoryBlock("local:&window", top));
            Control control = rendering.createControl(shell);
            LanesGrid grid = assertInstanceOf(LanesGrid.class, control, "the live local block is not shown as lanes");
            shell.open();
            assertEquals(32, grid.laneCount());
            UiTesting.waitUntil(() -> !grid.loading(), 10_000, "lanes of the stopped warp");
            for (int k = 0; k < 8; k++) {
                // window[k] = stage[(t + k) % blockDim.x] = in[blockIdx.x * blockDim.x + (t + k) % blockDim.x]
                int[] expected = {in[cta * BLOCK + (tid + k) % BLOCK]};
                String cell = grid.table().getItem((int) (windowOffset / 4) + k).getText(lane + 1);
                assertEquals(hexOfInts(expected, 0, 1).replace(" ", ""), cell, "lane " + lane + " window[" + k + "]");
                assertEquals(UiTesting.hex(window, 4 * k, 4).replace(" ", ""), cell, "the debug model's window[" + k + "]");
            }
            UiTesting.screenshot(shell, "lanes-rendering-debug");
        } finally {
            shell.dispose();
        }
    }

    @Test
    void theMemoryViewShowsASharedBlockInTheAddressSpaceTableRendering() throws Exception {
        ILaunchConfigurationWorkingCopy wc = localWeighted("ui test memory view", 47, "window[k] = stage[");
        IWorkbenchPage page = PlatformUI.getWorkbench().showPerspective(GpuMemoryPerspective.ID,
                PlatformUI.getWorkbench().getActiveWorkbenchWindow());
        launchToBreakpoint(wc, "the breakpoint in the loop");
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        UiTesting.waitUntil(() -> DebugUITools.getDebugContext() instanceof PtxStackFrame, 10_000,
                "the Debug view to select the stopped frame");
        PtxStackFrame top = (PtxStackFrame) DebugUITools.getDebugContext();
        int cta = ((WarpThread) top.getThread()).warpId().cta().x();
        int[] in = ints(launch);

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
                    10_000, "the Memory view to show the address-space table rendering");
            AddressSpaceRendering rendering = assertInstanceOf(AddressSpaceRendering.class, created);
            AddressSpaceTable table = assertInstanceOf(AddressSpaceTable.class, rendering.getControl(),
                    "the rendering shows no table");
            assertEquals(memoryView.getSite().getShell(), table.getShell(), "the rendering is not in the workbench window");
            assertTrue(table.headerText().contains("32-bit addresses"), table.headerText());
            long base = block.getBigBaseAddress().longValue();
            for (int row = 0; row < BLOCK / 4; row++) {
                int index = (int) ((base + row * 16L - table.windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
                UiTesting.waitUntil(() -> !table.loading()
                        && !table.table().getItem(index).getText(AddressSpaceTable.COLUMN_HEX).equals("\u2026"), 10_000,
                        "row " + row);
                TableItem item = table.table().getItem(index);
                assertEquals(String.format("0x%08x", base + row * 16L), item.getText(AddressSpaceTable.COLUMN_ADDRESS));
                assertEquals(hexOfInts(in, cta * BLOCK + row * 4, 4), item.getText(AddressSpaceTable.COLUMN_HEX), "row " + row);
            }
            assertTrue(table.isVisible(), "the rendering's table is not on screen");
            UiTesting.screenshotZoomed(memoryView, partControl(table), "memory-view-rendering");
        } finally {
            DebugPlugin.getDefault().getMemoryBlockManager().removeMemoryBlocks(new IMemoryBlock[] {block});
        }
    }

    /** The workbench part's own composite around {@code control} (the part renderer marks it with its model element). */
    private static Control partControl(Control control) {
        for (Control c = control; c != null; c = c.getParent()) {
            if (c.getData("modelElement") != null) {
                return c;
            }
        }
        return control;
    }

    private static int[] ints(ILaunch launch) {
        byte[] bytes = ((KernelProcess) launch.getProcesses()[0]).engine().prepared().initialBuffer("in");
        int[] out = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }
}
