package org.gpumem.sim;


/**
 * What stopped a kernel, with the context a memory checker reports: the CTA, warp, lane and
 * thread index; for memory faults the space, address and access size; the instruction text,
 * its PTX line and the source line from {@code .loc}. Context fields are -1 / null where the
 * fault has no single thread (a deadlock names the first waiting warp).
 */
public record Fault(FaultKind kind, String detail, PtxStateSpace space, long address, int size, Dim3 cta, int warp,
        int lane, Dim3 thread, String function, String instruction, int ptxLine, SourceLocation source) {

    /** One line: kind, space and address, context, instruction and lines. */
    public String message() {
        StringBuilder sb = new StringBuilder(kind.description());
        if (space != null) {
            sb.append(": ").append(size).append("-byte access to ").append(space.ptxName()).append(" address 0x")
                    .append(Long.toHexString(address));
        }
        if (detail != null && !detail.isEmpty()) {
            sb.append(" (").append(detail).append(')');
        }
        if (cta != null) {
            sb.append(" in CTA ").append(cta);
        }
        if (warp >= 0) {
            sb.append(" warp ").append(warp);
        }
        if (lane >= 0) {
            sb.append(" lane ").append(lane).append(" thread ").append(thread);
        }
        if (instruction != null) {
            sb.append(" at '").append(instruction).append("' (PTX line ").append(ptxLine);
            if (source != null) {
                sb.append(", ").append(source);
            }
            sb.append(')');
        }
        return sb.toString();
    }

    /** A multi-line report like a memory checker's. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        sb.append("========= ").append(kind.description()).append('\n');
        if (space != null) {
            sb.append("=========   ").append(size).append("-byte access to ").append(space.ptxName())
                    .append(" address 0x").append(Long.toHexString(address)).append('\n');
        }
        if (detail != null && !detail.isEmpty()) {
            sb.append("=========   ").append(detail).append('\n');
        }
        if (cta != null) {
            sb.append("=========   by CTA ").append(cta);
            if (warp >= 0) {
                sb.append(" warp ").append(warp);
            }
            if (lane >= 0) {
                sb.append(" lane ").append(lane).append(" (thread ").append(thread).append(')');
            }
            sb.append('\n');
        }
        if (instruction != null) {
            sb.append("=========   at ").append(instruction).append(" in ").append(function).append('\n');
            sb.append("=========   PTX line ").append(ptxLine);
            if (source != null) {
                sb.append(", source ").append(source);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
