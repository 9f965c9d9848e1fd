package org.gpumem.sim.ptx;

/**
 * The token stream of one PTX text as the parsers walk it: the lexer's arrays and the position,
 * with the checks every parser step makes and errors that name {@code file:line}.
 */
final class Tokens {
    final String file;
    final PtxLexer lx;
    int p;

    Tokens(String file, String text) throws PtxException {
        this.file = file;
        this.lx = new PtxLexer(file, text);
    }

    PtxException error(String msg) {
        return new PtxException(file, lx.lines[Math.min(p, lx.count - 1)], null, msg);
    }

    PtxException error(int line, String opcode, String msg) {
        return new PtxException(file, line, opcode, msg);
    }

    String peek() {
        return lx.texts[p];
    }

    boolean at(String s) {
        return lx.kinds[p] != PtxLexer.EOF && lx.texts[p].equals(s);
    }

    String next() throws PtxException {
        if (lx.kinds[p] == PtxLexer.EOF) {
            throw error("unexpected end of file");
        }
        return lx.texts[p++];
    }

    void expect(String s) throws PtxException {
        if (!at(s)) {
            throw error("expected '" + s + "' but found '" + peek() + "'");
        }
        p++;
    }

    boolean accept(String s) {
        if (at(s)) {
            p++;
            return true;
        }
        return false;
    }

    String word() throws PtxException {
        if (lx.kinds[p] != PtxLexer.WORD) {
            throw error("expected a name but found '" + peek() + "'");
        }
        return lx.texts[p++];
    }

    long integer() throws PtxException {
        boolean neg = accept("-");
        String w = word();
        Long v = PtxLoader.parseInteger(w);
        if (v == null) {
            throw error("expected an integer but found '" + w + "'");
        }
        return neg ? -v : v;
    }

    void skipLine(int line) {
        while (lx.kinds[p] != PtxLexer.EOF && lx.lines[p] == line) {
            p++;
        }
    }

    void skipStatement() throws PtxException {
        while (!at(";")) {
            next();
        }
        p++;
    }

    /** The kind of the current token ({@link PtxLexer#WORD}, ...). */
    int kind() {
        return lx.kinds[p];
    }

    /** The line of the current token. */
    int line() {
        return lx.lines[p];
    }
}
