package org.gpumem.debug.core;

import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;

/**
 * A watchpoint (data breakpoint): {@code length} bytes at {@code offset} of an address space of
 * the engine's target, in a context: the bytes {@code context} sees (shared bytes of its CTA,
 * local bytes of its lane), or, {@code everyContext}, the same offset in every CTA's shared
 * memory or every lane's local memory. Global and const memory are the device's, one context.
 * A generic offset is taken through the target's windows when the watchpoint is set, so
 * {@code space} is where the bytes are stored. {@link DebugSession#watchpoint} makes one from
 * an expression ({@code stage[5]}, {@code window}, {@code *p}).
 *
 * @param label        what the user watches, for reports ({@code stage[5]})
 * @param space        the space of the target that stores the bytes ({@code shared})
 * @param context      the lane whose view of {@code space} is meant
 * @param everyContext true for the same offset in every CTA (shared) or every lane (local)
 * @param offset       first byte
 * @param length       bytes watched (at least 1)
 * @param kind         which accesses stop the kernel
 * @param type         the type of the watched value, which prints its old and new bytes; null for
 *                     a plain address range (then they print as bytes)
 */
public record WatchpointSpec(String label, String space, LaneId context, boolean everyContext, long offset, long length,
        Kind kind, DwarfType type) {
    /** The accesses that stop the kernel. */
    public enum Kind {
        /** Stores, atomics, asynchronous copies into the bytes (cuda-gdb's {@code watch}). */
        WRITE,
        /** Loads, atomics, asynchronous copies out of them ({@code rwatch}). */
        READ,
        /** Both ({@code awatch}). */
        ACCESS
    }

    public WatchpointSpec {
        if (length < 1) {
            throw new IllegalArgumentException("a watchpoint watches at least one byte: " + length);
        }
    }

    /** The same bytes in every CTA or lane ({@code stage} of every CTA, {@code window} of every lane). */
    public WatchpointSpec inEveryContext() {
        return new WatchpointSpec(label, space, context, true, offset, length, kind, type);
    }

    /** The same bytes as {@code lane} sees them (its CTA's shared bytes, its own local bytes). */
    public WatchpointSpec in(LaneId lane) {
        return new WatchpointSpec(label, space, lane, everyContext, offset, length, kind, type);
    }

    /** The same bytes watched for {@code other} accesses. */
    public WatchpointSpec forAccesses(Kind other) {
        return new WatchpointSpec(label, space, context, everyContext, offset, length, other, type);
    }

    /** {@code stage[5] (shared [CTA (1,0,0)] +0x14, 4 bytes)}; {@code every CTA} for every context. */
    public String describe(Target target) {
        Scope scope = AddressSpaces.require(target, space).getScope();
        String where = !everyContext ? context.describe(scope)
                : scope == Scope.WORK_GROUP ? "every CTA" : scope == Scope.LANE ? "every lane"
                        : scope == Scope.SUBGROUP ? "every warp" : context.describe(scope);
        return label + " (" + space + " [" + where + "] +0x" + Long.toHexString(offset) + ", " + length + " byte"
                + (length == 1 ? "" : "s") + ")";
    }
}
