package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.sim.ExecOptions;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.launch.SampleKernels.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A buffer's contents produced piece by piece, as launches fill device memory, equal the
 * contents produced whole; outputs are saved and viewed from device memory without a copy.
 */
class BufferContentsTest {

    @TempDir
    Path dir;

    /** The buffer's bytes gathered from pieces of {@code pieceBytes}. */
    private static byte[] inPieces(KernelArgument.Buffer b, int pieceBytes) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] piece = new byte[pieceBytes];
        try (BufferContents c = BufferContents.of(b)) {
            for (int n; (n = c.next(piece)) > 0;) {
                all.write(piece, 0, n);
            }
        }
        return all.toByteArray();
    }

    @Test
    void piecesOfAnySizeGiveTheWholeContents() throws IOException {
        Path file = dir.resolve("in.bin");
        byte[] fileBytes = new byte[8 * 1001];
        for (int i = 0; i < fileBytes.length; i++) {
            fileBytes[i] = (byte) (i * 31 + 7);
        }
        Files.write(file, fileBytes);
        List<BufferInit> inits = List.of(new BufferInit.Zero(), new BufferInit.Fill(-3), new BufferInit.Iota(250),
                new BufferInit.Random(42), new BufferInit.FromFile(file));
        for (ScalarType type : List.of(ScalarType.U8, ScalarType.S16, ScalarType.F32, ScalarType.U32, ScalarType.F64,
                ScalarType.S64)) {
            for (BufferInit init : inits) {
                long count = init instanceof BufferInit.FromFile ? fileBytes.length / type.size() : 1001;
                KernelArgument.Buffer b = new KernelArgument.Buffer("b", type, count, init);
                byte[] whole = BufferContents.initial(b);
                assertEquals(b.byteSize(), whole.length);
                for (int piece : new int[] {8, 24, 1000, 1 << 16}) {
                    assertArrayEquals(whole, inPieces(b, piece), type + " " + init + " in pieces of " + piece);
                }
            }
        }
        assertArrayEquals(fileBytes, BufferContents.initial(new KernelArgument.Buffer("f", ScalarType.U8,
                fileBytes.length, new BufferInit.FromFile(file))));
    }

    /**
     * The values themselves, against references outside the code, read from pieces that split
     * the buffer mid-way: SplitMix64's published first outputs for seed 0, a count from 250, -3.
     */
    @Test
    void piecesHoldTheValuesTheInitNames() {
        ByteBuffer random = ByteBuffer.wrap(inPieces(new KernelArgument.Buffer("r", ScalarType.S64, 3,
                new BufferInit.Random(0)), 16)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0xE220A8397B1DCDAFL, random.getLong(0));
        assertEquals(0x6E789E6AA1B965F4L, random.getLong(8));
        assertEquals(0x06C45D188009454FL, random.getLong(16));
        ByteBuffer iota = ByteBuffer.wrap(inPieces(new KernelArgument.Buffer("i", ScalarType.F32, 1001,
                new BufferInit.Iota(250)), 24)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer fill = ByteBuffer.wrap(inPieces(new KernelArgument.Buffer("f", ScalarType.S16, 1001,
                new BufferInit.Fill(-3)), 24)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1001; i++) {
            assertEquals(250f + i, iota.getFloat(4 * i), "iota element " + i);
            assertEquals(-3, fill.getShort(2 * i), "fill element " + i);
        }
    }

    @Test
    void aPieceMustHoldAnElement() {
        KernelArgument.Buffer b = new KernelArgument.Buffer("b", ScalarType.F64, 4, new BufferInit.Iota(0));
        try (BufferContents c = BufferContents.of(b)) {
            assertThrows(IllegalArgumentException.class, () -> c.next(new byte[4]));
        }
    }

    @Test
    void anInitFileThatGrewIsReportedByName() throws IOException {
        Path file = dir.resolve("grown.bin");
        Files.write(file, new byte[16]);
        KernelArgument.Buffer b = new KernelArgument.Buffer("b", ScalarType.U32, 2, new BufferInit.FromFile(file));
        LaunchFileException e = assertThrows(LaunchFileException.class, () -> BufferContents.initial(b));
        assertEquals(file.toString(), e.file());
    }

    @Test
    void outputsAreSavedAndViewedFromDeviceMemory() throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(SampleKernels.launch("saxpy", Variant.O3));
        assertArrayEquals(launch.initialBuffer("x"), launch.buffer("x"), "x filled in device memory");
        assertArrayEquals(launch.initialBuffer("y"), launch.buffer("y"), "y filled in device memory");
        ByteBuffer y = launch.bufferView("y");
        assertTrue(y.isReadOnly());
        PreparedLaunch.Outcome o = launch.run(ExecOptions.defaults());
        byte[] after = o.outputs().get("y");
        byte[] viewed = new byte[y.capacity()];
        y.get(0, viewed);
        assertArrayEquals(after, viewed, "the view shows what the kernel wrote");
        ByteArrayOutputStream saved = new ByteArrayOutputStream();
        launch.writeBuffer("y", saved);
        assertArrayEquals(after, saved.toByteArray());
    }
}
