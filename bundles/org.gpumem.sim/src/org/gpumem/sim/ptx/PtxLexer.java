package org.gpumem.sim.ptx;

import java.util.Arrays;

/**
 * Splits PTX text into tokens: words (opcodes with their dotted modifiers, directives,
 * registers, labels, numbers), strings, and single punctuation characters. Comments are
 * dropped. Each token records its line and character range so directives that end at the end
 * of a line ({@code .loc}, {@code .file}) and skipped blocks ({@code .section}) can be handled.
 */
final class PtxLexer {
    static final byte WORD = 1, STRING = 2, PUNCT = 3, EOF = 4;

    final String file;
    final String text;
    byte[] kinds = new byte[1024];
    String[] texts = new String[1024];
    int[] lines = new int[1024];
    int[] starts = new int[1024];
    int[] ends = new int[1024];
    int count;

    PtxLexer(String file, String text) throws PtxException {
        this.file = file;
        this.text = text;
        lex();
    }

    private void add(byte kind, String s, int line, int start, int end) {
        if (count == kinds.length) {
            int n = count * 2;
            kinds = Arrays.copyOf(kinds, n);
            texts = Arrays.copyOf(texts, n);
            lines = Arrays.copyOf(lines, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
        }
        kinds[count] = kind;
        texts[count] = s;
        lines[count] = line;
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    private static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '%' || c == '.';
    }

    /** The state-space directives that declare variables and registers. */
    private static final String[] DECLARING = {".reg.", ".local.", ".shared.", ".param.", ".const.", ".global."};

    /**
     * Where the type begins in a declaring directive written without a space before it
     * ({@code .reg.b16}, as cuda_fp16.hpp's inline assembly writes it), so that it lexes as the
     * directive and its type; -1 for any other word.
     */
    private static int gluedType(String t, int start, int end) {
        for (String d : DECLARING) {
            if (end - start > d.length() && t.startsWith(d, start)) {
                return start + d.length() - 1;
            }
        }
        return -1;
    }

    private void lex() throws PtxException {
        String t = text;
        int n = t.length();
        int line = 1;
        int i = 0;
        while (i < n) {
            char c = t.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                i++;
            } else if (c == '/' && i + 1 < n && t.charAt(i + 1) == '/') {
                while (i < n && t.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && t.charAt(i + 1) == '*') {
                int startLine = line;
                i += 2;
                while (i + 1 < n && !(t.charAt(i) == '*' && t.charAt(i + 1) == '/')) {
                    if (t.charAt(i) == '\n') {
                        line++;
                    }
                    i++;
                }
                if (i + 1 >= n) {
                    throw new PtxException(file, startLine, null, "unterminated comment");
                }
                i += 2;
            } else if (c == '"') {
                int s = i++;
                StringBuilder sb = new StringBuilder();
                while (i < n && t.charAt(i) != '"') {
                    char d = t.charAt(i);
                    if (d == '\n') {
                        throw new PtxException(file, line, null, "unterminated string");
                    }
                    if (d == '\\' && i + 1 < n) {
                        i++;
                        d = t.charAt(i);
                    }
                    sb.append(d);
                    i++;
                }
                if (i >= n) {
                    throw new PtxException(file, line, null, "unterminated string");
                }
                i++;
                add(STRING, sb.toString(), line, s, i);
            } else if (wordChar(c)) {
                int s = i;
                boolean number = Character.isDigit(c);
                while (i < n) {
                    char d = t.charAt(i);
                    if (wordChar(d)) {
                        i++;
                    } else if (d == ':' && i + 1 < n && t.charAt(i + 1) == ':' && !number) {
                        i += 2;
                    } else if (number && (d == '+' || d == '-') && (t.charAt(i - 1) == 'e' || t.charAt(i - 1) == 'E')
                            && !t.startsWith("0x", s) && !t.startsWith("0X", s) && !t.startsWith("0f", s)
                            && !t.startsWith("0d", s) && !t.startsWith("0F", s) && !t.startsWith("0D", s)) {
                        i++;
                    } else {
                        break;
                    }
                }
                int glued = c == '.' ? gluedType(t, s, i) : -1;
                if (glued > 0) {
                    add(WORD, t.substring(s, glued), line, s, glued);
                    s = glued;
                }
                add(WORD, t.substring(s, i), line, s, i);
            } else {
                add(PUNCT, String.valueOf(c), line, i, i + 1);
                i++;
            }
        }
        add(EOF, "<end of file>", line, n, n);
    }
}
