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

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.debug.Breakpoint;
import org.gpumem.sim.debug.DebugEvent;
import org.gpumem.sim.debug.DebugSession;
import org.gpumem.sim.debug.FrameVariable;
import org.gpumem.sim.debug.FrameVariables;
import org.gpumem.sim.debug.StoppedMemoryState;
import org.gpumem.sim.debug.VariableType;
import org.gpumem.sim.debug.WarpView;
import org.gpumem.sim.launch.BufferInit;
import org.gpumem.sim.launch.BundledSample;
import org.gpumem.sim.launch.KernelArgument;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.PreparedLaunch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpumem demo}: runs the sample kernel bundled with the simulator (nvcc -G PTX of
 * local_array.cu) under the debug API, stops at a source breakpoint inside it, prints the
 * frame's variables with the address spaces their DWARF gives, and shows the same shared and
 * local bytes through two address spaces each, read through the model's address arithmetic
 * over the stopped simulator (its target's windows and interleave): the terminal version of the
 * memory views.
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
            throw new IllegalArgumentException("--lane must be 0..31");
        }
        PrintWriter out = spec.commandLine().getOut();
        LaunchDescription d = new LaunchDescription(null, Path.of(BundledSample.PTX_NAME), BundledSample.KERNEL,
                new Dim3(N / BLOCK, 1, 1), new Dim3(BLOCK, 1, 1), 0, "sm_90",
                List.of(new KernelArgument.Buffer("in", ScalarType.S32, N, new BufferInit.Iota(iota)),
                        new KernelArgument.Buffer("out", ScalarType.S32, N, new BufferInit.Zero()),
                        new KernelArgument.Scalar(ScalarType.S32, N)),
                List.of("out"));
        PreparedLaunch prepared = PreparedLaunch.prepare(d, BundledSample.PTX_NAME, BundledSample.ptxText());
        DebugSession session = new DebugSession(prepared.launch(DebugSession.options(ExecOptions.DEFAULT_BUDGET)));

        List<String> source = BundledSample.sourceLines();
        int line = 0;
        for (int i = 0; i < source.size() && line == 0; i++) {
            line = source.get(i).contains(BREAK_AT) ? i + 1 : 0;
        }
        Breakpoint bp = session.addSourceBreakpoint(BundledSample.SOURCE_NAME, line);
        out.printf("%s: %s, grid %s block %s, in[i] = %d + i%n", prepared.module().name(), prepared.kernel().name(),
                d.grid(), d.block(), iota);
        out.printf("breakpoint at %s:%d (%d PTX instruction(s))%n", BundledSample.SOURCE_NAME, line, bp.sites().size());
        DebugEvent e = session.resume();
        if (e.kind() != DebugEvent.Kind.SUSPENDED_BREAKPOINT) {
            throw new IllegalStateException("the kernel did not stop at the breakpoint: " + e.kind()
                    + (e.fault() != null ? " " + e.fault().message() : ""));
        }
        WarpView w = e.warp();
        int level = w.depth() - 1;
        out.printf("%nstopped in CTA %s warp %d at PTX line %d, %s%n", session.cta().index(), w.id(), w.ptxLine(),
                w.sourceLocation());
        out.printf("  %d | %s%n", line, source.get(line - 1).strip());
        out.printf("%nvariables of %s for lane %d (thread %s), address spaces from the DWARF in the PTX:%n",
                w.function(level), lane, w.threadIndex(lane));

        FrameVariables binder = new FrameVariables(prepared.module());
        if (binder.problem() != null) {
            throw new IllegalStateException(binder.problem());
        }
        Map<String, FrameVariable> byName = new HashMap<>();
        for (FrameVariable v : binder.bind(session, w, level, lane)) {
            byName.put(v.name(), v);
            out.printf("  %-8s %-12s %-8s %s%n", v.name(), v.type().name(), v.spaceName() != null ? v.spaceName() : "-",
                    value(v));
        }

        MemoryState state = StoppedMemoryState.of(session);
        Target target = state.getTarget();
        Context laneContext = Contexts.child(Contexts.child(StoppedMemoryState.residentGroup(state), w.id()), lane);
        if (byName.get("stage") != null && byName.get("stage").location() instanceof FrameVariable.Memory stage) {
            int tid = w.threadIndex(lane).x();
            long offset = stage.offset() + 4L * tid;
            out.printf("%nstage[%d..%d] of CTA %s, the same 16 bytes through two address spaces:%n", tid, tid + 3,
                    session.cta().index());
            throughTwoSpaces(out, target, laneContext, stage.space().ptxName(), offset, 16);
        }
        FrameVariable window = byName.get("window");
        if (window != null && window.bytes() != null && window.location() instanceof FrameVariable.Memory at) {
            int bytes = window.bytes().length;
            out.printf("%nwindow of lane %d (%d bytes) through the per-lane local space, the generic window, and the "
                    + "warp's interleaved local pool:%n", lane, bytes);
            throughTwoSpaces(out, target, laneContext, at.space().ptxName(), at.offset(), bytes);
            gathered(out, target, laneContext, at.space().ptxName(), at.offset(), bytes, lane);
        }

        while (e.isSuspended()) {
            e = session.resume();
        }
        out.printf("%nresumed: %s, %,d warp instructions%n", e.kind() == DebugEvent.Kind.EXITED ? "kernel exited" : e.kind(),
                session.result().warpInstructions());
        out.flush();
        return session.result().completed() ? 0 : RunCommand.EXIT_FAULT;
    }

    /** The bytes at {@code offset} of {@code spaceName} as the lane sees them, then through the generic window that reaches them. */
    private static void throughTwoSpaces(PrintWriter out, Target target, Context lane, String spaceName, long offset,
            int length) {
        AddressSpace space = AddressSpaces.require(target, spaceName);
        Context context = Contexts.ancestor(lane, space.getScope());
        dump(out, spaceName, offset, read(context, space, offset, length));
        AddressSpace generic = target.getDefaultSpace();
        for (Location alias : AddressResolver.aliases(AddressResolver.resolve(context, space, offset))) {
            if (alias.getSpace() == generic) {
                dump(out, generic.getName(), alias.getOffset(), read(lane, generic, alias.getOffset(), length));
                return;
            }
        }
        throw new IllegalStateException(generic.getName() + " does not reach " + spaceName + " +0x" + Long.toHexString(offset));
    }

    /** A lane's local bytes picked word by word out of its warp's pool, where the space's interleave puts them. */
    private static void gathered(PrintWriter out, Target target, Context lane, String spaceName, long offset, int length,
            int laneIndex) {
        AddressSpace space = AddressSpaces.require(target, spaceName);
        if (!(space.getAccess() instanceof InterleavedAccess interleave)) {
            return;
        }
        int element = interleave.getElementSize();
        StringBuilder where = new StringBuilder();
        byte[] gathered = new byte[length];
        for (int word = 0; word < length / element; word++) {
            PoolAddress physical = AddressResolver.resolve(lane, space, offset + (long) element * word);
            physical.pool().getSource().read(physical.offset(), gathered, element * word, element);
            where.append(word == 0 ? "" : " ").append("0x").append(Long.toHexString(physical.offset()));
        }
        dump(out, "pool", -1, gathered);
        out.printf("  %-8s word k of lane %d lies at (offset/%d + k) * %d + %d * %d: %s%n", "", laneIndex, element,
                element * interleave.getLaneCount(), laneIndex, element, where);
    }

    private static byte[] read(Context context, AddressSpace space, long offset, int length) {
        byte[] bytes = new byte[length];
        AddressResolver.read(context, space, offset, bytes, 0, length);
        return bytes;
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
