package org.gpumem.model.provider;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Storage;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.VendorCode;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.Locations;

/** The labels gpumem's views show for model objects (tree items, property sheet titles). */
public final class GpumemLabels {

    private GpumemLabels() {
    }

    /** A one-line label for any gpumem model object, or null for other objects. */
    public static String text(Object object) {
        if (object instanceof Target t) {
            return t.getName() + " (" + t.getArchitecture() + ")";
        }
        if (object instanceof AddressSpace s) {
            StringBuilder b = new StringBuilder(s.getName()).append(" (");
            if (s.getDwarfNumber() >= 0) {
                b.append("DWARF ").append(s.getDwarfNumber()).append(", ");
            }
            b.append(s.getAddressBits()).append("-bit, per ")
                    .append(Contexts.term(s.eContainer() instanceof Target t ? t : null, s.getScope()));
            if (s.isReadOnly()) {
                b.append(", read-only");
            }
            return b.append(')').toString();
        }
        if (object instanceof Storage s) {
            return s.getName() + ": one per " + Contexts.term(s.eContainer() instanceof Target t ? t : null, s.getScope())
                    + ", " + size(s.getDefaultSize());
        }
        if (object instanceof Pool p) {
            return p.getStorage().getName() + " (" + size(p.getSize()) + ")";
        }
        if (object instanceof Context c) {
            return Contexts.describeOne(c);
        }
        if (object instanceof Location l) {
            return l.getSpace() == null ? "location" : Locations.describe(l);
        }
        if (object instanceof Variable v) {
            String where = v.getSpace() == null ? v.getLocationDescription()
                    : v.getSpace().getName() + ":" + AddressSpaces.formatOffset(v.getSpace(), v.getOffset());
            return v.getName() + " : " + v.getTypeName() + (where == null ? "" : " @ " + where);
        }
        if (object instanceof MemoryState m) {
            String name = m.getName() == null || m.getName().isEmpty() ? "memory state" : m.getName();
            return m.getProgram() == null || m.getProgram().isEmpty() ? name : name + " - " + m.getProgram();
        }
        if (object instanceof LinearAccess a) {
            return "linear onto " + storageName(a.getStorage()) + (a.getBase() != 0 ? " from 0x" + Long.toHexString(a.getBase()) : "");
        }
        if (object instanceof InterleavedAccess a) {
            return "interleaved by lane onto " + storageName(a.getStorage()) + " (" + a.getElementSize() + "-byte elements, "
                    + a.getLaneCount() + " lanes)";
        }
        if (object instanceof StridedAccess a) {
            return "strided onto " + storageName(a.getStorage()) + " (" + a.getElementSize() + "-byte elements every "
                    + a.getStride() + " bytes)";
        }
        if (object instanceof WindowAccess a) {
            return a.getWindows().size() + " window(s)"
                    + (a.getFallback() != null ? ", elsewhere " + a.getFallback().getName() : "");
        }
        if (object instanceof Window w) {
            return "[0x" + Long.toHexString(w.getStart()) + ", +0x" + Long.toHexString(w.getLength()) + ") -> "
                    + (w.getSpace() == null ? "?" : w.getSpace().getName());
        }
        if (object instanceof VendorCode v) {
            return v.getScheme() + " = " + v.getValue();
        }
        return object instanceof EObject e ? e.eClass().getName() : null;
    }

    private static String storageName(Storage s) {
        return s == null ? "?" : s.getName();
    }

    /**
     * {@code 48 KiB}, {@code 4 GiB}, {@code 100 bytes}; a size that is no whole number of its unit
     * gets one decimal and the exact count: {@code 4.0 GiB (4,294,974,224 bytes)}.
     */
    public static String size(long bytes) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        long v = bytes;
        while (u < units.length - 1 && v >= 1024 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        if (v < 1024 || u == units.length - 1) {
            return v + " " + units[u];
        }
        double scaled = bytes;
        for (u = 0; u < units.length - 1 && scaled >= 1024; u++) {
            scaled /= 1024;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s (%,d bytes)", scaled, units[u], bytes);
    }
}
