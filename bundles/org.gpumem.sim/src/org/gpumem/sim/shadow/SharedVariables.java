package org.gpumem.sim.shadow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.images.ItaniumDemangler;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.PtxVariable;

/**
 * The shared variables of one kernel's CTA, by offset: what an offset in shared memory belongs
 * to, for memcheck (an access between variables ran past one) and for naming findings. Dynamic
 * shared memory is one variable from its offset to the end of the CTA's shared memory.
 */
final class SharedVariables {
    /** One variable's bytes and its name as a user wrote it. */
    record Variable(long start, long end, String name) {
    }

    private final List<Variable> variables = new ArrayList<>();
    /** The static variables by their PTX names. */
    private final Map<String, Variable> byPtxName = new HashMap<>();
    /** Whether no two variables share a byte: then the one variable holding an access's bytes is {@link #at} them. */
    final boolean disjoint;

    SharedVariables(PtxModule module, PtxFunction kernel, long sharedBytes) {
        boolean dynamic = false;
        for (String n : kernel.sharedVariableNames()) {
            PtxVariable v = module.variable(n);
            Long offset = module.sharedOffsets().get(n);
            if (v == null || offset == null) {
                continue;
            }
            if (v.isDynamicShared()) {
                dynamic = true;
                continue;
            }
            Variable variable = new Variable(offset, offset + v.size(), ItaniumDemangler.readable(n));
            variables.add(variable);
            byPtxName.put(n, variable);
        }
        long dyn = kernel.dynamicSharedOffset();
        if (sharedBytes > dyn) {
            variables.add(new Variable(dyn, sharedBytes, dynamic ? "dynamic shared memory (extern __shared__)"
                    : "dynamic shared memory"));
        }
        variables.sort(Comparator.comparingLong(Variable::start));
        boolean apart = true;
        for (int i = 1; i < variables.size(); i++) {
            apart &= variables.get(i - 1).end() <= variables.get(i).start();
        }
        this.disjoint = apart;
    }

    /** The static shared variable named {@code ptxName} in the PTX, or null. */
    Variable named(String ptxName) {
        return ptxName == null ? null : byPtxName.get(ptxName);
    }

    /** The variable holding byte {@code offset}, or null. */
    Variable at(long offset) {
        Variable found = null;
        for (Variable v : variables) {
            if (v.start() <= offset && offset < v.end()) {
                found = v;
            }
        }
        return found;
    }

    /** The variable that ends at or before {@code offset} nearest to it, or null. */
    Variable before(long offset) {
        Variable found = null;
        for (Variable v : variables) {
            if (v.end() <= offset && (found == null || v.end() > found.end())) {
                found = v;
            }
        }
        return found;
    }

    /** The variable that starts after {@code offset} nearest to it, or null. */
    Variable after(long offset) {
        Variable found = null;
        for (Variable v : variables) {
            if (v.start() > offset && (found == null || v.start() < found.start())) {
                found = v;
            }
        }
        return found;
    }

    /** Whether [offset, offset + size) lies inside one variable. */
    boolean inside(long offset, int size) {
        Variable v = at(offset);
        return v != null && offset + size <= v.end();
    }

    /** An index for the variable of {@code offset} (findings on one variable are identical), -1 for none. */
    int key(long offset) {
        Variable v = at(offset);
        return v == null ? -1 : variables.indexOf(v);
    }
}
