/**
 * A launch under a debugger's control ({@link org.gpumem.sim.debug.ControlledLaunch}): resident
 * CTAs as one SM of the device keeps them, breakpoints by source or PTX line, steps by
 * instruction or source line over a warp, its CTA or every resident CTA, and events to
 * {@link org.gpumem.sim.debug.DebugListener}s on the thread that drives the session. While it is
 * suspended, that thread may look at its CTAs and warps (call stacks, registers, frame variables
 * bound through the DWARF in nvcc's {@code -G} PTX) and its memory per state space, and take the
 * stop as a model {@link org.gpumem.model.MemoryState}.
 */
package org.gpumem.sim.debug;
