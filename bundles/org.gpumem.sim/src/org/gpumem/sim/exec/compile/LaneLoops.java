package org.gpumem.sim.exec.compile;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.gpumem.sim.exec.CheckedAccesses;
import org.gpumem.sim.exec.Frame;
import org.gpumem.sim.exec.Interpreter;
import org.gpumem.sim.exec.LaneOps;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.exec.compile.BlockTranslations.Call;
import org.gpumem.sim.exec.compile.BlockTranslations.Lane;
import org.gpumem.sim.exec.compile.BlockTranslations.Operand;
import org.gpumem.sim.exec.compile.BlockTranslations.Reg;
import org.gpumem.sim.exec.compile.BlockTranslations.Translation;
import org.gpumem.sim.ptx.Instruction;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Lane loops: the runs of a block's instructions that a lane can execute to the run's end before
 * the next lane starts, and their bytecode. Such a run holds only {@link Lane}s: arithmetic that
 * reads and writes the lane's own registers and cannot fault, and, in the full-warp method, loads
 * of shared or local memory whose span the block checks before the run ({@link AccessSpans}):
 * nothing in a run stores to memory, so no lane can see another lane's effect, and a run's result
 * is the same whether it goes instruction after instruction for all lanes, as the interpreter
 * does, or lane after lane. The loop keeps the lane's registers in JVM locals: it reads those the
 * run reads before writing (and those a guard may leave as they were) when the lane starts, and
 * writes back those the run wrote that may be read later ({@link RegisterLiveness}). A run is
 * one loop for the JIT to compile, however long, where instruction after instruction was one
 * loop each: the JIT compiles a block several times faster, and the loop's values stay in
 * machine registers.
 */
final class LaneLoops {
    private LaneLoops() {
    }

    /**
     * Instructions {@code from..to-1} of a function, one {@link Lane} each, and the spans whose
     * checks the run's loads need (empty for arithmetic only).
     */
    record Run(int from, int to, Lane[] lanes, int[] spans) {
    }

    /**
     * The fewest instructions that get a lane loop of their own: in a shorter run each
     * instruction calls its shared loop ({@link SharedLoops}) or its access, compiled already, so
     * that it runs fast from its first warps; a loop of its own has to be compiled for its block
     * first, which costs more than it gains on a few instructions.
     */
    static final int OWN_LOOP = 4;

    /**
     * The runs of block {@code start..end} ({@code translations} indexed from {@code start}): in
     * the full-warp method ({@code full}) a checked-span load joins a run unless the run wrote its
     * base register before it (the span is checked when the run starts); in the masked method only
     * arithmetic does. In a block of a checked launch ({@code checked}) an instruction the checks
     * look at joins a run only as such a load: its address is then the base register's value
     * when the run starts, so the checks can see it for every lane before the loop
     * ({@link BlockCompiler}); nothing else they look at joins a run.
     */
    static List<Run> runs(Instruction[] code, int start, int end, Translation[] translations, AccessSpans spans,
            boolean full, boolean checked) {
        List<Run> runs = new ArrayList<>();
        int k = start;
        while (k < end) {
            int from = k;
            BitSet written = new BitSet();
            List<Lane> lanes = new ArrayList<>();
            Set<Integer> used = new TreeSet<>();
            while (k < end) {
                Instruction in = code[k];
                Translation t = translations[k - start];
                boolean observed = checked && CheckedAccesses.observes(in);
                Lane lane = t instanceof Lane l && !observed ? l : null;
                if (lane == null && full && t instanceof Call c && spans.of(k) >= 0 && !written.get(in.addrReg)) {
                    lane = BlockTranslations.checkedLoad(in, c);
                    if (lane != null) {
                        used.add(spans.of(k));
                    }
                }
                if (lane == null) {
                    break;
                }
                lanes.add(lane);
                written.set(lane.dst());
                k++;
            }
            if (lanes.isEmpty()) {
                k++;
            } else if (lanes.size() >= OWN_LOOP) {
                int[] spanChecks = used.stream().mapToInt(Integer::intValue).toArray();
                runs.add(new Run(from, k, lanes.toArray(new Lane[0]), spanChecks));
            }
        }
        return runs;
    }

    /**
     * The descriptor of a lane method: the run method's first parameters, then the lane; it
     * returns how many of its guarded instructions the lane issued.
     */
    private static final String LANE_METHOD = "(" + Type.getDescriptor(Interpreter.class)
            + Type.getDescriptor(Warp.class) + Type.getDescriptor(Frame.class) + "[J["
            + Type.getDescriptor(Instruction.class) + "I)I";
    /** The lane's local in a lane method (where the run methods keep their mask). */
    private static final int LANE = BlockCompiler.MASK;

    /**
     * Emits into {@code mv}, a run method of class {@code owner}, a loop over the lanes of the
     * method's mask (every lane in the full-warp method; locals {@code firstLocal} and the next),
     * each lane by {@code owner}'s lane method {@code name} ({@link #laneMethod}), whose count of
     * guarded instructions issued goes to the run method's count. The lane's work is a method of
     * its own so that the JIT, which counts calls, compiles it after a few warps rather than after
     * a hundred.
     */
    static void loop(MethodVisitor mv, String owner, String name, boolean full, int firstLocal) {
        int lane = firstLocal;
        forEachLane(mv, full, BlockCompiler.MASK, lane, firstLocal + 1, () -> {
            mv.visitVarInsn(ILOAD, BlockCompiler.LANES);
            mv.visitVarInsn(ALOAD, 0);
            for (int local = BlockCompiler.IP; local <= BlockCompiler.CODE; local++) {
                mv.visitVarInsn(ALOAD, local);
            }
            mv.visitVarInsn(ILOAD, lane);
            mv.visitMethodInsn(INVOKESPECIAL, owner, name, LANE_METHOD, false);
            mv.visitInsn(IADD);
            mv.visitVarInsn(ISTORE, BlockCompiler.LANES);
        });
    }

    /**
     * Emits {@code body} for each lane: for every lane of the warp in a counted loop the JIT can
     * unroll where {@code full}, else for each lane of the mask in int local {@code mask}; the
     * lane in int local {@code lane}, the lanes still to go in int local {@code rest}.
     */
    static void forEachLane(MethodVisitor mv, boolean full, int mask, int lane, int rest, Runnable body) {
        Label top = new Label(), test = new Label();
        if (full) {
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, lane);
        } else {
            mv.visitVarInsn(ILOAD, mask);
            mv.visitVarInsn(ISTORE, rest);
        }
        mv.visitJumpInsn(GOTO, test);
        mv.visitLabel(top);
        if (!full) {
            mv.visitVarInsn(ILOAD, rest);
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "numberOfTrailingZeros", "(I)I", false);
            mv.visitVarInsn(ISTORE, lane);
        }
        body.run();
        if (full) {
            mv.visitIincInsn(lane, 1);
            mv.visitLabel(test);
            mv.visitVarInsn(ILOAD, lane);
            mv.visitIntInsn(BIPUSH, 32);
            mv.visitJumpInsn(IF_ICMPLT, top);
        } else {
            mv.visitVarInsn(ILOAD, rest);
            mv.visitVarInsn(ILOAD, rest);
            mv.visitInsn(ICONST_1);
            mv.visitInsn(ISUB);
            mv.visitInsn(IAND);
            mv.visitVarInsn(ISTORE, rest);
            mv.visitLabel(test);
            mv.visitVarInsn(ILOAD, rest);
            mv.visitJumpInsn(IFNE, top);
        }
    }

    /**
     * Writes with {@code cw} the lane method {@code name} of {@code run}: the lane's registers
     * that the run reads before writing them (or that a guard may leave as they were) read into
     * long locals, the run's instructions on those locals, and the registers it wrote that may be
     * read later written back. It depends on the run only, so a run of the same instructions in
     * both run methods shares it.
     */
    static void laneMethod(ClassWriter cw, String name, Instruction[] code, Run run, RegisterLiveness live) {
        Set<Integer> preload = new LinkedHashSet<>();
        Set<Integer> written = new LinkedHashSet<>();
        BitSet defined = new BitSet();
        for (int k = run.from(); k < run.to(); k++) {
            Instruction in = code[k];
            Lane l = run.lanes()[k - run.from()];
            for (Object a : l.args()) {
                if (a instanceof Reg r && !defined.get(r.r())) {
                    preload.add(r.r());
                }
            }
            if (in.guard >= 0) {
                if (!defined.get(in.guard)) {
                    preload.add(in.guard);
                }
                if (!defined.get(l.dst())) {
                    preload.add(l.dst());
                }
            } else {
                defined.set(l.dst());
            }
            written.add(l.dst());
        }
        int issued = LANE + 1;
        Map<Integer, Integer> slot = new HashMap<>();
        int next = issued + 1;
        for (Set<Integer> s : List.of(preload, written)) {
            for (int r : s) {
                if (!slot.containsKey(r)) {
                    slot.put(r, next);
                    next += 2;
                }
            }
        }
        MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_FINAL, name, LANE_METHOD, null, null);
        mv.visitCode();
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, issued);
        for (int r : preload) {
            registerElement(mv, r);
            mv.visitInsn(LALOAD);
            mv.visitVarInsn(LSTORE, slot.get(r));
        }
        for (int k = run.from(); k < run.to(); k++) {
            Instruction in = code[k];
            Lane l = run.lanes()[k - run.from()];
            Label skip = new Label();
            if (in.guard >= 0) {
                mv.visitVarInsn(LLOAD, slot.get(in.guard));
                mv.visitInsn(L2I);
                mv.visitInsn(ICONST_1);
                mv.visitInsn(IAND);
                mv.visitJumpInsn(in.guardNegated ? IFNE : IFEQ, skip);
                mv.visitIincInsn(issued, 1);
            }
            StringBuilder desc = new StringBuilder("(");
            for (Object a : l.args()) {
                if (a instanceof Reg r) {
                    mv.visitVarInsn(LLOAD, slot.get(r.r()));
                    desc.append('J');
                } else if (a == Operand.LANE) {
                    mv.visitVarInsn(ILOAD, LANE);
                    desc.append('I');
                } else if (a instanceof Operand o) {
                    desc.append(BlockCompiler.operand(mv, o, in));
                } else {
                    desc.append(BlockCompiler.constant(mv, a));
                }
            }
            desc.append(")J");
            mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(LaneOps.class), l.method(), desc.toString(), false);
            mv.visitVarInsn(LSTORE, slot.get(l.dst()));
            mv.visitLabel(skip);
        }
        for (int r : written) {
            if (live.liveBefore(run.to(), r)) {
                registerElement(mv, r);
                mv.visitVarInsn(LLOAD, slot.get(r));
                mv.visitInsn(LASTORE);
            }
        }
        mv.visitVarInsn(ILOAD, issued);
        mv.visitInsn(IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Pushes the register array and the index of register {@code r}'s element for the lane method's lane. */
    private static void registerElement(MethodVisitor mv, int r) {
        mv.visitVarInsn(ALOAD, BlockCompiler.REGS);
        BlockCompiler.push(mv, r << 5);
        mv.visitVarInsn(ILOAD, LANE);
        mv.visitInsn(IADD);
    }
}
