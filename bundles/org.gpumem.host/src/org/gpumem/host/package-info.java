/**
 * CUDA programs running on the simulator through gpumem's replacement {@code libcudart.so.13}:
 * a {@link org.gpumem.host.HostSession} starts a {@link org.gpumem.host.HostProgram} with the
 * library first on its path and serves each of its processes (one thread each; the protocol is
 * PROTOCOL.md), executing their kernel launches on a simulated device through a
 * {@link org.gpumem.host.KernelRunner} and reporting to a {@link org.gpumem.host.HostListener};
 * {@link org.gpumem.host.ProgramCheck} tells first whether a program can be served, and a
 * program that cannot fails with a {@link org.gpumem.host.HostProgramException} that says why in
 * one line. The allocations it makes are named by the host calls that made them
 * ({@link org.gpumem.host.HostCode}). {@link org.gpumem.host.ProgramChecks} runs memory checks
 * on every process of a program (for {@code gpumem exec --check} and the IDE's launch alike).
 */
package org.gpumem.host;
