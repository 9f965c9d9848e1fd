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

    /** A global-memory buffer of {@code count} elements, passed as its 64-bit device address. */
    record Buffer(String name, ScalarType type, long count, BufferInit init) implements KernelArgument {
        public long byteSize() {
            return count * type.size();
        }
    }
}
