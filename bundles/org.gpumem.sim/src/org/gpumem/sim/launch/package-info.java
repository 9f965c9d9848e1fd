/**
 * What runs kernels from outside the simulator: {@link org.gpumem.sim.launch.Devices} makes
 * devices; a launch description (a launch file's JSON, read by
 * {@link org.gpumem.sim.launch.LaunchFileReader}, whose errors name the file and the field)
 * becomes a {@link org.gpumem.sim.launch.PreparedLaunch} on a fresh device, run once or under a
 * debugger, whose final memory can be saved as a snapshot; and the sample kernel shipped with
 * the bundle.
 */
package org.gpumem.sim.launch;
