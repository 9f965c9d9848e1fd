package org.gpumem.cli;

import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.DebugSession;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.VariableType;
import org.gpumem.sim.exec.Dim3;
import org.gpumem.sim.exec.ExecOptions;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.launch.BufferInit;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;
import org.gpumem.sim.memory.AddressSpace;
import org.gpumem.sim.memory.GenericWindows;
import org.gpumem.sim.memory.LocalLayout;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.ScalarType;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gpumem demo}: runs the sample kernel bundled with the simulator (nvcc -G PTX of
 * local_array.cu) under the debug API, stops at a source breakpoint inside it, prints the
 * frame's variables with the address spaces their DWARF gives, and shows the same shared and
 * local bytes through two address spaces each: the terminal version of the memory views.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs the bundled sample kernel in the simulator, stops at a breakpoint and shows its "
                + "variables and memory through several address spaces.")
public final class DemoCommand implements Callable<Integer> {
    private static final int SHOWN_ELEMENTS = 8;
    private static final String BREAK_AT = "weighted_sum(window";
    private static final int BLOCK = 64;
    private static final int N = 128;

    @Spec
    CommandSpec spec;

    @Option(names = "--lane", paramLabel = "L", description = "lane whose variables are shown (default: ${DEFAULT-VALUE})")
    int lane = 5;

    @Option(names = "--iota", paramLabel = "V", description = "the input buffer holds V, V+1, ... (default: ${DEFAULT-VALUE})")
    int iota = 100;

    @Override
    public Integer call() {
        if (lane < 0 || lane >= 32) {
            throw new ParameterException(spec.commandLine(), "--lane must be 0..31");
        }
        PrintWriter out = spec.commandLine().getOut();
        PtxModule module = BundledSample.module();
        LaunchDescription d = new LaunchDescription(null, Path.of(module.name()), BundledSample.KERNEL, new Dim3(N / BLOCK, 1, 1),
                new Dim3(BLOCK, 1, 1), 0, "sm_90",
                List.of(new KernelArgument.Buffer("in", ScalarType.S32, N, new BufferInit.Iota(iota)),
                        new KernelArgument.Buffer("out", ScalarType.S32, N, new BufferInit.Zero()),
                        new KernelArgument.Scalar(ScalarType.S32, N)),
                List.of("out"));
        PreparedLaunch prepared = PreparedLaunch.prepare(d, module);
        DebugSession session = new DebugSession(prepared.deviceModule().launch(prepared.config(),
                DebugSession.options(ExecOptions.DEFAULT_BUDGET)));

        List<String> source = BundledSample.sourceLines();
        int line = 0;
        for (int i = 0; i < source.size() && line == 0; i++) {
            line = source.get(i).contains(BREAK_AT) ? i + 1 : 0;
        }
        Breakpoint bp = session.addSourceBreakpoint(BundledSample.SOURCE_NAME, line);
        out.printf("%s: %s, grid %s block %s, in[i] = %d + i%n", module.name(), prepared.kernel().name(), d.grid(),
                d.block(), iota);
        out.printf("breakpoint at %s:%d (%d PTX instruction(s))%n", BundledSample.SOURCE_NAME, line, bp.sites().size());
        DebugEvent e = session.resume();
        if (e.kind() != DebugEvent.Kind.SUSPENDED_BREAKPOINT) {
            throw new IllegalStateException("the kernel did not stop at the breakpoint: " + e.kind()
                    + (e.fault() != null ? " " + e.fault().message() : ""));
        }
        Warp w = e.warp();
        out.printf("%nstopped in CTA %s warp %d at PTX line %d, %s%n", session.cta().index(), w.id(), w.ptxLine(),
                w.sourceLocation());
        out.printf("  %d | %s%n", line, source.get(line - 1).strip());
        out.printf("%nvariables of %s for lane %d (thread %s), address spaces from the DWARF in the PTX:%n",
                w.function().name(), lane, w.threadIndex(lane));

        int level = w.depth() - 1;
        FrameVariables binder = new FrameVariables(prepared.deviceModule());
        if (binder.problem() != null) {
            throw new IllegalStateException(binder.problem());
        }
        Map<String, FrameVariable> byName = new HashMap<>();
        for (FrameVariable v : binder.bind(session, w, level, lane)) {
            byName.put(v.name(), v);
            out.printf("  %-8s %-12s %-8s %s%n", v.name(), v.type().name(), v.spaceName() != null ? v.spaceName() : "-",
                    value(v));
        }

        if (byName.get("stage") != null && byName.get("stage").location() instanceof FrameVariable.Memory stage) {
            long offset = stage.offset() + 4L * w.threadIndex(lane).x();
            out.printf("%nstage[%d..%d] of CTA %s, the same 16 bytes through two address spaces:%n",
                    w.threadIndex(lane).x(), w.threadIndex(lane).x() + 3, session.cta().index());
            dump(out, "shared", offset, session.read(AddressSpace.SHARED, offset, 16, w.id(), lane));
            dump(out, "generic", GenericWindows.SHARED_BASE + offset,
                    session.read(AddressSpace.GENERIC, GenericWindows.SHARED_BASE + offset, 16, w.id(), lane));
        }
        FrameVariable window = byName.get("window");
        if (window != null && window.bytes() != null && window.location() instanceof FrameVariable.Memory at) {
            long offset = at.offset();
            int bytes = window.bytes().length;
            out.printf("%nwindow of lane %d (%d bytes) through the per-lane local space, the generic window, and the "
                    + "warp's interleaved local pool:%n", lane, bytes);
            dump(out, "local", offset, session.read(AddressSpace.LOCAL, offset, bytes, w.id(), lane));
            dump(out, "generic", GenericWindows.LOCAL_BASE + offset,
                    session.read(AddressSpace.GENERIC, GenericWindows.LOCAL_BASE + offset, bytes, w.id(), lane));
            byte[] pool = w.localStorage();
            StringBuilder where = new StringBuilder();
            byte[] gathered = new byte[bytes];
            for (int word = 0; word < bytes / 4; word++) {
                long physical = LocalLayout.physical(lane, offset + 4L * word);
                System.arraycopy(pool, (int) physical, gathered, 4 * word, 4);
                where.append(word == 0 ? "" : " ").append("0x").append(Long.toHexString(physical));
            }
            dump(out, "pool", -1, gathered);
            out.printf("  %-8s word k of lane %d lies at (offset/4 + k) * 128 + %d * 4: %s%n", "", lane, lane, where);
        }

        while (e.isSuspended()) {
            e = session.resume();
        }
        out.printf("%nresumed: %s, %,d warp instructions%n", e.kind() == DebugEvent.Kind.EXITED ? "kernel exited" : e.kind(),
                session.result().warpInstructions());
        out.flush();
        return session.result().completed() ? 0 : RunCommand.EXIT_FAULT;
    }

    /** The value of a variable for the shown lane, prefixed by where it lives; at most 8 elements. */
    private static String value(FrameVariable v) {
        if (v.problem() != null) {
            return "(" + v.problem() + ")";
        }
        VariableType type = v.type();
        int shown = (int) Math.min(type.count(), SHOWN_ELEMENTS);
        String values = v.bytes() == null || type.elementSize() == 0 ? "?"
                : format(v.bytes(), type, shown) + (type.count() > shown ? " ..." : "");
        if (v.location() instanceof FrameVariable.Memory m) {
            return m.space().ptxName() + "[0x" + Long.toHexString(m.offset()) + "] = " + values;
        }
        if (v.location() instanceof FrameVariable.Register r) {
            return r.name() + " = " + values;
        }
        return values;
    }

    /** The first {@code shown} elements: one value, or a bracketed list for arrays. */
    private static String format(byte[] bytes, VariableType type, int shown) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<String> values = new ArrayList<>();
        int size = type.elementSize();
        for (int i = 0; i < shown && (i + 1) * size <= bytes.length; i++) {
            long bits = 0;
            for (int k = size - 1; k >= 0; k--) {
                bits = bits << 8 | (b.get(i * size + k) & 0xff);
            }
            values.add(switch (type.encoding()) {
                case SIGNED -> Long.toString(size < 8 ? bits << (64 - 8 * size) >> (64 - 8 * size) : bits);
                case UNSIGNED -> Long.toUnsignedString(bits);
                case BOOLEAN -> Boolean.toString(bits != 0);
                case FLOAT -> size == 4 ? Float.toString(Float.intBitsToFloat((int) bits))
                        : Double.toString(Double.longBitsToDouble(bits));
                default -> "0x" + Long.toHexString(bits);
            });
        }
        return type.dimensions().isEmpty() && values.size() == 1 ? values.get(0) : values.toString();
    }

    private static String format(byte[] bytes, int elementSize) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<String> values = new ArrayList<>();
        while (b.remaining() >= elementSize) {
            values.add(elementSize == 8 ? "0x" + Long.toHexString(b.getLong()) : Integer.toString(b.getInt()));
        }
        return values.size() == 1 ? values.get(0) : values.toString();
    }

    private static void dump(PrintWriter out, String space, long address, byte[] bytes) {
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            hex.append(i > 0 && i % 4 == 0 ? "  " : i > 0 ? " " : "").append(String.format("%02x", bytes[i] & 0xff));
        }
        out.printf("  %-8s %-20s %s  = %s%n", space, address >= 0 ? "0x" + Long.toHexString(address) : "(gathered)", hex,
                format(bytes, 4));
    }
}
