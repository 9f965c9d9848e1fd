package org.gpumem.ui.memory;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.gpumem.ui.internal.Problems;

/**
 * A bounded cache of fixed-size pages of one {@link SpaceReader}, filled by a background job. The
 * UI asks {@link #get}; a missing page is queued and {@code loaded} is told its index when it
 * arrives (on the job's thread). Memory use is at most {@code capacity} pages whatever the size of
 * the space, so a 4 GiB pool scrolls in the same memory as a 4 KiB one.
 */
public final class PageCache {

    /**
     * A loaded page: its bytes, or the error that stopped the read, and which bytes differ from
     * the page as read at the previous version (stop) of the reader ({@code changed} is null
     * when none do or nothing was read before).
     */
    public record Page(long index, long version, long epoch, byte[] bytes, int length, String error, boolean[] changed) {

        /** Whether byte {@code i} of the page changed since the previous stop. */
        public boolean changed(int i) {
            return changed != null && i < changed.length && changed[i];
        }
    }

    public static final int PAGE_SIZE = 4096;

    private final SpaceReader reader;
    private final int capacity;
    private final LongConsumer loaded;
    private final Map<Long, Page> pages;
    private final Deque<Long> wanted = new ArrayDeque<>();
    private final Job job;
    /** Pages read before the last {@link #refresh} are read again; guarded by {@code this}. */
    private long epoch;

    public PageCache(SpaceReader reader, int capacity, LongConsumer loaded) {
        this.reader = reader;
        this.capacity = capacity;
        this.loaded = loaded;
        this.pages = new LinkedHashMap<>(capacity * 2, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Page> eldest) {
                return size() > PageCache.this.capacity;
            }
        };
        this.job = new Job("Reading " + reader.spaceName() + " memory") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                return drain(monitor);
            }
        };
        job.setSystem(false);
        job.setPriority(Job.SHORT);
    }

    public SpaceReader reader() {
        return reader;
    }

    /** Page number of an address relative to the reader's start. */
    public long pageOf(long address) {
        return Long.divideUnsigned(address - reader.start(), PAGE_SIZE);
    }

    /** The current page, or null after queueing its read. */
    public Page get(long index) {
        long version = reader.version();
        synchronized (this) {
            Page page = pages.get(index);
            if (page != null && page.version() == version && page.epoch() == epoch) {
                return page;
            }
            if (!wanted.contains(index)) {
                wanted.addFirst(index);
                while (wanted.size() > capacity) {
                    wanted.removeLast();
                }
            }
        }
        job.schedule();
        return null;
    }

    /** Number of pages held now (never more than the capacity). */
    public synchronized int size() {
        return pages.size();
    }

    /** Whether reads are queued or running. */
    public synchronized boolean busy() {
        return !wanted.isEmpty() || job.getState() == Job.RUNNING;
    }

    /** Drops every page; the next {@link #get} reads again. */
    public synchronized void clear() {
        pages.clear();
    }

    /**
     * Makes the next {@link #get} of every page read again, keeping the pages held as the
     * baseline their new reads are compared with (which bytes changed).
     */
    public synchronized void refresh() {
        epoch++;
    }

    public void dispose() {
        synchronized (this) {
            wanted.clear();
            pages.clear();
        }
        job.cancel();
    }

    private IStatus drain(IProgressMonitor monitor) {
        monitor.beginTask("Reading " + reader.spaceName() + " memory", IProgressMonitor.UNKNOWN);
        try {
            while (!monitor.isCanceled()) {
                long index;
                synchronized (this) {
                    if (wanted.isEmpty()) {
                        break;
                    }
                    index = wanted.removeFirst();
                }
                Page page = load(index);
                synchronized (this) {
                    pages.put(index, page);
                }
                monitor.worked(1);
                loaded.accept(index);
            }
        } finally {
            monitor.done();
        }
        return monitor.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
    }

    private Page load(long index) {
        long version = reader.version();
        long readAt;
        Page before;
        synchronized (this) {
            readAt = epoch;
            before = pages.get(index);
        }
        long offset = index * PAGE_SIZE;
        long available = Long.compareUnsigned(offset, reader.length()) >= 0 ? 0 : reader.length() - offset;
        int length = (int) Math.min(PAGE_SIZE, available);
        byte[] bytes = new byte[PAGE_SIZE];
        try {
            reader.read(reader.start() + offset, bytes, 0, length);
            return new Page(index, version, readAt, bytes, length, null, changed(before, version, bytes, length));
        } catch (RuntimeException e) {
            // the page says why it is unreadable; a bug's trace goes to the Error Log as well
            return new Page(index, version, readAt, bytes, 0, Problems.say("reading " + reader.spaceName() + " memory", e), null);
        }
    }

    /**
     * The bytes that differ from {@code before}, the page as last read: at an earlier version
     * (stop) its differences are the changes since then; at the same version (a refresh within
     * one stop) the changes of that stop stay marked unless the bytes moved again.
     */
    private static boolean[] changed(Page before, long version, byte[] bytes, int length) {
        if (before == null || before.error() != null) {
            return null;
        }
        boolean[] changed = new boolean[length];
        boolean any = false;
        for (int i = 0; i < length && i < before.length(); i++) {
            changed[i] = before.bytes()[i] != bytes[i];
            any |= changed[i];
        }
        if (!any && before.version() == version) {
            return before.changed();
        }
        return any ? changed : null;
    }
}
