package org.gpumem.images;

import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * One piece of device code in a file: a cubin, PTX text, an AMDGPU code object, OpenCL C text or
 * a SPIR-V module, with where it is stored and what it is built for. The metadata comes from
 * container headers; the bytes are read (and decompressed, within the catalog's size limit) only
 * when {@link #payload()} or {@link #kernels()} is called.
 */
public final class DeviceImage {
    private final ImageFormat format;
    private final GpuTarget target;
    private final String formatVersion;
    private final long storedSize;
    private final long size;
    private final Compression compression;
    private final boolean debug;
    private final Origin origin;
    private final String ptxasOptions;
    private final String optionsHex;
    private final String sourceName;
    private final String bundleEntryId;
    private final Payload payload;
    private final Function<DeviceImage, List<Kernel>> kernelScanner;
    private final InputFormatException problem;
    private volatile SoftReference<ByteBuffer> decoded;
    private volatile List<Kernel> kernels;

    /** Produces the image's bytes: a slice of the file, or a bounded decompression of one. */
    @FunctionalInterface
    interface Payload {
        ByteBuffer read();
    }

    DeviceImage(ImageFormat format, GpuTarget target, String formatVersion, long storedSize, long size,
            Compression compression, boolean debug, Origin origin, String ptxasOptions, String sourceName,
            String bundleEntryId, Payload payload, Function<DeviceImage, List<Kernel>> kernelScanner) {
        this(format, target, formatVersion, storedSize, size, compression, debug, origin, ptxasOptions, null, sourceName,
                bundleEntryId, payload, kernelScanner, null);
    }

    /**
     * @param optionsHex the entry's options as hex when they are binary (CUDA 12.8+ headers), else null
     * @param problem    why the image's header cannot be used (its payload then fails with it), or null
     */
    DeviceImage(ImageFormat format, GpuTarget target, String formatVersion, long storedSize, long size,
            Compression compression, boolean debug, Origin origin, String ptxasOptions, String optionsHex,
            String sourceName, String bundleEntryId, Payload payload, Function<DeviceImage, List<Kernel>> kernelScanner,
            InputFormatException problem) {
        this.format = format;
        this.target = target;
        this.formatVersion = formatVersion;
        this.storedSize = storedSize;
        this.size = size;
        this.compression = compression;
        this.debug = debug;
        this.origin = origin;
        this.ptxasOptions = ptxasOptions;
        this.optionsHex = optionsHex;
        this.problem = problem;
        this.sourceName = sourceName;
        this.bundleEntryId = bundleEntryId;
        this.payload = payload;
        this.kernelScanner = kernelScanner;
    }

    public ImageFormat format() {
        return format;
    }

    /** The architecture (cubin, code object) or the compute capability (PTX); null when unknown. */
    public GpuTarget target() {
        return target;
    }

    /**
     * The version the container records: the PTX ISA version for PTX ({@code 9.0}), the fatbin
     * entry version for cubins, the SPIR-V version; null when none is recorded.
     */
    public String formatVersion() {
        return formatVersion;
    }

    /** Bytes the image occupies in its container (compressed size when compressed). */
    public long storedSize() {
        return storedSize;
    }

    /** Size of the image's bytes after decompression (equals {@link #storedSize()} when not compressed). */
    public long size() {
        return size;
    }

    public Compression compression() {
        return compression;
    }

    public boolean isCompressed() {
        return compression != Compression.NONE;
    }

    /** Whether the image carries debug information (fatbin debug flag, .debug_info, PTX debug sections). */
    public boolean hasDebugInfo() {
        return debug;
    }

    public Origin origin() {
        return origin;
    }

    /** The ptxas options a fatbin PTX entry records (e.g. {@code -g --dont-merge-basicblocks}); null when none. */
    public String ptxasOptions() {
        return ptxasOptions;
    }

    /**
     * The options of a fatbin entry whose header stores them in a binary form (CUDA 12.8 and
     * later, for sm_100 and newer), as hex bytes ({@code 00020201 00020505 ...}); null when the
     * options are text ({@link #ptxasOptions()}) or absent. The binary encoding is not documented,
     * so it is shown as stored rather than guessed at.
     */
    public String optionsHex() {
        return optionsHex;
    }

    /**
     * Why this image cannot be read, as found in its container's headers (an unknown compression
     * flag, sizes that contradict each other...); null when the headers are consistent. Such an
     * image is still listed; {@link #payload()} and {@link #kernels()} throw this exception.
     */
    public InputFormatException problem() {
        return problem;
    }

    /** The source file name a fatbin entry records (nvcc -G builds); null when none. */
    public String sourceName() {
        return sourceName;
    }

    /** The offload bundle entry id ({@code hipv4-amdgcn-amd-amdhsa--gfx90a}); null outside bundles. */
    public String bundleEntryId() {
        return bundleEntryId;
    }

    /**
     * The image's bytes (read-only, decompressed). Uncompressed images are a view of the file;
     * compressed ones are decompressed on the first call and kept while memory allows.
     *
     * @throws org.gpumem.dwarf.io.InputFormatException when the stored bytes are corrupt, do not
     *         decompress to the declared size, or exceed the catalog's size limit
     */
    public ByteBuffer payload() {
        if (problem != null) {
            throw problem;
        }
        SoftReference<ByteBuffer> ref = decoded;
        ByteBuffer b = ref != null ? ref.get() : null;
        if (b == null) {
            b = payload.read().asReadOnlyBuffer();
            if (isCompressed()) {
                decoded = new SoftReference<>(b);
            }
        }
        return b.duplicate();
    }

    /** The kernels the image defines, read from its payload on the first call. */
    public List<Kernel> kernels() {
        List<Kernel> k = kernels;
        if (k == null) {
            if (problem != null) {
                throw problem;
            }
            k = List.copyOf(kernelScanner.apply(this));
            kernels = k;
        }
        return k;
    }

    /**
     * A file name for the extracted image, after its kind and architecture: {@code sm_86.cubin},
     * {@code compute_80.ptx}, {@code gfx90a_xnack+.hsaco}, {@code opencl.cl}.
     */
    public String suggestedFileName() {
        String stem;
        if (target instanceof NvidiaTarget n) {
            stem = format == ImageFormat.PTX ? n.computeName() : n.name();
        } else if (target instanceof AmdgpuTarget a) {
            stem = a.name().replace(':', '_');
        } else {
            stem = format == ImageFormat.OPENCL_C ? "opencl" : format == ImageFormat.SPIRV ? "spirv" : "image";
        }
        return stem + "." + format.extension();
    }

    /** One line: {@code cubin sm_86 9824 bytes}. */
    public String describe() {
        StringBuilder b = new StringBuilder(format.displayName());
        if (target != null) {
            b.append(' ').append(format == ImageFormat.PTX && target instanceof NvidiaTarget n ? n.computeName() : target.name());
        }
        b.append(", ").append(size).append(" bytes");
        if (isCompressed()) {
            b.append(" (").append(compression.displayName()).append(", ").append(storedSize).append(" stored)");
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return describe() + " at " + origin.describe();
    }
}
