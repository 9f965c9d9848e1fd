package org.gpumem.sim.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.gpumem.sim.AddressSpaceProfile;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecEngine;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.LoadedKernel;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.WarpPosition;
import org.gpumem.sim.UnsupportedKernelException;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;
import org.gpumem.sim.ptx.PtxParam;
import org.gpumem.sim.ptx.Specials;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.shadow.DeviceShadow;
import org.gpumem.sim.shadow.LaunchShadow;

/**
 * One kernel launch, validated: the kernel, the parameter buffer, shared and local memory
 * sizes. {@link #run()} executes every CTA (in parallel on {@link ExecOptions#workerThreads()}
 * threads) and returns the result; the debugger instead creates CTAs one at a time with
 * {@link #newCta(int)} and drives them.
 * <p>
 * Per-thread local memory is the deepest call chain's frames (each 16-byte aligned); a
 * recursive kernel gets {@link #RECURSIVE_LOCAL_BYTES} and faults with a stack overflow
 * beyond that.
 */
public final class Launch implements KernelLaunch {
    /** Local bytes per thread given to kernels whose call graph is recursive. */
    public static final long RECURSIVE_LOCAL_BYTES = 8 * 1024;
    /** Largest register file of one frame level of a CTA (registers x 8 bytes x threads). */
    public static final long MAX_REGISTER_BYTES = 256L << 20;
    /** Deepest call nesting. */
    public static final int MAX_CALL_DEPTH = 256;
    /** Warp instructions a warp issues before the scheduler moves on to the next warp. */
    static final int SLICE = STOP_CHECK_INSTRUCTIONS;

    final DeviceModule module;
    /** The facts of the device the launch runs on (special registers, limits). */
    final DeviceFacts facts;
    final LaunchConfig config;
    final ExecOptions options;
    final PtxFunction kernel;
    final StateSpaceLayout layout;
    final byte[] paramBuffer;
    final long sharedBytes;
    /**
     * The driver's reserved shared memory after the kernel's ({@code %reserved_smem_offset_*},
     * {@link org.gpumem.sim.ptx.Specials}): where it starts in a CTA's shared memory and its size,
     * 0 unless the module reads one of those registers; a CTA has {@link #ctaSharedBytes}.
     */
    final long reservedSharedOffset;
    final long reservedSharedBytes;
    final long ctaSharedBytes;
    final long localBytesPerThread;
    final Instruction[][] code;
    /** The compiled blocks of the module with the fast engine; null with the interpreter. */
    final FastCode fastCode;
    /**
     * The memory checks of this launch when its device checks launches, else null: a checked
     * launch runs with one worker, and every instruction the checks look at is shown to them
     * before it executes, by the interpreter or inside the fast engine's compiled blocks of a
     * checked launch, so that the checks see every access of every lane in the order the CTA's
     * threads make them.
     */
    final LaunchShadow shadow;
    /** The device heap, when the module calls malloc or free; else null. */
    private final DeviceHeap heap;
    /** Device printf output of this launch's CTAs. */
    final DeviceOutput output = new DeviceOutput();
    /** Why {@link #requestStop} asked the launch to stop, or null. */
    volatile String stopReason;
    /** Warp instructions of the slices that ended after a stop was requested: what it let run after it. */
    private final AtomicLong issuedAfterStop = new AtomicLong();
    /** Where a cooperative launch's grid barrier counts (%envreg1:%envreg2); 0 for other launches. */
    final long gridBarrier;

    Launch(DeviceModule module, LaunchConfig config, ExecOptions options) {
        this.module = module;
        this.config = config;
        this.options = options;
        this.kernel = module.entry(config.kernel());
        if (!kernel.unsupported().isEmpty()) {
            throw new UnsupportedKernelException(DeviceModule.describe(kernel));
        }
        this.layout = module.device().layout();
        this.facts = DeviceFacts.of(module.device().smVersion());
        checkExtents(config);
        PtxModule m = module.module();
        this.sharedBytes = sharedBytes(kernel, config.dynamicSharedBytes(), facts);
        this.reservedSharedOffset = (sharedBytes + 15) & ~15L;
        this.reservedSharedBytes = readsReservedShared(m) ? facts.reservedSharedBytesPerBlock() : 0;
        this.ctaSharedBytes = reservedSharedBytes == 0 ? sharedBytes : reservedSharedOffset + reservedSharedBytes;
        this.paramBuffer = parameterBuffer(kernel, config.args());
        this.code = new Instruction[m.functions().size()][];
        for (PtxFunction f : m.functions()) {
            code[f.index()] = f.instructions().toArray(new Instruction[0]);
        }
        DeviceShadow checks = module.device().checks();
        this.fastCode = options.engine() == ExecEngine.FAST ? module.fastCode(checks != null) : null;
        checkRegisterFile(m, config.block());
        boolean usesHeap = m.functions().stream().anyMatch(f -> !f.isDefined() && DeviceFunctions.usesHeap(f.name()));
        // allocated before any launch runs: global memory must not change while one does
        try {
            this.heap = usesHeap ? module.device().heap() : null;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kernel " + kernel.name() + " calls malloc or free, and the device heap of "
                    + module.device().mallocHeapBytes() + " bytes (cudaLimitMallocHeapSize) does not fit in global memory: "
                    + e.getMessage());
        }
        this.localBytesPerThread = localBytesPerThread(m, kernel);
        if (localBytesPerThread > DeviceFacts.MAX_LOCAL_BYTES_PER_THREAD) {
            throw new IllegalArgumentException("kernel " + kernel.name() + " needs " + localBytesPerThread
                    + " bytes of local memory per thread, more than " + DeviceFacts.MAX_LOCAL_BYTES_PER_THREAD);
        }
        this.shadow = checks == null ? null : new LaunchShadow(checks, m, kernel, config.grid(), config.block(), ctaSharedBytes);
        if (config.cooperative()) {
            long resident = (long) facts.residentBlocks(config.block().volume(), sharedBytes) * DeviceFacts.MULTIPROCESSORS;
            if (ctaCount() > resident) {
                throw new IllegalArgumentException("a cooperative launch of " + ctaCount() + " CTAs does not fit the "
                        + "device: at most " + resident + " CTAs of " + kernel.name() + " with this block and shared "
                        + "memory are resident at once");
            }
            this.gridBarrier = module.device().gridBarrier();
        } else {
            this.gridBarrier = 0;
        }
    }

    /** Whether all CTAs are resident at once (a cooperative launch): the debugger keeps them so too. */
    public boolean coResident() {
        return config.cooperative();
    }

    private static void checkExtents(LaunchConfig config) {
        Dim3 b = config.block();
        Dim3 g = config.grid();
        int[] bl = {b.x(), b.y(), b.z()};
        int[] gr = {g.x(), g.y(), g.z()};
        Dim3 mb = DeviceFacts.MAX_BLOCK;
        Dim3 mg = DeviceFacts.MAX_GRID;
        int[] maxBlock = {mb.x(), mb.y(), mb.z()};
        int[] maxGrid = {mg.x(), mg.y(), mg.z()};
        String[] axis = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            if (bl[i] < 1 || bl[i] > maxBlock[i]) {
                throw new IllegalArgumentException("block." + axis[i] + " = " + bl[i] + " is outside 1.." + maxBlock[i]);
            }
            if (gr[i] < 1 || gr[i] > maxGrid[i]) {
                throw new IllegalArgumentException("grid." + axis[i] + " = " + gr[i] + " is outside 1.." + maxGrid[i]);
            }
        }
        if (b.volume() > DeviceFacts.MAX_THREADS_PER_BLOCK) {
            throw new IllegalArgumentException("block " + b + " has " + b.volume() + " threads; at most "
                    + DeviceFacts.MAX_THREADS_PER_BLOCK + " are allowed");
        }
        if (g.volume() > LaunchConfig.MAX_CTAS) {
            throw new IllegalArgumentException("grid " + g + " has more than " + LaunchConfig.MAX_CTAS + " CTAs");
        }
    }

    /**
     * Shared bytes of a CTA: the static layout, then {@code dyn} dynamic bytes at their alignment.
     *
     * @throws IllegalArgumentException when they exceed what a block may have on the device
     *         ({@link DeviceFacts#sharedBytesPerBlockOptin()})
     */
    public static long sharedBytes(PtxFunction kernel, int dyn, DeviceFacts facts) {
        long most = facts.sharedBytesPerBlockOptin();
        if (dyn < 0 || dyn > most) {
            throw new IllegalArgumentException("dynamic shared memory of " + dyn + " bytes is outside 0.." + most
                    + ", what a block may have on sm_" + facts.smVersion());
        }
        long shared = kernel.ctaSharedBytes(dyn);
        if (shared > most) {
            throw new IllegalArgumentException("the CTA needs " + shared + " bytes of shared memory (static "
                    + kernel.staticSharedBytes() + " + dynamic " + dyn + "), more than the " + most + " a block may have on sm_"
                    + facts.smVersion());
        }
        return shared;
    }

    private static boolean readsReservedShared(PtxModule m) {
        for (PtxFunction f : m.functions()) {
            for (Instruction in : f.instructions()) {
                for (int r : in.src) {
                    if (Specials.isReservedShared(r)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The kernel parameter buffer with each argument at its parameter's offset. */
    private static byte[] parameterBuffer(PtxFunction kernel, List<byte[]> args) {
        List<PtxParam> params = kernel.params();
        if (args.size() != params.size()) {
            throw new IllegalArgumentException("kernel " + kernel.name() + " takes " + params.size()
                    + " arguments, the launch gives " + args.size());
        }
        byte[] buf = new byte[kernel.kernelParamBytes()];
        for (int i = 0; i < params.size(); i++) {
            PtxParam p = params.get(i);
            byte[] a = args.get(i);
            if (a.length != p.size()) {
                throw new IllegalArgumentException("argument " + i + " (" + p.name() + ", ." + p.type().ptxName()
                        + (p.size() != p.type().size() ? "[" + p.size() + " bytes]" : "") + ") needs " + p.size()
                        + " bytes, the launch gives " + a.length);
            }
            System.arraycopy(a, 0, buf, p.offset(), a.length);
        }
        return buf;
    }

    /**
     * Checks that a CTA of {@code block} threads has room for the largest register file of the
     * module's functions.
     *
     * @throws IllegalArgumentException when it does not
     */
    public static void checkRegisterFile(PtxModule m, Dim3 block) {
        int registers = 0;
        for (PtxFunction f : m.functions()) {
            registers = Math.max(registers, f.registerCount());
        }
        long registerBytes = registers * 256L * ((block.volume() + 31) / 32);
        if (registerBytes > MAX_REGISTER_BYTES) {
            throw new IllegalArgumentException("a CTA of " + block.volume() + " threads with " + registers
                    + " registers per thread needs " + registerBytes + " bytes of register file per frame, more than "
                    + MAX_REGISTER_BYTES);
        }
    }

    /**
     * Deepest local-memory use from {@code f} on; -1 if the call graph recurses. Results are
     * kept per function in {@code deepestFrom} so that shared callees (a diamond-shaped call
     * graph) are walked once, not once per path.
     */
    /**
     * Local bytes per thread a kernel's launch gives: its deepest call chain's frames, or
     * {@link #RECURSIVE_LOCAL_BYTES} when the call graph recurses (runnable or not: what
     * {@code cudaFuncGetAttributes} reports).
     */
    public static long localBytesPerThread(PtxModule m, PtxFunction kernel) {
        long[] deepestFrom = new long[m.functions().size()];
        Arrays.fill(deepestFrom, Long.MIN_VALUE);
        long local = stackBytes(m, kernel, new HashSet<>(), deepestFrom);
        return local < 0 ? RECURSIVE_LOCAL_BYTES : local;
    }

    private static long stackBytes(PtxModule m, PtxFunction f, Set<PtxFunction> onPath, long[] deepestFrom) {
        if (deepestFrom[f.index()] != Long.MIN_VALUE) {
            return deepestFrom[f.index()];
        }
        if (!onPath.add(f)) {
            return -1;
        }
        long deepest = 0;
        for (Instruction in : f.instructions()) {
            if (in.op != Op.CALL) {
                continue;
            }
            for (int callee : in.target >= 0 ? new int[] {in.target} : in.callees) {
                long s = stackBytes(m, m.functions().get(callee), onPath, deepestFrom);
                if (s < 0) {
                    return -1;
                }
                deepest = Math.max(deepest, s);
            }
        }
        onPath.remove(f);
        long own = (f.frameBytes() + 15) & ~15L;
        deepestFrom[f.index()] = own + deepest;
        return own + deepest;
    }

    /** The launch behind an API reference: only the simulator implements {@link KernelLaunch}. */
    public static Launch of(KernelLaunch launch) {
        return (Launch) launch;
    }

    @Override
    public DeviceModule module() {
        return module;
    }

    @Override
    public LaunchConfig config() {
        return config;
    }

    @Override
    public ExecOptions options() {
        return options;
    }

    @Override
    public LoadedKernel kernel() {
        return DeviceModule.describe(kernel);
    }

    /** The device printf output of the CTAs collected so far, in CTA order (for the debugger's runs). */
    public byte[] deviceOutput() {
        return output.text();
    }

    /** The device heap; only for modules that call malloc or free. */
    DeviceHeap heap() {
        return heap;
    }

    @Override
    public void requestStop(String reason) {
        if (stopReason == null) {
            stopReason = reason == null ? "stop requested" : reason;
        }
    }

    /** True once {@link #requestStop} was called. */
    boolean stopRequested() {
        return stopReason != null;
    }

    /** Why {@link #requestStop} asked this launch to stop (a debug session honours it too), or null. */
    public String stopReason() {
        return stopReason;
    }

    /**
     * Counts the warp instructions of a slice that ended after a stop was requested (so at most
     * the slice's, if the request came while it ran). Only then: a counter all workers add to
     * after every slice would pass its cache line between their processors.
     */
    void issuedAfterStop(long warpInstructions) {
        issuedAfterStop.addAndGet(warpInstructions);
    }

    /** The decoded kernel. */
    public PtxFunction entry() {
        return kernel;
    }

    /** The constants the interpreter takes from the device's target. */
    public StateSpaceLayout layout() {
        return layout;
    }

    @Override
    public long sharedBytes() {
        return sharedBytes;
    }

    @Override
    public long localBytesPerThread() {
        return localBytesPerThread;
    }

    /** The kernel parameter buffer (do not modify). */
    public byte[] paramBuffer() {
        return paramBuffer;
    }

    @Override
    public int ctaCount() {
        return (int) config.grid().volume();
    }

    /** Whether the device checks this launch (then a CTA runs with its shadow state; see {@link #shadow}). */
    public boolean checked() {
        return shadow != null;
    }

    /**
     * Whether a finding new to the device stops the warp that made it right after the
     * instruction ({@link Cta.Stop#FINDING}); a checked launch only. The debugger sets it.
     */
    public void stopAtFindings(boolean on) {
        if (shadow != null) {
            shadow.stopAtFindings(on);
        }
    }

    /** The finding of the last {@link Cta.Stop#FINDING}, once; null when none. */
    public Finding takeFindingStop() {
        return shadow == null ? null : shadow.takeStop();
    }

    /**
     * The launch ended: its findings go to the device's checker. {@link #run()} calls it; a driver
     * of its own CTAs (the debugger) calls it once when the launch ended.
     */
    public void finishChecks() {
        if (shadow != null) {
            shadow.finish();
        }
    }

    /**
     * A CTA ready to run from its first instruction; the debugger drives it. Each call makes a
     * new object.
     */
    public Cta newCta(int linearIndex) {
        if (linearIndex < 0 || linearIndex >= ctaCount()) {
            throw new IllegalArgumentException("CTA " + linearIndex + " is outside 0.." + (ctaCount() - 1));
        }
        Cta c = new Cta(this, options.profile());
        c.reset(linearIndex);
        return c;
    }

    /**
     * Runs the whole grid: CTAs are handed to {@link ExecOptions#workerThreads()} threads (the
     * calling thread is one of them); each worker runs its CTA to completion. Stops all workers
     * at the first fault.
     */
    @Override
    public LaunchResult run() {
        if (config.cooperative()) {
            return runCoResident();
        }
        long start = System.nanoTime();
        int ctas = ctaCount();
        int workers = shadow != null ? 1 : Math.max(1, Math.min(options.workerThreads(), ctas));
        AtomicInteger next = new AtomicInteger();
        LaunchBudget budget = new LaunchBudget(options.instructionBudget(), workers, SLICE);
        Worker[] ws = new Worker[workers];
        for (int i = 0; i < workers; i++) {
            ws[i] = new Worker(next, budget, ctas, ws);
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i < workers; i++) {
            Thread t = new Thread(ws[i], "gpumem-sim-worker-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        ws[0].run();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                for (Worker w : ws) {
                    w.stop = true;
                }
            }
        }
        Fault fault = null;
        int faultCta = Integer.MAX_VALUE;
        long warpInsns = 0, threadInsns = 0;
        long[][] counters = options.profile() ? new long[code.length][] : null;
        for (Worker w : ws) {
            if (w.error instanceof RuntimeException) {
                throw (RuntimeException) w.error;
            }
            if (w.error instanceof Error) {
                throw (Error) w.error;
            }
            warpInsns += w.warpInsns;
            threadInsns += w.threadInsns;
            if (w.fault != null && w.faultCta < faultCta) {
                fault = w.fault;
                faultCta = w.faultCta;
            }
            if (counters != null && w.cta != null) {
                ProfileCounters.add(counters, w.cta.profile);
            }
        }
        finishChecks();
        AddressSpaceProfile profile = counters == null ? null : ProfileCounters.profile(module.module(), counters);
        List<WarpPosition> positions = new ArrayList<>();
        if (fault != null && fault.kind() == FaultKind.STOPPED) {
            fault = stoppedFault(fault);
            for (Worker w : ws) {
                if (w.stoppedCta) {
                    positions.addAll(w.cta.positions());
                }
            }
            positions.sort(Comparator.comparing((WarpPosition p) -> p.cta().z()).thenComparing(p -> p.cta().y())
                    .thenComparing(p -> p.cta().x()).thenComparing(WarpPosition::warp));
        }
        return new LaunchResult(fault, warpInsns, threadInsns, System.nanoTime() - start, profile, output.text(),
                positions);
    }

    /** Warp instructions a warp of a co-resident grid runs before the next CTA's warps run. */
    static final int CO_RESIDENT_SLICE = 1024;

    /**
     * Runs a cooperative launch: every CTA resident at once, on the calling thread, each CTA's
     * ready warps a slice at a time, CTA after CTA, so that a CTA waiting at a grid barrier lets
     * the others reach it. The first fault stops the grid; a CTA whose warps all wait at a
     * barrier of their own that cannot complete deadlocks as in a plain launch.
     */
    private LaunchResult runCoResident() {
        long start = System.nanoTime();
        int ctas = ctaCount();
        LaunchBudget budget = new LaunchBudget(options.instructionBudget(), 1, CO_RESIDENT_SLICE);
        LaunchBudget.Allowance allowance = budget.allowance();
        Cta[] grid = new Cta[ctas];
        for (int i = 0; i < ctas; i++) {
            grid[i] = new Cta(this, options.profile());
            grid[i].reset(i);
        }
        boolean[] done = new boolean[ctas];
        int running = ctas;
        Fault fault = null;
        long warpInsns = 0, threadInsns = 0;
        try {
            while (running > 0 && fault == null) {
                for (int i = 0; i < ctas && fault == null; i++) {
                    Cta c = grid[i];
                    if (done[i]) {
                        continue;
                    }
                    Cta.Pass p = c.pass(allowance, CO_RESIDENT_SLICE);
                    if (p == Cta.Pass.IDLE && !c.resolveBlocked() && c.fault == null) {
                        done[i] = true; // finished
                        running--;
                        output.collect(c);
                    }
                    fault = c.fault;
                    c.checkFault();
                }
            }
        } finally {
            allowance.close();
        }
        long[][] counters = options.profile() ? new long[code.length][] : null;
        List<WarpPosition> positions = new ArrayList<>();
        for (int i = 0; i < ctas; i++) {
            warpInsns += grid[i].warpInstructions;
            threadInsns += grid[i].threadInstructions;
            if (counters != null) {
                ProfileCounters.add(counters, grid[i].profile);
            }
            if (!done[i] && fault != null) {
                output.collect(grid[i]);
                if (fault.kind() == FaultKind.STOPPED) {
                    positions.addAll(grid[i].positions());
                }
            }
        }
        if (fault != null && fault.kind() == FaultKind.STOPPED) {
            fault = stoppedFault(fault);
        }
        finishChecks();
        AddressSpaceProfile profile = counters == null ? null : ProfileCounters.profile(module.module(), counters);
        return new LaunchResult(fault, warpInsns, threadInsns, System.nanoTime() - start, profile, output.text(),
                positions);
    }

    /** The stop fault with what ran after the request: at most one slice per worker. */
    private Fault stoppedFault(Fault f) {
        long after = issuedAfterStop.get();
        String detail = f.detail() + "; at most " + after + " warp instructions were issued after the request";
        return new Fault(f.kind(), detail, null, 0, 0, f.cta(), f.warp(), -1, null, f.function(), f.instruction(),
                f.ptxLine(), f.source());
    }

    private final class Worker implements Runnable {
        final AtomicInteger next;
        final LaunchBudget.Allowance budget;
        final int ctas;
        final Worker[] all;
        volatile boolean stop;
        Cta cta;
        Fault fault;
        int faultCta = Integer.MAX_VALUE;
        long warpInsns, threadInsns;
        Throwable error;
        /** True when a stop request ended this worker's CTA midway (its warps are where they stopped). */
        boolean stoppedCta;

        Worker(AtomicInteger next, LaunchBudget budget, int ctas, Worker[] all) {
            this.next = next;
            this.budget = budget.allowance();
            this.ctas = ctas;
            this.all = all;
        }

        @Override
        public void run() {
            // Counts stay in locals until the worker ends: the Worker objects sit side by side in
            // memory, and a write per CTA would share their cache lines between workers.
            long warps = 0, lanes = 0;
            int batch = ctaBatch(ctas, all.length);
            try {
                outer:
                while (!stop) {
                    int first = next.getAndAdd(batch);
                    if (first >= ctas) {
                        break;
                    }
                    if (cta == null) {
                        cta = new Cta(Launch.this, options.profile());
                    }
                    for (int i = first; i < Math.min(ctas, first + batch); i++) {
                        cta.reset(i);
                        cta.runToCompletion(budget, SLICE);
                        output.collect(cta);
                        warps += cta.warpInstructions;
                        lanes += cta.threadInstructions;
                        cta.warpInstructions = 0;
                        cta.threadInstructions = 0;
                        if (cta.fault != null) {
                            cta.checkFault();
                            fault = cta.fault;
                            faultCta = i;
                            stoppedCta = fault.kind() == FaultKind.STOPPED;
                            for (Worker w : all) {
                                w.stop = true;
                            }
                            break outer;
                        }
                        if (stop) {
                            break outer;
                        }
                    }
                }
            } catch (RuntimeException | Error e) {
                error = e;
                for (Worker w : all) {
                    w.stop = true;
                }
            } finally {
                budget.close();
                warpInsns = warps;
                threadInsns = lanes;
            }
        }
    }

    /**
     * CTAs a worker takes from the shared counter at once: enough that workers seldom meet on
     * it, few enough (a 64th of each worker's share) that the last ones still balance.
     */
    static int ctaBatch(int ctas, int workers) {
        return Math.max(1, Math.min(64, ctas / (64 * workers)));
    }
}
