package org.gpumem.model.addressing;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Location;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Storage;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.memory.ByteSource;

/**
 * The alias arithmetic: from (context, space, offset) to the pool byte it reaches, and back from a
 * pool byte to every (context, space, offset) that reaches it.
 */
public final class AddressResolver {

    /** Windows may lead to spaces that are windowed again; deeper chains are a modelling error. */
    private static final int MAX_WINDOW_DEPTH = 8;

    private AddressResolver() {
    }

    /**
     * A run of bytes that are contiguous both in the space and in the pool.
     *
     * @param address where the first byte lands
     * @param length  how many bytes from there stay contiguous (at least 1)
     */
    public record Run(PoolAddress address, long length) {
    }

    /**
     * Where a byte of an interleaved pool belongs: the lane whose elements hold it, and its
     * offset in that lane's view of the space.
     */
    public record LaneOffset(int lane, long offset) {
    }

    /**
     * The lane and lane offset that byte {@code poolOffset} of an interleaved pool belongs to:
     * the inverse of {@code (o / e) * lanes * e + lane * e + o % e} for element size {@code e}.
     */
    public static LaneOffset laneOffset(InterleavedAccess interleaved, long poolOffset) {
        long es = interleaved.getElementSize();
        long rowBytes = es * interleaved.getLaneCount();
        long row = poolOffset / rowBytes;
        return new LaneOffset((int) ((poolOffset % rowBytes) / es), row * es + poolOffset % es);
    }

    /** The pool byte that {@code offset} of {@code space}, seen from {@code context}, reaches. */
    public static PoolAddress resolve(Context context, AddressSpace space, long offset) {
        return resolveRun(context, space, offset).address();
    }

    /** The pool byte a location reaches: its offset of its space, seen from its context. */
    public static PoolAddress resolve(Location location) {
        return resolve(location.getContext(), location.getSpace(), location.getOffset());
    }

    /** Like {@link #resolve(Context, AddressSpace, long)}, also telling how many following bytes stay contiguous. */
    public static Run resolveRun(Context context, AddressSpace space, long offset) {
        return resolveRun(context, space, offset, 0);
    }

    private static Run resolveRun(Context context, AddressSpace space, long offset, int depth) {
        if (space == null) {
            throw new AddressingException("location without an address space");
        }
        if (!AddressSpaces.fits(space, offset)) {
            throw new AddressingException("offset 0x" + Long.toHexString(offset) + " does not fit the "
                    + space.getAddressBits() + "-bit address space " + space.getName());
        }
        AccessPattern access = space.getAccess();
        if (access instanceof LinearAccess linear) {
            Pool pool = poolFor(context, space, linear.getStorage(), offset);
            long poolOffset = linear.getBase() + offset;
            checkInPool(pool, poolOffset, space, offset);
            return new Run(new PoolAddress(pool, poolOffset), pool.getSize() - poolOffset);
        }
        if (access instanceof InterleavedAccess interleaved) {
            Context lane = requireLane(context, space, offset);
            int es = interleaved.getElementSize();
            int lanes = interleaved.getLaneCount();
            if (lane.getIndex() < 0 || lane.getIndex() >= lanes) {
                throw new AddressingException("lane " + lane.getIndex() + " is outside the " + lanes + " lanes of "
                        + space.getName());
            }
            Pool pool = poolFor(lane, space, interleaved.getStorage(), offset);
            long row = Long.divideUnsigned(offset, es);
            long poolOffset = row * lanes * es + (long) lane.getIndex() * es + Long.remainderUnsigned(offset, es);
            if (row > (Long.MAX_VALUE / lanes) / es) {
                outOfPool(pool, space, offset);
            }
            checkInPool(pool, poolOffset, space, offset);
            return new Run(new PoolAddress(pool, poolOffset), es - Long.remainderUnsigned(offset, es));
        }
        if (access instanceof StridedAccess strided) {
            long es = strided.getElementSize();
            long element = Long.divideUnsigned(offset, es);
            long within = Long.remainderUnsigned(offset, es);
            long laneShift = 0;
            Context owner = context;
            if (strided.getLaneStride() != 0) {
                Context lane = requireLane(context, space, offset);
                laneShift = lane.getIndex() * strided.getLaneStride();
                owner = lane;
            }
            Pool pool = poolFor(owner, space, strided.getStorage(), offset);
            if (element > Long.MAX_VALUE / Math.max(1, strided.getStride())) {
                outOfPool(pool, space, offset);
            }
            long poolOffset = strided.getBase() + element * strided.getStride() + within + laneShift;
            checkInPool(pool, poolOffset, space, offset);
            return new Run(new PoolAddress(pool, poolOffset), es - within);
        }
        if (access instanceof WindowAccess windows) {
            if (depth >= MAX_WINDOW_DEPTH) {
                throw new AddressingException("address space " + space.getName() + ": windows nest more than "
                        + MAX_WINDOW_DEPTH + " deep");
            }
            Window window = windowAt(windows, offset);
            if (window != null) {
                long delta = offset - window.getStart();
                Run inner = resolveRun(context, window.getSpace(), delta, depth + 1);
                return new Run(inner.address(), Math.min(inner.length(), window.getLength() - delta));
            }
            if (windows.getFallback() == null) {
                throw new AddressingException("offset " + AddressSpaces.formatOffset(space, offset) + " of "
                        + space.getName() + " lies in none of its windows");
            }
            Run inner = resolveRun(context, windows.getFallback(), offset, depth + 1);
            // Distances are unsigned: a window may start anywhere in the 64-bit space, 2^63 bytes
            // or more above the offset (a signed minimum took such a distance for negative).
            long untilWindow = inner.length();
            for (Window later : windows.getWindows()) {
                if (Long.compareUnsigned(later.getStart(), offset) > 0
                        && Long.compareUnsigned(later.getStart() - offset, untilWindow) < 0) {
                    untilWindow = later.getStart() - offset;
                }
            }
            return new Run(inner.address(), untilWindow);
        }
        throw new AddressingException("address space " + space.getName() + " has no access pattern");
    }

    /** The window of {@code windows} that holds {@code offset}, or null. */
    private static Window windowAt(WindowAccess windows, long offset) {
        for (Window window : windows.getWindows()) {
            if (Long.compareUnsigned(offset, window.getStart()) >= 0
                    && Long.compareUnsigned(offset - window.getStart(), window.getLength()) < 0) {
                return window;
            }
        }
        return null;
    }

    /**
     * Where {@code offset} of {@code space} leads before any context matters: along the windows
     * (or the fallback) of windowed spaces to the first space that has none, with the offset
     * there; a space without windows is its own answer. A generic pointer's value names the
     * space it points into this way.
     *
     * @throws AddressingException when the offset lies in no window and the space has no fallback
     */
    public static SpaceOffset throughWindows(AddressSpace space, long offset) {
        for (int depth = 0; space.getAccess() instanceof WindowAccess windows; depth++) {
            if (depth >= MAX_WINDOW_DEPTH) {
                throw new AddressingException("address space " + space.getName() + ": windows nest more than "
                        + MAX_WINDOW_DEPTH + " deep");
            }
            Window window = windowAt(windows, offset);
            if (window != null) {
                offset -= window.getStart();
                space = window.getSpace();
            } else if (windows.getFallback() != null) {
                space = windows.getFallback();
            } else {
                throw new AddressingException("offset " + AddressSpaces.formatOffset(space, offset) + " of "
                        + space.getName() + " lies in none of its windows");
            }
        }
        return new SpaceOffset(space, offset);
    }

    /**
     * How many offsets from 0 on {@code space} reaches from {@code context}: the pool's bytes past
     * the base of a linear space, a lane's share of an interleaved pool; a windowed or strided
     * space spans its whole address range (offsets it cannot reach fail when read). 0 when the
     * space does not reach a pool from this context.
     */
    public static long extent(Context context, AddressSpace space) {
        AccessPattern access = space.getAccess();
        try {
            if (access instanceof LinearAccess linear) {
                return Math.max(0, resolve(context, space, 0).pool().getSize() - linear.getBase());
            }
            if (access instanceof InterleavedAccess interleaved) {
                return resolve(context, space, 0).pool().getSize() / interleaved.getLaneCount();
            }
        } catch (AddressingException notReachableFromHere) {
            return 0;
        }
        return AddressSpaces.mask(space.getAddressBits());
    }

    private static Context requireLane(Context context, AddressSpace space, long offset) {
        Context lane = Contexts.ancestor(context, Scope.LANE);
        if (lane == null) {
            throw new AddressingException("offset " + AddressSpaces.formatOffset(space, offset) + " of "
                    + space.getName() + " is per lane, but the context is " + Contexts.describe(context));
        }
        return lane;
    }

    private static Pool poolFor(Context context, AddressSpace space, Storage storage, long offset) {
        if (context == null) {
            throw new AddressingException("offset " + AddressSpaces.formatOffset(space, offset) + " of "
                    + space.getName() + " needs a context");
        }
        Context owner = Contexts.ancestor(context, storage.getScope());
        if (owner == null && storage.getScope() == Scope.SYSTEM) {
            owner = Contexts.ancestor(context, Scope.DEVICE);
        }
        if (owner == null) {
            throw new AddressingException("offset " + AddressSpaces.formatOffset(space, offset) + " of "
                    + space.getName() + " lands in " + storage.getName() + ", one per " + storage.getScope().getLiteral()
                    + ", but the context is " + Contexts.describe(context));
        }
        Pool pool = Contexts.pool(owner, storage);
        if (pool == null) {
            throw new AddressingException(Contexts.describe(owner) + " has no " + storage.getName() + " pool");
        }
        return pool;
    }

    private static void checkInPool(Pool pool, long poolOffset, AddressSpace space, long offset) {
        if (poolOffset < 0 || poolOffset >= pool.getSize()) {
            outOfPool(pool, space, offset);
        }
    }

    private static void outOfPool(Pool pool, AddressSpace space, long offset) {
        throw new AddressingException("offset " + AddressSpaces.formatOffset(space, offset) + " of " + space.getName()
                + " is outside " + Contexts.describe(pool) + " (0x" + Long.toHexString(pool.getSize()) + " bytes)");
    }

    /**
     * Reads {@code len} bytes of {@code space} from {@code offset} on, seen from {@code context},
     * following the access pattern byte run by byte run (a lane's 8-byte value in an
     * interleaved space comes from two separate pool elements).
     */
    public static void read(Context context, AddressSpace space, long offset, byte[] dst, int off, int len) {
        ByteSource.checkRange(Long.MAX_VALUE, 0, dst.length, off, len);
        while (len > 0) {
            Run run = resolveRun(context, space, offset);
            int n = (int) Math.min(len, run.length());
            source(run.address().pool()).read(run.address().offset(), dst, off, n);
            offset = (offset + n) & AddressSpaces.mask(space.getAddressBits());
            off += n;
            len -= n;
        }
    }

    /** Writes through the access pattern, as {@link #read} reads. */
    public static void write(Context context, AddressSpace space, long offset, byte[] src, int off, int len) {
        ByteSource.checkRange(Long.MAX_VALUE, 0, src.length, off, len);
        if (space.isReadOnly()) {
            throw new AddressingException("address space " + space.getName() + " is read-only");
        }
        while (len > 0) {
            Run run = resolveRun(context, space, offset);
            int n = (int) Math.min(len, run.length());
            source(run.address().pool()).write(run.address().offset(), src, off, n);
            offset = (offset + n) & AddressSpaces.mask(space.getAddressBits());
            off += n;
            len -= n;
        }
    }

    private static ByteSource source(Pool pool) {
        ByteSource source = pool.getSource();
        if (source == null) {
            throw new AddressingException(Contexts.describe(pool) + " has no contents attached");
        }
        return source;
    }

    /**
     * Every (context, space, offset) of the pool's target that reaches {@code address}: for each
     * space, the offsets whose resolution lands on that byte, with the widest context that
     * determines them (the work-group for a window onto shared memory, the lane for a per-lane
     * view). The result includes the identity view of the pool's own linear spaces.
     */
    public static List<Location> aliases(PoolAddress address) {
        Pool pool = address.pool();
        Target target = targetOf(pool.getStorage());
        List<Location> result = new ArrayList<>();
        for (AddressSpace space : target.getAddressSpaces()) {
            for (Location alias : inverse(space, address, 0)) {
                if (result.stream().noneMatch(l -> same(l, alias))) {
                    result.add(alias);
                }
            }
        }
        return result;
    }

    private static boolean same(Location a, Location b) {
        return a.getSpace() == b.getSpace() && a.getContext() == b.getContext() && a.getOffset() == b.getOffset();
    }

    private static Target targetOf(Storage storage) {
        if (storage == null || !(storage.eContainer() instanceof Target target)) {
            throw new AddressingException("pool without a target description");
        }
        return target;
    }

    /** The (context, offset) pairs of {@code space} that reach {@code address}. */
    private static List<Location> inverse(AddressSpace space, PoolAddress address, int depth) {
        Pool pool = address.pool();
        long poolOffset = address.offset();
        Context owner = pool.getOwner();
        List<Location> out = new ArrayList<>();
        AccessPattern access = space.getAccess();
        if (access instanceof LinearAccess linear) {
            if (linear.getStorage() == pool.getStorage()) {
                addIfValid(out, owner, space, poolOffset - linear.getBase(), address);
            }
        } else if (access instanceof InterleavedAccess interleaved) {
            if (interleaved.getStorage() == pool.getStorage()) {
                LaneOffset at = laneOffset(interleaved, poolOffset);
                for (Context lane : Contexts.descendants(owner, Scope.LANE)) {
                    if (lane.getIndex() == at.lane()) {
                        addIfValid(out, lane, space, at.offset(), address);
                    }
                }
            }
        } else if (access instanceof StridedAccess strided) {
            if (strided.getStorage() == pool.getStorage()) {
                List<Context> views = strided.getLaneStride() == 0 ? List.of(owner)
                        : Contexts.descendants(owner, Scope.LANE);
                for (Context view : views) {
                    long shift = strided.getLaneStride() == 0 ? 0 : view.getIndex() * strided.getLaneStride();
                    long rel = poolOffset - strided.getBase() - shift;
                    if (rel >= 0 && strided.getStride() > 0) {
                        long element = rel / strided.getStride();
                        long within = rel % strided.getStride();
                        if (within < strided.getElementSize()) {
                            addIfValid(out, view, space, element * strided.getElementSize() + within, address);
                        }
                    }
                }
            }
        } else if (access instanceof WindowAccess windows && depth < MAX_WINDOW_DEPTH) {
            for (Window window : windows.getWindows()) {
                for (Location inner : inverse(window.getSpace(), address, depth + 1)) {
                    if (Long.compareUnsigned(inner.getOffset(), window.getLength()) < 0) {
                        addIfValid(out, inner.getContext(), space, window.getStart() + inner.getOffset(), address);
                    }
                }
            }
            if (windows.getFallback() != null) {
                for (Location inner : inverse(windows.getFallback(), address, depth + 1)) {
                    addIfValid(out, inner.getContext(), space, inner.getOffset(), address);
                }
            }
        }
        return out;
    }

    /**
     * Keeps a candidate only if resolving it forward gives the same byte: this drops offsets that
     * do not fit the space, fallback offsets hidden behind a window, and lanes a view cannot reach.
     */
    private static void addIfValid(List<Location> out, Context context, AddressSpace space, long offset, PoolAddress expected) {
        if (offset < 0 && space.getAddressBits() < 64 || !AddressSpaces.fits(space, offset)) {
            return;
        }
        try {
            PoolAddress back = resolve(context, space, offset);
            if (back.pool() == expected.pool() && back.offset() == expected.offset()) {
                out.add(Locations.create(context, space, offset));
            }
        } catch (AddressingException unreachable) {
            // Not an alias from this context.
        }
    }
}
