/**
 * The fast engine's block compiler (internal; the host bundle is a friend, to make devices with
 * it): {@link org.gpumem.sim.exec.compile.BlockCompiler} translates a function's straight-line
 * runs into JVM classes, defined in {@code org.gpumem.sim.exec} through the lookup that package
 * hands it, whose code computes what the interpreter computes for the same instructions.
 * {@link org.gpumem.sim.exec.compile.BlockCompiler#INSTANCE} is what a device is given.
 */
package org.gpumem.sim.exec.compile;
