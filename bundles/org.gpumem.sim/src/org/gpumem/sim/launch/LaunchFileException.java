package org.gpumem.sim.launch;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A launch description that cannot be used: malformed JSON, a missing or unknown field, a value
 * of the wrong kind or an absurd size. The message names the launch file and the field path
 * (e.g. {@code args[2].count}), since a JSON file has fields where binary inputs have sections;
 * text that is not JSON is reported at its line and column ({@code k.json:3:7: ...}).
 */
public final class LaunchFileException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final int line;
    private final int column;

    public LaunchFileException(String file, String field, String problem) {
        this(file, field, problem, null);
    }

    public LaunchFileException(String file, String field, String problem, Throwable cause) {
        this(file, field, 0, 0, problem, cause);
    }

    private LaunchFileException(String file, String field, int line, int column, String problem, Throwable cause) {
        super(file, field, 0, problem, cause);
        this.field = field;
        this.line = line;
        this.column = column;
    }

    /** Text that is not JSON, at a 1-based line and column of the file. */
    public static LaunchFileException syntax(String file, int line, int column, String problem) {
        return new LaunchFileException(file, "$", line, column, problem, null);
    }

    /** 1-based line of a syntax error, 0 when the error is about a field. */
    public int line() {
        return line;
    }

    /** 1-based column of a syntax error, 0 when the error is about a field. */
    public int column() {
        return column;
    }

    /** Path of the offending field from the document root, {@code $} for the document itself. */
    public String field() {
        return field;
    }

    @Override
    public String getMessage() {
        String name = file() != null ? file() : "<launch>";
        if (line > 0) {
            return name + ":" + line + ":" + column + ": " + problem();
        }
        return name + ": field " + field + ": " + problem();
    }
}
