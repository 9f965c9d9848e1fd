package org.gpumem.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The containers compressed device code and debug sections come in, written around stored
 * bytes with whatever sizes their headers should state: an ELF64 relocatable with one
 * SHF_COMPRESSED section, a CUDA fatbin with one entry, a compressed clang offload bundle.
 */
final class Containers {
    static final int ELFCOMPRESS_ZLIB = 1;
    static final int ELFCOMPRESS_ZSTD = 2;
    static final int FATBIN_PTX = 1;
    static final int FATBIN_CUBIN = 2;
    static final long FATBIN_LZ4 = 0x2000;
    static final long FATBIN_ZSTD = 0x8000;
    static final long FATBIN_DEBUG = 0x2;

    private Containers() {
    }

    /** ELF64, little-endian, EM_X86_64: sections null, .shstrtab, and {@code name} holding an Elf64_Chdr and {@code stored}. */
    static byte[] elf(String name, int chType, long chSize, byte[] stored) {
        ByteBuffer contents = ByteBuffer.allocate(24 + stored.length).order(ByteOrder.LITTLE_ENDIAN);
        contents.putInt(chType).putInt(0).putLong(chSize).putLong(1).put(stored);
        return elf(name, 0x800, contents.array());
    }

    /** ELF64, little-endian, EM_X86_64, ET_REL: sections null, .shstrtab, and {@code name} (SHT_PROGBITS, {@code flags}) holding {@code contents}. */
    static byte[] elf(String name, long flags, byte[] contents) {
        byte[] names = ("\0.shstrtab\0" + name + "\0").getBytes(StandardCharsets.US_ASCII);
        int dataAt = 64 + names.length;
        int shoff = (dataAt + contents.length + 7) & ~7;
        ByteBuffer b = ByteBuffer.allocate(shoff + 3 * 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0}).putLong(0);
        // e_type ET_REL, e_machine EM_X86_64, e_version, entry, phoff, shoff, flags, ehsize, phentsize, phnum, shentsize, shnum, shstrndx
        b.putShort((short) 1).putShort((short) 62).putInt(1).putLong(0).putLong(0).putLong(shoff).putInt(0)
                .putShort((short) 64).putShort((short) 0).putShort((short) 0).putShort((short) 64).putShort((short) 3).putShort((short) 1);
        b.put(names).put(contents);
        b.position(shoff + 64);
        // .shstrtab: SHT_STRTAB; then the section: SHT_PROGBITS
        b.putInt(1).putInt(3).putLong(0).putLong(0).putLong(64).putLong(names.length).putInt(0).putInt(0).putLong(1).putLong(0);
        b.putInt(11).putInt(1).putLong(flags).putLong(0).putLong(dataAt).putLong(contents.length).putInt(0).putInt(0).putLong(8).putLong(0);
        return b.array();
    }

    /**
     * A fatbin (container header, one 64-byte entry header) whose entry holds {@code stored},
     * flagged as compressed (and as a debug build) by {@code flags}.
     */
    static byte[] fatbin(int kind, long flags, byte[] stored, long uncompressed) {
        int padded = (stored.length + 7) & ~7;
        ByteBuffer b = ByteBuffer.allocate(16 + 64 + padded).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xba55ed50).putShort((short) 1).putShort((short) 16).putLong(64 + padded);
        // kind, 0x0101, header size, padded payload size, compressed size, 0, minor, major, arch (sm_86),
        // name offset and length, flags (64-bit, linux), zero, uncompressed size
        b.putShort((short) kind).putShort((short) 0x101).putInt(64).putLong(padded).putInt(stored.length).putInt(0)
                .putShort((short) 0).putShort((short) 9).putInt(86).putInt(0).putInt(0).putLong(flags | 0x11).putLong(0)
                .putLong(uncompressed);
        b.put(stored);
        return b.array();
    }

    /** A compressed clang offload bundle, version 3 ("CCOB", method 0 zlib or 1 zstd, u64 sizes, u64 hash). */
    static byte[] ccob(int method, byte[] stored, long uncompressed) {
        ByteBuffer b = ByteBuffer.allocate(32 + stored.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CCOB".getBytes(StandardCharsets.US_ASCII)).putShort((short) 3).putShort((short) method);
        b.putLong(32 + stored.length).putLong(uncompressed).putLong(0).put(stored);
        return b.array();
    }
}
