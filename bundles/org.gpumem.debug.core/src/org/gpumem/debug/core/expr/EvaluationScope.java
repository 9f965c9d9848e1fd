package org.gpumem.debug.core.expr;

import java.util.List;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.sim.Dim3;

/**
 * What an expression may name and read in one lane of one frame of a stopped kernel: the
 * frame's variables (DWARF), the module's symbols, registers, CUDA's built-in variables, the
 * target's address spaces and memory. The debug core implements it over its engine; the
 * evaluator asks nothing else. Methods that fail for a reason of the kernel's state throw an
 * {@link ExpressionException} without a position (the evaluator adds it).
 */
public interface EvaluationScope {
    /**
     * The variable {@code name} as the frame sees it (a local or parameter, else a module
     * variable, else a module symbol without debug information), or null when there is none.
     */
    ExpressionValue variable(String name);

    /** The value of PTX register {@code name} ({@code %r12}) of the frame's function, or null when it has none. */
    ExpressionValue register(String name);

    /** The type the module's DWARF names {@code name} (struct, union, enum, typedef, base), or null. */
    DwarfType namedType(String name);

    /** {@code threadIdx} of the lane. */
    Dim3 threadIdx();

    /** {@code blockIdx} of the lane's CTA. */
    Dim3 blockIdx();

    /** {@code blockDim}, the launch's block extents. */
    Dim3 blockDim();

    /** {@code gridDim}, the launch's grid extents. */
    Dim3 gridDim();

    /** {@code warpSize}: lanes per warp. */
    int warpSize();

    /**
     * {@code length} bytes at {@code offset} of {@code space} (a name {@link #spaceNamed} gave) as
     * the lane sees them, through the model's resolver (a generic offset resolves through the
     * target's windows).
     *
     * @throws ExpressionException when the bytes are outside what the space reaches from the lane
     */
    byte[] read(String space, long offset, int length);

    /** The target's name of the space called {@code name} (its name or an alias), or null. */
    String spaceNamed(String name);

    /** The target's name of the space a DWARF pointer type names, or null when the target has none. */
    String spaceOf(DwarfAddressSpace space);

    /** The DWARF space for pointers into the target's space {@code space}, or null when it has no DWARF number. */
    DwarfAddressSpace dwarfSpace(String space);

    /** The space plain pointers point into (the target's default: generic). */
    String defaultSpace();

    /** The target's space names, for messages. */
    List<String> spaces();

    /** The frame's function as messages name it ({@code expressions}). */
    String function();
}
