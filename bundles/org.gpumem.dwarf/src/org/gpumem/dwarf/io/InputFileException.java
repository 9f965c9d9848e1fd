package org.gpumem.dwarf.io;

/**
 * An input file that cannot be read at all: missing, a directory, unreadable, or text that is not
 * UTF-8. The message names the file, what is wrong and what was expected, e.g.
 * {@code build/: is a directory; expected an ELF file or nvcc -G PTX}. {@link #offset()} is the
 * byte where decoding stopped for text that is not UTF-8, and 0 otherwise.
 */
public class InputFileException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final boolean positioned;

    public InputFileException(String file, String problem, Throwable cause) {
        super(file, null, 0, problem, cause);
        this.positioned = false;
    }

    public InputFileException(String file, long offset, String problem) {
        super(file, null, offset, problem, null);
        this.positioned = true;
    }

    /** {@code file: problem}, with {@code offset 0xN: } before the problem when there is a position. */
    @Override
    public String getMessage() {
        return (file() != null ? file() : "<input>") + ": " + (positioned ? "offset 0x" + Long.toHexString(offset()) + ": " : "")
                + problem();
    }
}
