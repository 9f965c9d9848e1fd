package org.gpumem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.Dim3;

/**
 * What {@code gpumem exec}'s --if, --focus, --print, --watch and --stop-at-finding ask of each
 * launch's stops.
 *
 * @param condition     the --if expression, or null
 * @param focus         the --focus thread, or null
 * @param prints        the --print expressions, in order
 * @param watch         the --watch expression, or null
 * @param stopAtFinding whether each launch stops right after its memory checks' first finding
 */
record StopRequests(String condition, ThreadFocus focus, List<String> prints, String watch, boolean stopAtFinding) {
    StopRequests {
        prints = List.copyOf(prints);
    }

    /**
     * A thread as cuda-gdb's {@code cuda block (X,Y,Z) thread (X,Y,Z)} names it; either part may
     * be left out (then any block, or any thread, is meant), and missing coordinates are 0.
     *
     * @param block  the CTA, or null for any
     * @param thread the thread in the CTA, or null for any
     */
    record ThreadFocus(Dim3 block, Dim3 thread) {
        private static final Pattern FORM = Pattern.compile(
                "\\s*(?:block\\s*\\(([-0-9,\\s]*)\\))?\\s*(?:thread\\s*\\(([-0-9,\\s]*)\\))?\\s*");

        /**
         * Parses {@code block (1,0,0) thread (37,0,0)}.
         *
         * @throws IllegalArgumentException saying what the form is
         */
        static ThreadFocus parse(String text) {
            Matcher m = FORM.matcher(text);
            if (!m.matches() || m.group(1) == null && m.group(2) == null) {
                throw new IllegalArgumentException("expected 'block (X,Y,Z) thread (X,Y,Z)', not '" + text + "'");
            }
            return new ThreadFocus(m.group(1) == null ? null : coordinates(m.group(1), text),
                    m.group(2) == null ? null : coordinates(m.group(2), text));
        }

        private static Dim3 coordinates(String list, String text) {
            String[] parts = list.split(",");
            if (parts.length > 3) {
                throw new IllegalArgumentException("at most 3 coordinates in '" + text + "'");
            }
            int[] v = new int[3];
            for (int i = 0; i < parts.length; i++) {
                try {
                    v[i] = Integer.parseInt(parts[i].strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + parts[i].strip() + "' is not a coordinate in '" + text + "'");
                }
                if (v[i] < 0) {
                    throw new IllegalArgumentException("coordinates are 0 or more in '" + text + "'");
                }
            }
            return new Dim3(v[0], v[1], v[2]);
        }

        /** The same thread as a condition on CUDA's built-ins ({@code blockIdx.x == 1 && ...}). */
        String condition() {
            List<String> terms = new ArrayList<>();
            if (block != null) {
                terms.add("blockIdx.x == " + block.x() + " && blockIdx.y == " + block.y() + " && blockIdx.z == " + block.z());
            }
            if (thread != null) {
                terms.add("threadIdx.x == " + thread.x() + " && threadIdx.y == " + thread.y() + " && threadIdx.z == "
                        + thread.z());
            }
            return String.join(" && ", terms);
        }
    }

    /** The condition a --break location stops under: --if and --focus together, or null for none. */
    String breakCondition() {
        if (condition == null && focus == null) {
            return null;
        }
        if (focus == null) {
            return condition;
        }
        return condition == null ? focus.condition() : "(" + condition + ") && " + focus.condition();
    }
}
