/**
 * Types as DWARF describes them ({@link org.gpumem.dwarf.types.DwarfType}): base types, pointers
 * with the address space they point into, arrays, structs/unions/classes with their members,
 * enumerations, typedefs and qualifiers, named as gdb prints C declarations (and cuda-gdb pointer
 * spaces, {@code @shared int *}). {@link org.gpumem.dwarf.types.DwarfTypes} reads them from a
 * {@link org.gpumem.dwarf.info.DwarfFile}'s DIEs, once per DIE, and finds named types for casts;
 * it is the one reader of type DIEs for values (the simulator's frame variables and the
 * debugger's expression evaluator use it). Bad input raises the
 * {@link org.gpumem.dwarf.io.InputFormatException} naming the DIE; nothing here reads memory.
 */
package org.gpumem.dwarf.types;
