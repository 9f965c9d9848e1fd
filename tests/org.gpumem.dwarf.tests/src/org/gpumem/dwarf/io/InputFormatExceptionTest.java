package org.gpumem.dwarf.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Input text shown in a message stays on one line and within bounds (issue 36: a binary bundle entry id spanning lines). */
class InputFormatExceptionTest {
    @Test
    void quotedInputIsOneLineOfPrintableCharacters() {
        assertEquals("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+", InputFormatException.quote("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+", 100));
        assertEquals("a\\x0ab\\x00c\\x7f\u00e9\\u4e2d", InputFormatException.quote("a\nb\0c\u007f\u00e9\u4e2d", 100));
        assertEquals("abcd...", InputFormatException.quote("abcdefgh", 4));
        assertEquals("abcd", InputFormatException.quote("abcd", 4));
        assertEquals("\\x01...", InputFormatException.quote("\u0001\u0002", 1));
    }
}
