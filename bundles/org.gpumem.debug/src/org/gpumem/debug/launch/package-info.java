/**
 * The two launch types: a kernel from a launch file ("GPU Kernel (gpumem simulator)") and a
 * user's CUDA program under gpumem's libcudart ("CUDA Application (gpumem simulator)"), their
 * configuration attributes, their processes and consoles, and the source lookup.
 *
 * <p>Promises: delegates run on the launch manager's job, never on the UI thread; in run mode a
 * kernel runs to its end through the debug core with a process that can be terminated, in debug
 * mode each kernel launch becomes a debug target of {@code org.gpumem.debug.model}; a bad
 * attribute is a {@code CoreException} naming the configuration and the attribute. A launch with
 * memory checks prints their report on its console as {@code gpumem run|exec --check} does and
 * marks each finding's accesses on their workspace source lines
 * ({@code org.gpumem.debug.memoryCheckMarker}, a problem marker; a race's two markers carry each
 * other's file and line); every launch of a configuration first removes the markers its previous
 * launch made. The report's findings stay with the run, the process's {@code CheckedRun} adapter,
 * once the process terminated. In debug mode "stop at first" suspends each checked kernel launch
 * at its first finding.
 */
package org.gpumem.debug.launch;
