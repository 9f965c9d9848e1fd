/**
 * The alias arithmetic over the model: from a (context, address space, offset) location to the
 * pool byte it reaches ({@link org.gpumem.model.addressing.AddressResolver#resolve}) and back to
 * every location that reaches a byte ({@link org.gpumem.model.addressing.AddressResolver#aliases});
 * lookup of spaces by name or DWARF number, navigation in the context tree, and the offset rules
 * of DW_OP_mem. A location that reaches no byte is an
 * {@link org.gpumem.model.addressing.AddressingException} naming the space, context and offset.
 */
package org.gpumem.model.addressing;
