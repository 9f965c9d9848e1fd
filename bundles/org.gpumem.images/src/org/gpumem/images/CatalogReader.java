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
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Builds the {@link Catalog} of a file: a host executable or object with embedded device code
 * ({@code .nv_fatbin}, {@code __nv_relfatbin}, {@code .hip_fatbin}), a standalone fatbin,
 * offload bundle (plain or compressed), cubin, AMDGPU code object, PTX file, OpenCL C source or
 * SPIR-V module. Only headers are read here; image bytes are read and decompressed when asked.
 */
public final class CatalogReader {
    /** Default bound on the decompressed size of one image or compressed bundle. */
    public static final long DEFAULT_MAX_IMAGE_SIZE = 256L << 20;
    private static final long MAX_FILE_SIZE = Integer.MAX_VALUE - 64;
    /** Text files larger than this are not taken for PTX or OpenCL C sources. */
    private static final int MAX_TEXT_SIZE = 64 << 20;

    private final ImageScanner scanner;

    public CatalogReader() {
        this(DEFAULT_MAX_IMAGE_SIZE);
    }

    /** A reader that refuses to decompress any image or bundle to more than {@code maxImageSize} bytes. */
    public CatalogReader(long maxImageSize) {
        if (maxImageSize <= 0 || maxImageSize > MAX_FILE_SIZE) {
            throw new IllegalArgumentException("image size limit " + maxImageSize + " outside 1.." + MAX_FILE_SIZE);
        }
        this.scanner = new ImageScanner(new BoundedDecompressor(maxImageSize));
    }

    /** The limit given to the constructor. */
    public long maxImageSize() {
        return scanner.decompressor().limit();
    }

    /**
     * Memory-maps {@code path} and catalogs it.
     *
     * @throws IOException when the file cannot be read
     * @throws InputFormatException when it is not a device-code file or is corrupt
     */
    public Catalog read(Path path) throws IOException {
        InputFiles.requireReadableFile(path, "a host executable, object, fatbin, offload bundle, cubin, PTX, OpenCL or SPIR-V file");
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > MAX_FILE_SIZE) {
                throw new InputFormatException(path.toString(), null, 0, "files larger than 2 GiB are not supported");
            }
            return read(path.toString(), ch.map(FileChannel.MapMode.READ_ONLY, 0, size));
        }
    }

    /** Catalogs the bytes of {@code data} (position to limit, not copied) as file {@code name}. */
    public Catalog read(String name, ByteBuffer data) {
        ByteBuffer b = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        ByteReader whole = new ByteReader(name, null, b);
        if (OffloadBundleParser.startsWith(b, 0, new byte[] {0x7f, 'E', 'L', 'F'})) {
            return elf(name, b);
        }
        if (b.remaining() >= 16 && b.getInt(0) == FatbinParser.MAGIC) {
            return new Catalog(name, "CUDA fatbin", new FatbinParser(scanner).parse(whole, 0));
        }
        if (OffloadBundleParser.startsWith(b, 0, OffloadBundleParser.MAGIC)) {
            return new Catalog(name, "clang offload bundle", new OffloadBundleParser(scanner).parse(whole, 0));
        }
        if (OffloadBundleParser.startsWith(b, 0, OffloadBundleParser.COMPRESSED_MAGIC)) {
            return new Catalog(name, "compressed clang offload bundle", new OffloadBundleParser(scanner).parse(whole, 0));
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

    private Catalog elf(String name, ByteBuffer b) {
        ElfFile elf = ElfFile.parse(name, b);
        if (elf.machine() == ElfFile.EM_CUDA) {
            DeviceImage image = new DeviceImage(ImageFormat.CUBIN, ImageScanner.cubinTarget(elf), null, b.remaining(),
                    b.remaining(), Compression.NONE, ImageScanner.hasDwarf(elf), fileOrigin(name), null, null, null,
                    () -> b, scanner::kernels);
            return single(name, "cubin", image);
        }
        if (elf.machine() == ElfFile.EM_AMDGPU) {
            DeviceImage image = new DeviceImage(ImageFormat.AMDGPU_CODE_OBJECT, ImageScanner.amdgpuTarget(elf), null,
                    b.remaining(), b.remaining(), Compression.NONE, ImageScanner.hasDwarf(elf), fileOrigin(name), null, null,
                    null, () -> b, scanner::kernels);
            return single(name, "AMDGPU code object", image);
        }
        List<Container> containers = new ArrayList<>();
        for (ElfSection s : elf.sections()) {
            if (s.type() == ElfSection.SHT_NOBITS) {
                continue;
            }
            switch (s.name()) {
                case ".nv_fatbin", "__nv_relfatbin" ->
                    containers.addAll(new FatbinParser(scanner).parse(elf.reader(s), s.isCompressed() ? -1 : s.offset()));
                case ".hip_fatbin" ->
                    containers.addAll(new OffloadBundleParser(scanner).parse(elf.reader(s), s.isCompressed() ? -1 : s.offset()));
                default -> { }
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
