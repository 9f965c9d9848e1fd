package org.gpumem.sim.debug;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;

/**
 * A watched byte range of a {@link ControlledLaunch} (a data breakpoint): {@code length} bytes
 * at {@code address} of {@code space} (GLOBAL by address, SHARED by a CTA's offset, LOCAL by a
 * thread's offset, CONST by offset in the module's bank), in one CTA or every CTA, and for local
 * memory one warp and lane or all. A warp whose instruction reads or writes them, as
 * {@code access} says, stops right after that instruction; a resume or step that sets none
 * runs as before, at no cost.
 *
 * @param cta  the CTA whose shared or local bytes are meant, null for every CTA (ignored for
 *             global and const memory)
 * @param warp the warp whose local bytes are meant, -1 for every warp
 * @param lane the lane whose local bytes are meant, -1 for every lane
 */
public record Watchpoint(PtxStateSpace space, long address, int length, Access access, Dim3 cta, int warp, int lane) {
    /** Which accesses stop a warp. */
    public enum Access {
        WRITE, READ, ACCESS
    }

    /**
     * What a watchpoint caught.
     *
     * @param watchpoint the watchpoint
     * @param cta        the CTA of the warp
     * @param warp       the warp (of a resident CTA), stopped right after the instruction
     * @param lane       the lane that accessed the bytes (the last one, in lane order, that did)
     * @param wrote      true when that lane's access wrote them
     * @param before     the watched bytes in that lane's context before the instruction
     * @param after      the same bytes after it
     * @param function   the (mangled) name of the instruction's function
     * @param ptxLine    the instruction's PTX line
     * @param source     its source position from {@code .loc}, or null
     */
    public record Hit(Watchpoint watchpoint, CtaView cta, WarpView warp, int lane, boolean wrote, byte[] before, byte[] after,
            String function, int ptxLine, SourceLocation source) {
    }
}
