package org.gpumem.debug.core.expr;

import java.util.function.Predicate;

/**
 * An expression parsed once, to be evaluated in many lanes and at many stops (a breakpoint's
 * condition, a Warp Watch row). Immutable; any thread.
 */
public final class ParsedExpression {
    private final String text;
    private final ExpressionNode root;

    private ParsedExpression(String text, ExpressionNode root) {
        this.text = text;
        this.root = root;
    }

    /**
     * Parses {@code text} as a C expression with cuda-gdb's additions ({@code @space} in casts,
     * {@code $r12}/{@code %r12} registers).
     *
     * @param isTypeName whether an identifier names a type of the module (then {@code (X) y} is a
     *                   cast); the base types of C are known without it
     * @throws ExpressionException naming the position where the text stops being an expression
     */
    public static ParsedExpression parse(String text, Predicate<String> isTypeName) {
        return new ParsedExpression(text, ExpressionParser.parse(text, isTypeName));
    }

    /** The text as written. */
    public String text() {
        return text;
    }

    ExpressionNode root() {
        return root;
    }

    @Override
    public String toString() {
        return text;
    }
}
