package org.gpumem.host;

import java.util.ArrayList;
import java.util.HashMap;
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
 * Application launch: each process's device is
 * checked from its first runtime call on, its allocations are named by the host call that made
 * them, and allocations still live when the process ends are leaks (leakcheck). The host
 * program's own copies and sets go to the mapped device memory directly, where the checks cannot
 * see them: initcheck takes runtime allocations as written, and checks shared and local memory.
 * Every report goes on to {@code reports}.
 */
public final class ProgramChecks implements HostListener {
    private final HostListener reports;
    private final Set<CheckTool> tools;
    private final HostCode hostCode = new HostCode();
    private final Map<Long, MemoryChecker> checkers = new HashMap<>();
    /** Per process and allocation address: the host call that made it, named while the process ran. */
    private final Map<Long, Map<Long, CallSite>> callers = new HashMap<>();

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
            }
            checker(process).describe(allocation.address(), name(allocation, at), true);
        }
        reports.allocated(process, allocation);
    }

    private static String name(DeviceAllocation a, CallSite at) {
        return a.size() + " bytes from " + a.entryPoint() + (at == null ? "" : " at " + at);
    }

    @Override
    public void freed(HostProcess process, DeviceAllocation allocation) {
        synchronized (this) {
            Map<Long, CallSite> of = callers.get(process.pid());
            if (of != null) {
                of.remove(allocation.address());
            }
        }
        reports.freed(process, allocation);
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
                if (a.kind() == DeviceAllocation.Kind.VARIABLE) {
                    continue;
                }
                CallSite at;
                synchronized (this) {
                    at = callers.getOrDefault(process.pid(), Map.of()).get(a.address());
                }
                Access where = new Access(Access.Operation.ALLOCATION, null, -1, -1, null,
                        at == null ? a.entryPoint() : at.toString(), -1,
                        at == null || at.sourceFile() == null ? null : new SourceLocation(at.sourceFile(), at.line(), 0), null);
                c.record(FindingKind.LEAK, PtxStateSpace.GLOBAL, a.address(), a.size(), name(a, at),
                        a.entryPoint() + " allocated it and the program did not free it before it ended", where);
            }
        }
        reports.disconnected(process, problem);
    }
}
