/**
 * The simulator's storage below the engine (internal; the host bundle is a friend): global memory
 * and its allocations, little-endian byte access, the locks for wide and atomic global accesses,
 * and the state-space layout read once from the simulator's target.
 */
package org.gpumem.sim.memory;
