package org.gpumem.images;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.gpumem.dwarf.io.BoundedDecompression;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.DecompressionBudget;

/**
 * What one catalog may inflate: each image or bundle at most {@code maxImageSize} bytes, and
 * the file as a whole its {@link DecompressionBudget}. The inflating itself is dwarf's
 * {@link BoundedDecompression}.
 */
final class ImageLimits {
    private final long maxImageSize;
    private final DecompressionBudget budget;

    ImageLimits(long maxImageSize, DecompressionBudget budget) {
        this.maxImageSize = maxImageSize;
        this.budget = budget;
    }

    long maxImageSize() {
        return maxImageSize;
    }

    DecompressionBudget budget() {
        return budget;
    }

    /** Refuses a declared size over the per-image limit, naming where the stored bytes are. */
    void checkDeclared(ByteReader stored, long declaredSize, String what) {
        if (declaredSize < 0 || declaredSize > maxImageSize) {
            throw stored.fail(0, what + " declares " + Long.toUnsignedString(declaredSize)
                    + " bytes after decompression, over the limit of " + maxImageSize + " per image (--max-image-size)");
        }
    }

    /** The stored bytes of one compressed item, inflated on request and charged to the budget once. */
    Compressed compressed(ByteReader stored, Compression compression, long declaredSize, String what) {
        return new Compressed(stored, compression, declaredSize, what);
    }

    final class Compressed implements DeviceImage.Payload {
        private final ByteReader stored;
        private final Compression compression;
        private final long declaredSize;
        private final String what;
        private final AtomicBoolean charged = new AtomicBoolean();

        private Compressed(ByteReader stored, Compression compression, long declaredSize, String what) {
            this.stored = stored;
            this.compression = compression;
            this.declaredSize = declaredSize;
            this.what = what;
        }

        @Override
        public ByteBuffer read() {
            checkDeclared(stored, declaredSize, what);
            if (!charged.get()) {
                synchronized (this) {
                    if (!charged.get()) {
                        budget.charge(stored, declaredSize, what);
                        charged.set(true);
                    }
                }
            }
            return BoundedDecompression.decompress(stored, compression.codec(), declaredSize, what);
        }
    }
}
