package org.gpumem.debug.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.host.HostProgram;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.launch.Devices;

/**
 * The attributes of a "CUDA Application (gpumem simulator)" launch configuration: the program (an
 * executable built with {@code nvcc -cudart shared}), its arguments (one string, split as a
 * shell would, with string substitution), working directory (default: the program's folder),
 * the device the simulator models, and how a launch that runs away is stopped: by wall-clock
 * time in run mode (default 5 minutes, as {@code gpumem exec --timeout}), by an instruction
 * budget only when one is given (real programs' correct kernels may issue tens of billions of
 * warp instructions; a debug session is stopped by its user). The environment
 * is the platform's ({@link ILaunchManager#ATTR_ENVIRONMENT_VARIABLES}, edited by the
 * Environment tab), added to gpumem's own.
 */
public final class HostLaunchAttributes {
    private static final String PREFIX = KernelDebugIds.PLUGIN_ID + ".host.";
    /** The program's path; may use substitution variables such as {@code ${workspace_loc:/p/app}}. */
    public static final String PROGRAM = PREFIX + "program";
    /** The program's arguments, one string split as {@link DebugPlugin#parseArguments} does. */
    public static final String ARGUMENTS = PREFIX + "arguments";
    /** Where the program runs; empty: the program's folder. */
    public static final String WORKING_DIRECTORY = PREFIX + "workingDirectory";
    /** The compute capability the simulator models, e.g. {@code sm_90}. */
    public static final String DEVICE = PREFIX + "device";
    /**
     * Most warp instructions of each kernel launch, as a decimal string (a long does not fit an int
     * attribute); empty or 0: no limit.
     */
    public static final String BUDGET = PREFIX + "budget";
    /** Wall-clock limit of each kernel launch in run mode, seconds as text; 0: none. */
    public static final String TIMEOUT_SECONDS = PREFIX + "timeoutSeconds";
    /** The memory checks of every launch of the program, as {@link KernelLaunchAttributes#CHECKS}. */
    public static final String CHECKS = PREFIX + "checks";
    /** In debug mode, each kernel launch stops at the first memory check finding, as {@link KernelLaunchAttributes#STOP_AT_FINDING}. */
    public static final String STOP_AT_FINDING = PREFIX + "stopAtFinding";
    /** The default of {@link #TIMEOUT_SECONDS}, as {@code gpumem exec}'s. */
    public static final String DEFAULT_TIMEOUT_SECONDS = KernelLaunchAttributes.DEFAULT_TIMEOUT_SECONDS;

    public static final String DEFAULT_DEVICE = "sm_90";

    private HostLaunchAttributes() {
    }

    /** Writes every attribute but the environment. */
    public static void set(ILaunchConfigurationWorkingCopy configuration, String program, String arguments,
            String workingDirectory, String device, String budget) {
        configuration.setAttribute(PROGRAM, program);
        configuration.setAttribute(ARGUMENTS, arguments);
        configuration.setAttribute(WORKING_DIRECTORY, workingDirectory);
        configuration.setAttribute(DEVICE, device);
        configuration.setAttribute(BUDGET, budget);
    }

    /**
     * The program a configuration stands for, with {@code runtimeDirectory} as the folder of
     * gpumem's libcudart.so.13.
     *
     * @throws CoreException naming the configuration and what is wrong with it
     */
    public static HostProgram describe(ILaunchConfiguration configuration, Path runtimeDirectory) throws CoreException {
        Path program = program(configuration);
        String[] arguments = DebugPlugin.parseArguments(substitute(configuration.getAttribute(ARGUMENTS, "")));
        String dir = substitute(configuration.getAttribute(WORKING_DIRECTORY, ""));
        Path workingDirectory = dir.isBlank() ? program.toAbsolutePath().getParent() : Path.of(dir);
        if (!Files.isDirectory(workingDirectory)) {
            throw error(configuration, "working directory " + workingDirectory + " is not a folder");
        }
        return new HostProgram(program, Arrays.asList(arguments), workingDirectory, environment(configuration),
                device(configuration), HostProgram.DEFAULT_MEMORY_BYTES, runtimeDirectory);
    }

    /** Checks what {@link #describe} checks, without the runtime library; for the launch dialog. */
    public static void validate(ILaunchConfiguration configuration) throws CoreException {
        describe(configuration, Path.of(""));
        budget(configuration);
        timeoutSeconds(configuration);
        KernelLaunchAttributes.checks(configuration, CHECKS);
    }

    /** The program's path, substituted; it must be an executable file. */
    static Path program(ILaunchConfiguration configuration) throws CoreException {
        String text = substitute(configuration.getAttribute(PROGRAM, ""));
        if (text.isBlank()) {
            throw error(configuration, "no program given");
        }
        Path program = Path.of(text);
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw error(configuration, "program " + program + " is not an executable file");
        }
        return program;
    }

    private static String device(ILaunchConfiguration configuration) throws CoreException {
        String device = configuration.getAttribute(DEVICE, DEFAULT_DEVICE).trim();
        try {
            Devices.create(device, 1);
        } catch (IllegalArgumentException e) {
            throw error(configuration, "device: " + e.getMessage());
        }
        return device;
    }

    /** The instruction budget of each launch, 0 for none (the default, as {@code gpumem exec}'s). */
    public static long budget(ILaunchConfiguration configuration) throws CoreException {
        String text = configuration.getAttribute(BUDGET, "").trim().replace("_", "").replace(",", "");
        if (text.isEmpty()) {
            return NO_BUDGET;
        }
        try {
            long budget = Long.parseLong(text);
            if (budget >= 0) {
                return budget;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(configuration, "instruction budget must be a number of warp instructions, 0 or empty for none: "
                + configuration.getAttribute(BUDGET, ""));
    }

    /** An {@link ExecOptions#instructionBudget()} without limit. */
    private static final long NO_BUDGET = 0;

    /** The wall-clock limit of each launch in run mode, in seconds (0: none). */
    public static double timeoutSeconds(ILaunchConfiguration configuration) throws CoreException {
        return KernelLaunchAttributes.seconds(configuration, TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS);
    }

    /**
     * The variables the Environment tab set, substituted. "Replace native environment" is
     * refused: the program needs gpumem's library path and channel on top of an environment.
     */
    private static Map<String, String> environment(ILaunchConfiguration configuration) throws CoreException {
        if (!configuration.getAttribute(ILaunchManager.ATTR_APPEND_ENVIRONMENT_VARIABLES, true)) {
            throw error(configuration, "the program runs in gpumem's environment plus the variables given: "
                    + "choose 'Append environment to native environment' on the Environment tab");
        }
        Map<String, String> variables = configuration.getAttribute(ILaunchManager.ATTR_ENVIRONMENT_VARIABLES,
                Map.<String, String>of());
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : variables.entrySet()) {
            out.put(e.getKey(), substitute(e.getValue()));
        }
        return out;
    }

    private static String substitute(String text) throws CoreException {
        return VariablesPlugin.getDefault().getStringVariableManager().performStringSubstitution(text);
    }

    private static CoreException error(ILaunchConfiguration configuration, String message) {
        return new CoreException(Status.error(configuration.getName() + ": " + message));
    }
}
