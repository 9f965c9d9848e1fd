package org.gpumem.sim;

import org.gpumem.model.Target;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressSpaces;

/** For tests: where a target's generic space puts the window onto a space, read from the target. */
public final class GenericWindowsOf {
    private GenericWindowsOf() {
    }

    /** The generic address of offset 0 of {@code space} in {@code target}. */
    public static long base(Target target, String space) {
        WindowAccess windows = (WindowAccess) AddressSpaces.require(target, "generic").getAccess();
        for (Window w : windows.getWindows()) {
            if (w.getSpace().getName().equals(space)) {
                return w.getStart();
            }
        }
        throw new IllegalArgumentException(target.getName() + " has no generic window onto " + space);
    }
}
