package org.gpumem.debug.core;

import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;

/**
 * A variable of a frame as DWARF describes it, with its bytes read for one lane.
 *
 * @param name      the variable's name
 * @param type      readable type name ({@code int[8]}, {@code const int*})
 * @param parameter true for a formal parameter
 * @param location  where its bytes are: a memory location (space, lane, offset), or null
 *                  when it lives in a register
 * @param register  the PTX register holding it when {@code location} is null
 * @param bytes     its value, little-endian, for the frame's lane; null when unavailable
 * @param element   how to print each element of {@code bytes}
 * @param count     number of elements (1 for scalars, the length for arrays)
 * @param pointee   for pointers: the name of the space the pointer's DWARF address class names
 *                  ({@code generic} for nvcc's plain pointers), else null
 * @param problem   why the value could not be read, or null
 */
public record VariableValue(String name, String type, boolean parameter, Location location, String register,
        byte[] bytes, Element element, int count, String pointee, String problem) {

    /**
     * A memory location: offset in an address space of the engine's target, seen from a lane
     * (the space's scope says how much of the lane's identity matters).
     */
    public record Location(String space, LaneId lane, long offset) {
        /** {@code shared [CTA (1,0,0)] +0x40}, the context printed at the space's scope in {@code target}. */
        public String describe(Target target) {
            return space + " [" + lane.describe(AddressSpaces.require(target, space).getScope()) + "] +0x"
                    + Long.toHexString(offset);
        }
    }

    /** Encoding and size of one element. */
    public enum Encoding {
        SIGNED, UNSIGNED, FLOAT, BOOLEAN, POINTER, OTHER
    }

    /** One element's encoding and byte size. */
    public record Element(Encoding encoding, int size) {
    }
}
