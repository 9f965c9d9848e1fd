/**
 * The debug core's expression evaluator: one for the IDE (Expressions view, hovers,
 * Display/Inspect, Warp Watch, breakpoint conditions), {@code gpumem exec} (--if, --print,
 * --watch) and the DAP server.
 *
 * <p><b>Language.</b> C expressions as cuda-gdb's {@code print} takes them: literals (C's integer
 * types and suffixes, floats, characters, {@code true}/{@code false}); {@code + - * / % << >> & |
 * ^ ~ ! && || == != < <= > >= ?:} with the usual arithmetic conversions; indexing by
 * expressions; {@code .} and {@code ->}; unary {@code *} and {@code &}; casts to base, named
 * (DWARF) and pointer types, with cuda-gdb's address-space qualifiers
 * ({@code *(@shared int *) 0x40}, {@code @global}, {@code @local}, {@code @generic},
 * {@code @const}, {@code @param}: any name or alias of the target's spaces); {@code sizeof};
 * CUDA's {@code threadIdx}, {@code blockIdx}, {@code blockDim}, {@code gridDim},
 * {@code warpSize}; PTX registers as {@code $r12} or {@code %r12}. An address keeps its space
 * ({@code &stage[3]} is {@code (@shared int *) 0xc}); a generic pointer is read through the
 * model's windows; comparisons give {@code bool}. Names are the frame's locals and parameters,
 * then the module's variables (DWARF), then the module's symbols (a {@code -lineinfo} build:
 * no type until a cast gives one, as in cuda-gdb).
 *
 * <p><b>Values.</b> An {@link org.gpumem.debug.core.expr.ExpressionValue} has its DWARF-derived
 * {@link org.gpumem.dwarf.types.DwarfType}, its place (memory: space and offset as the lane
 * sees it; or a register), and its bytes at the stop; {@code format()} prints it as cuda-gdb
 * does ({@link org.gpumem.debug.core.expr.ValuePrinter}); {@code parts()} gives a struct's members
 * and an array's elements as {@code .} and {@code []} give them (the Expressions view's child rows).
 *
 * <p><b>Errors.</b> Whatever cannot be evaluated is an
 * {@link org.gpumem.debug.core.expr.ExpressionException}: one line naming the column
 * ({@code column 7: no variable or symbol 'q' in expressions...}); memory outside its space's
 * pool is one too, never a JVM exception.
 *
 * <p><b>Entry points and threads.</b> Front ends do not call
 * {@link org.gpumem.debug.core.expr.ExpressionEvaluator} themselves: they use the engine
 * ({@code KernelEngine.parse/evaluate/evaluateWarp/watchpoint/memoryReference}, confined to the
 * session's executor) or {@code DebugSession.evaluate/evaluateWarp/watchpoint}, which run there.
 * {@link org.gpumem.debug.core.expr.ParsedExpression} is immutable: parse a condition or a watch
 * row once, evaluate it in many lanes. An {@link org.gpumem.debug.core.expr.EvaluationScope} is
 * what one lane of one frame offers; the core implements it. Nothing here depends on the core's
 * other packages.
 */
package org.gpumem.debug.core.expr;
