package org.gpumem.host;

import org.gpumem.images.Kernel;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.LoadedModule;

/**
 * One kernel launch of the program, its arguments marshalled: what a {@link KernelRunner}
 * runs. {@link #prepare} gives the simulator's launch, to run it or to debug it.
 */
public final class ProgramLaunch {
    private final int sequence;
    private final LoadedModule module;
    private final LaunchConfig config;
    private final long stream;
    private final HostProcess process;
    private final boolean cooperative;
    private final boolean fromGraph;

    public ProgramLaunch(HostProcess process, int sequence, LoadedModule module, LaunchConfig config, long stream,
            boolean cooperative, boolean fromGraph) {
        this.process = process;
        this.sequence = sequence;
        this.module = module;
        this.config = config;
        this.stream = stream;
        this.cooperative = cooperative;
        this.fromGraph = fromGraph;
    }

    /** A kernel node of a CUDA graph the program launched (cudaGraphLaunch). */
    public boolean fromGraph() {
        return fromGraph;
    }

    /** A cooperative launch (cudaLaunchCooperativeKernel): its CTAs may wait for each other at grid barriers. */
    public boolean cooperative() {
        return cooperative;
    }

    /** The process that launched it: its allocations are the device memory the kernel sees. */
    public HostProcess process() {
        return process;
    }

    /** 1 for the process's first launch, then 2, 3... */
    public int sequence() {
        return sequence;
    }

    /** The kernel's mangled name. */
    public String kernel() {
        return config.kernel();
    }

    /** The demangled name without parameters where the demangler knows the mangling, else the mangled one. */
    public String displayName() {
        return Kernel.of(config.kernel()).displayName();
    }

    public Dim3 grid() {
        return config.grid();
    }

    public Dim3 block() {
        return config.block();
    }

    public int dynamicSharedBytes() {
        return config.dynamicSharedBytes();
    }

    /** The program's stream handle (0 for the default stream). */
    public long stream() {
        return stream;
    }

    /** The module the kernel belongs to, as loaded on the process's device. */
    public LoadedModule deviceModule() {
        return module;
    }

    public LaunchConfig config() {
        return config;
    }

    /** The simulator's launch of this kernel, ready to run or to debug. */
    public org.gpumem.sim.KernelLaunch prepare(ExecOptions options) {
        return module.launch(config, options);
    }

    @Override
    public String toString() {
        return "launch " + sequence + " of " + displayName() + " <<<" + grid() + ", " + block() + ">>>"
                + (fromGraph ? " (graph node)" : "");
    }
}
