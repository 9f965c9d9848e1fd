/**
 * The PTX simulator's API vocabulary: a {@link org.gpumem.sim.Device} loads PTX into
 * {@link org.gpumem.sim.LoadedModule}s, whose kernels launch from a
 * {@link org.gpumem.sim.LaunchConfig} with {@link org.gpumem.sim.ExecOptions} into a
 * {@link org.gpumem.sim.KernelLaunch} and end in a {@link org.gpumem.sim.LaunchResult}: completed,
 * or stopped by a {@link org.gpumem.sim.Fault} that names the thread, the access and the
 * instruction. {@link org.gpumem.sim.SimulatorTarget} is the one description of the simulator's
 * address spaces as a model target, texture memory included: a device's
 * {@link org.gpumem.sim.TextureTable} keeps its texture and surface objects and its CUDA arrays
 * ({@link org.gpumem.sim.TextureArray}), which a stopped state shows as the {@code tex} space.
 * Both engines ({@link org.gpumem.sim.ExecEngine}) give the same outputs, counts, profiles and
 * faults. This package names no other package of the simulator: devices are made by
 * {@code org.gpumem.sim.launch.Devices}.
 */
package org.gpumem.sim;
