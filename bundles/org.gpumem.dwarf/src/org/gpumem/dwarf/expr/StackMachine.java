package org.gpumem.dwarf.expr;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * One evaluation of {@link Evaluator}: the stack of values and locations, the pieces of a
 * composite, and the operations executed so far (bounded, as are stack depth, procedure nesting
 * and piece counts). Operations are executed in groups by what they do: constants, stack
 * manipulation, arithmetic, memory access, program-state queries, address-space locations and
 * composition; branches and DWARF procedure calls in {@link #execute}.
 */
final class StackMachine {
    static final int MAX_STACK = Evaluator.MAX_STACK;
    static final int MAX_STEPS = Evaluator.MAX_STEPS;
    static final int MAX_CALL_DEPTH = Evaluator.MAX_CALL_DEPTH;
    static final int MAX_PIECES = Evaluator.MAX_PIECES;

    /** A stack entry: a value (of a size and signedness) or a location. */
    private final EvaluationContext context;
    private final boolean memOffsetOnTop;
    final Expression root;
    final Deque<StackEntry> stack = new ArrayDeque<>();
    final List<LocationDescription.Piece> pieces = new ArrayList<>();
    /** Pieces in {@link #pieces} once nested composites are flattened. */
    long piecesSoFar;
    final int addressSize;
    Expression current;
    int steps;
    /** Whether the result is a location (so that clang's trailing xderef forms one) rather than a value. */
    final boolean locationWanted;

    StackMachine(EvaluationContext context, boolean memOffsetOnTop, Expression root, boolean locationWanted) {
        this.context = context;
        this.memOffsetOnTop = memOffsetOnTop;
        this.root = root;
        this.locationWanted = locationWanted;
        this.current = root;
        this.addressSize = root.addressSize();
    }

    EvaluationException error(DwarfOp op, String problem) {
        return new EvaluationException(current, op, problem, null);
    }

    void push(StackEntry e, DwarfOp op) {
        if (stack.size() >= MAX_STACK) {
            throw error(op, "stack deeper than " + MAX_STACK);
        }
        stack.push(e);
    }

    void pushValue(long v, DwarfOp op) {
        push(StackEntry.generic(v, addressSize), op);
    }

    StackEntry pop(DwarfOp op) {
        if (stack.isEmpty()) {
            throw error(op, "stack underflow");
        }
        return stack.pop();
    }

    StackEntry peekAt(long depth, DwarfOp op) {
        if (depth < 0 || depth >= stack.size()) {
            throw error(op, "stack has " + stack.size() + " entries, needs " + (depth + 1));
        }
        Iterator<StackEntry> it = stack.iterator();
        for (long i = 0; i < depth; i++) {
            it.next();
        }
        return it.next();
    }

    long value(StackEntry e, DwarfOp op) {
        if (e.location() == null) {
            return e.bits();
        }
        if (e.location() instanceof LocationDescription.Memory mem && mem.space().equals(context.numbering().defaultSpace())
                && mem.bitOffset() == 0) {
            return mem.offset();
        }
        throw error(op, "needs a value but the stack holds a location (" + e.location() + ")");
    }

    long popValue(DwarfOp op) {
        return value(pop(op), op);
    }

    LocationDescription popLocation(DwarfOp op) {
        StackEntry e = pop(op);
        return e.location() != null ? e.location() : memory(context.numbering().defaultSpace(), e.bits());
    }

    LocationDescription.Memory memory(DwarfAddressSpace space, long offset) {
        return new LocationDescription.Memory(space, ContextBinding.bind(space.scope(), context), offset);
    }

    DwarfAddressSpace space(long number) {
        return context.numbering().resolve(NumberKind.ADDRESS_SPACE, number);
    }

    LocationDescription result(DwarfAddressSpace valueSpace) {
        if (!pieces.isEmpty()) {
            return new LocationDescription.Composite(pieces);
        }
        if (stack.isEmpty()) {
            return LocationDescription.UNDEFINED;
        }
        StackEntry top = stack.peek();
        if (top.location() != null) {
            return top.location();
        }
        try {
            return memory(valueSpace, top.bits());
        } catch (InputFormatException | UnsupportedOperationException e) {
            throw wrap(e, null);
        }
    }

    EvaluationException wrap(RuntimeException e, DwarfOp op) {
        if (e instanceof EvaluationException ee) {
            return ee;
        }
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        if (e instanceof InputFormatException ife) {
            message = ife.getMessage();
        }
        return new EvaluationException(current, op, message, e);
    }

    void run(Expression expression, int depth) {
        Expression saved = current;
        current = expression;
        List<DwarfOp> ops = expression.ops();
        int i = 0;
        while (i < ops.size()) {
            DwarfOp op = ops.get(i);
            if (++steps > MAX_STEPS) {
                throw error(op, "more than " + MAX_STEPS + " operations executed (a loop?)");
            }
            try {
                i = execute(expression, ops, i, op, depth);
            } catch (InputFormatException | UnsupportedOperationException e) {
                // Only input errors become EvaluationExceptions: the expression is bad or asks for
                // what the context does not have. Anything else is a bug and goes through.
                throw wrap(e, op);
            }
        }
        current = saved;
    }

    int branchTarget(Expression expression, DwarfOp op) {
        long target = (long) op.offset() + op.length() + op.operand(0);
        if (target == expression.size()) {
            return expression.ops().size();
        }
        int index = expression.indexAt(target);
        if (index < 0) {
            throw error(op, "branch to offset " + target + ", which is not the start of an operation");
        }
        return index;
    }

    void addPiece(LocationDescription location, long bits, long bitOffset, DwarfOp op) {
        long leaves = flattenedPieces(location);
        if (leaves > MAX_PIECES - piecesSoFar) {
            throw error(op, "more than " + MAX_PIECES + " pieces");
        }
        piecesSoFar += leaves;
        pieces.add(new LocationDescription.Piece(location, bits, bitOffset));
    }

    LocationDescription displace(LocationDescription location, long bits, DwarfOp op) {
        if (location instanceof LocationDescription.Memory mem) {
            long total = mem.bitOffset() + bits;
            return new LocationDescription.Memory(mem.space(), mem.binding(), mem.offset() + Math.floorDiv(total, 8),
                    (int) Math.floorMod(total, 8));
        }
        if (location instanceof LocationDescription.Register reg) {
            return new LocationDescription.Register(reg.number(), reg.name(), reg.bitOffset() + bits);
        }
        throw error(op, "cannot offset a " + location.kind() + " location");
    }

    StackEntry typed(long bits, long typeOffset, DwarfOp op) {
        if (typeOffset == 0) {
            return StackEntry.generic(bits, addressSize);
        }
        EvaluationContext.BaseType type = context.baseType(typeOffset);
        if (type.encoding() == EvaluationContext.BaseType.DW_ATE_FLOAT) {
            throw error(op, "floating-point stack values are not supported");
        }
        if (type.byteSize() < 1 || type.byteSize() > 8) {
            throw error(op, "base type of " + type.byteSize() + " bytes is not supported");
        }
        return new StackEntry(StackEntry.mask(bits, type.byteSize()), type.byteSize(), type.signed(), null);
    }

    StackEntry binary(StackEntry a, StackEntry b, DwarfOp op) {
        long x = value(a, op);
        long y = value(b, op);
        int size = a.location() == null ? a.size() : addressSize;
        boolean signed = a.location() == null && a.signed();
        if (y == 0 && (op.operation() == Operation.DIV || op.operation() == Operation.MOD)) {
            throw error(op, "division by zero");
        }
        return StackEntry.binary(op.operation(), x, y, size, signed);
    }

    byte[] bytes(StackEntry e, DwarfOp op) {
        long v = value(e, op);
        int size = e.location() == null ? e.size() : addressSize;
        byte[] b = new byte[size];
        boolean little = context instanceof Evaluator.ByteOrdered bo ? bo.byteOrder() == ByteOrder.LITTLE_ENDIAN : true;
        for (int i = 0; i < size; i++) {
            b[little ? i : size - 1 - i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    long read(LocationDescription location, int size, DwarfOp op) {
        if (size < 1 || size > 8) {
            throw error(op, "cannot read " + size + " bytes onto the stack");
        }
        if (!(location instanceof LocationDescription.Memory mem)) {
            if (location instanceof LocationDescription.Register reg && reg.bitOffset() == 0) {
                return StackEntry.mask(context.readRegister(reg.number()), size);
            }
            if (location instanceof LocationDescription.ImplicitValue iv && iv.bytes().length >= size) {
                byte[] b = iv.bytes();
                long v = 0;
                for (int i = size - 1; i >= 0; i--) {
                    v = v << 8 | (b[i] & 0xff);
                }
                return v;
            }
            throw error(op, "cannot read from a " + location.kind() + " location");
        }
        return StackEntry.mask(context.readMemory(mem, size), size);
    }

    /**
     * Executes one operation (a dispatch over the groups below); returns the index of the next.
     * Control flow (branches, DWARF procedure calls) is handled here.
     */
    private int execute(Expression expression, List<DwarfOp> ops, int i, DwarfOp op, int depth) {
        switch (op.operation()) {
            case BRA:
                if (popValue(op) != 0) {
                    return branchTarget(expression, op);
                }
                return i + 1;
            case SKIP:
                return branchTarget(expression, op);
            case NOP: case LLVM_NOP: case GNU_UNINIT:
                return i + 1;
            case CALL2: case CALL4: case CALL_REF: {
                if (depth >= MAX_CALL_DEPTH) {
                    throw error(op, "DWARF procedure calls nested deeper than " + MAX_CALL_DEPTH);
                }
                Expression callee = context.procedure(op.operand(0), op.operation() != Operation.CALL_REF);
                if (callee != null) {
                    run(callee, depth + 1);
                }
                return i + 1;
            }
            case GNU_PARAMETER_REF: case GNU_VARIABLE_VALUE:
                throw error(op, "not supported");
            case LLVM_USER:
                throw error(op, "DW_OP_LLVM_user without a sub-operation");
            default:
                break;
        }
        if (pushConstant(op) || manipulateStack(op) || compute(op) || access(op, ops, i, depth) || readContext(op)
                || formAddress(op) || compose(op)) {
            return i + 1;
        }
        throw error(op, "not implemented");
    }

    /** Literals, constants and .debug_addr entries. */
    private boolean pushConstant(DwarfOp op) {
        switch (op.operation()) {
            case ADDR: case CONST1U: case CONST2U: case CONST4U: case CONST8U: case CONSTU:
            case CONST1S: case CONST2S: case CONST4S: case CONST8S: case CONSTS:
                pushValue(op.operand(0), op);
                return true;
            case LIT:
                pushValue(op.index(), op);
                return true;
            case ADDRX: case CONSTX: case GNU_ADDR_INDEX: case GNU_CONST_INDEX:
                pushValue(context.debugAddress(op.operand(0)), op);
                return true;
            case CONST_TYPE: case GNU_CONST_TYPE: {
                byte[] b = op.block();
                if (b.length > 8) {
                    throw error(op, "constants over 8 bytes are not supported");
                }
                long v = 0;
                for (int k = b.length - 1; k >= 0; k--) {
                    v = v << 8 | (b[k] & 0xff);
                }
                push(typed(v, op.operand(0), op), op);
                return true;
            }
            default:
                return false;
        }
    }

    /** Stack manipulation. */
    private boolean manipulateStack(DwarfOp op) {
        switch (op.operation()) {
            case DUP:
                push(peekAt(0, op), op);
                return true;
            case DROP:
                pop(op);
                return true;
            case OVER:
                push(peekAt(1, op), op);
                return true;
            case PICK:
                push(peekAt(op.operand(0), op), op);
                return true;
            case SWAP: {
                StackEntry a = pop(op), b = pop(op);
                push(a, op);
                push(b, op);
                return true;
            }
            case ROT: {
                StackEntry a = pop(op), b = pop(op), c = pop(op);
                push(a, op);
                push(c, op);
                push(b, op);
                return true;
            }
            default:
                return false;
        }
    }

    /** Arithmetic, logic, comparisons and conversions. */
    private boolean compute(DwarfOp op) {
        switch (op.operation()) {
            case ABS: {
                StackEntry e = pop(op);
                long v = value(e, op);
                int size = e.location() == null ? e.size() : addressSize;
                StackEntry t = new StackEntry(v, size, e.signed(), null);
                push(new StackEntry(StackEntry.mask(Math.abs(t.signedBits()), size), size, t.signed(), null), op);
                return true;
            }
            case NEG: case NOT: {
                StackEntry e = pop(op);
                long v = value(e, op);
                int size = e.location() == null ? e.size() : addressSize;
                long r = op.operation() == Operation.NEG ? -v : ~v;
                push(new StackEntry(StackEntry.mask(r, size), size, e.signed(), null), op);
                return true;
            }
            case AND: case DIV: case MINUS: case MOD: case MUL: case OR: case PLUS: case SHL: case SHR:
            case SHRA: case XOR: case EQ: case GE: case GT: case LE: case LT: case NE: {
                StackEntry b = pop(op), a = pop(op);
                push(binary(a, b, op), op);
                return true;
            }
            case PLUS_UCONST: {
                StackEntry e = pop(op);
                int size = e.location() == null ? e.size() : addressSize;
                push(new StackEntry(StackEntry.mask(value(e, op) + op.operand(0), size), size, e.signed(), null), op);
                return true;
            }
            case CONVERT: case REINTERPRET: case GNU_CONVERT: case GNU_REINTERPRET:
                push(typed(popValue(op), op.operand(0), op), op);
                return true;
            default:
                return false;
        }
    }

    /** Reading memory: DW_OP_deref*, DW_OP_xderef* (the proposal's aspace_deref*). */
    private boolean access(DwarfOp op, List<DwarfOp> ops, int i, int depth) {
        switch (op.operation()) {
            case DEREF: case DEREF_SIZE: {
                int size = op.operation() == Operation.DEREF ? addressSize : (int) op.operand(0);
                pushValue(read(popLocation(op), size, op), op);
                return true;
            }
            case DEREF_TYPE: case GNU_DEREF_TYPE: {
                LocationDescription l = popLocation(op);
                push(typed(read(l, (int) op.operand(0), op), op.operand(1), op), op);
                return true;
            }
            case XDEREF: case XDEREF_SIZE: case XDEREF_TYPE: {
                long offset = popValue(op);
                DwarfAddressSpace space = space(popValue(op));
                LocationDescription.Memory mem = memory(space, offset);
                if (op.operation() == Operation.XDEREF && i == ops.size() - 1 && depth == 0 && locationWanted) {
                    push(StackEntry.of(mem), op);
                } else if (op.operation() == Operation.XDEREF_TYPE) {
                    push(typed(read(mem, (int) op.operand(0), op), op.operand(1), op), op);
                } else {
                    pushValue(read(mem, op.operation() == Operation.XDEREF ? addressSize : (int) op.operand(0), op), op);
                }
                return true;
            }
            default:
                return false;
        }
    }

    /** Operations that ask the program state: registers, frame base, object address, TLS, CFA, entry values, lane. */
    private boolean readContext(DwarfOp op) {
        switch (op.operation()) {
            case REG: case REGX:
                push(StackEntry.of(new LocationDescription.Register(op.index(), context.registerNames().name(op.index()), 0)), op);
                return true;
            case BREG: case BREGX: {
                long disp = op.operation() == Operation.BREG ? op.operand(0) : op.operand(1);
                pushValue(context.readRegister(op.index()) + disp, op);
                return true;
            }
            case FBREG: {
                LocationDescription base = context.frameBase();
                if (base instanceof LocationDescription.Register reg) {
                    pushValue(context.readRegister(reg.number()) + op.operand(0), op);
                } else if (base instanceof LocationDescription.Memory mem) {
                    LocationDescription.Memory at = new LocationDescription.Memory(mem.space(), mem.binding(), mem.offset() + op.operand(0),
                            mem.bitOffset());
                    push(StackEntry.of(at), op);
                } else {
                    throw error(op, "frame base is a " + base.kind() + " location");
                }
                return true;
            }
            case PUSH_OBJECT_ADDRESS:
                push(StackEntry.of(context.objectAddress()), op);
                return true;
            case FORM_TLS_ADDRESS: case GNU_PUSH_TLS_ADDRESS:
                pushValue(context.tlsAddress(popValue(op)), op);
                return true;
            case CALL_FRAME_CFA:
                pushValue(context.callFrameAddress(), op);
                return true;
            case ENTRY_VALUE: case GNU_ENTRY_VALUE:
                pushValue(context.entryValue(op.nested()), op);
                return true;
            case REGVAL_TYPE: case GNU_REGVAL_TYPE:
                push(typed(context.readRegister(op.operand(0)), op.operand(1), op), op);
                return true;
            case LLVM_PUSH_LANE:
                pushValue(context.currentLane(), op);
                return true;
            case LLVM_CALL_FRAME_ENTRY_REG:
                push(StackEntry.of(context.callFrameEntryRegister(op.operand(0))), op);
                return true;
            default:
                return false;
        }
    }

    /** Operations that form or move a memory location in an address space. */
    private boolean formAddress(DwarfOp op) {
        switch (op.operation()) {
            case MEM: {
                long offset, spaceNumber;
                if (memOffsetOnTop) {
                    offset = popValue(op);
                    spaceNumber = popValue(op);
                } else {
                    spaceNumber = popValue(op);
                    offset = popValue(op);
                }
                push(StackEntry.of(memory(space(spaceNumber), offset)), op);
                return true;
            }
            case LLVM_FORM_ASPACE_ADDRESS: {
                long spaceNumber = popValue(op);
                long offset = popValue(op);
                push(StackEntry.of(memory(space(spaceNumber), offset)), op);
                return true;
            }
            case ASPACE_BREGX: case LLVM_ASPACE_BREGX: {
                DwarfAddressSpace space = space(popValue(op));
                long offset = context.readRegister(op.operand(0)) + op.operand(1);
                push(StackEntry.of(memory(space, offset)), op);
                return true;
            }
            case LLVM_OFFSET: {
                long bytes = popValue(op);
                push(StackEntry.of(displace(popLocation(op), bytes * 8, op)), op);
                return true;
            }
            case LLVM_OFFSET_UCONST:
                push(StackEntry.of(displace(popLocation(op), op.operand(0) * 8, op)), op);
                return true;
            case LLVM_BIT_OFFSET: {
                long bits = popValue(op);
                push(StackEntry.of(displace(popLocation(op), bits, op)), op);
                return true;
            }
            default:
                return false;
        }
    }

    /** Locations that are not memory: pieces, implicit values and pointers, undefined, LLVM's composites. */
    private boolean compose(DwarfOp op) {
        switch (op.operation()) {
            case PIECE: case BIT_PIECE: {
                LocationDescription l = stack.isEmpty() ? LocationDescription.UNDEFINED : popLocation(op);
                long bits = op.operation() == Operation.PIECE ? op.operand(0) * 8 : op.operand(0);
                long offset = op.operation() == Operation.PIECE ? 0 : op.operand(1);
                if (op.operation() == Operation.PIECE && (op.operand(0) < 0 || op.operand(0) > Long.MAX_VALUE / 8)) {
                    throw error(op, "piece size out of range");
                }
                addPiece(l, bits, offset, op);
                return true;
            }
            case IMPLICIT_VALUE:
                push(StackEntry.of(new LocationDescription.ImplicitValue(op.block())), op);
                return true;
            case STACK_VALUE:
                push(StackEntry.of(new LocationDescription.ImplicitValue(bytes(pop(op), op))), op);
                return true;
            case IMPLICIT_POINTER: case GNU_IMPLICIT_POINTER:
                push(StackEntry.of(new LocationDescription.ImplicitPointer(op.operand(0), op.operand(1))), op);
                return true;
            case LLVM_UNDEFINED:
                push(StackEntry.of(LocationDescription.UNDEFINED), op);
                return true;
            case LLVM_PIECE_END: {
                LocationDescription.Composite composite = new LocationDescription.Composite(new ArrayList<>(pieces));
                pieces.clear();
                piecesSoFar = 0;
                push(StackEntry.of(composite), op);
                return true;
            }
            case LLVM_EXTEND: {
                long bits = op.operand(0), count = op.operand(1);
                checkParts(count, op);
                LocationDescription l = popLocation(op);
                checkParts(count * flattenedPieces(l), op);
                List<LocationDescription.Piece> parts = new ArrayList<>();
                for (long k = 0; k < count; k++) {
                    parts.add(new LocationDescription.Piece(l, bits, 0));
                }
                push(StackEntry.of(new LocationDescription.Composite(parts)), op);
                return true;
            }
            case LLVM_SELECT_BIT_PIECE: {
                long bits = op.operand(0), count = op.operand(1);
                checkParts(count, op);
                long mask = popValue(op);
                LocationDescription one = popLocation(op), zero = popLocation(op);
                checkParts(count * Math.max(flattenedPieces(one), flattenedPieces(zero)), op);
                List<LocationDescription.Piece> parts = new ArrayList<>();
                for (int k = 0; k < count; k++) {
                    boolean set = k < 64 && (mask >>> k & 1) != 0;
                    parts.add(new LocationDescription.Piece(set ? one : zero, bits, k * bits));
                }
                push(StackEntry.of(new LocationDescription.Composite(parts)), op);
                return true;
            }
            default:
                return false;
        }
    }

    /**
     * Leaf pieces of {@code l} with nested composites flattened: composites of composites share
     * their parts, but printing or reading one visits every leaf, so the bound on pieces applies
     * to this count (an extend of an extend of an extend multiplies them). Stops counting past
     * {@link #MAX_PIECES}, so the walk itself stays bounded.
     */
    static long flattenedPieces(LocationDescription l) {
        if (!(l instanceof LocationDescription.Composite c)) {
            return 1;
        }
        long n = 0;
        for (LocationDescription.Piece p : c.pieces()) {
            n += flattenedPieces(p.location());
            if (n > MAX_PIECES) {
                return n;
            }
        }
        return n;
    }

    void checkParts(long count, DwarfOp op) {
        if (count < 0 || count > MAX_PIECES) {
            throw error(op, "count " + Long.toUnsignedString(count) + " exceeds " + MAX_PIECES);
        }
    }
}
