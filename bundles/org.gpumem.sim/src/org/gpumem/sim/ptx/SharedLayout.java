package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.PtxStateSpace;

/**
 * Where each {@code .shared} variable of a module lies in a CTA's shared memory, and how much of
 * it each kernel needs. As ptxas does for each kernel, a kernel's CTA holds only the variables
 * its call graph names: nvcc hoists every kernel's {@code __shared__} arrays to module scope, and
 * a CUB or Thrust module declares hundreds of kilobytes of them over its kernels, more than any
 * one CTA may have. Offsets stay module wide (code shared by several kernels names one address):
 * two variables overlap only where no kernel reaches both.
 */
final class SharedLayout {
    /** The least alignment of dynamic shared memory, as the CUDA runtime gives it. */
    private static final int DYNAMIC_ALIGNMENT = 16;

    private SharedLayout() {
    }

    /**
     * Fills the module's shared offsets and every kernel's {@link PtxFunction#staticSharedBytes},
     * {@link PtxFunction#dynamicSharedOffset} and {@link PtxFunction#sharedVariableNames}. A variable
     * no function names, or that another variable's initializer names, is counted in every kernel.
     */
    static void layOut(PtxModule module, List<PtxFunction> functions, List<PtxVariable> variables) {
        List<PtxFunction> kernels = functions.stream().filter(f -> f.entry).toList();
        Map<String, BitSet> users = users(functions, kernels);
        BitSet everyKernel = new BitSet();
        everyKernel.set(0, kernels.size());
        for (PtxVariable v : variables) {
            for (PtxVariable.SymbolInit init : v.symbolInits()) {
                users.put(init.symbol(), everyKernel);
            }
        }
        Map<String, Long> offsets = new LinkedHashMap<>();
        List<List<String>> names = new ArrayList<>();
        for (int k = 0; k < kernels.size(); k++) {
            names.add(new ArrayList<>());
        }
        List<Placed> placed = new ArrayList<>();
        long[] ends = new long[kernels.size()];
        int dynamicAlignment = DYNAMIC_ALIGNMENT;
        BitSet dynamicUsers = new BitSet();
        for (PtxVariable v : variables) {
            if (v.space() != PtxStateSpace.SHARED) {
                continue;
            }
            BitSet by = users.getOrDefault(v.name(), everyKernel);
            if (v.isDynamicShared()) {
                dynamicAlignment = Math.max(dynamicAlignment, v.alignment());
                dynamicUsers.or(by);
                for (int k = by.nextSetBit(0); k >= 0; k = by.nextSetBit(k + 1)) {
                    names.get(k).add(v.name());
                }
                continue;
            }
            long offset = firstFit(placed, by, v.size(), v.alignment());
            placed.add(new Placed(offset, offset + v.size(), by));
            offsets.put(v.name(), offset);
            for (int k = by.nextSetBit(0); k >= 0; k = by.nextSetBit(k + 1)) {
                ends[k] = Math.max(ends[k], offset + v.size());
                names.get(k).add(v.name());
            }
        }
        // Dynamic shared memory has one address in the code, after the static part of every
        // kernel that names it.
        long dynamicOffset = 0;
        for (int k = dynamicUsers.nextSetBit(0); k >= 0; k = dynamicUsers.nextSetBit(k + 1)) {
            dynamicOffset = Math.max(dynamicOffset, align(ends[k], dynamicAlignment));
        }
        for (PtxVariable v : variables) {
            if (v.space() == PtxStateSpace.SHARED && v.isDynamicShared()) {
                offsets.put(v.name(), dynamicOffset);
            }
        }
        for (int k = 0; k < kernels.size(); k++) {
            PtxFunction kernel = kernels.get(k);
            kernel.staticSharedBytes = ends[k];
            kernel.dynamicSharedOffset = dynamicUsers.get(k) ? dynamicOffset : align(ends[k], dynamicAlignment);
            kernel.sharedVariableNames = List.copyOf(names.get(k));
        }
        module.sharedOffsets = Map.copyOf(offsets);
    }

    /** A placed variable: its bytes and the kernels that reach it. */
    private record Placed(long start, long end, BitSet kernels) {
    }

    /**
     * The lowest aligned offset where {@code size} bytes overlap no placed variable a kernel of
     * {@code by} also reaches: one sweep over those variables by start.
     */
    private static long firstFit(List<Placed> placed, BitSet by, long size, int alignment) {
        List<Placed> conflicts = new ArrayList<>();
        for (Placed p : placed) {
            if (p.kernels().intersects(by)) {
                conflicts.add(p);
            }
        }
        conflicts.sort(Comparator.comparingLong(Placed::start));
        long offset = 0;
        for (Placed p : conflicts) {
            if (p.start() >= offset + size) {
                break;
            }
            if (p.end() > offset) {
                offset = align(p.end(), alignment);
            }
        }
        return offset;
    }

    /** Per variable name, the kernels (by their index among the kernels) whose call graph names it. */
    private static Map<String, BitSet> users(List<PtxFunction> functions, List<PtxFunction> kernels) {
        Map<String, BitSet> users = new HashMap<>();
        for (int k = 0; k < kernels.size(); k++) {
            boolean[] reached = kernels.get(k).reachableFunctions;
            for (PtxFunction f : functions) {
                if (!reached[f.index]) {
                    continue;
                }
                for (String symbol : f.constantSymbols) {
                    if (symbol != null) {
                        users.computeIfAbsent(symbol, s -> new BitSet()).set(k);
                    }
                }
            }
        }
        return users;
    }

    private static long align(long offset, long alignment) {
        return (offset + alignment - 1) / alignment * alignment;
    }
}
