package org.gpumem.debug.core;

import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.Locations;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.model.memory.MemoryUnavailableException;
import org.gpumem.sim.Dim3;

/**
 * One stop of a debug session as a model {@link MemoryState} ({@link KernelEngine#memoryState()}),
 * with the way from the debugger's (space, {@link LaneId}) to model contexts and
 * {@link Location}s, and reads and writes of any space through the model's
 * {@link AddressResolver}. Every pool read and write goes through the session's
 * {@link DebugSession#query} and {@link DebugSession#modify}, so a view reading the state never
 * waits for, nor races with, a running kernel: it fails at once saying the kernel is running.
 * The state is built on the session's executor at each stop.
 */
public final class StopMemoryState {
    private final DebugSession session;
    private final MemoryState state;
    private final long generation;

    private StopMemoryState(DebugSession session, MemoryState state, long generation) {
        this.session = session;
        this.state = state;
        this.generation = generation;
    }

    /**
     * The state of the current stop, {@code state} the engine's, with its pools read through
     * the session (on its executor, at the stop).
     *
     * @param generation the stop it describes ({@link DebugSession#stopCount()})
     */
    static StopMemoryState build(DebugSession session, MemoryState state, long generation) {
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                pool.setSource(new SessionByteSource(session, pool.getSource()));
            }
        }
        return new StopMemoryState(session, state, generation);
    }

    public MemoryState state() {
        return state;
    }

    /** The stop this state was built at. */
    public long generation() {
        return generation;
    }

    /**
     * The space named {@code name} or one of its aliases.
     *
     * @throws AddressingException naming the space when the target has none of that name
     */
    public AddressSpace space(String name) {
        return AddressSpaces.require(state.getTarget(), name);
    }

    /**
     * The model context of {@code scope} that {@code lane} is in (device, grid, the CTA, its
     * warp or the lane), or null when the lane's CTA is not resident or the lane does not exist.
     */
    public Context context(Scope scope, LaneId lane) {
        return context(state, scope, lane);
    }

    /**
     * The context of {@code scope} that {@code lane} is in, in any state of the engine's target
     * (a stop's, or one the engine builds between stops): the one way from a {@link LaneId} to
     * model contexts.
     */
    public static Context context(MemoryState state, Scope scope, LaneId lane) {
        if (scope == Scope.DEVICE || scope == Scope.SYSTEM) {
            return state.getDevice();
        }
        Context grid = Contexts.child(state.getDevice(), 0);
        if (scope == Scope.GRID) {
            return grid;
        }
        WarpId warp = lane.warp();
        Context group = null;
        for (Context g : grid.getChildren()) {
            if (g.getX() == warp.cta().x() && g.getY() == warp.cta().y() && g.getZ() == warp.cta().z()) {
                group = g;
            }
        }
        if (group == null) {
            return null;
        }
        if (scope == Scope.WORK_GROUP) {
            return group;
        }
        Context subgroup = Contexts.child(group, warp.warp());
        if (subgroup == null || scope == Scope.SUBGROUP) {
            return subgroup;
        }
        return Contexts.child(subgroup, lane.lane());
    }

    /**
     * The first lane of {@code context}, the inverse of {@link #context(MemoryState, Scope, LaneId)}:
     * the lane itself, lane 0 of a warp, lane 0 of warp 0 of a CTA; null for the device and the
     * grid, which hold no lane of their own.
     */
    public static LaneId firstLane(Context context) {
        Context lane = context;
        while (lane.getScope() != Scope.LANE) {
            if (lane.getScope() == Scope.DEVICE || lane.getScope() == Scope.SYSTEM || lane.getScope() == Scope.GRID
                    || lane.getChildren().isEmpty()) {
                return null;
            }
            lane = lane.getChildren().get(0);
        }
        Context subgroup = lane.getParent();
        Context group = subgroup.getParent();
        return new LaneId(new WarpId(new Dim3(group.getX(), group.getY(), group.getZ()), subgroup.getIndex()), lane.getIndex());
    }

    /** The context that determines {@code space} for {@code lane}, or null (see {@link #context(Scope, LaneId)}). */
    public Context context(AddressSpace space, LaneId lane) {
        return context(space.getScope(), lane);
    }

    /** The model location of {@code offset} in {@code space} seen from {@code lane}, or null (see {@link #context}). */
    public Location location(String space, LaneId lane, long offset) {
        return location(state, space, lane, offset);
    }

    /** {@link #location(String, LaneId, long)} in any state of the engine's target. */
    static Location location(MemoryState state, String space, LaneId lane, long offset) {
        AddressSpace s = AddressSpaces.require(state.getTarget(), space);
        Context c = context(state, s.getScope(), lane);
        return c == null ? null : Locations.create(c, s, offset);
    }

    /**
     * The offset that reaches the byte at {@code from} through {@code space} as {@code lane}
     * sees it (the generic address of a local byte, the physical offset of a lane's local byte
     * in its warp's pool...), from the model's aliases of that byte; -1 when the space does not
     * reach it from the lane.
     */
    public long offsetIn(String space, LaneId lane, Location from) throws NotStoppedException {
        return session.query(e -> offsetIn(state, space(space), lane, from));
    }

    /**
     * The offset through which {@code space} reaches the byte at {@code from} as {@code lane}
     * sees it, in any state of the engine's target (the model's aliases of the byte); -1 when
     * the space does not reach it from the lane.
     */
    static long offsetIn(MemoryState state, AddressSpace space, LaneId lane, Location from) {
        Context view = context(state, Scope.LANE, lane);
        PoolAddress at = AddressResolver.resolve(from.getContext(), from.getSpace(), from.getOffset());
        for (Location alias : AddressResolver.aliases(at)) {
            if (alias.getSpace() == space && isSelfOrAncestor(alias.getContext(), view)) {
                return alias.getOffset();
            }
        }
        return -1L;
    }

    private static boolean isSelfOrAncestor(Context c, Context of) {
        for (Context x = of; x != null; x = x.getParent()) {
            if (x == c) {
                return true;
            }
        }
        return false;
    }

    /** How many offsets from 0 {@code space} reaches from {@code context} (see {@link AddressResolver#extent}). */
    public long extent(AddressSpace space, Context context) throws NotStoppedException {
        return session.query(e -> AddressResolver.extent(context, space));
    }

    /**
     * Reads {@code length} bytes of {@code space} from {@code offset} on into {@code into} at
     * {@code at}, marking in {@code readable} the bytes the space reaches (holes of a windowed
     * space, say, stay unmarked); one trip to the session's executor.
     *
     * @return why the first unmarked byte is not readable (the resolver's message), or null when
     *         every byte is
     * @throws NotStoppedException when the kernel is running or the session ended
     */
    public String read(AddressSpace space, Context context, long offset, int length, byte[] into, boolean[] readable,
            int at) throws NotStoppedException {
        return session.query(e -> readSplitting(space, context, offset, length, into, readable, at));
    }

    /**
     * Where a space has holes the resolver refuses the range; halves find the bytes it reaches.
     * Returns why the first byte it does not reach is not reachable, or null.
     */
    private static String readSplitting(AddressSpace space, Context context, long offset, int length, byte[] into,
            boolean[] readable, int at) {
        try {
            AddressResolver.read(context, space, offset, into, at, length);
            for (int i = 0; i < length; i++) {
                readable[at + i] = true;
            }
            return null;
        } catch (AddressingException | IndexOutOfBoundsException unreachable) {
            if (length == 1) {
                return "0x" + Long.toHexString(offset) + ": " + unreachable.getMessage();
            }
            int half = length / 2;
            String low = readSplitting(space, context, offset, half, into, readable, at);
            String high = readSplitting(space, context, offset + half, length - half, into, readable, at + half);
            return low != null ? low : high;
        }
    }

    /**
     * Writes through {@code space} as {@link AddressResolver#write} does.
     *
     * @throws NotStoppedException when the kernel is running, the space is read-only or the bytes
     *         are not reachable
     */
    public void write(AddressSpace space, Context context, long offset, byte[] bytes) throws NotStoppedException {
        session.modify(e -> AddressResolver.write(context, space, offset, bytes, 0, bytes.length));
    }

    /**
     * The exception a pool read throws when the kernel runs or its session ended: a state views
     * show ({@link MemoryUnavailableException}).
     */
    private static RuntimeException unavailable(NotStoppedException e) {
        return new MemoryUnavailableException(e.getMessage(), e);
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
            } catch (NotStoppedException e) {
                throw unavailable(e);
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
            } catch (NotStoppedException e) {
                throw unavailable(e);
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
            } catch (NotStoppedException e) {
                throw unavailable(e);
            }
        }
    }
}
