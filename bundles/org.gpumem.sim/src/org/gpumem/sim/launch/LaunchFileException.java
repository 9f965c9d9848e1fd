package org.gpumem.sim.launch;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A launch description that cannot be used: malformed JSON, a missing or unknown field, a value
 * of the wrong kind or an absurd size. The message names the launch file and the field path
 * (e.g. {@code args[2].count}), since a JSON file has fields where binary inputs have sections.
 */
public final class LaunchFileException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final String field;

    public LaunchFileException(String file, String field, String problem) {
        this(file, field, problem, null);
    }

    public LaunchFileException(String file, String field, String problem, Throwable cause) {
        super(file, field, 0, problem, cause);
        this.field = field;
    }

    /** Path of the offending field from the document root, {@code $} for the document itself. */
    public String field() {
        return field;
    }

    @Override
    public String getMessage() {
        return (file() != null ? file() : "<launch>") + ": field " + field + ": " + problem();
    }
}
