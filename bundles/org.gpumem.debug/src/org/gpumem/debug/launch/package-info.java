/**
 * The two launch types: a kernel from a launch file ("GPU Kernel (gpumem simulator)") and a
 * user's CUDA program under gpumem's libcudart ("CUDA Application (gpumem simulator)"), their
 * configuration attributes, their processes and consoles, and the source lookup.
 *
 * <p>Promises: delegates run on the launch manager's job, never on the UI thread; in run mode a
 * kernel runs to its end through the debug core with a process that can be terminated, in debug
 * mode each kernel launch becomes a debug target of {@code org.gpumem.debug.model}; a bad
 * attribute is a {@code CoreException} naming the configuration and the attribute.
 */
package org.gpumem.debug.launch;
