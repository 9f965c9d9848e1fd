package org.gpumem.sim.exec.compile;

import static org.objectweb.asm.Opcodes.*;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.gpumem.sim.exec.CheckedAccesses;
import org.gpumem.sim.exec.CompiledBlock;
import org.gpumem.sim.exec.CtaMemory;
import org.gpumem.sim.exec.Frame;
import org.gpumem.sim.exec.FunctionCompiler;
import org.gpumem.sim.exec.Interpreter;
import org.gpumem.sim.exec.LaneOps;
import org.gpumem.sim.exec.SimulatedDevice;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.WarpIntrinsics;
import org.gpumem.sim.exec.access.LaneMemory;
import org.gpumem.sim.exec.compile.BlockTranslations.Call;
import org.gpumem.sim.exec.compile.BlockTranslations.Lane;
import org.gpumem.sim.exec.compile.BlockTranslations.Translation;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Translates the straight-line runs of a function's code into {@link CompiledBlock}s with ASM:
 * one hidden class per block, defined in the execution core's package through the lookup it hands
 * over (so that it can call that package's {@link LaneOps} and {@link Interpreter#execute}) and
 * unloadable with its module. Blocks start at the function's entry, at every branch target and
 * reconvergence point, and after every instruction that ends a block
 * ({@link BlockTranslations#inBlock}); they are at most {@link #MAX_LENGTH} long, so that the JIT
 * can still inline what each block calls. Within a
 * block, runs of arithmetic and checked loads become lane loops ({@link LaneLoops}); every other
 * instruction is a call of its loop, access or intrinsic, or of the interpreter.
 */
public final class BlockCompiler {
    static final int MAX_LENGTH = 32;
    /** This compiler, as a {@link SimulatedDevice} is given it. */
    public static final FunctionCompiler INSTANCE = BlockCompiler::compile;
    private static final String BASE = Type.getInternalName(CompiledBlock.class);
    /** The name of every block's class: hidden, so each is a class of its own. */
    private static final String CODE_CLASS = BASE + "$Code";
    private static final String INTERPRETER = Type.getInternalName(Interpreter.class);
    private static final String RUN = Type.getMethodDescriptor(Type.INT_TYPE, Type.getType(Interpreter.class),
            Type.getType(Warp.class), Type.getType(Frame.class), Type.getType(long[].class),
            Type.getType(Instruction[].class), Type.INT_TYPE);
    private static final String EXECUTE = Type.getMethodDescriptor(Type.VOID_TYPE, Type.getType(Warp.class),
            Type.getType(Frame.class), Type.getType(Instruction.class), Type.getType(long[].class), Type.INT_TYPE);
    private static final String CHECK_BEFORE = Type.getMethodDescriptor(Type.VOID_TYPE, Type.getType(Warp.class),
            Type.getType(Frame.class), Type.getType(Instruction.class), Type.getType(long[].class), Type.INT_TYPE,
            Type.INT_TYPE, Type.INT_TYPE);
    private static final MethodType CONSTRUCTOR = MethodType.methodType(void.class, int.class, int.class, int[].class);
    // Locals of the generated run method.
    static final int IP = 1, WARP = 2, FRAME = 3, REGS = 4, CODE = 5, MASK = 6, LANES = 7, M = 8;
    /**
     * The first local variable of the full-warp method's span checks ({@link AccessSpans}), one
     * per span; the lane loops' locals follow them.
     */
    private static final int SPANS = 9;

    private BlockCompiler() {
    }

    /**
     * The blocks of function {@code fn}, indexed by their first instruction (null where none
     * starts), defined through {@code here} ({@link FunctionCompiler#compile}); with
     * {@code checked}, for a launch with memory checks: before every instruction the checks look
     * at ({@link CheckedAccesses#observes}) the block shows it to them through the interpreter
     * ({@link Interpreter#checkBefore}, its guard applied), and after it asks whether the warp
     * stops there ({@link Interpreter#checkAfter}); such an instruction joins no lane loop, so the
     * checks see the registers and memory of every instruction before it, for every lane, as when
     * the interpreter executes them one by one.
     */
    static CompiledBlock[] compile(PtxFunction fn, MethodHandles.Lookup here, boolean checked) {
        Instruction[] code = fn.instructions().toArray(new Instruction[0]);
        boolean[] inBlock = new boolean[code.length];
        for (int k = 0; k < code.length; k++) {
            inBlock[k] = BlockTranslations.inBlock(code[k]);
        }
        boolean[] leader = leaders(code, inBlock);
        RegisterLiveness live = RegisterLiveness.of(fn, code);
        CompiledBlock[] blocks = new CompiledBlock[code.length];
        int i = 0;
        while (i < code.length) {
            if (!inBlock[i]) {
                i++;
                continue;
            }
            int e = i + 1;
            while (e < code.length && e - i < MAX_LENGTH && !leader[e] && inBlock[e]) {
                e++;
            }
            blocks[i] = define(here, fn, code, i, e, live, checked);
            i = e;
        }
        return blocks;
    }

    /** Instructions where a warp's stack entry may start or stop: no block runs past one. */
    private static boolean[] leaders(Instruction[] code, boolean[] inBlock) {
        boolean[] leader = new boolean[code.length + 1];
        leader[0] = true;
        for (int k = 0; k < code.length; k++) {
            Instruction in = code[k];
            if (!inBlock[k]) {
                leader[in.index + 1] = true;
            }
            if (in.op == org.gpumem.sim.ptx.Op.BRA && in.target >= 0 && in.target < code.length) {
                leader[in.target] = true;
            }
            for (int target : in.targets) {
                leader[target] = true;
            }
            if (in.reconvergence >= 0 && in.reconvergence < code.length) {
                leader[in.reconvergence] = true;
            }
        }
        return leader;
    }

    private static CompiledBlock define(MethodHandles.Lookup here, PtxFunction fn, Instruction[] code, int start, int end, RegisterLiveness live,
            boolean checked) {
        int[] unguardedBefore = new int[end - start + 1];
        for (int k = start; k < end; k++) {
            unguardedBefore[k - start + 1] = unguardedBefore[k - start] + (code[k].guard < 0 ? 1 : 0);
        }
        byte[] bytes = generate(here, fn, code, start, end, live, checked);
        try {
            MethodHandles.Lookup hidden = here.defineHiddenClass(bytes, true);
            MethodHandle make = hidden.findConstructor(hidden.lookupClass(), CONSTRUCTOR);
            return (CompiledBlock) make.invoke(start, end, unguardedBefore);
        } catch (Throwable t) {
            throw new IllegalStateException("cannot define the compiled block of instructions " + start + ".." + end, t);
        }
    }

    private static byte[] generate(MethodHandles.Lookup here, PtxFunction fn, Instruction[] code, int start, int end, RegisterLiveness live,
            boolean checked) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                // Frames merge only identical local types here; never load classes to merge them.
                return "java/lang/Object";
            }
        };
        cw.visit(V17, ACC_FINAL | ACC_SUPER, CODE_CLASS, null, BASE, null);
        MethodVisitor init = cw.visitMethod(0, "<init>", CONSTRUCTOR.toMethodDescriptorString(), null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitVarInsn(ILOAD, 1);
        init.visitVarInsn(ILOAD, 2);
        init.visitVarInsn(ALOAD, 3);
        init.visitMethodInsn(INVOKESPECIAL, BASE, "<init>", CONSTRUCTOR.toMethodDescriptorString(), false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        Translation[] translations = translations(fn, code, start, end);
        AccessSpans spans = AccessSpans.of(code, start, end, translations);
        int loopLocals = SPANS + spans.count();
        LaneMethods lanes = new LaneMethods(cw, code, live);
        for (boolean full : new boolean[] {false, true}) {
            MethodVisitor mv = cw.visitMethod(0, full ? "runFull" : "run", RUN, null, null);
            mv.visitCode();
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, LANES);
            mv.visitVarInsn(ILOAD, MASK);
            mv.visitVarInsn(ISTORE, M);
            List<LaneLoops.Run> runs = LaneLoops.runs(code, start, end, translations, spans, full, checked);
            int r = 0;
            for (int k = start; k < end;) {
                LaneLoops.Run run = r < runs.size() && runs.get(r).from() == k ? runs.get(r++) : null;
                if (run == null) {
                    if (full) {
                        checkSpans(mv, code, k, k + 1, spans);
                    }
                    Translation tr = translations[k - start];
                    Call call = tr instanceof Lane lane ? SharedLoops.of(lane, here) : (Call) tr;
                    boolean observed = checked && CheckedAccesses.observes(code[k]);
                    if (full && spans.of(k) >= 0) {
                        inSpan(mv, code[k], call, spans, observed);
                    } else {
                        instruction(mv, code[k], call, full, observed);
                    }
                    k++;
                    continue;
                }
                if (run.spans().length == 0) {
                    lanes.loop(mv, run, full, loopLocals);
                } else {
                    checkedRun(here, mv, code, run, translations, start, spans, loopLocals, lanes, checked);
                }
                k = run.to();
            }
            mv.visitVarInsn(ILOAD, LANES);
            mv.visitInsn(IRETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** What instructions {@code start..end-1} of {@code fn} become, indexed from {@code start}. */
    static Translation[] translations(PtxFunction fn, Instruction[] code, int start, int end) {
        Translation[] translations = new Translation[end - start];
        BlockConstants known = new BlockConstants(fn);
        for (int k = start; k < end; k++) {
            translations[k - start] = BlockTranslations.translate(code[k], fn, known);
            known.after(code[k]);
        }
        return translations;
    }

    /**
     * The lane loops that have a full-warp form {@code nameFull} (the same arguments, no mask), as
     * {@code Owner.nameFull}, and whether that form is refusable (returns a boolean): a full warp
     * can make a refusable loop's form infallible (a shuffle whose lanes are all members).
     */
    private static final Map<String, Boolean> FULL_FORMS = Stream
            .of(LaneMemory.class, WarpIntrinsics.class)
            .flatMap(c -> Arrays.stream(c.getDeclaredMethods()).filter(m -> m.getName().endsWith("Full"))
                    .map(m -> Map.entry(c.getSimpleName() + "." + m.getName(), m.getReturnType() == boolean.class)))
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a));

    /**
     * One instruction: its lanes (the guard applied to the mask), then its kernel or the
     * interpreter. In the full-warp method ({@code full}, mask -1) an unguarded instruction calls
     * its kernel's full-warp form: smaller, so the JIT inlines more of a block. One the memory
     * checks look at ({@code observed}) goes between {@link #checkBefore} and {@link #checkAfter}
     * for its lanes.
     */
    private static void instruction(MethodVisitor mv, Instruction in, Call call, boolean full, boolean observed) {
        int m = MASK;
        if (in.guard >= 0) {
            mv.visitVarInsn(ALOAD, REGS);
            push(mv, in.guard << 5);
            push(mv, in.guardNegated ? 1 : 0);
            mv.visitVarInsn(ILOAD, MASK);
            mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(LaneOps.class), "guard", "([JIZI)I", false);
            mv.visitVarInsn(ISTORE, M);
            mv.visitVarInsn(ILOAD, LANES);
            mv.visitVarInsn(ILOAD, M);
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "bitCount", "(I)I", false);
            mv.visitInsn(IADD);
            mv.visitVarInsn(ISTORE, LANES);
            m = M;
        }
        if (observed) {
            checkBefore(mv, in, m);
        }
        execution(mv, in, call, full, m);
        if (observed) {
            checkAfter(mv, m);
        }
    }

    /**
     * Emits {@code ip.checkBefore(warp, frame, in, regs, m, in.index, lanes)}: the checks look at
     * {@code in} for the lanes of local {@code m} before it executes ({@link Interpreter#checkBefore}).
     */
    private static void checkBefore(MethodVisitor mv, Instruction in, int m) {
        interpreterArguments(mv, in, m);
        push(mv, in.index);
        mv.visitVarInsn(ILOAD, LANES);
        mv.visitMethodInsn(INVOKEVIRTUAL, INTERPRETER, "checkBefore", CHECK_BEFORE, false);
    }

    /** Emits {@code ip.checkAfter(m)}: a finding to stop at ends the block ({@link Interpreter#checkAfter}). */
    private static void checkAfter(MethodVisitor mv, int m) {
        mv.visitVarInsn(ALOAD, IP);
        mv.visitVarInsn(ILOAD, m);
        mv.visitMethodInsn(INVOKEVIRTUAL, INTERPRETER, "checkAfter", "(I)V", false);
    }

    /**
     * The execution of {@code in} for the lanes of local {@code m} ({@link #MASK} when unguarded):
     * its kernel, its full-warp form, or the interpreter.
     */
    private static void execution(MethodVisitor mv, Instruction in, Call call, boolean full, int m) {
        if (full && in.guard < 0 && call != null && SharedLoops.isShared(call)) {
            emitCall(mv, call, in, ALL_LANES);
            return;
        }
        Call fullForm = full && in.guard < 0 ? fullForm(call) : null;
        if (fullForm != null && !fullForm.refusable()) {
            emitCall(mv, fullForm, in, -1);
            return;
        }
        Label done = new Label();
        if (call != null && !call.refusable()) {
            emitCall(mv, call, in, m);
            return;
        }
        // The interpreter executes it, and may fault: record where the block is first.
        mv.visitVarInsn(ALOAD, IP);
        push(mv, in.index);
        mv.visitFieldInsn(PUTFIELD, INTERPRETER, "blockPc", "I");
        mv.visitVarInsn(ALOAD, IP);
        mv.visitVarInsn(ILOAD, LANES);
        mv.visitFieldInsn(PUTFIELD, INTERPRETER, "blockLanes", "I");
        mv.visitVarInsn(ILOAD, m);
        mv.visitJumpInsn(IFEQ, done);
        if (fullForm != null) {
            emitCall(mv, fullForm, in, -1);
            mv.visitJumpInsn(IFNE, done);
        } else if (call != null) {
            emitCall(mv, call, in, m);
            mv.visitJumpInsn(IFNE, done);
        }
        interpreterArguments(mv, in, m);
        mv.visitMethodInsn(INVOKEVIRTUAL, INTERPRETER, "execute", EXECUTE, false);
        mv.visitLabel(done);
    }

    /** Pushes the interpreter and the arguments its per-instruction methods take: warp, frame, {@code in}, registers, lanes {@code m}. */
    private static void interpreterArguments(MethodVisitor mv, Instruction in, int m) {
        mv.visitVarInsn(ALOAD, IP);
        mv.visitVarInsn(ALOAD, WARP);
        mv.visitVarInsn(ALOAD, FRAME);
        mv.visitVarInsn(ALOAD, CODE);
        push(mv, in.index);
        mv.visitInsn(AALOAD);
        mv.visitVarInsn(ALOAD, REGS);
        mv.visitVarInsn(ILOAD, m);
    }

    /**
     * Checks, before instructions {@code from..to-1} of the full-warp method, the spans whose
     * first access is among them: each into its local, from the base register's value there
     * (nothing between writes it: {@link AccessSpans}, {@link LaneLoops#runs}).
     */
    private static void checkSpans(MethodVisitor mv, Instruction[] code, int from, int to, AccessSpans spans) {
        for (int k = from; k < to; k++) {
            int s = spans.of(k);
            if (s < 0 || !spans.first(k)) {
                continue;
            }
            AccessSpans.Span span = spans.span(s);
            mv.visitVarInsn(ALOAD, REGS);
            push(mv, span.a());
            mv.visitLdcInsn(span.lo());
            mv.visitLdcInsn(span.hi());
            push(mv, span.size());
            if (span.local()) {
                mv.visitVarInsn(ALOAD, WARP);
                mv.visitFieldInsn(GETFIELD, Type.getInternalName(Warp.class), "localBytesPerThread", "J");
            } else {
                operand(mv, BlockTranslations.Operand.SHARED, code[k]);
                mv.visitInsn(ARRAYLENGTH);
                mv.visitInsn(I2L);
            }
            mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(LaneMemory.class), "spanInsideFull", "([JIJJIJ)Z", false);
            mv.visitVarInsn(ISTORE, SPANS + s);
        }
    }

    /**
     * A lane loop with checked-span loads: its spans checked, the loop where all of them hold;
     * otherwise its instructions one by one, each load checking itself where its span does not
     * hold, so that a fault is reported at the access that makes it. In a block of a checked
     * launch ({@code checked}) the checks see the run's loads before the loop, for every lane
     * ({@link Interpreter#checkAhead}: each reads its base register, which nothing in the run
     * writes before it), unless the launch stops at findings: then the instructions go one by
     * one, each load between {@link #checkBefore} and {@link #checkAfter}, so that the warp
     * stops right after the access that made a finding.
     */
    private static void checkedRun(MethodHandles.Lookup here, MethodVisitor mv, Instruction[] code, LaneLoops.Run run, Translation[] translations,
            int start, AccessSpans spans, int loopLocals, LaneMethods lanes, boolean checked) {
        checkSpans(mv, code, run.from(), run.to(), spans);
        Label each = new Label();
        Label done = new Label();
        for (int s : run.spans()) {
            mv.visitVarInsn(ILOAD, SPANS + s);
            mv.visitJumpInsn(IFEQ, each);
        }
        boolean observed = false;
        for (int k = run.from(); k < run.to(); k++) {
            if (checked && CheckedAccesses.observes(code[k])) {
                if (!observed) {
                    mv.visitVarInsn(ALOAD, IP);
                    mv.visitMethodInsn(INVOKEVIRTUAL, INTERPRETER, "stopsAtFindings", "()Z", false);
                    mv.visitJumpInsn(IFNE, each);
                    observed = true;
                }
                // the full-warp method: every lane of MASK (-1) loads
                interpreterArguments(mv, code[k], MASK);
                mv.visitMethodInsn(INVOKEVIRTUAL, INTERPRETER, "checkAhead", EXECUTE, false);
            }
        }
        lanes.loop(mv, run, true, loopLocals);
        mv.visitJumpInsn(GOTO, done);
        mv.visitLabel(each);
        for (int k = run.from(); k < run.to(); k++) {
            if (translations[k - start] instanceof Call call) {
                inSpan(mv, code[k], call, spans, checked && CheckedAccesses.observes(code[k]));
            } else {
                instruction(mv, code[k], SharedLoops.of(run.lanes()[k - run.from()], here), true, false);
            }
        }
        mv.visitLabel(done);
    }

    /**
     * A shared or local access of an {@link AccessSpans} span in the full-warp method, its span
     * checked into its local before: where it holds, the access without a check of its own
     * ({@code nameInside}), else the access as {@link #instruction} emits it. One the memory
     * checks look at ({@code observed}) goes between {@link #checkBefore} and {@link #checkAfter}:
     * a span's accesses are unguarded, so every lane of the mask executes it.
     */
    private static void inSpan(MethodVisitor mv, Instruction in, Call call, AccessSpans spans, boolean observed) {
        if (observed) {
            checkBefore(mv, in, MASK);
        }
        Label own = new Label();
        Label done = new Label();
        mv.visitVarInsn(ILOAD, SPANS + spans.of(in.index));
        mv.visitJumpInsn(IFEQ, own);
        emitCall(mv, new Call(call.owner(), call.method() + "Inside", false, call.args()), in, -1);
        mv.visitJumpInsn(GOTO, done);
        mv.visitLabel(own);
        instruction(mv, in, call, true, false);
        mv.visitLabel(done);
        if (observed) {
            checkAfter(mv, MASK);
        }
    }

    /** {@code call}'s full-warp form (the same arguments, no mask), or null where its loop has none. */
    private static Call fullForm(Call call) {
        Boolean refusable = call == null ? null : FULL_FORMS.get(call.owner().getSimpleName() + "." + call.method() + "Full");
        if (refusable == null) {
            return null;
        }
        return new Call(call.owner(), call.method() + "Full", refusable, call.args());
    }

    /** The lanes argument of {@link #emitCall} that passes -1, every lane, as a constant. */
    private static final int ALL_LANES = -2;

    /**
     * {@code call}'s arguments, the lanes (local {@code m}; none when -1; the constant -1 when
     * {@link #ALL_LANES}), and the call (which leaves a boolean when refusable).
     */
    private static void emitCall(MethodVisitor mv, Call call, Instruction in, int m) {
        StringBuilder desc = new StringBuilder("(");
        for (Object arg : call.args()) {
            desc.append(arg instanceof BlockTranslations.Operand o ? operand(mv, o, in) : constant(mv, arg));
        }
        if (m >= 0) {
            mv.visitVarInsn(ILOAD, m);
            desc.append('I');
        } else if (m == ALL_LANES) {
            mv.visitInsn(ICONST_M1);
            desc.append('I');
        }
        desc.append(')').append(call.refusable() ? 'Z' : 'V');
        mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(call.owner()), call.method(), desc.toString(), false);
    }

    /**
     * The lane methods of one block's class ({@link LaneLoops#laneMethod}), numbered, one per run
     * of instructions: both run methods call the same method for a run of the same instructions.
     */
    private static final class LaneMethods {
        private final ClassWriter cw;
        private final Instruction[] code;
        private final RegisterLiveness live;
        private final Map<List<Integer>, String> names = new HashMap<>();

        LaneMethods(ClassWriter cw, Instruction[] code, RegisterLiveness live) {
            this.cw = cw;
            this.code = code;
            this.live = live;
        }

        /** The loop of {@code run} in a run method, its lane method written the first time. */
        void loop(MethodVisitor mv, LaneLoops.Run run, boolean full, int loopLocals) {
            String name = names.computeIfAbsent(List.of(run.from(), run.to()), k -> {
                String n = "lane" + names.size();
                LaneLoops.laneMethod(cw, n, code, run, live);
                return n;
            });
            LaneLoops.loop(mv, CODE_CLASS, name, full, loopLocals);
        }
    }

    /** Pushes an Integer, Long or Boolean constant; returns its descriptor. */
    static String constant(MethodVisitor mv, Object c) {
        if (c instanceof Integer i) {
            push(mv, i);
            return "I";
        }
        if (c instanceof Long l) {
            mv.visitLdcInsn(l);
            return "J";
        }
        push(mv, (Boolean) c ? 1 : 0);
        return "Z";
    }

    /** Pushes a run-time operand (not the lane, which only lane loops have); returns its descriptor. */
    static String operand(MethodVisitor mv, BlockTranslations.Operand o, Instruction in) {
        switch (o) {
            case REGS:
                mv.visitVarInsn(ALOAD, REGS);
                return "[J";
            case WARP:
                mv.visitVarInsn(ALOAD, WARP);
                return Type.getDescriptor(Warp.class);
            case FRAME:
                mv.visitVarInsn(ALOAD, FRAME);
                return Type.getDescriptor(Frame.class);
            case INTERPRETER:
                mv.visitVarInsn(ALOAD, IP);
                return Type.getDescriptor(Interpreter.class);
            case INSTRUCTION:
                mv.visitVarInsn(ALOAD, CODE);
                push(mv, in.index);
                mv.visitInsn(AALOAD);
                return Type.getDescriptor(Instruction.class);
            case SHARED:
                return interpreterField(mv, "shared", "[B");
            case CONST_BANK:
                return interpreterField(mv, "constBank", "[B");
            case KERNEL_PARAMS:
                return interpreterField(mv, "kernelParams", "[B");
            case SCRATCH:
                return interpreterField(mv, "scratch", "[J");
            case MEMORY:
                return interpreterField(mv, "memory", Type.getDescriptor(CtaMemory.class));
            default:
                throw new IllegalArgumentException("no run-time value " + o + " outside a lane loop");
        }
    }

    /** Pushes field {@code name} of the interpreter running the block; returns its descriptor. */
    private static String interpreterField(MethodVisitor mv, String name, String descriptor) {
        mv.visitVarInsn(ALOAD, IP);
        mv.visitFieldInsn(GETFIELD, INTERPRETER, name, descriptor);
        return descriptor;
    }

    static void push(MethodVisitor mv, int v) {
        if (v >= -1 && v <= 5) {
            mv.visitInsn(ICONST_0 + v);
        } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            mv.visitIntInsn(BIPUSH, v);
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            mv.visitIntInsn(SIPUSH, v);
        } else {
            mv.visitLdcInsn(v);
        }
    }
}
