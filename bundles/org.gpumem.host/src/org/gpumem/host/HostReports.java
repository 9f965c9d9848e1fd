package org.gpumem.host;

import java.util.function.Consumer;

import org.gpumem.images.Kernel;
import org.gpumem.sim.LaunchResult;

/**
 * gpumem's reports about a program it serves, as lines for the user: device code the simulator
 * cannot run, refused launches, entry points gpumem does not implement, kernel faults and
 * profiles, and a process it stopped serving. {@code gpumem exec} prints them on standard error,
 * the IDE in the program's console.
 */
public final class HostReports implements HostListener {
    private final Consumer<String> say;
    private final boolean faults;
    private final boolean profiles;

    /**
     * @param say      receives each report (one or more lines, without the final line end), on
     *                 the thread serving the process
     * @param faults   whether to report kernel faults (a debugger that shows them itself does not)
     * @param profiles whether to print each launch's address-space profile (when it has one)
     */
    public HostReports(Consumer<String> say, boolean faults, boolean profiles) {
        this.say = say;
        this.faults = faults;
        this.profiles = profiles;
    }

    @Override
    public void moduleRejected(HostProcess process, String problem) {
        say.accept("gpumem: cannot run this device code on the simulator, its kernels will fail to launch: " + problem);
    }

    @Override
    public void launchRefused(HostProcess process, String kernel, String problem) {
        say.accept("gpumem: refused to launch " + Kernel.of(kernel).displayName() + ": " + problem);
    }

    @Override
    public void unsupportedCall(HostProcess process, String entryPoint) {
        say.accept("gpumem: the program called " + entryPoint + ", which gpumem does not implement; it returned "
                + "cudaErrorNotSupported");
    }

    @Override
    public void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
        if (faults && !result.completed()) {
            say.accept("gpumem: " + launch + " faulted:\n" + result.report().stripTrailing());
        }
        if (profiles && result.profile() != null) {
            say.accept("gpumem: address-space profile of " + launch + ":\n" + result.profile().format().stripTrailing());
        }
    }

    @Override
    public void disconnected(HostProcess process, String problem) {
        if (problem != null) {
            say.accept("gpumem: stopped serving process " + process.pid() + ": " + problem);
        }
    }
}
