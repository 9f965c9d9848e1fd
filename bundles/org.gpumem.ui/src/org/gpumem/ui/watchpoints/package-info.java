/**
 * Watchpoints from gpumem's views (internal): Toggle Watchpoint on a kernel variable of the
 * Variables view, Add Watchpoint on the bytes selected in the address-space table of the Space
 * Memory view, each with a small dialog for the accesses (write, read, both) and the context (the
 * focused CTA or lane, or every one).
 *
 * <p>Promises: what the bytes are (the space that stores them, their offset, length and type) is
 * the debug core's {@code WatchpointSpec}, evaluated by the session off the UI thread; the
 * watchpoint is a {@code KernelWatchpoint} of the breakpoint manager, which the debug target
 * installs. Contributions are enabled on gpumem's own element types and views only.
 */
package org.gpumem.ui.watchpoints;
