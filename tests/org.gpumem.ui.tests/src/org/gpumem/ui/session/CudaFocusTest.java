package org.gpumem.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.internal.ui.viewers.model.provisional.ITreeModelViewer;
import org.eclipse.debug.ui.AbstractDebugView;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.debug.ui.memory.IMemoryRendering;
import org.eclipse.debug.ui.memory.IMemoryRenderingContainer;
import org.eclipse.debug.ui.memory.IMemoryRenderingSite;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.viewers.TreePath;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.texteditor.ITextEditor;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.Dim3;
import org.gpumem.ui.GpuMemoryViews;
import org.gpumem.ui.KernelDebugging;
import org.gpumem.ui.UiTesting;
import org.gpumem.ui.memory.AddressSpaceTable;
import org.gpumem.ui.memory.LanesGrid;
import org.gpumem.ui.renderings.AddressSpaceRendering;
import org.gpumem.ui.renderings.AliasesRendering;
import org.gpumem.ui.renderings.LanesRendering;
import org.gpumem.ui.renderings.MemoryViewMonitors;
import org.gpumem.ui.views.VariableLocationsView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The CUDA focus in the workbench, set the three ways a user sets it: selecting a warp of CTA
 * (0,0,0) in the Debug view, then "Focus on block (1,0,0) thread (5,0,0)" in the dialog of the
 * Debug view's focus command,
 * then a click on lane 9 in the lanes grid. After each, the Variables view, Variable Locations,
 * the Memory view's blocks and the Aliases rendering show that thread, checked against what the
 * kernel computes from the launch's in[]: gid = blockIdx.x * 64 + threadIdx.x, stage[t] =
 * in[blockIdx.x * 64 + t] in the loop after __syncthreads.
 */
class CudaFocusTest {

    private static final WarpId CTA1_WARP0 = new WarpId(new Dim3(1, 0, 0), 0);
    private static final WarpId CTA0_WARP1 = new WarpId(new Dim3(0, 0, 0), 1);
    private static final int BLOCK = KernelDebugging.BLOCK;

    private KernelDebugging kernels;

    @BeforeEach
    void project() throws Exception {
        kernels = KernelDebugging.newProject("ui-focus-");
    }

    @AfterEach
    void cleanUp() throws Exception {
        kernels.cleanUp();
    }

    @Test
    void theDebugViewTheFocusDialogAndALaneClickFocusTheViewsOnAThread() throws Exception {
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = kernels.launchToBreakpoint(
                kernels.localWeighted("ui test cuda focus", 71, "window[k] = stage["), "the breakpoint in the loop");
        KernelDebugTarget target = thread.kernelTarget();
        // Run until warp 0 of CTA (1,0,0) is in the loop too (the warps of CTA (0,0,0) still are).
        while (!thread.warpId().equals(CTA1_WARP0)) {
            long stops = target.stopGeneration();
            thread.resume();
            UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "the next breakpoint hit");
            thread = target.thread(target.lastStop().warp());
        }
        int[] in = kernels.in();
        VariableLocationsView locations = (VariableLocationsView) page.showView(GpuMemoryViews.VARIABLE_LOCATIONS);
        AbstractDebugView variables = (AbstractDebugView) page.showView(IDebugUIConstants.ID_VARIABLE_VIEW);
        AbstractDebugView debugView = (AbstractDebugView) page.showView(IDebugUIConstants.ID_DEBUG_VIEW);

        // 1. The Debug view: a click on CTA (0,0,0) warp 1's frame focuses that warp.
        WarpThread cta0 = target.thread(CTA0_WARP1);
        // a user's clicks in the tree: the warp's twistie until its frame is shown, then the frame
        // (the viewer's selection, forced as a click overrides a suspended frame of another warp);
        // the warp's frames may be read again after the stop, so the frame shown is the one asked for
        TreePath cta0Path = new TreePath(new Object[] {kernels.launch(), target, cta0});
        TreeViewer debugTree = (TreeViewer) debugView.getViewer();
        UiTesting.waitUntil(() -> {
            debugTree.expandToLevel(cta0Path, 1);
            return shows(debugTree.getTree().getItems(), cta0.topFrame());
        }, 60_000, "the Debug view to show the frame of " + CTA0_WARP1.label());
        PtxStackFrame cta0Top = cta0.topFrame();
        ((ITreeModelViewer) debugView.getViewer()).setSelection(new TreeSelection(cta0Path.createChildPath(cta0Top)), true,
                true);
        UiTesting.waitUntil(() -> DebugUITools.getDebugContext() == cta0Top && target.focus().current() != null
                && target.focus().current().lane().warp().equals(CTA0_WARP1), 60_000, "the Debug view's selection to focus "
                        + CTA0_WARP1.label());
        int cta0Lane = cta0.focusedLane();
        expectVariable(variables, "gid", 32 + cta0Lane);
        IMemoryBlockExtension stage = target.getExtendedMemoryBlock("shared:&stage", cta0Top);
        IMemoryBlockExtension window = target.getExtendedMemoryBlock("local:&window", cta0Top);
        try {
            AddressSpaceRendering table = (AddressSpaceRendering) MemoryViewMonitors.show(page, stage).stream()
                    .filter(r -> r instanceof AddressSpaceRendering).findFirst().orElseThrow();
            expectTable(table, "shared [CTA (0,0,0)] +0x0", KernelDebugging.hexOfInts(in, 0, 4));
            MemoryViewMonitors.show(page, window);
            LanesRendering lanes = addRendering(page, window, new LanesRendering());
            AliasesRendering aliases = addRendering(page, window, new AliasesRendering());

            // 2. The Debug view's toolbar button opens the focus dialog: block (5,0,0) is refused
            //    with the reason, then block (1,0,0) thread (5,0,0) is focused.
            ToolBar toolbar = ((ToolBarManager) debugView.getViewSite().getActionBars().getToolBarManager()).getControl();
            List<String> tips = Arrays.stream(toolbar.getItems()).map(i -> String.valueOf(i.getToolTipText())).toList();
            ToolItem focusItem = Arrays.stream(toolbar.getItems())
                    .filter(i -> "Focus on block (x,y,z) thread (x,y,z)...".equals(i.getToolTipText())).findFirst()
                    .orElseThrow(() -> new AssertionError("no focus button in the Debug view's toolbar: " + tips));
            Throwable[] failure = {null};
            driveFocusDialog(failure);
            focusItem.notifyListeners(SWT.Selection, new Event());
            if (failure[0] != null) {
                throw new AssertionError("the focus dialog: " + failure[0].getMessage(), failure[0]);
            }

            WarpThread focused = target.thread(CTA1_WARP0);
            assertEquals(new Dim3(5, 0, 0), target.focus().current().thread());
            UiTesting.waitUntil(() -> DebugUITools.getDebugContext() == focused.topFrame(), 60_000,
                    "the Debug view to select the focused warp's frame");
            expectVariable(variables, "gid", BLOCK + 5);
            expectLocations(locations, "CTA (1,0,0) warp 0 lane 5", KernelDebugging.hexOfInts(in, BLOCK, 4));
            expectTable(table, "shared [CTA (1,0,0)] +0x0", KernelDebugging.hexOfInts(in, BLOCK, 4));
            expectMonitor(page, stage, "shared [CTA (1,0,0)] +0x0");
            expectAliasesOf(aliases, "lane 5");
            UiTesting.waitUntil(() -> lanes.grid() != null && !lanes.grid().loading()
                    && lanes.grid().focusedLane() == 5, 60_000, "the lanes grid of CTA (1,0,0) warp 0");
            Shell workbench = page.getWorkbenchWindow().getShell();
            Rectangle bounds = workbench.getBounds();
            workbench.setBounds(0, 0, 1400, 860);
            try {
                UiTesting.screenshot(workbench, "cta-focused");
            } finally {
                workbench.setBounds(bounds);
            }

            // 3. A click on lane 9's cell of window[0] in the lanes grid.
            LanesGrid grid = lanes.grid();
            int element = (int) (window.getBigBaseAddress().longValue() / grid.elementSize());
            grid.table().showItem(grid.table().getItem(element));
            Rectangle cell = grid.table().getItem(element).getBounds(9 + 1);
            Event click = new Event();
            click.x = cell.x + cell.width / 2;
            click.y = cell.y + cell.height / 2;
            click.button = 1;
            grid.table().notifyListeners(SWT.MouseDown, click);
            assertEquals(new Dim3(9, 0, 0), target.focus().current().thread());
            expectVariable(variables, "gid", BLOCK + 9);
            expectLocations(locations, "CTA (1,0,0) warp 0 lane 9", KernelDebugging.hexOfInts(in, BLOCK, 4));
            expectAliasesOf(aliases, "lane 9");
            UiTesting.waitUntil(() -> !lanes.grid().loading() && lanes.grid().focusedLane() == 9, 60_000,
                    "the lanes grid to mark lane 9");
            assertEquals("lane 9 \u25c9", lanes.grid().table().getColumn(9 + 1).getText());
        } finally {
            DebugPlugin.getDefault().getMemoryBlockManager().removeMemoryBlocks(new IMemoryBlock[] {stage, window});
        }
    }

    /**
     * Types into the focus dialog once its event loop runs (the command's handler opens it
     * modally): a CTA outside the grid and a thread outside the block, whose reasons the dialog
     * shows with OK disabled, then CTA (1,0,0) thread 5 and OK. A failed check cancels the dialog
     * and is handed back in {@code failure}.
     */
    private static void driveFocusDialog(Throwable[] failure) {
        Display display = Display.getCurrent();
        display.asyncExec(() -> {
            Shell other = Arrays.stream(display.getShells())
                    .filter(s -> s.getData() instanceof Window w && !(w instanceof FocusDialog) && s.isVisible()).findFirst()
                    .orElse(null);
            if (other != null) {
                // the handler told the user something instead (no suspended kernel): close it, fail
                failure[0] = new AssertionError("the command opened \"" + other.getText() + "\", not the focus dialog");
                ((Window) other.getData()).close();
                return;
            }
            Shell shell = Arrays.stream(display.getShells()).filter(s -> s.getData() instanceof FocusDialog).findFirst().orElse(null);
            if (shell == null) {
                driveFocusDialog(failure);
                return;
            }
            FocusDialog dialog = (FocusDialog) shell.getData();
            try {
                List<Text> fields = widgets(shell, Text.class);
                Button ok = widgets(shell, Button.class).stream().filter(b -> IDialogConstants.OK_LABEL.equals(b.getText()))
                        .findFirst().orElseThrow();
                fields.get(0).setText("5,0,0");
                assertEquals("CTA (5,0,0) is outside the grid (2,1,1)", dialog.getErrorMessage());
                assertFalse(ok.isEnabled(), "OK is enabled for a CTA outside the grid");
                fields.get(0).setText("(1,0,0)");
                fields.get(1).setText("64,0,0");
                assertEquals("thread (64,0,0) is outside the block (64,1,1)", dialog.getErrorMessage());
                fields.get(1).setText("5");
                assertEquals(null, dialog.getErrorMessage());
                assertTrue(ok.isEnabled(), "OK is disabled for thread (5,0,0) of CTA (1,0,0)");
                ok.notifyListeners(SWT.Selection, new Event());
            } catch (AssertionError | RuntimeException e) {
                failure[0] = e;
                dialog.close();
            }
        });
    }

    /** Adds {@code rendering} of {@code block} to the Memory view's second pane, as its "New Renderings..." does. */
    private static <R extends IMemoryRendering> R addRendering(IWorkbenchPage page, IMemoryBlock block, R rendering) {
        IMemoryRenderingSite site = (IMemoryRenderingSite) page.findView(IDebugUIConstants.ID_MEMORY_VIEW);
        IMemoryRenderingContainer pane = site.getContainer(IDebugUIConstants.ID_RENDERING_VIEW_PANE_2);
        rendering.init(pane, block);
        pane.addMemoryRendering(rendering);
        UiTesting.waitUntil(() -> rendering.getControl() != null, 60_000, "the " + rendering.getLabel() + " rendering");
        return rendering;
    }

    /**
     * The focus, the Debug view's selection, the Variables view and the editor's current-line mark
     * agree after each of two resumes from a focus on CTA (1,0,0) thread 37 (warp 1, lane 5): the
     * stop moves the focus to the warp that stopped, and the selection, the variables (gid of the
     * focused thread, computed here) and the mark follow it.
     */
    @Test
    void focusSelectionVariablesAndEditorAgreeAfterTwoResumes() throws Exception {
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = kernels.launchToBreakpoint(
                kernels.localWeighted("ui test focus after resumes", 73, "window[k] = stage["), "the breakpoint in the loop");
        KernelDebugTarget target = thread.kernelTarget();
        // as a user, focus once the Debug view shows the stop (its selection of the stopped frame
        // comes after the suspend, and would move the focus back)
        waitForSelection(thread, "the stopped warp");
        AbstractDebugView variables = (AbstractDebugView) page.showView(IDebugUIConstants.ID_VARIABLE_VIEW);
        target.focus().set(new Dim3(1, 0, 0), new Dim3(37, 0, 0));
        WarpThread focused = target.thread(target.focus().current().lane().warp());
        waitForSelection(focused, "CTA (1,0,0) warp 1");
        for (int resume = 1; resume <= 2; resume++) {
            long stops = target.stopGeneration();
            target.resume();
            UiTesting.waitUntil(() -> target.isSuspended() && target.stopGeneration() > stops, 60_000, "stop " + resume);
            assertAgree(page, variables, target, "after resume " + resume);
        }
    }

    /** Waits until the Debug view selects {@code warp}'s top frame; a failure says what the view shows. */
    private static void waitForSelection(WarpThread warp, String what) {
        try {
            UiTesting.waitUntil(() -> DebugUITools.getDebugContext() == warp.topFrame(), 60_000, "the Debug view to select " + what);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; selected " + DebugUITools.getDebugContext() + ", focus "
                    + warp.kernelTarget().focus().current() + ", top frame " + warp.topFrame() + "; the Debug view shows"
                    + KernelDebugging.debugViewTree(), e);
        }
    }

    /** The focus, the selected frame, the Variables view's gid and the editor's current line are one thread's. */
    private static void assertAgree(IWorkbenchPage page, AbstractDebugView variables, KernelDebugTarget target, String when) {
        CudaFocus focus = target.focus().current();
        assertNotNull(focus, when);
        WarpThread focused = target.thread(focus.lane().warp());
        waitForSelection(focused, "the focused " + focus.lane().warp().label() + " " + when);
        UiTesting.waitUntil(() -> GpuMemorySession.get().frame() == focused.topFrame(), 60_000, "gpumem's views to show the"
                + " focused " + focus.lane().warp().label() + " " + when);
        expectVariable(variables, "gid", focus.cta().x() * BLOCK + focus.linearThread());
        int line = focused.topFrame().getLineNumber();
        UiTesting.waitUntil(() -> currentLineMark(page) == line, 60_000, "the editor's current-line mark at line " + line
                + " " + when + " (at " + currentLineMark(page) + ")");
    }

    /** The line (1-based) of the debugger's current-instruction mark in the active editor, or -1. */
    private static int currentLineMark(IWorkbenchPage page) {
        if (!(page.getActiveEditor() instanceof ITextEditor editor)) {
            return -1;
        }
        IAnnotationModel model = editor.getDocumentProvider().getAnnotationModel(editor.getEditorInput());
        IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        if (model == null || document == null) {
            return -1;
        }
        for (java.util.Iterator<org.eclipse.jface.text.source.Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            org.eclipse.jface.text.source.Annotation a = it.next();
            if (IDebugUIConstants.ANNOTATION_TYPE_INSTRUCTION_POINTER_CURRENT.equals(a.getType())) {
                try {
                    return document.getLineOfOffset(model.getPosition(a).getOffset()) + 1;
                } catch (org.eclipse.jface.text.BadLocationException e) {
                    throw new AssertionError("the current-line mark lies outside the document", e);
                }
            }
        }
        return -1;
    }

    /**
     * A CTA that has not run its first instruction at the first stop: its thread's register
     * variables are not live there (gid is not 0), while the stopped thread's gid is.
     */
    @Test
    void aThreadOfACtaThatHasNotStartedHasNoLiveRegisters() throws Exception {
        IWorkbenchPage page = KernelDebugging.gpuMemoryPerspective();
        WarpThread thread = kernels.launchToBreakpoint(
                kernels.localWeighted("ui test not live here", 74, "window[k] = stage["), "the first breakpoint hit");
        KernelDebugTarget target = thread.kernelTarget();
        waitForSelection(thread, "the stopped warp");
        assertEquals(new Dim3(0, 0, 0), thread.warpId().cta(), "the first stop is in CTA (0,0,0)");
        AbstractDebugView variables = (AbstractDebugView) page.showView(IDebugUIConstants.ID_VARIABLE_VIEW);
        target.focus().set(new Dim3(1, 0, 0), new Dim3(5, 0, 0));
        WarpThread cta1 = target.thread(CTA1_WARP0);
        waitForSelection(cta1, "CTA (1,0,0) warp 0");
        expectVariable(variables, "gid", "<" + org.gpumem.sim.debug.FrameVariables.NOT_RUN_YET + ">");
        target.focus().set(thread.warpId().cta(), new Dim3(5, 0, 0));
        expectVariable(variables, "gid", 5);
    }

    /** Waits until the Variables view shows {@code name} with the value {@code expected}. */
    private static void expectVariable(AbstractDebugView variables, String name, int expected) {
        expectVariable(variables, name, Integer.toString(expected));
    }

    /** Waits until the Variables view shows {@code name} with the value text {@code expected}. */
    private static void expectVariable(AbstractDebugView variables, String name, String expected) {
        Tree tree = (Tree) variables.getViewer().getControl();
        try {
            UiTesting.waitUntil(() -> expected.equals(value(tree, name)), 60_000,
                    "the Variables view to show " + name + " = " + expected);
        } catch (AssertionError e) {
            List<String> rows = new ArrayList<>();
            for (TreeItem item : tree.getItems()) {
                rows.add(item.getText(0) + (tree.getColumnCount() > 1 ? " | " + item.getText(1) : ""));
            }
            throw new AssertionError(e.getMessage() + "; it shows " + rows + " for " + DebugUITools.getDebugContext()
                    + " (its input " + variables.getViewer().getInput() + ", visible " + variables.isVisible()
                    + "); the Debug view shows" + KernelDebugging.debugViewTree(), e);
        }
    }

    /** The value the Variables view shows for the top-level variable {@code name}, or null. */
    private static String value(Tree tree, String name) {
        for (TreeItem item : tree.getItems()) {
            String label = item.getText(0);
            if (tree.getColumnCount() > 1 && name.equals(label)) {
                return item.getText(1);
            }
            if (label.startsWith(name + " = ")) {
                return label.substring(name.length() + 3);
            }
        }
        return null;
    }

    /** Waits until Variable Locations lists the focused thread's stage (its CTA's), window and gid (its lane). */
    private static void expectLocations(VariableLocationsView view, String lane, String stageHex) {
        UiTesting.waitUntil(() -> view.rows().stream().anyMatch(r -> r.name().equals("window") && r.contextLabel().equals(lane)),
                60_000, "Variable Locations to show window[] of " + lane);
        Map<String, VariableLocationsView.Row> rows = view.rows().stream()
                .collect(Collectors.toMap(VariableLocationsView.Row::name, r -> r, (a, b) -> a));
        assertEquals("CTA (1,0,0)", rows.get("stage").contextLabel());
        assertEquals(stageHex + " \u2026", rows.get("stage").value());
        assertEquals(lane, rows.get("gid").contextLabel());
    }

    /** Waits until the Memory view's table of the shared block is labelled {@code label} and its first row is {@code hex}. */
    private static void expectTable(AddressSpaceRendering rendering, String label, String hex) {
        UiTesting.waitUntil(() -> {
            AddressSpaceTable table = rendering.table();
            if (table == null || table.loading() || !rendering.getLabel().startsWith(label)) {
                return false;
            }
            int row = (int) (-table.windowStart() / AddressSpaceTable.BYTES_PER_ROW);
            return hex.equals(table.table().getItem(row).getText(AddressSpaceTable.COLUMN_HEX));
        }, 60_000, "the address-space table of " + label + " to show " + hex);
    }

    /** Waits until the Memory view's Monitors pane labels {@code block} {@code label}. */
    private static void expectMonitor(IWorkbenchPage page, IMemoryBlock block, String label) {
        Control memoryView = ((org.eclipse.debug.internal.ui.views.memory.MemoryView) page
                .findView(IDebugUIConstants.ID_MEMORY_VIEW))
                .getViewPane(org.eclipse.debug.internal.ui.views.memory.MemoryBlocksTreeViewPane.PANE_ID).getControl();
        UiTesting.waitUntil(() -> label.equals(itemText(memoryView, block)), 60_000,
                "the Monitors pane to label the block " + label + " (it reads " + itemText(memoryView, block) + ")");
    }

    /** The text of the tree item under {@code control} whose data is {@code element}, or null. */
    private static String itemText(Control control, Object element) {
        if (control instanceof Tree tree) {
            return itemText(tree.getItems(), element);
        }
        if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                String text = itemText(child, element);
                if (text != null) {
                    return text;
                }
            }
        }
        return null;
    }

    private static String itemText(TreeItem[] items, Object element) {
        for (TreeItem item : items) {
            String text = item.getData() == element ? item.getText() : itemText(item.getItems(), element);
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    /** Waits until the Aliases rendering shows the views of window[0] seen from {@code lane}. */
    private static void expectAliasesOf(AliasesRendering aliases, String lane) {
        UiTesting.waitUntil(() -> aliases.panel() != null && !aliases.panel().loading() && !aliases.panel().views().isEmpty()
                && aliases.panel().views().get(0).label().endsWith(lane), 60_000, "the aliases of window[0] of " + lane);
        assertNotNull(aliases.panel().views().get(0).bytes(), aliases.panel().views().get(0).label());
    }

    /** Whether {@code element} is the data of one of {@code items} or of their descendants. */
    private static boolean shows(TreeItem[] items, Object element) {
        for (TreeItem item : items) {
            if (item.getData() == element || shows(item.getItems(), element)) {
                return true;
            }
        }
        return false;
    }

    private static <W extends Control> List<W> widgets(Composite root, Class<W> type) {
        List<W> found = new ArrayList<>();
        for (Control c : root.getChildren()) {
            if (type.isInstance(c)) {
                found.add(type.cast(c));
            }
            if (c instanceof Composite composite) {
                found.addAll(widgets(composite, type));
            }
        }
        return found;
    }
}
