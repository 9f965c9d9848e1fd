package org.gpumem.debug.launch;

import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.debug.core.IStreamListener;
import org.eclipse.debug.core.model.IStreamMonitor;

/** Text a kernel process prints (fault reports, output summaries); listeners see each append. */
final class TextStreamMonitor implements IStreamMonitor {
    /** Keeps the console bounded when a session reports many faults or messages. */
    private static final int MAX_CHARS = 1 << 20;

    private final StringBuilder contents = new StringBuilder();
    private final CopyOnWriteArrayList<IStreamListener> listeners = new CopyOnWriteArrayList<>();

    @Override
    public void addListener(IStreamListener listener) {
        listeners.addIfAbsent(listener);
    }

    @Override
    public synchronized String getContents() {
        return contents.toString();
    }

    @Override
    public void removeListener(IStreamListener listener) {
        listeners.remove(listener);
    }

    void append(String text) {
        synchronized (this) {
            contents.append(text);
            if (contents.length() > MAX_CHARS) {
                contents.delete(0, contents.length() - MAX_CHARS);
            }
        }
        for (IStreamListener l : listeners) {
            l.streamAppended(text, this);
        }
    }
}
