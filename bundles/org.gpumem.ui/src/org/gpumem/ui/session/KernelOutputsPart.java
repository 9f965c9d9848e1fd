package org.gpumem.ui.session;

import org.gpumem.debug.launch.KernelProcess;

/**
 * The part that shows the output buffers of a kernel launch that ran to its end: the Output
 * Buffers view, which {@link DebugContextBridge} opens at the end of every complete launch. The
 * bridge knows the view by this interface and its id, so that the session package does not
 * depend on the views built on it.
 */
public interface KernelOutputsPart {
    /** Shows the output buffers of {@code process}; on the UI thread. */
    void show(KernelProcess process);
}
