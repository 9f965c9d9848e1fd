package org.gpumem.sim;

/**
 * Where one warp of a resident CTA was when a launch stopped: its state, the function and PTX line
 * of its next instruction and the source line {@code .loc} gives for it (null when none).
 */
public record WarpPosition(Dim3 cta, int warp, WarpState state, String function, int ptxLine, SourceLocation source) {

    /** One line, e.g. {@code CTA (0,0,0) warp 1: ready at PTX line 42 (spin.cu:7) in spin}. */
    public String format() {
        StringBuilder sb = new StringBuilder("CTA ").append(cta).append(" warp ").append(warp).append(": ")
                .append(state.name().toLowerCase().replace('_', ' '));
        if (ptxLine > 0) {
            sb.append(" at PTX line ").append(ptxLine);
            if (source != null) {
                sb.append(" (").append(source).append(')');
            }
            sb.append(" in ").append(function);
        }
        return sb.toString();
    }
}
