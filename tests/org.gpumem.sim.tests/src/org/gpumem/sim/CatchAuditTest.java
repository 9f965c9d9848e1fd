package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.ProjectBundles.Module;
import org.junit.jupiter.api.Test;

/**
 * No catch in product code (the Java sources of every module under bundles/) hides an error: each
 * catch block uses the exception it caught (logs it, shows it, carries its message or keeps it as
 * a cause), or throws, or, for {@link InterruptedException}, restores the thread's interrupt.
 * The exceptions below are the exceptions, each with why its catch may drop it. Code EMF marks
 * {@code @generated} (and not {@code @generated NOT}) is EMF's, not audited.
 */
class CatchAuditTest {

    /** Kinds a catch may leave unused anywhere, by simple name: each is an answer, not an error. */
    private static final Map<String, String> ALLOWED_KINDS = Map.of(
            // Integer.parseInt and friends as the question "is this a number?": every such catch
            // answers no (null, false, a fallback) and its caller reports the text itself; the
            // exception's message would only repeat that text.
            "NumberFormatException", "a parse probe",
            // The atomic rename is tried first; a file system without it gets a plain one.
            "AtomicMoveNotSupportedException", "a fallback to another way",
            // The zip file system of a jar opened before is used as it is.
            "FileSystemAlreadyExistsException", "a fallback to another way",
            // How a blocking accept ends when its owner closes the channel: the loop's normal end.
            "ClosedChannelException", "the end of a closed channel's loop");

    /** Sites where a kind that is an error elsewhere is the answer, by file name and kind. */
    private static final Map<String, String> ALLOWED_SITES = Map.of(
            // Whether the JVM does compare-and-set on heap byte buffers: it answers by throwing.
            "Bytes.java", "IllegalStateException|UnsupportedOperationException");

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
        List<Catch> found = catches("x/Bytes.java", code);
        assertEquals(8, found.size(), found.toString()); // the @generated one is EMF's
        List<Integer> flagged = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            if (!accounted(found.get(i))) {
                flagged.add(i);
            }
        }
        assertEquals(List.of(0, 4, 6), flagged, found.toString());
        assertEquals("x/Bytes.java:3", found.get(0).where());
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
        return ALLOWED_KINDS.keySet().containsAll(c.kinds()) || String.join("|", c.kinds()).equals(ALLOWED_SITES.get(file));
    }
}
