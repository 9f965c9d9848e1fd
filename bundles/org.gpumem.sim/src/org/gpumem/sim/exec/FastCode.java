package org.gpumem.sim.exec;

import java.lang.invoke.MethodHandles;
import java.lang.ref.SoftReference;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The fast engine's code of one module text: per function, its {@link CompiledBlock}s by first
 * instruction, compiled (by the device's {@link FunctionCompiler}) the first time a warp runs the
 * function and kept for every later launch
 * (the CUDA samples launch one kernel hundreds of times). Workers may ask for a function at once;
 * each compiles it at most once. The loader decodes the same text into the same instructions, and
 * a block depends on nothing else (memory, constants and symbols are read when it runs), so the
 * code of a text is shared by every module loaded from it while it is recent: a program or a
 * test that loads a module again finds its blocks compiled, and already warm in the JIT. The code
 * of launches with memory checks is kept apart ({@link FunctionCompiler#compile}'s {@code checked}).
 */
final class FastCode {
    /** Module texts whose code is kept, at most; the least recently used goes first. */
    private static final int RECENT = 16;
    private static final Map<Text, SoftReference<FastCode>> RECENT_TEXTS = new LinkedHashMap<>(RECENT, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Text, SoftReference<FastCode>> eldest) {
            return size() > RECENT;
        }
    };

    /** Where compiled blocks are defined: this package, whose members they call. */
    private static final MethodHandles.Lookup HERE = MethodHandles.lookup();

    /** A module text, for launches with memory checks or without. */
    private record Text(String text, boolean checked) {
    }

    private final PtxModule module;
    private final FunctionCompiler compiler;
    private final boolean checked;
    private final AtomicReferenceArray<CompiledBlock[]> functions;
    private final AtomicReferenceArray<ReusedFrame> frames;

    private FastCode(PtxModule module, FunctionCompiler compiler, boolean checked) {
        this.module = module;
        this.compiler = compiler;
        this.checked = checked;
        this.functions = new AtomicReferenceArray<>(module.functions().size());
        this.frames = new AtomicReferenceArray<>(module.functions().size());
    }

    /**
     * The code of {@code module}'s text by {@code compiler}, for launches with memory checks
     * ({@code checked}) or without: that of an earlier module with the same text and compiler, or new.
     */
    static FastCode of(PtxModule module, FunctionCompiler compiler, boolean checked) {
        Text key = new Text(module.text(), checked);
        synchronized (RECENT_TEXTS) {
            SoftReference<FastCode> ref = RECENT_TEXTS.get(key);
            FastCode code = ref == null ? null : ref.get();
            if (code == null || code.compiler != compiler) {
                code = new FastCode(module, compiler, checked);
                RECENT_TEXTS.put(key, new SoftReference<>(code));
            }
            return code;
        }
    }

    /** The blocks of function {@code index}, indexed by first instruction. */
    CompiledBlock[] blocks(int index) {
        CompiledBlock[] b = functions.get(index);
        return b != null ? b : compile(index);
    }

    /** How frames of function {@code index} are prepared again when reused. */
    ReusedFrame reusedFrame(int index) {
        ReusedFrame r = frames.get(index);
        if (r == null) {
            PtxFunction fn = module.functions().get(index);
            r = ReusedFrame.of(fn, fn.instructions().toArray(new Instruction[0]));
            frames.compareAndSet(index, null, r);
        }
        return r;
    }

    /** Whether function {@code index} has been compiled: a warp of a fast launch ran it. */
    boolean compiled(int index) {
        return functions.get(index) != null;
    }

    private synchronized CompiledBlock[] compile(int index) {
        CompiledBlock[] b = functions.get(index);
        if (b == null) {
            PtxFunction fn = module.functions().get(index);
            b = compiler.compile(fn, HERE, checked);
            for (CompiledBlock block : b) {
                for (int pc = block == null ? 0 : block.start; block != null && pc < block.end; pc++) {
                    block.waitsForLanes |= fn.instructions().get(pc).memberMask >= 0;
                }
            }
            functions.set(index, b);
        }
        return b;
    }
}
