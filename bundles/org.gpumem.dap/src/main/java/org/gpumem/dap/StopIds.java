package org.gpumem.dap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.WarpId;

/**
 * The numbers DAP hands out for what the debugger shows: a thread per warp (the same number for
 * a warp for the whole debug session, so a client keeps its selection from stop to stop), and
 * frame and variables references, which stay valid only until the kernel moves again (DAP's
 * rule), so they are made afresh at each stop.
 */
final class StopIds {
    /** A frame: {@code index} in the warp's frames, innermost first. */
    record Frame(DebugSession session, WarpId warp, int index) {
    }

    private final Map<String, Integer> threadIds = new HashMap<>();
    private final Map<Integer, WarpId> warps = new HashMap<>();
    private final Map<Integer, Integer> threadLaunch = new HashMap<>();
    private final List<Frame> frames = new ArrayList<>();
    private final List<Object> references = new ArrayList<>();

    /** The thread number of {@code warp} of launch {@code launch} (launches counted from 1). */
    synchronized int thread(int launch, WarpId warp) {
        return threadIds.computeIfAbsent(launch + "/" + warp.label(), k -> {
            int id = threadIds.size() + 1;
            warps.put(id, warp);
            threadLaunch.put(id, launch);
            return id;
        });
    }

    /** The warp of thread {@code id} in launch {@code launch}, or null (another launch's, or no thread). */
    synchronized WarpId warp(int id, int launch) {
        Integer l = threadLaunch.get(id);
        return l != null && l == launch ? warps.get(id) : null;
    }

    synchronized int frame(Frame f) {
        frames.add(f);
        return frames.size();
    }

    synchronized Frame frame(int id) {
        return id >= 1 && id <= frames.size() ? frames.get(id - 1) : null;
    }

    /** A variables reference for {@code container} (a scope, an array). */
    synchronized int reference(Object container) {
        references.add(container);
        return references.size();
    }

    synchronized Object reference(int id) {
        return id >= 1 && id <= references.size() ? references.get(id - 1) : null;
    }

    /** The kernel moved: frames and variables references of the last stop mean nothing now. */
    synchronized void moved() {
        frames.clear();
        references.clear();
    }
}
