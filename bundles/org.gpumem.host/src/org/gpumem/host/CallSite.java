package org.gpumem.host;

/**
 * A call in a program's host code, named from the symbols of the file it is in.
 *
 * @param address the return address, as the process sees it
 * @param file the name of the mapped file holding it (the program, a library)
 * @param symbol the function's symbol as the file spells it (mangled), or null when no function symbol holds it
 * @param function the function's name as a user reads it (demangled), or null
 * @param offset the return address's offset in the function, or its virtual address in the file when none holds it
 * @param sourceFile the base name of the call's source file from the file's line table, or null
 * @param line the call's source line, or 0
 */
public record CallSite(long address, String file, String symbol, String function, long offset, String sourceFile,
        int line) {

    /** {@code main+0x1a4 (vector_add.cu:42)}, or {@code app+0x11a4} when no function is known. */
    @Override
    public String toString() {
        String where = (function != null ? function : file) + "+0x" + Long.toHexString(offset);
        return sourceFile == null ? where : where + " (" + sourceFile + ":" + line + ")";
    }
}
