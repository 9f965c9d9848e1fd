package org.gpumem.dwarf.expr;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * A DWARF expression that cannot be evaluated: a stack underflow, a division by zero, a hostile
 * loop, a value the context cannot supply. Names the operation and its byte offset in the
 * expression; {@link #offset()} is the operation's offset in the section.
 */
public class EvaluationException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    private final String operation;
    private final int operationOffset;

    public EvaluationException(Expression expression, DwarfOp op, String problem, Throwable cause) {
        super(expression.file(), expression.section(), expression.sectionOffset() + (op != null ? op.offset() : 0),
                (op != null ? op.name() + " at expression offset " + op.offset() + ": " : "") + problem, cause);
        this.operation = op != null ? op.name() : null;
        this.operationOffset = op != null ? op.offset() : -1;
    }

    /** Name of the operation that failed, or null when the failure was not at one operation. */
    public String operation() {
        return operation;
    }

    /** Byte offset of that operation from the start of the expression, or -1. */
    public int operationOffset() {
        return operationOffset;
    }
}
