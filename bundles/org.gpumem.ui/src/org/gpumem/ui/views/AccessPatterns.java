package org.gpumem.ui.views;

import org.gpumem.model.AccessPattern;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressSpaces;

/** One-line descriptions of access patterns, as the Address Spaces view prints them. */
final class AccessPatterns {

    private AccessPatterns() {
    }

    static String describe(AccessPattern access) {
        if (access instanceof LinearAccess linear) {
            return "linear onto " + linear.getStorage().getName() + (linear.getBase() == 0 ? "" : " + 0x" + Long.toHexString(linear.getBase()));
        }
        if (access instanceof InterleavedAccess interleaved) {
            return "interleaved by lane onto " + interleaved.getStorage().getName() + " (" + interleaved.getElementSize()
                    + "-byte elements, " + interleaved.getLaneCount() + " lanes)";
        }
        if (access instanceof StridedAccess strided) {
            return "strided onto " + strided.getStorage().getName() + " (" + strided.getElementSize() + " bytes every "
                    + strided.getStride() + (strided.getLaneStride() == 0 ? "" : ", lane stride " + strided.getLaneStride()) + ")";
        }
        if (access instanceof WindowAccess windows) {
            StringBuilder text = new StringBuilder("windows:");
            for (Window w : windows.getWindows()) {
                text.append(' ').append(w.getSpace().getName()).append(" at ")
                        .append(AddressSpaces.formatOffset(w.getSpace(), w.getStart()).replaceFirst("^0x0+(?=.)", "0x"));
            }
            if (windows.getFallback() != null) {
                text.append(", else ").append(windows.getFallback().getName());
            }
            return text.toString();
        }
        return "";
    }
}
