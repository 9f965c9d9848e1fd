package org.gpumem.dwarf.ptx;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A PTX debug section that cannot be assembled. The message names the file and line
 * ({@code k.ptx:118: .debug_info+0x2: ...}); {@link #file()} is {@code k.ptx:118},
 * {@link #offset()} the byte offset reached in the section being assembled, {@link #section()}
 * that section (null outside one, and then the message has no offset).
 */
public class PtxSyntaxException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final int line;

    public PtxSyntaxException(String file, int line, String section, long offset, String problem) {
        super(file + ":" + line, section, offset, problem);
        this.line = line;
    }

    /** {@code file:line: problem}, with {@code section+0xN: } before the problem inside a section. */
    @Override
    public String getMessage() {
        return file() + ": " + (section() != null ? section() + "+0x" + Long.toHexString(offset()) + ": " : "") + problem();
    }

    /** 1-based line number in the PTX file. */
    public int line() {
        return line;
    }
}
