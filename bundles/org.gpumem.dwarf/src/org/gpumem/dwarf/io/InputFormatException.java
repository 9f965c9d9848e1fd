package org.gpumem.dwarf.io;

/**
 * Bad input: a truncated, corrupt or hostile file. Every decoder in gpumem throws this (or a
 * subclass) so that the user sees one line naming the file, the section (or null when the
 * position is a file offset) and the byte offset where decoding stopped, e.g.
 * {@code k.cubin: .debug_info+0x1a4: abbreviation 9 not defined}.
 */
public class InputFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String section;
    private final long offset;
    private final String problem;

    public InputFormatException(String file, String section, long offset, String problem) {
        this(file, section, offset, problem, null);
    }

    public InputFormatException(String file, String section, long offset, String problem, Throwable cause) {
        super(format(file, section, offset, problem), cause);
        this.file = file;
        this.section = section;
        this.offset = offset;
        this.problem = problem;
    }

    private static String format(String file, String section, long offset, String problem) {
        String where = section != null ? section + "+0x" + Long.toHexString(offset) : "offset 0x" + Long.toHexString(offset);
        return (file != null ? file : "<input>") + ": " + where + ": " + problem;
    }

    /** Name of the file being decoded, as the caller gave it. */
    public String file() {
        return file;
    }

    /** Section name, or null when {@link #offset()} is an offset in the file itself. */
    public String section() {
        return section;
    }

    /** Byte offset in the section (or file) where the problem was found. */
    public long offset() {
        return offset;
    }

    /** The problem without the location prefix. */
    public String problem() {
        return problem;
    }

    /**
     * Text taken from the input, as a message may show it: on one line, control characters and
     * characters outside printable ASCII and Latin-1 written as {@code \xNN} (or backslash, u and
     * four hex digits above Latin-1),
     * cut after {@code max} characters with "..." (a name read from a corrupt header may be
     * binary, kilobytes long, and hold newlines).
     */
    public static String quote(CharSequence text, int max) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < text.length() && b.length() < max; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7f || c >= 0xa0 && c <= 0xff) {
                b.append(c);
            } else {
                b.append(c <= 0xff ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            }
        }
        return i < text.length() ? b + "..." : b.toString();
    }
}
