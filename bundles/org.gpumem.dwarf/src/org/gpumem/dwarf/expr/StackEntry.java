package org.gpumem.dwarf.expr;

/**
 * A DWARF stack entry: a value of a size (in bytes) and signedness, or a location (DWARF 6's
 * locations on the stack), and the arithmetic on values.
 */
record StackEntry(long bits, int size, boolean signed, LocationDescription location) {
    static StackEntry generic(long v, int addressSize) {
        return new StackEntry(mask(v, addressSize), addressSize, false, null);
    }

    static StackEntry of(LocationDescription location) {
        return new StackEntry(0, 0, false, location);
    }

    static long mask(long v, int size) {
        return size >= 8 ? v : v & ((1L << (size * 8)) - 1);
    }

    long signedBits() {
        return size >= 8 ? bits : (bits << (64 - size * 8)) >> (64 - size * 8);
    }

    /** {@code x op y} on values of {@code size} bytes; the caller has refused division by zero. */
    static StackEntry binary(Operation operation, long x, long y, int size, boolean signed) {
        long sx = new StackEntry(x, size, signed, null).signedBits();
        long sy = new StackEntry(y, size, signed, null).signedBits();
        long r = switch (operation) {
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case PLUS -> x + y;
            case MINUS -> x - y;
            case MUL -> x * y;
            case DIV -> sx / sy;
            case MOD -> signed ? sx % sy : Long.remainderUnsigned(x, y);
            case SHL -> Long.compareUnsigned(y, 64) >= 0 ? 0 : x << y;
            case SHR -> Long.compareUnsigned(y, 64) >= 0 ? 0 : x >>> y;
            case SHRA -> sx >> (Long.compareUnsigned(y, 63) >= 0 ? 63 : y);
            case EQ -> sx == sy ? 1 : 0;
            case NE -> sx != sy ? 1 : 0;
            case LT -> sx < sy ? 1 : 0;
            case LE -> sx <= sy ? 1 : 0;
            case GT -> sx > sy ? 1 : 0;
            case GE -> sx >= sy ? 1 : 0;
            default -> throw new IllegalArgumentException(operation + " is not a binary operation");
        };
        return new StackEntry(mask(r, size), size, signed, null);
    }
}
