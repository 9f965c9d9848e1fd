package org.gpumem.dwarf.aspace;

/**
 * The context element an address space's storage belongs to. Storage of a space with a scope
 * other than {@link #DEVICE} exists once per instance of that element (one LDS per work-group,
 * one private segment per lane...), so a location in it is only meaningful together with the
 * context it was bound to (see {@code org.gpumem.dwarf.expr.ContextBinding}).
 */
public enum StorageScope {
    /** One instance for the whole device or process (global, constant, generic). */
    DEVICE,
    /** One instance per work-group / CTA (shared memory, LDS, GDS region). */
    WORK_GROUP,
    /** One instance per wavefront / warp (unswizzled private memory). */
    WARP,
    /** One instance per lane / thread (local, private, registers). */
    LANE,
    /** One instance per activation of a function in a lane (call parameters, frames). */
    FRAME;

    /** Whether locations in a space of this scope must be bound to a context. */
    public boolean contextDependent() {
        return this != DEVICE;
    }
}
