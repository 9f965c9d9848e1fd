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
import org.gpumem.ui.internal.LatestReads;

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
 * <p>
 * Showing a configuration changes nothing: the fields are filled without marking the tab dirty,
 * and nothing is applied until the user edits a field. The launch file is read, and the
 * configuration validated, in jobs (the UI thread reads no file); until the file's values are
 * shown the overrides are kept as they are.
 */
final class KernelMainTab extends AbstractLaunchConfigurationTab {
    /** Preferred width of the text fields, in pixels. */
    static final int FIELD_WIDTH = 250;
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
    private MemoryChecksGroup checks;
    private final List<Text> fieldTexts = new ArrayList<>();
    /** The widgets of the launch-file fields a configuration may override, by field name. */
    private final Map<String, Text> overridable = new LinkedHashMap<>();
    /**
     * The values of the configuration's launch file when it was shown, by field name (empty
     * without one), or null while the file is being read.
     */
    private Map<String, String> fileValues = Map.of();
    /** Set while the fields are filled from a configuration: their changes are not the user's edits. */
    private boolean initializing;
    /** Reads of the launch file and validations, in jobs; a later one supersedes the one before. */
    private LatestReads fileReads;
    private LatestReads validations;
    /** The outcome of the latest validation, for the attributes it validated; null before the first. */
    private Validation validated;
    /** The attributes being validated now, or null. */
    private Map<String, Object> validating;

    /** What validating a configuration with {@code attributes} found: null when it is valid, else why not. */
    private record Validation(Map<String, Object> attributes, String error) {
    }

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
        GridDataFactory.fillDefaults().grab(true, true).hint(FIELD_WIDTH, 80).applyTo(args);
        args.addListener(SWT.Modify, e -> changed());
        fieldTexts.add(args);
        outputs = field(c, "Output buffers (comma separated):", true);
        overridable.put("module", module);
        overridable.put("kernel", kernel);
        overridable.put("grid", grid);
        overridable.put("block", block);
        outputDirectory = field(c, "Write outputs to folder:", false);
        timeout = field(c, "Timeout in run mode (seconds, 0 for none):", false);
        timeout.setMessage(KernelLaunchAttributes.DEFAULT_TIMEOUT_SECONDS);
        checks = new MemoryChecksGroup(c, 2, this::changed);
        fileReads = new LatestReads(c).asSystemJobs();
        validations = new LatestReads(c).asSystemJobs();
        setControl(c);
    }

    private Text field(Composite c, String label, boolean descriptionField) {
        new Label(c, SWT.NONE).setText(label);
        Text t = new Text(c, SWT.BORDER | SWT.SINGLE);
        // a width hint keeps a long path from widening the dialog past its buttons
        GridDataFactory.fillDefaults().grab(true, false).hint(FIELD_WIDTH, SWT.DEFAULT).applyTo(t);
        t.addListener(SWT.Modify, e -> changed());
        if (descriptionField) {
            fieldTexts.add(t);
        }
        return t;
    }

    private void changed() {
        if (initializing) {
            return;
        }
        setDirty(true);
        updateLaunchConfigurationDialog();
    }

    private void updateEnablement() {
        boolean file = useFile.getSelection();
        boolean reading = file && fileValues == null;
        launchFile.setEnabled(file);
        for (Text t : fieldTexts) {
            t.setEnabled(!reading && (!file || overridable.containsValue(t)));
        }
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
        KernelLaunchAttributes.useFields(configuration, "", "", "[1]", "[32]", 0, "sm_90", "[]", List.of());
    }

    @Override
    public void initializeFrom(ILaunchConfiguration configuration) {
        setErrorMessage(null);
        initializing = true;
        try {
            // first: when the other fields cannot be read, the boxes still show this configuration
            checks.show(configuration, KernelLaunchAttributes.CHECKS, KernelLaunchAttributes.STOP_AT_FINDING);
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
        }
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
            // the default is the field's hint, not its text: an untouched field applies no attribute
            timeout.setText(configuration.getAttribute(KernelLaunchAttributes.TIMEOUT_SECONDS, ""));
            fileValues = Map.of();
            fileReads.cancel();
            if (!file.isBlank()) {
                readFile(configuration);
            }
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
        } finally {
            initializing = false;
        }
        updateEnablement();
        setDirty(false);
    }

    /**
     * Reads the configuration's launch file in a job, then fills the fields with its values and
     * the configuration's overrides of them, as an unchanged configuration.
     */
    private void readFile(ILaunchConfiguration configuration) throws CoreException {
        fileValues = null;
        Map<String, String> overrides = new LinkedHashMap<>();
        for (String field : overridable.keySet()) {
            overrides.put(field, configuration.getAttribute(KernelLaunchAttributes.overrideAttribute(field), ""));
        }
        ILaunchConfiguration snapshot = configuration.isWorkingCopy()
                ? ((ILaunchConfigurationWorkingCopy) configuration).getWorkingCopy() : configuration;
        fileReads.start("Reading the launch file of " + configuration.getName(), monitor -> {
            try {
                return KernelLaunchAttributes.launchFileFields(snapshot);
            } catch (CoreException e) {
                throw new java.io.IOException(e.getStatus().getMessage(), e);
            }
        }, (values, error) -> {
            if (values == null) {
                setErrorMessage(error);
                fileValues = Map.of();
            } else {
                showFile(values, overrides);
            }
            updateEnablement();
        }, null);
    }

    /** Fills the fields from the configuration's launch file {@code values}, then its {@code overrides} of the file. */
    private void showFile(Map<String, String> values, Map<String, String> overrides) {
        boolean wasDirty = isDirty();
        initializing = true;
        try {
            fileValues = values;
            for (Map.Entry<String, Text> field : overridable.entrySet()) {
                String override = overrides.getOrDefault(field.getKey(), "");
                field.getValue().setText(!override.isBlank() ? override : fileValues.getOrDefault(field.getKey(), ""));
            }
            sharedBytes.setText(fileValues.getOrDefault("sharedBytes", "0"));
            device.setText(fileValues.getOrDefault("device", "sm_90"));
            args.setText(fileValues.getOrDefault("args", "[]"));
            String outs = fileValues.getOrDefault("outputs", "[]");
            outputs.setText(outs.replaceAll("[\\[\\]\"]", "").replace(",", ", "));
        } finally {
            initializing = false;
        }
        setDirty(wasDirty);
    }

    /** Whether the file's values are shown (a configuration without a launch file has none to wait for). */
    boolean fileShown() {
        return fileValues != null;
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy configuration) {
        checks.apply(configuration, KernelLaunchAttributes.CHECKS, KernelLaunchAttributes.STOP_AT_FINDING);
        if (useFile.getSelection()) {
            KernelLaunchAttributes.useLaunchFile(configuration, launchFile.getText().trim());
            if (fileValues == null) {
                // the file's values are not shown yet: the configuration keeps its overrides
                return;
            }
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

    /**
     * Whether the configuration describes a launch. Validating reads its launch file, so it runs in
     * a job: until the job has validated these attributes the tab is not valid (and says it is
     * checking), then the dialog asks again.
     */
    @Override
    public boolean isValid(ILaunchConfiguration configuration) {
        Map<String, Object> attributes;
        try {
            attributes = configuration.getAttributes();
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
            return false;
        }
        Validation v = validated;
        if (v != null && v.attributes().equals(attributes)) {
            setErrorMessage(v.error());
            return v.error() == null;
        }
        if (!attributes.equals(validating)) {
            validate(configuration, attributes);
        }
        setErrorMessage(null);
        setMessage("Checking the launch \u2026");
        return false;
    }

    private void validate(ILaunchConfiguration configuration, Map<String, Object> attributes) {
        ILaunchConfiguration snapshot;
        try {
            snapshot = configuration.isWorkingCopy() ? ((ILaunchConfigurationWorkingCopy) configuration).getWorkingCopy()
                    : configuration;
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
            return;
        }
        validating = attributes;
        validations.start("Checking the launch " + configuration.getName(), monitor -> {
            try {
                KernelLaunchAttributes.describe(snapshot);
                KernelLaunchAttributes.timeoutSeconds(snapshot);
                KernelLaunchAttributes.checks(snapshot);
                return new Validation(attributes, null);
            } catch (CoreException e) {
                return new Validation(attributes, e.getStatus().getMessage());
            }
        }, (result, error) -> {
            validating = null;
            validated = result != null ? result : new Validation(attributes, error);
            setMessage(null);
            if (getLaunchConfigurationDialog() != null) {
                updateLaunchConfigurationDialog();
            }
        }, null);
    }

    /** Whether no validation is running (the last answer of {@link #isValid} is final). */
    boolean validated() {
        return validating == null;
    }

    @Override
    public String getName() {
        return "Kernel";
    }
}
