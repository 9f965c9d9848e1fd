package org.gpumem.host;

import org.gpumem.sim.LaunchResult;

/**
 * What a {@link HostSession} reports about the programs it serves. Calls come from the thread
 * serving the program (one per connected process), in the order things happen; a program waits
 * in its runtime call while a callback runs. Every method does nothing by default.
 */
public interface HostListener {
    /** A process of the program connected (the program itself, or a CUDA program it started). */
    default void connected(HostProcess process) {
    }

    /** A fatbin's PTX image was loaded on the simulator: {@code image} says which one. */
    default void moduleLoaded(HostProcess process, String image) {
    }

    /** A fatbin could not be loaded (no PTX image for the device, PTX the simulator does not run...). */
    default void moduleRejected(HostProcess process, String problem) {
    }

    default void allocated(HostProcess process, DeviceAllocation allocation) {
    }

    default void freed(HostProcess process, DeviceAllocation allocation) {
    }

    /**
     * The program freed memory that it does not hold (freed before, or never allocated), and its
     * runtime returned an error; heard only from a checked process. {@code call} names the free:
     * its address, the kind of memory the entry point frees, the entry point and its callers
     * (size 0).
     */
    default void freeRefused(HostProcess process, DeviceAllocation call) {
    }

    /** A launch is about to run. */
    default void launchStarting(HostProcess process, ProgramLaunch launch) {
    }

    /** A launch ended, completed or stopped by a fault. */
    default void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
    }

    /**
     * A launch the simulator refused to start (grid, block or shared memory out of range, code it
     * cannot run); once per kernel, problem and process (NVIDIA's globalToShmemAsyncCopy retries
     * one 101 times).
     */
    default void launchRefused(HostProcess process, String kernel, String problem) {
    }

    /** The program called a runtime entry point gpumem does not implement; once per entry point and process. */
    default void unsupportedCall(HostProcess process, String entryPoint) {
    }

    /**
     * The process closed the channel: at its exit, or because of {@code problem} (a malformed
     * message), which is null after a normal end. A process that broke the protocol before its
     * first message was understood is reported too, with pid -1.
     */
    default void disconnected(HostProcess process, String problem) {
    }
}
