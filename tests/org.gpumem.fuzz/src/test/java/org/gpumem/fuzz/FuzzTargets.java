package org.gpumem.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * One fuzz target per parser, and structure-aware ones for compressed items and the two parts of
 * a snapshot. {@link #run} passes an input through it; the declared outcome of bad input is an
 * {@link InputFormatException} (naming file and position), which is caught here when its message
 * is fit for the user ({@link JvmText}); any other exception or error, or a message carrying a
 * JVM exception's text, escapes, and Jazzer or the regression test reports it as a finding.
 */
enum FuzzTargets {
    ELF("elf", 1_500, DwarfTargets::elf),
    DWARF_UNITS("dwarf-units", 1_500, DwarfTargets::units),
    EXPRESSIONS("expressions", 3_000, DwarfTargets::expression),
    LINE_TABLES("line-tables", 3_000, DwarfTargets::lineTable),
    CFI("cfi", 3_000, DwarfTargets::callFrames),
    PTX_DWARF("ptx-dwarf", 200, DwarfTargets::ptxDwarf),
    FATBIN("fatbin", 1_000, ImageTargets::fatbin),
    OFFLOAD_BUNDLE("offload-bundle", 1_500, ImageTargets::offloadBundle),
    PTX_LOADER("ptx-loader", 300, SimTargets::ptxLoader),
    LAUNCH_JSON("launch-json", 3_000, input -> SimTargets.launchJson(input, Scratch.DIR)),
    SNAPSHOT("snapshot", 150, input -> SnapshotTarget.open(input, Scratch.DIR)),
    COMPRESSED("compressed", 600, CompressedTarget::run),
    SNAPSHOT_PAGES("snapshot-pages", 150, input -> SnapshotEdits.pages(input, Scratch.DIR)),
    SNAPSHOT_MODEL("snapshot-model", 150, input -> SnapshotEdits.model(input, Scratch.DIR));

    private final String id;
    private final long shortRuns;
    private final Consumer<byte[]> parser;

    FuzzTargets(String id, long shortRuns, Consumer<byte[]> parser) {
        this.id = id;
        this.shortRuns = shortRuns;
        this.parser = parser;
    }

    /** Inputs of the run inside the build: a few seconds each, by this target's speed (1 to 10 thousand inputs/s). */
    long shortRuns() {
        return shortRuns;
    }

    /** The name used for folders and on the command line of releng/fuzz. */
    String id() {
        return id;
    }

    static FuzzTargets byId(String id) {
        for (FuzzTargets t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no fuzz target " + id);
    }

    /** Runs one input; true when the parser accepted it, false when it refused it with a declared error. */
    boolean run(byte[] input) {
        try {
            parser.accept(input);
            return true;
        } catch (InputFormatException declared) {
            JvmText.check(declared.getMessage(), input);
            return false;
        }
    }

    /** A folder of this process for targets that need files (launch files resolve paths, snapshots are two files). */
    private static final class Scratch {
        static final Path DIR;

        static {
            try {
                DIR = Files.createTempDirectory("gpumem-fuzz-");
                DIR.toFile().deleteOnExit();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
