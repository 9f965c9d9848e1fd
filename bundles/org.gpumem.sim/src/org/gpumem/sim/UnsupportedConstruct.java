package org.gpumem.sim;

import java.util.List;

/**
 * An instruction or construct of a loaded module that the simulator cannot execute, as a kernel
 * that can reach it sees it. A module loads whatever it contains (as the CUDA driver's lazy
 * loading does); a kernel that can reach such a construct through its call graph is not runnable,
 * and launching it fails with {@link UnsupportedKernelException}.
 *
 * @param file     the module's file name
 * @param line     1-based PTX line of the construct
 * @param opcode   the instruction's opcode with its modifiers, or null for a construct that is not
 *                 one instruction
 * @param problem  what the simulator cannot do, e.g. {@code unsupported instruction tex.1d.v4.f32.s32}
 * @param source   the CUDA source position of the nearest preceding {@code .loc}, or null
 * @param callPath the functions from the kernel to the one holding the construct, the kernel first
 *                 (just the kernel when the construct is in its own body)
 */
public record UnsupportedConstruct(String file, int line, String opcode, String problem, SourceLocation source,
        List<String> callPath) {
    public UnsupportedConstruct {
        callPath = List.copyOf(callPath);
    }

    /** The function whose body holds the construct. */
    public String function() {
        return callPath.get(callPath.size() - 1);
    }

    /**
     * One line: {@code file:line: problem (source a.cu:12; call path k -> f -> g)}; the call path
     * is given when the construct is not in the kernel's own body.
     */
    public String describe() {
        StringBuilder s = new StringBuilder(file).append(':').append(line).append(": ").append(problem);
        String details = (source != null ? "source " + source : "")
                + (source != null && callPath.size() > 1 ? "; " : "")
                + (callPath.size() > 1 ? "call path " + String.join(" -> ", callPath) : "");
        if (!details.isEmpty()) {
            s.append(" (").append(details).append(')');
        }
        return s.toString();
    }
}
