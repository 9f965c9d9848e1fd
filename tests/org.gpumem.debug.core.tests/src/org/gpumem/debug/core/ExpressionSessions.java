package org.gpumem.debug.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;

/** Tests that open sessions of {@link ExpressionKernel} (-G): each test's sessions end after it, and none may have failed. */
abstract class ExpressionSessions {
    private final List<DebugSession> sessions = new ArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @AfterEach
    void endSessions() {
        for (DebugSession s : sessions) {
            s.terminate();
        }
        assertTrue(failures.isEmpty(), failures.toString());
    }

    /** A new session of the -G kernel, ended after the test. */
    DebugSession session() throws Exception {
        DebugSession s = ExpressionKernel.session("G", failures::add);
        sessions.add(s);
        return s;
    }
}
