package org.gpumem.fuzz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ElfDebugSections;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.snapshot.SnapshotWriter;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.sim.SimulatorTarget;

/**
 * The seed inputs of every target, taken from the committed fixtures ({@code tests/fixtures}):
 * ELF files as they are, their DWARF sections as {@link SectionBundle}s, their location
 * expressions, line tables and call frame sections with the targets' header byte, the PTX and
 * launch files, fatbins and offload bundles (files and ELF sections), snapshots of two
 * built-in targets written by {@link SnapshotWriter}, and the structure-aware targets' choices
 * over those ({@link CompressedTarget#seeds}, {@link SnapshotEdits#pageSeeds}, {@link SnapshotEdits#modelSeeds}).
 * <p>{@code main(DIR)} writes them as {@code DIR/<target>/<name>} for releng/fuzz.
 */
final class SeedCorpus {
    private SeedCorpus() {
    }

    static Path fixtures() {
        String p = System.getProperty("gpumem.fixtures");
        if (p == null) {
            throw new IllegalStateException("system property gpumem.fixtures (the tests/fixtures folder) is not set");
        }
        return Path.of(p);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        for (FuzzTargets t : FuzzTargets.values()) {
            Path d = dir.resolve(t.id());
            Files.createDirectories(d);
            for (Map.Entry<String, byte[]> seed : seeds(t).entrySet()) {
                Files.write(d.resolve(seed.getKey()), seed.getValue());
            }
        }
    }

    /** Seeds of {@code target} by a file name that says where each came from. */
    static Map<String, byte[]> seeds(FuzzTargets target) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        switch (target) {
            case ELF -> {
                for (Path p : elfFiles()) {
                    out.put(name(p), Files.readAllBytes(p));
                }
            }
            case DWARF_UNITS -> {
                for (Path p : elfFiles()) {
                    DebugSections s = new ElfDebugSections(ElfFile.open(p));
                    if (s.section(DwarfFile.DEBUG_INFO) != null) {
                        out.put(name(p), SectionBundle.encode(s));
                    }
                }
                for (Path p : files("ptx", "G.ptx")) {
                    out.put(name(p), SectionBundle.encode(PtxDebugSections.read(p)));
                }
            }
            case EXPRESSIONS -> expressions(out);
            case LINE_TABLES -> sectionSeeds(out, DwarfFile.DEBUG_LINE, 0);
            case CFI -> {
                sectionSeeds(out, DwarfFile.DEBUG_FRAME, 0);
                sectionSeeds(out, DwarfFile.EH_FRAME, 1);
            }
            case PTX_DWARF -> {
                for (Path p : files("ptx", "G.ptx")) {
                    out.put(name(p), Files.readAllBytes(p));
                }
            }
            case FATBIN -> containers(out, "fatbin", ".nv_fatbin");
            case OFFLOAD_BUNDLE -> containers(out, "hipfb", ".hip_fatbin");
            case PTX_LOADER -> {
                for (Path p : files("ptx", ".ptx")) {
                    out.put(name(p), Files.readAllBytes(p));
                }
            }
            case LAUNCH_JSON -> {
                for (Path p : files("json", ".json")) {
                    out.put(name(p), Files.readAllBytes(p));
                }
            }
            case SNAPSHOT -> snapshots(out);
            case COMPRESSED -> out.putAll(CompressedTarget.seeds(sectionBytes("amdgpu/spaces.cl.clang22.o", DwarfFile.DEBUG_INFO),
                    Files.readAllBytes(fixtures().resolve("cuda-ptx/spaces.G.ptx")),
                    Files.readAllBytes(fixtures().resolve("images/keep/G/kern.compute_75.cubin")),
                    Files.readAllBytes(fixtures().resolve("images/hkern.hipfb"))));
            case SNAPSHOT_PAGES -> out.putAll(SnapshotEdits.pageSeeds());
            case SNAPSHOT_MODEL -> out.putAll(SnapshotEdits.modelSeeds());
        }
        return out;
    }

    private static String name(Path p) {
        return fixtures().relativize(p).toString().replace('/', '_');
    }

    static List<Path> elfFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : files("", "")) {
            byte[] head = new byte[4];
            try (var in = Files.newInputStream(p)) {
                if (in.readNBytes(head, 0, 4) == 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /** Fixture files whose name ends with {@code suffix}, in a stable order. */
    private static List<Path> files(String kind, String suffix) throws IOException {
        try (Stream<Path> s = Files.walk(fixtures())) {
            return s.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    /** The bytes of section {@code name} of fixture {@code path}. */
    private static byte[] sectionBytes(String path, String name) throws IOException {
        ElfFile elf = ElfFile.open(fixtures().resolve(path));
        ByteBuffer data = elf.data(elf.section(name));
        byte[] b = new byte[data.remaining()];
        data.get(b);
        return b;
    }

    /** One seed per ELF fixture holding section {@code name}: the targets' header byte, then the section. */
    private static void sectionSeeds(Map<String, byte[]> out, String name, int header) throws IOException {
        for (Path p : elfFiles()) {
            ElfFile elf = ElfFile.open(p);
            ElfSection s = elf.section(name);
            if (s != null && s.type() != ElfSection.SHT_NOBITS) {
                ByteBuffer data = elf.data(s);
                byte[] b = new byte[1 + data.remaining()];
                b[0] = (byte) (header | (name.equals(DwarfFile.DEBUG_LINE) ? 2 : 0) | (elf.is64() ? 0 : 2));
                data.get(b, 1, data.remaining());
                out.put(name(p) + name, b);
            }
        }
    }

    private static void containers(Map<String, byte[]> out, String fileSuffix, String section) throws IOException {
        for (Path p : files("", "." + fileSuffix)) {
            out.put(name(p), Files.readAllBytes(p));
        }
        for (Path p : elfFiles()) {
            ElfFile elf = ElfFile.open(p);
            ElfSection s = elf.section(section);
            if (s != null) {
                ByteBuffer data = elf.data(s);
                byte[] b = new byte[data.remaining()];
                data.get(b);
                out.put(name(p) + section, b);
            }
        }
    }

    /** Every exprloc DW_AT_location of the ELF fixtures, with the header byte of its unit. */
    private static void expressions(Map<String, byte[]> out) throws IOException {
        for (Path p : elfFiles()) {
            ElfFile elf = ElfFile.open(p);
            DwarfFile dwarf = new DwarfFile(new ElfDebugSections(elf));
            int n = 0;
            for (Unit u : dwarf.units()) {
                DieCursor c = u.cursor();
                while (c.next() && n < 40) {
                    int loc = c.abbrev() == null ? -1 : c.find(DwAt.LOCATION);
                    if (loc >= 0 && c.isBlock(loc)) {
                        ByteBuffer block = c.block(loc);
                        byte[] b = new byte[1 + block.remaining()];
                        b[0] = (byte) ((u.version() - 2) | (u.addressSize() == 4 ? 4 : 0) | (u.offsetSize() == 8 ? 8 : 0)
                                | (elf.machine() == ElfFile.EM_AMDGPU ? 32 : 0));
                        block.get(b, 1, block.remaining());
                        out.put(name(p) + "_" + Long.toHexString(c.offset()), b);
                        n++;
                    }
                }
            }
        }
    }

    private static void snapshots(Map<String, byte[]> out) throws IOException {
        Path dir = Files.createTempDirectory("gpumem-fuzz-seeds-");
        try {
            int i = 0;
            for (Target target : List.of(SimulatorTarget.create(), BuiltinTargets.amdgpu("gfx90a", 64))) {
                MemoryState state = new MemoryStateBuilder(target).name("seed", "fuzz").launch(1, 1, 1, 32, 1, 1)
                        .poolSize("global", 1 << 20).build();
                for (AddressSpace space : target.getAddressSpaces()) {
                    try {
                        AddressResolver.write(state.getDevice(), space, 0x40, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 0, 8);
                    } catch (RuntimeException perContextSpace) {
                        // Spaces of a work-group or lane are not writable from the device context.
                    }
                }
                byte[] lane = {9, 9, 9, 9};
                AddressSpace laneSpace = AddressSpaces.find(target, "private_lane") != null ? AddressSpaces.find(target, "private_lane")
                        : AddressSpaces.find(target, "local");
                if (laneSpace != null) {
                    var l = state.getDevice().getChildren().get(0).getChildren().get(0).getChildren().get(0).getChildren().get(1);
                    AddressResolver.write(l, laneSpace, 4, lane, 0, 4);
                }
                Path model = dir.resolve("seed" + i + ".gpumem");
                SnapshotWriter.save(state, model);
                out.put(target.getArchitecture().replace(' ', '_') + ".snapshot", SnapshotTarget.encode(model));
                i++;
            }
        } finally {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

}
