package org.gpumem.sim.exec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.FaultKind;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.memory.Bytes;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.PtxFunction;

/**
 * The device functions the simulator provides itself, which nvcc's PTX declares {@code .extern}
 * without a body: {@code vprintf} (device printf), {@code __assertfail} (device assert),
 * {@code malloc} and {@code free} (the device heap), {@code cudaGraphSetConditional} (a graph's
 * condition value). A call to one runs here, for each calling
 * lane in lane order, instead of pushing a frame; everything else about the call (arguments in the
 * caller's call-site params, the return value back there) is as for a PTX function.
 */
public final class DeviceFunctions {
    static final String VPRINTF = "vprintf";
    static final String ASSERT_FAIL = "__assertfail";
    static final String MALLOC = "malloc";
    static final String FREE = "free";
    static final String SET_CONDITIONAL = "cudaGraphSetConditional";

    private DeviceFunctions() {
    }

    /** True for the functions that use the device heap. */
    static boolean usesHeap(String name) {
        return name.equals(MALLOC) || name.equals(FREE);
    }

    /**
     * Runs body-less {@code callee} for lanes {@code m} of warp {@code w}, whose frame
     * {@code caller} is at call instruction {@code in}, and moves the caller past the call.
     */
    static void call(Cta cta, Warp w, Frame caller, Instruction in, PtxFunction callee, int m) {
        switch (callee.name()) {
            case VPRINTF:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    printf(cta, w, caller, in, l);
                }
                break;
            case ASSERT_FAIL:
                assertFail(cta, w, caller, in, Integer.numberOfTrailingZeros(m));
                break;
            case MALLOC:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long bytes = argument(caller, in, 0, l);
                    long redZone = cta.checks != null ? DeviceHeap.RED_ZONE : 0;
                    long address = cta.launch.heap().allocate(bytes, redZone);
                    if (cta.checks != null) {
                        cta.checks.heapAllocated(address, bytes, DeviceHeap.granted(bytes) + redZone, w.id, l,
                                cta.launch.shadow.site(caller.fn.index(), in.index));
                    }
                    result(caller, in, l, address);
                }
                break;
            case FREE:
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    long address = argument(caller, in, 0, l);
                    if (cta.checks != null) {
                        cta.checks.heapFree(address, w.id, l, cta.launch.shadow.site(caller.fn.index(), in.index));
                    }
                    String problem = cta.launch.heap().free(address);
                    if (problem != null) {
                        throw LaneFault.of(FaultKind.HEAP_MISUSE, l, problem);
                    }
                }
                break;
            case SET_CONDITIONAL:
                // gpumem's runtime makes a conditional handle the device address of the condition's
                // 32-bit value, which it reads when the graph reaches the conditional node
                for (int mm = m; mm != 0; mm &= mm - 1) {
                    int l = Integer.numberOfTrailingZeros(mm);
                    byte[] value = new byte[4];
                    Bytes.store(value, 0, 4, argument(caller, in, 1, l));
                    try {
                        cta.launch.module.device().global().write(argument(caller, in, 0, l), value);
                    } catch (MemoryAccessException e) {
                        throw LaneFault.memory(e, l);
                    }
                }
                break;
            default:
                throw new IllegalStateException("no built-in device function " + callee.name());
        }
        caller.spc[caller.sp - 1] = in.index + 1;
    }

    /** Argument {@code k} of lane {@code l}, as the call site stored it (zero-extended). */
    private static long argument(Frame caller, Instruction in, int k, int l) {
        return Bytes.load(caller.params, l * caller.paramStride + in.argOffsets[k], in.argSizes[k]);
    }

    private static void result(Frame caller, Instruction in, int l, long value) {
        if (in.retOffsets.length > 0) {
            Bytes.store(caller.params, l * caller.paramStride + in.retOffsets[0], in.retSizes[0], value);
        }
    }

    private static void printf(Cta cta, Warp w, Frame caller, Instruction in, int l) {
        long format = argument(caller, in, 0, l);
        long buffer = argument(caller, in, 1, l);
        if (format == 0) {
            result(caller, in, l, -1);
            return;
        }
        CtaMemory memory = cta.memory;
        PrintfFormat.Result r = PrintfFormat.format(string(memory, w, caller, in, l, format, Integer.MAX_VALUE),
                new PrintfFormat.Arguments() {
                    @Override
                    public long read(long offset, int size) {
                        return memory.loadGeneric(w, caller, in, buffer + offset, size, l);
                    }

                    @Override
                    public byte[] string(long address, int limit) {
                        return DeviceFunctions.string(memory, w, caller, in, l, address, limit);
                    }
                });
        w.printf(r.text());
        result(caller, in, l, r.arguments());
    }

    /** The bytes of the NUL-terminated string at generic {@code address}, at most {@code limit}. */
    private static byte[] string(CtaMemory memory, Warp w, Frame f, Instruction in, int l, long address, int limit) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (long a = address; b.size() < limit; a++) {
            int c = (int) memory.loadGeneric(w, f, in, a, 1, l);
            if (c == 0) {
                break;
            }
            b.write(c);
        }
        return b.toByteArray();
    }

    /**
     * {@code __assertfail(message, file, line, function, charSize)}: stops the kernel with the line
     * CUDA prints, e.g. {@code f.cu:10: void k(int *): block: [2,0,0], thread: [89,0,0]
     * Assertion `x != 0` failed.}
     */
    private static void assertFail(Cta cta, Warp w, Frame caller, Instruction in, int l) {
        CtaMemory memory = cta.memory;
        String message = text(memory, w, caller, in, l, argument(caller, in, 0, l));
        String file = text(memory, w, caller, in, l, argument(caller, in, 1, l));
        long line = argument(caller, in, 2, l) & 0xffff_ffffL;
        String function = text(memory, w, caller, in, l, argument(caller, in, 3, l));
        Dim3 b = cta.index;
        Dim3 t = w.threadIndex(l);
        throw LaneFault.of(FaultKind.ASSERTION, l, file + ":" + line + ": " + function + ": block: [" + b.x() + ","
                + b.y() + "," + b.z() + "], thread: [" + t.x() + "," + t.y() + "," + t.z() + "] Assertion `" + message
                + "` failed.");
    }

    private static String text(CtaMemory memory, Warp w, Frame f, Instruction in, int l, long address) {
        return address == 0 ? "" : new String(string(memory, w, f, in, l, address, 4096), StandardCharsets.UTF_8);
    }
}
