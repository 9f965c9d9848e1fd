package org.gpumem.dwarf.expr;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.NumberKind;

/**
 * What can be said about a location without a running program: its kind and, for memory, the
 * address space when the expression names it with constants (DW_OP_lit3 ... DW_OP_mem, clang's
 * DW_OP_lit5, DW_OP_swap, DW_OP_xderef, DW_OP_aspace_bregx after a literal). The CLI lists
 * variables with it; the evaluator gives the full location once a context exists.
 *
 * @param kind  memory, register, implicit, composite or none
 * @param space the address space of a memory location, or null when the expression computes
 *              it at run time or the location is not memory
 */
public record LocationSummary(String kind, DwarfAddressSpace space) {

    /**
     * @param valueSpace     the space a value left on the stack addresses: the default space, or
     *                       the one the variable's DW_AT_address_class names (nvcc)
     * @param memOffsetOnTop DW_OP_mem's operand order, as for {@link Evaluator}
     */
    public static LocationSummary of(Expression expression, AddressSpaceNumbering numbering, DwarfAddressSpace valueSpace,
            boolean memOffsetOnTop) {
        List<DwarfOp> ops = expression.ops();
        if (ops.isEmpty()) {
            return new LocationSummary("none", null);
        }
        for (DwarfOp op : ops) {
            switch (op.operation()) {
                case PIECE: case BIT_PIECE: case LLVM_PIECE_END: case LLVM_EXTEND: case LLVM_SELECT_BIT_PIECE:
                    return new LocationSummary("composite", null);
                default:
                    break;
            }
        }
        switch (ops.get(ops.size() - 1).operation()) {
            case STACK_VALUE: case IMPLICIT_VALUE: case IMPLICIT_POINTER: case GNU_IMPLICIT_POINTER:
                return new LocationSummary("implicit", null);
            case REG: case REGX: case LLVM_CALL_FRAME_ENTRY_REG:
                return new LocationSummary("register", null);
            case LLVM_UNDEFINED:
                return new LocationSummary("none", null);
            default:
                return new LocationSummary("memory", memorySpace(ops, numbering, valueSpace, memOffsetOnTop));
        }
    }

    /** A constant-tracking run over the operations; null when a value it needs is not constant. */
    private static DwarfAddressSpace memorySpace(List<DwarfOp> ops, AddressSpaceNumbering numbering, DwarfAddressSpace valueSpace,
            boolean memOffsetOnTop) {
        Deque<Abstract> stack = new ArrayDeque<>();
        for (int i = 0; i < ops.size(); i++) {
            DwarfOp op = ops.get(i);
            if (stack.size() > Evaluator.MAX_STACK) {
                return null;
            }
            switch (op.operation()) {
                case ADDR: case CONST1U: case CONST1S: case CONST2U: case CONST2S: case CONST4U: case CONST4S:
                case CONST8U: case CONST8S: case CONSTU: case CONSTS:
                    stack.push(Abstract.value(op.operand(0)));
                    break;
                case LIT:
                    stack.push(Abstract.value(op.index()));
                    break;
                case ADDRX: case CONSTX: case GNU_ADDR_INDEX: case GNU_CONST_INDEX: case BREG: case BREGX: case FBREG:
                case REGVAL_TYPE: case GNU_REGVAL_TYPE: case CONST_TYPE: case GNU_CONST_TYPE: case CALL_FRAME_CFA:
                case PUSH_OBJECT_ADDRESS: case ENTRY_VALUE: case GNU_ENTRY_VALUE: case LLVM_PUSH_LANE: case REG: case REGX:
                case IMPLICIT_VALUE: case IMPLICIT_POINTER: case GNU_IMPLICIT_POINTER: case LLVM_UNDEFINED:
                case LLVM_CALL_FRAME_ENTRY_REG: case LLVM_PIECE_END:
                    stack.push(Abstract.UNKNOWN);
                    break;
                case DEREF: case DEREF_SIZE: case DEREF_TYPE: case GNU_DEREF_TYPE: case ABS: case NEG: case NOT:
                case PLUS_UCONST: case CONVERT: case REINTERPRET: case GNU_CONVERT: case GNU_REINTERPRET:
                case FORM_TLS_ADDRESS: case GNU_PUSH_TLS_ADDRESS: case STACK_VALUE:
                    if (pop(stack) == null) {
                        return null;
                    }
                    stack.push(Abstract.UNKNOWN);
                    break;
                case LLVM_OFFSET_UCONST: {
                    Abstract l = pop(stack);
                    if (l == null) {
                        return null;
                    }
                    stack.push(l.location ? l : Abstract.UNKNOWN);
                    break;
                }
                case LLVM_OFFSET: case LLVM_BIT_OFFSET: {
                    Abstract offset = pop(stack), l = pop(stack);
                    if (offset == null || l == null) {
                        return null;
                    }
                    stack.push(l.location ? l : Abstract.UNKNOWN);
                    break;
                }
                case AND: case DIV: case MINUS: case MOD: case MUL: case OR: case PLUS: case SHL: case SHR: case SHRA:
                case XOR: case EQ: case GE: case GT: case LE: case LT: case NE: case XDEREF_SIZE: case XDEREF_TYPE:
                    if (pop(stack) == null || pop(stack) == null) {
                        return null;
                    }
                    stack.push(Abstract.UNKNOWN);
                    break;
                case XDEREF: {
                    Abstract offset = pop(stack), space = pop(stack);
                    if (offset == null || space == null) {
                        return null;
                    }
                    stack.push(i == ops.size() - 1 ? Abstract.in(space, numbering) : Abstract.UNKNOWN);
                    break;
                }
                case MEM: case LLVM_FORM_ASPACE_ADDRESS: {
                    Abstract top = pop(stack), below = pop(stack);
                    if (top == null || below == null) {
                        return null;
                    }
                    boolean spaceOnTop = op.operation() == Operation.LLVM_FORM_ASPACE_ADDRESS || !memOffsetOnTop;
                    Abstract space = spaceOnTop ? top : below;
                    stack.push(Abstract.in(space, numbering));
                    break;
                }
                case ASPACE_BREGX: case LLVM_ASPACE_BREGX: {
                    Abstract space = pop(stack);
                    if (space == null) {
                        return null;
                    }
                    stack.push(Abstract.in(space, numbering));
                    break;
                }
                case DUP: case OVER: case PICK: {
                    int depth = op.operation() == Operation.DUP ? 0 : op.operation() == Operation.OVER ? 1 : (int) op.operand(0);
                    if (depth >= stack.size()) {
                        return null;
                    }
                    Iterator<Abstract> it = stack.iterator();
                    for (int k = 0; k < depth; k++) {
                        it.next();
                    }
                    stack.push(it.next());
                    break;
                }
                case DROP:
                    if (pop(stack) == null) {
                        return null;
                    }
                    break;
                case SWAP: {
                    Abstract a = pop(stack), b = pop(stack);
                    if (a == null || b == null) {
                        return null;
                    }
                    stack.push(a);
                    stack.push(b);
                    break;
                }
                case ROT: {
                    Abstract a = pop(stack), b = pop(stack), c = pop(stack);
                    if (a == null || b == null || c == null) {
                        return null;
                    }
                    stack.push(a);
                    stack.push(c);
                    stack.push(b);
                    break;
                }
                case NOP: case LLVM_NOP: case GNU_UNINIT:
                    break;
                default:
                    return null;
            }
        }
        Abstract top = stack.peek();
        if (top == null) {
            return null;
        }
        return top.location ? top.space : valueSpace;
    }

    private static Abstract pop(Deque<Abstract> stack) {
        return stack.isEmpty() ? null : stack.pop();
    }

    private record Abstract(Long value, boolean location, DwarfAddressSpace space) {
        static final Abstract UNKNOWN = new Abstract(null, false, null);

        static Abstract value(long v) {
            return new Abstract(v, false, null);
        }

        static Abstract in(Abstract spaceNumber, AddressSpaceNumbering numbering) {
            DwarfAddressSpace space = spaceNumber.value == null || spaceNumber.location ? null
                    : numbering.resolve(NumberKind.ADDRESS_SPACE, spaceNumber.value);
            return new Abstract(null, true, space);
        }
    }
}
