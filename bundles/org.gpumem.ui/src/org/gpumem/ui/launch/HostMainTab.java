package org.gpumem.ui.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.gpumem.debug.launch.HostLaunchAttributes;

/**
 * The CUDA program to run: executable (built with {@code nvcc -cudart shared}), arguments,
 * working directory, the device the simulator models, the wall-clock limit of each kernel launch
 * in run mode, where wanted an instruction budget, and the memory checks of its launches. Validation is the launch's own
 * ({@link HostLaunchAttributes#validate}).
 * Showing a configuration changes nothing: only the user's edits make the tab dirty.
 */
final class HostMainTab extends AbstractLaunchConfigurationTab {
    private Text program;
    private Text arguments;
    private Text workingDirectory;
    private Text device;
    private Text budget;
    /** Set while the fields are filled from a configuration: their changes are not the user's edits. */
    private boolean initializing;
    private Text timeout;
    private MemoryChecksGroup checks;

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(c);
        program = field(c, "Program (nvcc -cudart shared):");
        browse(c, () -> {
            FileDialog d = new FileDialog(getShell(), SWT.OPEN);
            d.setText("CUDA program");
            return d.open();
        }, program);
        new Label(c, SWT.NONE).setText("Arguments:");
        arguments = new Text(c, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL | SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).hint(KernelMainTab.FIELD_WIDTH, 60).applyTo(arguments);
        arguments.addListener(SWT.Modify, e -> changed());
        workingDirectory = field(c, "Working directory:");
        browse(c, () -> {
            DirectoryDialog d = new DirectoryDialog(getShell());
            d.setText("Working directory");
            return d.open();
        }, workingDirectory);
        workingDirectory.setMessage("the program's folder");
        device = field(c, "Device:");
        new Label(c, SWT.NONE);
        // short labels: the label column's width decides whether the Browse buttons fit the dialog
        budget = field(c, "Instruction budget:");
        budget.setMessage("no limit");
        budget.setToolTipText("Warp instructions each kernel launch may run (default: no limit)");
        new Label(c, SWT.NONE);
        timeout = field(c, "Time limit (s):");
        timeout.setMessage(HostLaunchAttributes.DEFAULT_TIMEOUT_SECONDS);
        timeout.setToolTipText("Seconds each kernel launch may run in run mode (default "
                + HostLaunchAttributes.DEFAULT_TIMEOUT_SECONDS + ", 0 for no limit)");
        new Label(c, SWT.NONE);
        checks = new MemoryChecksGroup(c, 3, this::changed);
        setControl(c);
    }

    private Text field(Composite c, String label) {
        new Label(c, SWT.NONE).setText(label);
        Text t = new Text(c, SWT.BORDER | SWT.SINGLE);
        // a width hint keeps a long path from pushing the Browse buttons out of the dialog
        GridDataFactory.fillDefaults().grab(true, false).hint(KernelMainTab.FIELD_WIDTH, SWT.DEFAULT).applyTo(t);
        t.addListener(SWT.Modify, e -> changed());
        return t;
    }

    private interface Chooser {
        String choose();
    }

    private static void browse(Composite c, Chooser chooser, Text into) {
        Button b = new Button(c, SWT.PUSH);
        b.setText("Browse...");
        b.addListener(SWT.Selection, e -> {
            String chosen = chooser.choose();
            if (chosen != null) {
                into.setText(chosen);
            }
        });
    }

    private void changed() {
        if (initializing) {
            return;
        }
        setDirty(true);
        updateLaunchConfigurationDialog();
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
        HostLaunchAttributes.set(configuration, "", "", "", HostLaunchAttributes.DEFAULT_DEVICE, "");
    }

    @Override
    public void initializeFrom(ILaunchConfiguration configuration) {
        initializing = true;
        try {
            // first: when the other fields cannot be read, the boxes still show this configuration
            checks.show(configuration, HostLaunchAttributes.CHECKS, HostLaunchAttributes.STOP_AT_FINDING);
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
        }
        try {
            program.setText(configuration.getAttribute(HostLaunchAttributes.PROGRAM, ""));
            arguments.setText(configuration.getAttribute(HostLaunchAttributes.ARGUMENTS, ""));
            workingDirectory.setText(configuration.getAttribute(HostLaunchAttributes.WORKING_DIRECTORY, ""));
            device.setText(configuration.getAttribute(HostLaunchAttributes.DEVICE, HostLaunchAttributes.DEFAULT_DEVICE));
            budget.setText(configuration.getAttribute(HostLaunchAttributes.BUDGET, ""));
            // an absent limit shows empty with the default as the hint, and stays absent when applied
            timeout.setText(configuration.getAttribute(HostLaunchAttributes.TIMEOUT_SECONDS, ""));
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
        } finally {
            initializing = false;
        }
        setDirty(false);
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy configuration) {
        HostLaunchAttributes.set(configuration, program.getText().trim(), arguments.getText(), workingDirectory.getText().trim(),
                device.getText().trim(), budget.getText().trim());
        String limit = timeout.getText().trim();
        configuration.setAttribute(HostLaunchAttributes.TIMEOUT_SECONDS, limit.isEmpty() ? null : limit);
        checks.apply(configuration, HostLaunchAttributes.CHECKS, HostLaunchAttributes.STOP_AT_FINDING);
    }

    @Override
    public boolean isValid(ILaunchConfiguration configuration) {
        setErrorMessage(null);
        try {
            HostLaunchAttributes.validate(configuration);
            return true;
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
            return false;
        }
    }

    @Override
    public String getName() {
        return "Program";
    }
}
