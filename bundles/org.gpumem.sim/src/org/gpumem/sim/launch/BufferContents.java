package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Arrays;

import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.memory.Bytes;

/**
 * The initial bytes of a buffer argument, as its {@link BufferInit} specifies, produced piece by
 * piece: a buffer of a gigabyte is written into device memory (or a file) through one small
 * array instead of being built whole beside the memory it goes to.
 */
public final class BufferContents implements AutoCloseable {
    /** Most bytes of a piece: large enough that per-piece costs vanish. */
    private static final int PIECE_BYTES = 1 << 20;

    private final KernelArgument.Buffer buffer;
    private final int size;
    private final InputStream file;
    /** Index of the next element to produce. */
    private long element;
    /** SplitMix64 state after the last element produced, for {@link BufferInit.Random}. */
    private long random;

    private BufferContents(KernelArgument.Buffer buffer) {
        this.buffer = buffer;
        this.size = buffer.type().size();
        if (buffer.init() instanceof BufferInit.FromFile f) {
            try {
                this.file = Files.newInputStream(f.file());
            } catch (IOException e) {
                throw InputFiles.failure(f.file(), e);
            }
        } else {
            this.file = null;
        }
        if (buffer.init() instanceof BufferInit.Random r) {
            random = r.seed();
        }
    }

    /** The contents of {@code buffer} from its first byte on; close it to release an init file. */
    public static BufferContents of(KernelArgument.Buffer buffer) {
        return new BufferContents(buffer);
    }

    /** An array for {@link #next}: the whole buffer, up to 1 MiB. */
    public byte[] newPiece() {
        return new byte[(int) Math.min(PIECE_BYTES, Math.max(size, buffer.byteSize()))];
    }

    /** A new little-endian array of {@code buffer.byteSize()} bytes holding the initial values. */
    public static byte[] initial(KernelArgument.Buffer buffer) {
        long size = buffer.byteSize();
        if (size > Integer.MAX_VALUE - 64L) {
            throw new IllegalArgumentException("buffer " + buffer.name() + " of " + size + " bytes is larger than one array");
        }
        byte[] bytes = new byte[(int) size];
        try (BufferContents c = of(buffer)) {
            c.next(bytes);
        }
        return bytes;
    }

    /**
     * Fills the start of {@code into} with the next whole elements, as many as fit, and returns
     * how many bytes it wrote: 0 once every element has been produced.
     *
     * @throws IllegalArgumentException when {@code into} cannot hold one element
     */
    public int next(byte[] into) {
        if (into.length < size) {
            throw new IllegalArgumentException("a piece of " + into.length + " bytes holds no " + size + "-byte element");
        }
        int n = (int) Math.min(into.length / size, buffer.count() - element);
        if (n <= 0) {
            return 0;
        }
        BufferInit init = buffer.init();
        if (init instanceof BufferInit.Zero) {
            Arrays.fill(into, 0, n * size, (byte) 0);
        } else if (init instanceof BufferInit.FromFile f) {
            read(f, into, n * size);
        } else if (init instanceof BufferInit.Fill fill) {
            long bits = bitsOf(buffer.type(), fill.value());
            for (int i = 0; i < n; i++) {
                Bytes.store(into, i * size, size, bits);
            }
        } else if (init instanceof BufferInit.Iota iota) {
            ScalarType type = buffer.type();
            long first = iota.start() + element;
            for (int i = 0; i < n; i++) {
                long bits = type.isFloat() ? floatBits(type, (double) iota.start() + (double) (element + i)) : first + i;
                Bytes.store(into, i * size, size, bits);
            }
        } else if (init instanceof BufferInit.Random) {
            ScalarType type = buffer.type();
            long state = random;
            for (int i = 0; i < n; i++) {
                state += 0x9E3779B97F4A7C15L;
                long v = mix(state);
                long bits = switch (type) {
                    case F32 -> Float.floatToRawIntBits((v >>> 40) * 0x1.0p-24f);
                    case F64 -> Double.doubleToRawLongBits((v >>> 11) * 0x1.0p-53);
                    default -> v;
                };
                Bytes.store(into, i * size, size, bits);
            }
            random = state;
        }
        element += n;
        return n * size;
    }

    @Override
    public void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                throw InputFiles.failure(((BufferInit.FromFile) buffer.init()).file(), e);
            }
        }
    }

    /** SplitMix64's output function. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static long bitsOf(ScalarType type, Number value) {
        if (type == ScalarType.F32) {
            return Float.floatToRawIntBits(value.floatValue());
        }
        if (type == ScalarType.F64) {
            return Double.doubleToRawLongBits(value.doubleValue());
        }
        return value.longValue();
    }

    private static long floatBits(ScalarType type, double v) {
        return type == ScalarType.F32 ? Float.floatToRawIntBits((float) v) : Double.doubleToRawLongBits(v);
    }

    /** The next {@code length} bytes of the init file; its size was checked against the buffer's when read. */
    private void read(BufferInit.FromFile f, byte[] into, int length) {
        try {
            int got = file.readNBytes(into, 0, length);
            boolean last = element + length / size == buffer.count();
            if (got != length || last && file.read() != -1) {
                throw new LaunchFileException(f.file().toString(), "$", "file changed size while being read");
            }
        } catch (IOException e) {
            throw InputFiles.failure(f.file(), e);
        }
    }
}
