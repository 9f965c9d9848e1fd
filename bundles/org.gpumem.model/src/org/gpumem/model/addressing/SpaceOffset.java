package org.gpumem.model.addressing;

import org.gpumem.model.AddressSpace;

/** An offset in an address space, not yet bound to a context. */
public record SpaceOffset(AddressSpace space, long offset) {
}
