package org.gpumem.model.snapshot;

import java.util.List;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A snapshot model that breaks the model's invariants: each {@link Violation} names the XMI
 * element (its URI fragment, e.g. {@code //@target/@addressSpaces.2/@access/@windows.0}) and what
 * is wrong there. The message has one line per violation, each starting with the file.
 */
public final class InvalidSnapshotException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    /** One broken invariant: the element's URI fragment, what the element is, and the problem. */
    public record Violation(String element, String what, String problem) {
        String line(String file) {
            return file + ": XMI element " + element + " (" + what + "): " + problem;
        }
    }

    private final List<Violation> violations;

    InvalidSnapshotException(String file, List<Violation> violations) {
        super(file, null, 0, violations.get(0).problem());
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }

    @Override
    public String getMessage() {
        StringBuilder b = new StringBuilder();
        for (Violation v : violations) {
            b.append(b.length() == 0 ? "" : "\n").append(v.line(file()));
        }
        return b.toString();
    }
}
