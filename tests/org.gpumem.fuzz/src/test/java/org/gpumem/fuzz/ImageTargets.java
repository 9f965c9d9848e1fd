package org.gpumem.fuzz;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.images.Catalog;
import org.gpumem.images.CatalogReader;
import org.gpumem.images.Container;
import org.gpumem.images.DeviceImage;
import org.gpumem.images.ImageSelector;
import org.gpumem.images.NvidiaTarget;

/** The fuzz targets of the images bundle: a container's headers, then every image's payload and kernels. */
final class ImageTargets {
    /** CUDA fatbin magic, little-endian (0xba55ed50). */
    private static final byte[] FATBIN_MAGIC = {0x50, (byte) 0xed, 0x55, (byte) 0xba};
    private static final byte[] BUNDLE_MAGIC = "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COMPRESSED_MAGIC = "CCOB".getBytes(StandardCharsets.US_ASCII);
    /** 32 MiB: the same per-image limit the old mutation test used, so that bombs are refused quickly. */
    private static final long MAX_IMAGE = 32L << 20;

    /**
     * Images larger than this are inflated but not scanned for kernels here: under Jazzer's
     * comparison tracing a byte-by-byte scan of a budget-sized payload takes minutes, not the tenth
     * of a second it takes uninstrumented. HostileInputsTest and UserMessagesTest list the kernels
     * of 100-250 MB bombs through the CLI.
     */
    private static final long SCAN_LIMIT = 16L << 20;

    private ImageTargets() {
    }

    /** A CUDA fatbin: the input with the fatbin magic forced over its first four bytes. */
    static void fatbin(byte[] input) {
        catalog("fuzz.fatbin", asFatbin(input));
    }

    static byte[] asFatbin(byte[] input) {
        byte[] b = input.clone();
        System.arraycopy(FATBIN_MAGIC, 0, b, 0, Math.min(4, b.length));
        return b;
    }

    /** A clang offload bundle, plain or compressed; the plain magic is put in front of inputs that have neither. */
    static void offloadBundle(byte[] input) {
        catalog("fuzz.hipfb", asBundle(input));
    }

    static byte[] asBundle(byte[] input) {
        if (startsWith(input, BUNDLE_MAGIC) || startsWith(input, COMPRESSED_MAGIC)) {
            return input;
        }
        byte[] b = new byte[BUNDLE_MAGIC.length + input.length];
        System.arraycopy(BUNDLE_MAGIC, 0, b, 0, BUNDLE_MAGIC.length);
        System.arraycopy(input, 0, b, BUNDLE_MAGIC.length, input.length);
        return b;
    }

    /** Any file: what {@code gpumem images} does with it (ELF hosts with .nv_fatbin / .hip_fatbin too). */
    static void catalog(String name, byte[] b) {
        readAll(new CatalogReader(MAX_IMAGE).read(name, ByteBuffer.wrap(b)), b);
    }

    /**
     * What {@code gpumem images --kernels --select sm_86} reads of the catalog of {@code file}: every
     * image's payload and kernels (up to {@link #SCAN_LIMIT}), and the problems it lists.
     */
    static void readAll(Catalog c, byte[] file) {
        for (InputFormatException problem : c.problems()) {
            // listed by gpumem images beside what could be read
            JvmText.check(problem.getMessage(), file);
        }
        for (Container container : c.containers()) {
            for (DeviceImage i : container.images()) {
                i.payload();
                if (i.size() <= SCAN_LIMIT) {
                    i.kernels();
                }
                i.describe();
                i.suggestedFileName();
            }
        }
        ImageSelector.select(c, NvidiaTarget.parse("sm_86"));
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        if (b.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
