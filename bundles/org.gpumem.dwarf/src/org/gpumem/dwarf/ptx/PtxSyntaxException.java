package org.gpumem.dwarf.ptx;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A PTX debug section that cannot be assembled. The message names the file and line
 * ({@code k.ptx:118: ...}); {@link #offset()} is the byte offset reached in the section being
 * assembled, {@link #section()} that section (null outside one).
 */
public class PtxSyntaxException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final int line;

    public PtxSyntaxException(String file, int line, String section, long offset, String problem) {
        super(file + ":" + line, section, offset, problem);
        this.line = line;
    }

    /** 1-based line number in the PTX file. */
    public int line() {
        return line;
    }
}
