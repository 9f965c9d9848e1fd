package org.gpumem.ui.launch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.gpumem.debug.launch.KernelLaunchAttributes;

/**
 * The kernel launch: either a {@code .launch.json} file, or the fields of the launch
 * description typed in (module, kernel, grid, block, dynamic shared bytes, device, the JSON
 * array of arguments, output buffers). A configuration that names a file shows the file's
 * values; its module, kernel, grid and block stay editable, and an edit is kept in the
 * configuration as an override of the file's value ({@link KernelLaunchAttributes#OVERRIDABLE}),
 * never written back to the file, which stays what {@code gpumem run} runs. Unticking the file
 * turns the values shown into the configuration's own fields. Validation is the launch
 * description reader's own, run on the configuration as it stands
 * ({@link KernelLaunchAttributes#describe}).
 */
final class KernelMainTab extends AbstractLaunchConfigurationTab {
    private Button useFile;
    private Text launchFile;
    private Text module;
    private Text kernel;
    private Text grid;
    private Text block;
    private Text sharedBytes;
    private Text device;
    private Text args;
    private Text outputs;
    private Text outputDirectory;
    private Text timeout;
    private final List<Text> fieldTexts = new ArrayList<>();
    /** The widgets of the launch-file fields a configuration may override, by field name. */
    private final Map<String, Text> overridable = new LinkedHashMap<>();
    /** The values of the configuration's launch file when it was shown, by field name (empty without one). */
    private Map<String, String> fileValues = Map.of();

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(c);
        useFile = new Button(c, SWT.CHECK);
        useFile.setText("Use a launch description file (.launch.json)");
        GridDataFactory.fillDefaults().span(2, 1).applyTo(useFile);
        useFile.addListener(SWT.Selection, e -> {
            updateEnablement();
            changed();
        });
        launchFile = field(c, "Launch file:", false);
        module = field(c, "Module (PTX):", true);
        kernel = field(c, "Kernel:", true);
        grid = field(c, "Grid [x,y,z]:", true);
        block = field(c, "Block [x,y,z]:", true);
        sharedBytes = field(c, "Dynamic shared bytes:", true);
        device = field(c, "Device:", true);
        new Label(c, SWT.NONE).setText("Arguments (JSON array):");
        args = new Text(c, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL | SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, true).hint(400, 100).applyTo(args);
        args.addListener(SWT.Modify, e -> changed());
        fieldTexts.add(args);
        outputs = field(c, "Output buffers (comma separated):", true);
        overridable.put("module", module);
        overridable.put("kernel", kernel);
        overridable.put("grid", grid);
        overridable.put("block", block);
        outputDirectory = field(c, "Write outputs to folder:", false);
        timeout = field(c, "Timeout in run mode (seconds, 0 for none):", false);
        setControl(c);
    }

    private Text field(Composite c, String label, boolean descriptionField) {
        new Label(c, SWT.NONE).setText(label);
        Text t = new Text(c, SWT.BORDER | SWT.SINGLE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(t);
        t.addListener(SWT.Modify, e -> changed());
        if (descriptionField) {
            fieldTexts.add(t);
        }
        return t;
    }

    private void changed() {
        setDirty(true);
        updateLaunchConfigurationDialog();
    }

    private void updateEnablement() {
        boolean file = useFile.getSelection();
        launchFile.setEnabled(file);
        for (Text t : fieldTexts) {
            t.setEnabled(!file || overridable.containsValue(t));
        }
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
        KernelLaunchAttributes.useFields(configuration, "", "", "[1]", "[32]", 0, "sm_90", "[]", List.of());
    }

    @Override
    public void initializeFrom(ILaunchConfiguration configuration) {
        setErrorMessage(null);
        try {
            String file = configuration.getAttribute(KernelLaunchAttributes.LAUNCH_FILE, "");
            useFile.setSelection(!file.isBlank());
            launchFile.setText(file);
            module.setText(configuration.getAttribute(KernelLaunchAttributes.MODULE, ""));
            kernel.setText(configuration.getAttribute(KernelLaunchAttributes.KERNEL, ""));
            grid.setText(configuration.getAttribute(KernelLaunchAttributes.GRID, "[1]"));
            block.setText(configuration.getAttribute(KernelLaunchAttributes.BLOCK, "[32]"));
            sharedBytes.setText(Integer.toString(configuration.getAttribute(KernelLaunchAttributes.SHARED_BYTES, 0)));
            device.setText(configuration.getAttribute(KernelLaunchAttributes.DEVICE, "sm_90"));
            args.setText(configuration.getAttribute(KernelLaunchAttributes.ARGS, "[]"));
            outputs.setText(String.join(", ", configuration.getAttribute(KernelLaunchAttributes.OUTPUTS, List.of())));
            outputDirectory.setText(configuration.getAttribute(KernelLaunchAttributes.OUTPUT_DIRECTORY, ""));
            timeout.setText(configuration.getAttribute(KernelLaunchAttributes.TIMEOUT_SECONDS,
                    KernelLaunchAttributes.DEFAULT_TIMEOUT_SECONDS));
            fileValues = Map.of();
            if (!file.isBlank()) {
                showFile(configuration);
            }
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
        }
        updateEnablement();
        setDirty(false);
    }

    /** Fills the fields from the configuration's launch file, then its overrides of the file. */
    private void showFile(ILaunchConfiguration configuration) throws CoreException {
        fileValues = KernelLaunchAttributes.launchFileFields(configuration);
        for (Map.Entry<String, Text> field : overridable.entrySet()) {
            String override = configuration.getAttribute(KernelLaunchAttributes.overrideAttribute(field.getKey()), "");
            field.getValue().setText(!override.isBlank() ? override : fileValues.getOrDefault(field.getKey(), ""));
        }
        sharedBytes.setText(fileValues.getOrDefault("sharedBytes", "0"));
        device.setText(fileValues.getOrDefault("device", "sm_90"));
        args.setText(fileValues.getOrDefault("args", "[]"));
        String outs = fileValues.getOrDefault("outputs", "[]");
        outputs.setText(outs.replaceAll("[\\[\\]\"]", "").replace(",", ", "));
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy configuration) {
        if (useFile.getSelection()) {
            KernelLaunchAttributes.useLaunchFile(configuration, launchFile.getText().trim());
            for (Map.Entry<String, Text> field : overridable.entrySet()) {
                String shown = field.getValue().getText().strip();
                boolean asFiled = shown.equals(fileValues.getOrDefault(field.getKey(), "")) || shown.isEmpty();
                KernelLaunchAttributes.setOverride(configuration, field.getKey(), asFiled ? null : shown);
            }
        } else {
            applyFields(configuration);
        }
        String out = outputDirectory.getText().trim();
        configuration.setAttribute(KernelLaunchAttributes.OUTPUT_DIRECTORY, out.isEmpty() ? null : out);
        String limit = timeout.getText().trim();
        configuration.setAttribute(KernelLaunchAttributes.TIMEOUT_SECONDS, limit.isEmpty() ? null : limit);
    }

    /** The configuration's own fields from the widgets; no launch file, no overrides. */
    private void applyFields(ILaunchConfigurationWorkingCopy configuration) {
        int shared;
        try {
            shared = Integer.parseInt(sharedBytes.getText().trim());
        } catch (NumberFormatException e) {
            shared = -1;
        }
        List<String> outs = new ArrayList<>();
        for (String o : outputs.getText().split(",")) {
            if (!o.isBlank()) {
                outs.add(o.trim());
            }
        }
        KernelLaunchAttributes.useFields(configuration, module.getText().trim(), kernel.getText().trim(), grid.getText().trim(),
                block.getText().trim(), shared, device.getText().trim(), args.getText(), outs);
        for (String field : KernelLaunchAttributes.OVERRIDABLE) {
            KernelLaunchAttributes.setOverride(configuration, field, null);
        }
    }

    @Override
    public boolean isValid(ILaunchConfiguration configuration) {
        setErrorMessage(null);
        try {
            KernelLaunchAttributes.describe(configuration);
            KernelLaunchAttributes.timeoutSeconds(configuration);
            return true;
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
            return false;
        }
    }

    @Override
    public String getName() {
        return "Kernel";
    }
}
