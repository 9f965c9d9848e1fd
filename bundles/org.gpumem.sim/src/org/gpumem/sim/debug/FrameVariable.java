package org.gpumem.sim.debug;

import org.gpumem.sim.PtxStateSpace;

/**
 * A variable or parameter of a frame, bound to simulator storage for one lane.
 *
 * @param name      the variable's name
 * @param type      its decoded type
 * @param parameter true for a formal parameter
 * @param declFile  declaration file (base name) or null
 * @param declLine  declaration line, 0 when unknown
 * @param spaceName the address space its DWARF address-space attribute names ({@code shared},
 *                  {@code reg}...), else the space of its evaluated memory location; null when neither
 * @param location  where its bytes are at the frame's PC, or null when {@code problem} says why not
 * @param bytes     its value, little-endian, for the lane; null when unavailable
 * @param problem   why the location or the value is unavailable, or null
 */
public record FrameVariable(String name, VariableType type, boolean parameter, String declFile, long declLine,
        String spaceName, Storage location, byte[] bytes, String problem) {

    /** A resolved location. */
    public sealed interface Storage {
    }

    /** Bytes at {@code offset} of {@code space}; local offsets include the frame's local base. */
    public record Memory(PtxStateSpace space, long offset) implements Storage {
    }

    /** A PTX register of the frame's function ({@code %rd1}). */
    public record Register(String name) implements Storage {
    }

    /** The value itself (DW_OP_implicit_value, DW_OP_stack_value, DW_AT_const_value). */
    public record Value() implements Storage {
    }
}
