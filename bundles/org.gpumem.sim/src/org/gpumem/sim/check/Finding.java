package org.gpumem.sim.check;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.sim.PtxStateSpace;

/**
 * One finding of a memory check. Identical findings (the same class, space, variable, kernel and
 * instructions, whichever threads and launches) are one finding with a {@link #count}.
 *
 * @param kind     the class, and with it the tool
 * @param space    the address space of the bytes, or null where none (a barrier)
 * @param address  the first byte: a global address, or an offset in the CTA's shared memory or the
 *                 thread's local memory; 0 where none
 * @param size     bytes accessed (or allocated); 0 where none
 * @param variable what the bytes belong to (a variable, an allocation with the call that made
 *                 it), or null when nothing is known
 * @param kernel   the kernel (mangled), or null for a finding of the host program (a leak)
 * @param launch   the device's launch number (1 for its first launch), 0 when none
 * @param access   the access found (for a leak: where the memory was allocated), or null
 * @param other    the other access of a race or divergent barrier, else null
 * @param detail   what the class does not say (bytes past the end, the mask...), or null
 * @param count    how many times it was seen
 * @param launches in how many launches it was seen
 */
public record Finding(FindingKind kind, PtxStateSpace space, long address, long size, String variable, String kernel,
        int launch, Access access, Access other, String detail, long count, int launches) {

    /** The same finding seen {@code moreTimes} more times, in {@code moreLaunches} more launches. */
    public Finding seenAgain(long moreTimes, int moreLaunches) {
        return new Finding(kind, space, address, size, variable, kernel, launch, access, other, detail,
                count + moreTimes, launches + moreLaunches);
    }

    /** What makes two findings identical: class, space, variable, kernel and both instructions. */
    public String key() {
        return kind + "|" + (space == null ? "" : space.ptxName()) + "|" + variable + "|" + kernel + "|"
                + (access == null ? "" : access.site()) + "|" + (other == null ? "" : other.site())
                + (access == null ? "|" + address : "");
    }

    /**
     * The finding as report lines, compute-sanitizer style: the tool and class, the space, address
     * and variable, the kernel and launch, then each access with its source line and its thread.
     */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(kind.tool().cliName()).append(": ").append(kind.description());
        if (space != null) {
            sb.append(" in ").append(space.ptxName()).append(" memory");
        }
        if (size > 0) {
            sb.append(": ").append(size).append(size == 1 ? " byte" : " bytes");
            sb.append(space == PtxStateSpace.GLOBAL || space == null ? " at 0x" : " at offset 0x").append(Long.toHexString(address));
        }
        if (variable != null) {
            sb.append(" (").append(variable).append(')');
        }
        if (kernel != null) {
            sb.append(", kernel ").append(ItaniumDemangler.readable(kernel)).append(", launch ").append(launch);
        }
        if (detail != null) {
            sb.append("\n    ").append(detail);
        }
        if (access != null) {
            line(sb, access);
        }
        if (other != null) {
            line(sb, other);
        }
        if (count > 1) {
            sb.append("\n    seen ").append(count).append(" times");
            if (launches > 1) {
                sb.append(" in ").append(launches).append(" launches");
            }
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, Access a) {
        sb.append("\n    ").append(a.operation().word());
        sb.append(" at ").append(a.where());
        if (a.instruction() != null) {
            sb.append(": ").append(a.instruction());
        }
        String context = a.context();
        if (!context.isEmpty()) {
            sb.append(", by ").append(context);
        } else if (a.ptxLine() >= 0 || a.source() != null) {
            sb.append(" in ").append(a.function());
        }
    }
}
