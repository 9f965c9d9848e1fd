package org.gpumem.sim.ptx;

/**
 * What a name in a function body refers to: a register, a parameter, a local variable, or a
 * {@code .shared} variable the function declares, under the module-wide name it was given.
 */
final class Symbol {
    static final int REGISTER = 0, FRAME_PARAM = 1, KERNEL_PARAM = 2, LOCAL = 3, SHARED = 4;
    final int kind;
    final int value;
    final int size;
    /** For {@link #SHARED}: the module variable's name. */
    final String variable;

    Symbol(int kind, int value, int size) {
        this(kind, value, size, null);
    }

    private Symbol(int kind, int value, int size, String variable) {
        this.kind = kind;
        this.value = value;
        this.size = size;
        this.variable = variable;
    }

    static Symbol shared(String variable) {
        return new Symbol(SHARED, 0, 0, variable);
    }
}
