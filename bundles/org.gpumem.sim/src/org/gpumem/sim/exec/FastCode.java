package org.gpumem.sim.exec;

import java.util.concurrent.atomic.AtomicReferenceArray;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The fast engine's code of one loaded module: per function, its {@link CompiledBlock}s by first
 * instruction, compiled the first time a warp runs the function and kept for every later launch
 * of the module (the CUDA samples launch one kernel hundreds of times). Workers may ask for a
 * function at once; each compiles it at most once.
 */
final class FastCode {
    private final PtxModule module;
    private final AtomicReferenceArray<CompiledBlock[]> functions;

    FastCode(PtxModule module) {
        this.module = module;
        this.functions = new AtomicReferenceArray<>(module.functions().size());
    }

    /** The blocks of function {@code index}, indexed by first instruction. */
    CompiledBlock[] blocks(int index) {
        CompiledBlock[] b = functions.get(index);
        return b != null ? b : compile(index);
    }

    private synchronized CompiledBlock[] compile(int index) {
        CompiledBlock[] b = functions.get(index);
        if (b == null) {
            b = BlockCompiler.compile(module.functions().get(index).instructions().toArray(new Instruction[0]));
            functions.set(index, b);
        }
        return b;
    }
}
