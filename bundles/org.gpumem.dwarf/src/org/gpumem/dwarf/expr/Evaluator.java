package org.gpumem.dwarf.expr;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

import org.gpumem.dwarf.aspace.AddressSpace;
import org.gpumem.dwarf.aspace.NumberKind;
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
    public Location evaluate(Expression expression) {
        return evaluate(expression, context.numbering().defaultSpace());
    }

    /** As {@link #evaluate(Expression)}, with values left on the stack taken as offsets in {@code valueSpace}. */
    public Location evaluate(Expression expression, AddressSpace valueSpace) {
        Machine m = new Machine(expression, true);
        m.run(expression, 0);
        return m.result(valueSpace);
    }

    /** Evaluates an expression that computes a value (DW_AT_frame_base as value, bounds...), with initial stack values. */
    public long evaluateValue(Expression expression, long... initial) {
        Machine m = new Machine(expression, false);
        for (long v : initial) {
            m.push(Entry.generic(v, expression.addressSize()), null);
        }
        m.run(expression, 0);
        if (m.stack.isEmpty()) {
            throw new EvaluationException(expression, null, "expression left no value", null);
        }
        return m.value(m.stack.peek(), null);
    }

    /** Selects the entry of {@code list} covering {@code pc} and evaluates it; no entry gives undefined. */
    public Location evaluate(LocationList list, long pc, AddressSpace valueSpace) {
        Expression e = list.select(pc);
        return e == null ? Location.UNDEFINED : evaluate(e, valueSpace);
    }

    /** A stack entry: a value (of a size and signedness) or a location. */
    private record Entry(long bits, int size, boolean signed, Location location) {
        static Entry generic(long v, int addressSize) {
            return new Entry(mask(v, addressSize), addressSize, false, null);
        }

        static Entry of(Location location) {
            return new Entry(0, 0, false, location);
        }

        static long mask(long v, int size) {
            return size >= 8 ? v : v & ((1L << (size * 8)) - 1);
        }

        long signedBits() {
            return size >= 8 ? bits : (bits << (64 - size * 8)) >> (64 - size * 8);
        }
    }

    private final class Machine {
        final Expression root;
        final Deque<Entry> stack = new ArrayDeque<>();
        final List<Location.Piece> pieces = new ArrayList<>();
        /** Pieces in {@link #pieces} once nested composites are flattened. */
        long piecesSoFar;
        final int addressSize;
        Expression current;
        int steps;
        /** Whether the result is a location (so that clang's trailing xderef forms one) rather than a value. */
        final boolean locationWanted;

        Machine(Expression root, boolean locationWanted) {
            this.root = root;
            this.locationWanted = locationWanted;
            this.current = root;
            this.addressSize = root.addressSize();
        }

        EvaluationException error(Op op, String problem) {
            return new EvaluationException(current, op, problem, null);
        }

        void push(Entry e, Op op) {
            if (stack.size() >= MAX_STACK) {
                throw error(op, "stack deeper than " + MAX_STACK);
            }
            stack.push(e);
        }

        void pushValue(long v, Op op) {
            push(Entry.generic(v, addressSize), op);
        }

        Entry pop(Op op) {
            if (stack.isEmpty()) {
                throw error(op, "stack underflow");
            }
            return stack.pop();
        }

        Entry peekAt(int depth, Op op) {
            if (depth >= stack.size()) {
                throw error(op, "stack has " + stack.size() + " entries, needs " + (depth + 1));
            }
            Iterator<Entry> it = stack.iterator();
            for (int i = 0; i < depth; i++) {
                it.next();
            }
            return it.next();
        }

        long value(Entry e, Op op) {
            if (e.location() == null) {
                return e.bits();
            }
            if (e.location() instanceof Location.Memory mem && mem.space().equals(context.numbering().defaultSpace())
                    && mem.bitOffset() == 0) {
                return mem.offset();
            }
            throw error(op, "needs a value but the stack holds a location (" + e.location() + ")");
        }

        long popValue(Op op) {
            return value(pop(op), op);
        }

        Location popLocation(Op op) {
            Entry e = pop(op);
            return e.location() != null ? e.location() : memory(context.numbering().defaultSpace(), e.bits());
        }

        Location.Memory memory(AddressSpace space, long offset) {
            return new Location.Memory(space, ContextBinding.bind(space.scope(), context), offset);
        }

        AddressSpace space(long number) {
            return context.numbering().resolve(NumberKind.ADDRESS_SPACE, number);
        }

        Location result(AddressSpace valueSpace) {
            if (!pieces.isEmpty()) {
                return new Location.Composite(pieces);
            }
            if (stack.isEmpty()) {
                return Location.UNDEFINED;
            }
            Entry top = stack.peek();
            if (top.location() != null) {
                return top.location();
            }
            try {
                return memory(valueSpace, top.bits());
            } catch (RuntimeException e) {
                throw wrap(e, null);
            }
        }

        EvaluationException wrap(RuntimeException e, Op op) {
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
            List<Op> ops = expression.ops();
            int i = 0;
            while (i < ops.size()) {
                Op op = ops.get(i);
                if (++steps > MAX_STEPS) {
                    throw error(op, "more than " + MAX_STEPS + " operations executed (a loop?)");
                }
                int next = i + 1;
                try {
                    next = execute(expression, ops, i, op, depth);
                } catch (RuntimeException e) {
                    throw wrap(e, op);
                }
                i = next;
            }
            current = saved;
        }

        int branchTarget(Expression expression, Op op) {
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

        void addPiece(Location location, long bits, long bitOffset, Op op) {
            long leaves = flattenedPieces(location);
            if (leaves > MAX_PIECES - piecesSoFar) {
                throw error(op, "more than " + MAX_PIECES + " pieces");
            }
            piecesSoFar += leaves;
            pieces.add(new Location.Piece(location, bits, bitOffset));
        }

        Location displace(Location location, long bits, Op op) {
            if (location instanceof Location.Memory mem) {
                long total = mem.bitOffset() + bits;
                return new Location.Memory(mem.space(), mem.binding(), mem.offset() + Math.floorDiv(total, 8),
                        (int) Math.floorMod(total, 8));
            }
            if (location instanceof Location.Register reg) {
                return new Location.Register(reg.number(), reg.name(), reg.bitOffset() + bits);
            }
            throw error(op, "cannot offset a " + location.kind() + " location");
        }

        Entry typed(long bits, long typeOffset, Op op) {
            if (typeOffset == 0) {
                return Entry.generic(bits, addressSize);
            }
            EvaluationContext.BaseType type = context.baseType(typeOffset);
            if (type.encoding() == EvaluationContext.BaseType.DW_ATE_FLOAT) {
                throw error(op, "floating-point stack values are not supported");
            }
            if (type.byteSize() < 1 || type.byteSize() > 8) {
                throw error(op, "base type of " + type.byteSize() + " bytes is not supported");
            }
            return new Entry(Entry.mask(bits, type.byteSize()), type.byteSize(), type.signed(), null);
        }

        Entry binary(Entry a, Entry b, Op op) {
            long x = value(a, op), y = value(b, op);
            int size = a.location() == null ? a.size() : addressSize;
            boolean signed = a.location() == null && a.signed();
            Entry ta = new Entry(x, size, signed, null), tb = new Entry(y, size, signed, null);
            long sx = ta.signedBits(), sy = tb.signedBits();
            long r;
            switch (op.operation()) {
                case AND: r = x & y; break;
                case OR: r = x | y; break;
                case XOR: r = x ^ y; break;
                case PLUS: r = x + y; break;
                case MINUS: r = x - y; break;
                case MUL: r = x * y; break;
                case DIV:
                    if (y == 0) {
                        throw error(op, "division by zero");
                    }
                    r = sx / sy;
                    break;
                case MOD:
                    if (y == 0) {
                        throw error(op, "division by zero");
                    }
                    r = signed ? sx % sy : Long.remainderUnsigned(x, y);
                    break;
                case SHL: r = Long.compareUnsigned(y, 64) >= 0 ? 0 : x << y; break;
                case SHR: r = Long.compareUnsigned(y, 64) >= 0 ? 0 : x >>> y; break;
                case SHRA: r = sx >> (Long.compareUnsigned(y, 63) >= 0 ? 63 : y); break;
                case EQ: r = sx == sy ? 1 : 0; break;
                case NE: r = sx != sy ? 1 : 0; break;
                case LT: r = sx < sy ? 1 : 0; break;
                case LE: r = sx <= sy ? 1 : 0; break;
                case GT: r = sx > sy ? 1 : 0; break;
                case GE: r = sx >= sy ? 1 : 0; break;
                default: throw new IllegalStateException(op.operation().toString());
            }
            return new Entry(Entry.mask(r, size), size, signed, null);
        }

        byte[] bytes(Entry e, Op op) {
            long v = value(e, op);
            int size = e.location() == null ? e.size() : addressSize;
            byte[] b = new byte[size];
            boolean little = context instanceof ByteOrdered bo ? bo.byteOrder() == ByteOrder.LITTLE_ENDIAN : true;
            for (int i = 0; i < size; i++) {
                b[little ? i : size - 1 - i] = (byte) (v >>> (8 * i));
            }
            return b;
        }

        long read(Location location, int size, Op op) {
            if (size < 1 || size > 8) {
                throw error(op, "cannot read " + size + " bytes onto the stack");
            }
            if (!(location instanceof Location.Memory mem)) {
                if (location instanceof Location.Register reg && reg.bitOffset() == 0) {
                    return Entry.mask(context.readRegister(reg.number()), size);
                }
                if (location instanceof Location.ImplicitValue iv && iv.bytes().length >= size) {
                    byte[] b = iv.bytes();
                    long v = 0;
                    for (int i = size - 1; i >= 0; i--) {
                        v = v << 8 | (b[i] & 0xff);
                    }
                    return v;
                }
                throw error(op, "cannot read from a " + location.kind() + " location");
            }
            return Entry.mask(context.readMemory(mem, size), size);
        }

        int execute(Expression expression, List<Op> ops, int i, Op op, int depth) {
            switch (op.operation()) {
                case ADDR: case CONST1U: case CONST2U: case CONST4U: case CONST8U: case CONSTU:
                case CONST1S: case CONST2S: case CONST4S: case CONST8S: case CONSTS:
                    pushValue(op.operand(0), op);
                    break;
                case LIT:
                    pushValue(op.index(), op);
                    break;
                case ADDRX: case CONSTX: case GNU_ADDR_INDEX: case GNU_CONST_INDEX:
                    pushValue(context.debugAddress(op.operand(0)), op);
                    break;
                case DUP:
                    push(peekAt(0, op), op);
                    break;
                case DROP:
                    pop(op);
                    break;
                case OVER:
                    push(peekAt(1, op), op);
                    break;
                case PICK:
                    push(peekAt((int) op.operand(0), op), op);
                    break;
                case SWAP: {
                    Entry a = pop(op), b = pop(op);
                    push(a, op);
                    push(b, op);
                    break;
                }
                case ROT: {
                    Entry a = pop(op), b = pop(op), c = pop(op);
                    push(a, op);
                    push(c, op);
                    push(b, op);
                    break;
                }
                case DEREF: case DEREF_SIZE: {
                    int size = op.operation() == Operation.DEREF ? addressSize : (int) op.operand(0);
                    pushValue(read(popLocation(op), size, op), op);
                    break;
                }
                case DEREF_TYPE: case GNU_DEREF_TYPE: {
                    Location l = popLocation(op);
                    push(typed(read(l, (int) op.operand(0), op), op.operand(1), op), op);
                    break;
                }
                case XDEREF: case XDEREF_SIZE: case XDEREF_TYPE: {
                    long offset = popValue(op);
                    AddressSpace space = space(popValue(op));
                    Location.Memory mem = memory(space, offset);
                    if (op.operation() == Operation.XDEREF && i == ops.size() - 1 && depth == 0 && locationWanted) {
                        push(Entry.of(mem), op);
                    } else if (op.operation() == Operation.XDEREF_TYPE) {
                        push(typed(read(mem, (int) op.operand(0), op), op.operand(1), op), op);
                    } else {
                        pushValue(read(mem, op.operation() == Operation.XDEREF ? addressSize : (int) op.operand(0), op), op);
                    }
                    break;
                }
                case ABS: {
                    Entry e = pop(op);
                    long v = value(e, op);
                    int size = e.location() == null ? e.size() : addressSize;
                    Entry t = new Entry(v, size, e.signed(), null);
                    push(new Entry(Entry.mask(Math.abs(t.signedBits()), size), size, t.signed(), null), op);
                    break;
                }
                case NEG: case NOT: {
                    Entry e = pop(op);
                    long v = value(e, op);
                    int size = e.location() == null ? e.size() : addressSize;
                    long r = op.operation() == Operation.NEG ? -v : ~v;
                    push(new Entry(Entry.mask(r, size), size, e.signed(), null), op);
                    break;
                }
                case AND: case DIV: case MINUS: case MOD: case MUL: case OR: case PLUS: case SHL: case SHR:
                case SHRA: case XOR: case EQ: case GE: case GT: case LE: case LT: case NE: {
                    Entry b = pop(op), a = pop(op);
                    push(binary(a, b, op), op);
                    break;
                }
                case PLUS_UCONST: {
                    Entry e = pop(op);
                    int size = e.location() == null ? e.size() : addressSize;
                    push(new Entry(Entry.mask(value(e, op) + op.operand(0), size), size, e.signed(), null), op);
                    break;
                }
                case BRA:
                    if (popValue(op) != 0) {
                        return branchTarget(expression, op);
                    }
                    break;
                case SKIP:
                    return branchTarget(expression, op);
                case REG: case REGX:
                    push(Entry.of(new Location.Register(op.index(), context.registerNames().name(op.index()), 0)), op);
                    break;
                case BREG: case BREGX: {
                    long disp = op.operation() == Operation.BREG ? op.operand(0) : op.operand(1);
                    pushValue(context.readRegister(op.index()) + disp, op);
                    break;
                }
                case FBREG: {
                    Location base = context.frameBase();
                    if (base instanceof Location.Register reg) {
                        pushValue(context.readRegister(reg.number()) + op.operand(0), op);
                    } else if (base instanceof Location.Memory mem) {
                        Location.Memory at = new Location.Memory(mem.space(), mem.binding(), mem.offset() + op.operand(0),
                                mem.bitOffset());
                        push(Entry.of(at), op);
                    } else {
                        throw error(op, "frame base is a " + base.kind() + " location");
                    }
                    break;
                }
                case PIECE: case BIT_PIECE: {
                    Location l = stack.isEmpty() ? Location.UNDEFINED : popLocation(op);
                    long bits = op.operation() == Operation.PIECE ? op.operand(0) * 8 : op.operand(0);
                    long offset = op.operation() == Operation.PIECE ? 0 : op.operand(1);
                    if (op.operation() == Operation.PIECE && (op.operand(0) < 0 || op.operand(0) > Long.MAX_VALUE / 8)) {
                        throw error(op, "piece size out of range");
                    }
                    addPiece(l, bits, offset, op);
                    break;
                }
                case NOP: case LLVM_NOP: case GNU_UNINIT:
                    break;
                case PUSH_OBJECT_ADDRESS:
                    push(Entry.of(context.objectAddress()), op);
                    break;
                case CALL2: case CALL4: case CALL_REF: {
                    if (depth >= MAX_CALL_DEPTH) {
                        throw error(op, "DWARF procedure calls nested deeper than " + MAX_CALL_DEPTH);
                    }
                    Expression callee = context.procedure(op.operand(0), op.operation() != Operation.CALL_REF);
                    if (callee != null) {
                        run(callee, depth + 1);
                    }
                    break;
                }
                case FORM_TLS_ADDRESS: case GNU_PUSH_TLS_ADDRESS:
                    pushValue(context.tlsAddress(popValue(op)), op);
                    break;
                case CALL_FRAME_CFA:
                    pushValue(context.callFrameAddress(), op);
                    break;
                case IMPLICIT_VALUE:
                    push(Entry.of(new Location.ImplicitValue(op.block())), op);
                    break;
                case STACK_VALUE:
                    push(Entry.of(new Location.ImplicitValue(bytes(pop(op), op))), op);
                    break;
                case IMPLICIT_POINTER: case GNU_IMPLICIT_POINTER:
                    push(Entry.of(new Location.ImplicitPointer(op.operand(0), op.operand(1))), op);
                    break;
                case ENTRY_VALUE: case GNU_ENTRY_VALUE:
                    pushValue(context.entryValue(op.nested()), op);
                    break;
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
                    break;
                }
                case REGVAL_TYPE: case GNU_REGVAL_TYPE:
                    push(typed(context.readRegister(op.operand(0)), op.operand(1), op), op);
                    break;
                case CONVERT: case REINTERPRET: case GNU_CONVERT: case GNU_REINTERPRET:
                    push(typed(popValue(op), op.operand(0), op), op);
                    break;
                case GNU_PARAMETER_REF: case GNU_VARIABLE_VALUE:
                    throw error(op, "not supported");
                case LLVM_USER:
                    throw error(op, "DW_OP_LLVM_user without a sub-operation");
                case MEM: {
                    long offset, spaceNumber;
                    if (memOffsetOnTop) {
                        offset = popValue(op);
                        spaceNumber = popValue(op);
                    } else {
                        spaceNumber = popValue(op);
                        offset = popValue(op);
                    }
                    push(Entry.of(memory(space(spaceNumber), offset)), op);
                    break;
                }
                case LLVM_FORM_ASPACE_ADDRESS: {
                    long spaceNumber = popValue(op);
                    long offset = popValue(op);
                    push(Entry.of(memory(space(spaceNumber), offset)), op);
                    break;
                }
                case ASPACE_BREGX: case LLVM_ASPACE_BREGX: {
                    AddressSpace space = space(popValue(op));
                    long offset = context.readRegister(op.operand(0)) + op.operand(1);
                    push(Entry.of(memory(space, offset)), op);
                    break;
                }
                case LLVM_PUSH_LANE:
                    pushValue(context.currentLane(), op);
                    break;
                case LLVM_OFFSET: {
                    long bytes = popValue(op);
                    push(Entry.of(displace(popLocation(op), bytes * 8, op)), op);
                    break;
                }
                case LLVM_OFFSET_UCONST:
                    push(Entry.of(displace(popLocation(op), op.operand(0) * 8, op)), op);
                    break;
                case LLVM_BIT_OFFSET: {
                    long bits = popValue(op);
                    push(Entry.of(displace(popLocation(op), bits, op)), op);
                    break;
                }
                case LLVM_CALL_FRAME_ENTRY_REG:
                    push(Entry.of(context.callFrameEntryRegister(op.operand(0))), op);
                    break;
                case LLVM_UNDEFINED:
                    push(Entry.of(Location.UNDEFINED), op);
                    break;
                case LLVM_PIECE_END: {
                    Location.Composite composite = new Location.Composite(new ArrayList<>(pieces));
                    pieces.clear();
                    piecesSoFar = 0;
                    push(Entry.of(composite), op);
                    break;
                }
                case LLVM_EXTEND: {
                    long bits = op.operand(0), count = op.operand(1);
                    checkParts(count, op);
                    Location l = popLocation(op);
                    checkParts(count * flattenedPieces(l), op);
                    List<Location.Piece> parts = new ArrayList<>();
                    for (long k = 0; k < count; k++) {
                        parts.add(new Location.Piece(l, bits, 0));
                    }
                    push(Entry.of(new Location.Composite(parts)), op);
                    break;
                }
                case LLVM_SELECT_BIT_PIECE: {
                    long bits = op.operand(0), count = op.operand(1);
                    checkParts(count, op);
                    long mask = popValue(op);
                    Location one = popLocation(op), zero = popLocation(op);
                    checkParts(count * Math.max(flattenedPieces(one), flattenedPieces(zero)), op);
                    List<Location.Piece> parts = new ArrayList<>();
                    for (int k = 0; k < count; k++) {
                        boolean set = k < 64 && (mask >>> k & 1) != 0;
                        parts.add(new Location.Piece(set ? one : zero, bits, k * bits));
                    }
                    push(Entry.of(new Location.Composite(parts)), op);
                    break;
                }
                default:
                    throw error(op, "not implemented");
            }
            return i + 1;
        }

        /**
         * Leaf pieces of {@code l} with nested composites flattened: composites of composites
         * share their parts, but printing or reading one visits every leaf, so the bound on
         * pieces applies to this count (an extend of an extend of an extend multiplies them).
         * Stops counting past {@link #MAX_PIECES}, so the walk itself stays bounded.
         */
        long flattenedPieces(Location l) {
            if (!(l instanceof Location.Composite c)) {
                return 1;
            }
            long n = 0;
            for (Location.Piece p : c.pieces()) {
                n += flattenedPieces(p.location());
                if (n > MAX_PIECES) {
                    return n;
                }
            }
            return n;
        }

        void checkParts(long count, Op op) {
            if (count < 0 || count > MAX_PIECES) {
                throw error(op, "count " + Long.toUnsignedString(count) + " exceeds " + MAX_PIECES);
            }
        }
    }

    /** A context whose target is big-endian implements this so that DW_OP_stack_value bytes come out right. */
    public interface ByteOrdered {
        ByteOrder byteOrder();
    }
}
