package org.gpumem.fuzz;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.Deflater;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.images.CatalogReader;

import io.airlift.compress.lz4.Lz4Compressor;

/**
 * Structure-aware target of compressed items: the input chooses a container (an ELF
 * SHF_COMPRESSED section, a fatbin entry, a compressed offload bundle), its codec, how the stored
 * bytes are made (a compressor over the input's plaintext; zstd frames written block by block,
 * RLE bombs up to the budget included; a compressor's output with bytes flipped behind a valid
 * frame header) and the size the header declares (exact, one off, the budget of this JVM and one
 * past it, the per-image limit, any u32 or u64). The container is then read as gpumem reads it,
 * with the product's defaults (the budget follows this JVM's heap, -Xmx512m in fuzzing): the
 * section's data, every image's payload and kernels.
 * <p>Input: {@code u8 container, u8 codec, u8 fatbin entry kind, u8 encoding, u8 size mode, u64 size,
 * u16 n + n bytes (plaintext or frame plan), u8 flips, (u16 position, u8 xor)*}.
 */
final class CompressedTarget {
    enum Container { ELF_SECTION, FATBIN_ENTRY, OFFLOAD_BUNDLE }

    enum Codec { ZLIB, ZSTD, LZ4 }

    /** A built container: the file name it is read as, its bytes, and what the CLI runs on it. */
    record Built(String name, byte[] file, Container container) {
    }

    /** Fatbin entry kinds: PTX, cubin, and kind 8 (undocumented, cuFFT's). */
    static final int[] KINDS = {Containers.FATBIN_PTX, Containers.FATBIN_CUBIN, 8};

    private CompressedTarget() {
    }

    static void run(byte[] input) {
        Built b = build(input);
        if (b.container() == Container.ELF_SECTION) {
            ElfFile elf = ElfFile.parse(b.name(), ByteBuffer.wrap(b.file()));
            for (ElfSection s : elf.sections()) {
                elf.data(s);
            }
        } else {
            ImageTargets.readAll(new CatalogReader().read(b.name(), ByteBuffer.wrap(b.file())), b.file());
        }
    }

    static Built build(byte[] input) {
        Choices c = new Choices(input);
        Container container = Container.values()[c.pick(3)];
        int codecChoice = c.pick(2);
        Codec codec = switch (container) {
            case ELF_SECTION, OFFLOAD_BUNDLE -> codecChoice == 0 ? Codec.ZLIB : Codec.ZSTD;
            case FATBIN_ENTRY -> codecChoice == 0 ? Codec.ZSTD : Codec.LZ4;
        };
        int kind = KINDS[c.pick(KINDS.length)];
        int encoding = c.pick(3);
        int sizeMode = c.pick(8);
        long sizeArg = c.u64();
        byte[] plan = c.bytes();
        long[] content = {plan.length};
        byte[] stored = switch (encoding) {
            case 1 -> codec == Codec.ZSTD ? handFrames(new Choices(plan), content, sizeMode) : compress(codec, plan);
            default -> compress(codec, plan);
        };
        if (encoding == 2) {
            stored = stored.clone();
            // behind the frame header (zstd: magic, descriptor, window, content size), the zlib header or nothing (lz4)
            int from = Math.min(stored.length, codec == Codec.ZSTD ? 6 : codec == Codec.ZLIB ? 2 : 0);
            for (int flips = c.pick(8) + 1; flips > 0 && stored.length > from; flips--) {
                int at = from + c.u16() % (stored.length - from);
                stored[at] ^= (byte) (c.pick(255) + 1);
            }
        }
        long declared = switch (sizeMode) {
            case 0 -> content[0];
            case 1 -> content[0] - 1;
            case 2 -> content[0] + 1;
            case 3 -> DecompressionBudget.defaultBytes();
            case 4 -> DecompressionBudget.defaultBytes() + 1;
            case 5 -> CatalogReader.DEFAULT_MAX_IMAGE_SIZE;
            case 6 -> sizeArg & 0xffffffffL;
            default -> sizeArg;
        };
        return switch (container) {
            case ELF_SECTION -> new Built("fuzz.o", Containers.elf(".debug_info",
                    codec == Codec.ZLIB ? Containers.ELFCOMPRESS_ZLIB : Containers.ELFCOMPRESS_ZSTD, declared, stored), container);
            case FATBIN_ENTRY -> new Built("fuzz.fatbin", Containers.fatbin(kind, codec == Codec.ZSTD ? Containers.FATBIN_ZSTD
                    : Containers.FATBIN_LZ4, stored, declared), container);
            case OFFLOAD_BUNDLE -> new Built("fuzz.hipfb", Containers.ccob(codec == Codec.ZLIB ? 0 : 1, stored, declared), container);
        };
    }

    private static byte[] compress(Codec codec, byte[] plain) {
        return switch (codec) {
            case ZSTD -> ZstdFrameWriter.compress(plain);
            case LZ4 -> {
                Lz4Compressor l = new Lz4Compressor();
                byte[] out = new byte[l.maxCompressedLength(plain.length)];
                yield Arrays.copyOf(out, l.compress(plain, 0, plain.length, out, 0, out.length));
            }
            case ZLIB -> {
                Deflater d = new Deflater();
                d.setInput(plain);
                d.finish();
                byte[] out = new byte[plain.length + plain.length / 100 + 64];
                int n = d.deflate(out);
                d.end();
                yield Arrays.copyOf(out, n);
            }
        };
    }

    /**
     * Zstd frames from a plan: per frame a header (a content size or none, or header bytes as the
     * plan gives them), then blocks of every type with sizes from the plan, or one RLE bomb filling
     * the budget of this JVM when {@code sizeMode} asks for it. {@code content[0]} receives the
     * bytes the blocks produce when every block is what it says.
     */
    private static byte[] handFrames(Choices plan, long[] content, int sizeMode) {
        ZstdFrameWriter w = new ZstdFrameWriter();
        long produced = 0;
        for (int frames = plan.pick(3) + 1; frames > 0; frames--) {
            int header = plan.pick(3);
            if (header == 2) {
                // the plan's own header bytes after the magic: descriptor, window, dictionary, content size
                w.bytes(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd}).bytes(plan.bytes());
            }
            if (sizeMode == 3 || sizeMode == 4) {
                long fill = DecompressionBudget.defaultBytes();
                if (header != 2) {
                    w.frame(header == 0 ? fill : -1);
                }
                w.rle(fill, plan.pick(256), true);
                produced += fill;
                break;
            }
            int blocks = plan.pick(16) + 1;
            long frameSize = 0;
            ZstdFrameWriter body = new ZstdFrameWriter();
            for (int i = 0; i < blocks; i++) {
                boolean last = i == blocks - 1;
                int type = plan.pick(4);
                int size = (int) (plan.u32() % (ZstdFrameWriter.MAX_BLOCK + 2));
                switch (type) {
                    case 0 -> {
                        byte[] data = plan.bytes();
                        body.blockHeader(0, data.length, last).bytes(data);
                        frameSize += data.length;
                    }
                    case 1 -> {
                        body.blockHeader(1, size, last).bytes(new byte[] {(byte) plan.pick(256)});
                        frameSize += size;
                    }
                    default -> {
                        // compressed (or reserved) block: a compressor's block body, or the plan's bytes
                        byte[] data = plan.bytes();
                        body.blockHeader(type, data.length, last).bytes(data);
                        frameSize += Math.min(size, ZstdFrameWriter.MAX_BLOCK);
                    }
                }
            }
            if (header != 2) {
                w.frame(header == 0 ? frameSize : -1);
            }
            w.bytes(body.toBytes());
            produced += frameSize;
        }
        content[0] = produced;
        return w.toBytes();
    }

    /**
     * Seeds: each container and codec over a fixture's own bytes (a .debug_info section, PTX text,
     * an offload bundle) made by the compressor, the same with flipped bytes, zstd frames written
     * block by block, and RLE frames filling the budget of this JVM.
     */
    static Map<String, byte[]> seeds(byte[] debugInfo, byte[] ptx, byte[] cubin, byte[] bundle) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (Container container : Container.values()) {
            for (int codec = 0; codec < 2; codec++) {
                String name = container.name().toLowerCase(Locale.ROOT) + "-" + codec;
                byte[] plain = switch (container) {
                    case ELF_SECTION -> debugInfo;
                    case FATBIN_ENTRY -> codec == 0 ? ptx : cubin;
                    case OFFLOAD_BUNDLE -> bundle;
                };
                int kind = container == Container.FATBIN_ENTRY && codec == 1 ? 1 : 0;
                out.put(name + "-exact", new Choices.Writer().pick(container.ordinal()).pick(codec).pick(kind).pick(0).pick(0).u64(0)
                        .bytes(plain).toBytes());
                out.put(name + "-flipped", new Choices.Writer().pick(container.ordinal()).pick(codec).pick(kind).pick(2).pick(0).u64(0)
                        .bytes(plain).pick(2).u16(40).pick(0x55).u16(300).pick(0x80).toBytes());
            }
            // zstd frames by hand: ELF and bundle codec 1, fatbin codec 0
            int zstd = container == Container.FATBIN_ENTRY ? 0 : 1;
            byte[] plan = new Choices.Writer().pick(1).pick(0).pick(2)
                    .pick(0).u32(0).bytes(".version 8.0\n.target sm_86\n".getBytes(StandardCharsets.US_ASCII))
                    .pick(1).u32(5000).pick('x')
                    .pick(0).u32(0).bytes(new byte[] {0}).toBytes();
            String name = container.name().toLowerCase(Locale.ROOT);
            out.put(name + "-frames", new Choices.Writer().pick(container.ordinal()).pick(zstd).pick(0).pick(1).pick(0).u64(0)
                    .bytes(plan).toBytes());
            byte[] bombPlan = new Choices.Writer().pick(0).pick(0).pick('A').toBytes();
            out.put(name + "-budget-bomb", new Choices.Writer().pick(container.ordinal()).pick(zstd).pick(0).pick(1).pick(3).u64(0)
                    .bytes(bombPlan).toBytes());
        }
        return out;
    }
}
