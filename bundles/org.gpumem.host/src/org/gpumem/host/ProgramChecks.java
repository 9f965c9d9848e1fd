package org.gpumem.host;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.FindingKind;
import org.gpumem.sim.check.MemoryChecker;

/**
 * The memory checks of a CUDA program run by {@code gpumem exec --check} or the IDE's CUDA
 * Application launch: each process's device is checked from its first runtime call on, its
 * allocations are named by the host call that made them, and allocations still live when the
 * process ends are leaks (leakcheck), but for the runtime's own (conditional handles' values). The program's copies and sets go to the mapped device
 * memory directly; its runtime reports each one to a checked device, so initcheck follows
 * cudaMalloc'd, graph and device pool memory (the default pool's and pinned pools' blocks, on
 * the device only) from its allocation on. Memory that host code may write with plain stores
 * (managed, page-locked, managed pools' blocks, arrays) counts as written from its allocation on:
 * initcheck never reports what host code may have written. A pool block the program gave back
 * (cudaFreeAsync) stays mapped for its pool, and memcheck reports accesses to it as use after
 * free until it is handed out again; handed out again, it is a new allocation of the bytes the
 * program asked for, which may be fewer than the block's: memcheck reports an access past them as
 * past the end, initcheck counts its bytes unwritten (device pools) and racecheck forgets the
 * accesses of its earlier owners. A free the runtime refused is a double free (of memory the
 * program freed before) or an invalid free.
 * Every report goes on to {@code reports}.
 */
public final class ProgramChecks implements HostListener {
    private final HostListener reports;
    private final Set<CheckTool> tools;
    private final HostCode hostCode = new HostCode();
    private final Map<Long, MemoryChecker> checkers = new HashMap<>();
    /** Per process and allocation address: the host call that made it, named while the process ran. */
    private final Map<Long, Map<Long, CallSite>> callers = new HashMap<>();
    /** Per process: allocations the program freed (the latest {@link #FREED_KEPT}), to name a double free. */
    private final Map<Long, Map<Long, FreedBlock>> freedBlocks = new HashMap<>();
    private static final int FREED_KEPT = 4096;
    /** The kinds of memory host code writes through the runtime's copies and sets alone, which it reports. */
    private static final Set<DeviceAllocation.Kind> DEVICE_ONLY = EnumSet.of(DeviceAllocation.Kind.DEVICE,
            DeviceAllocation.Kind.GRAPH, DeviceAllocation.Kind.POOL);

    /** An allocation the program freed, named as it was while it lived. */
    private record FreedBlock(String name, long size) {
    }

    /** Checks with {@code tools}, passing every report on to {@code reports}. */
    public ProgramChecks(HostListener reports, Set<CheckTool> tools) {
        this.reports = reports;
        this.tools = tools;
    }

    /** The checkers of every process that connected, in the order they did. */
    public synchronized List<MemoryChecker> checkers() {
        return new ArrayList<>(checkers.values());
    }

    @Override
    public void connected(HostProcess process) {
        MemoryChecker c = process.enableChecks(tools);
        synchronized (this) {
            checkers.put(process.pid(), c);
        }
        reports.connected(process);
    }

    private synchronized MemoryChecker checker(HostProcess process) {
        return checkers.get(process.pid());
    }

    @Override
    public void moduleLoaded(HostProcess process, String image) {
        reports.moduleLoaded(process, image);
    }

    @Override
    public void moduleRejected(HostProcess process, String problem) {
        reports.moduleRejected(process, problem);
    }

    @Override
    public void allocated(HostProcess process, DeviceAllocation allocation) {
        if (allocation.kind() != DeviceAllocation.Kind.VARIABLE) {
            CallSite at = hostCode.caller(process.pid(), allocation);
            synchronized (this) {
                callers.computeIfAbsent(process.pid(), k -> new HashMap<>()).put(allocation.address(), at);
                if (allocation.kind() != DeviceAllocation.Kind.POOL_RESERVE) {
                    freedBlocks(process).remove(allocation.address());
                }
            }
            if (allocation.kind() == DeviceAllocation.Kind.POOL_RESERVE) {
                checker(process).hostFreed(allocation.address(), hostCall(Access.Operation.FREE, allocation, at));
            } else {
                // cudaMalloc'd, graph and device pool memory are written by nothing but copies, sets (reported) and kernels
                checker(process).describe(allocation.address(), allocation.size(), name(allocation, at),
                        !DEVICE_ONLY.contains(allocation.kind()));
            }
        }
        reports.allocated(process, allocation);
    }

    private static String name(DeviceAllocation a, CallSite at) {
        return a.size() + " bytes from " + a.entryPoint() + (at == null ? "" : " at " + at);
    }

    /** A runtime call of the host program as a finding names it: the call site's function and source line when known. */
    private static Access hostCall(Access.Operation op, DeviceAllocation call, CallSite at) {
        return new Access(op, null, -1, -1, null, at == null ? call.entryPoint() : at.toString(), -1,
                at == null || at.sourceFile() == null ? null : new SourceLocation(at.sourceFile(), at.line(), 0), null);
    }

    private Map<Long, FreedBlock> freedBlocks(HostProcess process) {
        return freedBlocks.computeIfAbsent(process.pid(), k -> new LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, FreedBlock> eldest) {
                return size() > FREED_KEPT;
            }
        });
    }

    @Override
    public void freed(HostProcess process, DeviceAllocation allocation) {
        synchronized (this) {
            Map<Long, CallSite> of = callers.get(process.pid());
            CallSite at = of == null ? null : of.remove(allocation.address());
            if (allocation.kind() == DeviceAllocation.Kind.POOL_RESERVE) {
                // its pool hands it out again or releases it: the program's free of it is over
                freedBlocks(process).remove(allocation.address());
            } else if (allocation.kind() != DeviceAllocation.Kind.VARIABLE && allocation.kind() != DeviceAllocation.Kind.CONDITION) {
                freedBlocks(process).put(allocation.address(), new FreedBlock(name(allocation, at), allocation.size()));
            }
        }
        reports.freed(process, allocation);
    }

    @Override
    public void freeRefused(HostProcess process, DeviceAllocation call) {
        MemoryChecker c = checker(process);
        CallSite at = hostCode.caller(process.pid(), call);
        Access where = hostCall(Access.Operation.FREE, call, at);
        FreedBlock before;
        synchronized (this) {
            before = freedBlocks(process).get(call.address());
        }
        if (before != null) {
            c.record(FindingKind.DOUBLE_FREE, PtxStateSpace.GLOBAL, call.address(), before.size(), before.name(),
                    call.entryPoint() + " of memory the program freed before (the runtime returns an error)", where);
        } else {
            c.record(FindingKind.INVALID_FREE, PtxStateSpace.GLOBAL, call.address(), 0, null, call.entryPoint() + " of 0x"
                    + Long.toHexString(call.address()) + ", which is not the start of memory the program holds", where);
        }
        reports.freeRefused(process, call);
    }

    @Override
    public void launchStarting(HostProcess process, ProgramLaunch launch) {
        reports.launchStarting(process, launch);
    }

    @Override
    public void launchFinished(HostProcess process, ProgramLaunch launch, LaunchResult result) {
        reports.launchFinished(process, launch, result);
    }

    @Override
    public void launchRefused(HostProcess process, String kernel, String problem) {
        reports.launchRefused(process, kernel, problem);
    }

    @Override
    public void unsupportedCall(HostProcess process, String entryPoint) {
        reports.unsupportedCall(process, entryPoint);
    }

    /** The process ended: what it allocated and did not free leaked. */
    @Override
    public void disconnected(HostProcess process, String problem) {
        MemoryChecker c = checker(process);
        if (c != null && process.pid() >= 0) {
            for (DeviceAllocation a : process.allocations()) {
                if (a.kind() == DeviceAllocation.Kind.VARIABLE || a.kind() == DeviceAllocation.Kind.POOL_RESERVE
                        || a.kind() == DeviceAllocation.Kind.CONDITION) {
                    continue; // a module's, a pool's reserve that the program freed, or the runtime's own
                }
                CallSite at;
                synchronized (this) {
                    at = callers.getOrDefault(process.pid(), Map.of()).get(a.address());
                }
                Access where = hostCall(Access.Operation.ALLOCATION, a, at);
                c.record(FindingKind.LEAK, PtxStateSpace.GLOBAL, a.address(), a.size(), name(a, at),
                        a.entryPoint() + " allocated it and the program did not free it before it ended", where);
            }
        }
        reports.disconnected(process, problem);
    }
}
