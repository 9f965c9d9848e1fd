package org.gpumem.debug.core.expr;

/**
 * An expression that cannot be evaluated: bad syntax, an unknown name, a type that does not
 * allow the operation, memory outside its space. A user's mistake or the kernel's state, shown
 * as one line ({@link #getMessage()}: {@code column 7: no symbol 'q' in expressions}), never a
 * bug. {@link #position()} is the offset in the expression text (0-based) of the part that
 * failed; -1 while a part of the debugger that does not know the text raises it.
 */
public final class ExpressionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int position;
    private final String detail;

    /** A failure at {@code position} of the expression text. */
    public ExpressionException(int position, String detail) {
        super(position >= 0 ? "column " + (position + 1) + ": " + detail : detail);
        this.position = position;
        this.detail = detail;
    }

    /** A failure whose position the evaluator supplies ({@link #at}). */
    public ExpressionException(String detail) {
        this(-1, detail);
    }

    /** The 0-based offset in the expression text, or -1 when unknown. */
    public int position() {
        return position;
    }

    /** What went wrong, without the position. */
    public String detail() {
        return detail;
    }

    /** This failure at {@code at} when it has no position yet. */
    public ExpressionException at(int at) {
        return position >= 0 ? this : new ExpressionException(at, detail);
    }
}
