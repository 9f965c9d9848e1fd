package org.gpumem.sim.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian loads and stores of 1, 2, 4 and 8 bytes on byte arrays and on the byte buffers
 * that hold global memory, plus the atomic compare-and-set and volatile load of global atomics.
 * Callers check bounds and alignment first.
 */
public final class Bytes {
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle B16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle B32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle B64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Whether buffer views do atomic access on heap buffers: Java 17 to 21 do, later ones refuse
     * it ({@link LockedWords} then does it); direct buffers, as the host's mapped memory, always.
     */
    private static final boolean HEAP_BUFFER_ATOMICS = heapBufferAtomics();

    private Bytes() {
    }

    private static boolean heapBufferAtomics() {
        try {
            B64.compareAndSet(ByteBuffer.allocate(8), 0, 0L, 0L);
            return true;
        } catch (IllegalStateException | UnsupportedOperationException refused) {
            return false;
        }
    }

    /** The {@code size}-byte value at {@code off}, zero-extended. */
    public static long load(byte[] a, int off, int size) {
        switch (size) {
            case 1:
                return a[off] & 0xFFL;
            case 2:
                return ((short) I16.get(a, off)) & 0xFFFFL;
            case 4:
                return ((int) I32.get(a, off)) & 0xFFFF_FFFFL;
            default:
                return (long) I64.get(a, off);
        }
    }

    /** Stores the low {@code size} bytes of {@code v} at {@code off}. */
    public static void store(byte[] a, int off, int size, long v) {
        switch (size) {
            case 1:
                a[off] = (byte) v;
                break;
            case 2:
                I16.set(a, off, (short) v);
                break;
            case 4:
                I32.set(a, off, (int) v);
                break;
            default:
                I64.set(a, off, v);
                break;
        }
    }

    /** The {@code size}-byte value at {@code off} of a buffer (absolute index), zero-extended. */
    public static long load(ByteBuffer b, int off, int size) {
        switch (size) {
            case 1:
                return b.get(off) & 0xFFL;
            case 2:
                return ((short) B16.get(b, off)) & 0xFFFFL;
            case 4:
                return ((int) B32.get(b, off)) & 0xFFFF_FFFFL;
            default:
                return (long) B64.get(b, off);
        }
    }

    /** Stores the low {@code size} bytes of {@code v} at {@code off} of a buffer (absolute index). */
    public static void store(ByteBuffer b, int off, int size, long v) {
        switch (size) {
            case 1:
                b.put(off, (byte) v);
                break;
            case 2:
                B16.set(b, off, (short) v);
                break;
            case 4:
                B32.set(b, off, (int) v);
                break;
            default:
                B64.set(b, off, v);
                break;
        }
    }

    /** Atomic compare-and-set of an aligned 4- or 8-byte word of a buffer; true when it was swapped. */
    public static boolean compareAndSet(ByteBuffer b, int off, int size, long expect, long update) {
        if (!HEAP_BUFFER_ATOMICS && !b.isDirect()) {
            return LockedWords.compareAndSet(b, off, size, expect, update);
        }
        if (size == 4) {
            return B32.compareAndSet(b, off, (int) expect, (int) update);
        }
        return B64.compareAndSet(b, off, expect, update);
    }

    /** Volatile load of an aligned 4- or 8-byte word of a buffer, zero-extended. */
    public static long loadVolatile(ByteBuffer b, int off, int size) {
        if (!HEAP_BUFFER_ATOMICS && !b.isDirect()) {
            return LockedWords.load(b, off, size);
        }
        if (size == 4) {
            return ((int) B32.getVolatile(b, off)) & 0xFFFF_FFFFL;
        }
        return (long) B64.getVolatile(b, off);
    }
}
