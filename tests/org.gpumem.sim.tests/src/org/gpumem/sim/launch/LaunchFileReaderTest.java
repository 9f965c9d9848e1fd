package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.sim.Dim3;
import org.gpumem.sim.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LaunchFileReaderTest {

    @TempDir
    Path dir;

    private static final LaunchLimits SMALL = new LaunchLimits(1 << 20, 2 << 20, 1 << 16);

    private LaunchDescription read(String json) throws IOException {
        Path f = dir.resolve("launch.json");
        Files.writeString(f, json);
        return new LaunchFileReader(SMALL).read(f);
    }

    private LaunchFileException error(String json) {
        return assertThrows(LaunchFileException.class, () -> read(json));
    }

    @Test
    void readsEveryFieldAndResolvesPathsAgainstTheLaunchFile() throws IOException {
        Files.write(dir.resolve("x.bin"), new byte[16]);
        LaunchDescription d = read("""
                {"module":"k.ptx","kernel":"saxpy","grid":[4,2],"block":[128],"sharedBytes":512,"device":"sm_90",
                 "args":[{"u32":5},{"s32":-1},{"u64":"0xffffffffffffffff"},{"f32":2.5},{"f64":-0.125},
                         {"buffer":"x","type":"f32","count":4,"init":{"file":"x.bin"}},
                         {"buffer":"y","type":"u8","count":300,"init":{"iota":250}}],
                 "outputs":["y","x"]}""");
        assertEquals(dir.resolve("k.ptx"), d.module());
        assertEquals("saxpy", d.kernel());
        assertEquals(new Dim3(4, 2, 1), d.grid());
        assertEquals(new Dim3(128, 1, 1), d.block());
        assertEquals(512, d.sharedBytes());
        assertEquals(7, d.args().size());
        assertEquals(new KernelArgument.Scalar(ScalarType.U32, 5), d.args().get(0));
        assertEquals(new KernelArgument.Scalar(ScalarType.S32, 0xffffffffL), d.args().get(1));
        assertEquals(new KernelArgument.Scalar(ScalarType.U64, -1L), d.args().get(2));
        assertEquals(new KernelArgument.Scalar(ScalarType.F32, Float.floatToRawIntBits(2.5f)), d.args().get(3));
        assertEquals(new KernelArgument.Scalar(ScalarType.F64, Double.doubleToRawLongBits(-0.125)), d.args().get(4));
        assertArrayEquals(new byte[] {-1, -1, -1, -1}, ((KernelArgument.Scalar) d.args().get(1)).paramBytes());
        KernelArgument.Buffer x = d.buffers().get(0);
        assertEquals(new BufferInit.FromFile(dir.resolve("x.bin")), x.init());
        assertEquals(List.of("y", "x"), d.outputs());
        assertEquals(16 + 300, d.bufferBytes());
    }

    @Test
    void optionalFieldsTakeTheirDefaults() throws IOException {
        LaunchDescription d = read("""
                {"module":"/abs/k.ptx","kernel":"k","grid":1,"block":[32,2,2]}""");
        assertEquals(Path.of("/abs/k.ptx"), d.module());
        assertEquals(0, d.sharedBytes());
        assertEquals("sm_90", d.device());
        assertTrue(d.args().isEmpty());
        assertTrue(d.outputs().isEmpty());
        assertEquals(new Dim3(32, 2, 2), d.block());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{'kernel':'k','grid':1,'block':1}                                   | module",
        "{'module':'k.ptx','grid':1,'block':1}                               | kernel",
        "{'module':'k.ptx','kernel':'','grid':1,'block':1}                   | kernel",
        "{'module':'k.ptx','kernel':'k','block':1}                           | grid",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'shared':4}       | shared",
        "{'module':'k.ptx','kernel':'k','grid':[1,65536],'block':1}          | grid[1]",
        "{'module':'k.ptx','kernel':'k','grid':[0],'block':1}                | grid[0]",
        "{'module':'k.ptx','kernel':'k','grid':[1,1,1,1],'block':1}          | grid",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':[1025]}             | block[0]",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':[512,4]}            | block",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':[1,1,65]}           | block[2]",
        "{'module':'k.ptx','kernel':'k','grid':1.5,'block':1}                | grid[0]",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'sharedBytes':300000} | sharedBytes",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'device':'gfx90a'} | device",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':{}}         | args",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'u32':-1}]} | args[0].u32",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'s32':2147483648}]} | args[0].s32",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'u8':'0x100'}]} | args[0].u8",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'f32':1e39}]} | args[0].f32",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'i32':1}]} | args[0].i32",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'u32':1,'s32':2}]} | args[0]",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[7]}        | args[0]",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'f16','count':1}]} | args[0].type",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'f32'}]} | args[0].count",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'f32','count':0}]} | args[0].count",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'f64','count':200000}]} | args[0].count",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1000000},{'buffer':'y','type':'u8','count':1000000},{'buffer':'z','type':'u8','count':1000000}]} | args[2].count",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'../x','type':'u8','count':1}]} | args[0].buffer",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1},{'buffer':'x','type':'u8','count':1}]} | args[1].buffer",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1,'int':{'fill':1}}]} | args[0].int",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1,'init':{'fill':256}}]} | args[0].init.fill",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1,'init':{'iota':0.5}}]} | args[0].init.iota",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1,'init':{'zero':0}}]} | args[0].init.zero",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1,'init':{'file':'missing.bin'}}]} | args[0].init.file",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1}],'outputs':['y']} | outputs[0]",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'buffer':'x','type':'u8','count':1}],'outputs':['x','x']} | outputs[1]",
        "{'module':'k.ptx','kernel':'k','kernel':'j','grid':1,'block':1}     | kernel",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1,'args':[{'u32':1e999999999}]} | args[0].u32",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1                   | $",
        "[1,2]                                                               | $",
        "{'module':'k.ptx','kernel':'k','grid':1,'block':1} trailing         | $",
    })
    void badLaunchFilesNameTheField(String json, String field) {
        LaunchFileException e = error(json.replace('\'', '"'));
        assertEquals(field, e.field(), e.getMessage());
        // Text that is not JSON is placed by line and column, everything else by its field.
        String where = e.line() > 0 ? ":" + e.line() + ":" + e.column() + ": " : ": field " + field + ": ";
        assertTrue(e.getMessage().startsWith(dir.resolve("launch.json") + where), e.getMessage());
        assertTrue(!e.getMessage().contains("setStrictness") && !e.getMessage().contains("https://"), e.getMessage());
    }

    @Test
    void initFileOfTheWrongSizeIsRejectedWithBothSizes() throws IOException {
        Files.write(dir.resolve("x.bin"), new byte[12]);
        LaunchFileException e = error("""
                {"module":"k.ptx","kernel":"k","grid":1,"block":1,
                 "args":[{"buffer":"x","type":"f32","count":4,"init":{"file":"x.bin"}}]}""");
        assertEquals("args[0].init.file", e.field());
        assertTrue(e.getMessage().contains("12 bytes") && e.getMessage().contains("16"), e.getMessage());
    }

    @Test
    void oversizedLaunchFileIsRejectedBeforeParsing() throws IOException {
        LaunchFileException e = error(" ".repeat(1 << 17));
        assertEquals("$", e.field());
    }

    @Test
    void parseWithoutAFileNamesTheDocumentGenerically() {
        LaunchFileException e = assertThrows(LaunchFileException.class,
                () -> new LaunchFileReader(SMALL).parse("{\"kernel\":1}", dir));
        assertTrue(e.getMessage().startsWith("<launch>: field "), e.getMessage());
        LaunchDescription d = new LaunchFileReader(SMALL).parse("{\"module\":\"a.ptx\",\"kernel\":\"k\",\"grid\":1,\"block\":1}", dir);
        assertNull(d.source());
    }

    @Test
    void fillIotaAndFileContentsAreLittleEndianElements() throws IOException {
        byte[] fileBytes = {1, 2, 3, 4, 5, 6, 7, 8};
        Files.write(dir.resolve("in.bin"), fileBytes);
        LaunchDescription d = read("""
                {"module":"k.ptx","kernel":"k","grid":1,"block":1,
                 "args":[{"buffer":"a","type":"u8","count":300,"init":{"iota":250}},
                         {"buffer":"b","type":"f32","count":3,"init":{"fill":-1.5}},
                         {"buffer":"c","type":"s16","count":2,"init":{"fill":-2}},
                         {"buffer":"d","type":"f64","count":3,"init":{"iota":-1}},
                         {"buffer":"e","type":"u32","count":2,"init":{"file":"in.bin"}},
                         {"buffer":"f","type":"s64","count":2}]}""");
        List<KernelArgument.Buffer> bs = d.buffers();
        byte[] a = BufferContents.initial(bs.get(0));
        for (int i = 0; i < 300; i++) {
            assertEquals((byte) ((250 + i) % 256), a[i]);
        }
        ByteBuffer b = ByteBuffer.wrap(BufferContents.initial(bs.get(1))).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3; i++) {
            assertEquals(-1.5f, b.getFloat());
        }
        assertArrayEquals(new byte[] {(byte) 0xfe, (byte) 0xff, (byte) 0xfe, (byte) 0xff}, BufferContents.initial(bs.get(2)));
        ByteBuffer dd = ByteBuffer.wrap(BufferContents.initial(bs.get(3))).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(-1.0, dd.getDouble());
        assertEquals(0.0, dd.getDouble());
        assertEquals(1.0, dd.getDouble());
        assertArrayEquals(fileBytes, BufferContents.initial(bs.get(4)));
        assertArrayEquals(new byte[16], BufferContents.initial(bs.get(5)));
    }

    @Test
    void randomContentsAreReproducibleAndFloatsLieInTheUnitInterval() throws IOException {
        LaunchDescription d = read("""
                {"module":"k.ptx","kernel":"k","grid":1,"block":1,
                 "args":[{"buffer":"a","type":"f32","count":4096,"init":{"random":7}},
                         {"buffer":"b","type":"f32","count":4096,"init":{"random":7}},
                         {"buffer":"c","type":"f32","count":4096,"init":{"random":8}},
                         {"buffer":"d","type":"u8","count":65536,"init":{"random":1}}]}""");
        List<KernelArgument.Buffer> bs = d.buffers();
        byte[] a = BufferContents.initial(bs.get(0));
        assertArrayEquals(a, BufferContents.initial(bs.get(1)));
        assertTrue(!java.util.Arrays.equals(a, BufferContents.initial(bs.get(2))));
        ByteBuffer fa = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
        double sum = 0;
        for (int i = 0; i < 4096; i++) {
            float v = fa.getFloat();
            assertTrue(v >= 0 && v < 1, "value " + v);
            sum += v;
        }
        assertEquals(0.5, sum / 4096, 0.05);
        int[] counts = new int[256];
        for (byte x : BufferContents.initial(bs.get(3))) {
            counts[x & 0xff]++;
        }
        for (int c : counts) {
            assertTrue(c > 128 && c < 400, "byte histogram bucket " + c);
        }
        assertInstanceOf(BufferInit.Random.class, bs.get(3).init());
    }
}
