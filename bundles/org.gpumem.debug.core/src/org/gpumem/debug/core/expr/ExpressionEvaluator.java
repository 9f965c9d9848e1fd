package org.gpumem.debug.core.expr;

import java.util.List;

import org.gpumem.debug.core.expr.ExpressionNode.Binary;
import org.gpumem.debug.core.expr.ExpressionNode.Cast;
import org.gpumem.debug.core.expr.ExpressionNode.Conditional;
import org.gpumem.debug.core.expr.ExpressionNode.Index;
import org.gpumem.debug.core.expr.ExpressionNode.Literal;
import org.gpumem.debug.core.expr.ExpressionNode.Member;
import org.gpumem.debug.core.expr.ExpressionNode.Name;
import org.gpumem.debug.core.expr.ExpressionNode.Register;
import org.gpumem.debug.core.expr.ExpressionNode.SizeOf;
import org.gpumem.debug.core.expr.ExpressionNode.TypeName;
import org.gpumem.debug.core.expr.ExpressionNode.Unary;
import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.sim.Dim3;

/**
 * Evaluates a {@link ParsedExpression} in one {@link EvaluationScope} (a lane of a frame of a
 * stopped kernel) with C's semantics: the usual arithmetic conversions, pointer arithmetic
 * scaled by the pointee's size, arrays decaying to pointers into the array's space, short-circuit
 * {@code && || ?:} (the branch not taken is not evaluated). An address keeps its space:
 * {@code &stage[3]} is a pointer into shared memory, {@code *(@shared int *) 0x40} reads shared
 * memory of the lane's CTA, and a generic pointer is read through the model's windows. Memory is
 * read only where a value is needed ({@code &x}, {@code sizeof x} read nothing).
 *
 * <p>cuda-gdb's rules where C has none: comparisons and {@code ! && ||} give {@code bool} (C++,
 * as nvcc's DWARF declares the language); a cast to a pointer type without {@code @space} keeps
 * the space of a pointer operand, and points into the default space (generic) from an integer;
 * a symbol without debug information has no type until a cast gives it one.
 */
public final class ExpressionEvaluator {
    /** Largest value read at once (a 16 MiB array); larger ones must be indexed. */
    public static final long MAX_VALUE_BYTES = 1 << 24;

    private final EvaluationScope scope;

    private ExpressionEvaluator(EvaluationScope scope) {
        this.scope = scope;
    }

    /**
     * The value of {@code expression} in {@code scope}, its bytes read (unless it is
     * {@link ExpressionValue#unavailable()}).
     *
     * @throws ExpressionException naming the position of the part that cannot be evaluated
     */
    public static ExpressionValue evaluate(ParsedExpression expression, EvaluationScope scope) {
        ExpressionEvaluator e = new ExpressionEvaluator(scope);
        ExpressionNode root = expression.root();
        ExpressionValue v = e.eval(root);
        if (v.isTypeless()) {
            throw new ExpressionException(root.pos(), "'" + expression.text().strip()
                    + "' has unknown type (no debug information); cast it to its declared type");
        }
        if (v.unavailable() != null || v.raw() != null || v.memory() == null || v.type().stripped() instanceof DwarfType.Void) {
            return v;
        }
        return e.load(v, root.pos());
    }

    /** Whether a value is true as a condition is: a non-zero number or pointer. */
    public static boolean isTrue(ExpressionValue value, EvaluationScope scope) {
        return new ExpressionEvaluator(scope).truth(value, 0);
    }

    // ------------------------------------------------------------------ the tree

    private ExpressionValue eval(ExpressionNode node) {
        try {
            if (node instanceof Literal l) {
                return ExpressionValue.of(l.type(), l.bytes());
            } else if (node instanceof Name n) {
                return name(n);
            } else if (node instanceof Register r) {
                return register(r);
            } else if (node instanceof Unary u) {
                return unary(u);
            } else if (node instanceof Binary b) {
                return binary(b);
            } else if (node instanceof Conditional c) {
                return truth(eval(c.condition()), c.condition().pos()) ? eval(c.whenTrue()) : eval(c.whenFalse());
            } else if (node instanceof Index i) {
                return index(eval(i.array()), eval(i.index()), i);
            } else if (node instanceof Member m) {
                return member(eval(m.object()), m);
            } else if (node instanceof Cast c) {
                return cast(c.type(), eval(c.operand()), c.pos());
            } else {
                return sizeOf((SizeOf) node);
            }
        } catch (ExpressionException e) {
            throw e.at(node.pos());
        }
    }

    private ExpressionValue name(Name n) {
        ExpressionValue v = scope.variable(n.name());
        if (v != null) {
            return v.type().stripped() instanceof DwarfType.Pointer p && p.kind() != DwarfType.PointerKind.POINTER
                    && v.unavailable() == null ? deref(pointer(v, n.pos()), n.pos()) : v;
        }
        return switch (n.name()) {
            case "threadIdx" -> vector(CTypes.UINT3, scope.threadIdx());
            case "blockIdx" -> vector(CTypes.UINT3, scope.blockIdx());
            case "blockDim" -> vector(CTypes.DIM3, scope.blockDim());
            case "gridDim" -> vector(CTypes.DIM3, scope.gridDim());
            case "warpSize" -> ExpressionValue.of(CTypes.INT, Bits.bytes(scope.warpSize(), 4));
            default -> throw new ExpressionException(n.pos(), "no variable or symbol '" + n.name() + "' in "
                    + scope.function() + ", and no CUDA built-in of that name");
        };
    }

    private static ExpressionValue vector(DwarfType type, Dim3 v) {
        byte[] b = new byte[12];
        System.arraycopy(Bits.bytes(v.x(), 4), 0, b, 0, 4);
        System.arraycopy(Bits.bytes(v.y(), 4), 0, b, 4, 4);
        System.arraycopy(Bits.bytes(v.z(), 4), 0, b, 8, 4);
        return ExpressionValue.of(type, b);
    }

    private ExpressionValue register(Register r) {
        ExpressionValue v = scope.register(r.name());
        if (v == null) {
            throw new ExpressionException(r.pos(), "no register " + r.name() + " in " + scope.function());
        }
        return v;
    }

    private ExpressionValue unary(Unary u) {
        int pos = u.pos();
        if (u.op().equals("&")) {
            return addressOf(eval(u.operand()), pos);
        }
        ExpressionValue v = eval(u.operand());
        switch (u.op()) {
            case "*": {
                DwarfType t = v.type().stripped();
                if (t instanceof DwarfType.Array a && v.memory() != null) {
                    return v.element(a, 0, pos);
                }
                return deref(pointer(v, pos), pos);
            }
            case "!":
                return bool(!truth(v, pos));
            default:
                break;
        }
        Num n = number(v, pos, u.op());
        DwarfType.Base type = CTypes.promoted(n.type());
        n = n.to(type);
        switch (u.op()) {
            case "-":
                return type.encoding() == DwarfType.Encoding.FLOAT ? floating(type, -n.fp()) : integer(type, -n.bits());
            case "+":
                return n.value();
            case "~":
                if (!type.isInteger()) {
                    throw new ExpressionException(pos, "'~' needs an integer, not " + type.name());
                }
                return integer(type, ~n.bits());
            default:
                throw new IllegalStateException("unary " + u.op());
        }
    }

    private ExpressionValue binary(Binary b) {
        int pos = b.pos();
        String op = b.op();
        if (op.equals("&&")) {
            return bool(truth(eval(b.left()), b.left().pos()) && truth(eval(b.right()), b.right().pos()));
        }
        if (op.equals("||")) {
            return bool(truth(eval(b.left()), b.left().pos()) || truth(eval(b.right()), b.right().pos()));
        }
        ExpressionValue l = eval(b.left());
        ExpressionValue r = eval(b.right());
        Object x = scalar(l, b.left().pos());
        Object y = scalar(r, b.right().pos());
        if (x instanceof Ptr || y instanceof Ptr) {
            return pointerArithmetic(op, x, y, l, r, pos);
        }
        Num a = (Num) x;
        Num c = (Num) y;
        if (op.equals("<<") || op.equals(">>")) {
            return shift(op, a, c, pos);
        }
        DwarfType.Base type = CTypes.common(a.type(), c.type());
        a = a.to(type);
        c = c.to(type);
        boolean fp = type.encoding() == DwarfType.Encoding.FLOAT;
        switch (op) {
            case "==", "!=", "<", "<=", ">", ">=": {
                int cmp = fp ? Double.compare(a.fp(), c.fp()) : type.isSigned() ? Long.compare(a.bits(), c.bits())
                        : Long.compareUnsigned(a.bits(), c.bits());
                boolean nan = fp && (Double.isNaN(a.fp()) || Double.isNaN(c.fp()));
                boolean result = switch (op) {
                    case "==" -> !nan && cmp == 0;
                    case "!=" -> nan || cmp != 0;
                    case "<" -> !nan && cmp < 0;
                    case "<=" -> !nan && cmp <= 0;
                    case ">" -> !nan && cmp > 0;
                    default -> !nan && cmp >= 0;
                };
                return bool(result);
            }
            default:
                break;
        }
        if (fp) {
            return switch (op) {
                case "+" -> floating(type, a.fp() + c.fp());
                case "-" -> floating(type, a.fp() - c.fp());
                case "*" -> floating(type, a.fp() * c.fp());
                case "/" -> floating(type, a.fp() / c.fp());
                default -> throw new ExpressionException(pos, "'" + op + "' needs integers, not " + type.name());
            };
        }
        long p = a.bits();
        long q = c.bits();
        boolean signed = type.isSigned();
        if ((op.equals("/") || op.equals("%")) && q == 0) {
            throw new ExpressionException(pos, "division by zero");
        }
        long result = switch (op) {
            case "+" -> p + q;
            case "-" -> p - q;
            case "*" -> p * q;
            case "/" -> signed ? p / q : Long.divideUnsigned(p, q);
            case "%" -> signed ? p % q : Long.remainderUnsigned(p, q);
            case "&" -> p & q;
            case "|" -> p | q;
            case "^" -> p ^ q;
            default -> throw new IllegalStateException("binary " + op);
        };
        return integer(type, result);
    }

    private ExpressionValue shift(String op, Num a, Num c, int pos) {
        if (!a.type().isInteger() || !c.type().isInteger()) {
            throw new ExpressionException(pos, "'" + op + "' needs integers, not " + a.type().name() + " and " + c.type().name());
        }
        DwarfType.Base type = CTypes.promoted(a.type());
        a = a.to(type);
        c = c.to(CTypes.promoted(c.type()));
        long count = c.bits();
        int width = type.size() * 8;
        if (count < 0 || count >= width || !c.type().isSigned() && Long.compareUnsigned(count, width) >= 0) {
            throw new ExpressionException(pos, "shift count " + (c.type().isSigned() ? Long.toString(count)
                    : Long.toUnsignedString(count)) + " is outside 0.." + (width - 1) + " for " + type.name());
        }
        long result = op.equals("<<") ? a.bits() << count : type.isSigned() ? a.bits() >> count : a.bits() >>> count;
        return integer(type, result);
    }

    private ExpressionValue pointerArithmetic(String op, Object x, Object y, ExpressionValue l, ExpressionValue r, int pos) {
        if (op.equals("+") && x instanceof Ptr p && y instanceof Num n) {
            return offset(p, n, pos, 1);
        }
        if (op.equals("+") && x instanceof Num n && y instanceof Ptr p) {
            return offset(p, n, pos, 1);
        }
        if (op.equals("-") && x instanceof Ptr p && y instanceof Num n) {
            return offset(p, n, pos, -1);
        }
        if (op.equals("-") && x instanceof Ptr p && y instanceof Ptr q) {
            long size = elementSize(p.type(), pos);
            if (size != elementSize(q.type(), pos)) {
                throw new ExpressionException(pos, "cannot subtract " + q.type().name() + " from " + p.type().name());
            }
            return integer(CTypes.LONG, (p.address() - q.address()) / size);
        }
        boolean comparison = List.of("==", "!=", "<", "<=", ">", ">=").contains(op);
        if (comparison) {
            long a = x instanceof Ptr p ? p.address() : integerOperand((Num) x, pos);
            long b = y instanceof Ptr q ? q.address() : integerOperand((Num) y, pos);
            int cmp = Long.compareUnsigned(a, b);
            return bool(switch (op) {
                case "==" -> cmp == 0;
                case "!=" -> cmp != 0;
                case "<" -> cmp < 0;
                case "<=" -> cmp <= 0;
                case ">" -> cmp > 0;
                default -> cmp >= 0;
            });
        }
        throw new ExpressionException(pos, "invalid operands of '" + op + "': " + l.typeName() + " and " + r.typeName());
    }

    private static long integerOperand(Num n, int pos) {
        if (!n.type().isInteger()) {
            throw new ExpressionException(pos, "cannot compare a pointer with " + n.type().name());
        }
        return n.bits();
    }

    private ExpressionValue offset(Ptr p, Num n, int pos, int sign) {
        if (!n.type().isInteger()) {
            throw new ExpressionException(pos, "a pointer moves by an integer, not by " + n.type().name());
        }
        long moved = p.address() + sign * n.bits() * elementSize(p.type(), pos);
        return ExpressionValue.of(p.type(), Bits.bytes(moved, p.type().size()));
    }

    /** The bytes a pointer moves per element: its pointee's size (1 for void, as gdb does). */
    private static long elementSize(DwarfType.Pointer p, int pos) {
        DwarfType pointee = p.pointee().stripped();
        if (pointee instanceof DwarfType.Void) {
            return 1;
        }
        long size = pointee.byteSize();
        if (size <= 0) {
            throw new ExpressionException(pos, "arithmetic on " + p.name() + ", whose pointee has no known size");
        }
        return size;
    }

    private ExpressionValue index(ExpressionValue array, ExpressionValue index, Index node) {
        int pos = node.pos();
        Num n = number(index, node.index().pos(), "[]");
        if (!n.type().isInteger()) {
            throw new ExpressionException(node.index().pos(), "an index must be an integer, not " + n.type().name());
        }
        if (array.unavailable() != null) {
            throw unavailable(array, pos);
        }
        DwarfType t = array.type().stripped();
        if (t instanceof DwarfType.Array a) {
            return array.element(a, n.bits(), pos);
        }
        if (t instanceof DwarfType.Pointer) {
            return deref(pointer(offset(pointer(array, pos), n, pos, 1), pos), pos);
        }
        throw new ExpressionException(pos, "cannot index a value of type " + array.typeName());
    }

    private ExpressionValue member(ExpressionValue object, Member m) {
        int pos = m.pos();
        if (m.arrow()) {
            object = deref(pointer(object, pos), pos);
        } else if (object.type().stripped() instanceof DwarfType.Pointer) {
            throw new ExpressionException(pos, object.typeName() + " is a pointer: write '->" + m.member() + "'");
        }
        if (object.unavailable() != null) {
            throw unavailable(object, pos);
        }
        if (!(object.type().stripped() instanceof DwarfType.Composite c)) {
            throw new ExpressionException(pos, object.typeName() + " is not a struct or union: it has no member '"
                    + m.member() + "'");
        }
        DwarfType.Member member = c.member(m.member());
        if (member == null) {
            throw new ExpressionException(pos, object.typeName() + " has no member '" + m.member() + "' (it has "
                    + String.join(", ", c.members().stream().map(x -> x.name() == null ? "<anonymous>" : x.name()).toList())
                    + ")");
        }
        return member(object, member, pos);
    }

    /** Member {@code member} of a struct value; a bit field is read out of its bytes. */
    private ExpressionValue member(ExpressionValue object, DwarfType.Member member, int pos) {
        return (member.bitSize() > 0 ? load(object, pos) : object).member(member, pos);
    }

    private ExpressionValue addressOf(ExpressionValue v, int pos) {
        if (v.memory() != null) {
            DwarfAddressSpace space = scope.dwarfSpace(v.memory().space());
            DwarfType.Pointer type = new DwarfType.Pointer(v.type(), 8, space);
            return ExpressionValue.of(type, Bits.bytes(v.memory().offset(), 8));
        }
        if (v.register() != null) {
            throw new ExpressionException(pos, "cannot take the address of a value in register " + v.register());
        }
        if (v.unavailable() != null) {
            throw unavailable(v, pos);
        }
        throw new ExpressionException(pos, "cannot take the address of a value that is not in memory");
    }

    private ExpressionValue deref(Ptr p, int pos) {
        DwarfType pointee = p.type().pointee();
        DwarfType t = pointee.stripped();
        if (t instanceof DwarfType.Void) {
            throw new ExpressionException(pos, "cannot read through " + p.type().name() + ": cast it to a pointer to a type first");
        }
        if (t instanceof DwarfType.Function) {
            throw new ExpressionException(pos, "cannot read a function through " + p.type().name());
        }
        String space = p.type().space() == null ? scope.defaultSpace() : scope.spaceOf(p.type().space());
        if (space == null) {
            throw new ExpressionException(pos, p.type().name() + " points into " + p.type().space().name()
                    + ", which this target has no memory for");
        }
        return ExpressionValue.inMemory(pointee, new ExpressionValue.Memory(space, p.address()), null);
    }

    private ExpressionValue cast(TypeName name, ExpressionValue v, int pos) {
        DwarfType target = type(name);
        DwarfType t = target.stripped();
        if (v.isTypeless()) {
            if (v.memory() == null) {
                throw new ExpressionException(pos, "cannot cast a symbol that is not in memory");
            }
            return v.as(target);
        }
        if (t instanceof DwarfType.Void) {
            return ExpressionValue.of(target, new byte[0]);
        }
        if (t instanceof DwarfType.Base b) {
            Object s = scalar(v, pos);
            if (s instanceof Ptr p) {
                if (!b.isInteger()) {
                    throw new ExpressionException(pos, "cannot cast " + v.typeName() + " to " + b.name());
                }
                return ExpressionValue.of(target, Bits.bytes(b.encoding() == DwarfType.Encoding.BOOLEAN
                        ? p.address() != 0 ? 1 : 0 : p.address(), b.size()));
            }
            return ExpressionValue.of(target, ((Num) s).to(b).value().raw());
        }
        if (t instanceof DwarfType.Enumeration e) {
            Num n = number(v, pos, "cast");
            return ExpressionValue.of(target, n.to(CTypes.integer(e.size(), e.signed())).value().raw());
        }
        if (t instanceof DwarfType.Pointer p) {
            Object s = scalar(v, pos);
            long address;
            DwarfAddressSpace space = p.space();
            if (s instanceof Ptr from) {
                address = from.address();
                space = space != null ? space : from.type().space();
            } else if (((Num) s).type().isInteger()) {
                address = ((Num) s).bits();
            } else {
                throw new ExpressionException(pos, "cannot cast " + v.typeName() + " to a pointer");
            }
            if (space == null) {
                space = scope.dwarfSpace(scope.defaultSpace());
            }
            DwarfType.Pointer cast = new DwarfType.Pointer(p.pointee(), p.size(), space, p.kind());
            return ExpressionValue.of(target == t ? cast : target, Bits.bytes(address, p.size()));
        }
        if (t == v.type().stripped()) {
            return v;
        }
        throw new ExpressionException(pos, "cannot cast " + v.typeName() + " to " + target.name());
    }

    private ExpressionValue sizeOf(SizeOf s) {
        DwarfType t = s.type() != null ? type(s.type()) : eval(s.operand()).type();
        long size = t.byteSize();
        if (size <= 0 || t.stripped() instanceof DwarfType.Opaque) {
            throw new ExpressionException(s.pos(), "the size of " + t.name() + " is not known");
        }
        return integer(CTypes.UNSIGNED_LONG, size);
    }

    /** The type a cast or sizeof names; pointers written without {@code @space} are left without one. */
    private DwarfType type(TypeName name) {
        DwarfType t;
        if (name.name() != null) {
            try {
                t = scope.namedType(name.name());
            } catch (ExpressionException e) {
                throw e.at(name.pos());
            }
            if (t == null) {
                throw new ExpressionException(name.pos(), "no type named '" + name.name() + "' in the module's debug information");
            }
        } else {
            t = CTypes.base(name.words());
            if (t == null) {
                throw new ExpressionException(name.pos(), "'" + String.join(" ", name.words()) + "' is not a type");
            }
        }
        for (String s : name.pointeeSpaces()) {
            DwarfAddressSpace space = null;
            if (s != null) {
                String known = scope.spaceNamed(s);
                if (known == null) {
                    throw new ExpressionException(name.pos(), "no address space '" + s + "' (the target has "
                            + String.join(", ", scope.spaces()) + ")");
                }
                space = scope.dwarfSpace(known);
                if (space == null) {
                    throw new ExpressionException(name.pos(), "pointers cannot point into " + known);
                }
            }
            t = new DwarfType.Pointer(t, 8, space);
        }
        for (int i = name.extents().size() - 1; i >= 0; i--) {
            t = new DwarfType.Array(t, name.extents().get(i));
        }
        return t;
    }

    // ------------------------------------------------------------------ values

    /** A number (integer of its type's width, or floating point) with its type. */
    private record Num(DwarfType.Base type, long bits, double fp) {
        /** This number converted to {@code to} as C converts. */
        Num to(DwarfType.Base to) {
            if (to.equals(type)) {
                return this;
            }
            boolean fromFloat = type.encoding() == DwarfType.Encoding.FLOAT;
            if (to.encoding() == DwarfType.Encoding.FLOAT) {
                double d = fromFloat ? fp : type.isSigned() ? (double) bits : unsignedToDouble(bits);
                return new Num(to, 0, to.size() == 4 ? (double) (float) d : d);
            }
            if (to.encoding() == DwarfType.Encoding.BOOLEAN) {
                return new Num(to, (fromFloat ? fp != 0 : bits != 0) ? 1 : 0, 0);
            }
            long v = fromFloat ? (to.isSigned() || fp < 0 ? (long) fp : unsignedOf(fp)) : bits;
            int shift = 64 - 8 * to.size();
            v = to.isSigned() ? v << shift >> shift : shift == 0 ? v : v << shift >>> shift;
            return new Num(to, v, 0);
        }

        ExpressionValue value() {
            return type.encoding() == DwarfType.Encoding.FLOAT ? floating(type, fp) : integer(type, bits);
        }

        private static double unsignedToDouble(long v) {
            return v >= 0 ? v : ((v >>> 1) | (v & 1)) * 2.0;
        }

        private static long unsignedOf(double d) {
            return d >= 0x1p63 ? (long) (d - 0x1p63) + Long.MIN_VALUE : (long) d;
        }
    }

    /** A pointer's type and address. */
    private record Ptr(DwarfType.Pointer type, long address) {
    }

    private static ExpressionValue integer(DwarfType.Base type, long bits) {
        return ExpressionValue.of(type, Bits.bytes(bits, type.size()));
    }

    private static ExpressionValue floating(DwarfType.Base type, double v) {
        return type.size() == 4 ? ExpressionValue.of(type, Bits.bytes(Float.floatToRawIntBits((float) v), 4))
                : ExpressionValue.of(type, Bits.bytes(Double.doubleToRawLongBits(v), 8));
    }

    private static ExpressionValue bool(boolean b) {
        return ExpressionValue.of(CTypes.BOOL, new byte[] {(byte) (b ? 1 : 0)});
    }

    /** The value with its bytes read from memory where they are not yet. */
    private ExpressionValue load(ExpressionValue v, int pos) {
        if (v.unavailable() != null) {
            throw unavailable(v, pos);
        }
        if (v.isTypeless()) {
            throw new ExpressionException(pos, "a symbol without debug information has no type; cast it to its declared type");
        }
        if (v.raw() != null) {
            return v;
        }
        if (v.memory() == null) {
            throw new ExpressionException(pos, "the value of " + v.typeName() + " has no bytes");
        }
        long size = v.type().byteSize();
        if (size <= 0) {
            throw new ExpressionException(pos, "cannot read a value of " + v.typeName() + ": its size is not known");
        }
        if (size > MAX_VALUE_BYTES) {
            throw new ExpressionException(pos, "a value of " + size + " bytes is too large to read at once (index it)");
        }
        try {
            return v.withBytes(scope.read(v.memory().space(), v.memory().offset(), (int) size));
        } catch (ExpressionException e) {
            throw e.at(pos);
        }
    }

    private static ExpressionException unavailable(ExpressionValue v, int pos) {
        return new ExpressionException(pos, "the value is not available here: " + v.unavailable());
    }

    /** A scalar operand: a {@link Num} or a {@link Ptr} (an array in memory decays to a pointer to its first element). */
    private Object scalar(ExpressionValue v, int pos) {
        DwarfType t = v.type().stripped();
        if (t instanceof DwarfType.Array a) {
            if (v.memory() == null) {
                throw new ExpressionException(pos, "an array that is not in memory has no address");
            }
            return new Ptr(new DwarfType.Pointer(a.element(), 8, scope.dwarfSpace(v.memory().space())), v.memory().offset());
        }
        if (t instanceof DwarfType.Pointer p) {
            byte[] b = load(v, pos).raw();
            return new Ptr(p, Bits.unsigned(b, 0, p.size()));
        }
        return number(v, pos, null);
    }

    private Ptr pointer(ExpressionValue v, int pos) {
        Object s = scalar(v, pos);
        if (s instanceof Ptr p) {
            return p;
        }
        throw new ExpressionException(pos, "cannot read through a value of type " + v.typeName() + ", which is not a pointer");
    }

    /** A numeric operand ({@code op} names the operator for messages, null when a pointer would do). */
    private Num number(ExpressionValue v, int pos, String op) {
        DwarfType t = v.type().stripped();
        if (t instanceof DwarfType.Enumeration e) {
            byte[] b = load(v, pos).raw();
            DwarfType.Base type = CTypes.integer(e.size(), e.signed());
            return new Num(type, e.signed() ? Bits.signed(b, 0, e.size()) : Bits.unsigned(b, 0, e.size()), 0);
        }
        if (t instanceof DwarfType.Base b && b.encoding() != DwarfType.Encoding.OTHER) {
            byte[] bytes = load(v, pos).raw();
            if (b.encoding() == DwarfType.Encoding.FLOAT) {
                double d = b.size() == 4 ? Float.intBitsToFloat((int) Bits.unsigned(bytes, 0, 4))
                        : Double.longBitsToDouble(Bits.unsigned(bytes, 0, 8));
                return new Num(b, 0, d);
            }
            return new Num(b, b.isSigned() ? Bits.signed(bytes, 0, b.size()) : Bits.unsigned(bytes, 0, b.size()), 0);
        }
        if (v.isTypeless()) {
            throw new ExpressionException(pos, "a symbol without debug information has no type; cast it to its declared type");
        }
        if (v.unavailable() != null) {
            throw unavailable(v, pos);
        }
        throw new ExpressionException(pos, (op != null ? "'" + op + "' needs a number, not " : "not a number: ")
                + v.typeName());
    }

    private boolean truth(ExpressionValue v, int pos) {
        Object s = scalar(v, pos);
        if (s instanceof Ptr p) {
            return p.address() != 0;
        }
        Num n = (Num) s;
        return n.type().encoding() == DwarfType.Encoding.FLOAT ? n.fp() != 0 : n.bits() != 0;
    }
}
