package org.gpumem.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;

import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.sim.Device;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.Fault;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.KernelLaunch;
import org.gpumem.sim.LaunchResult;
import org.gpumem.sim.check.CheckTool;
import org.gpumem.sim.check.MemoryChecker;
import org.gpumem.sim.debug.ControlledLaunch;
import org.gpumem.sim.launch.Devices;
import org.gpumem.sim.launch.LaunchDescription;
import org.gpumem.sim.launch.LaunchFileReader;
import org.gpumem.sim.launch.PreparedLaunch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpumem run LAUNCH.json --out DIR}: runs one kernel launch in the PTX simulator and
 * writes each output buffer as raw little-endian bytes to {@code DIR/NAME.bin}. Given a PTX file
 * instead of a launch file, or with {@code --list}, it lists the module's kernels: runnable, or
 * what they can reach that the simulator cannot execute.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a kernel launch described by a launch file in the PTX simulator.",
            "Given a PTX file instead of a launch file (or with --list), lists its kernels: runnable or why not.",
            "Device printf output goes to standard output when the launch ends.",
            "Exit status: 0 completed, 1 bad launch file or module, 2 the kernel faulted, failed an assert or ran past "
                + "--timeout or --budget (report printed), 3 (or --error-exitcode) --check found something, "
                + "130 stopped by Ctrl-C (report printed)."})
public final class RunCommand implements Callable<Integer> {

    /** Exit status when the kernel stopped with a fault (out-of-bounds access, deadlock, budget...). */
    public static final int EXIT_FAULT = 2;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "LAUNCH.json", description = "launch description, or a PTX file to list")
    Path launchFile;

    @Option(names = "--list", description = "list the kernels of the launch file's module, runnable or why not; run nothing")
    boolean list;

    /** The device a PTX file given in place of a launch file is loaded on, as a launch file's default. */
    private static final String LISTING_DEVICE = "sm_90";
    private static final long LISTING_GLOBAL_BYTES = 1L << 30;

    @Option(names = "--out", paramLabel = "DIR", description = "folder for the output buffers (NAME.bin); created if missing")
    Path out;

    @Option(names = "--profile", description = "print the address-space profile: generic accesses per source line "
            + "and instruction, the space each resolved to, and cvta counts")
    boolean profile;

    @Mixin
    SimulationOptions simulation;

    @Mixin
    CheckOptions checks;

    @Option(names = "--module", paramLabel = "FILE", description = "run this PTX file or executable instead of the launch file's module")
    Path module;

    @Option(names = "--write-launch", paramLabel = "DIR", description = "also write the resolved launch (PTX, inputs, "
            + "launch.txt) for releng/gpu-harness, which runs it on a real GPU")
    Path resolvedDir;

    @Option(names = "--snapshot", paramLabel = "FILE", description = "save the memory state the launch ended with "
            + "(global memory, the last resident CTA, the buffers as variables) as FILE (*.gpumem, with FILE.pages), "
            + "for gpumem snapshot and the IDE's Snapshot editor")
    Path snapshot;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        if (module == null && isPtxText(launchFile)) {
            KernelListing.print(Devices.create(LISTING_DEVICE, LISTING_GLOBAL_BYTES).load(launchFile), stdout);
            return 0;
        }
        LaunchDescription d = new LaunchFileReader().read(launchFile);
        if (module != null) {
            d = d.withModule(module.toAbsolutePath());
        }
        PreparedLaunch launch = PreparedLaunch.prepare(d);
        if (list) {
            KernelListing.print(launch.module(), stdout);
            return 0;
        }
        if (resolvedDir != null) {
            launch.writeResolved(resolvedDir);
        }
        ExecOptions options = simulation.options(profile, ExecOptions.DEFAULT_BUDGET);
        Set<CheckTool> tools = checks.tools();
        MemoryChecker checker = tools == null ? null : launch.enableChecks(tools);
        LaunchResult r;
        boolean interrupted;
        KernelLaunch kernelLaunch = launch.launch(options);
        ControlledLaunch session = snapshot == null ? null : new ControlledLaunch(kernelLaunch);
        try (StopRules stop = simulation.stopRules()) {
            r = session == null ? stop.run(kernelLaunch) : stop.run(kernelLaunch, () -> FinalStateSnapshot.runToEnd(session));
            interrupted = stop.interrupted();
        }
        if (session != null) {
            SnapshotWriter.Saved saved = FinalStateSnapshot.save(session, launch, r, snapshot);
            stdout.println("wrote snapshot " + saved.model() + " (" + saved.pools() + " pools, " + saved.rawBytes()
                    + " bytes holding data, pages in " + saved.pages().getFileName() + ")");
        }
        // the GPU's printf buffer comes out when the launch ends, whatever ended it
        stdout.print(new String(r.deviceOutput(), StandardCharsets.UTF_8));
        if (profile && r.profile() != null) {
            stdout.println("address-space profile of " + launch.kernel().name() + ":");
            stdout.print(r.profile().format());
            stdout.println();
        }
        String counts = String.format("%,d warp instructions, %,d thread instructions, %.1f ms",
                r.warpInstructions(), r.threadInstructions(), r.elapsedNanos() / 1e6);
        if (!r.completed()) {
            Fault f = r.fault();
            if (f.kind() == FaultKind.ASSERTION) {
                stdout.println(f.detail());
            }
            stdout.print(r.report());
            stdout.println(launch.kernel().name() + " stopped after " + counts);
            stdout.flush();
            int status = interrupted && f.kind() == FaultKind.STOPPED ? StopRules.EXIT_INTERRUPTED : EXIT_FAULT;
            return checker == null ? status : checks.report(checker, stdout, status);
        }
        stdout.println(launch.kernel().name() + " completed: " + counts);
        if (out != null) {
            Files.createDirectories(out);
            for (String name : launch.description().outputs()) {
                Path file = out.resolve(name + ".bin");
                try (OutputStream o = Files.newOutputStream(file)) {
                    launch.writeBuffer(name, o);
                }
                stdout.println("wrote " + file + " (" + Files.size(file) + " bytes)");
            }
        } else if (!launch.description().outputs().isEmpty()) {
            stdout.println("outputs not written (no --out DIR)");
        }
        stdout.flush();
        return checker == null ? 0 : checks.report(checker, stdout, 0);
    }

    /** PTX text begins with a comment or a directive; a launch file with '{'. */
    private static boolean isPtxText(Path file) throws java.io.IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        byte[] head;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(256);
        }
        String s = new String(head, java.nio.charset.StandardCharsets.ISO_8859_1).stripLeading();
        return s.startsWith("//") || s.startsWith(".version") || s.startsWith("/*");
    }
}
