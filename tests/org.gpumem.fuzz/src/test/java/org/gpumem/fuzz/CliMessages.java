package org.gpumem.fuzz;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.cli.Main;

/**
 * The command lines a fuzz input becomes for the CLI (in-process, as the CLI tests run it): the
 * files the target would read, written to a folder, and the commands that read them the way the
 * target does ({@code gpumem dwarf}, {@code images --kernels}, {@code snapshot}, {@code run --list}).
 * {@link #problems} runs them and returns what breaks the contract: an internal error (exit 70),
 * an exit status other than 0, 1 or 2, or any printed line carrying JVM exception text
 * ({@link JvmText}). Targets of parts without a file form (DWARF sections, expressions, line
 * tables, call frames) have no command lines; their messages are checked in {@link FuzzTargets#run}.
 */
final class CliMessages {
    private CliMessages() {
    }

    /** The command lines of {@code input} for {@code target}, its files written to {@code dir}; empty when it has none. */
    static List<String[]> commands(FuzzTargets target, byte[] input, Path dir) throws IOException {
        List<String[]> out = new ArrayList<>();
        switch (target) {
            case ELF -> {
                String f = write(dir, "fuzz.o", input);
                out.add(new String[] {"dwarf", f});
                out.add(new String[] {"images", "--kernels", f});
            }
            case PTX_DWARF -> out.add(new String[] {"dwarf", write(dir, "fuzz.ptx", input)});
            case PTX_LOADER -> out.add(new String[] {"run", write(dir, "fuzz.ptx", input)});
            case LAUNCH_JSON -> out.add(new String[] {"run", "--list", write(dir, "fuzz.json", input)});
            case FATBIN, OFFLOAD_BUNDLE -> {
                byte[] file = target == FuzzTargets.FATBIN ? ImageTargets.asFatbin(input) : ImageTargets.asBundle(input);
                out.add(new String[] {"images", "--kernels", write(dir, target == FuzzTargets.FATBIN ? "fuzz.fatbin" : "fuzz.hipfb", file)});
            }
            case COMPRESSED -> {
                CompressedTarget.Built b = CompressedTarget.build(input);
                String f = write(dir, b.name(), b.file());
                out.add(b.container() == CompressedTarget.Container.ELF_SECTION ? new String[] {"dwarf", f}
                        : new String[] {"images", "--kernels", f});
            }
            case SNAPSHOT, SNAPSHOT_PAGES, SNAPSHOT_MODEL -> {
                SnapshotEdits.SnapshotFiles files = target == FuzzTargets.SNAPSHOT ? SnapshotTarget.files(input)
                        : target == FuzzTargets.SNAPSHOT_PAGES ? SnapshotEdits.pageEdits(input) : SnapshotEdits.modelEdits(input);
                Path model = dir.resolve("fuzz.gpumem");
                files.write(model);
                out.add(new String[] {"snapshot", model.toString()});
                out.add(new String[] {"snapshot", model.toString(), "--dump", "global:0", "--length", "256"});
            }
            default -> {
                // DWARF parts and expressions: no file a command reads
            }
        }
        return out;
    }

    private static String write(Path dir, String name, byte[] bytes) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f.toString();
    }

    /** One command line's outcome. */
    record Outcome(String[] args, int status, String out, String err) {
        /** What breaks the contract, or null. */
        String problem(byte[] input) {
            String line = "gpumem " + String.join(" ", args);
            if (status == Main.EXIT_INTERNAL_ERROR || status < 0 || status > 2) {
                return line + ": exit " + status + ": " + err.strip();
            }
            for (String text : new String[] {out, err}) {
                String found = JvmText.find(text, input);
                if (found != null) {
                    return line + ": prints JVM exception text \"" + found + "\": " + err.strip();
                }
            }
            return null;
        }
    }

    static Outcome run(String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(args, status, out.toString(), err.toString());
    }

    /**
     * Runs every command line of {@code input} and returns the contract breaks, each as one line;
     * {@code refusals[0]} counts the command lines that ended in a declared error (exit 1 or 2).
     */
    static List<String> problems(FuzzTargets target, String name, byte[] input, Path dir, int[] refusals) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String[] args : commands(target, input, dir)) {
            Outcome o = run(args);
            if (o.status() == 1 || o.status() == 2) {
                refusals[0]++;
            }
            String p = o.problem(input);
            if (p != null) {
                problems.add(target.id() + " " + name + ": " + p);
            }
        }
        return problems;
    }

    /**
     * Variants of {@code seed} that reach the error paths near it, the same each run: a byte
     * flipped, the input cut short, four bytes set to a boundary integer (0, -1, 2^31-1, 2^31).
     */
    static List<byte[]> mutations(String name, byte[] seed, int count) {
        java.util.Random random = new java.util.Random(name.hashCode());
        int[] boundaries = {0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE};
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < count && seed.length > 0; i++) {
            byte[] m = seed.clone();
            switch (i % 3) {
                case 0 -> m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                case 1 -> m = java.util.Arrays.copyOf(m, random.nextInt(m.length));
                default -> {
                    int at = random.nextInt(Math.max(1, m.length - 3));
                    int v = boundaries[random.nextInt(boundaries.length)];
                    for (int k = 0; k < 4 && at + k < m.length; k++) {
                        m[at + k] = (byte) (v >>> (8 * k));
                    }
                }
            }
            out.add(m);
        }
        return out;
    }
}
