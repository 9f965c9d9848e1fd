package org.gpumem.sim.shadow;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.memory.GlobalMemory;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The memory checks of one device: its global allocations with their shadow state (initcheck's
 * written bytes, kept across launches; racecheck's words, per launch), the allocations it freed
 * (to name a use after free), the device heap's blocks, and the findings of every launch,
 * identical ones counted. It observes the device's global memory (allocations, frees, writes
 * through the device); each launch makes a {@link LaunchShadow}. Used by the thread that
 * allocates and launches; the findings may be read from any thread.
 */
public final class DeviceShadow implements MemoryChecker, GlobalMemory.Observer {
    /** Freed allocations kept to name a use after free. */
    private static final int FREED_KEPT = 4096;
    /** Generations of racecheck epochs before they wrap (16 bits, 0 unused). */
    static final int GENERATIONS = 0xFFFF;

    private final Set<CheckTool> tools;
    final boolean memcheck, racecheck, initcheck, synccheck, leakcheck;
    private final TreeMap<Long, AllocationShadow> live = new TreeMap<>();
    private final LinkedHashMap<Long, AllocationShadow> freed = new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, AllocationShadow> eldest) {
            return size() > FREED_KEPT;
        }
    };
    /** The live allocations as sorted arrays, rebuilt after a change: what accesses search. */
    private long[] starts = new long[0];
    private long[] ends = new long[0];
    private AllocationShadow[] byStart = new AllocationShadow[0];
    private boolean changed;
    /** Device-heap blocks by start, live and freed (a freed block stays until its bytes are handed out again). */
    final TreeMap<Long, HeapBlock> heapBlocks = new TreeMap<>();
    AllocationShadow heapRegion;
    private final Map<PtxModule, Sites> sites = new IdentityHashMap<>();
    private int launches;
    private int generation;
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private final List<Finding> fresh = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private boolean finished;

    private final GlobalMemory global;

    /** Checks with {@code tools} on {@code global}, which this shadow observes from now on. */
    public DeviceShadow(Set<CheckTool> tools, GlobalMemory global) {
        this.global = global;
        this.tools = Collections.unmodifiableSet(tools.isEmpty() ? EnumSet.noneOf(CheckTool.class) : EnumSet.copyOf(tools));
        memcheck = tools.contains(CheckTool.MEMCHECK);
        racecheck = tools.contains(CheckTool.RACECHECK);
        initcheck = tools.contains(CheckTool.INITCHECK);
        synccheck = tools.contains(CheckTool.SYNCCHECK);
        leakcheck = tools.contains(CheckTool.LEAKCHECK);
        global.observe(this);
    }

    /** Bytes of global memory as they are now (to tell a write of the same value). */
    byte[] read(long address, int size) {
        return global.read(address, size);
    }

    @Override
    public Set<CheckTool> tools() {
        return tools;
    }

    // ------------------------------------------------------------------ global memory

    @Override
    public void allocated(long address, long size) {
        live.put(address, new AllocationShadow(address, size));
        freed.remove(address);
        changed = true;
    }

    @Override
    public void freed(long address) {
        AllocationShadow a = live.remove(address);
        if (a != null) {
            freed.put(address, a);
            changed = true;
        }
    }

    @Override
    public void written(long address, long length) {
        if (initcheck) {
            mark(address, length);
        }
    }

    @Override
    public void hostWrote(long address, long size) {
        if (initcheck) {
            mark(address, size);
        }
    }

    /** Marks bytes written in every allocation they overlap. */
    private void mark(long address, long length) {
        long end = address + length;
        Map.Entry<Long, AllocationShadow> e = live.floorEntry(address);
        AllocationShadow a = e == null || e.getValue().start + e.getValue().size <= address ? null : e.getValue();
        for (long at = address; at < end;) {
            if (a == null) {
                Map.Entry<Long, AllocationShadow> next = live.ceilingEntry(at);
                if (next == null || next.getKey() >= end) {
                    return;
                }
                a = next.getValue();
                at = a.start;
            }
            long n = Math.min(end, a.start + a.size) - at;
            a.wrote(at - a.start, n);
            at += n;
            a = null;
        }
    }

    @Override
    public void describe(long address, long size, String name, boolean initialized) {
        AllocationShadow a = live.get(address);
        if (a == null) {
            throw new IllegalArgumentException("0x" + Long.toHexString(address) + " is not the start of an allocation");
        }
        if (size < 0 || size > a.size) {
            throw new IllegalArgumentException(size + " bytes of the " + a.size + "-byte allocation at 0x"
                    + Long.toHexString(address));
        }
        a.name = name;
        a.freedBy = null;
        a.handedOut(size, initialized);
    }

    @Override
    public void hostFreed(long address, Access where) {
        AllocationShadow a = live.get(address);
        if (a == null) {
            throw new IllegalArgumentException("0x" + Long.toHexString(address) + " is not the start of an allocation");
        }
        a.freedBy = where;
    }

    /** The region the device heap hands blocks out of (its bytes count as unwritten until a block's are written). */
    public void heapRegion(long address) {
        heapRegion = live.get(address);
        heapRegion.heap = true;
        heapRegion.name = "the device heap";
    }

    /** The live allocation holding [address, address + size), or null. */
    AllocationShadow allocationAt(long address, int size) {
        if (changed) {
            rebuild();
        }
        int lo = 0, hi = starts.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] <= address) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi >= 0 && address + size <= ends[hi] ? byStart[hi] : null;
    }

    private void rebuild() {
        int n = live.size();
        starts = new long[n];
        ends = new long[n];
        byStart = new AllocationShadow[n];
        int i = 0;
        for (AllocationShadow a : live.values()) {
            starts[i] = a.start;
            ends[i] = a.start + a.size;
            byStart[i++] = a;
        }
        changed = false;
    }

    /** The allocation holding {@code address} that was freed last, or null. */
    AllocationShadow freedAt(long address) {
        AllocationShadow latest = null;
        for (AllocationShadow a : freed.values()) {
            if (address >= a.start && address < a.start + a.size) {
                latest = a;
            }
        }
        return latest;
    }

    /** The live allocation ending at or before {@code address} nearest to it, or null. */
    AllocationShadow before(long address) {
        Map.Entry<Long, AllocationShadow> e = live.floorEntry(address);
        return e == null ? null : e.getValue();
    }

    // ------------------------------------------------------------------ launches

    /** The shadow of a new launch of {@code module}'s code: its number and its racecheck generation. */
    LaunchShadow.Numbering nextLaunch() {
        launches++;
        generation++;
        if (generation > GENERATIONS) {
            generation = 1;
            for (AllocationShadow a : live.values()) {
                a.clearRaces();
            }
        }
        return new LaunchShadow.Numbering(launches, generation);
    }

    Sites sites(PtxModule module) {
        return sites.computeIfAbsent(module, Sites::new);
    }

    synchronized void note(String text) {
        notes.add(text);
    }

    @Override
    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    // ------------------------------------------------------------------ findings

    /** Whether no finding identical to {@code f} was seen before. */
    synchronized boolean isNew(Finding f) {
        return !findings.containsKey(f.key());
    }

    /** Adds a launch's finding (or one more of it). */
    synchronized void merge(Finding f) {
        String key = f.key();
        Finding known = findings.get(key);
        if (known == null) {
            findings.put(key, f);
            fresh.add(f);
        } else {
            findings.put(key, known.seenAgain(f.count(), f.launches()));
        }
    }

    @Override
    public void record(FindingKind kind, PtxStateSpace space, long address, long size, String variable, String detail,
            Access where) {
        if (tools.contains(kind.tool())) {
            merge(new Finding(kind, space, address, size, variable, null, 0, where, null, detail, 1, 0));
        }
    }

    @Override
    public void finish() {
        if (!leakcheck || finished) {
            return;
        }
        finished = true;
        for (HeapBlock b : heapBlocks.values()) {
            if (b.live()) {
                merge(new Finding(FindingKind.LEAK, PtxStateSpace.GLOBAL, b.start, b.requested, b.describe(), b.kernel,
                        b.launch, b.allocatedBy, null, "a kernel's malloc allocated it and no kernel freed it", 1, 1));
            }
        }
    }

    @Override
    public synchronized List<Finding> findings() {
        return List.copyOf(findings.values());
    }

    @Override
    public synchronized List<Finding> takeNew() {
        List<Finding> out = new ArrayList<>(fresh.size());
        for (Finding f : fresh) {
            out.add(findings.get(f.key()));
        }
        fresh.clear();
        return out;
    }
}
