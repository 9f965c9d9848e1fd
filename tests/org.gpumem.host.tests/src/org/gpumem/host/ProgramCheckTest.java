package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramCheckTest {
    @TempDir
    Path dir;

    @Test
    void aProgramLinkedWithTheStaticRuntimeIsRefusedWithTheRebuildHint() {
        Path program = Fixtures.program("static_runtime");
        HostProgramException e = assertThrows(HostProgramException.class, () -> ProgramCheck.check(program));
        assertTrue(e.getMessage().contains("static CUDA runtime"), e.getMessage());
        assertTrue(e.getMessage().endsWith("rebuild it with nvcc -cudart shared"), e.getMessage());
        assertTrue(e.getMessage().startsWith(program.toString()), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void programsThatLoadTheSharedRuntimeAndScriptsPass() throws IOException {
        assertDoesNotThrow(() -> ProgramCheck.check(Fixtures.program("vector_add")));
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "#!/bin/sh\nexec ./app \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        assertDoesNotThrow(() -> ProgramCheck.check(script));
    }

    @Test
    void aFileThatIsNotExecutableIsRefused() {
        Path source = Fixtures.program("vector_add.cu");
        HostProgramException e = assertThrows(HostProgramException.class, () -> ProgramCheck.check(source));
        assertTrue(e.getMessage().contains("is not an executable file"), e.getMessage());
    }
}
