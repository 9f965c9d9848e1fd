package org.gpumem.sim.ptx;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * Malformed or unsupported PTX: names the file, the 1-based line and, when the problem is one
 * instruction, its opcode. The message reads {@code file:line: what} so tools can print it as
 * one line. As an {@link InputFormatException} its section is {@code "line"} and its offset
 * the 1-based line number.
 */
public class PtxException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final String opcode;

    public PtxException(String file, int line, String opcode, String message) {
        super(file, "line", line, message);
        this.line = line;
        this.opcode = opcode;
    }

    @Override
    public String getMessage() {
        return file() + ":" + line + ": " + problem();
    }

    /** 1-based line in the PTX text. */
    public int line() {
        return line;
    }

    /** The opcode (with modifiers) of the offending instruction, or null for a directive. */
    public String opcode() {
        return opcode;
    }
}
