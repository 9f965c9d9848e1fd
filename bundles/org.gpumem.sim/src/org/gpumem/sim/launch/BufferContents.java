package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;

import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.sim.ScalarType;

/** The initial bytes of a buffer argument, as its {@link BufferInit} specifies. */
public final class BufferContents {
    private BufferContents() {
    }

    /** A new little-endian array of {@code buffer.byteSize()} bytes holding the initial values. */
    public static byte[] initial(KernelArgument.Buffer buffer) {
        long size = buffer.byteSize();
        if (size > Integer.MAX_VALUE - 64L) {
            throw new IllegalArgumentException("buffer " + buffer.name() + " of " + size + " bytes is larger than one array");
        }
        byte[] bytes = new byte[(int) size];
        ByteBuffer out = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        ScalarType type = buffer.type();
        long count = buffer.count();
        BufferInit init = buffer.init();
        if (init instanceof BufferInit.FromFile f) {
            readExactly(f, bytes);
        } else if (init instanceof BufferInit.Fill fill) {
            long bits = bitsOf(type, fill.value());
            for (long i = 0; i < count; i++) {
                put(out, type, bits);
            }
        } else if (init instanceof BufferInit.Iota iota) {
            for (long i = 0; i < count; i++) {
                put(out, type, type.isFloat() ? floatBits(type, (double) iota.start() + (double) i) : iota.start() + i);
            }
        } else if (init instanceof BufferInit.Random r) {
            long state = r.seed();
            for (long i = 0; i < count; i++) {
                state += 0x9E3779B97F4A7C15L;
                long v = mix(state);
                long bits = switch (type) {
                    case F32 -> Float.floatToRawIntBits((v >>> 40) * 0x1.0p-24f);
                    case F64 -> Double.doubleToRawLongBits((v >>> 11) * 0x1.0p-53);
                    default -> v;
                };
                put(out, type, bits);
            }
        }
        return bytes;
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

    private static void put(ByteBuffer out, ScalarType type, long bits) {
        switch (type.size()) {
            case 1 -> out.put((byte) bits);
            case 2 -> out.putShort((short) bits);
            case 4 -> out.putInt((int) bits);
            default -> out.putLong(bits);
        }
    }

    private static void readExactly(BufferInit.FromFile f, byte[] into) {
        try (InputStream in = Files.newInputStream(f.file())) {
            int n = in.readNBytes(into, 0, into.length);
            if (n != into.length || in.read() != -1) {
                throw new LaunchFileException(f.file().toString(), "$", "file changed size while being read");
            }
        } catch (IOException e) {
            throw InputFiles.failure(f.file(), e);
        }
    }
}
