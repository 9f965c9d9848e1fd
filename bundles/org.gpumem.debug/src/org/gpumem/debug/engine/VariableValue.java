package org.gpumem.debug.engine;

/**
 * A variable of a frame as DWARF describes it, with its bytes read for one lane.
 *
 * @param name      the variable's name
 * @param type      readable type name ({@code int[8]}, {@code const int*})
 * @param parameter true for a formal parameter
 * @param location  where its bytes are: a memory location (space, context, offset), or null
 *                  when it lives in a register
 * @param register  the PTX register holding it when {@code location} is null
 * @param bytes     its value, little-endian, for the frame's lane; null when unavailable
 * @param element   how to print each element of {@code bytes}
 * @param count     number of elements (1 for scalars, the length for arrays)
 * @param pointee   for pointers: the space the pointer's DWARF address class names (generic
 *                  for nvcc's class 12), else null
 * @param problem   why the value could not be read, or null
 */
public record VariableValue(String name, String type, boolean parameter, Location location, String register,
        byte[] bytes, Element element, int count, MemorySpace pointee, String problem) {

    /** A memory location: offset in a space, in a context. */
    public record Location(MemorySpace space, MemoryContext context, long offset) {
        /** {@code shared [CTA (1,0,0)] +0x40}. */
        public String describe() {
            return space.spaceName() + " [" + context.describe(space) + "] +0x" + Long.toHexString(offset);
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
