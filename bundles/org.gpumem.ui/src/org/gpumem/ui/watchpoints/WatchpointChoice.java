package org.gpumem.ui.watchpoints;

import org.gpumem.debug.core.WatchpointSpec;

/**
 * What the user chose for a new watchpoint: the accesses that stop the kernel, and whether the
 * same bytes of every CTA (shared) or every lane (local) are watched instead of the focused one's.
 */
public record WatchpointChoice(WatchpointSpec.Kind kind, boolean everyContext) {
    /** The dialog's defaults: writes, in the focused CTA or lane. */
    public static final WatchpointChoice DEFAULT = new WatchpointChoice(WatchpointSpec.Kind.WRITE, false);

    /** {@code spec} for these accesses and in this context. */
    public WatchpointSpec apply(WatchpointSpec spec) {
        WatchpointSpec forKind = spec.forAccesses(kind);
        return everyContext ? forKind.inEveryContext() : forKind;
    }
}
