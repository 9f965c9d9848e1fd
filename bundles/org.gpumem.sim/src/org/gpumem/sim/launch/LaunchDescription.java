package org.gpumem.sim.launch;

import java.nio.file.Path;
import java.util.List;

import org.gpumem.sim.Dim3;

/**
 * One kernel launch as the CLI and the Eclipse launch describe it (see {@link LaunchFileReader}
 * for the JSON form). Paths are already resolved against the launch file's folder.
 *
 * @param source     the launch file, for messages (null when built in code)
 * @param module     a PTX file, or a host executable whose PTX is picked through the device-code catalog
 * @param kernel     mangled name or unique demangled name of the entry
 * @param device     target such as {@code sm_90}
 * @param sharedBytes dynamic shared memory per CTA
 * @param outputs    names of the buffers to write back after the launch
 */
public record LaunchDescription(Path source, Path module, String kernel, Dim3 grid, Dim3 block,
        int sharedBytes, String device, List<KernelArgument> args, List<String> outputs) {

    public LaunchDescription {
        args = List.copyOf(args);
        outputs = List.copyOf(outputs);
    }

    /** This launch with another module (e.g. the -G flavour of the same kernel). */
    public LaunchDescription withModule(Path otherModule) {
        return new LaunchDescription(source, otherModule, kernel, grid, block, sharedBytes, device, args, outputs);
    }

    /** The buffer arguments in parameter order. */
    public List<KernelArgument.Buffer> buffers() {
        return args.stream().filter(KernelArgument.Buffer.class::isInstance)
                .map(KernelArgument.Buffer.class::cast).toList();
    }

    /** Total bytes of all buffers. */
    public long bufferBytes() {
        long sum = 0;
        for (KernelArgument.Buffer b : buffers()) {
            sum += b.byteSize();
        }
        return sum;
    }
}
