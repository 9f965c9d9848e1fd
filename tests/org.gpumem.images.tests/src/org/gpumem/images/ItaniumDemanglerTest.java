package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.junit.jupiter.api.Test;

/** Against llvm-cxxfilt-22's output, committed by make-fixtures.sh as expected/demangled.txt. */
class ItaniumDemanglerTest {

    @Test
    void agreesWithLlvmCxxfilt() throws IOException {
        int demangled = 0;
        for (String line : Fixtures.lines("expected/demangled.txt")) {
            String[] f = line.split("\t", 2);
            String ours = ItaniumDemangler.demangle(f[0]);
            if (f[1].equals(f[0])) {
                assertNull(ours, "llvm-cxxfilt leaves " + f[0] + " as is");
            } else {
                assertEquals(f[1], ours, f[0]);
                demangled++;
            }
        }
        assertTrue(demangled >= 80, demangled + " names demangled");
    }

    @Test
    void everyFixtureKernelIsDemangled() throws IOException {
        for (String file : new String[] {"expected/cuda-entries.txt", "expected/hip-kernels.txt"}) {
            for (String name : Fixtures.lines(file)) {
                if (name.startsWith("_Z")) {
                    assertNotNull(ItaniumDemangler.demangle(name), name);
                }
            }
        }
    }

    @Test
    void garbageIsDeclined() {
        for (String s : new String[] {"_Z", "_Z3", "_Z99foo", "_Z1fS_", "_Z1fT_", "_ZN", "_Z1fPP", "_Z1fvx"}) {
            assertNull(ItaniumDemangler.demangle(s), s);
        }
    }

    @Test
    void hostileNestingIsDeclinedNotAStackOverflow() {
        String deep = "_Z1f" + "P".repeat(10_000) + "i";
        assertNull(ItaniumDemangler.demangle(deep));
        StringBuilder templates = new StringBuilder("_Z1fI");
        for (int i = 0; i < 3000; i++) {
            templates.append("1AI");
        }
        assertNull(ItaniumDemangler.demangle(templates + "iEvv"));
    }
}
