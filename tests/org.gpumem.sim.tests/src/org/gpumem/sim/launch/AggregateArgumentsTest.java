package org.gpumem.sim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

import org.gpumem.sim.ExecOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Launch files passing structs by value: {@code {"bytes": ...}} and {@code {"struct": [...]}}. */
class AggregateArgumentsTest {
    private static final Path EVERYDAY = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).resolve("everyday");
    private static final String STRUCTS = "_Z16structs_by_value5Small5Mixed4Vec33Big6Tagged6PackedPj";

    @TempDir
    Path dir;

    private Path file(String json) throws IOException {
        Path f = dir.resolve("launch.json");
        Files.writeString(f, json);
        return f;
    }

    private KernelArgument.Aggregate only(String arg) throws IOException {
        LaunchDescription d = new LaunchFileReader().read(file("{\"module\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], "
                + "\"block\": [1], \"args\": [" + arg + "]}"));
        return (KernelArgument.Aggregate) d.args().get(0);
    }

    private String error(String arg) throws IOException {
        Path f = file("{\"module\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1], \"args\": [" + arg + "]}");
        return assertThrows(LaunchFileException.class, () -> new LaunchFileReader().read(f)).getMessage();
    }

    @Test
    void structMembersLieAtTheirNaturalAlignment() throws IOException {
        KernelArgument.Aggregate mixed = only("{\"struct\": [{\"s8\": -3}, {\"f64\": 1.25}, {\"s16\": -1200}]}");
        assertEquals("fd00000000000000" + "000000000000f43f" + "50fb" + "000000000000", HexFormat.of().formatHex(mixed.bytes()));
        assertEquals(8, mixed.alignment());
        KernelArgument.Aggregate nested = only("{\"struct\": [{\"u8\": 1}, {\"struct\": [{\"u16\": 2}, {\"u8\": 3}]}, {\"bytes\": \"ff\"}]}");
        assertEquals("01000200" + "0300" + "ff00", HexFormat.of().formatHex(nested.bytes()), "the inner struct is 4 bytes, align 2");
        assertArrayEquals(new byte[] {1, 0, 2, 0, 3, 0, (byte) 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                nested.laidOutFor(16), "a parameter's .align rounds the struct's size up, as alignas does");
        assertArrayEquals(new byte[] {0x0a, (byte) 0x81, (byte) 0xff}, only("{\"bytes\": \"0a81FF\"}").laidOutFor(16));
    }

    @Test
    void malformedAggregatesNameTheirField() throws IOException {
        String launch = dir.resolve("launch.json").toString();
        assertEquals(launch + ": field args[0].bytes: expected 1 to 32764 bytes as an even number of hexadecimal digits,"
                + " got 3 digits", error("{\"bytes\": \"abc\"}"));
        assertEquals(launch + ": field args[0].bytes: \"0z\" at digit 2 is not hexadecimal", error("{\"bytes\": \"000z\"}"));
        assertEquals(launch + ": field args[0].bytes: expected a string of hexadecimal digits, two a byte",
                error("{\"bytes\": 12}"));
        assertEquals(launch + ": field args[0].struct: expected a non-empty array of members such as"
                + " [{\"u32\": 1}, {\"f32\": 2.0}]", error("{\"struct\": []}"));
        assertEquals(launch + ": field args[0].struct[1].q32: unknown argument kind; expected one of "
                + "u8|u16|u32|u64|s8|s16|s32|s64|b8|b16|b32|b64|f32|f64, bytes, struct or buffer",
                error("{\"struct\": [{\"u32\": 1}, {\"q32\": 1}]}"));
        assertEquals(launch + ": field args[0].struct[0].u8: 300 is out of range for u8 [0, 255]",
                error("{\"struct\": [{\"u8\": 300}]}"));
    }

    private static LaunchDescription structsLaunch() {
        return new LaunchFileReader().read(EVERYDAY.resolve("launch/structs.structs_by_value.json"));
    }

    @Test
    void aStructOfTheWrongSizeOrAlignmentIsRefusedNamingTheField() throws IOException {
        LaunchDescription d = structsLaunch();
        java.util.List<KernelArgument> args = new java.util.ArrayList<>(d.args());
        args.set(1, only("{\"struct\": [{\"s8\": -3}, {\"f64\": 1.25}]}"));
        LaunchDescription shortMixed = new LaunchDescription(d.source(), d.module(), d.kernel(), d.grid(), d.block(),
                d.sharedBytes(), d.device(), args, d.outputs());
        LaunchFileException e = assertThrows(LaunchFileException.class, () -> PreparedLaunch.prepare(shortMixed));
        assertEquals(d.source() + ": field args[1].struct: parameter " + STRUCTS + "_param_1 is 24 bytes (aggregate), "
                + "the argument is 16 (the members at their natural alignment, the size rounded up to 8)", e.getMessage());
        args.set(1, d.args().get(1));
        args.set(0, only("{\"struct\": [{\"f64\": 1.0}]}"));
        LaunchDescription overAligned = new LaunchDescription(d.source(), d.module(), d.kernel(), d.grid(), d.block(),
                d.sharedBytes(), d.device(), args, d.outputs());
        e = assertThrows(LaunchFileException.class, () -> PreparedLaunch.prepare(overAligned));
        assertEquals(d.source() + ": field args[0].struct: the members need 8-byte alignment, parameter " + STRUCTS
                + "_param_0 is aligned to 4 (.align 4): the struct does not match the kernel's", e.getMessage());
        args.set(0, only("{\"bytes\": \"00\"}"));
        LaunchDescription rawShort = new LaunchDescription(d.source(), d.module(), d.kernel(), d.grid(), d.block(),
                d.sharedBytes(), d.device(), args, d.outputs());
        assertEquals(d.source() + ": field args[0].bytes: parameter " + STRUCTS + "_param_0 is 8 bytes (aggregate), "
                + "the argument is 1", assertThrows(LaunchFileException.class, () -> PreparedLaunch.prepare(rawShort)).getMessage());
    }

    @Test
    void theStructsKernelReadsEveryMemberWhereCPutsIt() throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(structsLaunch());
        PreparedLaunch.Outcome r = launch.run(ExecOptions.defaults());
        assertTrue(r.result().completed(), String.valueOf(r.result().fault()));
        int[] out = new int[34];
        ByteBuffer.wrap(r.outputs().get("out")).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        // the values of launch/structs.structs_by_value.json, and README's formulas
        long d = Double.doubleToRawLongBits(1.25);
        int[] expected = new int[34];
        expected[0] = -7;
        expected[1] = Float.floatToRawIntBits(2.5f);
        expected[2] = -3;
        expected[3] = (int) d;
        expected[4] = (int) (d >>> 32);
        expected[5] = -1200;
        expected[6] = Float.floatToRawIntBits(1.0f);
        expected[7] = Float.floatToRawIntBits(-2.0f);
        expected[8] = Float.floatToRawIntBits(0.5f);
        int[] m = {0, 1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, Integer.MAX_VALUE};
        System.arraycopy(m, 0, expected, 9, 16);
        expected[25] = Float.floatToRawIntBits(0.25f);
        expected[26] = Float.floatToRawIntBits(4.0f);
        expected[27] = Float.floatToRawIntBits(-8.5f);
        expected[28] = Float.floatToRawIntBits(3.0e-38f);
        expected[29] = 99;
        expected[30] = 0x0a | 0x81 << 8 | 0xff << 16;
        expected[31] = Float.floatToRawIntBits(1.0f + (float) -3);
        expected[32] = Float.floatToRawIntBits(-2.0f * (float) -1200);
        expected[33] = Float.floatToRawIntBits(0.5f - (float) (1.25 * (double) 2.5f));
        assertArrayEquals(expected, out);
    }

    @Test
    void theResolvedLaunchForTheGpuHarnessHoldsTheLaidOutBytes() throws IOException {
        PreparedLaunch launch = PreparedLaunch.prepare(structsLaunch());
        launch.writeResolved(dir.resolve("resolved"));
        String text = Files.readString(dir.resolve("resolved/launch.txt"));
        assertTrue(text.contains("\naggregate 8 f9ffffff00002040\n"), text);
        assertTrue(text.contains("\naggregate 32 0000803e00008040000008c1" + "e6552301" + "63000000" + "0".repeat(24) + "\n"), text);
        assertTrue(text.contains("\naggregate 3 0a81ff\n"), text);
    }
}
