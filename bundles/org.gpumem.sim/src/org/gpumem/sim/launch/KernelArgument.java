package org.gpumem.sim.launch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpumem.sim.ScalarType;

/** One kernel parameter of a launch description, in parameter order. */
public sealed interface KernelArgument {

    /**
     * A scalar passed by value; {@code bits} holds the value's bit pattern in the low
     * {@code type.size()} bytes (floats as their IEEE bits).
     */
    record Scalar(ScalarType type, long bits) implements KernelArgument {
        /** The value as the kernel sees it in the parameter space: little-endian, type.size() bytes. */
        public byte[] paramBytes() {
            ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(bits);
            byte[] out = new byte[type.size()];
            System.arraycopy(b.array(), 0, out, 0, out.length);
            return out;
        }
    }

    /**
     * An aggregate passed by value (a struct, an array member): its bytes as the kernel sees
     * them in the parameter space, and the alignment its members need.
     *
     * @param bytes     the little-endian bytes (do not modify)
     * @param alignment the strictest natural alignment of its members (1 for raw bytes)
     * @param field     how the launch file wrote it: {@code bytes} or {@code struct}
     */
    record Aggregate(byte[] bytes, int alignment, String field) implements KernelArgument {
        /**
         * The bytes in a parameter aligned to {@code paramAlignment}: a struct's size is rounded
         * up to that alignment (as {@code alignas} does in C), raw bytes are taken as they are.
         */
        public byte[] laidOutFor(int paramAlignment) {
            if (!field.equals("struct")) {
                return bytes;
            }
            int a = Math.max(alignment, paramAlignment);
            return java.util.Arrays.copyOf(bytes, (bytes.length + a - 1) / a * a);
        }
    }

    /** A global-memory buffer of {@code count} elements, passed as its 64-bit device address. */
    record Buffer(String name, ScalarType type, long count, BufferInit init) implements KernelArgument {
        public long byteSize() {
            return count * type.size();
        }
    }
}
