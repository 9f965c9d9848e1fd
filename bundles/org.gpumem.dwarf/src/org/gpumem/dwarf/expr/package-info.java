/**
 * DWARF expressions: decoding them into operations ({@link org.gpumem.dwarf.expr.ExpressionDecoder}),
 * printing them as llvm-dwarfdump does, and evaluating them to
 * {@link org.gpumem.dwarf.expr.LocationDescription}s with locations on the stack and address
 * spaces ({@link org.gpumem.dwarf.expr.Evaluator}). What an evaluation needs of the program
 * (registers, memory, frame base) it asks an {@link org.gpumem.dwarf.expr.EvaluationContext};
 * every bound (stack depth, operations, pieces) is enforced, and a failure is an
 * {@link org.gpumem.dwarf.expr.EvaluationException} naming the operation.
 */
package org.gpumem.dwarf.expr;
