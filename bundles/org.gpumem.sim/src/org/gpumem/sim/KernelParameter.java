package org.gpumem.sim;

/**
 * A {@code .param} of a kernel: its place in the parameter buffer, which a launch fills from the
 * argument bytes of {@link LaunchConfig}.
 *
 * @param type the element type, or null for a {@code .b8 name[N]} aggregate
 */
public record KernelParameter(String name, ScalarType type, int size, int alignment, int offset) {
}
