package org.gpumem.images;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Builds the {@link Catalog} of a file: a host executable, library or object with embedded device
 * code ({@code .nv_fatbin}, {@code __nv_relfatbin}, {@code .hip_fatbin}, and fatbins, bundles and
 * plain cubins or code objects found by a validated scan of its other allocated sections), a
 * standalone fatbin,
 * offload bundle (plain or compressed), cubin, AMDGPU code object, PTX file, OpenCL C source or
 * SPIR-V module. Only headers are read here; image bytes are read and decompressed when asked.
 */
public final class CatalogReader {
    /** Default bound on the decompressed size of one image or compressed bundle. */
    public static final long DEFAULT_MAX_IMAGE_SIZE = 256L << 20;
    private static final long MAX_FILE_SIZE = Integer.MAX_VALUE - 64;
    /** Text files larger than this are not taken for PTX or OpenCL C sources. */
    private static final int MAX_TEXT_SIZE = 64 << 20;

    private final long maxImageSize;
    private final long budgetBytes;

    public CatalogReader() {
        this(DEFAULT_MAX_IMAGE_SIZE);
    }

    /** A reader that refuses to decompress any image or bundle to more than {@code maxImageSize} bytes. */
    public CatalogReader(long maxImageSize) {
        this(maxImageSize, DecompressionBudget.defaultBytes());
    }

    /**
     * A reader that refuses to decompress any image or bundle to more than {@code maxImageSize}
     * bytes, and more than {@code budgetBytes} for all the items of one file together.
     */
    public CatalogReader(long maxImageSize, long budgetBytes) {
        if (maxImageSize <= 0 || maxImageSize > MAX_FILE_SIZE) {
            throw new IllegalArgumentException("image size limit " + maxImageSize + " outside 1.." + MAX_FILE_SIZE);
        }
        if (budgetBytes <= 0) {
            throw new IllegalArgumentException("decompression budget " + budgetBytes + " must be positive");
        }
        this.maxImageSize = maxImageSize;
        this.budgetBytes = budgetBytes;
    }

    /** The limit given to the constructor. */
    public long maxImageSize() {
        return maxImageSize;
    }

    /** The decompression budget each file read gets (bytes). */
    public long budgetBytes() {
        return budgetBytes;
    }

    /**
     * Memory-maps {@code path} and catalogs it. Headers are read through positional reads, so
     * only the pages of images asked for later ({@link DeviceImage#payload()}) become resident.
     *
     * @throws IOException when the file cannot be read
     * @throws InputFormatException when it is not a device-code file or is corrupt
     */
    public Catalog read(Path path) throws IOException {
        return read(path, new DecompressionBudget(budgetBytes));
    }

    /** As {@link #read(Path)}, charging what the catalog inflates to {@code budget} (shared with other readers of the file). */
    public Catalog read(Path path, DecompressionBudget budget) throws IOException {
        InputFiles.requireReadableFile(path, "a host executable, object, fatbin, offload bundle, cubin, PTX, OpenCL or SPIR-V file");
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > MAX_FILE_SIZE) {
                throw new InputFormatException(path.toString(), null, 0, "files larger than 2 GiB are not supported");
            }
            ByteBuffer mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
            return new Session(path.toString(), new FileWindow(path.toString(), ch, size), budget).read(mapped);
        }
    }

    /** Catalogs the bytes of {@code data} (position to limit, not copied) as file {@code name}. */
    public Catalog read(String name, ByteBuffer data) {
        return new Session(name, null, new DecompressionBudget(budgetBytes)).read(data);
    }

    /** The parsers of one file, sharing its decompression budget and header window. */
    private final class Session {
        private final String name;
        private final FileWindow window;
        private final ImageScanner scanner;
        private final ImageLimits limits;
        private final FatbinParser fatbins;
        private final OffloadBundleParser bundles;

        Session(String name, FileWindow window, DecompressionBudget budget) {
            this.name = name;
            this.window = window;
            this.limits = new ImageLimits(maxImageSize, budget);
            this.scanner = new ImageScanner(limits.budget());
            this.fatbins = new FatbinParser(scanner, limits);
            this.bundles = new OffloadBundleParser(scanner, limits);
        }

        Catalog read(ByteBuffer data) {
            ByteBuffer b = data.slice().order(ByteOrder.LITTLE_ENDIAN);
            ByteReader whole = new ByteReader(name, null, b);
            Region file = new Region(name, null, b, window != null ? 0 : -1, window);
            if (OffloadBundleParser.startsWith(b, 0, new byte[] {0x7f, 'E', 'L', 'F'})) {
                return elf(b);
            }
            if (b.remaining() >= 16 && b.getInt(0) == FatbinParser.MAGIC) {
                return new Catalog(name, "CUDA fatbin", fatbins.walk(file));
            }
            if (OffloadBundleParser.startsWith(b, 0, OffloadBundleParser.MAGIC)) {
                return new Catalog(name, "clang offload bundle", bundles.walk(file));
            }
            if (OffloadBundleParser.startsWith(b, 0, OffloadBundleParser.COMPRESSED_MAGIC)) {
                return new Catalog(name, "compressed clang offload bundle", bundles.walk(file));
            }
            ByteOrder spirv = ImageScanner.spirvOrder(b);
            if (spirv != null) {
                DeviceImage image = new DeviceImage(ImageFormat.SPIRV, null, ImageScanner.spirvVersion(b, spirv), b.remaining(),
                        b.remaining(), Compression.NONE, false, fileOrigin(name), null, null, null, () -> b, scanner::kernels);
                return single(name, "SPIR-V module" + (spirv == ByteOrder.BIG_ENDIAN ? " (big-endian)" : ""), image);
            }
            String text = text(b);
            if (text != null && ImageScanner.looksLikePtx(text)) {
                DeviceImage image = new DeviceImage(ImageFormat.PTX, ImageScanner.ptxTarget(text), ImageScanner.ptxVersion(text),
                        b.remaining(), b.remaining(), Compression.NONE, ImageScanner.ptxHasDebug(text), fileOrigin(name),
                        null, null, null, () -> b, scanner::kernels);
                return single(name, "PTX", image);
            }
            if (text != null && !ImageScanner.openClKernels(text).isEmpty()) {
                DeviceImage image = new DeviceImage(ImageFormat.OPENCL_C, null, null, b.remaining(), b.remaining(),
                        Compression.NONE, false, fileOrigin(name), null, null, null, () -> b, scanner::kernels);
                return single(name, "OpenCL C source", image);
            }
            throw whole.fail(0, "not a device-code file: neither ELF, CUDA fatbin, clang offload bundle, SPIR-V, "
                    + "PTX (.version/.target) nor OpenCL C with a __kernel function");
        }

        private Catalog elf(ByteBuffer b) {
            ElfFile elf = ElfFile.parse(name, b, limits.budget());
            if (elf.machine() == ElfFile.EM_CUDA) {
                DeviceImage image = new DeviceImage(ImageFormat.CUBIN, ImageScanner.cubinTarget(elf), null, b.remaining(),
                        b.remaining(), Compression.NONE, ImageScanner.hasDwarf(elf), fileOrigin(name), null, null, null,
                        () -> b, scanner::kernels);
                return single(name, "cubin", image);
            }
            if (elf.machine() == ElfFile.EM_AMDGPU) {
                DeviceImage image = new DeviceImage(ImageFormat.AMDGPU_CODE_OBJECT, ImageScanner.amdgpuTarget(elf), null,
                        b.remaining(), b.remaining(), Compression.NONE, ImageScanner.hasDwarf(elf), fileOrigin(name), null,
                        null, null, () -> b, scanner::kernels);
                return single(name, "AMDGPU code object", image);
            }
            EmbeddedScanner embedded = new EmbeddedScanner(fatbins, bundles, scanner);
            List<Container> containers = new ArrayList<>();
            for (ElfSection s : elf.sections()) {
                if (s.type() == ElfSection.SHT_NOBITS || s.type() == ElfSection.SHT_NULL || s.size() == 0) {
                    continue;
                }
                boolean structured = switch (s.name()) {
                    case ".nv_fatbin", "__nv_relfatbin", ".hip_fatbin" -> true;
                    default -> false;
                };
                if (!structured && (s.flags() & ElfSection.SHF_ALLOC) == 0) {
                    continue;
                }
                Region r = new Region(name, s.name(), elf.data(s), s.isCompressed() || window == null ? -1 : s.offset(),
                        s.isCompressed() ? null : window);
                switch (s.name()) {
                    case ".nv_fatbin", "__nv_relfatbin" -> containers.addAll(fatbins.walk(r));
                    case ".hip_fatbin" -> containers.addAll(bundles.walk(r));
                    default -> containers.addAll(embedded.scan(r));
                }
            }
            String kind = switch (elf.type()) {
                case ElfFile.ET_REL -> "ELF relocatable object";
                case ElfFile.ET_EXEC -> "ELF executable";
                case ElfFile.ET_DYN -> "ELF shared object or position-independent executable";
                default -> "ELF file (type " + elf.type() + ")";
            };
            return new Catalog(name, kind, containers);
        }
    }

    private static Origin fileOrigin(String name) {
        return new Origin(name, null, 0, 0, "");
    }

    private static Catalog single(String name, String kind, DeviceImage image) {
        Container c = new Container(Container.Kind.SINGLE_IMAGE, image.origin(), image.storedSize(), null,
                Compression.NONE, () -> List.of(image));
        return new Catalog(name, kind, List.of(c));
    }

    /** The file as text when it is valid UTF-8 without NULs (PTX and OpenCL C); else null. */
    private static String text(ByteBuffer b) {
        if (b.remaining() > MAX_TEXT_SIZE) {
            return null;
        }
        for (int i = 0; i < b.remaining(); i++) {
            if (b.get(i) == 0) {
                return null;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(b.duplicate()).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
