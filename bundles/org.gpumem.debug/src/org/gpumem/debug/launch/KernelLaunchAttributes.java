package org.gpumem.debug.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileException;
import org.gpumem.sim.launch.LaunchFileReader;

/**
 * The attributes of a "GPU Kernel (gpumem simulator)" launch configuration. They are the
 * fields of the launch description JSON that {@link LaunchFileReader} reads (module, kernel,
 * grid, block, sharedBytes, device, args, outputs), or the path of a {@code .launch.json} file
 * that holds one. Paths may use string substitution variables such as
 * {@code ${workspace_loc:/p/k.ptx}}. Every configuration turns into a {@link LaunchDescription}
 * through the same reader that {@code gpumem run} uses, so a launch in the IDE and on the
 * command line accept exactly the same descriptions and report the same errors.
 */
public final class KernelLaunchAttributes {
    private static final String PREFIX = KernelDebugIds.PLUGIN_ID + ".";
    /**
     * Path of a {@code .launch.json}; when set, the field attributes below are not used, but the
     * file's {@link #OVERRIDABLE} fields may be overridden ({@link #overrideAttribute}).
     */
    public static final String LAUNCH_FILE = PREFIX + "launchFile";
    /** Folder that relative paths in the fields resolve against (default: the module's folder). */
    public static final String BASE_DIRECTORY = PREFIX + "baseDirectory";
    /** {@code module}: PTX file or host executable. */
    public static final String MODULE = PREFIX + "module";
    /** {@code kernel}: mangled or unique demangled entry name. */
    public static final String KERNEL = PREFIX + "kernel";
    /** {@code grid}: JSON array of one to three extents, e.g. {@code [8,1,1]}. */
    public static final String GRID = PREFIX + "grid";
    /** {@code block}: JSON array of one to three extents. */
    public static final String BLOCK = PREFIX + "block";
    /** {@code sharedBytes}: dynamic shared memory per CTA. */
    public static final String SHARED_BYTES = PREFIX + "sharedBytes";
    /** {@code device}: e.g. {@code sm_90}. */
    public static final String DEVICE = PREFIX + "device";
    /** {@code args}: the JSON array of kernel arguments. */
    public static final String ARGS = PREFIX + "args";
    /** {@code outputs}: names of buffers to write back. */
    public static final String OUTPUTS = PREFIX + "outputs";
    /**
     * Wall-clock limit of a run-mode launch in seconds, as text ({@code gpumem run --timeout});
     * "0" for none. A debug-mode launch has none: time stopped at breakpoints is the user's.
     */
    public static final String TIMEOUT_SECONDS = PREFIX + "timeoutSeconds";
    /** The default of {@link #TIMEOUT_SECONDS}, as {@code gpumem run}'s. */
    public static final String DEFAULT_TIMEOUT_SECONDS = "300";
    /** Where output buffers are written after a run ({@code NAME.bin}); empty: not written. */
    public static final String OUTPUT_DIRECTORY = PREFIX + "outputDirectory";
    /**
     * The memory checks of a launch, in run and debug mode: their names as {@code gpumem run
     * --check} takes them, comma-separated; empty (the default) for none.
     */
    public static final String CHECKS = PREFIX + "checks";
    /**
     * In debug mode with memory checks, whether the kernel stops right after the access in which
     * the checks first find something, that lane focused: {@code true}; absent (the default) for no.
     */
    public static final String STOP_AT_FINDING = PREFIX + "stopAtFinding";

    /**
     * The fields of a launch file that a configuration may override without changing the file
     * (the launch dialog's edits of a configuration that names a file): the file stays what the
     * command line runs, the configuration says how this launch differs from it.
     */
    public static final List<String> OVERRIDABLE = List.of("module", "kernel", "grid", "block");

    private KernelLaunchAttributes() {
    }

    /**
     * The attribute holding this configuration's value of launch-file field {@code field} (one of
     * {@link #OVERRIDABLE}), as the file would write it: a path or name for module and kernel, a
     * JSON array for grid and block. Absent: the file's value.
     */
    public static String overrideAttribute(String field) {
        if (!OVERRIDABLE.contains(field)) {
            throw new IllegalArgumentException("a launch file's " + field + " cannot be overridden");
        }
        return PREFIX + "override." + field;
    }

    /**
     * The top-level fields of the launch file a configuration names, as text: strings as they
     * are, other values as JSON ({@code [2]}). Empty when the configuration names no file.
     *
     * @throws CoreException naming the configuration and the file when it cannot be read as JSON
     */
    public static Map<String, String> launchFileFields(ILaunchConfiguration configuration) throws CoreException {
        Map<String, String> fields = new LinkedHashMap<>();
        JsonObject json = launchFileJson(configuration);
        if (json != null) {
            for (Map.Entry<String, JsonElement> e : json.entrySet()) {
                JsonElement v = e.getValue();
                fields.put(e.getKey(), v.isJsonPrimitive() && v.getAsJsonPrimitive().isString() ? v.getAsString() : v.toString());
            }
        }
        return fields;
    }

    /** The JSON object of the configuration's launch file (validated by the reader first), or null without one. */
    private static JsonObject launchFileJson(ILaunchConfiguration configuration) throws CoreException {
        Path path = launchFilePath(configuration);
        if (path == null) {
            return null;
        }
        try {
            new LaunchFileReader().read(path);
            return JsonParser.parseString(Files.readString(path)).getAsJsonObject();
        } catch (LaunchFileException e) {
            throw error(configuration, e.getMessage(), e);
        } catch (java.io.IOException | JsonParseException | IllegalStateException e) {
            throw error(configuration, "cannot read the launch file " + path + ": " + e.getMessage(), e);
        }
    }

    private static Path launchFilePath(ILaunchConfiguration configuration) throws CoreException {
        String file = substitute(configuration.getAttribute(LAUNCH_FILE, ""));
        if (file.isBlank()) {
            return null;
        }
        Path path = Path.of(file);
        if (!Files.isRegularFile(path)) {
            throw error(configuration, "launch file " + path + " does not exist", null);
        }
        return path;
    }

    /** Sets (or, with null, removes) the configuration's override of launch-file field {@code field}. */
    public static void setOverride(ILaunchConfigurationWorkingCopy copy, String field, String value) {
        copy.setAttribute(overrideAttribute(field), value == null || value.isBlank() ? null : value.strip());
    }

    /**
     * The run-mode wall-clock limit of a configuration, in seconds (0: none).
     *
     * @throws CoreException naming the configuration when the value is not a number of seconds
     */
    public static double timeoutSeconds(ILaunchConfiguration configuration) throws CoreException {
        return seconds(configuration, TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS);
    }

    /** The memory checks of a kernel launch configuration ({@link #CHECKS}); empty for none. */
    public static Set<CheckTool> checks(ILaunchConfiguration configuration) throws CoreException {
        return checks(configuration, CHECKS);
    }

    /**
     * A memory checks attribute, as kernel and CUDA program launches have one.
     *
     * @throws CoreException naming the configuration and the word that is not a check
     */
    public static Set<CheckTool> checks(ILaunchConfiguration configuration, String attribute) throws CoreException {
        String text = configuration.getAttribute(attribute, "").strip();
        if (text.isEmpty()) {
            return EnumSet.noneOf(CheckTool.class);
        }
        try {
            return CheckTool.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CoreException(Status.error(configuration.getName() + ": " + e.getMessage()));
        }
    }

    /** A stop-at-the-first-finding attribute ({@link #STOP_AT_FINDING}); false when absent. */
    public static boolean stopAtFinding(ILaunchConfiguration configuration, String attribute) throws CoreException {
        return configuration.getAttribute(attribute, false);
    }

    /** Sets a stop-at-the-first-finding attribute: true, or removed for false (absent is the default). */
    public static void setStopAtFinding(ILaunchConfigurationWorkingCopy copy, String attribute, boolean on) {
        if (on) {
            copy.setAttribute(attribute, true);
        } else {
            copy.removeAttribute(attribute);
        }
    }

    /** Sets a memory checks attribute to {@code tools} (none: removed). */
    public static void setChecks(ILaunchConfigurationWorkingCopy copy, String attribute, Set<CheckTool> tools) {
        StringBuilder text = new StringBuilder();
        for (CheckTool t : tools) {
            text.append(text.length() == 0 ? "" : ",").append(t.cliName());
        }
        copy.setAttribute(attribute, text.length() == 0 ? null : text.toString());
    }

    /** A wall-clock limit attribute in seconds (0: none), as kernel and CUDA program launches have one. */
    static double seconds(ILaunchConfiguration configuration, String attribute, String fallback) throws CoreException {
        String text = configuration.getAttribute(attribute, fallback).strip();
        try {
            double s = Double.parseDouble(text);
            if (s >= 0 && !Double.isInfinite(s)) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new CoreException(Status.error(configuration.getName() + ": timeout must be a number of seconds >= 0, not '"
                + text + "'"));
    }

    /**
     * The launch description a configuration stands for.
     *
     * @throws CoreException naming the configuration and the offending field when the
     *         description is incomplete or invalid
     */
    public static LaunchDescription describe(ILaunchConfiguration configuration) throws CoreException {
        Path launchFile = launchFilePath(configuration);
        try {
            if (launchFile != null) {
                return withOverrides(configuration, launchFile);
            }
            String module = substitute(configuration.getAttribute(MODULE, ""));
            if (module.isBlank()) {
                throw error(configuration, "no module (PTX file) and no launch file given", null);
            }
            String base = substitute(configuration.getAttribute(BASE_DIRECTORY, ""));
            Path modulePath = Path.of(module);
            Path dir = !base.isBlank() ? Path.of(base)
                    : modulePath.isAbsolute() && modulePath.getParent() != null ? modulePath.getParent() : Path.of("").toAbsolutePath();
            return new LaunchFileReader().parse(toJson(configuration, module).toString(), dir);
        } catch (LaunchFileException e) {
            throw error(configuration, e.getMessage(), e);
        }
    }

    /**
     * The description of {@code launchFile} with the configuration's overrides: the file is read
     * (and its errors reported) as it is, then its JSON with the overridden fields replaced is
     * read again, so that an override is checked exactly as the file's own value would be.
     */
    private static LaunchDescription withOverrides(ILaunchConfiguration configuration, Path launchFile) throws CoreException {
        LaunchDescription asFiled = new LaunchFileReader().read(launchFile);
        JsonObject json = null;
        for (String field : OVERRIDABLE) {
            String value = configuration.getAttribute(overrideAttribute(field), "");
            if (value.isBlank()) {
                continue;
            }
            if (json == null) {
                json = launchFileJson(configuration);
            }
            if (field.equals("module") || field.equals("kernel")) {
                json.addProperty(field, value);
            } else {
                try {
                    json.add(field, JsonParser.parseString(value));
                } catch (JsonParseException e) {
                    throw error(configuration, "the override of " + field + " is not JSON: " + value, e);
                }
            }
        }
        if (json == null) {
            return asFiled;
        }
        LaunchDescription d;
        try {
            d = new LaunchFileReader().parse(json.toString(), launchFile.toAbsolutePath().getParent());
        } catch (LaunchFileException e) {
            throw error(configuration, "with the overrides of " + launchFile + ": " + e.getMessage(), e);
        }
        return new LaunchDescription(asFiled.source(), d.module(), d.kernel(), d.grid(), d.block(), d.sharedBytes(),
                d.device(), d.args(), d.outputs());
    }

    /** The launch description JSON of a configuration made of field attributes. */
    static JsonObject toJson(ILaunchConfiguration configuration, String module) throws CoreException {
        JsonObject json = new JsonObject();
        json.addProperty("module", module);
        json.addProperty("kernel", configuration.getAttribute(KERNEL, ""));
        json.add("grid", jsonAttribute(configuration, GRID, "[1]"));
        json.add("block", jsonAttribute(configuration, BLOCK, "[1]"));
        json.addProperty("sharedBytes", configuration.getAttribute(SHARED_BYTES, 0));
        String device = configuration.getAttribute(DEVICE, "");
        if (!device.isBlank()) {
            json.addProperty("device", device);
        }
        json.add("args", jsonAttribute(configuration, ARGS, "[]"));
        JsonArray outputs = new JsonArray();
        for (String o : configuration.getAttribute(OUTPUTS, List.of())) {
            outputs.add(o);
        }
        json.add("outputs", outputs);
        return json;
    }

    private static JsonElement jsonAttribute(ILaunchConfiguration configuration, String attribute, String empty)
            throws CoreException {
        String text = configuration.getAttribute(attribute, "");
        try {
            return JsonParser.parseString(text.isBlank() ? empty : text);
        } catch (JsonParseException e) {
            String field = attribute.substring(PREFIX.length());
            throw error(configuration, "field " + field + " is not JSON: " + e.getMessage(), e);
        }
    }

    /** Makes {@code copy} launch the description in {@code launchFile}. */
    public static void useLaunchFile(ILaunchConfigurationWorkingCopy copy, String launchFile) {
        copy.setAttribute(LAUNCH_FILE, launchFile);
    }

    /** Sets the field attributes of {@code copy} (and clears a launch file). */
    public static void useFields(ILaunchConfigurationWorkingCopy copy, String module, String kernel, String grid,
            String block, int sharedBytes, String device, String args, List<String> outputs) {
        copy.setAttribute(LAUNCH_FILE, (String) null);
        copy.setAttribute(MODULE, module);
        copy.setAttribute(KERNEL, kernel);
        copy.setAttribute(GRID, grid);
        copy.setAttribute(BLOCK, block);
        copy.setAttribute(SHARED_BYTES, sharedBytes);
        copy.setAttribute(DEVICE, device);
        copy.setAttribute(ARGS, args);
        copy.setAttribute(OUTPUTS, outputs);
    }

    private static String substitute(String text) throws CoreException {
        if (text == null || text.isEmpty()) {
            return "";
        }
        return VariablesPlugin.getDefault().getStringVariableManager().performStringSubstitution(text);
    }

    private static CoreException error(ILaunchConfiguration configuration, String message, Throwable cause) {
        return new CoreException(Status.error(configuration.getName() + ": " + message, cause));
    }
}
