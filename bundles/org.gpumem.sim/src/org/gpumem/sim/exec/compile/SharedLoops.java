package org.gpumem.sim.exec.compile;

import static org.objectweb.asm.Opcodes.*;

import java.lang.invoke.MethodHandles;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.gpumem.sim.exec.LaneOps;
import org.gpumem.sim.exec.compile.BlockTranslations.Call;
import org.gpumem.sim.exec.compile.BlockTranslations.Lane;
import org.gpumem.sim.exec.compile.BlockTranslations.Operand;
import org.gpumem.sim.exec.compile.BlockTranslations.Reg;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The loops over a warp's lanes that run one {@link Lane} instruction by itself: one class per
 * {@link LaneOps} function and operand shape, generated the first time a block needs it and
 * shared by every block of every kernel, with the register rows and constants as arguments (a
 * block passes them as constants, so the JIT specialises the loop where it inlines it). Being
 * shared, a loop is compiled early and once: a block made of such calls runs fast from its first
 * warps, while a lane loop of its own ({@link LaneLoops}) has to be compiled for that block first.
 * {@link LaneLoops#runs} says which runs are worth their own loop. The classes are plain ones of
 * the package the blocks are defined in (a block's hidden class can name them, and they call
 * {@link LaneOps}' package-private functions), kept for the life of the JVM: there is at most one
 * per function and shape.
 */
final class SharedLoops {
    /** The loops defined so far, by class name. */
    private static final Map<String, Class<?>> LOOPS = new ConcurrentHashMap<>();

    private SharedLoops() {
    }

    /**
     * The call of the shared loop that runs {@code lane}, arithmetic on registers and constants,
     * for the lanes of the mask passed after its arguments; the loop's class is defined through
     * {@code here}, the blocks' lookup ({@link BlockCompiler#compile}).
     */
    static Call of(Lane lane, MethodHandles.Lookup here) {
        StringBuilder shape = new StringBuilder();
        StringBuilder desc = new StringBuilder("([JI");
        Object[] args = new Object[lane.args().length + 2];
        args[0] = Operand.REGS;
        args[1] = lane.dst() << 5;
        for (int i = 0; i < lane.args().length; i++) {
            Object a = lane.args()[i];
            if (a instanceof Operand) {
                throw new IllegalArgumentException("a shared loop runs arithmetic only, not " + lane);
            }
            String t = a instanceof Long ? "J" : a instanceof Boolean ? "Z" : "I";
            shape.append(a instanceof Reg ? "R" : t);
            desc.append(t);
            args[i + 2] = a instanceof Reg r ? r.r() << 5 : a;
        }
        desc.append("I)V");
        String name = here.lookupClass().getPackageName() + ".SharedLoop$" + lane.method() + "$" + shape;
        Class<?> loop = LOOPS.computeIfAbsent(name, n -> define(here, n, lane, desc.toString()));
        return new Call(loop, "run", false, args);
    }

    /** Whether {@code call} is of a shared loop, which takes the lanes as its last argument (-1: a full warp). */
    static boolean isShared(Call call) {
        return LOOPS.get(call.owner().getName()) == call.owner();
    }

    /**
     * Class {@code name} with {@code static void run(long[] R, int d, args..., int mask)}: for each
     * lane of the mask (a counted loop for a full warp), {@code R[d + lane] = LaneOps.method(...)}
     * with each register argument read from its row at the lane.
     */
    private static Class<?> define(MethodHandles.Lookup here, String name, Lane lane, String desc) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(V17, ACC_FINAL | ACC_SUPER, name.replace('.', '/'), null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "run", desc, null, null);
        mv.visitCode();
        // Parameter slots: R 0, d 1, then the arguments as the descriptor lists them, then the mask.
        Object[] args = lane.args();
        int[] slot = new int[args.length];
        int next = 2;
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            slot[i] = next;
            next += a instanceof Long ? 2 : 1;
        }
        int mask = next, l = next + 1, rest = next + 2;
        Label bits = new Label();
        mv.visitVarInsn(ILOAD, mask);
        mv.visitInsn(ICONST_M1);
        mv.visitJumpInsn(IF_ICMPNE, bits);
        LaneLoops.forEachLane(mv, true, mask, l, rest, () -> lane(mv, lane, slot, l));
        mv.visitInsn(RETURN);
        mv.visitLabel(bits);
        LaneLoops.forEachLane(mv, false, mask, l, rest, () -> lane(mv, lane, slot, l));
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        try {
            return here.defineClass(cw.toByteArray());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot define the shared lane loop " + name, e);
        }
    }

    /** {@code R[d + l] = LaneOps.method(args at lane l)}. */
    private static void lane(MethodVisitor mv, Lane lane, int[] slot, int l) {
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ILOAD, 1);
        mv.visitVarInsn(ILOAD, l);
        mv.visitInsn(IADD);
        StringBuilder desc = new StringBuilder("(");
        Object[] args = lane.args();
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof Reg) {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitVarInsn(ILOAD, slot[i]);
                mv.visitVarInsn(ILOAD, l);
                mv.visitInsn(IADD);
                mv.visitInsn(LALOAD);
                desc.append('J');
            } else if (a instanceof Long) {
                mv.visitVarInsn(LLOAD, slot[i]);
                desc.append('J');
            } else {
                mv.visitVarInsn(ILOAD, slot[i]);
                desc.append(a instanceof Integer ? 'I' : 'Z');
            }
        }
        desc.append(")J");
        mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(LaneOps.class), lane.method(), desc.toString(), false);
        mv.visitInsn(LASTORE);
    }
}
