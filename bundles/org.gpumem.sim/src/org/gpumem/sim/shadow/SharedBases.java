package org.gpumem.sim.shadow;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * The variable each memory instruction of a function computes its address from, found in the
 * code: the symbol at the root of the address register's definitions through moves, address
 * conversions and additions of offsets, when every definition leads to the same symbol (a pointer
 * stepped through a loop too). With it memcheck tells an access that runs from one shared array
 * into the next (its bytes belong to the next variable, but its address was computed from the
 * first) from an access of the next variable. Anything else (a pointer selected, loaded, passed
 * in) has no known variable, and memcheck then judges by the bytes alone. Computed once per
 * function on its first question.
 */
final class SharedBases {
    /** Definitions followed at most, depth-first: deeper chains have no known variable. */
    private static final int DEPTH = 32;
    private static final String SELF = new String("itself");

    private final PtxFunction function;
    /** Per register: the instructions that write it. */
    private final List<List<Instruction>> writers;

    SharedBases(PtxFunction function) {
        this.function = function;
        List<List<Instruction>> w = new ArrayList<>();
        for (Instruction in : function.instructions()) {
            for (int d : in.dst) {
                if (d >= 0) {
                    while (w.size() <= d) {
                        w.add(null);
                    }
                    if (w.get(d) == null) {
                        w.set(d, new ArrayList<>(1));
                    }
                    w.get(d).add(in);
                }
            }
        }
        this.writers = w;
    }

    /** The symbol (its PTX name) the address of {@code in} is computed from, or null when not known. */
    String base(Instruction in) {
        if (in.addrReg < 0) {
            return null;
        }
        String s = resolve(in.addrReg, new ArrayList<>(), 0);
        return s == SELF ? null : s;
    }

    private String resolve(int register, List<Integer> visiting, int depth) {
        int constant = register - function.constantBase();
        if (constant >= 0 && constant < function.constantCount()) {
            return function.constantSymbol(constant);
        }
        if (visiting.contains(register)) {
            return SELF; // a pointer stepped in a loop: its other definitions decide
        }
        if (depth > DEPTH || register >= writers.size() || writers.get(register) == null) {
            return null;
        }
        visiting.add(register);
        String found = null;
        try {
            for (Instruction def : writers.get(register)) {
                String s = definition(def, visiting, depth + 1);
                if (s == null) {
                    return null;
                }
                if (s != SELF) {
                    if (found != null && !found.equals(s)) {
                        return null;
                    }
                    found = s;
                }
            }
            return found == null ? SELF : found;
        } finally {
            visiting.remove(visiting.size() - 1);
        }
    }

    /** The symbol a definition's value comes from: through mov, cvta, cvt and the base operand of add and sub. */
    private String definition(Instruction def, List<Integer> visiting, int depth) {
        if (def.dst.length != 1 || def.guard >= 0 || def.opcode == null) {
            return null;
        }
        String op = def.opcode;
        if ((op.startsWith("mov.") || op.startsWith("cvta.") || op.startsWith("cvt.u64.u32") || op.startsWith("cvt.u32.u64"))
                && def.src.length == 1) {
            return resolve(def.src[0], visiting, depth);
        }
        if (op.startsWith("sub.") && def.src.length == 2 && !op.startsWith("sub.f")) {
            String b = resolve(def.src[1], visiting, depth);
            // an address minus an offset keeps its base; minus another address it is a distance
            return b != null && b != SELF ? null : resolve(def.src[0], visiting, depth);
        }
        if (op.startsWith("add.") && def.src.length == 2 && !op.startsWith("add.f") && !op.startsWith("add.rn")) {
            String a = resolve(def.src[0], visiting, depth);
            String b = resolve(def.src[1], visiting, depth);
            boolean aSymbol = a != null && a != SELF, bSymbol = b != null && b != SELF;
            if (aSymbol && bSymbol) {
                return null; // two addresses added: no pointer arithmetic
            }
            if (aSymbol || bSymbol) {
                return aSymbol ? a : b;
            }
            return a == SELF || b == SELF ? SELF : null;
        }
        return null;
    }
}
