package org.gpumem.dap.protocol;

/** Arguments of gpumem/focus: a block and/or a thread (cuda-gdb's coordinates), or a context. */
public class FocusArguments {
    public int[] block;
    public int[] thread;
    public String context;
}
