package org.gpumem.debug.events;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.eclipse.debug.core.DebugEvent;

/**
 * What a burst of debug events amounts to: how many arrived, every element they came from
 * (with the last event each element sent, in arrival order), and the union of their kinds.
 * A view refreshes the elements once, in the state their last event describes.
 */
public final class MergedDebugEvents {
    private final Map<Object, DebugEvent> lastBySource;
    private final int kinds;
    private final int count;

    MergedDebugEvents(Map<Object, DebugEvent> lastBySource, int kinds, int count) {
        this.lastBySource = Collections.unmodifiableMap(new LinkedHashMap<>(lastBySource));
        this.kinds = kinds;
        this.count = count;
    }

    /** Number of events merged into this refresh. */
    public int count() {
        return count;
    }

    /** The elements that sent events, in order of their first event. */
    public Set<Object> sources() {
        return lastBySource.keySet();
    }

    /** The last event {@code source} sent in the burst, or null. */
    public DebugEvent lastEvent(Object source) {
        return lastBySource.get(source);
    }

    /** True when some event of the burst had {@code kind} (e.g. {@link DebugEvent#SUSPEND}). */
    public boolean contains(int kind) {
        return (kinds & kind) != 0;
    }

    /** True when the last event of some element was a suspend: views should show its new state. */
    public boolean endsSuspended() {
        return lastBySource.values().stream().anyMatch(e -> e.getKind() == DebugEvent.SUSPEND);
    }
}
