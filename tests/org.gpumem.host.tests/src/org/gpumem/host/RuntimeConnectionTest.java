package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.gpumem.host.internal.Channel;
import org.gpumem.host.internal.CudaError;
import org.gpumem.host.internal.MessageType;
import org.gpumem.sim.ExecOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java end of the channel driven with raw messages, as the C library sends them. */
class RuntimeConnectionTest {
    private static final long MEMORY = 1 << 20;

    @TempDir
    Path dir;

    private SocketChannel client;
    private RuntimeConnection connection;
    private Thread serving;
    private final CompletableFuture<String> disconnected = new CompletableFuture<>();

    @BeforeEach
    void connect() throws IOException {
        Path socket = dir.resolve("channel");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            client = SocketChannel.open(UnixDomainSocketAddress.of(socket));
            SocketChannel accepted = server.accept();
            HostListener listener = new HostListener() {
                @Override
                public void disconnected(HostProcess process, String problem) {
                    disconnected.complete(String.valueOf(problem));
                }
            };
            connection = new RuntimeConnection(new Channel(accepted), new RuntimeConnection.Settings("test", "sm_80", MEMORY,
                    dir, listener, KernelRunner.simulate(ExecOptions.defaults())));
        }
        serving = new Thread(connection);
        serving.start();
    }

    /** What the listener heard when the connection ended; bounded so that a missing report fails instead of hanging. */
    private String disconnected() {
        try {
            return disconnected.get(2, TimeUnit.MINUTES);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new AssertionError("the connection did not report its end", e);
        }
    }

    @AfterEach
    void close() throws Exception {
        client.close();
        serving.join();
        assertNull(connection.failure());
    }

    private static byte[] fields(Object... values) {
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        for (Object v : values) {
            if (v instanceof Integer i) {
                b.putInt(i);
            } else if (v instanceof Long l) {
                b.putLong(l);
            } else if (v instanceof String s) {
                byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
                b.putInt(bytes.length).put(bytes);
            } else {
                byte[] bytes = (byte[]) v;
                b.putInt(bytes.length).put(bytes);
            }
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    /** Sends a request and returns its reply's payload, the status read. */
    private ByteBuffer call(int type, byte[] payload, int expectedStatus) throws IOException {
        send(type, payload);
        ByteBuffer header = read(8);
        int length = header.getInt();
        assertEquals(type | MessageType.REPLY, header.getShort() & 0xffff);
        ByteBuffer reply = read(length);
        assertEquals(expectedStatus, reply.getInt());
        return reply;
    }

    private void send(int type, byte[] payload) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(payload.length).putShort((short) type).putShort((short) 0).put(payload).flip();
        while (b.hasRemaining()) {
            client.write(b);
        }
    }

    private ByteBuffer read(int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            assertTrue(client.read(b) >= 0, "gpumem closed the channel");
        }
        return b.flip();
    }

    private static String string(ByteBuffer b) {
        byte[] bytes = new byte[b.getInt()];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private Path hello() throws IOException {
        ByteBuffer r = call(MessageType.HELLO.code(), fields(MessageType.VERSION, 4242), CudaError.SUCCESS);
        assertEquals("", string(r));
        Path memory = Path.of(string(r));
        assertEquals(0x1_0000_0000L, r.getLong());
        assertEquals(MEMORY, r.getLong());
        assertEquals("gpumem simulator (sm_80)", string(r));
        Map<String, Long> properties = new HashMap<>();
        for (int n = r.getInt(); n > 0; n--) {
            properties.put(string(r), r.getLong());
        }
        assertEquals(8L, properties.get("major"));
        assertEquals(0L, properties.get("minor"));
        assertEquals(MEMORY, properties.get("totalGlobalMem"));
        assertEquals(1024L, properties.get("maxThreadsDim[0]"));
        assertEquals(0, r.getInt(), "flags: the device is not checked");
        assertFalse(r.hasRemaining());
        assertEquals(4242, connection.pid());
        return memory;
    }

    @Test
    void allocationsAreTheBytesOfTheSharedFileAtTheSameAddresses() throws IOException {
        Path memory = hello();
        long address = call(MessageType.ALLOCATE.code(), fields(1000L, 0, 2, 0x401234L, 0x405678L, "cudaMalloc"), CudaError.SUCCESS).getLong();
        assertTrue(address >= 0x1_0000_0000L && address + 1000 <= 0x1_0000_0000L + MEMORY, Long.toHexString(address));
        byte[] written = {1, 2, 3, 4, 5};
        try (FileChannel f = FileChannel.open(memory, StandardOpenOption.WRITE)) {
            f.write(ByteBuffer.wrap(written), address - 0x1_0000_0000L + 10);
        }
        assertArrayEquals(written, connection.device().read(address + 10, written.length));
        assertEquals(List.of(List.of(0x401234L, 0x405678L)), connection.allocations().stream().map(a -> a.callers()).toList());

        call(MessageType.FREE.code(), fields(address, 2), CudaError.INVALID_VALUE); // cudaFreeHost of device memory
        call(MessageType.FREE.code(), fields(address, 0), CudaError.SUCCESS);
        call(MessageType.FREE.code(), fields(address, 0), CudaError.INVALID_DEVICE_POINTER);
        call(MessageType.ALLOCATE.code(), fields(2 * MEMORY, 0, 1, 0L, "cudaMalloc"), CudaError.MEMORY_ALLOCATION);
        call(MessageType.FUNCTION_INFO.code(), fields(0x1234L), CudaError.INVALID_DEVICE_FUNCTION);
        assertEquals(0, call(MessageType.OCCUPANCY.code(), fields(0x1234L, 32, 0L), CudaError.INVALID_DEVICE_FUNCTION).getInt());
        assertEquals(0, call(MessageType.AVAILABLE_DYNAMIC_SHARED.code(), fields(0x1234L, 2), CudaError.INVALID_DEVICE_FUNCTION)
                .getLong());
        client.close();
        assertEquals("null", disconnected());
        assertFalse(Files.exists(memory), "the device memory file goes with the process");
    }

    /** The allocation gpumem holds at {@code address}. */
    private DeviceAllocation allocationAt(long address) {
        return connection.allocations().stream().filter(a -> a.address() == address).findFirst().orElseThrow();
    }

    /**
     * A pool's block given back (POOL_BLOCK, in use 0) is its pool's reserve, the whole block;
     * handed out again for fewer bytes, it is the program's allocation of the bytes asked for, of
     * its pool's kind (a device pool's, a managed pool's); handed out for more than the block
     * holds, the channel closes naming the block and the bytes.
     */
    @Test
    void aPoolBlockHandedOutAgainIsTheAllocationOfTheBytesAskedFor() throws IOException {
        hello();
        int pool = MessageType.POOL_BLOCK.code();
        long block = call(MessageType.ALLOCATE.code(), fields(4096L, 3, 1, 0x401000L, "cudaMallocAsync"), CudaError.SUCCESS)
                .getLong();
        long managed = call(MessageType.ALLOCATE.code(), fields(512L, 5, 1, 0x401010L, "cudaMallocFromPoolAsync"),
                CudaError.SUCCESS).getLong();
        assertEquals(DeviceAllocation.Kind.POOL, allocationAt(block).kind());
        assertEquals(DeviceAllocation.Kind.MANAGED_POOL, allocationAt(managed).kind());

        call(pool, fields(block, 0, 0L, 1, 0x401100L, "cudaFreeAsync"), CudaError.SUCCESS);
        assertEquals(new DeviceAllocation(block, 4096, DeviceAllocation.Kind.POOL_RESERVE, "cudaFreeAsync", List.of(0x401100L)),
                allocationAt(block));
        call(pool, fields(block, 1, 2560L, 1, 0x401200L, "cudaMallocAsync"), CudaError.SUCCESS);
        assertEquals(new DeviceAllocation(block, 2560, DeviceAllocation.Kind.POOL, "cudaMallocAsync", List.of(0x401200L)),
                allocationAt(block));
        call(pool, fields(block, 0, 0L, 1, 0x401300L, "cudaFreeAsync"), CudaError.SUCCESS);
        assertEquals(4096, allocationAt(block).size(), "given back: the whole block again");

        call(pool, fields(managed, 0, 0L, 1, 0x401400L, "cudaFreeAsync"), CudaError.SUCCESS);
        call(pool, fields(managed, 1, 300L, 1, 0x401500L, "cudaMallocFromPoolAsync"), CudaError.SUCCESS);
        assertEquals(new DeviceAllocation(managed, 300, DeviceAllocation.Kind.MANAGED_POOL, "cudaMallocFromPoolAsync",
                List.of(0x401500L)), allocationAt(managed));

        send(pool, fields(block, 1, 4097L, 1, 0x401600L, "cudaMallocAsync"));
        assertEquals("POOL_BLOCK of the 4096-byte block at 0x" + Long.toHexString(block) + " handed out for 4097 bytes",
                disconnected());
    }

    @Test
    void anUnknownMessageClosesTheChannelNamingIt() throws IOException {
        hello();
        send(99, new byte[0]);
        assertEquals("unknown message type 99", disconnected());
        assertEquals(-1, client.read(ByteBuffer.allocate(1)));
    }

    @Test
    void aRequestBeforeHelloOrCutShortIsAProtocolError() throws IOException {
        send(MessageType.ALLOCATE.code(), fields(16L, 0, 1, 0L, "cudaMalloc"));
        assertEquals("ALLOCATE request before HELLO", disconnected());
    }

    @Test
    void aFieldPastTheEndOfItsMessageIsAProtocolError() throws IOException {
        hello();
        send(MessageType.ALLOCATE.code(), fields(16L));
        assertTrue(disconnected().startsWith("malformed ALLOCATE request: a 32-bit field at offset 8"), disconnected());
    }
}
