package org.gpumem.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;

import org.junit.jupiter.api.Test;

/** Against llvm-cxxfilt-22's output, committed by make-fixtures.sh as expected/demangled.txt. */
class ItaniumDemanglerTest {

    @Test
    void agreesWithLlvmCxxfiltOrDeclines() throws IOException {
        int demangled = 0;
        for (String line : Fixtures.lines("expected/demangled.txt")) {
            String[] f = line.split("\t", 2);
            String ours = ItaniumDemangler.demangle(f[0]);
            if (f[1].equals(f[0])) {
                assertNull(ours, "llvm-cxxfilt leaves " + f[0] + " as is");
            } else if (ours != null) {
                assertEquals(f[1], ours, f[0]);
                demangled++;
            } else {
                assertEquals(true, outOfScope(f[0]), "declined " + f[0] + " though it has no construct the demangler leaves out");
            }
        }
        assertEquals(true, demangled >= 15, demangled + " names demangled");
    }

    /** Constructs the demangler documents as declined: function types, cv- or ref-qualified member functions. */
    private static boolean outOfScope(String mangled) {
        return mangled.contains("F") || mangled.matches("_ZN[KVrRO].*");
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
        for (String s : new String[] {"_Z", "_Z3", "_Z99foo", "_ZN3fooE", "_Z1fS_", "_Z1fT_", "_Z1fIiE", "_ZN", "_Z1fPP"}) {
            assertNull(ItaniumDemangler.demangle(s), s);
        }
    }
}
