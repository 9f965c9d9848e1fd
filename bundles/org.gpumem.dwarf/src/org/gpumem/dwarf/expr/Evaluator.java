package org.gpumem.dwarf.expr;

import java.nio.ByteOrder;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Evaluates DWARF expressions to location descriptions, with locations allowed on the stack as
 * the address-space proposal and DWARF 6 ("Locations on the Stack") describe: register,
 * DW_OP_mem, DW_OP_implicit_value... push locations; arithmetic takes values, and a memory
 * location converts to its offset only in the default address space.
 * <p>
 * Semantics of note:
 * <ul>
 * <li>DW_OP_mem pops the offset (top) and then the space when {@code memOffsetOnTop} (the seed
 * proposal); DW_OP_LLVM_form_aspace_address always pops the space (top) and then the offset.
 * Both truncate or zero-extend the offset to the space's address size and bind a
 * context-dependent space to the context current at that operation.</li>
 * <li>DW_OP_xderef* (the proposal's DW_OP_aspace_deref*) pop the address (top) then the space
 * and read memory. As the last operation of an expression evaluated for a location
 * ({@link #evaluate}, not {@link #evaluateValue}) it instead yields the memory location: that is what clang means by {@code DW_OP_litN, DW_OP_swap, DW_OP_xderef} for AMDGPU
 * (the object lives at that address of space N; nothing is to be read).</li>
 * <li>A value left on the stack is an address in the default space, or in the space the caller
 * gives (nvcc states the PTX state space of a DW_OP_addr variable in DW_AT_address_class).</li>
 * </ul>
 * Stack depth, operations executed (DW_OP_skip/bra back-edges), DWARF procedure nesting and
 * composite sizes are bounded, so hostile expressions end in an {@link EvaluationException}.
 * Input errors (an {@link InputFormatException} while decoding or reading, or the context's
 * {@link UnsupportedOperationException} for what it cannot supply) become
 * EvaluationExceptions naming the operation; any other exception is a bug and goes through.
 * An evaluator keeps no state between evaluations; it is as thread-safe as its context.
 */
public final class Evaluator {
    static final int MAX_STACK = 1024;
    static final int MAX_STEPS = 100_000;
    static final int MAX_CALL_DEPTH = 16;
    static final int MAX_PIECES = 4096;

    private final EvaluationContext context;
    private final boolean memOffsetOnTop;

    /**
     * @param context        the program state expressions may read
     * @param memOffsetOnTop DW_OP_mem's operand order (see
     *                       {@link org.gpumem.dwarf.aspace.AddressSpaceEncodings#memOffsetOnTop()})
     */
    public Evaluator(EvaluationContext context, boolean memOffsetOnTop) {
        this.context = context;
        this.memOffsetOnTop = memOffsetOnTop;
    }

    /** The location the expression describes; values left on the stack are addresses in the default space. */
    public LocationDescription evaluate(Expression expression) {
        return evaluate(expression, context.numbering().defaultSpace());
    }

    /** As {@link #evaluate(Expression)}, with values left on the stack taken as offsets in {@code valueSpace}. */
    public LocationDescription evaluate(Expression expression, DwarfAddressSpace valueSpace) {
        StackMachine m = new StackMachine(context, memOffsetOnTop, expression, true);
        m.run(expression, 0);
        return m.result(valueSpace);
    }

    /** Evaluates an expression that computes a value (DW_AT_frame_base as value, bounds...), with initial stack values. */
    public long evaluateValue(Expression expression, long... initial) {
        StackMachine m = new StackMachine(context, memOffsetOnTop, expression, false);
        for (long v : initial) {
            m.push(StackEntry.generic(v, expression.addressSize()), null);
        }
        m.run(expression, 0);
        if (m.stack.isEmpty()) {
            throw new EvaluationException(expression, null, "expression left no value", null);
        }
        return m.value(m.stack.peek(), null);
    }

    /** Selects the entry of {@code list} covering {@code pc} and evaluates it; no entry gives undefined. */
    public LocationDescription evaluate(LocationList list, long pc, DwarfAddressSpace valueSpace) {
        Expression e = list.select(pc);
        return e == null ? LocationDescription.UNDEFINED : evaluate(e, valueSpace);
    }

    /** A context whose target is big-endian implements this so that DW_OP_stack_value bytes come out right. */
    public interface ByteOrdered {
        ByteOrder byteOrder();
    }
}
