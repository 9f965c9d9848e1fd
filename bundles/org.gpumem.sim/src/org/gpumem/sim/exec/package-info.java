/**
 * The simulator's execution core (internal; the host bundle is a friend): a
 * {@link org.gpumem.sim.exec.SimulatedDevice} loads a decoded module into a
 * {@link org.gpumem.sim.exec.DeviceModule}, whose {@link org.gpumem.sim.exec.Launch} runs the
 * kernel's CTAs; the {@link org.gpumem.sim.exec.Interpreter} executes each CTA's warps, their call
 * frames and reconvergence stacks, with the CTA's memory and atomic paths, named barriers, warp
 * intrinsics, the texture and surface instructions (on the objects of the device's
 * {@link org.gpumem.sim.TextureTable}, their texels in global memory), the tensor-core
 * instructions ({@code MatrixOps}), the mbarriers and bulk copies ({@code AsyncBarriers}: an
 * mbarrier is its 8 bytes of shared memory; a wait whose phase is incomplete ends the warp's turn)
 * and the device runtime (printf, malloc, free, assert); a
 * debugger's breakpoints and watched ranges ({@link org.gpumem.sim.exec.Watches}, checked at each
 * memory instruction only while some are set) stop its warps. A module for sm_70 or later
 * schedules the divergent paths of a warp independently ({@code WarpPaths}), deterministically;
 * one for an earlier target keeps the warp's lanes in lockstep. A launch on the fast engine
 * also runs the {@link org.gpumem.sim.exec.CompiledBlock}s that the device's
 * {@link org.gpumem.sim.exec.FunctionCompiler} makes of a function's straight-line code; that
 * compiler lives in {@code org.gpumem.sim.exec.compile}, a package above this one, and this
 * package names neither it nor {@code org.gpumem.sim.exec.access}.
 */
package org.gpumem.sim.exec;
