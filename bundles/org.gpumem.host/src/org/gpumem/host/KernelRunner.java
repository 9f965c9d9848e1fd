package org.gpumem.host;

import java.io.IOException;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchResult;

/**
 * Runs the program's kernel launches: to the end (the default), or under the debug API with
 * breakpoints. Called on the thread serving the program, which waits in its launch call.
 */
@FunctionalInterface
public interface KernelRunner {
    /**
     * Runs the launch to its end or its fault.
     *
     * @throws IOException when the launch was abandoned with the program (a debugger's user
     *         terminated it): the session stops serving the process, and reports the message
     *         to {@link HostListener#disconnected}
     */
    LaunchResult run(ProgramLaunch launch) throws IOException;

    /** Runs every launch to its end with these options. */
    static KernelRunner simulate(ExecOptions options) {
        return launch -> launch.prepare(options).run();
    }
}
