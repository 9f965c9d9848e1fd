package org.gpumem.host.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's own CUDA types (native/cudart/cuda_abi.h) against NVIDIA's headers: a C program
 * generated from cuda_abi.h prints every struct's size, every field's offset and size and every
 * constant, compiled once with each header set; the outputs must be equal.
 */
class CudaAbiTest {
    private static final Path HEADER = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"))
            .resolve("../../bundles/org.gpumem.host/native/cudart/cuda_abi.h").normalize();
    private static final Path NVIDIA = Path.of("/usr/local/cuda/include");
    private static final Pattern STRUCT = Pattern.compile("struct (\\w+) \\{(.*?)\\n\\}", Pattern.DOTALL);
    private static final Pattern ENUM_VALUE = Pattern.compile("^\\s+(cuda\\w+) = ", Pattern.MULTILINE);
    private static final Pattern DEFINE = Pattern.compile("^#define (cuda\\w+) ", Pattern.MULTILINE);

    @TempDir
    Path dir;

    /** printf statements for every struct, field and constant of the header. */
    static List<String> probes(String header) {
        List<String> probes = new ArrayList<>();
        Matcher s = STRUCT.matcher(header);
        while (s.find()) {
            String tag = s.group(1);
            String type = "struct " + tag;
            probes.add(String.format("printf(\"%s %%zu\\n\", sizeof(%s));", tag, type));
            String body = s.group(2);
            for (String inner = ""; !inner.equals(body); ) { // nested unions and structs, innermost first
                inner = body;
                body = body.replaceAll("(?s)\\{[^{}]*\\}", "");
            }
            for (String declaration : body.split(";")) {
                String d = declaration.replaceAll("\\[[^\\]]*\\]", "").strip();
                if (d.isEmpty() || d.equals("union") || d.equals("struct")) {
                    continue; // an anonymous union's members are not the struct's to name
                }
                String[] names = d.replaceFirst("(?s)^.*?(\\w+\\s*(,\\s*\\w+\\s*)*)$", "$1").split("\\s*,\\s*");
                for (String name : names) {
                    probes.add(String.format("printf(\"%s.%s %%zu %%zu\\n\", offsetof(%s, %s), sizeof(((%s *)0)->%s));", tag,
                            name, type, name, type, name));
                }
            }
        }
        for (Pattern p : List.of(ENUM_VALUE, DEFINE)) {
            Matcher m = p.matcher(header);
            while (m.find()) {
                probes.add(String.format("printf(\"%s %%lu\\n\", (unsigned long)(%s));", m.group(1), m.group(1)));
            }
        }
        return probes;
    }

    private String compileAndRun(String name, String include, List<String> probes, String... flags) throws Exception {
        Path source = dir.resolve(name + ".c");
        Files.writeString(source, "#include <stdio.h>\n#include <stddef.h>\n#include " + include + "\nint main(void) {\n"
                + String.join("\n", probes) + "\nreturn 0;\n}\n");
        Path exe = dir.resolve(name);
        List<String> gcc = new ArrayList<>(List.of("gcc", "-std=gnu11", "-w", "-o", exe.toString(), source.toString()));
        gcc.addAll(List.of(flags));
        Process c = new ProcessBuilder(gcc).redirectErrorStream(true).start();
        String log = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, c.waitFor(), log);
        Process p = new ProcessBuilder(exe.toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        return out;
    }

    @Test
    void theLibrarysTypesHaveNvidiasLayoutsAndValues() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(NVIDIA.resolve("cuda_runtime_api.h")), "no CUDA headers in " + NVIDIA);
        Assumptions.assumeTrue(onPath("gcc"), "no gcc");
        List<String> probes = probes(Files.readString(HEADER));
        assertTrue(probes.size() > 150, probes.size() + " probes");
        String ours = compileAndRun("ours", "\"" + HEADER + "\"", probes);
        String theirs = compileAndRun("nvidia", "<cuda_runtime_api.h>", probes, "-I" + NVIDIA);
        assertEquals(theirs, ours);
    }

    private static boolean onPath(String program) throws IOException {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }
}
