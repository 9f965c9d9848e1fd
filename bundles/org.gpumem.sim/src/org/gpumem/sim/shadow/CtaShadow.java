package org.gpumem.sim.shadow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.Fault;
import org.gpumem.sim.LaneMasks;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.memory.GlobalMemory;

/**
 * The memory checks of one CTA, fed by the execution core with every access of its lanes (after
 * generic addresses are resolved, before the access executes), barrier, warp synchronisation,
 * fence, exit, reconvergence, device-heap call and fault.
 * <p>
 * Happens-before follows what PTX guarantees, not the order the simulator happens to run lanes
 * in: each thread's execution is cut into segments by its synchronisations (its clock counts
 * them), and an earlier access of another thread is ordered before a later one only when the
 * later thread knows that the earlier thread's segment ended at a synchronisation it took part in
 * after it: a barrier of the whole CTA ({@code ctaKnown}, what every thread knows after it), a
 * barrier of some threads (named barriers with a count, {@code bar.arrive}: joined into the
 * waiting threads' knowledge), a warp synchronisation with its member mask ({@code __syncwarp},
 * {@code shfl/vote/match/redux.sync}: the warp's full-warp row or its lane matrix), or a release
 * it acquired: a release store or atomic, or any strong store or atomic after a fence, publishes
 * what its thread knows at that address; a strong load or atomic there acquires it. Lanes of one
 * warp are not ordered by running in lockstep (sm_70 and later schedule them independently).
 * Two strong accesses (atomic, relaxed, volatile, acquire, release) never race, as PTX's memory
 * model says; two writes of the same value are not reported.
 */
public final class CtaShadow {
    /** What an access does. */
    public static final int READ = 0, WRITE = 1, ATOMIC = 2;
    /** Access flags: strong (not weak), release, acquire. */
    public static final int STRONG = 1, RELEASE = 2, ACQUIRE = 4;
    private static final int BARRIERS = 16;
    /** How many sites {@link #baseVariable} remembers (a power of two). */
    private static final int BASE_SITES = 64;

    private final LaunchShadow launch;
    private final DeviceShadow device;
    private final byte[] shared;
    private final int threads;
    private final int warps;
    private final long localBytes;
    private int cta = -1;
    /** The launch-wide number of this CTA's thread 0 (epochs number threads so). */
    private long ctaFirstThread;
    /** {@link LaunchShadow#clockBits} and {@link LaunchShadow#clockMask}. */
    private final int clockBits;
    private final long clockMask;
    private int sharedGeneration;
    private long sharedGenerationBits;

    // ---- happens-before
    private final int[] clock;
    /**
     * Per thread: the clock at its last barrier of the whole CTA, which every thread of the CTA
     * knows. Not final: a barrier every thread of the CTA arrived at takes its arrival clocks as
     * they are ({@link #barrierReleased}).
     */
    private int[] ctaKnown;
    /** Whether a thread's clock of this CTA ran out and started again ({@link #tick}): clocks no longer only grow. */
    private boolean clocksWrapped;
    /** Per thread: the clock at its warp's last synchronisation of all its live lanes, which its warp knows. */
    private final int[] warpBase;
    /** Per warp, made on its first partial synchronisation: [knowing lane * 32 + known lane] clocks. */
    private final int[][] warpMatrix;
    private final Knowledge[] extra;
    /** Per warp: the lanes whose {@link #extra} is not null (the joins of a synchronisation need look at no other). */
    private final int[] extraLanes;
    private final Knowledge[] lastAcquired;
    private Knowledge ctaExtra;
    /** Per warp: the lanes that executed a fence (their next strong write or atomic releases). */
    private final int[] fencedLanes;
    private final Map<Long, Knowledge> sharedSync = new HashMap<>();

    // ---- barriers: per barrier id, who arrived since it last completed
    private final int[][] arrivalClock = new int[BARRIERS][];
    private final int[][] arrivedLanes = new int[BARRIERS][];
    private final int[][] waitingLanes = new int[BARRIERS][];
    private final int[] firstSite = new int[BARRIERS];
    private final int[] firstThread = new int[BARRIERS];
    private final int[] otherSite = new int[BARRIERS];
    private final int[] otherThread = new int[BARRIERS];

    // ---- warp synchronisations whose mask named lanes that had not arrived (synccheck)
    private final int[] owedLanes;
    private final int[] syncedLanes;
    private final int[] owedSite;

    // ---- shadow memory
    /** Per thread: uninitialized reads a later write may still explain, or null. */
    private final List<PendingRead>[] pending;
    /**
     * Per warp: the lanes whose {@link #pending} holds a read (a warp's writes settle nothing
     * without a look at each lane's list when none does).
     */
    private final int[] heldLanes;
    /** Per thread: the register its last read wrote, -1 when its last access was not a read. */
    private final int[] lastRegister;
    private final RaceShadow sharedRaces;
    private final WrittenBits sharedWritten;
    private final WrittenBits[] localWritten;
    private AllocationShadow lastAllocation;
    /**
     * Memcheck of shared accesses: the variable that held the last access's bytes, whole (only
     * when no two variables overlap), or null; the base variables of recent sites
     * ({@link LaunchShadow#sharedBase}) below. The lanes of one instruction ask the same.
     */
    private SharedVariables.Variable insideVariable;
    /** The variable {@link #insideVariable} held before, when only disjoint variables were found. */
    private SharedVariables.Variable otherInsideVariable;
    /**
     * {@link #baseVariable}'s answers, by site modulo {@link #BASE_SITES}: the site asked (-1 for
     * none yet) and its variable. A block's accesses are consecutive sites (matmul's unrolled
     * loop: 32 loads), so each keeps its own entry.
     */
    private final int[] baseSites = new int[BASE_SITES];
    private final SharedVariables.Variable[] baseVariables = new SharedVariables.Variable[BASE_SITES];
    private AllocationShadow otherAllocation;
    /**
     * The lanes' addresses and stored values of the warp instruction {@link #accesses} checks,
     * by lane: the execution core fills them (one pair of arrays per CTA, no allocation per instruction).
     */
    private final long[] laneAddresses = new long[32];
    private final long[] laneValues = new long[32];

    // ---- the access racecheck looks at: the same for every lane of an instruction, so set once
    // for its lanes (fields, not arguments: the word checks stay small enough to inline)
    private int accessOp;
    private boolean accessStrong;
    private int accessSite;
    private int accessSize;
    private PtxStateSpace accessSpace;
    private AllocationShadow accessAllocation;
    /** The generation of live epochs in the access's space: the CTA's in shared memory, the launch's in global memory. */
    private int accessGeneration;
    private long accessGenerationBits;
    /** Words a lane's read of 8 or 16 bytes {@link #quietReads} takes a word at a time spans at most. */
    private static final int LANE_WORDS = 4;
    /**
     * {@link #quietReads}' groups of lanes: per word the lanes read, in the order of their first
     * lanes (as many as a warp's lanes times the words one lane's read spans).
     */
    private final int[] groupWord = new int[32 * LANE_WORDS];
    private final int[] groupLanes = new int[32 * LANE_WORDS];
    private int groups;
    /**
     * Where the consumers of {@link #quietReads}' groups find them: group {@code g}'s word is
     * {@code readGroupBase + readGroupWords[g]} and its lanes {@code readGroupLanes[g]}. The
     * groupings that find their groups fill {@link #groupWord} and {@link #groupLanes} (base 0);
     * a kept {@link GroupShape} lends its own arrays, its words from lane 0's word (the base), so
     * a pattern seen before is not copied on every read ({@link #fullWarpGroups}).
     */
    private int[] readGroupWords = groupWord;
    private int[] readGroupLanes = groupLanes;
    private int readGroupBase;
    /**
     * Whether {@link #quietReads}' groups lie on consecutive words, each group's word the one
     * after the group before's ({@link #wordsInRow}).
     */
    private boolean groupsInRow;
    /** The bytes of its word each lane of every group of {@link #quietReads} reads (as a tag holds them). */
    private int groupBytes;
    /** The highest address among the lanes {@link #fullWarpGroups} grouped. */
    private long groupHighest;
    /**
     * The last two patterns {@link #fullWarpGroups} found (a kernel reads a tile of each matrix
     * in turn), the one to replace next, and whether each holds one yet.
     */
    private final GroupShape[] shapes = {new GroupShape(), new GroupShape()};
    private int nextShape;
    /**
     * Whether the lanes {@link #quietWords} grouped (or {@link #quietReadWords} took) access bytes
     * that follow each other, in lane order, with no gap.
     */
    private boolean wordsInRun;
    /** The index in its chunk of the first of the words {@link #straightWords} or {@link #straightBytes} found. */
    private int straightIndex;
    /**
     * Per shared word, {@link #groupStamp} of the last {@link #quietReads} that grouped lanes on
     * it (shifted left by {@link #GROUP_INDEX_BITS}) plus the group's index: a word's group found
     * without a search.
     */
    private final int[] wordGroup;
    private int groupStamp;
    /** Bits of a {@link #wordGroup} entry that hold the group's index (below {@code 32 * LANE_WORDS}). */
    private static final int GROUP_INDEX_BITS = 7;
    /** Per lane of the read {@link #quietReadWords} took: the index of its word in the chunk. */
    private final int[] laneWord = new int[32];

    CtaShadow(LaunchShadow launch, byte[] shared, int warps, long localBytesPerThread) {
        this.launch = launch;
        this.device = launch.device;
        this.shared = shared;
        this.threads = launch.threads;
        this.warps = warps;
        this.localBytes = localBytesPerThread;
        this.clockBits = launch.clockBits;
        this.clockMask = launch.clockMask;
        Arrays.fill(baseSites, -1);
        int lanes = warps * 32;
        clock = new int[lanes];
        ctaKnown = new int[lanes];
        warpBase = new int[lanes];
        warpMatrix = new int[warps][];
        extra = new Knowledge[lanes];
        extraLanes = new int[warps];
        lastAcquired = new Knowledge[lanes];
        fencedLanes = new int[warps];
        @SuppressWarnings("unchecked")
        List<PendingRead>[] p = new List[lanes];
        pending = p;
        lastRegister = new int[lanes];
        heldLanes = new int[warps];
        owedLanes = new int[warps];
        syncedLanes = new int[warps];
        owedSite = new int[warps];
        sharedRaces = device.racecheck ? new RaceShadow((shared.length + 3) / 4, false) : null;
        wordGroup = new int[device.racecheck ? (shared.length + 3) / 4 : 0];
        sharedWritten = device.initcheck ? new WrittenBits(shared.length) : null;
        localWritten = new WrittenBits[device.initcheck ? warps : 0];
        for (int w = 0; w < localWritten.length; w++) {
            localWritten[w] = new WrittenBits(32 * localBytesPerThread);
        }
    }

    /** The CTA of linear index {@code linear} starts (this object may have run another before). */
    public void reset(int linear) {
        if (cta >= 0) {
            for (int tid = 0; tid < pending.length; tid++) {
                flush(tid);
            }
        }
        cta = linear;
        ctaFirstThread = (long) linear * threads;
        Arrays.fill(lastRegister, -1);
        sharedGeneration++;
        if (sharedGeneration > DeviceShadow.GENERATIONS) {
            sharedGeneration = 1;
            if (sharedRaces != null) {
                sharedRaces.clear();
            }
        }
        sharedGenerationBits = (long) sharedGeneration << 48;
        Arrays.fill(clock, 1);
        Arrays.fill(ctaKnown, 0);
        Arrays.fill(warpBase, 0);
        Arrays.fill(warpMatrix, null);
        Arrays.fill(extra, null);
        Arrays.fill(extraLanes, 0);
        clocksWrapped = false;
        Arrays.fill(lastAcquired, null);
        Arrays.fill(fencedLanes, 0);
        ctaExtra = null;
        sharedSync.clear();
        for (int b = 0; b < BARRIERS; b++) {
            clearBarrier(b);
        }
        Arrays.fill(owedLanes, 0);
        if (sharedWritten != null) {
            sharedWritten.clearAll();
        }
        for (WrittenBits w : localWritten) {
            w.clearAll();
        }
    }

    /**
     * Between {@code observing(true)} and {@code observing(false)} the core looks at an
     * instruction before it executes: a finding new to the device then asks the warp to stop
     * there ({@link #stopPending}), when the launch stops at findings.
     */
    public void observing(boolean on) {
        launch.stopsArmed = on;
    }

    /**
     * Whether the launch checks accesses (memcheck, initcheck or racecheck): without them an
     * access or fence changes nothing any check looks at (their release and acquire only feed
     * racecheck's happens-before), and the core need not tell them.
     */
    public boolean checksAccesses() {
        return device.memcheck || device.initcheck || device.racecheck;
    }

    /** Whether a finding new to the device asks the warp to stop before the instruction it checked. */
    public boolean stopPending() {
        return launch.stopPending();
    }

    // ------------------------------------------------------------------ accesses

    /** Where the execution core puts each lane's address before {@link #accesses}, by lane. */
    public long[] laneAddresses() {
        return laneAddresses;
    }

    /**
     * Where the execution core puts what each lane's store of at most 8 bytes writes before
     * {@link #accesses}, by lane: the checks look at the values of stores only (whether a write
     * stores the value memory holds), so for other accesses they may be left as they were.
     */
    public long[] laneValues() {
        return laneValues;
    }

    /**
     * The accesses of one warp instruction: {@link #access} for each lane of {@code lanes}, in
     * lane order, at the address (and with the value) the core put in {@link #laneAddresses} (and
     * {@link #laneValues}), all in {@code space}. What is the same for every lane is done once:
     * when the lanes' bytes lie inside one shared variable (or one allocation), the bounds and
     * memcheck's variable tests are one test of all of them, which then finds nothing for any
     * lane; otherwise each lane is checked on its own. A weak shared read that races with nothing
     * is checked a word at a time, its lanes grouped by the word they read ({@link #quietReads});
     * a weak shared store whose lanes' words hold nothing it could race with is stamped into
     * their records in one pass ({@link #quietStores}).
     */
    public void accesses(int op, int flags, PtxStateSpace space, int size, int warp, int lanes, int site, int register) {
        long[] at = laneAddresses;
        if (lanes != 0 && space == PtxStateSpace.SHARED && op == READ && (flags & STRONG) == 0 && sharedRaces != null
                && launch.races && readByWord(warp, lanes, size, site, register)) {
            return;
        }
        if (lanes != 0 && (space == PtxStateSpace.SHARED || space == PtxStateSpace.GLOBAL)) {
            long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
            if (lanes == -1) {
                // a full warp (the common case) in a straight loop
                for (int l = 0; l < 32; l++) {
                    lo = Math.min(lo, at[l]);
                    hi = Math.max(hi, at[l]);
                }
            } else {
                for (int m = lanes; m != 0; m &= m - 1) {
                    long address = at[Integer.numberOfTrailingZeros(m)];
                    lo = Math.min(lo, address);
                    hi = Math.max(hi, address);
                }
            }
            hi += size;
            if (space == PtxStateSpace.SHARED) {
                if (sharedWhole(lo, hi, site)) {
                    observe(op, flags, site, size, PtxStateSpace.SHARED, null);
                    if (op == READ && (flags & STRONG) == 0 && sharedWritten == null && (sharedRaces == null || !launch.races)) {
                        // memcheck found nothing, and neither initcheck nor racecheck looks at a weak read
                        readsArrive(warp, lanes, register);
                        return;
                    }
                    if (op == ATOMIC && plainAtomics(warp, lanes, flags)) {
                        sharedAtomics(warp, lanes, site, lo, hi);
                        return;
                    }
                    if (op == WRITE && (flags & STRONG) == 0 && sharedRaces != null && launch.races
                            && quietStores(warp, lanes, size)) {
                        storeWords(warp, lanes, size, register, lo, hi);
                        return;
                    }
                    for (int m = lanes; m != 0; m &= m - 1) {
                        int l = Integer.numberOfTrailingZeros(m);
                        int tid = warp << 5 | l;
                        arrive(op, space, at[l], size, tid, register);
                        sharedChecks(op, flags, at[l], size, tid, site, laneValues[l]);
                    }
                    return;
                }
            } else {
                AllocationShadow a = globalWhole(at[Integer.numberOfTrailingZeros(lanes)], size, lo, hi);
                if (a != null) {
                    observe(op, flags, site, size, PtxStateSpace.GLOBAL, a);
                    if (op == READ && (flags & STRONG) == 0 && !device.initcheck && !(device.racecheck && launch.races)) {
                        // memcheck found nothing, and neither initcheck nor racecheck looks at a weak read
                        readsArrive(warp, lanes, register);
                        return;
                    }
                    if (op != ATOMIC && !accessStrong) {
                        if (!device.racecheck || !launch.races) {
                            // a weak access without racecheck: initcheck is all the lanes' checks look at
                            globalLanesBefore(a, op, size, warp, lanes, site, register, lo, hi, inRun(lanes, size));
                            return;
                        }
                        // a weak access racecheck can take a word at a time
                        if (globalWords(a, op, size, warp, lanes, site, register, lo, hi)) {
                            return;
                        }
                    }
                    for (int m = lanes; m != 0; m &= m - 1) {
                        int l = Integer.numberOfTrailingZeros(m);
                        int tid = warp << 5 | l;
                        arrive(op, space, at[l], size, tid, register);
                        globalChecks(a, op, flags, at[l], size, tid, site, laneValues[l]);
                    }
                    return;
                }
            }
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            access(op, flags, space, at[l], size, warp, l, site, laneValues[l], register);
        }
    }

    /**
     * One access of one lane: {@code size} bytes at {@code address} of {@code space} (a global
     * address, or an offset in the CTA's shared memory or the thread's local memory), about to
     * execute at {@code site}. {@code value} is what a write stores (its low {@code size} bytes)
     * when it is at most 8 bytes; {@code register} the register a load writes or a store reads
     * (its first, for a vector), -1 for none. Accesses the memory paths will refuse are left to them.
     */
    public void access(int op, int flags, PtxStateSpace space, long address, int size, int warp, int lane, int site,
            long value, int register) {
        int tid = warp << 5 | lane;
        arrive(op, space, address, size, tid, register);
        // tests, not a switch: an enum switch looks the constant up in a table on every access
        if (space == PtxStateSpace.SHARED) {
            shared(op, flags, address, size, tid, site, value);
        } else if (space == PtxStateSpace.GLOBAL) {
            global(op, flags, address, size, tid, site, value);
        } else if (space == PtxStateSpace.LOCAL) {
            local(op, address, size, warp, lane, site);
        }
        // const and param memory: read-only or per thread, written only by the host
    }

    /** What every access of thread {@code tid} does first: a write may explain its held reads; a read's register is kept. */
    private void arrive(int op, PtxStateSpace space, long address, int size, int tid, int register) {
        if (op == WRITE && (heldLanes[tid >>> 5] & 1 << tid) != 0) {
            settle(tid, space, address, size, register);
        }
        lastRegister[tid] = op == READ ? register : -1;
    }

    /**
     * {@link #arrive} of a write of {@code size} bytes by each lane of {@code lanes} of warp
     * {@code warp}, at {@link #laneAddresses} in {@code space} (global or shared memory), storing
     * register {@code register}: only the lanes holding reads ({@link #heldLanes}) settle them.
     */
    private void writesArrive(PtxStateSpace space, int warp, int lanes, int size, int register) {
        int w0 = warp << 5;
        for (int m = heldLanes[warp] & lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            settle(w0 | l, space, laneAddresses[l], size, register);
        }
        readsArrive(warp, lanes, -1);
    }

    /**
     * {@link #arrive} of a read by each lane of {@code lanes} of warp {@code warp}, loading
     * register {@code register} (-1 for a write that settled its lanes' held reads): a read
     * settles no held read, so each lane only keeps its register.
     */
    private void readsArrive(int warp, int lanes, int register) {
        int w0 = warp << 5;
        if (lanes == -1) {
            Arrays.fill(lastRegister, w0, w0 + 32, register);
            return;
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            lastRegister[w0 | Integer.numberOfTrailingZeros(m)] = register;
        }
    }

    /** The access racecheck's word checks look at, for the lanes that follow ({@link #races}). */
    private void observe(int op, int flags, int site, int size, PtxStateSpace space, AllocationShadow a) {
        accessOp = op;
        accessStrong = (flags & STRONG) != 0;
        accessSite = site;
        accessSize = size;
        accessSpace = space;
        accessAllocation = a;
        if (space == PtxStateSpace.SHARED) {
            accessGeneration = sharedGeneration;
            accessGenerationBits = sharedGenerationBits;
        } else {
            accessGeneration = launch.generation;
            accessGenerationBits = launch.generationBits;
        }
    }

    /**
     * Whether shared bytes {@code lo..hi-1} lie inside the CTA's shared memory and, for memcheck,
     * inside one variable (when no two overlap) and the variable the accesses at {@code site}
     * compute their address from: then {@link #shared}'s tests hold for every access among them
     * and find nothing.
     */
    private boolean sharedWhole(long lo, long hi, int site) {
        if (lo < 0 || hi > shared.length) {
            return false;
        }
        if (!device.memcheck) {
            return true;
        }
        SharedVariables.Variable in = insideVariable;
        if (in == null || lo < in.start() || hi > in.end()) {
            // the variable of another instruction: kernels alternate between two arrays (a tile of
            // each matrix), else as the first lane finds it
            SharedVariables.Variable other = otherInsideVariable;
            if (other != null && lo >= other.start() && hi <= other.end()) {
                in = other;
            } else {
                if (!launch.shared.disjoint) {
                    return false;
                }
                in = launch.shared.at(lo);
                if (in == null || hi > in.end()) {
                    return false;
                }
            }
            otherInsideVariable = insideVariable;
            insideVariable = in;
        }
        SharedVariables.Variable base = baseVariable(site);
        return base == null || lo >= base.start() && hi <= base.end();
    }

    /**
     * The static shared variable whose address the accesses at {@code site} compute, asked of the
     * launch once per site while {@link #baseSites} keeps its entry.
     */
    private SharedVariables.Variable baseVariable(int site) {
        int k = site & BASE_SITES - 1;
        if (baseSites[k] != site) {
            baseVariables[k] = launch.sharedBase(site);
            baseSites[k] = site;
        }
        return baseVariables[k];
    }

    /**
     * The allocation {@link #global} finds for every access among bytes {@code lo..hi-1}, the
     * first's at {@code first} included, when one holds them all and memcheck has nothing to say
     * about it (not the device heap, not freed, the bytes inside what a pool's block was asked
     * for): found as the first access finds it ({@link #allocationOf}), which the others then find
     * as the last; else null, having changed nothing.
     */
    private AllocationShadow globalWhole(long first, int size, long lo, long hi) {
        AllocationShadow a = allocationOf(first, size);
        if (a == null || lo < a.start || hi > a.start + a.size
                || device.memcheck && (a.heap || a.freedBy != null || hi > a.start + a.held)) {
            return null;
        }
        found(a);
        return a;
    }

    /** The allocation holding {@code size} bytes at {@code address}: one of the last two found, else the device's, or null. */
    private AllocationShadow allocationOf(long address, int size) {
        AllocationShadow a = lastAllocation;
        if (a == null || address < a.start || address + size > a.start + a.size) {
            // kernels go back and forth between two buffers (in and out): the one before the last
            a = otherAllocation;
            if (a == null || address < a.start || address + size > a.start + a.size) {
                a = device.allocationAt(address, size);
            }
        }
        return a;
    }

    /** An access found allocation {@code a} ({@link #allocationOf}): it becomes the last found. */
    private void found(AllocationShadow a) {
        if (a != lastAllocation) {
            otherAllocation = lastAllocation;
            lastAllocation = a;
        }
    }

    private void shared(int op, int flags, long address, int size, int tid, int site, long value) {
        if (address < 0 || address + size > shared.length) {
            return;
        }
        if (device.memcheck) {
            // the lanes of one instruction mostly access one variable, at one site: no search for each
            SharedVariables.Variable in = insideVariable;
            boolean inside;
            if (in != null && address >= in.start() && address + size <= in.end()) {
                inside = true;
            } else {
                inside = launch.shared.inside(address, size);
                insideVariable = inside && launch.shared.disjoint ? launch.shared.at(address) : null;
            }
            if (!inside) {
                pastSharedVariable(op, address, size, tid, site);
            } else {
                SharedVariables.Variable base = baseVariable(site);
                if (base != null && (address < base.start() || address + size > base.end())) {
                    intoAnotherSharedVariable(op, address, size, tid, site, base);
                }
            }
        }
        observe(op, flags, site, size, PtxStateSpace.SHARED, null);
        sharedChecks(op, flags, address, size, tid, site, value);
    }

    /** {@link #shared} after its bounds and memcheck: initcheck, release/acquire and racecheck, as {@link #observe} set. */
    private void sharedChecks(int op, int flags, long address, int size, int tid, int site, long value) {
        sharedInitcheck(op, address, size, tid, site);
        boolean strong = (flags & STRONG) != 0;
        if (strong && op != WRITE) {
            // nothing to acquire until something was released (no boxed look-up per atomic)
            acquire(sharedSync.isEmpty() ? null : sharedSync.get(address), tid);
        }
        if (sharedRaces != null && launch.races) {
            races(sharedRaces, address >>> 2, 0, address, tid, value);
        }
        if (strong && op != READ && ((flags & RELEASE) != 0 || (fencedLanes[tid >>> 5] & 1 << tid) != 0)) {
            sharedSync.put(address, Knowledge.join(sharedSync.get(address), release(tid)));
        }
    }

    private void sharedInitcheck(int op, long address, int size, int tid, int site) {
        if (sharedWritten != null) {
            if (op != WRITE) {
                long first = sharedWritten.firstUnwritten(address, size);
                if (first >= 0) {
                    uninitialized(PtxStateSpace.SHARED, op, address, size, first, tid, site, null);
                }
            }
            if (op != READ) {
                sharedWritten.set(address, size);
            }
        }
    }

    /**
     * Whether racecheck can take the weak shared write {@link #observe} set, of {@code size}
     * bytes by lanes {@code lanes} of warp {@code warp} at {@link #laneAddresses} (inside the
     * CTA's shared memory, {@link #sharedWhole}), without a test per lane that can find
     * anything: each lane writes inside one word, or whole words from a word's first byte (8 or
     * 16 bytes), the lanes' words go up in lane order with no word written by two lanes (so no
     * lane meets another's write, and each record sees one lane's write as lane by lane), and
     * every access a lane's words hold of this generation on bytes the lane writes is ordered
     * before the lane's write ({@link #quietRecord}): then {@link #writeWord} would find no race on
     * any of them. Changes nothing; false leaves the lanes to the general path. A full warp
     * storing 32 consecutive words ({@link #wholeWordRun}) is tested in a straight loop.
     */
    private boolean quietStores(int warp, int lanes, int size) {
        long[] c = sharedRaces.cells;
        int w0 = warp << 5;
        long step = 1L << clockBits;
        if (wholeWordRun(lanes, size)) {
            // the lanes' records follow each other, and so do their threads
            int record = (int) (laneAddresses[0] >>> 2) * RaceShadow.STRIDE;
            long mine = threadBits(w0);
            for (int l = 0; l < 32; l++, record += RaceShadow.STRIDE, mine += step) {
                if (!quietRecord(c, record, 0xF, w0 | l, mine)) {
                    return false;
                }
            }
            return true;
        }
        if (size <= 0 || size > 4 && ((size & 3) != 0 || size > 4 * LANE_WORDS)) {
            return false;
        }
        long[] at = laneAddresses;
        // the first word the next lane may write: the words of the lanes before it are below
        long free = 0;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long address = at[l];
            int in = (int) (address & 3);
            long first = address >>> 2;
            long last = address + size - 1 >>> 2;
            if (first < free || (size > 4 ? in != 0 : in + size > 4)) {
                return false;
            }
            free = last + 1;
            int bytes = size > 4 ? 0xF : RaceShadow.wordBytes(in, size);
            int tid = w0 | l;
            long mine = threadBits(tid);
            for (int record = (int) first * RaceShadow.STRIDE; record <= last * RaceShadow.STRIDE;
                    record += RaceShadow.STRIDE) {
                if (!quietRecord(c, record, bytes, tid, mine)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether the accesses of {@code size} bytes by lanes {@code lanes} at {@link #laneAddresses}
     * are a full warp's on 32 consecutive whole words, one per lane, in lane order, from a
     * word's first byte (scan's stores and reads of its own elements). Lanes 0 and 31 are
     * compared first, so that other patterns (a tile's loads, 16 words at most) are refused
     * without the 32-lane test.
     */
    private boolean wholeWordRun(int lanes, int size) {
        if (lanes != -1 || size != 4 || laneAddresses[31] - laneAddresses[0] != 31 * 4) {
            return false;
        }
        return fromWordInSteps(4);
    }

    /**
     * Whether a full warp's {@link #laneAddresses} start at a word's first byte (lane 0's) and
     * each lane's lies {@code size} bytes after the lane before's: lane {@code l} accesses the
     * bytes from {@code l * size} of the {@code 32 * size} that follow lane 0's address.
     */
    private boolean fromWordInSteps(int size) {
        long[] at = laneAddresses;
        long first = at[0];
        boolean run = (first & 3) == 0;
        for (int l = 1; l < 32; l++) {
            // no early exit: a straight loop the compiler can unroll
            run &= at[l] == first + (long) size * l;
        }
        return run;
    }

    /**
     * The bits of an epoch of thread {@code tid} of this CTA in the generation {@link #observe}
     * set that name the generation and the thread: {@link #laneEpoch} without the clock.
     */
    private long threadBits(int tid) {
        return accessGenerationBits | ctaFirstThread + tid << clockBits;
    }

    /**
     * Whether none of the three slots of the full record at {@code record} of {@code c} can
     * conflict with a weak write of {@code bytes} by thread {@code tid}, whose epochs'
     * generation and thread bits are {@code mine} ({@link #threadBits}): {@link #quietSlot} of each.
     */
    private boolean quietRecord(long[] c, int record, int bytes, int tid, long mine) {
        long tags = c[record + RaceShadow.TAGS];
        return quietSlot(c[record + RaceShadow.WRITE], (int) tags, bytes, tid, mine)
                && quietSlot(c[record + RaceShadow.READ1], (int) (tags >>> 32), bytes, tid, mine)
                && quietSlot(c[record + RaceShadow.READ2], (int) c[record + RaceShadow.READ2_TAG], bytes, tid, mine);
    }

    /**
     * Whether a slot of a shared word's record, {@code epoch} with {@code tag}, cannot conflict
     * with a weak write of {@code bytes} by thread {@code tid} ({@link #conflicts} false), whose
     * epochs' generation and thread bits are {@code mine} ({@link #threadBits}): it holds no
     * access of this generation, or one by {@code tid} itself (both found by one comparison with
     * {@code mine}), or none of those bytes, or one by a thread before a barrier of the whole CTA
     * ({@link #ctaKnown}) or by a thread of {@code tid}'s warp before the warp's last
     * synchronisation ({@link #warpBase}): what {@link #knows} finds first, the same for every
     * thread; anything else (what only a lane matrix or acquired knowledge orders) is refused.
     */
    private boolean quietSlot(long epoch, int tag, int bytes, int tid, long mine) {
        long differ = epoch ^ mine;
        if (differ >>> clockBits == 0 || differ >>> 48 != 0 || (RaceShadow.bytes(tag) & bytes) == 0) {
            return true;
        }
        long inCta = thread(epoch) - ctaFirstThread;
        if (inCta < 0 || inCta >= threads) {
            return false;
        }
        return knowsDirectly((int) inCta, (int) (epoch & clockMask), tid);
    }

    /**
     * {@link #sharedChecks} of each lane of the weak shared write {@link #quietStores} took, of
     * {@code size} bytes storing register {@code register}, the lanes' bytes between {@code lo}
     * and {@code hi}: what the lanes do one by one, none finding anything. A weak write acquires
     * and releases nothing; a lane's arrival settles only its own held reads and initcheck only
     * marks bytes written, so all lanes arrive first ({@link #writesArrive}), initcheck marks
     * {@code lo..hi-1} at once when the lanes' bytes follow each other, and each lane's words
     * get the record {@link #writeWord} leaves ({@link #recordWrite}), stamped with its epoch
     * (for a full warp's 32 consecutive words, {@link #recordWholeWrite} in a straight loop).
     */
    private void storeWords(int warp, int lanes, int size, int register, long lo, long hi) {
        writesArrive(PtxStateSpace.SHARED, warp, lanes, size, register);
        long[] at = laneAddresses;
        long[] c = sharedRaces.cells;
        int w0 = warp << 5;
        WrittenBits bits = sharedWritten;
        if (wholeWordRun(lanes, size)) {
            if (bits != null) {
                bits.set(lo, (int) (hi - lo));
            }
            int record = (int) (lo >>> 2) * RaceShadow.STRIDE;
            long mine = threadBits(w0);
            long step = 1L << clockBits;
            long tag = RaceShadow.tag(accessSite, 0xF, false, false) & 0xFFFF_FFFFL;
            int gen = accessGeneration;
            int[] clocks = clock;
            for (int l = 0; l < 32; l++, record += RaceShadow.STRIDE, mine += step) {
                recordWholeWrite(c, record, mine | clocks[w0 | l], tag, gen);
            }
            return;
        }
        if (bits != null) {
            if (inRun(lanes, size)) {
                bits.set(lo, (int) (hi - lo));
            } else {
                for (int m = lanes; m != 0; m &= m - 1) {
                    bits.set(at[Integer.numberOfTrailingZeros(m)], size);
                }
            }
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long address = at[l];
            long me = laneEpoch(w0 | l);
            int bytes = size > 4 ? 0xF : RaceShadow.wordBytes((int) (address & 3), size);
            int first = (int) (address >>> 2) * RaceShadow.STRIDE;
            int last = (int) (address + size - 1 >>> 2) * RaceShadow.STRIDE;
            for (int record = first; record <= last; record += RaceShadow.STRIDE) {
                recordWrite(c, record, bytes, me);
            }
        }
    }

    /**
     * {@link #recordWrite} of a weak, not atomic write of a whole word, stamped {@code me}, whose
     * tag is {@code tag} (its low half), in generation {@code gen}: it covers every byte, so a
     * read slot of this generation is emptied (its tag staying) and one of another stays as it is.
     */
    private static void recordWholeWrite(long[] c, int at, long me, long tag, int gen) {
        c[at + RaceShadow.WRITE] = me;
        if (c[at + RaceShadow.READ1] >>> 48 == gen) {
            c[at + RaceShadow.READ1] = 0;
        }
        c[at + RaceShadow.TAGS] = c[at + RaceShadow.TAGS] & ~0xFFFF_FFFFL | tag;
        if (c[at + RaceShadow.READ2] >>> 48 == gen) {
            c[at + RaceShadow.READ2] = 0;
        }
    }

    private void global(int op, int flags, long address, int size, int tid, int site, long value) {
        AllocationShadow a = allocationOf(address, size);
        if (a == null) {
            return;
        }
        found(a);
        if (a.heap && device.memcheck) {
            heapAccess(op, address, size, tid, site);
        }
        if (a.freedBy != null && device.memcheck) {
            AllocationShadow freed = a;
            Access.Operation o = operation(op);
            launch.report(FindingKind.USE_AFTER_FREE, PtxStateSpace.GLOBAL, site, -1, a.start,
                    () -> launch.finding(FindingKind.USE_AFTER_FREE, PtxStateSpace.GLOBAL, address, size, freed.describe(),
                            launch.access(o, cta, tid, site), freed.freedBy,
                            "the program freed it; its memory pool keeps the block for later allocations"));
        }
        // a pool's block handed out for less than the block: past the request the bytes are mapped
        // but no allocation's, so initcheck has nothing to say of them
        if (address - a.start + size > a.held && a.freedBy == null && device.memcheck) {
            pastHeld(op, address, size, tid, site, a);
        }
        observe(op, flags, site, size, PtxStateSpace.GLOBAL, a);
        globalChecks(a, op, flags, address, size, tid, site, value);
    }

    /** {@link #global} in allocation {@code a} after memcheck: initcheck, release/acquire and racecheck, as {@link #observe} set. */
    private void globalChecks(AllocationShadow a, int op, int flags, long address, int size, int tid, int site, long value) {
        long offset = address - a.start;
        globalInitcheck(a, op, address, size, tid, site);
        boolean strong = (flags & STRONG) != 0;
        if (strong && op != WRITE) {
            acquire(launch.globalSync.isEmpty() ? null : launch.globalSync.get(address), tid);
        }
        if (device.racecheck && launch.races) {
            long word = offset >>> 2;
            races(a.chunk(word), word % AllocationShadow.CHUNK_WORDS, a.start, address, tid, value);
        }
        if (strong && op != READ && ((flags & RELEASE) != 0 || (fencedLanes[tid >>> 5] & 1 << tid) != 0)) {
            launch.globalSync.put(address, Knowledge.join(launch.globalSync.get(address), release(tid)));
        }
    }

    /** Initcheck of an access of allocation {@code a} ({@link #globalChecks}' first part). */
    private void globalInitcheck(AllocationShadow a, int op, long address, int size, int tid, int site) {
        long offset = address - a.start;
        if (device.initcheck && offset + size <= a.held) {
            if (op != WRITE) {
                long first = a.firstUnwritten(offset, size);
                if (first >= 0) {
                    uninitialized(PtxStateSpace.GLOBAL, op, address, size, a.start + first, tid, site, a);
                }
            }
            if (op != READ) {
                a.wrote(offset, size);
            }
        }
    }

    private void local(int op, long address, int size, int warp, int lane, int site) {
        if (localWritten.length == 0 || address < 0 || address + size > localBytes) {
            return;
        }
        WrittenBits bits = localWritten[warp];
        long at = lane * localBytes + address;
        if (op != WRITE) {
            long first = bits.firstUnwritten(at, size);
            if (first >= 0) {
                uninitialized(PtxStateSpace.LOCAL, op, address, size, first - lane * localBytes, warp << 5 | lane, site, null);
            }
        }
        if (op != READ) {
            bits.set(at, size);
        }
    }

    // ------------------------------------------------------------------ racecheck

    /**
     * Checks and records the access {@link #observe} set, of thread {@code tid} at {@code address}
     * (writing {@code value}), on each word it touches: {@code first} is the index in {@code s} of
     * the word holding {@code address}, {@code base} the address of the shadow's word 0 minus what
     * {@code first} already counts (so {@code base + 4 * index} is a word's address).
     */
    private void races(RaceShadow s, long first, long base, long address, int tid, long value) {
        long meThread = ctaFirstThread + tid;
        long me = laneEpoch(tid);
        int size = accessSize;
        int in = (int) (address & 3);
        if (size > 0 && in + size <= 4 && first < s.words()) {
            // inside one word of this chunk (every aligned access of at most 4 bytes): the loop's first turn
            word(s, (int) first, RaceShadow.wordBytes(in, size), me, meThread, tid, address, value);
            return;
        }
        long end = address + size;
        int index = (int) first;
        for (long word = address & ~3L; word < end; word += 4, index++) {
            // the bytes of this word the access touches
            int lo = (int) Math.max(address - word, 0);
            int hi = (int) Math.min(end - word, 4);
            int bytes = (1 << hi) - 1 & ~((1 << lo) - 1);
            if (index >= s.words()) {
                // the next chunk of a global allocation
                long w = (word - base) >>> 2;
                s = accessAllocation.chunk(w);
                index = (int) (w % AllocationShadow.CHUNK_WORDS);
            }
            word(s, index, bytes, me, meThread, tid, address, value);
        }
    }

    /**
     * Racecheck of word {@code index} of {@code s}, compact, paired or full ({@link RaceShadow}): a
     * paired word of this generation is checked on its full record.
     */
    private void word(RaceShadow s, int index, int bytes, long me, long meThread, int tid, long address, long value) {
        int at;
        long[] epochs = s.epochs;
        if (epochs == null) {
            at = index * RaceShadow.STRIDE;
        } else {
            long e = epochs[index];
            if (RaceShadow.expanded(e)) {
                at = (int) e;
            } else if ((e >>> 48 != accessGeneration || !s.paired(index))
                    && compactWord(s, index, e, bytes, me, meThread, tid, address, value)) {
                return;
            } else {
                at = s.expand(index);
            }
        }
        // a read and a write each in a method of its own: small enough for the JIT to inline the read's
        if (accessOp == READ) {
            readWord(s.cells, at, bytes, me, meThread, tid, address);
        } else {
            writeWord(s.cells, at, bytes, me, meThread, tid, address, value);
        }
    }

    /**
     * Racecheck of compact word {@code index} of {@code s}, whose one access is {@code e}: what
     * {@link #readWord} and {@link #writeWord} do to a full record holding only that access, when
     * the word keeps one access after it (true); false, having checked and changed nothing, when
     * it needs its full record (a write and a read, or two reads, stay live).
     */
    private boolean compactWord(RaceShadow s, int index, long e, int bytes, long me, long meThread, int tid, long address,
            long value) {
        int op = accessOp;
        int tag = RaceShadow.tag(accessSite, bytes, op == ATOMIC, accessStrong);
        if (e >>> 48 != accessGeneration) {
            // no access in this generation: the access takes the write slot or the first read's
            s.setCompact(index, me, tag, op != READ);
            return true;
        }
        int t = s.tags[index];
        if (s.compactWrite(index)) {
            if (op == READ) {
                return false;
            }
            // a write after a write: writeWord's check of the write slot, the read slots stay empty
            if (conflicts(e, t, meThread, bytes, tid) && !(op == WRITE && sameValue(address, value))) {
                race(FindingKind.RACE_WAW, address, tid, e, t);
            }
            s.setCompact(index, me, tag, true);
            return true;
        }
        if (op == READ) {
            // a read after a read: readWord replaces the first read when it may go, else fills the second slot
            if (!supersedes(e, t, meThread, bytes, tid)) {
                return false;
            }
            s.setCompact(index, me, tag, false);
            return true;
        }
        // a write after a read: the read slot empties when the write covers its bytes
        if ((RaceShadow.bytes(t) & ~bytes) != 0) {
            return false;
        }
        if (op != ATOMIC && conflicts(e, t, meThread, bytes, tid)) {
            race(FindingKind.RACE_WAR, address, tid, e, t);
        }
        s.setCompact(index, me, tag, true);
        return true;
    }

    /** {@link #word} of a read. */
    private void readWord(long[] c, int at, int bytes, long me, long meThread, int tid, long address) {
        long w = c[at + RaceShadow.WRITE];
        long tags = c[at + RaceShadow.TAGS];
        int wt = (int) tags;
        int gen = accessGeneration;
        // A weak read before or after another thread's atomic sees an older or newer value, never a
        // torn one: the first read of a compare-and-swap loop is that by design, so it is no race.
        if (w >>> 48 == gen && !RaceShadow.atomic(wt) && conflicts(w, wt, meThread, bytes, tid)) {
            race(FindingKind.RACE_RAW, address, tid, w, wt);
        }
        long r1 = c[at + RaceShadow.READ1];
        int r1t = (int) (tags >>> 32);
        int tag = RaceShadow.tag(accessSite, bytes, false, accessStrong);
        // the first read's slot when it may go, else the second's
        if (r1 >>> 48 != gen || supersedes(r1, r1t, meThread, bytes, tid)) {
            c[at + RaceShadow.READ1] = me;
            c[at + RaceShadow.TAGS] = tags & 0xFFFF_FFFFL | (long) tag << 32;
        } else {
            c[at + RaceShadow.READ2] = me;
            c[at + RaceShadow.READ2_TAG] = tag;
        }
    }

    /**
     * Whether racecheck can take the weak shared read of {@code size} bytes at {@code site} by
     * lanes {@code lanes} of warp {@code warp} at {@link #laneAddresses} a word at a time
     * ({@link #readWords}) and knows that no lane's read races: the lanes' bytes lie in the CTA's
     * shared memory and pass memcheck ({@link #sharedWhole}), each lane reads inside one word at
     * the same bytes of it, no thread of the warp acquired knowledge beyond the CTA's, the warp
     * never synchronised part of its lanes, and no lane conflicts with the word's last write.
     * A read of whole words (8 to 16 bytes: a 64-bit value, a vector) whose lanes each start at a
     * word's first byte is taken as its lanes' reads of each word they span: lane by lane, each word's
     * record sees the reads of its lanes in lane order, as a word read by several lanes does.
     * It groups the lanes by word (any lanes: a run of lanes reading one word, or lanes 16 apart
     * reading one column of a tile; a full warp's lanes in the patterns tiles read in straight
     * loops, {@link #fullWarpGroups}, else {@link #groupAnyLanes}), sets the access
     * ({@link #observe}) and {@link #groupBytes} and changes nothing else; false leaves the lanes
     * to the general path.
     * <p>
     * Without that knowledge a lane of the warp knows an earlier access of thread {@code t} when
     * it is {@code t}, when {@code t}'s access came before a barrier of the whole CTA
     * ({@link #ctaKnown}) or, {@code t} in its warp, before a synchronisation of the whole warp
     * ({@link #warpBase}): the same for every lane of the warp but {@code t}'s own. So a word's
     * last write conflicts with some lane of its group exactly when neither holds and the group
     * has a lane other than the writer's.
     */
    private boolean quietReads(int warp, int lanes, int size, int site) {
        if (ctaExtra != null || warpMatrix[warp] != null) {
            return false;
        }
        long[] at = laneAddresses;
        int in = (int) (at[Integer.numberOfTrailingZeros(lanes)] & 3);
        if (size <= 0) {
            return false;
        }
        // the words each lane reads: one, or every word of an 8- or 16-byte read from a word's start
        int span = 1;
        if (in + size > 4) {
            if (in != 0 || (size & 3) != 0 || size > 4 * LANE_WORDS) {
                return false;
            }
            span = size >>> 2;
        }
        long end = shared.length - size;
        if (span == 1 && lanes == -1 && extraLanes[warp] == 0 && fullWarpGroups(end)) {
            // lanes' addresses in order: the groups are runs of lanes, found in straight loops
            if (!sharedWhole(at[0], groupHighest + size, site)) {
                return false;
            }
        } else if (span > 1 && lanes == -1 && extraLanes[warp] == 0 && wideLanesApart(size, span, end)) {
            // each word read by one lane: its groups, lane by lane, found in a straight loop
            if (!sharedWhole(at[0], at[31] + size, site)) {
                return false;
            }
        } else if (!groupAnyLanes(warp, lanes, size, in, span, end, site)) {
            return false;
        }
        int n = groups;
        observe(READ, 0, site, size, PtxStateSpace.SHARED, null);
        int bytes = span == 1 ? RaceShadow.wordBytes(in, size) : 0xF;
        groupBytes = bytes;
        int gen = accessGeneration;
        long[] c = sharedRaces.cells;
        int base = readGroupBase;
        int[] words = readGroupWords;
        int[] members = readGroupLanes;
        for (int g = 0; g < n; g++) {
            if (!lastWriteKnown(c, base + words[g], members[g], warp, bytes, gen)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the last write shared word {@code word}'s record (in {@code c}) holds cannot
     * conflict with a weak read of {@code bytes} of it by each lane of {@code group} of warp
     * {@code warp} in generation {@code gen}, the warp with no knowledge beyond its CTA's and no
     * lane matrix ({@link #quietReads}' test of one group): the write is of another generation,
     * atomic, or on other bytes, or every lane knows it directly (it came before a barrier of the
     * whole CTA, or, by a thread of the warp, before the warp's last synchronisation or by the
     * group's only lane). Changes nothing.
     */
    private boolean lastWriteKnown(long[] c, int word, int group, int warp, int bytes, int gen) {
        int at0 = word * RaceShadow.STRIDE;
        long w = c[at0 + RaceShadow.WRITE];
        int wt = (int) c[at0 + RaceShadow.TAGS];
        if (w >>> 48 != gen || RaceShadow.atomic(wt) || (RaceShadow.bytes(wt) & bytes) == 0) {
            return true;
        }
        long inCta = thread(w) - ctaFirstThread;
        int wrote = (int) (w & clockMask);
        if (inCta >= 0 && inCta < threads) {
            int writer = (int) inCta;
            // written before a barrier of the whole CTA: every lane knows it; else before the
            // warp's last synchronisation, or by the group's only lane
            return ctaKnown[writer] >= wrote
                    || writer >>> 5 == warp && (warpBase[writer] >= wrote || (group & ~(1 << (writer & 31))) == 0);
        }
        return false;
    }

    /**
     * {@link #quietReads}' grouping of lanes {@code lanes} of warp {@code warp} reading
     * {@code size} bytes at {@code site} by word, in any pattern, each found through
     * {@link #wordGroup}: a lane joins the group of each of the {@code span} words from the one
     * its address is in. True, having set {@link #groups}, {@link #groupWord} and
     * {@link #groupLanes}, when every lane reads at byte
     * {@code in} of its word, at an address between 0 and {@code end}, without knowledge of its
     * own ({@link #extra}), and the lanes' bytes pass {@link #sharedWhole}; else false.
     */
    private boolean groupAnyLanes(int warp, int lanes, int size, int in, int span, long end, int site) {
        int w0 = warp << 5;
        long[] at = laneAddresses;
        int stamp = groupStamp + 1;
        if (stamp == 1 << 31 - GROUP_INDEX_BITS) {
            Arrays.fill(wordGroup, 0);
            stamp = 1;
        }
        groupStamp = stamp;
        int[] groupOf = wordGroup;
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        int n = 0;
        // nonzero once a group's word is not the first group's (the first lane's) plus its index
        int rowStart = (int) (at[Integer.numberOfTrailingZeros(lanes)] >>> 2);
        int outOfRow = 0;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long address = at[l];
            if ((address & 3) != in || address < 0 || address > end || extra[w0 | l] != null) {
                return false;
            }
            lo = Math.min(lo, address);
            hi = Math.max(hi, address);
            int first = (int) (address >>> 2);
            for (int word = first; word < first + span; word++) {
                int g = groupOf[word];
                if (g >>> GROUP_INDEX_BITS == stamp) {
                    groupLanes[g & (1 << GROUP_INDEX_BITS) - 1] |= 1 << l;
                } else {
                    groupOf[word] = stamp << GROUP_INDEX_BITS | n;
                    outOfRow |= word - n ^ rowStart;
                    groupWord[n] = word;
                    groupLanes[n++] = 1 << l;
                }
            }
        }
        ownGroups(n);
        groupsInRow = outOfRow == 0;
        return sharedWhole(lo, hi + size, site);
    }

    /**
     * {@link #quietReads}' grouping of a full warp's reads of {@code size} bytes, {@code span}
     * whole words each, when the lanes' addresses go up in lane order with no two lanes' bytes
     * overlapping (a warp reading consecutive or strided 64-bit values): each word is read by one
     * lane, so the groups are each lane's words in turn, as {@link #groupAnyLanes} would find them.
     * True, having set {@link #groups}, {@link #groupWord} and {@link #groupLanes}, when every
     * lane reads from a word's first byte, between 0 and {@code end}; false otherwise, having set
     * nothing.
     */
    private boolean wideLanesApart(int size, int span, long end) {
        long[] at = laneAddresses;
        // sign bits: a lane below 0 or past end, or its bytes overlapping the lane before's (or below
        // them: no overflow once every address is at least 0)
        long outside = end - at[31];
        long offWord = 0;
        for (int l = 0; l < 32; l++) {
            outside |= at[l];
            offWord |= at[l];
        }
        long overlap = 0;
        for (int l = 1; l < 32; l++) {
            overlap |= at[l] - at[l - 1] - size;
        }
        if ((outside | overlap) < 0 || (offWord & 3) != 0) {
            return false;
        }
        int n = 0;
        for (int l = 0; l < 32; l++) {
            int word = (int) (at[l] >>> 2);
            for (int k = 0; k < span; k++) {
                groupWord[n] = word + k;
                groupLanes[n++] = 1 << l;
            }
        }
        ownGroups(n);
        groupsInRow = wordsInRow(groupWord, n);
        return true;
    }

    /**
     * {@link #quietReads}' grouping of a full warp's lanes by word in the two patterns tiles read
     * (matmul's {@code as[ty][k]} and {@code bs[k][tx]}, transpose's column): lane addresses that
     * do not go down in lane order, or lanes 16..31 at the addresses of lanes 0..15, which do
     * not go down ({@link #groupRuns}). The groups depend only on where each lane reads from
     * lane 0's address: a pattern one of {@link #shapes} holds (the loads of one tile from one
     * base register) takes its groups from there after one test of the lanes' offsets: lent in
     * place, their words counted from lane 0's ({@link #readGroupWords}). True, having set
     * {@link #groups}, {@link #readGroupWords} and {@link #groupHighest}, when the lanes read at
     * their first's byte of a word in such a pattern, between 0 and {@code end}; false
     * otherwise, having changed no group.
     */
    private boolean fullWarpGroups(long end) {
        long[] at = laneAddresses;
        long first = at[0];
        GroupShape known = shapes[0].holds(at) ? shapes[0] : shapes[1].holds(at) ? shapes[1] : null;
        if (known == null) {
            if (!groupRuns(end)) {
                return false;
            }
            shapes[nextShape].keep(at, groupWord, groupLanes, groups, groupHighest, groupsInRow);
            nextShape ^= 1;
            return true;
        }
        if (first < 0 || first + known.highest > end) {
            return false;
        }
        readGroupBase = (int) (first >>> 2);
        readGroupWords = known.words;
        readGroupLanes = known.lanes;
        groups = known.groups;
        groupsInRow = known.inRow;
        groupHighest = first + known.highest;
        return true;
    }

    /**
     * A pattern of a full warp's addresses that {@link #groupRuns} grouped: each lane's offset
     * from lane 0's address, and the groups it made, their words from lane 0's word and the
     * highest offset.
     */
    private static final class GroupShape {
        private final long[] offsets = new long[32];
        private final int[] words = new int[32];
        private final int[] lanes = new int[32];
        private int groups = -1;
        private long highest;
        /** Whether the groups lie on consecutive words ({@link CtaShadow#groupsInRow}). */
        private boolean inRow;

        /** Whether {@code at}, by lane, lie at this pattern's offsets from lane 0's (lanes 1 and 16 first, to refuse others fast). */
        boolean holds(long[] at) {
            long first = at[0];
            if (groups < 0 || at[1] - first != offsets[1] || at[16] - first != offsets[16]) {
                return false;
            }
            long differs = 0;
            for (int l = 0; l < 32; l++) {
                differs |= at[l] - first ^ offsets[l];
            }
            return differs == 0;
        }

        /**
         * Keeps the pattern of addresses {@code at}, by lane, and the {@code n} groups
         * {@link #groupRuns} made of them ({@code groupWord}, {@code groupLanes}, the highest
         * address {@code high}, and whether their words are consecutive, {@code inRow}).
         */
        void keep(long[] at, int[] groupWord, int[] groupLanes, int n, long high, boolean inRow) {
            long first = at[0];
            for (int l = 0; l < 32; l++) {
                offsets[l] = at[l] - first;
            }
            int word = (int) (first >>> 2);
            for (int g = 0; g < n; g++) {
                words[g] = groupWord[g] - word;
                lanes[g] = groupLanes[g];
            }
            groups = n;
            highest = high - first;
            this.inRow = inRow;
        }
    }

    /**
     * {@link #fullWarpGroups} of a pattern none of {@link #shapes} holds: lane addresses that do
     * not go down in lane order, or lanes 16..31 at the addresses of lanes 0..15, which do not go
     * down. Lanes at one address then follow each other (in the lower half) and lanes at
     * different addresses read different words (every address at the first lane's byte of its
     * word), so each group is a run of lanes (doubled into the upper half), in the order of its
     * first lane, as {@link #groupAnyLanes} finds it. True, having set {@link #groups},
     * {@link #groupWord}, {@link #groupLanes} and {@link #groupHighest}, when the lanes read at
     * their first's byte of a word, between 0 and {@code end}; false otherwise, having set nothing.
     */
    private boolean groupRuns(long end) {
        long[] at = laneAddresses;
        long first = at[0];
        // sign bits: a lane outside 0..end, or going down from the lane before (no overflow once inside)
        long outside = 0, offWord = 0, lowDown = 0, highDown = 0, apart = 0;
        for (int l = 0; l < 32; l++) {
            long a = at[l];
            outside |= a | end - a;
            offWord |= a ^ first;
        }
        if (outside < 0 || (offWord & 3) != 0) {
            return false;
        }
        for (int l = 1; l < 16; l++) {
            lowDown |= at[l] - at[l - 1];
        }
        for (int l = 16; l < 32; l++) {
            highDown |= at[l] - at[l - 1];
            apart |= at[l] ^ at[l - 16];
        }
        boolean halves = apart == 0;
        if (lowDown < 0 || !halves && highDown < 0) {
            return false;
        }
        int span = halves ? 16 : 32;
        groupHighest = at[span - 1];
        // the lanes where a run starts: lane 0, and each at another address than the lane before
        int starts = 1;
        for (int l = 1; l < span; l++) {
            long differs = at[l] ^ at[l - 1];
            starts |= (int) ((differs | -differs) >>> 63) << l;
        }
        int n = 0;
        for (int m = starts; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            // the run's lanes: from l to the next start (or the span's end)
            int next = m & m - 1;
            int upTo = next == 0 ? (span == 32 ? -1 : 0xFFFF) : next - 1 & ~next;
            groupWord[n] = (int) (at[l] >>> 2);
            groupLanes[n++] = upTo & -(1 << l);
        }
        if (halves) {
            for (int g = 0; g < n; g++) {
                groupLanes[g] |= groupLanes[g] << 16;
            }
        }
        ownGroups(n);
        groupsInRow = wordsInRow(groupWord, n);
        return true;
    }

    /**
     * Makes {@link #groupWord} and {@link #groupLanes}, base 0, the {@code n} groups of
     * {@link #quietReads} ({@link #readGroupWords}).
     */
    private void ownGroups(int n) {
        groups = n;
        readGroupBase = 0;
        readGroupWords = groupWord;
        readGroupLanes = groupLanes;
    }

    /** Whether the first {@code n} of {@code words} (at least one) are consecutive: each the one before plus 1. */
    private static boolean wordsInRow(int[] words, int n) {
        int first = words[0];
        int differs = 0;
        for (int g = 1; g < n; g++) {
            differs |= words[g] - first ^ g;
        }
        return differs == 0;
    }

    /**
     * The weak shared read of {@code size} bytes at {@code site} by lanes {@code lanes} of warp
     * {@code warp}, loading register {@code register}, when {@link #quietReads} lets racecheck
     * take it a word at a time (true): the lanes' other checks first, in lane order, then
     * {@link #readWords} (a full warp on 32 consecutive words: {@link #straightReads}). False
     * has checked nothing. A method of its own, so that
     * {@link #accesses} stays small enough for the JIT to inline the other accesses' checks.
     */
    private boolean readByWord(int warp, int lanes, int size, int site, int register) {
        if (extraLanes[warp] == 0 && wholeWordRun(lanes, size)) {
            // scan's own elements: quietReads would make 32 one-lane groups in a row and take
            // them or refuse exactly as the straight path does
            return straightReads(warp, site, register);
        }
        if (!quietReads(warp, lanes, size, site)) {
            return false;
        }
        if (groupsWritten()) {
            readsArrive(warp, lanes, register);
        } else {
            readsArriveOneByOne(warp, lanes, size, site, register);
        }
        readWords(warp);
        return true;
    }

    /**
     * What each lane of {@code lanes} of warp {@code warp} does before racecheck when it reads
     * {@code size} bytes at {@link #laneAddresses} at {@code site}, loading register
     * {@code register}, in lane order: {@link #arrive}, then initcheck ({@link #sharedInitcheck}).
     */
    private void readsArriveOneByOne(int warp, int lanes, int size, int site, int register) {
        long[] at = laneAddresses;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int tid = warp << 5 | l;
            arrive(READ, PtxStateSpace.SHARED, at[l], size, tid, register);
            sharedInitcheck(READ, at[l], size, tid, site);
        }
    }

    /**
     * {@link #readByWord} of a full warp, without knowledge of its own ({@link #extraLanes}),
     * reading a word a lane: 32 consecutive whole words from lane 0's, which starts a word
     * ({@link #fromWordInSteps}), at {@code site}, loading register {@code register}. The groups
     * {@link #quietReads} would make are lane {@code l} alone on lane 0's word plus {@code l}, so
     * its tests and updates go in straight loops at a fixed stride with no group arrays: the
     * warp's tests ({@link #quietReads}: no lane matrix or CTA knowledge, the bytes inside
     * {@link #sharedWhole}, every word's last write known, {@link #lastWriteKnown}) all before
     * anything changes, initcheck of the 128 bytes as one run (else lane by lane, as
     * {@link #readByWord}), then each word's read slots ({@link #readGroup} of its lane). True
     * having checked the read as {@link #readByWord} does; false, having changed nothing but the
     * access {@link #observe} set, when {@link #quietReads} would refuse it too.
     */
    private boolean straightReads(int warp, int site, int register) {
        long first = laneAddresses[0];
        if (ctaExtra != null || warpMatrix[warp] != null || !sharedWhole(first, first + 32 * 4, site)) {
            return false;
        }
        observe(READ, 0, site, 4, PtxStateSpace.SHARED, null);
        int gen = accessGeneration;
        long[] c = sharedRaces.cells;
        int word = (int) (first >>> 2);
        for (int l = 0; l < 32; l++) {
            if (!lastWriteKnown(c, word + l, 1 << l, warp, 0xF, gen)) {
                return false;
            }
        }
        WrittenBits bits = sharedWritten;
        if (bits == null || bits.firstUnwritten(first, 32 * 4) < 0) {
            readsArrive(warp, -1, register);
        } else {
            readsArriveOneByOne(warp, -1, 4, site, register);
        }
        int tag = RaceShadow.tag(accessSite, 0xF, false, false);
        for (int l = 0; l < 32; l++) {
            readGroup(c, word + l, 1 << l, warp, 0xF, tag, gen);
        }
        return true;
    }

    /**
     * Whether initcheck finds every byte the lanes of {@link #quietReads}' groups read written
     * (or is off): the lanes of a group read the same bytes, so one test stands for all of them,
     * and the groups' bytes are every lane's. Groups of whole words in a row ({@link #groupsInRow})
     * read one run of bytes, tested at once.
     */
    private boolean groupsWritten() {
        WrittenBits bits = sharedWritten;
        if (bits == null) {
            return true;
        }
        int base = readGroupBase;
        int[] words = readGroupWords;
        if (groupsInRow && groupBytes == 0xF) {
            return bits.firstUnwritten(4L * (base + words[0]), 4 * groups) < 0;
        }
        int in = Integer.numberOfTrailingZeros(groupBytes);
        int size = Integer.bitCount(groupBytes);
        for (int g = 0; g < groups; g++) {
            if (bits.firstUnwritten(4L * (base + words[g]) + in, size) >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #readWord} of each lane of warp {@code warp} in the groups {@link #quietReads}
     * made, a group at a time, to the same records. Lane by lane, the lanes of a group in lane
     * order take the second read's slot until one may replace the first read: the first lane when
     * the first slot is empty or every lane knows its read (its bytes among the group's), else the
     * lane of its own thread if the group has it. That lane takes the first slot, and no later
     * lane knows of its read (its clock is past every barrier and warp synchronisation, and the
     * warp has no other knowledge), so each takes the second slot, which the group's last lane
     * but the first slot's keeps.
     */
    private void readWords(int warp) {
        int gen = accessGeneration;
        long[] c = sharedRaces.cells;
        int bytes = groupBytes;
        int tag = RaceShadow.tag(accessSite, bytes, false, false);
        int base = readGroupBase;
        int[] words = readGroupWords;
        int[] members = readGroupLanes;
        for (int g = 0; g < groups; g++) {
            readGroup(c, base + words[g], members[g], warp, bytes, tag, gen);
        }
    }

    /**
     * {@link #readWords} of one group: the weak reads of {@code bytes} of shared word
     * {@code word} (its record in {@code c}) by the lanes {@code group} of warp {@code warp},
     * tagged {@code tag}, in generation {@code gen}, the warp with no knowledge beyond its CTA's
     * and no lane matrix, none of them racing ({@link #lastWriteKnown}): the record's read slots
     * as the group's lanes, in lane order, leave them.
     */
    private void readGroup(long[] c, int word, int group, int warp, int bytes, int tag, int gen) {
        int w0 = warp << 5;
        int at0 = word * RaceShadow.STRIDE;
        long r1 = c[at0 + RaceShadow.READ1];
        int first = -1;
        if (r1 >>> 48 != gen) {
            first = Integer.numberOfTrailingZeros(group);
        } else if ((RaceShadow.bytes((int) (c[at0 + RaceShadow.TAGS] >>> 32)) & ~bytes) == 0) {
            long inCta = thread(r1) - ctaFirstThread;
            int read = (int) (r1 & clockMask);
            if (inCta >= 0 && inCta < threads) {
                int reader = (int) inCta;
                boolean inWarp = reader >>> 5 == warp;
                if (ctaKnown[reader] >= read || inWarp && warpBase[reader] >= read) {
                    first = Integer.numberOfTrailingZeros(group);
                } else if (inWarp && (group & 1 << (reader & 31)) != 0) {
                    first = reader & 31;
                }
            }
        }
        if (first >= 0) {
            c[at0 + RaceShadow.READ1] = laneEpoch(w0 | first);
            c[at0 + RaceShadow.TAGS] = c[at0 + RaceShadow.TAGS] & 0xFFFF_FFFFL | (long) tag << 32;
            group &= ~(1 << first);
        }
        if (group != 0) {
            int tid = w0 | 31 - Integer.numberOfLeadingZeros(group);
            c[at0 + RaceShadow.READ2] = laneEpoch(tid);
            c[at0 + RaceShadow.READ2_TAG] = tag;
        }
    }

    /**
     * The weak global accesses {@link #observe} set, by lanes {@code lanes} of warp {@code warp}
     * at {@link #laneAddresses}, all inside allocation {@code a} between {@code lo} and
     * {@code hi}, when racecheck can take them a word at a time ({@link #straightWords} for a
     * full warp on consecutive whole words, 4, 8 or 16 bytes a lane; {@link #straightBytes} for a
     * full warp on consecutive bytes or halves from a word's first byte; {@link #quietWords}, or for a
     * read of words other threads read too {@link #quietReadWords}): the lanes' other checks
     * first, in lane order, then their words (true); false, having changed nothing.
     */
    private boolean globalWords(AllocationShadow a, int op, int size, int warp, int lanes, int site, int register, long lo,
            long hi) {
        if (lanes == -1 && (size == 4 || size == 8 || size == 16)) {
            RaceShadow straight = straightWords(a, warp, size);
            if (straight != null) {
                globalLanesBefore(a, op, size, warp, lanes, site, register, lo, hi, true);
                takeStraight(straight, warp, size);
                return true;
            }
        } else if (lanes == -1 && (size == 1 || size == 2)) {
            RaceShadow straight = straightBytes(a, size);
            if (straight != null) {
                globalLanesBefore(a, op, size, warp, lanes, site, register, lo, hi, true);
                takeStraightBytes(straight, warp, size);
                return true;
            }
        }
        RaceShadow words = quietWords(a, warp, lanes);
        boolean othersRead = false;
        if (words == null) {
            words = op == READ ? quietReadWords(a, warp, lanes) : null;
            if (words == null) {
                return false;
            }
            othersRead = true;
        }
        globalLanesBefore(a, op, size, warp, lanes, site, register, lo, hi, wordsInRun);
        if (othersRead) {
            takeReads(words, warp, lanes);
        } else {
            takeWords(words, warp);
        }
        return true;
    }

    /**
     * What {@link #globalChecks} does before racecheck, for a weak read or write by each lane of
     * {@code lanes} of warp {@code warp} at {@link #laneAddresses} inside allocation {@code a}
     * (all of it without racecheck, else what {@link #globalWords} does before the lanes' words):
     * {@link #arrive}, then initcheck ({@link #globalInitcheck}) in lane order, of all lanes at
     * once when {@code run} (their bytes, {@code lo..hi-1}, follow each other) and it finds
     * nothing. A lane's arrival and initcheck touch only that lane's held reads and register, so
     * all lanes arrive first.
     */
    private void globalLanesBefore(AllocationShadow a, int op, int size, int warp, int lanes, int site, int register, long lo,
            long hi, boolean run) {
        boolean byRun = run && (!device.initcheck || hi - a.start <= a.held
                && (op == WRITE || a.firstUnwritten(lo - a.start, (int) (hi - lo)) < 0));
        if (op == READ) {
            readsArrive(warp, lanes, register);
        } else {
            writesArrive(PtxStateSpace.GLOBAL, warp, lanes, size, register);
        }
        if (!byRun) {
            long[] at = laneAddresses;
            for (int m = lanes; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                globalInitcheck(a, op, at[l], size, warp << 5 | l, site);
            }
        } else if (device.initcheck && op == WRITE) {
            a.wrote(lo - a.start, hi - lo);
        }
    }

    /**
     * Whether the accesses of {@code size} bytes by lanes {@code lanes} at {@link #laneAddresses}
     * follow each other in lane order with no gap (each lane's first byte the one after the
     * lane before's last).
     */
    private boolean inRun(int lanes, int size) {
        long[] at = laneAddresses;
        long next = at[Integer.numberOfTrailingZeros(lanes)];
        for (int m = lanes; m != 0; m &= m - 1) {
            long address = at[Integer.numberOfTrailingZeros(m)];
            if (address != next) {
                return false;
            }
            next = address + size;
        }
        return true;
    }

    /**
     * The chunk of allocation {@code a} holding the words that the weak read or write of
     * {@code size} bytes (4, 8 or 16: a word, a 64-bit value, a vector) {@link #observe} set, by
     * every lane of warp {@code warp} at {@link #laneAddresses}, touches, when lane {@code l}
     * accesses the {@code size / 4} whole words from {@code straightIndex + l * size / 4} of one
     * chunk (a full warp on consecutive aligned words, as a kernel indexing by thread reads and
     * writes arrays) and {@link #races} would take each lane alone on each of its words, as
     * {@link #compactWord} replaces the one access of a word: no word is expanded, and a word with
     * an access in this generation holds one of the lane's own thread, not paired, and a read when
     * the lanes read (each lane's access covers its words' every byte, so it replaces the read or
     * write there, with no conflict: the thread's own). {@link #takeStraight} then does what
     * {@link #races} does; null has changed nothing but {@link #straightIndex} (the chunk may have
     * been made).
     */
    private RaceShadow straightWords(AllocationShadow a, int warp, int size) {
        // word i from the chunk's index is lane i >>> perLane's
        int perLane = Integer.numberOfTrailingZeros(size >>> 2);
        int n = 32 << perLane;
        RaceShadow s = straightChunk(a, size, n);
        if (s == null) {
            return null;
        }
        int index = straightIndex;
        long[] epochs = s.epochs;
        int gen = accessGeneration;
        long thread0 = ctaFirstThread + (warp << 5);
        boolean read = accessOp == READ;
        // 32 words at a time: the bitmaps' tests take 32
        for (int from = index; from < index + n; from += 32) {
            int live = 0;
            for (int i = 0; i < 32; i++) {
                long e = epochs[from + i];
                if (e >>> 48 == gen) {
                    if (thread(e) != thread0 + (from - index + i >>> perLane)) {
                        return null;
                    }
                    live |= 1 << i;
                } else if (RaceShadow.expanded(e)) {
                    return null;
                }
            }
            if (live != 0 && ((s.paired32(from) | (read ? s.writes32(from) : 0)) & live) != 0) {
                return null;
            }
        }
        return s;
    }

    /**
     * What {@link #races} does to chunk {@code s} for the words {@link #straightWords} found for
     * warp {@code warp}'s accesses of {@code size} bytes a lane: each lane's access replaces the
     * access of each of its words, compact, all of the word's bytes.
     */
    private void takeStraight(RaceShadow s, int warp, int size) {
        int index = straightIndex;
        long[] epochs = s.epochs;
        int w0 = warp << 5;
        int perLane = size >>> 2;
        for (int l = 0, word = index; l < 32; l++, word += perLane) {
            long me = laneEpoch(w0 | l);
            for (int k = 0; k < perLane; k++) {
                epochs[word + k] = me;
            }
        }
        int tag = weakTag(laneAddresses[0], 4);
        boolean write = accessOp != READ;
        for (int from = index; from < index + 32 * perLane; from += 32) {
            s.setCompacts32(from, tag, write);
        }
    }

    /**
     * The chunk of allocation {@code a} that holds the word of lane 0's address (made if need
     * be), with {@link #straightIndex} set to that word's index in it, when a full warp accesses
     * {@code size} bytes a lane from a word's first byte, each lane after the one before
     * ({@link #fromWordInSteps}), and the {@code n} words from there lie in the chunk; else null,
     * having changed nothing but {@link #straightIndex}.
     */
    private RaceShadow straightChunk(AllocationShadow a, int size, int n) {
        if (!fromWordInSteps(size)) {
            return null;
        }
        long word = (laneAddresses[0] - a.start) >>> 2;
        RaceShadow s = a.chunk(word);
        int index = (int) (word % AllocationShadow.CHUNK_WORDS);
        straightIndex = index;
        return index + n > s.words() ? null : s;
    }

    /**
     * The chunk of allocation {@code a} holding the words that the weak read or write of
     * {@code size} bytes (1 or 2: bytes or halves of an input, as a kernel indexing by thread
     * reads a byte array) {@link #observe} set, by every lane of a warp at {@link #laneAddresses},
     * touches, when lane {@code l} accesses the bytes from {@code l * size} of the
     * {@code 32 * size} that follow a word's first byte, all in one chunk (from word
     * {@link #straightIndex}), and none of those words is expanded or holds an access of this
     * generation: each word is then touched by {@code 4 / size} consecutive lanes on bytes no
     * other lane touches, as {@link #quietWords} takes such a word, and {@link #takeStraightBytes}
     * does what {@link #takeWords} does with the groups quietWords makes of them. Null has
     * changed nothing but {@link #straightIndex} (the chunk may have been made).
     */
    private RaceShadow straightBytes(AllocationShadow a, int size) {
        int n = 8 * size;
        RaceShadow s = straightChunk(a, size, n);
        if (s == null) {
            return null;
        }
        int index = straightIndex;
        long[] epochs = s.epochs;
        int gen = accessGeneration;
        for (int i = index; i < index + n; i++) {
            long e = epochs[i];
            if (e >>> 48 == gen || RaceShadow.expanded(e)) {
                return null;
            }
        }
        return s;
    }

    /**
     * What {@link #races} does to chunk {@code s} for the words {@link #straightBytes} found for
     * warp {@code warp}'s accesses of {@code size} bytes a lane ({@link #takeWords} of the groups
     * of {@code 4 / size} lanes on each word): reads leave each word paired, its first lane's read
     * and its last's; writes leave each word its last lane's write.
     */
    private void takeStraightBytes(RaceShadow s, int warp, int size) {
        int w0 = warp << 5;
        int perWord = 4 / size;
        int firstTag = weakTag(0, size);
        int lastBytes = RaceShadow.wordBytes(4 - size, size);
        int lastTag = weakTag(4 - size, size);
        boolean write = accessOp != READ;
        for (int lane = 0, word = straightIndex; lane < 32; lane += perWord, word++) {
            int last = w0 | lane + perWord - 1;
            if (write) {
                s.setCompact(word, laneEpoch(last), lastTag, true);
            } else {
                s.setPair(word, laneEpoch(w0 | lane), firstTag, laneEpoch(last), lastBytes);
            }
        }
    }

    /**
     * The racecheck words of allocation {@code a} that the weak read or write {@link #observe} set,
     * by lanes {@code lanes} of warp {@code warp} at {@link #laneAddresses}, touches, when
     * {@link #takeWords} can take them a word at a time and knows that no lane's access races:
     * each lane accesses inside one word, the lanes' words do not go down in lane order and lie in
     * one chunk, and each word is one of these:
     * <ul>
     * <li>touched by one lane, and compact (not paired): no access in this generation, or its one
     * access the same thread's, which this one replaces as {@link #compactWord} does (a read or
     * write of no other bytes after a read, a write after a write);
     * <li>touched by several lanes (bytes of a word read or written by consecutive lanes), and no
     * access in this generation: the lanes of one instruction are not ordered with each other
     * (every clock any thread knows of another was taken before that thread's clock ticked), so
     * reads keep the first lane's read and the last's, and writes of bytes the lane before did
     * not write keep the last lane's write.
     * </ul>
     * It groups the lanes by word ({@link #groupWord}, {@link #groupLanes}), says whether their
     * bytes follow each other ({@link #wordsInRun}) and returns the chunk, having changed nothing else; null leaves the lanes to {@link #races}.
     */
    private RaceShadow quietWords(AllocationShadow a, int warp, int lanes) {
        int size = accessSize;
        if (size <= 0 || size > 4) {
            return null;
        }
        long[] at = laneAddresses;
        int op = accessOp;
        long firstWord = (at[Integer.numberOfTrailingZeros(lanes)] - a.start) >>> 2;
        long base = firstWord - firstWord % AllocationShadow.CHUNK_WORDS;
        RaceShadow s = a.chunk(firstWord);
        long[] epochs = s.epochs;
        int gen = accessGeneration;
        int w0 = warp << 5;
        int n = 0;
        int previousBytes = 0;
        boolean run = true;
        long next = at[Integer.numberOfTrailingZeros(lanes)];
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long address = at[l];
            run &= address == next;
            next = address + size;
            int in = (int) (address & 3);
            long index = wordInChunk(a, s, base, address, size);
            if (index < 0 || n > 0 && index < groupWord[n - 1]) {
                return null;
            }
            int word = (int) index;
            int bytes = RaceShadow.wordBytes(in, size);
            long e = epochs[word];
            if (n > 0 && groupWord[n - 1] == word) {
                // another lane on the word: only a word with no access in this generation, writes of other bytes
                if (e >>> 48 == gen || RaceShadow.expanded(e) || op == WRITE && (bytes & previousBytes) != 0) {
                    return null;
                }
                groupLanes[n - 1] |= 1 << l;
            } else {
                if (RaceShadow.expanded(e) || e >>> 48 == gen && (thread(e) != ctaFirstThread + (w0 | l)
                        || s.paired(word)
                        || (s.compactWrite(word) ? op != WRITE : (RaceShadow.bytes(s.tags[word]) & ~bytes) != 0))) {
                    return null;
                }
                groupWord[n] = word;
                groupLanes[n++] = 1 << l;
            }
            previousBytes = bytes;
        }
        groups = n;
        wordsInRun = run;
        return s;
    }

    /**
     * What {@link #races} does to chunk {@code s} for each lane of warp {@code warp} in the groups
     * {@link #quietWords} made: a lane alone on its word replaces its access; lanes reading one
     * word leave it paired ({@link RaceShadow}: its full record with the first lane's read in the
     * first slot and the last's in the second, not made); lanes writing one word leave the last
     * lane's write.
     */
    private void takeWords(RaceShadow s, int warp) {
        int w0 = warp << 5;
        long[] at = laneAddresses;
        int size = accessSize;
        boolean write = accessOp != READ;
        for (int g = 0; g < groups; g++) {
            int lanes = groupLanes[g];
            int word = groupWord[g];
            int first = Integer.numberOfTrailingZeros(lanes);
            int last = 31 - Integer.numberOfLeadingZeros(lanes);
            int lane = write ? last : first;
            if (!write && first != last) {
                s.setPair(word, laneEpoch(w0 | first), weakTag(at[first], size), laneEpoch(w0 | last),
                        RaceShadow.wordBytes((int) (at[last] & 3), size));
            } else {
                s.setCompact(word, laneEpoch(w0 | lane), weakTag(at[lane], size), write);
            }
        }
    }

    /**
     * The word of chunk {@code s} of allocation {@code a}, counted from the chunk's first word
     * {@code base}, that holds all {@code size} bytes at {@code address}; -1 where they span two
     * words or lie outside the chunk.
     */
    private static long wordInChunk(AllocationShadow a, RaceShadow s, long base, long address, int size) {
        long index = (address - a.start >>> 2) - base;
        return (address & 3) + size > 4 || index < 0 || index >= s.words() ? -1 : index;
    }

    /**
     * The racecheck words of allocation {@code a} that the weak read {@link #observe} set, by
     * lanes {@code lanes} of warp {@code warp} at {@link #laneAddresses}, touches, when
     * {@link #takeReads} can take them a word at a time (for words {@link #quietWords} refuses:
     * an input read by the threads of several CTAs, words read by several lanes) and knows that no
     * lane's read races: each lane reads inside one word, the lanes' words lie in one chunk, and
     * no lane's word holds a write of this generation, not atomic, that conflicts with the lane's
     * read ({@link #readWord}'s one test: a read races with no read, and reads leave the write
     * slot as it is, so every lane meets the write its word held before the instruction). It keeps
     * each lane's word in {@link #laneWord}, says whether the lanes' bytes follow each other
     * ({@link #wordsInRun}) and returns the chunk, having changed nothing else; null leaves the
     * lanes to {@link #races}.
     */
    private RaceShadow quietReadWords(AllocationShadow a, int warp, int lanes) {
        int size = accessSize;
        if (size <= 0 || size > 4) {
            return null;
        }
        long[] at = laneAddresses;
        long next = at[Integer.numberOfTrailingZeros(lanes)];
        long firstWord = (next - a.start) >>> 2;
        long base = firstWord - firstWord % AllocationShadow.CHUNK_WORDS;
        RaceShadow s = a.chunk(firstWord);
        long[] epochs = s.epochs;
        long[] cells = s.cells;
        int gen = accessGeneration;
        int w0 = warp << 5;
        boolean run = true;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long address = at[l];
            run &= address == next;
            next = address + size;
            int in = (int) (address & 3);
            long index = wordInChunk(a, s, base, address, size);
            if (index < 0) {
                return null;
            }
            int word = (int) index;
            laneWord[l] = word;
            long e = epochs[word];
            long write;
            int writeTag;
            if (RaceShadow.expanded(e)) {
                write = cells[(int) e + RaceShadow.WRITE];
                writeTag = (int) cells[(int) e + RaceShadow.TAGS];
            } else if (s.compactWrite(word)) {
                write = e;
                writeTag = s.tags[word];
            } else {
                // one read, two (paired) or none: no write
                continue;
            }
            int tid = w0 | l;
            if (write >>> 48 == gen && !RaceShadow.atomic(writeTag)
                    && conflicts(write, writeTag, ctaFirstThread + tid, RaceShadow.wordBytes(in, size), tid)) {
                return null;
            }
        }
        wordsInRun = run;
        return s;
    }

    /**
     * What {@link #races} does to chunk {@code s} for each lane of lanes {@code lanes} of warp
     * {@code warp} that {@link #quietReadWords} took, in lane order: {@link #readWord} on its
     * word's full record, which finds nothing there. A compact word ({@link RaceShadow}) stays
     * compact where a compact form stands for the record the read leaves
     * ({@link #readCompact}: reads of one site, as the threads of several CTAs read an input);
     * else it expands as {@link #word} expands it, and the read goes to its full record.
     */
    private void takeReads(RaceShadow s, int warp, int lanes) {
        long[] at = laneAddresses;
        int size = accessSize;
        long[] epochs = s.epochs;
        int w0 = warp << 5;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int tid = w0 | l;
            int word = laneWord[l];
            long address = at[l];
            int bytes = RaceShadow.wordBytes((int) (address & 3), size);
            long me = laneEpoch(tid);
            long meThread = ctaFirstThread + tid;
            long e = epochs[word];
            if (RaceShadow.expanded(e)) {
                readWord(s.cells, (int) e, bytes, me, meThread, tid, address);
            } else if (!readCompact(s, word, e, bytes, me, meThread, tid)) {
                int record = s.expand(word);
                readWord(s.cells, record, bytes, me, meThread, tid, address);
            }
        }
    }

    /**
     * {@link #readWord} of the weak read {@link #observe} set, of {@code bytes}, by thread
     * {@code tid} (launch-wide {@code meThread}) stamped {@code me}, on compact word {@code word}
     * of {@code s} whose epoch is {@code e} and which holds no write of this generation, when the
     * record it leaves has a compact form (true, the word left in it): no access of this
     * generation (the read alone), or reads of the read's site, strength and atomicity (the one
     * read or the pair with the read in the slot readWord gives it: the first when it may replace
     * the first read, {@link #supersedes}, else the second). False has changed nothing.
     */
    private boolean readCompact(RaceShadow s, int word, long e, int bytes, long me, long meThread, int tid) {
        int tag = RaceShadow.tag(accessSite, bytes, false, false);
        if (e >>> 48 != accessGeneration) {
            s.setCompact(word, me, tag, false);
            return true;
        }
        if (s.compactWrite(word)) {
            return false;
        }
        int t = s.tags[word];
        boolean first = supersedes(e, t, meThread, bytes, tid);
        if (!s.paired(word)) {
            if (first) {
                s.setCompact(word, me, tag, false);
                return true;
            }
            if (!RaceShadow.sameKind(t, tag)) {
                return false;
            }
            s.setPair(word, e, t, me, bytes);
            return true;
        }
        if (!RaceShadow.sameKind(t, tag)) {
            return false;
        }
        if (first) {
            s.setFirst(word, me, tag);
        } else {
            s.setSecond(word, me, bytes);
        }
        return true;
    }

    /** The epoch of thread {@code tid}'s access now, in the generation {@link #observe} set. */
    private long laneEpoch(int tid) {
        return accessGenerationBits | ctaFirstThread + tid << clockBits | clock[tid];
    }

    /**
     * The tag of a weak, not atomic access at {@link #observe}'s site of {@code size} bytes at
     * {@code address}, a read's or a write's, inside one word.
     */
    private int weakTag(long address, int size) {
        return RaceShadow.tag(accessSite, RaceShadow.wordBytes((int) (address & 3), size), false, false);
    }

    /**
     * Whether the shared atomics {@link #observe} set, by lanes {@code lanes} of warp
     * {@code warp} at {@link #laneAddresses} with {@code flags}, are racechecked and neither
     * acquire nor release anything: nothing was released in shared memory (an acquire finds
     * nothing), the atomic does not release and no lane fenced (none publishes), and each lane's
     * bytes lie inside one word. {@link #sharedAtomics} then does what {@link #sharedChecks} does.
     */
    private boolean plainAtomics(int warp, int lanes, int flags) {
        if (sharedRaces == null || !launch.races || (flags & RELEASE) != 0 || !sharedSync.isEmpty()) {
            return false;
        }
        int size = accessSize;
        if (size <= 0 || (fencedLanes[warp] & lanes) != 0) {
            return false;
        }
        // the highest byte of its word a lane's access starts at
        long[] at = laneAddresses;
        long in = 0;
        if (lanes == -1) {
            // a full warp (the common case) in a straight loop
            for (int l = 0; l < 32; l++) {
                in = Math.max(in, at[l] & 3);
            }
        } else {
            for (int m = lanes; m != 0; m &= m - 1) {
                in = Math.max(in, at[Integer.numberOfTrailingZeros(m)] & 3);
            }
        }
        return in + size <= 4;
    }

    /**
     * {@link #sharedChecks} of each lane of the shared atomics {@link #plainAtomics} took, in lane
     * order, the lanes' bytes lying between {@code lo} and {@code hi}: initcheck, then the
     * atomic's word (no acquire, no release, one word). A word whose last write is another strong
     * access (an atomic of an earlier lane: histogram's bins) and which holds no read is
     * {@link #writeWord}'s without its tests ({@link #atomicAfterStrong}). When every byte from
     * {@code lo} to {@code hi} was written, initcheck finds nothing for any lane and marks nothing
     * new, and an atomic keeps no register ({@link #arrive}): one test of the range then stands
     * for the lanes' tests, which change nothing racecheck looks at.
     */
    private void sharedAtomics(int warp, int lanes, int site, long lo, long hi) {
        long[] at = laneAddresses;
        int size = accessSize;
        long[] cells = sharedRaces.cells;
        boolean written = sharedWritten == null || sharedWritten.firstUnwritten(lo, (int) (hi - lo)) < 0;
        if (written) {
            readsArrive(warp, lanes, -1);
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int tid = warp << 5 | l;
            long address = at[l];
            if (!written) {
                arrive(ATOMIC, PtxStateSpace.SHARED, address, size, tid, -1);
                sharedInitcheck(ATOMIC, address, size, tid, site);
            }
            int bytes = RaceShadow.wordBytes((int) (address & 3), size);
            long meThread = ctaFirstThread + tid;
            long me = laneEpoch(tid);
            int record = (int) (address >>> 2) * RaceShadow.STRIDE;
            if (!atomicAfterStrong(cells, record, bytes, me)) {
                writeWord(cells, record, bytes, me, meThread, tid, address, 0);
            }
        }
    }

    /**
     * {@link #writeWord} of the strong atomic {@link #observe} set, of {@code bytes}, stamped
     * {@code me}, on the full record at {@code at} of {@code c} when the record's write is
     * strong or not of this generation and neither read slot is of this generation (true): then
     * no test can find a race (two strong accesses never race; an atomic is no read's WAR), and
     * the write slot and its tag become the atomic's, the read slots and the first read's tag
     * staying as they are. False has changed nothing.
     */
    private boolean atomicAfterStrong(long[] c, int at, int bytes, long me) {
        int gen = accessGeneration;
        long tags = c[at + RaceShadow.TAGS];
        if (!accessStrong || c[at + RaceShadow.WRITE] >>> 48 == gen && !RaceShadow.strong((int) tags)
                || c[at + RaceShadow.READ1] >>> 48 == gen || c[at + RaceShadow.READ2] >>> 48 == gen) {
            return false;
        }
        c[at + RaceShadow.WRITE] = me;
        c[at + RaceShadow.TAGS] = tags & ~0xFFFF_FFFFL | RaceShadow.tag(accessSite, bytes, true, true) & 0xFFFF_FFFFL;
        return true;
    }

    /** {@link #word} of a write or atomic. */
    private void writeWord(long[] c, int at, int bytes, long me, long meThread, int tid, long address, long value) {
        int op = accessOp;
        int gen = accessGeneration;
        long w = c[at + RaceShadow.WRITE];
        long tags = c[at + RaceShadow.TAGS];
        int wt = (int) tags;
        if (w >>> 48 == gen && conflicts(w, wt, meThread, bytes, tid) && !(op == WRITE && sameValue(address, value))) {
            race(FindingKind.RACE_WAW, address, tid, w, wt);
        }
        long r1 = c[at + RaceShadow.READ1];
        int r1t = (int) (tags >>> 32);
        boolean r1Live = r1 >>> 48 == gen;
        long r2 = c[at + RaceShadow.READ2];
        int r2t = (int) c[at + RaceShadow.READ2_TAG];
        boolean r2Live = r2 >>> 48 == gen;
        if (op != ATOMIC && r1Live && conflicts(r1, r1t, meThread, bytes, tid)) {
            race(FindingKind.RACE_WAR, address, tid, r1, r1t);
        }
        if (op != ATOMIC && r2Live && conflicts(r2, r2t, meThread, bytes, tid)) {
            race(FindingKind.RACE_WAR, address, tid, r2, r2t);
        }
        recordWrite(c, at, bytes, me);
    }

    /**
     * What {@link #writeWord} leaves in the full record at {@code at} of {@code c} after its
     * tests: the write or atomic {@link #observe} set, of {@code bytes}, stamped {@code me},
     * takes the write slot; each read slot of this generation keeps the bytes the write does not
     * cover (emptied when it covers them all); a read slot of another generation stays as it is.
     */
    private void recordWrite(long[] c, int at, int bytes, long me) {
        int gen = accessGeneration;
        long tags = c[at + RaceShadow.TAGS];
        int r1t = (int) (tags >>> 32);
        boolean r1Live = c[at + RaceShadow.READ1] >>> 48 == gen;
        int r2t = (int) c[at + RaceShadow.READ2_TAG];
        boolean r2Live = c[at + RaceShadow.READ2] >>> 48 == gen;
        c[at + RaceShadow.WRITE] = me;
        int r1Tag = r1t;
        if (r1Live) {
            int left = RaceShadow.bytes(r1t) & ~bytes;
            if (left == 0) {
                c[at + RaceShadow.READ1] = 0;
            } else {
                r1Tag = r1t & ~(0xF << RaceShadow.BYTES_SHIFT) | left << RaceShadow.BYTES_SHIFT;
            }
        }
        c[at + RaceShadow.TAGS] = RaceShadow.tag(accessSite, bytes, accessOp == ATOMIC, accessStrong) & 0xFFFF_FFFFL
                | (long) r1Tag << 32;
        if (r2Live) {
            int left = RaceShadow.bytes(r2t) & ~bytes;
            if (left == 0) {
                c[at + RaceShadow.READ2] = 0;
            } else {
                c[at + RaceShadow.READ2_TAG] = r2t & ~(0xF << RaceShadow.BYTES_SHIFT) | left << RaceShadow.BYTES_SHIFT;
            }
        }
    }

    /** What an access of {@code op} ({@link #READ}, {@link #WRITE}, {@link #ATOMIC}) is in a finding. */
    private static Access.Operation operation(int op) {
        return op == READ ? Access.Operation.READ : op == WRITE ? Access.Operation.WRITE : Access.Operation.ATOMIC;
    }

    /** The thread (CTA linear index times threads per CTA plus thread index) of an epoch. */
    private long thread(long epoch) {
        return (epoch & LaunchShadow.LOW48) >>> clockBits;
    }

    /**
     * An earlier access of another thread to some of these bytes, not both strong (the access's
     * strength is {@link #observe}'s), that this thread does not know happened before.
     */
    private boolean conflicts(long epoch, int tag, long meThread, int bytes, int tid) {
        return (RaceShadow.bytes(tag) & bytes) != 0 && thread(epoch) != meThread
                && !(accessStrong && RaceShadow.strong(tag)) && !knows(epoch, tid);
    }

    /** A recorded read a new read of {@code bytes} may replace: the same thread's or one ordered before it, on no other byte. */
    private boolean supersedes(long epoch, int tag, long meThread, int bytes, int tid) {
        return (RaceShadow.bytes(tag) & ~bytes) == 0 && (thread(epoch) == meThread || knows(epoch, tid));
    }

    /**
     * The first part of {@link #knows}, which needs no lane matrix or acquired knowledge: whether
     * thread {@code tid} knows clock {@code c} of thread {@code otherTid} of this CTA because it is
     * that thread, a barrier of the whole CTA came after it, or a synchronisation of their warp did.
     */
    private boolean knowsDirectly(int otherTid, int c, int tid) {
        return otherTid == tid || ctaKnown[otherTid] >= c || otherTid >>> 5 == tid >>> 5 && warpBase[otherTid] >= c;
    }

    /** Whether thread {@code tid} of this CTA knows that the access stamped {@code epoch} happened before its next one. */
    private boolean knows(long epoch, int tid) {
        long thread = thread(epoch);
        int c = (int) (epoch & clockMask);
        long inCta = thread - ctaFirstThread;
        if (inCta >= 0 && inCta < threads) {
            // a thread of this CTA (no division for the common case)
            int otherTid = (int) inCta;
            if (knowsDirectly(otherTid, c, tid)) {
                return true;
            }
            if (otherTid >>> 5 == tid >>> 5) {
                int[] m = warpMatrix[tid >>> 5];
                if (m != null && m[(tid & 31) << 5 | otherTid & 31] >= c) {
                    return true;
                }
            }
            return (extra[tid] != null || ctaExtra != null) && knowsBeyond(cta, otherTid, c, tid);
        }
        // a thread of another CTA: known only from what this one acquired (no division without it)
        return (extra[tid] != null || ctaExtra != null)
                && knowsBeyond((int) (thread / threads), (int) (thread % threads), c, tid);
    }

    /**
     * The rest of {@link #knows}, in a method of its own so that the common part inlines: whether
     * thread {@code tid} knows clock {@code c} of thread {@code otherTid} of CTA {@code otherCta}
     * from what it acquired or what the CTA's partial barriers joined.
     */
    private boolean knowsBeyond(int otherCta, int otherTid, int c, int tid) {
        Knowledge k = extra[tid];
        if (k != null && k.get(otherCta, otherTid) >= c) {
            return true;
        }
        k = ctaExtra;
        return k != null && k.get(otherCta, otherTid) >= c;
    }

    /** Whether the access's write of {@code value} at {@code address} leaves the bytes as they are (a write of the same value races with nothing harmful). */
    private boolean sameValue(long address, long value) {
        int size = accessSize;
        if (size > 8) {
            return false;
        }
        byte[] now = accessSpace == PtxStateSpace.SHARED ? Arrays.copyOfRange(shared, (int) address, (int) address + size)
                : device.read(address, size);
        for (int k = 0; k < size; k++) {
            if (now[k] != (byte) (value >>> 8 * k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A race of the access {@link #observe} set, by thread {@code tid} at {@code address}, with the
     * earlier access stamped {@code otherEpoch} and {@code otherTag}.
     */
    private void race(FindingKind kind, long address, int tid, long otherEpoch, int otherTag) {
        PtxStateSpace space = accessSpace;
        int size = accessSize;
        int site = accessSite;
        AllocationShadow a = accessAllocation;
        Access.Operation op = kind == FindingKind.RACE_RAW ? Access.Operation.READ
                : accessOp == ATOMIC ? Access.Operation.ATOMIC : Access.Operation.WRITE;
        int theirSite = RaceShadow.site(otherTag);
        long thread = thread(otherEpoch);
        Access.Operation theirs = kind == FindingKind.RACE_WAR ? Access.Operation.READ
                : RaceShadow.atomic(otherTag) ? Access.Operation.ATOMIC : Access.Operation.WRITE;
        launch.report(kind, space, site, theirSite, variableKey(space, address, a),
                () -> launch.finding(kind, space, address, size, variable(space, address, a),
                        launch.access(op, cta, tid, site),
                        launch.access(theirs, thread / threads, (int) (thread % threads), theirSite), null));
    }

    // ------------------------------------------------------------------ synchronisation

    /** A strong read or atomic of thread {@code tid} acquires what was released at its address. */
    private void acquire(Knowledge k, int tid) {
        if (k != null && k != lastAcquired[tid]) {
            extra[tid] = Knowledge.join(extra[tid], k);
            extraLanes[tid >>> 5] |= 1 << (tid & 31);
            lastAcquired[tid] = k;
        }
    }

    /** What thread {@code tid} knows now, its own clock included; its segment ends. */
    private Knowledge release(int tid) {
        int[] d = ctaKnown.clone();
        int w = tid >>> 5;
        int[] m = warpMatrix[w];
        for (int l = 0; l < 32; l++) {
            int t = w << 5 | l;
            d[t] = Math.max(d[t], warpBase[t]);
            if (m != null) {
                d[t] = Math.max(d[t], m[(tid & 31) << 5 | l]);
            }
        }
        d[tid] = clock[tid];
        Knowledge k = Knowledge.join(Knowledge.join(Knowledge.of(cta, d), ctaExtra), extra[tid]);
        tick(tid);
        return k;
    }

    private void tick(int tid) {
        if (++clock[tid] >= clockMask) {
            clockRanOut(tid);
        }
    }

    /** {@link #tick} for the 32 threads of warp {@code warp}, in lane order, in a loop of its own the JIT can unroll. */
    private void tickWarp(int warp) {
        int w0 = warp << 5;
        boolean exhausted = false;
        for (int tid = w0; tid < w0 + 32; tid++) {
            exhausted |= ++clock[tid] >= clockMask;
        }
        if (exhausted) {
            for (int tid = w0; tid < w0 + 32; tid++) {
                if (clock[tid] >= clockMask) {
                    clockRanOut(tid);
                }
            }
        }
    }

    /** Thread {@code tid}'s clock ran out: racecheck stops, the clock starts again. */
    private void clockRanOut(int tid) {
        launch.clocksExhausted(cta, tid);
        clock[tid] = 1;
        clocksWrapped = true;
    }

    /** Lanes {@code lanes} of warp {@code warp} executed a fence: their next strong write or atomic releases. */
    public void fence(int warp, int lanes) {
        fencedLanes[warp] |= lanes;
    }

    /**
     * Lanes {@code lanes} of warp {@code warp} arrive at barrier {@code id} at {@code site};
     * {@code waits}: bar.sync or bar.red (bar.arrive does not wait); {@code sameInstruction}: an
     * aligned barrier of the whole CTA ({@code __syncthreads}), which every thread must reach at
     * this instruction. {@code lanesAgree}: whether they all named the same barrier and count.
     */
    public void barrierArrive(int warp, int lanes, int id, boolean waits, boolean sameInstruction, boolean lanesAgree,
            int site) {
        if (id < 0 || id >= BARRIERS) {
            return;
        }
        if (device.synccheck && !lanesAgree) {
            int lane = Integer.numberOfTrailingZeros(lanes);
            launch.report(FindingKind.BARRIER_MISMATCH, null, site, -1, -1,
                    () -> launch.finding(FindingKind.BARRIER_MISMATCH, null, 0, 0, null,
                            launch.access(Access.Operation.BARRIER, cta, warp << 5 | lane, site), null,
                            "the lanes of warp " + warp + " name different barriers or thread counts"));
        }
        if (arrivalClock[id] == null) {
            arrivalClock[id] = new int[clock.length];
            arrivedLanes[id] = new int[warps];
            waitingLanes[id] = new int[warps];
        }
        if (lanes == -1) {
            // a whole warp (the common case): the lane loop below in straight loops
            System.arraycopy(clock, warp << 5, arrivalClock[id], warp << 5, 32);
            tickWarp(warp);
        } else {
            for (int m = lanes; m != 0; m &= m - 1) {
                int tid = warp << 5 | Integer.numberOfTrailingZeros(m);
                arrivalClock[id][tid] = clock[tid];
                tick(tid);
            }
        }
        arrivedLanes[id][warp] |= lanes;
        if (waits) {
            waitingLanes[id][warp] |= lanes;
        }
        int first = warp << 5 | Integer.numberOfTrailingZeros(lanes);
        if (!sameInstruction) {
            return;
        }
        if (firstSite[id] < 0) {
            firstSite[id] = site;
            firstThread[id] = first;
        } else if (site != firstSite[id] && otherSite[id] < 0) {
            otherSite[id] = site;
            otherThread[id] = first;
        }
    }

    /** Barrier {@code id} completed in a CTA with {@code liveThreads} live threads: its waiting threads go on. */
    public void barrierReleased(int id, int liveThreads) {
        if (id < 0 || id >= BARRIERS || arrivalClock[id] == null) {
            return;
        }
        if (device.synccheck && otherSite[id] >= 0) {
            int s1 = firstSite[id], s2 = otherSite[id], t1 = firstThread[id], t2 = otherThread[id];
            launch.report(FindingKind.DIVERGENT_BARRIER, null, Math.min(s1, s2), Math.max(s1, s2), id,
                    () -> launch.finding(FindingKind.DIVERGENT_BARRIER, null, 0, 0, null,
                            launch.access(Access.Operation.BARRIER, cta, t1, s1),
                            launch.access(Access.Operation.BARRIER, cta, t2, s2),
                            "barrier " + id + " completed with threads waiting at different barrier instructions: "
                                    + "the threads of the CTA took different paths to it"));
        }
        int[] arrived = arrivedLanes[id];
        int[] waiting = waitingLanes[id];
        int[] at = arrivalClock[id];
        int count = 0;
        boolean allWait = true;
        for (int w = 0; w < warps; w++) {
            count += Integer.bitCount(arrived[w]);
            allWait &= arrived[w] == waiting[w];
        }
        if (allWait && count >= liveThreads) {
            // every live thread took part: what each did before it, all know after it
            if (count == threads && !clocksWrapped) {
                // every thread of the CTA, each at a clock past the one it had at the last such
                // barrier (clocks only grow): the maxima are the arrival clocks, taken whole; the
                // old array holds the next arrivals, each written before it is read
                arrivalClock[id] = ctaKnown;
                ctaKnown = at;
            } else {
                for (int w = 0; w < warps; w++) {
                    for (int m = arrived[w]; m != 0; m &= m - 1) {
                        int tid = w << 5 | Integer.numberOfTrailingZeros(m);
                        ctaKnown[tid] = Math.max(ctaKnown[tid], at[tid]);
                    }
                }
            }
            Knowledge joined = ctaExtra;
            for (int w = 0; w < warps; w++) {
                for (int m = arrived[w] & extraLanes[w]; m != 0; m &= m - 1) {
                    joined = Knowledge.join(joined, extra[w << 5 | Integer.numberOfTrailingZeros(m)]);
                }
            }
            ctaExtra = joined;
        } else {
            int[] d = new int[clock.length];
            Knowledge joined = null;
            for (int w = 0; w < warps; w++) {
                for (int m = arrived[w]; m != 0; m &= m - 1) {
                    int tid = w << 5 | Integer.numberOfTrailingZeros(m);
                    d[tid] = at[tid];
                    joined = Knowledge.join(joined, extra[tid]);
                }
            }
            Knowledge k = Knowledge.join(Knowledge.of(cta, d), joined);
            for (int w = 0; w < warps; w++) {
                for (int m = waiting[w]; m != 0; m &= m - 1) {
                    int tid = w << 5 | Integer.numberOfTrailingZeros(m);
                    extra[tid] = Knowledge.join(extra[tid], k);
                }
                extraLanes[w] |= waiting[w];
            }
        }
        clearBarrier(id);
    }

    private void clearBarrier(int id) {
        if (arrivedLanes[id] != null) {
            Arrays.fill(arrivedLanes[id], 0);
            Arrays.fill(waitingLanes[id], 0);
        }
        firstSite[id] = -1;
        otherSite[id] = -1;
    }

    /**
     * Lanes {@code lanes} of warp {@code warp} execute a warp synchronisation ({@code bar.warp.sync},
     * {@code shfl/vote/match/redux.sync}) naming {@code mask} at {@code site}; {@code masksAgree}:
     * whether every lane gave the same mask; {@code live}: the warp's lanes that have not exited.
     */
    public void warpSync(int warp, int lanes, int mask, boolean masksAgree, int live, int site) {
        if (device.synccheck) {
            warpSyncCheck(warp, lanes, mask, masksAgree, live, site);
        }
        int w0 = warp << 5;
        int named = mask & live | lanes;
        if (lanes == live && (named & ~lanes) == 0) {
            if (lanes == -1) {
                // every lane of a full warp (the common case): the loop below in a straight copy
                System.arraycopy(clock, w0, warpBase, w0, 32);
            } else {
                for (int m = lanes; m != 0; m &= m - 1) {
                    int tid = w0 | Integer.numberOfTrailingZeros(m);
                    warpBase[tid] = clock[tid];
                }
            }
        } else {
            int[] mx = warpMatrix[warp];
            if (mx == null) {
                mx = new int[32 * 32];
                warpMatrix[warp] = mx;
            }
            for (int m2 = lanes; m2 != 0; m2 &= m2 - 1) {
                int l2 = Integer.numberOfTrailingZeros(m2);
                for (int m1 = named; m1 != 0; m1 &= m1 - 1) {
                    int l1 = Integer.numberOfTrailingZeros(m1);
                    mx[l2 << 5 | l1] = Math.max(mx[l2 << 5 | l1], clock[w0 | l1]);
                }
            }
        }
        Knowledge joined = null;
        for (int m = lanes & extraLanes[warp]; m != 0; m &= m - 1) {
            joined = Knowledge.join(joined, extra[w0 | Integer.numberOfTrailingZeros(m)]);
        }
        if (joined == null) {
            // no lane acquired anything beyond its CTA (the common case): the clocks only
            if (lanes == -1) {
                tickWarp(warp);
            } else {
                for (int m = lanes; m != 0; m &= m - 1) {
                    tick(w0 | Integer.numberOfTrailingZeros(m));
                }
            }
            return;
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int tid = w0 | Integer.numberOfTrailingZeros(m);
            extra[tid] = Knowledge.join(extra[tid], joined);
            tick(tid);
        }
        extraLanes[warp] |= lanes;
    }

    private void warpSyncCheck(int warp, int lanes, int mask, boolean masksAgree, int live, int site) {
        int lane = Integer.numberOfTrailingZeros(lanes);
        int tid = warp << 5 | lane;
        if (!masksAgree) {
            warpSyncFinding(tid, site, "the lanes of warp " + warp + " give different member masks");
        }
        int outside = lanes & ~mask;
        if (outside != 0) {
            warpSyncFinding(tid, site, "lanes " + LaneMasks.describe(outside) + " execute it but are not in its mask 0x"
                    + Integer.toHexString(mask));
        }
        int gone = mask & ~lanes & ~live;
        if (gone != 0) {
            warpSyncFinding(tid, site, "its mask 0x" + Integer.toHexString(mask) + " names lanes " + LaneMasks.describe(gone)
                    + ", which have exited or hold no thread");
        }
        owedLanes[warp] &= ~lanes;
        int diverged = mask & ~lanes & live;
        if (diverged != 0 && owedLanes[warp] == 0) {
            owedLanes[warp] = diverged;
            syncedLanes[warp] = lanes;
            owedSite[warp] = site;
        }
    }

    private void warpSyncFinding(int tid, int site, String detail) {
        launch.report(FindingKind.WARP_SYNC_MASK, null, site, -1, -1, () -> launch.finding(FindingKind.WARP_SYNC_MASK,
                null, 0, 0, null, launch.access(Access.Operation.WARP_SYNC, cta, tid, site), null, detail));
    }

    /**
     * Warp {@code warp} runs lanes {@code lanes} together again (a branch reconverged): lanes that
     * an earlier warp synchronisation waited for and that arrive together with its lanes without
     * having synchronised never arrived.
     */
    public void reconverged(int warp, int lanes) {
        int owed = owedLanes[warp];
        if (owed != 0 && (lanes & owed) != 0 && (lanes & syncedLanes[warp]) != 0) {
            owedLanes[warp] = 0;
            warpSyncFinding(warp << 5 | Integer.numberOfTrailingZeros(syncedLanes[warp]), owedSite[warp], "its mask names lanes "
                    + LaneMasks.describe(owed & lanes) + ", which reached the reconvergence point without executing a warp synchronisation");
        }
    }

    /** Lanes {@code lanes} of warp {@code warp} exited. */
    public void exited(int warp, int lanes) {
        for (int m = lanes; m != 0; m &= m - 1) {
            flush(warp << 5 | Integer.numberOfTrailingZeros(m));
        }
        int owed = owedLanes[warp];
        if (device.synccheck && (owed & lanes) != 0) {
            owedLanes[warp] = 0;
            warpSyncFinding(warp << 5 | Integer.numberOfTrailingZeros(syncedLanes[warp]), owedSite[warp], "its mask names lanes "
                    + LaneMasks.describe(owed & lanes) + ", which exited without executing a warp synchronisation");
        }
    }

    // ------------------------------------------------------------------ initcheck and memcheck

    /**
     * A read of unwritten bytes, held until the thread's next writes show what it was: a
     * read-modify-write of the same bytes (a bit-field store, which reads the word around it) or,
     * in local memory, a copy of the value to other local bytes (a struct with an unset member
     * copied as a whole, as -G code does) is no finding; anything else is, when the thread exits
     * or holds more such reads than it can keep.
     */
    private record PendingRead(PtxStateSpace space, int op, long address, int size, long firstUnwritten, int site,
            AllocationShadow allocation, int register) {
    }

    /** Reads of one thread a later write may still explain: at most this many. */
    private static final int PENDING = 4;

    /** Thread {@code tid}'s write of {@code size} bytes at {@code address} of {@code space}, from {@code register}, explains which of its held reads. */
    private void settle(int tid, PtxStateSpace space, long address, int size, int register) {
        List<PendingRead> waiting = pending[tid];
        waiting.removeIf(p -> p.space() == space && address <= p.address() && p.address() + p.size() <= address + size
                || space == PtxStateSpace.LOCAL && p.space() == PtxStateSpace.LOCAL && register >= 0
                        && p.register() == register);
        if (waiting.isEmpty()) {
            heldLanes[tid >>> 5] &= ~(1 << tid);
        }
    }

    /** Reports the held reads of thread {@code tid}. */
    private void flush(int tid) {
        List<PendingRead> waiting = pending[tid];
        if (waiting == null) {
            return;
        }
        for (PendingRead p : waiting) {
            report(p, tid);
        }
        waiting.clear();
        heldLanes[tid >>> 5] &= ~(1 << tid);
    }

    private void uninitialized(PtxStateSpace space, int op, long address, int size, long firstUnwritten, int tid, int site,
            AllocationShadow a) {
        PendingRead read = new PendingRead(space, op, address, size, firstUnwritten, site, a, lastRegister[tid]);
        if (op != READ) {
            report(read, tid);
            return;
        }
        if (pending[tid] == null) {
            pending[tid] = new ArrayList<>(PENDING);
        }
        if (pending[tid].size() == PENDING) {
            report(pending[tid].remove(0), tid);
        }
        pending[tid].add(read);
        heldLanes[tid >>> 5] |= 1 << tid;
    }

    private void report(PendingRead p, int tid) {
        PtxStateSpace space = p.space();
        long address = p.address();
        int size = p.size();
        long firstUnwritten = p.firstUnwritten();
        int site = p.site();
        int op = p.op();
        AllocationShadow a = p.allocation();
        Access.Operation o = op == ATOMIC ? Access.Operation.ATOMIC : Access.Operation.READ;
        launch.report(FindingKind.UNINITIALIZED_READ, space, site, -1, variableKey(space, address, a),
                () -> launch.finding(FindingKind.UNINITIALIZED_READ, space, address, size, variable(space, address, a),
                        launch.access(o, cta, tid, site), null, firstUnwritten == address ? null
                                : "its first unwritten byte is at " + (space == PtxStateSpace.GLOBAL ? "0x" : "offset 0x")
                                        + Long.toHexString(firstUnwritten)));
    }

    private void pastSharedVariable(int op, long address, int size, int tid, int site) {
        SharedVariables.Variable v = launch.shared.at(address);
        SharedVariables.Variable before = v != null ? v : launch.shared.before(address);
        SharedVariables.Variable after = launch.shared.after(address);
        String detail;
        if (v != null) {
            detail = "the access runs " + (address + size - v.end()) + " bytes past the end of " + v.name() + " ("
                    + (v.end() - v.start()) + " bytes)";
        } else if (before != null && (after == null || address - before.end() <= after.start() - address - size)) {
            detail = (address - before.end()) + " bytes past the end of " + before.name() + " (" + (before.end() - before.start())
                    + " bytes)";
        } else if (after != null) {
            detail = (after.start() - address) + " bytes before the start of " + after.name();
        } else {
            detail = "outside every shared variable of the kernel";
        }
        String name = (v != null ? v : before != null ? before : after) == null ? null
                : (v != null ? v : before != null ? before : after).name();
        Access.Operation o = operation(op);
        long key = before != null ? launch.shared.key(before.start()) : -1;
        launch.report(FindingKind.PAST_END, PtxStateSpace.SHARED, site, -1, key, () -> launch.finding(FindingKind.PAST_END,
                PtxStateSpace.SHARED, address, size, name, launch.access(o, cta, tid, site), null, detail));
    }

    /**
     * An access inside one shared variable whose address the code computed from another: it ran
     * past the end of {@code base} (or before its start) into the variable that follows.
     */
    private void intoAnotherSharedVariable(int op, long address, int size, int tid, int site, SharedVariables.Variable base) {
        SharedVariables.Variable v = launch.shared.at(address);
        String detail = (address >= base.end() ? "its address is computed from " + base.name() + " ("
                + (base.end() - base.start()) + " bytes) and lies " + (address - base.end()) + " bytes past its end"
                : "its address is computed from " + base.name() + " and lies " + (base.start() - address)
                        + " bytes before its start") + ", in " + (v == null ? "no variable" : v.name());
        Access.Operation o = operation(op);
        launch.report(FindingKind.PAST_END, PtxStateSpace.SHARED, site, -1, launch.shared.key(base.start()),
                () -> launch.finding(FindingKind.PAST_END, PtxStateSpace.SHARED, address, size, base.name(),
                        launch.access(o, cta, tid, site), null, detail));
    }

    private void heapAccess(int op, long address, int size, int tid, int site) {
        Map.Entry<Long, HeapBlock> e = device.heapBlocks.floorEntry(address);
        HeapBlock b = e == null ? null : e.getValue();
        Access.Operation o = operation(op);
        if (b != null && address < b.start + b.granted) {
            if (!b.live()) {
                launch.report(FindingKind.USE_AFTER_FREE, PtxStateSpace.GLOBAL, site, -1, b.start,
                        () -> launch.finding(FindingKind.USE_AFTER_FREE, PtxStateSpace.GLOBAL, address, size, b.describe(),
                                launch.access(o, cta, tid, site), b.freedBy, "the block was freed"));
            } else if (address + size > b.start + b.requested) {
                launch.report(FindingKind.PAST_END, PtxStateSpace.GLOBAL, site, -1, b.start,
                        () -> launch.finding(FindingKind.PAST_END, PtxStateSpace.GLOBAL, address, size, b.describe(),
                                launch.access(o, cta, tid, site), null, "the access runs "
                                        + (address + size - b.start - b.requested) + " bytes past the end of the block"));
            }
            return;
        }
        launch.report(FindingKind.PAST_END, PtxStateSpace.GLOBAL, site, -1, b == null ? -1 : b.start,
                () -> launch.finding(FindingKind.PAST_END, PtxStateSpace.GLOBAL, address, size,
                        b == null ? "the device heap" : b.describe(), launch.access(o, cta, tid, site), null,
                        b == null ? "inside the device heap but in no block it handed out"
                                : (address - b.start - b.requested) + " bytes past the end of the block"));
    }

    /** An access that runs past the bytes the program holds of {@code a}, a pool's block handed out for less than the block. */
    private void pastHeld(int op, long address, int size, int tid, int site, AllocationShadow a) {
        Access.Operation o = operation(op);
        String detail = pastEnd(address, size, a.start, a.held) + " (its memory pool's block holds " + a.size + " bytes)";
        launch.report(FindingKind.PAST_END, PtxStateSpace.GLOBAL, site, -1, a.start,
                () -> launch.finding(FindingKind.PAST_END, PtxStateSpace.GLOBAL, address, size, a.describe(),
                        launch.access(o, cta, tid, site), null, detail));
    }

    /** Where an access of {@code size} bytes at {@code address} lies past the {@code held} bytes from {@code start}. */
    private static String pastEnd(long address, long size, long start, long held) {
        long after = address - start - held;
        return after < 0 ? "the access runs " + (address + size - start - held) + " bytes past the end of the " + held
                + "-byte allocation"
                : after == 0 ? "the access starts at the end of the " + held + "-byte allocation"
                : "the access starts " + after + " bytes past the end of the " + held + "-byte allocation";
    }

    /** Thread {@code warp/lane}'s kernel called malloc at {@code site}: {@code requested} bytes at {@code address}, {@code granted} with the red zone. */
    public void heapAllocated(long address, long requested, long granted, int warp, int lane, int site) {
        if (address == 0) {
            return;
        }
        HeapBlock b = new HeapBlock(address, requested, granted,
                launch.access(Access.Operation.ALLOCATION, cta, warp << 5 | lane, site), launch.kernel.name(), launch.launch);
        device.heapBlocks.subMap(address, true, address + granted, false).clear();
        Map.Entry<Long, HeapBlock> before = device.heapBlocks.floorEntry(address);
        if (before != null && before.getValue().start + before.getValue().granted > address) {
            device.heapBlocks.remove(before.getKey());
        }
        device.heapBlocks.put(address, b);
        if (device.heapRegion != null) {
            device.heapRegion.unwrite(address - device.heapRegion.start, granted);
            // the allocator orders a block's new owner after its last one: earlier accesses race with nothing
            device.heapRegion.forgetRaces(address - device.heapRegion.start, granted);
        }
    }

    /** Thread {@code warp/lane}'s kernel calls free({@code address}) at {@code site}: a double or invalid free is a finding. */
    public void heapFree(long address, int warp, int lane, int site) {
        if (address == 0) {
            return;
        }
        int tid = warp << 5 | lane;
        Access me = launch.access(Access.Operation.FREE, cta, tid, site);
        HeapBlock b = device.heapBlocks.get(address);
        if (b != null && b.live()) {
            b.freedBy = me;
            return;
        }
        if (!device.memcheck) {
            return;
        }
        if (b != null) {
            launch.report(FindingKind.DOUBLE_FREE, PtxStateSpace.GLOBAL, site, -1, address,
                    () -> launch.finding(FindingKind.DOUBLE_FREE, PtxStateSpace.GLOBAL, address, b.requested, b.describe(), me,
                            b.freedBy, "the block was freed before"));
        } else {
            launch.report(FindingKind.INVALID_FREE, PtxStateSpace.GLOBAL, site, -1, address,
                    () -> launch.finding(FindingKind.INVALID_FREE, PtxStateSpace.GLOBAL, address, 0, null, me, null,
                            "0x" + Long.toHexString(address) + " is not the start of a device-heap block"));
        }
    }

    /** The launch faulted at {@code site} (the faulting instruction, -1 when none): memcheck and synccheck classify it. */
    public void fault(Fault f, int site) {
        FindingKind kind = switch (f.kind()) {
            case OUT_OF_BOUNDS -> FindingKind.OUT_OF_BOUNDS;
            case MISALIGNED -> FindingKind.MISALIGNED;
            case READ_ONLY -> FindingKind.READ_ONLY_WRITE;
            case DEADLOCK -> FindingKind.BARRIER_DEADLOCK;
            case ILLEGAL_INSTRUCTION -> f.instruction() != null && f.instruction().startsWith("bar")
                    ? FindingKind.BARRIER_MISMATCH : null;
            default -> null;
        };
        if (kind == null || !device.tools().contains(kind.tool())) {
            return;
        }
        String variable = null;
        String detail = f.detail();
        FindingKind k = kind;
        long key = -1;
        if (kind == FindingKind.OUT_OF_BOUNDS && f.space() == PtxStateSpace.GLOBAL) {
            AllocationShadow freed = device.freedAt(f.address());
            AllocationShadow before = device.before(f.address());
            if (freed != null && (before == null || before.start + before.size <= f.address())) {
                k = FindingKind.USE_AFTER_FREE;
                variable = freed.describe();
                detail = "the allocation was freed";
                key = freed.start;
            } else if (before != null && f.address() - (before.start + before.size) < 4096) {
                // cudaMalloc hands out whole 256-byte granules: up to the granule's end an access
                // past the allocation stays in device memory on a GPU, where only a checker sees it
                long granuleEnd = (before.start + before.size + GlobalMemory.ALIGN - 1) & -GlobalMemory.ALIGN;
                if (f.address() < granuleEnd) {
                    k = FindingKind.PAST_END;
                }
                variable = before.describe();
                // named by what the program holds of it (a pool's block handed out for less than the block)
                detail = pastEnd(f.address(), f.size(), before.start, before.held);
                key = before.start;
            }
        } else if (f.space() == PtxStateSpace.SHARED) {
            SharedVariables.Variable v = launch.shared.before(f.address() + 1);
            variable = v == null ? null : v.name();
        }
        FindingKind reported = k;
        String name = variable;
        String why = detail;
        Access.Operation op = kind == FindingKind.BARRIER_DEADLOCK || kind == FindingKind.BARRIER_MISMATCH
                ? Access.Operation.BARRIER : f.instruction() != null && f.instruction().startsWith("st")
                        ? Access.Operation.WRITE : Access.Operation.READ;
        Access at = new Access(op, f.cta(), f.warp(), f.lane(), f.thread(), f.function(), f.ptxLine(), f.source(),
                f.instruction());
        launch.report(reported, f.space(), site, -1, key, () -> launch.finding(reported, f.space(), f.address(),
                f.size(), name, at, null, why));
    }

    // ------------------------------------------------------------------ naming

    private long variableKey(PtxStateSpace space, long address, AllocationShadow a) {
        return switch (space) {
            case GLOBAL -> a == null ? -1 : a.heap ? heapBlockStart(address) : a.start;
            case SHARED -> launch.shared.key(address);
            default -> -1;
        };
    }

    private long heapBlockStart(long address) {
        Map.Entry<Long, HeapBlock> e = device.heapBlocks.floorEntry(address);
        return e == null ? -1 : e.getKey();
    }

    /** What the bytes at {@code address} belong to, in words. */
    private String variable(PtxStateSpace space, long address, AllocationShadow a) {
        switch (space) {
            case GLOBAL: {
                if (a == null) {
                    return null;
                }
                if (a.heap) {
                    Map.Entry<Long, HeapBlock> e = device.heapBlocks.floorEntry(address);
                    if (e != null && address < e.getKey() + e.getValue().granted) {
                        return e.getValue().describe() + ", byte " + (address - e.getKey());
                    }
                }
                return a.describe() + ", byte " + (address - a.start);
            }
            case SHARED: {
                SharedVariables.Variable v = launch.shared.at(address);
                return v == null ? null : v.name() + ", byte " + (address - v.start());
            }
            default:
                return null;
        }
    }
}
