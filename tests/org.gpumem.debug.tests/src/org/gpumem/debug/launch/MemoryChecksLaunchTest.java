package org.gpumem.debug.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.Stop;
import org.gpumem.debug.core.StopReason;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.model.KernelDebugTarget;
import org.gpumem.debug.model.WarpThread;
import org.gpumem.sim.check.Access;
import org.gpumem.sim.check.Finding;
import org.gpumem.sim.check.Findings;
import org.junit.jupiter.api.Test;

/**
 * A kernel launch configuration with racecheck, on the committed fixtures of
 * tests/fixtures/checks: the racy shared-memory kernel's findings come out on the console as
 * {@code gpumem run --check} prints them and as problem markers on the workspace's checks.cu at
 * the two lines its source marks (RACE-WRITE, RACE-READ), in run and in debug mode; launching the
 * configuration again with the correct kernel reports no error and leaves no marker. The two
 * markers of each race point at each other (file and line) and name the other line. With "stop
 * at first" in debug mode the kernel suspends at the first finding, in the warp and lane it names
 * (focused), the finding in the thread's label and on the console.
 */
class MemoryChecksLaunchTest extends KernelLaunchFixture {
    private static final Path CHECKS = KERNELS.resolveSibling("checks");

    @Test
    void racecheckFindingsGoToTheConsoleAndOnTheSourceLines() throws Exception {
        IFile source = link(CHECKS, "checks.cu");
        link(CHECKS, "checks.O3.ptx");
        int write = line("RACE-WRITE");
        int read = line("RACE-READ");
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "test checks " + project.getName());
        wc.setAttribute(KernelLaunchAttributes.CHECKS, "racecheck");

        for (String mode : List.of(ILaunchManager.RUN_MODE, ILaunchManager.DEBUG_MODE)) {
            KernelLaunchAttributes.useLaunchFile(wc, CHECKS.resolve("launch/race_shared.json").toAbsolutePath().toString());
            String console = launchToEnd(wc, mode);
            Matcher summary = Pattern.compile("(?m)^========= gpumem: (\\d+) errors? \\(racecheck (\\d+)\\)$").matcher(console);
            assertTrue(summary.find(), console);
            assertEquals(summary.group(1), summary.group(2), console);
            assertEquals(Integer.parseInt(summary.group(1)), count(console, "(?m)^========= racecheck: "), console);
            assertTrue(console.contains("checks.cu:" + write + ":"), console);
            assertTrue(console.contains("checks.cu:" + read + ":"), console);
            // the relaunch (debug mode) replaced the run mode's markers: the same lines, not twice as many
            IMarker[] markers = source.findMarkers(KernelDebugIds.MEMORY_CHECK_MARKER, true, IResource.DEPTH_ZERO);
            Set<Integer> lines = new TreeSet<>();
            for (IMarker m : markers) {
                lines.add(m.getAttribute(IMarker.LINE_NUMBER, -1));
                assertEquals(IMarker.SEVERITY_ERROR, m.getAttribute(IMarker.SEVERITY, -1));
                assertTrue(m.getAttribute(IMarker.MESSAGE, "").startsWith("racecheck: "), m.getAttribute(IMarker.MESSAGE, ""));
                assertTrue(m.isSubtypeOf(IMarker.PROBLEM));
            }
            assertEquals(new TreeSet<>(List.of(write, read)), lines, mode);
            // the two markers of a race carry each other's location, and each message names the other line
            for (IMarker m : markers) {
                int line = m.getAttribute(IMarker.LINE_NUMBER, -1);
                int other = m.getAttribute(CheckedRun.OTHER_LINE, -1);
                assertEquals(line == write ? read : write, other, m.getAttribute(IMarker.MESSAGE, ""));
                assertEquals(source.getFullPath().toString(), m.getAttribute(CheckedRun.OTHER_FILE, null));
                assertTrue(m.getAttribute(IMarker.MESSAGE, "").contains("the other access: "
                        + (other == write ? "write" : "read") + " at ") && m.getAttribute(IMarker.MESSAGE, "")
                        .contains("checks.cu:" + other + ":"), m.getAttribute(IMarker.MESSAGE, ""));
                boolean paired = false;
                for (IMarker n : markers) {
                    paired |= n.getAttribute(IMarker.LINE_NUMBER, -1) == other && n.getAttribute(CheckedRun.OTHER_LINE, -1) == line;
                }
                assertTrue(paired, "no marker at line " + other + " points back at " + line);
            }
            // each finding marks its two accesses
            assertEquals(2 * Integer.parseInt(summary.group(1)), markers.length, mode);
        }

        KernelLaunchAttributes.useLaunchFile(wc, CHECKS.resolve("launch/race_shared_fixed.json").toAbsolutePath().toString());
        String console = launchToEnd(wc, ILaunchManager.RUN_MODE);
        assertTrue(console.contains("========= gpumem: 0 errors\n"), console);
        assertFalse(console.contains("racecheck:"), console);
        assertEquals(0, source.findMarkers(KernelDebugIds.MEMORY_CHECK_MARKER, true, IResource.DEPTH_ZERO).length);
    }

    @Test
    void debugModeStopsAtTheFirstFindingInItsLane() throws Exception {
        link(CHECKS, "checks.cu");
        link(CHECKS, "checks.O3.ptx");
        ILaunchConfigurationWorkingCopy wc = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(KernelDebugIds.LAUNCH_TYPE_ID).newInstance(null, "test stop at finding " + project.getName());
        wc.setAttribute(KernelLaunchAttributes.CHECKS, "racecheck");
        KernelLaunchAttributes.setStopAtFinding(wc, KernelLaunchAttributes.STOP_AT_FINDING, true);
        KernelLaunchAttributes.useLaunchFile(wc, CHECKS.resolve("launch/race_shared.json").toAbsolutePath().toString());
        DebugEventRecorder.Pending suspended = events.expect(e -> e.getKind() == DebugEvent.SUSPEND && e.getSource() instanceof WarpThread);
        ILaunch launch = wc.launch(ILaunchManager.DEBUG_MODE, new NullProgressMonitor());
        WarpThread thread = (WarpThread) suspended.await("the stop at the first finding").getSource();
        KernelDebugTarget target = (KernelDebugTarget) launch.getDebugTarget();
        Stop stop = target.lastStop();
        assertEquals(StopReason.FINDING, stop.reason());
        Finding f = stop.finding();
        Access a = f.access();
        int line = a.operation() == Access.Operation.WRITE ? line("RACE-WRITE") : line("RACE-READ");
        assertEquals(line, a.source().line(), f.format());
        // the thread that stopped is the warp of the finding's access, its lane focused
        LaneId lane = new LaneId(new WarpId(a.cta(), a.warp()), a.lane());
        assertEquals(lane.warp(), thread.warpId());
        assertEquals(lane, target.session().focus().current().lane());
        String name = thread.getName();
        assertTrue(name.contains("lane " + a.lane()) && name.contains("\u25c9 focus")
                && name.contains(f.kind().tool().cliName() + ": " + f.kind().description() + " at checks.cu:" + line), name);
        String console = launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents();
        assertTrue(console.contains("gpumem: stopped at the first memory check finding:\n"), console);
        assertTrue(console.contains(Findings.PREFIX + f.format().lines().findFirst().orElseThrow()), console);

        // the rest runs to the end with no second stop; the report follows as without the stop
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelProcess);
        thread.resume();
        ended.await("the end of the debugged launch");
        String all = launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents();
        assertTrue(all.contains(f.format().lines().findFirst().orElseThrow()), all);
        assertTrue(Pattern.compile("(?m)^========= gpumem: \\d+ errors? \\(racecheck \\d+\\)$").matcher(all).find(), all);
        DebugPlugin.getDefault().getLaunchManager().removeLaunch(launch);
    }

    private String launchToEnd(ILaunchConfigurationWorkingCopy wc, String mode) throws Exception {
        DebugEventRecorder.Pending ended = events.expect(e -> e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof KernelProcess);
        ILaunch launch = wc.launch(mode, new NullProgressMonitor());
        ended.await("the end of the " + mode + " launch");
        assertEquals(0, launch.getProcesses()[0].getExitValue());
        DebugPlugin.getDefault().getLaunchManager().removeLaunch(launch);
        return launch.getProcesses()[0].getStreamsProxy().getOutputStreamMonitor().getContents();
    }

    /** The line of checks.cu that ends with the comment {@code // mark}. */
    private static int line(String mark) throws Exception {
        List<String> lines = Files.readAllLines(CHECKS.resolve("checks.cu"));
        int found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// " + mark)) {
                assertEquals(-1, found, "two lines marked " + mark);
                found = i + 1;
            }
        }
        assertTrue(found > 0, "no line marked " + mark);
        return found;
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
