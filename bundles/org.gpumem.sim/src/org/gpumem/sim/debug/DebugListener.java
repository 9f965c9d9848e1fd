package org.gpumem.sim.debug;

/**
 * Receives the events of a {@link ControlledLaunch}, on the thread that drives the session
 * (the one calling resume/step). Listeners must not call back into the session from
 * {@link #handle}; hand the event to another thread instead.
 */
@FunctionalInterface
public interface DebugListener {
    void handle(DebugEvent event);
}
