package org.gpumem.ui.launch;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.RowLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.gpumem.debug.launch.KernelLaunchAttributes;
import org.gpumem.sim.check.CheckTool;

/**
 * The "Memory checks" row of both launch types' Main tabs: a check box per tool the IDE offers,
 * by compute-sanitizer's names, and below them "Stop at the first finding" (debug mode: the
 * kernel stops at the first finding, its lane focused), which needs a tool. Tools a configuration
 * names that have no box (memcheck, set in the attribute by hand) are kept as they are. Showing a
 * configuration changes nothing: the attributes are written only once the user changed a box
 * (written again, they would be spelled anew: tools in the enum's order, a stop without a check
 * removed, an unreadable list replaced by the empty boxes).
 */
final class MemoryChecksGroup {
    /** The tools with a box, in the order shown. */
    private static final List<CheckTool> OFFERED = List.of(CheckTool.RACECHECK, CheckTool.INITCHECK, CheckTool.SYNCCHECK,
            CheckTool.LEAKCHECK);

    private final Map<CheckTool, Button> boxes = new EnumMap<>(CheckTool.class);
    private final Button stop;
    private Set<CheckTool> unoffered = EnumSet.noneOf(CheckTool.class);
    /** Whether the user changed a box since the configuration was shown. */
    private boolean edited;

    /**
     * Adds the label and the tools' boxes as one row of {@code parent}'s grid of {@code columns}
     * columns, and the stop's box as the next row.
     */
    MemoryChecksGroup(Composite parent, int columns, Runnable changed) {
        new Label(parent, SWT.NONE).setText("Memory checks:");
        Composite row = new Composite(parent, SWT.NONE);
        RowLayoutFactory.fillDefaults().spacing(8).applyTo(row);
        GridDataFactory.fillDefaults().span(columns - 1, 1).applyTo(row);
        for (CheckTool t : OFFERED) {
            Button b = new Button(row, SWT.CHECK);
            b.setText(t.cliName());
            b.setToolTipText("Run every kernel launch under " + t.cliName() + " (one worker, each memory access checked); "
                    + "findings go to the console and the Problems view");
            b.addListener(SWT.Selection, e -> {
                edited = true;
                enableStop();
                changed.run();
            });
            boxes.put(t, b);
        }
        // its own row: beside the tools it widened the tab past the dialog's first size
        new Label(parent, SWT.NONE);
        stop = new Button(parent, SWT.CHECK);
        GridDataFactory.fillDefaults().span(columns - 1, 1).applyTo(stop);
        stop.setText("Stop at the first finding (debug)");
        stop.setToolTipText("In debug mode, suspend the kernel right after the access of the first finding, "
                + "with its lane focused");
        stop.addListener(SWT.Selection, e -> {
            edited = true;
            changed.run();
        });
        enableStop();
    }

    /**
     * Shows the checks attribute {@code checksAttribute} of {@code configuration} checked, and its
     * stop attribute {@code stopAttribute}; the boxes are all clear when they cannot be read.
     *
     * @throws CoreException naming the configuration and what cannot be read
     */
    void show(ILaunchConfiguration configuration, String checksAttribute, String stopAttribute) throws CoreException {
        edited = false;
        unoffered = EnumSet.noneOf(CheckTool.class);
        for (Button b : boxes.values()) {
            b.setSelection(false);
        }
        stop.setSelection(false);
        enableStop();
        boolean stopAtFinding = KernelLaunchAttributes.stopAtFinding(configuration, stopAttribute);
        Set<CheckTool> tools = KernelLaunchAttributes.checks(configuration, checksAttribute);
        for (Map.Entry<CheckTool, Button> e : boxes.entrySet()) {
            e.getValue().setSelection(tools.contains(e.getKey()));
        }
        unoffered.addAll(tools);
        unoffered.removeAll(OFFERED);
        stop.setSelection(stopAtFinding);
        enableStop();
    }

    /** Writes the boxes to {@code copy}'s attributes if the user changed one since {@link #show}. */
    void apply(ILaunchConfigurationWorkingCopy copy, String checksAttribute, String stopAttribute) {
        if (edited) {
            KernelLaunchAttributes.setChecks(copy, checksAttribute, selected());
            KernelLaunchAttributes.setStopAtFinding(copy, stopAttribute, stopAtFinding());
        }
    }

    /** Whether debug mode stops at the first finding: checked, and some check on. */
    private boolean stopAtFinding() {
        return stop.getSelection() && !selected().isEmpty();
    }

    /** The stop needs a check to find something. */
    private void enableStop() {
        stop.setEnabled(!selected().isEmpty());
    }

    /** The tools checked, with those the configuration named that have no box. */
    private Set<CheckTool> selected() {
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
