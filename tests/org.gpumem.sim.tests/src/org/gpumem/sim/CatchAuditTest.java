package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.ProjectBundles.Module;
import org.junit.jupiter.api.Test;

/**
 * No catch in product code (the Java sources of every module under bundles/) hides an error: each
 * catch block uses the exception it caught (logs it, shows it, carries its message or keeps it as
 * a cause), or throws, or, for {@link InterruptedException}, restores the thread's interrupt.
 * The exceptions to the rule are the short lists below, each entry with why its catch may drop
 * what it caught. Code EMF marks
 * {@code @generated} (and not {@code @generated NOT}) is EMF's, not audited.
 */
class CatchAuditTest {

    /** Kinds a catch may leave unused anywhere, by simple name: each is an answer, not an error. */
    private static final Set<String> ALLOWED_KINDS = Set.of(
            // Integer.parseInt and friends as the question "is this a number?": every such catch
            // answers no (null, false, a fallback) and its caller reports the text itself; the
            // exception's message would only repeat that text.
            "NumberFormatException",
            // A fallback to another way: the atomic rename is tried first, a file system without
            // it gets a plain one; the zip file system of a jar opened before is used as it is.
            "AtomicMoveNotSupportedException", "FileSystemAlreadyExistsException",
            // How a blocking accept ends when its owner closes the channel: the loop's normal end.
            "ClosedChannelException",
            // A job's work cancelled by its monitor: the job ends with the CANCEL status, no error.
            "OperationCanceledException",
            // A bounded wait that ran out: the answer is that nothing answered within the bound.
            "TimeoutException");

    /**
     * Catches where a kind that is an error elsewhere is the answer: the file's name and the
     * kinds caught, as the catch spells them.
     */
    private static final Set<String> ALLOWED_SITES = Set.of(
            // Whether the JVM does compare-and-set on heap byte buffers: it answers by throwing.
            "Bytes.java: IllegalStateException|UnsupportedOperationException",
            // Scanning host sections for magics: a candidate whose headers do not parse is host data.
            "EmbeddedScanner.java: InputFormatException",
            // A target spelling gpumem does not know is no target; the text is kept (bundle id, PTX).
            "ImageScanner.java: IllegalArgumentException", "OffloadBundleParser.java: IllegalArgumentException",
            // A name the demangler does not understand is shown mangled, as c++filt does.
            "ItaniumDemangler.java: Declined|IndexOutOfBoundsException|NumberFormatException",
            // An image whose kernels do not read takes no part; Catalog.problems() says why.
            "ImageSelector.java: InputFormatException",
            // An offset the context does not reach is no alias, and a space it does not reach has no extent.
            "AddressResolver.java: AddressingException",
            // A variable whose space the pool's context does not reach is not one of its variables.
            "PoolSpaces.java: AddressingException",
            // A hover's region no longer in the document (edited meanwhile): nothing to show there.
            "KernelSourceHover.java: BadLocationException",
            // A refused CUDA call answers with its CUDA error code, as CUDA does.
            "RuntimeConnection.java: IllegalArgumentException",
            // Naming host calls is best effort: a file or line table that does not read leaves a
            // call named by file and offset, or by function; an ended process has no mappings.
            "HostCode.java: IOException|InputFormatException", "HostCode.java: IOException",
            "HostSymbols.java: IOException|InputFormatException",
            // A program the ELF reader cannot read is left to the system's loader to refuse, and
            // is no CUDA program to the launch menus.
            "ProgramCheck.java: IOException|InputFormatException",
            "ProgramCheck.java: HostProgramException|IOException|InputFormatException",
            // A snapshot that does not open uses no page file: the save replaces it.
            "Snapshot.java: IOException|InputFormatException",
            // A directory that cannot be opened to sync it (other platforms, in-memory file
            // systems) is not synced.
            "SnapshotWriter.java: UnsupportedOperationException|FileSystemException");

    private static final Pattern CATCH = Pattern.compile("\\bcatch\\s*\\(\\s*(?:final\\s+)?([\\w.$|\\s]+?)\\s+(\\w+)\\s*\\)\\s*\\{");
    private static final Pattern RESTORES_INTERRUPT = Pattern.compile("Thread\\s*\\.\\s*currentThread\\s*\\(\\s*\\)\\s*\\.\\s*interrupt\\s*\\(\\s*\\)");

    /** One catch block: where, what it catches, its variable and its body (code only). */
    record Catch(String where, List<String> kinds, String variable, String body) {
        @Override
        public String toString() {
            String b = body.strip().replaceAll("\\s+", " ");
            return where + ": catch (" + String.join(" | ", kinds) + " " + variable + ") {" + (b.length() > 80 ? b.substring(0, 80) + "..." : b) + "}";
        }
    }

    @Test
    void noCatchInProductCodeHidesAnError() {
        List<Catch> all = new ArrayList<>();
        for (Module m : ProjectBundles.modules()) {
            if (!m.folder().getParent().getFileName().toString().equals("bundles")) {
                continue;
            }
            for (List<Path> files : m.packages().values()) {
                for (Path f : files) {
                    all.addAll(catches(SourceTree.top().relativize(f).toString(), SourceTree.read(f)));
                }
            }
        }
        List<String> hiding = all.stream().filter(c -> !accounted(c)).map(Catch::toString).sorted().toList();
        assertTrue(all.size() > 200, "found only " + all.size() + " catch blocks in bundles/");
        assertTrue(hiding.isEmpty(), hiding.size() + " of " + all.size() + " catch blocks neither use their exception, nor throw, "
                + "nor restore the interrupt (log it, show it, carry its message, or add a kind with its reason to this test):\n"
                + String.join("\n", hiding));
    }

    /** The audit's own rule, on code it must flag and code it must pass. */
    @Test
    void theRuleSeesWhatItShould() {
        String code = """
                class A {
                    void a() {
                        try { f(); } catch (java.io.IOException e) {
                            // nothing
                        }
                        try { f(); } catch (IllegalStateException | java.io.IOException e) { throw new Error(e); }
                        try { f(); } catch (RuntimeException x) { fail("no " + x.getMessage()); }
                        try { f(); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                        try { f(); } catch (InterruptedException e) { return; }
                        try { f(); } catch (NumberFormatException e) { return null; }
                        try { f(); } catch (NumberFormatException | IllegalStateException e) { return null; }
                        try { f(); } catch (IllegalStateException | UnsupportedOperationException e) { return false; }
                    }
                    /** @generated */
                    void b() {
                        try { f(); } catch (Exception e) { }
                    }
                }
                """;
        List<Catch> found = catches("x/A.java", code);
        assertEquals(8, found.size(), found.toString()); // the @generated one is EMF's
        List<Integer> flagged = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            if (!accounted(found.get(i))) {
                flagged.add(i);
            }
        }
        assertEquals(List.of(0, 4, 6, 7), flagged, found.toString());
        assertEquals("x/A.java:3", found.get(0).where());
        // The last one is the answer where its file is allowed it, and only there.
        assertTrue(accounted(catches("y/Bytes.java", code).get(7)));
        assertTrue(!accounted(catches("y/Bytes.java", code).get(0)));
    }

    /** The catch blocks of one Java file, those in code EMF generated left out. */
    private static List<Catch> catches(String name, String text) {
        String code = ProjectBundles.code(text);
        List<Catch> found = new ArrayList<>();
        Matcher m = CATCH.matcher(code);
        while (m.find()) {
            int depth = 1;
            int i = m.end();
            while (depth > 0 && i < code.length()) {
                char c = code.charAt(i++);
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            }
            int line = (int) code.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
            if (generated(text, line)) {
                continue;
            }
            List<String> kinds = Arrays.stream(m.group(1).split("\\|")).map(String::strip)
                    .map(k -> k.substring(k.lastIndexOf('.') + 1)).toList();
            found.add(new Catch(name + ":" + line, kinds, m.group(2), code.substring(m.end(), i - 1)));
        }
        return found;
    }

    /** Whether the doc comment last before {@code line} (its member's, in EMF's code) says {@code @generated}. */
    private static boolean generated(String text, int line) {
        int at = 0;
        for (int l = 1; l < line && at >= 0; l++) {
            at = text.indexOf('\n', at) + 1;
        }
        int doc = text.lastIndexOf("/**", at);
        if (doc < 0) {
            return false;
        }
        int end = text.indexOf("*/", doc);
        String comment = end < 0 || end > at ? "" : text.substring(doc, end);
        return comment.contains("@generated") && !comment.contains("@generated NOT");
    }

    private static boolean accounted(Catch c) {
        if (Pattern.compile("\\b" + c.variable() + "\\b").matcher(c.body()).find() || Pattern.compile("\\bthrow\\b").matcher(c.body()).find()) {
            return true;
        }
        if (c.kinds().equals(List.of("InterruptedException")) && RESTORES_INTERRUPT.matcher(c.body()).find()) {
            return true;
        }
        String file = c.where().substring(c.where().lastIndexOf('/') + 1, c.where().lastIndexOf(':'));
        return ALLOWED_KINDS.containsAll(c.kinds()) || ALLOWED_SITES.contains(file + ": " + String.join("|", c.kinds()));
    }
}
