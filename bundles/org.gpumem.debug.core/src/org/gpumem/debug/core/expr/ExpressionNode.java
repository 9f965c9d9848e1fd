package org.gpumem.debug.core.expr;

import java.util.List;

import org.gpumem.dwarf.types.DwarfType;

/** The syntax tree of a parsed expression; {@code pos} is each part's offset in the text. */
sealed interface ExpressionNode {
    int pos();

    /** An integer, floating-point, character or boolean literal, already typed. */
    record Literal(int pos, DwarfType type, byte[] bytes) implements ExpressionNode {
    }

    /** A variable, module symbol or CUDA built-in. */
    record Name(int pos, String name) implements ExpressionNode {
    }

    /** A PTX register, {@code %r12} (written {@code %r12} or {@code $r12}). */
    record Register(int pos, String name) implements ExpressionNode {
    }

    /** {@code - + ! ~ * &} applied to {@code operand}. */
    record Unary(int pos, String op, ExpressionNode operand) implements ExpressionNode {
    }

    /** A binary operator; {@code pos} is the operator's. */
    record Binary(int pos, String op, ExpressionNode left, ExpressionNode right) implements ExpressionNode {
    }

    /** {@code condition ? whenTrue : whenFalse}. */
    record Conditional(int pos, ExpressionNode condition, ExpressionNode whenTrue, ExpressionNode whenFalse)
            implements ExpressionNode {
    }

    /** {@code array[index]}; {@code pos} is the bracket's. */
    record Index(int pos, ExpressionNode array, ExpressionNode index) implements ExpressionNode {
    }

    /** {@code object.member} or {@code object->member}; {@code pos} is the member name's. */
    record Member(int pos, ExpressionNode object, String member, boolean arrow) implements ExpressionNode {
    }

    /** {@code (type) operand}. */
    record Cast(int pos, TypeName type, ExpressionNode operand) implements ExpressionNode {
    }

    /** {@code sizeof operand} or {@code sizeof(type)} (then {@code operand} is null). */
    record SizeOf(int pos, ExpressionNode operand, TypeName type) implements ExpressionNode {
    }

    /**
     * A type as a cast or sizeof writes it: base words ({@code unsigned int}) or a name
     * ({@code Particle}), then pointers, each qualified with the space it points into
     * ({@code @shared int *}: {@code pointeeSpaces} holds, per {@code *}, the {@code @space}
     * written before it, or null), then array extents.
     */
    record TypeName(int pos, String text, List<String> words, String name, List<String> pointeeSpaces,
            List<Long> extents) {
    }
}
