package org.gpumem.sim.shadow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The memory checks of one launch: its numbering (launch number, racecheck generation), how its
 * threads' epochs are packed, the shadow state of global memory shared by its CTAs (through
 * {@link DeviceShadow}), the knowledge published at global addresses by releases, and its
 * findings, identical ones counted, until {@link #finish} hands them to the device.
 * <p>
 * An epoch is a thread's access stamp in one {@code long}: 16 bits of generation (the launch's
 * for global memory, the CTA's for shared memory), the thread (CTA linear index times threads per
 * CTA plus the thread index) and the thread's clock, which its synchronisations advance. The
 * thread takes as many bits as the launch has threads, the clock the rest of 48.
 */
public final class LaunchShadow {
    /** A launch's number on its device and its racecheck generation. */
    record Numbering(int launch, int generation) {
    }

    /** Identical findings: class, space, both instructions, variable. */
    private record Key(FindingKind kind, PtxStateSpace space, int site, int otherSite, long variable) {
    }

    static final long LOW48 = (1L << 48) - 1;
    /** Fewest clock bits racecheck runs with: 1024 synchronisations per thread. */
    private static final int MIN_CLOCK_BITS = 10;

    final DeviceShadow device;
    final Sites sites;
    final PtxModule module;
    final PtxFunction kernel;
    final int launch;
    final int generation;
    final long generationBits;
    final Dim3 grid;
    final Dim3 block;
    final int threads;
    final int clockBits;
    final long clockMask;
    /** Racecheck on for this launch (off when its threads or clocks do not fit the epochs). */
    boolean races;
    final SharedVariables shared;
    /**
     * Per function index, then per instruction of a shared access: the static shared variable its
     * address is computed from ({@link SharedBases}), {@link #NO_BASE}, or null before the first
     * question (arrays, not a map: memcheck asks on every shared access).
     */
    private final SharedVariables.Variable[][] sharedBases;
    private final SharedBases[] basesByFunction;
    private static final SharedVariables.Variable NO_BASE = new SharedVariables.Variable(-1, -1, null);
    /** Knowledge released at global addresses, by address. */
    final HashMap<Long, Knowledge> globalSync = new HashMap<>();
    private final Map<Key, Finding> findings = new LinkedHashMap<>();
    private boolean stopAtFindings;
    /** Whether a new finding now may stop the warp: only while the core looks at an instruction before it executes. */
    boolean stopsArmed;
    private Finding stopFinding;

    /**
     * @param sharedBytes the shared memory of each CTA
     */
    public LaunchShadow(DeviceShadow device, PtxModule module, PtxFunction kernel, Dim3 grid, Dim3 block, long sharedBytes) {
        this.device = device;
        this.module = module;
        this.kernel = kernel;
        this.sites = device.sites(module);
        Numbering n = device.nextLaunch();
        this.launch = n.launch();
        this.generation = n.generation();
        this.generationBits = (long) generation << 48;
        this.grid = grid;
        this.block = block;
        this.threads = (int) block.volume();
        long all = grid.volume() * threads;
        int threadBits = 64 - Long.numberOfLeadingZeros(Math.max(1, all - 1));
        this.clockBits = 48 - threadBits;
        this.clockMask = clockBits > 0 ? (1L << clockBits) - 1 : 0;
        this.races = device.racecheck;
        if (races && clockBits < MIN_CLOCK_BITS) {
            races = false;
            device.note("racecheck skipped launch " + launch + " of " + kernel.name() + ": its " + all
                    + " threads leave too few bits for their clocks");
        }
        if (races && !sites.fitTags()) {
            races = false;
            device.note("racecheck skipped launch " + launch + " of " + kernel.name() + ": its module has more than "
                    + RaceShadow.SITE_MASK + " instructions");
        }
        this.shared = new SharedVariables(module, kernel, sharedBytes);
        this.sharedBases = new SharedVariables.Variable[module.functions().size()][];
        this.basesByFunction = new SharedBases[module.functions().size()];
    }

    /** The shadow of a CTA of this launch; {@link CtaShadow#reset} before each CTA it runs. */
    public CtaShadow newCta(byte[] sharedMemory, int warps, long localBytesPerThread) {
        return new CtaShadow(this, sharedMemory, warps, localBytesPerThread);
    }

    /** The site of instruction {@code instruction} of function {@code function}: how the hooks name an instruction. */
    public int site(int function, int instruction) {
        return sites.site(function, instruction);
    }

    /** The static shared variable whose address the access at {@code site} is computed from, or null when not known. */
    SharedVariables.Variable sharedBase(int site) {
        int f = sites.functionIndex(site);
        int k = site - sites.site(f, 0);
        SharedVariables.Variable[] byInstruction = sharedBases[f];
        if (byInstruction == null) {
            PtxFunction fn = module.functions().get(f);
            basesByFunction[f] = new SharedBases(fn);
            byInstruction = sharedBases[f] = new SharedVariables.Variable[fn.instructions().size()];
        }
        SharedVariables.Variable v = byInstruction[k];
        if (v == null) {
            v = shared.named(basesByFunction[f].base(module.functions().get(f).instructions().get(k)));
            byInstruction[k] = v = v == null ? NO_BASE : v;
        }
        return v == NO_BASE ? null : v;
    }

    /** The launch's number on its device (1 for the device's first). */
    public int number() {
        return launch;
    }

    /** Whether a finding that is new to the device makes the warp stop before the access ({@link #takeStop}). */
    public void stopAtFindings(boolean on) {
        this.stopAtFindings = on;
    }

    /** Whether a finding new to the device makes the warp stop ({@link #stopAtFindings}); else no warp ever stops at one. */
    public boolean stopsAtFindings() {
        return stopAtFindings;
    }

    /** The finding new to the device that asked the running warp to stop, once; null when none. */
    public Finding takeStop() {
        Finding f = stopFinding;
        stopFinding = null;
        return f;
    }

    /** Whether a finding asks the running warp to stop before its instruction executes. */
    boolean stopPending() {
        return stopFinding != null;
    }

    /** Racecheck's clocks ran out for a thread: no race is looked for in the rest of the launch. */
    void clocksExhausted(int cta, int tid) {
        if (races) {
            races = false;
            device.note("racecheck stopped in launch " + launch + " of " + kernel.name() + ": thread " + tid + " of CTA "
                    + cta + " synchronised more than " + clockMask + " times");
        }
    }

    Dim3 ctaIndex(long linear) {
        return new Dim3((int) (linear % grid.x()), (int) (linear / grid.x() % grid.y()),
                (int) (linear / grid.x() / grid.y()));
    }

    Dim3 threadIndex(int tid) {
        return new Dim3(tid % block.x(), tid / block.x() % block.y(), tid / block.x() / block.y());
    }

    /** What thread {@code tid} of CTA {@code cta} did at {@code site}. */
    Access access(Access.Operation op, long cta, int tid, int site) {
        Instruction in = sites.instruction(site);
        return new Access(op, ctaIndex(cta), tid >>> 5, tid & 31, threadIndex(tid), sites.function(site).name(), in.line,
                in.location, in.text);
    }

    /**
     * Records a finding: counted when one like it was found in this launch, else made with its
     * accesses and variable (the suppliers run only then).
     */
    void report(FindingKind kind, PtxStateSpace space, int site, int otherSite, long variableKey,
            java.util.function.Supplier<Finding> make) {
        Key key = new Key(kind, space, sites.canonical(site), sites.canonical(otherSite), variableKey);
        Finding known = findings.get(key);
        if (known != null) {
            findings.put(key, known.seenAgain(1, 0));
            return;
        }
        Finding f = make.get();
        findings.put(key, f);
        if (stopAtFindings && stopsArmed && stopFinding == null && device.isNew(f)) {
            stopFinding = f;
        }
    }

    /** A finding of this launch as first seen. */
    Finding finding(FindingKind kind, PtxStateSpace space, long address, long size, String variable, Access access,
            Access other, String detail) {
        return new Finding(kind, space, address, size, variable, kernel.name(), launch, access, other, detail, 1, 1);
    }

    /** This launch's findings so far (a debugger shows them while the launch runs). */
    public List<Finding> findings() {
        return new ArrayList<>(findings.values());
    }

    /** The launch ended: its findings go to the device (each counted once more in its launches). */
    public void finish() {
        for (Finding f : findings.values()) {
            device.merge(f);
        }
        findings.clear();
    }
}
