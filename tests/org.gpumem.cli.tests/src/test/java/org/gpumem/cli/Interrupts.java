package org.gpumem.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/** What the tests of Ctrl-C need to know of this process's SIGINT. */
final class Interrupts {
    static final Signal SIGINT = new Signal("INT");

    private Interrupts() {
    }

    /**
     * Whether this process ignores SIGINT. A shell without job control starts background jobs
     * with SIGINT ignored, and a child inherits that: the JVM then installs no handler
     * (Signal.handle answers SIG_IGN), and no Ctrl-C can reach this process or one it starts.
     */
    static boolean ignored() {
        SignalHandler previous = Signal.handle(SIGINT, SignalHandler.SIG_DFL);
        Signal.handle(SIGINT, previous);
        return previous == SignalHandler.SIG_IGN;
    }
}
