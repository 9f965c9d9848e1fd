package org.gpumem.ui;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.runtime.Platform;
import org.eclipse.swt.widgets.Display;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.osgi.framework.Bundle;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Fails every UI test during which gpumem's code, run by the UI thread's event loop, read a file
 * or walked a model's memory there: the guard of the thread rule that nothing on the UI thread
 * opens, maps or parses a file or walks a model. Registered for every test of the module like
 * {@link ErrorLogIsEmpty}.
 * <p>
 * It records the test with Java Flight Recorder: every read of a file ({@code jdk.FileRead}:
 * streams, random-access files, file channels; threshold zero, so each read is seen) and, every
 * 10 ms, where each thread is ({@code jdk.ExecutionSample}). A file read on the UI thread counts
 * when gpumem's code made it (the first frame out of the JDK is gpumem's, not the platform's) and,
 * going out from the read, a frame of gpumem's product code comes before the event loop's
 * dispatch ({@code Display}: an event, an asyncExec, a timer) is reached, and the dispatch before
 * the test's own frames (JUnit's): a test may read its fixtures or call a product API directly,
 * but what runs from the event loop, as the UI runs it, must not read. Class and resource loading
 * is not counted. A sample counts when the UI thread is inside gpumem's model reads and walks
 * ({@link #WALKS}) under the event loop: those are caught when they last long enough to be
 * sampled, which is when they make the UI wait.
 */
public final class UiThreadStaysFree implements BeforeEachCallback, AfterEachCallback {

    /** Methods of gpumem that read pool bytes or walk a state: never on the UI thread. */
    static final List<String> WALKS = List.of("org.gpumem.model.addressing.AddressResolver.read",
            "org.gpumem.model.addressing.AddressResolver.aliases", "org.gpumem.model.addressing.AddressResolver.resolveRun",
            "org.gpumem.ui.views.PoolSpaces.variables", "org.gpumem.ui.views.PoolSpaces.inUse",
            "org.gpumem.ui.memory.AliasFinder.find", "org.gpumem.host.ProgramCheck.", "org.gpumem.images.",
            "org.gpumem.dwarf.");
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(UiThreadStaysFree.class);
    /** Frames of these classes load classes or resources: reads that are not gpumem's doing. */
    private static final List<String> LOADING = List.of("java.lang.ClassLoader", "jdk.internal.loader.", "java.util.zip.",
            "java.util.jar.", "org.eclipse.osgi.", "java.lang.Class.", "sun.net.www.protocol.jar.", "java.lang.Module");
    /** The JDK's own frames, between a read and the code that asked for it. */
    private static final List<String> JDK = List.of("java.", "javax.", "sun.", "jdk.");
    private static Set<String> testClasses;

    @Override
    public void beforeEach(ExtensionContext context) {
        Recording recording = new Recording();
        recording.enable("jdk.FileRead").withThreshold(Duration.ZERO).withStackTrace();
        recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
        recording.setToDisk(true);
        recording.start();
        context.getStore(NAMESPACE).put(Recording.class, recording);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        Recording recording = context.getStore(NAMESPACE).remove(Recording.class, Recording.class);
        if (recording == null) {
            return;
        }
        Display display = Display.getDefault();
        long uiThread = display.getThread().getId();
        Path dump = Files.createTempFile("gpumem-ui-thread", ".jfr");
        List<String> violations = new ArrayList<>();
        try {
            recording.stop();
            recording.dump(dump);
            for (RecordedEvent event : RecordingFile.readAllEvents(dump)) {
                if (event.getThread() == null || event.getThread().getJavaThreadId() != uiThread
                        || event.getStackTrace() == null) {
                    continue;
                }
                String what = event.getEventType().getName().equals("jdk.FileRead")
                        ? fileRead(event.getStackTrace().getFrames(), event.getString("path"))
                        : walk(event.getStackTrace().getFrames());
                if (what != null && violations.size() < 5) {
                    violations.add(what);
                }
            }
        } finally {
            recording.close();
            Files.deleteIfExists(dump);
        }
        if (!violations.isEmpty()) {
            throw new AssertionError("the UI thread read a file or walked a model during " + context.getDisplayName() + ":\n"
                    + String.join("\n", violations));
        }
    }

    /**
     * What the UI thread did wrong in a file read with {@code frames} (innermost first), or null.
     * Only gpumem's own reads count: the first frame out of the JDK's I/O is gpumem's (the
     * platform's editors read the files they open on the UI thread, as they are made to).
     */
    static String fileRead(List<RecordedFrame> frames, String path) {
        RecordedFrame reader = frames.stream().filter(RecordedFrame::isJavaFrame)
                .filter(f -> !JDK.stream().anyMatch(f.getMethod().getType().getName()::startsWith)).findFirst().orElse(null);
        if (reader == null || !reader.getMethod().getType().getName().startsWith("org.gpumem.")) {
            return null;
        }
        String product = dispatchedProductFrame(frames, false);
        return product == null ? null : "  read " + path + " in " + product + "\n" + trace(frames);
    }

    /** What the UI thread did wrong in a sample with {@code frames} (innermost first), or null. */
    static String walk(List<RecordedFrame> frames) {
        String product = dispatchedProductFrame(frames, true);
        return product == null ? null : "  walked in " + product + "\n" + trace(frames);
    }

    /**
     * The innermost product frame of gpumem that the event loop (not a test) called, or null.
     * With {@code walksOnly}, only a frame inside one of the {@link #WALKS} counts.
     */
    private static String dispatchedProductFrame(List<RecordedFrame> frames, boolean walksOnly) {
        String product = null;
        for (RecordedFrame f : frames) {
            if (!f.isJavaFrame()) {
                continue;
            }
            String type = f.getMethod().getType().getName();
            String method = type + "." + f.getMethod().getName();
            if (LOADING.stream().anyMatch(type::startsWith) || type.startsWith("org.junit.")) {
                // class loading, or the test's own frames reached first: the test called it directly
                return null;
            }
            if (type.startsWith("org.eclipse.swt.widgets.Display") || type.startsWith("org.eclipse.swt.widgets.Synchronizer")) {
                return product;
            }
            if (product == null && type.startsWith("org.gpumem.") && !isTest(type)
                    && (!walksOnly || WALKS.stream().anyMatch(method::startsWith))) {
                product = method + " line " + f.getLineNumber();
            }
        }
        return null;
    }

    private static String trace(List<RecordedFrame> frames) {
        StringBuilder s = new StringBuilder();
        for (RecordedFrame f : frames.subList(0, Math.min(frames.size(), 30))) {
            s.append("    at ").append(f.getMethod().getType().getName()).append('.').append(f.getMethod().getName())
                    .append(':').append(f.getLineNumber()).append('\n');
        }
        return s.toString();
    }

    /** Whether {@code type} (a class, nested class or lambda) is one of this test module's classes. */
    private static boolean isTest(String type) {
        int nested = type.indexOf('$');
        return testClasses().contains(nested < 0 ? type : type.substring(0, nested))
                || type.startsWith("org.gpumem.ui.screenshots.");
    }

    /** The top-level classes of the test fragment, from its class files. */
    private static synchronized Set<String> testClasses() {
        if (testClasses == null) {
            Set<String> names = new HashSet<>();
            Bundle tests = Platform.getBundle("org.gpumem.ui.tests");
            Enumeration<URL> entries = tests == null ? null : tests.findEntries("/", "*.class", true);
            while (entries != null && entries.hasMoreElements()) {
                String path = entries.nextElement().getPath();
                int start = path.indexOf("org/gpumem/");
                if (start >= 0 && !path.contains("$")) {
                    names.add(path.substring(start, path.length() - ".class".length()).replace('/', '.'));
                }
            }
            if (!names.contains(UiThreadStaysFree.class.getName())) {
                throw new IllegalStateException("the test classes of org.gpumem.ui.tests were not found (" + names.size()
                        + " classes): the UI-thread guard cannot tell tests from product code");
            }
            testClasses = names;
        }
        return testClasses;
    }
}
