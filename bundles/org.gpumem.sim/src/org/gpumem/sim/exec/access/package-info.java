/**
 * The fast engine's memory paths (internal): the loads, stores, atomics and shuffles that compiled
 * blocks call for all of an instruction's lanes at once, for the plain case only. Those that may
 * refuse return false, having written nothing, and the block then runs the interpreter's own path
 * for the instruction, which faults where it faults. Compiled blocks are defined in
 * {@code org.gpumem.sim.exec}, so what they call here is public.
 */
package org.gpumem.sim.exec.access;
