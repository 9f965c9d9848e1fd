package org.gpumem.sim;

/**
 * Which engine executes a launch's straight-line code. Both give the same outputs, counts,
 * profiles and fault reports; control flow, divergence, barriers and calls always run in the
 * interpreter, and a warp that may stop at a breakpoint runs interpreted whatever the engine.
 */
public enum ExecEngine {
    /** The reference: every instruction is dispatched by the interpreter. */
    INTERPRETER,
    /** Straight-line runs of instructions are translated to JVM bytecode once per loaded module. */
    FAST;

    /** The engine for a command-line name ({@code interpreter}, {@code fast}), or null. */
    public static ExecEngine fromName(String name) {
        for (ExecEngine e : values()) {
            if (e.cliName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** The name on the command line. */
    public String cliName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
