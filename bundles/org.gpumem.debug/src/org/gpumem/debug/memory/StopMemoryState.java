package org.gpumem.debug.memory;

import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.debug.core.DebugException;
import org.eclipse.emf.ecore.EObject;
import org.gpumem.debug.engine.DebugSession;
import org.gpumem.debug.engine.KernelEngine;
import org.gpumem.debug.engine.MemoryContext;
import org.gpumem.debug.engine.MemorySpace;
import org.gpumem.debug.engine.WarpId;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.Locations;
import org.gpumem.model.memory.ByteSource;

/**
 * One stop of a debug session as a model {@link MemoryState} ({@link KernelEngine#memoryState()}),
 * with the mapping from the debugger's (space, {@link MemoryContext}) to model contexts and
 * {@link Location}s. Every pool read and write goes through the session's {@link DebugSession#query}
 * and {@link DebugSession#modify}, so a view reading the state never waits for, nor races with,
 * a running kernel: it gets an {@link IllegalStateException} saying the kernel is running.
 */
public final class StopMemoryState {
    private final MemoryState state;
    private final long generation;

    private StopMemoryState(MemoryState state, long generation) {
        this.state = state;
        this.generation = generation;
    }

    /**
     * Builds the state of the current stop.
     *
     * @param generation the stop it describes (the target's stop counter)
     * @throws DebugException when the kernel is running or has ended
     */
    public static StopMemoryState build(DebugSession session, long generation) throws DebugException {
        MemoryState state = session.query(KernelEngine::memoryState);
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                pool.setSource(new SessionByteSource(session, pool.getSource()));
            }
        }
        return new StopMemoryState(state, generation);
    }

    public MemoryState state() {
        return state;
    }

    /** The stop this state was built at. */
    public long generation() {
        return generation;
    }

    /** The model space of a debugger space (same names, see {@link MemorySpace}). */
    public AddressSpace space(MemorySpace space) {
        return AddressSpaces.require(state.getTarget(), space.spaceName());
    }

    /**
     * The model context that determines {@code space} for {@code context} (device, grid, the
     * CTA, its warp or lane), or null when the context's CTA is not resident or the lane does
     * not exist.
     */
    public Context context(MemorySpace space, MemoryContext context) {
        Scope scope = space(space).getScope();
        if (scope == Scope.DEVICE || scope == Scope.SYSTEM) {
            return state.getDevice();
        }
        Context grid = Contexts.child(state.getDevice(), 0);
        if (scope == Scope.GRID) {
            return grid;
        }
        WarpId warp = context.warp();
        Context group = Contexts.child(grid, 0);
        if (group == null || group.getX() != warp.cta().x() || group.getY() != warp.cta().y()
                || group.getZ() != warp.cta().z()) {
            return null;
        }
        if (scope == Scope.WORK_GROUP) {
            return group;
        }
        Context subgroup = Contexts.child(group, warp.warp());
        if (subgroup == null || scope == Scope.SUBGROUP) {
            return subgroup;
        }
        return Contexts.child(subgroup, context.lane());
    }

    /** The model location of {@code offset} in {@code space} seen from {@code context}, or null (see {@link #context}). */
    public Location location(MemorySpace space, MemoryContext context, long offset) {
        Context c = context(space, context);
        return c == null ? null : Locations.create(c, space(space), offset);
    }

    /** A pool source that reads and writes only while the session is stopped, never waiting. */
    private static final class SessionByteSource implements ByteSource {
        private final DebugSession session;
        private final ByteSource live;
        /** Writes through this source; the live source counts only stops. */
        private final AtomicLong writes = new AtomicLong();

        SessionByteSource(DebugSession session, ByteSource live) {
            this.session = session;
            this.live = live;
        }

        @Override
        public long size() {
            return live.size();
        }

        @Override
        public void read(long offset, byte[] dst, int off, int len) {
            try {
                session.query(e -> {
                    live.read(offset, dst, off, len);
                    return null;
                });
            } catch (DebugException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }

        @Override
        public boolean isWritable() {
            return live.isWritable();
        }

        @Override
        public void write(long offset, byte[] src, int off, int len) {
            try {
                session.modify(e -> live.write(offset, src, off, len));
                writes.incrementAndGet();
            } catch (DebugException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }

        @Override
        public long version() {
            return live.version() + writes.get();
        }

        @Override
        public long nextPopulated(long offset) {
            try {
                return session.query(e -> live.nextPopulated(offset));
            } catch (DebugException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }
}
