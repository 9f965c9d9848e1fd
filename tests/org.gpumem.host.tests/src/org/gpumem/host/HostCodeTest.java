package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.elf.ElfSymbol;
import org.gpumem.sim.ExecOptions;
import org.junit.jupiter.api.Test;

/** Naming the host call that made an allocation: ELF symbols, line tables, process mappings. */
class HostCodeTest {

    /** The 1-based numbers of the source lines that contain {@code text}. */
    private static List<Integer> linesWith(Path source, String text) throws Exception {
        List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                found.add(i + 1);
            }
        }
        return found;
    }

    private static ElfSymbol symbol(Path file, String name) throws Exception {
        return ElfFile.open(file).symbols().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static long fileOffset(ElfFile elf, long address) {
        for (ElfSection s : elf.sections()) {
            if ((s.flags() & ElfSection.SHF_ALLOC) != 0 && address >= s.address() && address < s.address() + s.size()) {
                return s.offset() + address - s.address();
            }
        }
        throw new AssertionError("no section holds 0x" + Long.toHexString(address));
    }

    @Test
    void aFixturesFunctionsAreNamedByOffsetAndItsTemplatesDemangled() throws Exception {
        Path program = Fixtures.program("reduction.G");
        HostSymbols symbols = HostSymbols.open(program);
        ElfSymbol main = symbol(program, "main");
        CallSite inMain = symbols.callSite(0x5555_0000L, main.value() + 0x10);
        assertEquals("main", inMain.function());
        assertEquals(0x10, inMain.offset());
        assertEquals(0x5555_0000L, inMain.address());
        assertEquals("reduction.cu", inMain.sourceFile(), inMain.toString());
        assertTrue(inMain.toString().startsWith("main+0x10 (reduction.cu:"), inMain.toString());

        // the header's cudaMalloc<int>, which the -g build calls and does not inline
        String wrapper = "_Z10cudaMallocIiE9cudaErrorPPT_m";
        CallSite inWrapper = symbols.callSite(0, symbol(program, wrapper).value() + 4);
        assertEquals("cudaError cudaMalloc<int>(int**, unsigned long)", inWrapper.function());
        assertTrue(HostCode.isHeaderWrapper(inWrapper.symbol(), "cudaMalloc"));
        assertFalse(HostCode.isHeaderWrapper(inWrapper.symbol(), "cudaMallocManaged"));
        assertFalse(HostCode.isHeaderWrapper("main", "cudaMalloc"));

        // the -O3 build has no host line table: functions only
        HostSymbols optimised = HostSymbols.open(Fixtures.program("vector_add"));
        CallSite plain = optimised.callSite(0, symbol(Fixtures.program("vector_add"), "main").value() + 0x20);
        assertEquals("main+0x20", plain.toString());
        assertNull(plain.sourceFile());
    }

    @Test
    void aReturnAddressIsPlacedThroughTheProcessMappingOfAPositionIndependentProgram() throws Exception {
        Path program = Fixtures.program("reduction.G");
        ElfFile elf = ElfFile.open(program);
        // where the file holds main and the wrapper: a mapping places file offsets, not virtual addresses
        long main = fileOffset(elf, symbol(program, "main").value());
        long wrapper = fileOffset(elf, symbol(program, "_Z10cudaMallocIiE9cudaErrorPPT_m").value());
        List<HostCode.Mapping> maps = HostCode.parseMappings(List.of(
                "7f0000000000-7f0000100000 r-xp 00000000 08:01 12345 /opt/gpumem/" + RuntimeLibrary.FILE_NAME,
                "555555554000-555555600000 r-xp 00000000 08:01 4242 " + program,
                "7ffff7fc0000-7ffff7fc4000 rw-p 00000000 00:00 0 [heap]"));
        assertEquals(2, maps.size(), maps.toString());
        long base = 0x5555_5555_4000L;
        // runtime library frame, then the header wrapper, then main: main is named
        DeviceAllocation a = new DeviceAllocation(0x1_0000_0000L, 256, DeviceAllocation.Kind.DEVICE, "cudaMalloc",
                List.of(0x7f00_0000_1234L, base + wrapper + 8, base + main + 0x40));
        CallSite caller = new HostCode().caller(maps, a);
        assertNotNull(caller);
        assertEquals("main", caller.function(), caller.toString());
        assertEquals(0x40, caller.offset());
        assertEquals(base + main + 0x40, caller.address());
        // with only the wrapper known, the wrapper is what can be named
        CallSite only = new HostCode().caller(maps,
                new DeviceAllocation(0x1_0000_0000L, 256, DeviceAllocation.Kind.DEVICE, "cudaMalloc", List.of(base + wrapper + 8)));
        assertEquals("cudaError cudaMalloc<int>(int**, unsigned long)", only.function());
        // outside every mapping, and module variables, are not named
        assertNull(new HostCode().caller(maps,
                new DeviceAllocation(0x1_0000_0000L, 256, DeviceAllocation.Kind.DEVICE, "cudaMalloc", List.of(0x10L))));
        assertNull(new HostCode().caller(maps,
                new DeviceAllocation(0x1_0000_0000L, 4, DeviceAllocation.Kind.VARIABLE, "table", List.of())));
    }

    @Test
    void theAllocationsOfAProgramBuiltWithDebugInfoAreNamedAsMainAtTheLinesThatMadeThem() throws Exception {
        Path source = Fixtures.program("reduction.cu");
        List<Integer> mallocLines = linesWith(source, "cudaMalloc(");
        HostCode code = new HostCode();
        List<CallSite> named = Collections.synchronizedList(new ArrayList<>());
        HostListener listener = new HostListener() {
            @Override
            public void allocated(HostProcess process, DeviceAllocation allocation) {
                if (allocation.kind() != DeviceAllocation.Kind.VARIABLE) {
                    // the program waits in its allocating call: its mappings are there to read
                    named.add(code.caller(process.pid(), allocation));
                }
            }
        };
        HostProgram program = HostProgram.of(Fixtures.program("reduction.G"), List.of(), Fixtures.runtime());
        HostSession session = HostSession.start(program, listener, KernelRunner.simulate(ExecOptions.defaults()),
                new HostSession.Io(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE));
        String out = new String(session.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        session.process().getErrorStream().transferTo(System.err);
        assertEquals(0, session.waitFor(), out);

        assertEquals(mallocLines.size(), named.size(), named.toString());
        for (int i = 0; i < named.size(); i++) {
            CallSite c = named.get(i);
            assertNotNull(c, "allocation " + i);
            assertEquals("main", c.function(), c.toString());
            assertEquals("reduction.cu", c.sourceFile(), c.toString());
            assertEquals(mallocLines.get(i), c.line(), c.toString());
        }
    }
}
