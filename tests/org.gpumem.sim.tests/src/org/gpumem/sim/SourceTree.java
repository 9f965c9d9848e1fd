package org.gpumem.sim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** For tests that check rules of the sources: the checkout's files, found from the fixtures folder. */
final class SourceTree {
    private SourceTree() {
    }

    /** The checkout's top folder (tests/fixtures is two levels below it). */
    static Path top() {
        Path fixtures = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures")).toAbsolutePath().normalize();
        return fixtures.getParent().getParent();
    }

    /** Every .java file below {@code folder} of the checkout (relative to the top). */
    static List<Path> javaFiles(String folder) {
        Path root = top().resolve(folder);
        if (!Files.isDirectory(root)) {
            throw new AssertionError("no folder " + root + " (is gpumem.fixtures set to the checkout's tests/fixtures?)");
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
