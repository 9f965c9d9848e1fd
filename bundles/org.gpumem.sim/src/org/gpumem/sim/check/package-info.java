/**
 * Memory checks of simulated launches (API): the tools ({@link org.gpumem.sim.check.CheckTool},
 * compute-sanitizer's names), the classes of what they find ({@link org.gpumem.sim.check.FindingKind}),
 * the findings with both accesses of a race and the threads that made them
 * ({@link org.gpumem.sim.check.Finding}, {@link org.gpumem.sim.check.Access}), and a device's
 * {@link org.gpumem.sim.check.MemoryChecker}, which collects them, identical ones counted, and the
 * one report of them ({@link org.gpumem.sim.check.Findings}) that the command line and the IDE print. The
 * checking itself is the shadow state of {@code org.gpumem.sim.shadow}, which the execution core
 * feeds with every access, barrier, warp synchronisation, atomic, fence, allocation and free.
 */
package org.gpumem.sim.check;
