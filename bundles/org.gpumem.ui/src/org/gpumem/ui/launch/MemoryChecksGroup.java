package org.gpumem.ui.launch;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.RowLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.gpumem.sim.check.CheckTool;

/**
 * The "Memory checks" row of both launch types' Main tabs: a check box per tool the IDE offers,
 * by compute-sanitizer's names. Tools a configuration names that have no box (memcheck, set in
 * the attribute by hand) are kept as they are.
 */
final class MemoryChecksGroup {
    /** The tools with a box, in the order shown. */
    static final List<CheckTool> OFFERED = List.of(CheckTool.RACECHECK, CheckTool.INITCHECK, CheckTool.SYNCCHECK,
            CheckTool.LEAKCHECK);

    private final Map<CheckTool, Button> boxes = new EnumMap<>(CheckTool.class);
    private Set<CheckTool> unoffered = EnumSet.noneOf(CheckTool.class);

    /** Adds the label and the boxes as one row of {@code parent}'s grid of {@code columns} columns. */
    MemoryChecksGroup(Composite parent, int columns, Runnable changed) {
        new Label(parent, SWT.NONE).setText("Memory checks:");
        Composite row = new Composite(parent, SWT.NONE);
        RowLayoutFactory.fillDefaults().spacing(8).applyTo(row);
        GridDataFactory.fillDefaults().span(columns - 1, 1).applyTo(row);
        for (CheckTool t : OFFERED) {
            Button b = new Button(row, SWT.CHECK);
            b.setText(t.cliName());
            b.setToolTipText("Run every kernel launch under " + t.cliName() + " (on the interpreter, one worker); "
                    + "findings go to the console and the Problems view");
            b.addListener(SWT.Selection, e -> changed.run());
            boxes.put(t, b);
        }
    }

    /** Shows {@code tools} checked. */
    void show(Set<CheckTool> tools) {
        for (Map.Entry<CheckTool, Button> e : boxes.entrySet()) {
            e.getValue().setSelection(tools.contains(e.getKey()));
        }
        unoffered = EnumSet.noneOf(CheckTool.class);
        unoffered.addAll(tools);
        unoffered.removeAll(OFFERED);
    }

    /** The tools checked, with those the configuration named that have no box. */
    Set<CheckTool> selected() {
        Set<CheckTool> tools = EnumSet.noneOf(CheckTool.class);
        tools.addAll(unoffered);
        for (Map.Entry<CheckTool, Button> e : boxes.entrySet()) {
            if (e.getValue().getSelection()) {
                tools.add(e.getKey());
            }
        }
        return tools;
    }
}
