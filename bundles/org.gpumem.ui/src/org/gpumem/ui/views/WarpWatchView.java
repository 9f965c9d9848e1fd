package org.gpumem.ui.views;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.LaneEvaluation;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.ui.internal.LatestReads;

/**
 * Warp Watch (Nsight's): one row per expression, one column per lane of a warp (the selected
 * frame's warp, or the one picked), each cell the expression's value in that lane by the debug
 * core's evaluator. Lanes that wait on the other side of a divergent branch are greyed, exited
 * lanes and lanes without a thread say so, and a value that changed since the previous stop is
 * highlighted.
 */
public final class WarpWatchView extends SessionView {
    /** The picker's first entry: the warp of the selected frame. */
    public static final String SELECTED_WARP = "the selected frame's warp";

    private Text input;
    private Combo warpPicker;
    private Table table;
    private Label status;
    private final List<String> expressions = new ArrayList<>();
    /** The warps the picker lists after {@link #SELECTED_WARP}. */
    private List<WarpId> pickable = List.of();
    /** Each row's cells as shown, by expression and warp, and the stop they were shown at. */
    private Map<String, String[]> shown = new HashMap<>();
    private Map<String, String[]> previous = new HashMap<>();
    private long shownStop = -1;
    private KernelDebugTarget shownTarget;
    /** The evaluation in progress: a later refresh supersedes it. */
    private LatestReads evaluations;

    @Override
    protected void createContents(Composite parent) {
        Composite view = new Composite(parent, SWT.NONE);
        view.setLayout(new GridLayout(3, false));
        input = new Text(view, SWT.SINGLE | SWT.BORDER);
        input.setMessage("Add an expression (Enter): sum, tile[threadIdx.y][k], *(@shared int *) 0x40");
        input.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        input.addListener(SWT.DefaultSelection, e -> {
            addExpression(input.getText());
            input.setText("");
        });
        new Label(view, SWT.NONE).setText("Warp:");
        warpPicker = new Combo(view, SWT.READ_ONLY);
        warpPicker.setItems(SELECTED_WARP);
        warpPicker.select(0);
        warpPicker.addListener(SWT.Selection, e -> refresh(() -> {
        }));
        table = new Table(view, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        evaluations = new LatestReads(table).asSystemJobs();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        TableColumn expression = new TableColumn(table, SWT.LEFT);
        expression.setText("Expression");
        expression.setWidth(200);
        table.addListener(SWT.KeyDown, e -> {
            if (e.keyCode == SWT.DEL) {
                for (int i : table.getSelectionIndices()) {
                    expressions.set(i, null);
                }
                expressions.removeIf(x -> x == null);
                refresh(() -> {
                });
            }
        });
        status = new Label(view, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
    }

    /** Adds a row for {@code expression} (blank: none) and evaluates it. */
    public void addExpression(String expression) {
        if (expression != null && !expression.isBlank()) {
            expressions.add(expression.strip());
            refresh(() -> {
            });
        }
    }

    public Table table() {
        return table;
    }

    /** What the view says about what it shows (the warp, or why nothing). */
    public String statusText() {
        return status.getText();
    }

    /** Whether the cell of {@code row} for lane {@code lane} is highlighted as changed since the previous stop. */
    public boolean changed(int row, int lane) {
        return table.getItem(row).getBackground(lane + 1).equals(changedColor());
    }

    /** Whether the lane's cell is greyed (the lane is inactive, exited or holds no thread). */
    public boolean greyed(int row, int lane) {
        return table.getItem(row).getForeground(lane + 1).equals(greyColor());
    }

    private Color changedColor() {
        return table.getDisplay().getSystemColor(SWT.COLOR_YELLOW);
    }

    private Color greyColor() {
        return table.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY);
    }

    @Override
    public void refresh(Runnable done) {
        if (table.isDisposed()) {
            done.run();
            return;
        }
        IStackFrame selected = session().frame();
        if (!(selected instanceof PtxStackFrame frame) || !frame.getDebugTarget().isSuspended()) {
            evaluations.cancel();
            show(List.copyOf(expressions), null, null, -1, "No kernel frame is selected.");
            done.run();
            return;
        }
        KernelDebugTarget target = frame.kernelTarget();
        DebugSession s = target.session();
        List<WarpStatus> warps = s.stopWarps().stream().filter(w -> !w.frames().isEmpty()).toList();
        List<WarpId> ids = warps.stream().map(WarpStatus::id).toList();
        WarpId picked = warpPicker.getSelectionIndex() > 0 ? pickable.get(warpPicker.getSelectionIndex() - 1) : null;
        if (!ids.equals(pickable)) {
            pickable = ids;
            List<String> items = new ArrayList<>();
            items.add(SELECTED_WARP);
            ids.forEach(w -> items.add(w.label()));
            warpPicker.setItems(items.toArray(new String[0]));
            warpPicker.select(picked != null && ids.contains(picked) ? ids.indexOf(picked) + 1 : 0);
        }
        WarpThread thread = (WarpThread) frame.getThread();
        WarpId warp = picked != null && ids.contains(picked) ? picked : thread.warpId();
        // the selected frame's function in its own warp, another warp's top frame
        int level = warp.equals(thread.warpId()) ? frame.callFrame().level()
                : warps.get(ids.indexOf(warp)).frames().get(0).level();
        if (target != shownTarget || target.stopGeneration() != shownStop) {
            previous = shown;
            shown = new HashMap<>();
            shownTarget = target;
            shownStop = target.stopGeneration();
        }
        List<String> asked = List.copyOf(expressions);
        String what = warp.label() + (warp.equals(thread.warpId()) ? "" : " (top frame)") + " at stop "
                + target.stopGeneration();
        // the evaluations run on the session's executor; the UI thread does not wait for them
        evaluations.start("Evaluating Warp Watch expressions", monitor -> evaluate(s, asked, warp, level),
                (r, error) -> {
                    if (error != null || r.notStopped() != null) {
                        show(asked, null, null, -1, error != null ? error : r.notStopped());
                    } else {
                        show(asked, r.rows(), r.errors(), warp, what);
                    }
                    done.run();
                }, dropped -> done.run());
    }

    /** Each expression's lanes, or its error; or why the kernel cannot be asked. */
    private record Evaluated(List<List<LaneEvaluation>> rows, List<String> errors, String notStopped) {
    }

    private static Evaluated evaluate(DebugSession s, List<String> asked, WarpId warp, int level) {
        List<List<LaneEvaluation>> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        try {
            for (String e : asked) {
                try {
                    rows.add(s.evaluateWarp(e, warp, level));
                    errors.add(null);
                } catch (ExpressionException x) {
                    rows.add(null);
                    errors.add(x.getMessage());
                }
            }
        } catch (NotStoppedException x) {
            return new Evaluated(null, null, x.getMessage());
        }
        return new Evaluated(rows, errors, null);
    }

    /** Fills the table: {@code rows} per expression (null for one with an {@code errors} line). */
    private void show(List<String> asked, List<List<LaneEvaluation>> rows, List<String> errors, Object warp, String what) {
        status.setText(what);
        int lanes = 0;
        if (rows != null) {
            for (List<LaneEvaluation> r : rows) {
                lanes = r != null ? Math.max(lanes, r.size()) : lanes;
            }
        }
        while (table.getColumnCount() - 1 < lanes) {
            TableColumn c = new TableColumn(table, SWT.RIGHT);
            c.setText("lane " + (table.getColumnCount() - 1));
            c.setWidth(70);
        }
        table.removeAll();
        for (int i = 0; i < asked.size(); i++) {
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(0, asked.get(i));
            if (rows == null) {
                continue;
            }
            if (rows.get(i) == null) {
                item.setText(1, errors.get(i));
                continue;
            }
            String key = asked.get(i) + "\u0000" + warp;
            String[] before = previous.get(key);
            String[] cells = new String[rows.get(i).size()];
            for (LaneEvaluation e : rows.get(i)) {
                cells[e.lane()] = e.text();
                item.setText(e.lane() + 1, e.text());
                if (e.state() != LaneEvaluation.State.ACTIVE) {
                    item.setForeground(e.lane() + 1, greyColor());
                }
                if (before != null && e.lane() < before.length && !e.text().equals(before[e.lane()])) {
                    item.setBackground(e.lane() + 1, changedColor());
                }
            }
            shown.put(key, cells);
        }
    }

    @Override
    public void setFocus() {
        input.setFocus();
    }
}
