package org.gpumem.sim.ptx;

/** What a name in a function body refers to: a register, a parameter, a local variable. */
final class Symbol {
    static final int REGISTER = 0, FRAME_PARAM = 1, KERNEL_PARAM = 2, LOCAL = 3;
    final int kind;
    final int value;
    final int size;

    Symbol(int kind, int value, int size) {
        this.kind = kind;
        this.value = value;
        this.size = size;
    }
}
