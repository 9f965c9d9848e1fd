package org.gpumem.sim;

/**
 * The outcome of a launch: completed, or stopped by a {@link Fault}; with the instruction
 * counts and, when asked for, the address-space profile.
 */
public record LaunchResult(Fault fault, long warpInstructions, long threadInstructions, long elapsedNanos,
        AddressSpaceProfile profile) {

    /** True when every thread of every CTA finished. */
    public boolean completed() {
        return fault == null;
    }
}
