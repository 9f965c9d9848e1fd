package org.gpumem.cli;

import static org.gpumem.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failures an independent fuzzing run found reaching the user as JVM text, each with the
 * exact line the CLI prints now: the file, the position and what was expected (issue 15).
 */
class BadInputMessagesTest {

    @TempDir
    Path dir;

    private static String fixture(String path) {
        return Path.of(System.getProperty("gpumem.fixtures")).resolve(path).toString();
    }

    private static void assertOneLine(CliRun r, String expected) {
        assertEquals(Main.EXIT_BAD_INPUT, r.status(), r.err());
        assertEquals(expected, r.err().strip());
    }

    @Test
    void aHugeSectionCountIsRefusedNamingTheFile() throws IOException {
        // ELF64 header with e_shnum 0, so section 0's sh_size (2^58) is the count.
        ByteBuffer elf = ByteBuffer.allocate(128).order(ByteOrder.LITTLE_ENDIAN);
        elf.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1}).position(16);
        elf.putShort((short) 1).putShort((short) 62).putInt(1).putLong(0).putLong(0).putLong(64);
        elf.putInt(0).putShort((short) 64).putShort((short) 0).putShort((short) 0).putShort((short) 64)
                .putShort((short) 0).putShort((short) 0);
        elf.putLong(64 + 32, 1L << 58);
        Path file = dir.resolve("huge.o");
        Files.write(file, elf.array());
        String expected = "gpumem dwarf: " + file + ": offset 0x40: 288230376151711744 section headers of 64 bytes do not fit in "
                + "the file (128 bytes, section headers at 0x40)";
        assertOneLine(run("dwarf", file.toString()), expected);
        assertOneLine(run("images", file.toString()), expected.replace("gpumem dwarf", "gpumem images"));
    }

    @Test
    void aBinaryFileThatIsNotElfNamesTheOffsetOfTheFirstNonTextByte() throws IOException {
        Path file = dir.resolve("blob.bin");
        Files.write(file, new byte[] {'a', 'b', (byte) 0xff, (byte) 0xfe});
        assertOneLine(run("dwarf", file.toString()), "gpumem dwarf: " + file + ": offset 0x2: byte 0xff is not UTF-8 text; "
                + "expected an ELF file (it does not start with 0x7f 'ELF') or PTX text written by nvcc -G");
    }

    @Test
    void aMissingFileOrADirectorySaysWhatWasExpected() {
        Path missing = dir.resolve("missing.o");
        assertOneLine(run("dwarf", missing.toString()), "gpumem dwarf: " + missing
                + ": no such file; expected an ELF file with DWARF or PTX text written by nvcc -G");
        assertOneLine(run("dwarf", dir.toString()), "gpumem dwarf: " + dir
                + ": is a directory; expected an ELF file with DWARF or PTX text written by nvcc -G");
        assertOneLine(run("images", dir.toString()), "gpumem images: " + dir + ": is a directory; expected a host executable, "
                + "object, fatbin, offload bundle, cubin, PTX, OpenCL or SPIR-V file");
        assertOneLine(run("snapshot", missing.toString()), "gpumem snapshot: " + missing + ": no such file; expected a gpumem "
                + "snapshot (FILE.gpumem, written by gpumem, with FILE.gpumem.pages beside it)");
        assertOneLine(run("run", dir.toString()), "gpumem run: " + dir + ": is a directory; expected a launch description: "
                + "a JSON object such as {\"module\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [32], \"args\": [...]}");
    }

    @Test
    void aTextFileGivenAsLaunchFileIsReportedAtLineAndColumn() throws IOException {
        // a PTX file in place of a launch file lists its kernels (KernelListingTest); other text is not JSON
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "kernel saxpy, grid 4\n");
        CliRun r = run("run", text.toString());
        assertOneLine(r, "gpumem run: " + text + ":1:1: not JSON; expected a launch description: a JSON object such as "
                + "{\"module\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [32], \"args\": [...]} "
                + "(found \"kernel saxpy, grid 4\")");
        assertTrue(!r.err().contains("gson") && !r.err().contains("LENIENT"), r.err());
    }

    @Test
    void jsonErrorsInsideTheFileGiveTheirLineAndColumn() throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"module\": \"k.ptx\",\n  \"kernel\": \"k\",\n  \"grid\": [1,, 2]}\n");
        assertOneLine(run("run", file.toString()), "gpumem run: " + file + ":3:14: not JSON; expected a launch description: "
                + "a JSON object such as {\"module\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [32], \"args\": [...]} "
                + "(found \", 2]}\")");
    }

    @Test
    void anEditedSnapshotNamesTheXmiElementInsteadOfANullPointer() throws IOException {
        Path file = dir.resolve("s.gpumem");
        org.gpumem.model.snapshot.SnapshotWriter.save(new org.gpumem.model.state.MemoryStateBuilder(
                org.gpumem.sim.SimulatorTarget.create()).name("s", "k").launch(1, 1, 1, 32, 1, 1).build(), file);
        Files.writeString(file, Files.readString(file).replaceFirst(" space=\"//@target/@addressSpaces.2\"", ""));
        assertOneLine(run("snapshot", file.toString(), "--dump", "generic:0"), "gpumem snapshot: " + file
                + ": XMI element //@target/@addressSpaces.0/@access/@windows.0 (Window of address space 'generic'): "
                + "the required reference 'space' is not set");
    }

    @Test
    void optionErrorsAreUsageErrors() {
        CliRun r = run("snapshot", "x.gpumem", "--length", "0");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("--length must be between 1 and"), r.err());
        for (String command : new String[] {"images", "dwarf"}) {
            r = run(command, fixture("images/hkern.hipfb"), "--decompression-budget", "0");
            assertEquals(2, r.status(), r.err());
            assertTrue(r.err().startsWith("--decompression-budget must be a positive number of bytes, not 0"), r.err());
        }
        r = run("images", fixture("images/hkern.hipfb"), "--max-image-size", "-5");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("--max-image-size must be between 1 and 2147483583"), r.err());
    }

    @Test
    void aBugIsReportedAsAnInternalErrorWithTheTraceInALogFile() throws IOException {
        StringWriter err = new StringWriter();
        int status = InternalErrors.report(new PrintWriter(err, true), "gpumem test", new NullPointerException("deliberate"));
        assertEquals(Main.EXIT_INTERNAL_ERROR, status);
        String line = err.toString().strip();
        assertTrue(line.startsWith("gpumem test: internal error: this is a bug in gpumem, not a problem with the input; "
                + "the details are in "), line);
        assertTrue(!line.contains("NullPointerException") && !line.contains("deliberate"), line);
        Path log = Path.of(line.substring(line.lastIndexOf(' ') + 1));
        String trace = Files.readString(log);
        Files.delete(log);
        assertTrue(trace.contains("java.lang.NullPointerException: deliberate") && trace.contains("BadInputMessagesTest"), trace);
    }
}
