package org.gpumem.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The loader's instruction table: an instruction whose type or rounding the PTX ISA does not
 * allow is refused at load, naming file:line, the instruction and what it takes; every PTX
 * fixture nvcc made still loads.
 */
class InstructionTableTest {
    private static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    private static String kernel(String body) {
        return HEADER + ".visible .entry k()\n{\n.reg .f64 %fd<3>;\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n"
                + body + "\nret;\n}\n";
    }

    private static PtxException refused(String body) {
        return assertThrows(PtxException.class, () -> PtxLoader.load("t.ptx", kernel(body)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"shr.f64 %fd1, %fd2, %r1;", "popc.f64 %r1, %fd1;", "fma.rn.u64 %rd1, %rd1, %rd1, %rd2;",
        "shl.f64 %fd1, %fd2, %r1;", "and.f64 %fd1, %fd1, %fd2;", "sqrt.rn.u32 %r1, %r2;", "brev.u32 %r1, %r2;"})
    void typeNotAllowedIsRefusedAtLoadWithLineAndWhatTheInstructionTakes(String instruction) {
        PtxException e = refused(instruction);
        String opcode = instruction.substring(0, instruction.indexOf(' '));
        assertTrue(e.getMessage().startsWith("t.ptx:9: "), e.getMessage());
        assertTrue(e.getMessage().contains(opcode + ": type ."), e.getMessage());
        assertTrue(e.getMessage().contains("which takes ."), e.getMessage());
    }

    @Test
    void missingTypeIsRefused() {
        PtxException e = refused("popc %r1, %r2;");
        assertTrue(e.getMessage().contains("popc needs a type suffix: .b32, .b64"), e.getMessage());
    }

    @Test
    void floatRoundingOnAnIntegerIsRefused() {
        PtxException e = refused("add.rz.s32 %r1, %r1, %r2;");
        assertEquals("t.ptx:9: add.rz.s32: rounding .rz is only allowed with a float type", e.getMessage().split("\n")[0]);
    }

    @Test
    void allowedFormsLoad() throws PtxException {
        PtxLoader.load("t.ptx", kernel("shr.s64 %rd1, %rd2, %r1;\npopc.b64 %r1, %rd1;\nfma.rm.f64 %fd1, %fd1, %fd2, %fd2;"
                + "\nshf.l.wrap.b32 %r1, %r1, %r2, %r2;"));
    }

    /** Every committed PTX fixture (nvcc output and hand-written) passes the table. */
    @Test
    void everyFixtureModulePassesTheTable() throws IOException {
        Path fixtures = Path.of(System.getProperty("gpumem.fixtures"));
        List<Path> files;
        try (Stream<Path> s = Files.walk(fixtures)) {
            files = s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        }
        assertTrue(files.size() > 20, "fixtures found: " + files.size());
        for (Path p : files) {
            try {
                PtxLoader.load(p);
            } catch (PtxException e) {
                assertTrue(!e.getMessage().contains("is not allowed for") && !e.getMessage().contains("only allowed with"),
                        e.getMessage());
            }
        }
    }
}
