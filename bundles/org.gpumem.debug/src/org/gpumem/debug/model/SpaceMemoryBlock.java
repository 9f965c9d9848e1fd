package org.gpumem.debug.model;

import org.gpumem.debug.core.StopMemoryState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IMemoryBlockRetrieval;
import org.eclipse.debug.core.model.MemoryByte;
import org.gpumem.debug.core.DebugSession;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressSpaces;

/**
 * A memory block bound to one address space of the engine's target in one context: {@code shared}
 * of a CTA, {@code local} of a lane, {@code local_warp} of a warp, {@code generic} through a
 * lane's windows, or the device-wide spaces. Addresses are offsets in that space and are
 * {@link #getAddressSize()} bytes wide; {@link #getMemoryBlockStartAddress()} and
 * {@link #getMemoryBlockEndAddress()} give the range the space reaches. Bytes are read and
 * written through the current stop's model state ({@link StopMemoryState}), so the space's
 * windows and interleave are the model's.
 *
 * <p>Change tracking: bytes are cached in pages per stop. At every stop the target calls
 * {@link #stopped}, which re-reads the pages a client has looked at and keeps the previous
 * bytes, so a read after a step reports {@link MemoryByte#CHANGED} for every byte that differs
 * from the previous stop, with {@link MemoryByte#HISTORY_KNOWN}. Pages read for the first time
 * have no history.
 *
 * <p>Focus: the block shows its space as the session's CUDA focus sees it; when the focus moves
 * to another context of the space's scope (another CTA for shared, another lane for local), the
 * target calls {@link #refocus} and the block reads that context's bytes, without history.
 *
 * <p>Threads: reads and writes go through {@link DebugSession#query} and
 * {@link DebugSession#modify}, which never wait for a running kernel: while the kernel runs,
 * they fail at once with a {@link DebugException} that the renderings show. Those calls run on
 * the session's executor, which also refreshes the pages at each stop ({@link #stopped}); so a
 * client never holds this block's lock while it reads from the session (the executor would wait
 * for the lock the client holds while the client waits for the executor), and a page a client
 * read before a stop but had not installed yet is read again.
 */
public final class SpaceMemoryBlock extends KernelDebugElement implements IMemoryBlockExtension {
    static final int PAGE = 512;

    private final String space;
    private final int addressBits;
    private final boolean readOnly;
    private final Scope scope;
    /** The focus's lane, which the block follows ({@link #refocus}). */
    private volatile LaneId lane;
    private final long base;
    private final VariableValue.Element element;
    private final String expression;
    private final List<Object> connections = new ArrayList<>();
    private final Map<Long, Page> pages = new HashMap<>();
    private final long rangeStart;
    private final long rangeEnd;
    /** Counts the stops this block has refreshed its pages at; guarded by {@code this}. */
    private long refreshes;

    /**
     * Bytes of one page at one stop, and at the stop before when known; {@code readable[i]} false
     * where the space has no byte. Never changed once made: a refresh replaces the page.
     */
    private record Page(byte[] bytes, boolean[] readable, byte[] previous, boolean[] previousReadable) {
        Page after(Page older) {
            return new Page(bytes, readable, older.bytes, older.readable);
        }
    }

    /**
     * @param space the name (or an alias) of a space of the target's stop state
     * @param lane  the lane whose view of the space the block shows (its CTA or warp for spaces
     *              of those scopes)
     * @throws DebugException when the kernel is running, the space is unknown or the lane's CTA
     *         is not resident
     */
    public SpaceMemoryBlock(KernelDebugTarget target, String space, LaneId lane, long base, String expression)
            throws DebugException {
        this(target, space, lane, base, expression, null);
    }

    /**
     * @param element the DWARF element type of the variable at {@code base} (what renderings
     *                decode the bytes as), or null
     * @see #SpaceMemoryBlock(KernelDebugTarget, String, LaneId, long, String)
     */
    public SpaceMemoryBlock(KernelDebugTarget target, String space, LaneId lane, long base, String expression,
            VariableValue.Element element) throws DebugException {
        super(target);
        this.element = element;
        StopMemoryState stop = stop(target);
        AddressSpace s;
        try {
            s = stop.space(space);
        } catch (IllegalArgumentException e) {
            throw new DebugException(Status.error(e.getMessage(), e));
        }
        this.space = s.getName();
        this.addressBits = s.getAddressBits();
        this.readOnly = s.isReadOnly();
        this.scope = s.getScope();
        this.lane = lane;
        this.base = base;
        this.expression = expression;
        this.rangeStart = 0;
        long extent;
        try {
            extent = stop.extent(s, context(stop, s));
        } catch (NotStoppedException e) {
            throw SessionCalls.notStopped(e);
        }
        this.rangeEnd = extent < 0 ? Long.MAX_VALUE : extent;
    }

    private static StopMemoryState stop(KernelDebugTarget target) throws DebugException {
        StopMemoryState stop = target.stopMemoryState();
        if (stop == null) {
            throw new DebugException(Status.error(target.isTerminated() ? "the kernel has terminated" : "the kernel is running"));
        }
        return stop;
    }

    private Context context(StopMemoryState stop, AddressSpace s) throws DebugException {
        Context c = stop.context(s, lane);
        if (c == null) {
            throw new DebugException(Status.error(space + " [" + lane.describe(scope) + "] is not resident"));
        }
        return c;
    }

    /** The name of the space the block's addresses are offsets in. */
    public String space() {
        return space;
    }

    /** The element type of the variable the block was opened at ({@code local:&window}), or null. */
    public VariableValue.Element element() {
        return element;
    }

    /** {@code shared [CTA (1,0,0)] +0x40}: space, context and base offset, how views label the block. */
    public String label() {
        return describeBinding() + " +0x" + Long.toHexString(base);
    }

    /** The lane (and so CTA and warp) the block is bound to. */
    public LaneId lane() {
        return lane;
    }

    /** Which context instance of the space the block reads: the space's scope. */
    public Scope scope() {
        return scope;
    }

    /** Bytes of an address in the space. */
    public int addressBytes() {
        return addressBits / 8;
    }

    /** {@code shared [CTA (1,0,0)]}: space and context as the views print them. */
    public String describeBinding() {
        return space + " [" + describeContext() + "]";
    }

    /** {@code CTA (1,0,0)}: the part of the lane the space's scope needs. */
    public String describeContext() {
        return lane.describe(scope);
    }

    /**
     * Binds the block to {@code focus} (the session's new CUDA focus). Returns whether that
     * changed which context's bytes it shows, in which case the cached pages are dropped: bytes
     * of another CTA or lane are no change of these.
     */
    public boolean refocus(LaneId focus) {
        if (focus.equals(lane)) {
            return false;
        }
        boolean otherContext = !focus.describe(scope).equals(lane.describe(scope));
        synchronized (this) {
            if (otherContext) {
                pages.clear();
                refreshes++;
            }
            lane = focus;
        }
        return otherContext;
    }

    // ------------------------------------------------------------------ change tracking

    /** Called by the target on the session executor after each stop. */
    public synchronized void stopped() throws DebugException {
        refreshes++;
        for (Map.Entry<Long, Page> e : pages.entrySet()) {
            e.setValue(read(e.getKey()).after(e.getValue()));
        }
    }

    /** The page, read now when it is not cached; the session is read without this block's lock. */
    private Page page(long pageIndex) throws DebugException {
        while (true) {
            long seen;
            synchronized (this) {
                Page p = pages.get(pageIndex);
                if (p != null) {
                    return p;
                }
                seen = refreshes;
            }
            Page fresh = read(pageIndex);
            synchronized (this) {
                if (refreshes == seen) {
                    Page raced = pages.putIfAbsent(pageIndex, fresh);
                    return raced != null ? raced : fresh;
                }
            }
        }
    }

    /** The page's bytes as the session reads them now, without history. */
    private Page read(long pageIndex) throws DebugException {
        long start = pageIndex * PAGE;
        byte[] bytes = new byte[PAGE];
        boolean[] readable = new boolean[PAGE];
        long from = Math.max(start, rangeStart);
        long to = Math.min(start + PAGE, rangeEnd);
        if (from < to) {
            StopMemoryState stop = stop(kernelTarget());
            AddressSpace s = stop.space(space);
            try {
                stop.read(s, context(stop, s), from, (int) (to - from), bytes, readable, (int) (from - start));
            } catch (NotStoppedException e) {
                throw SessionCalls.notStopped(e);
            }
        }
        return new Page(bytes, readable, null, null);
    }

    // ------------------------------------------------------------------ IMemoryBlockExtension

    @Override
    public String getExpression() {
        return expression;
    }

    @Override
    public BigInteger getBigBaseAddress() {
        return unsigned(base);
    }

    @Override
    public BigInteger getMemoryBlockStartAddress() {
        return unsigned(rangeStart);
    }

    @Override
    public BigInteger getMemoryBlockEndAddress() {
        return unsigned(rangeEnd).subtract(BigInteger.ONE);
    }

    @Override
    public BigInteger getBigLength() {
        return unsigned(rangeEnd).subtract(unsigned(rangeStart));
    }

    @Override
    public int getAddressSize() {
        return addressBytes();
    }

    @Override
    public boolean supportBaseAddressModification() {
        return false;
    }

    @Override
    public boolean supportsChangeManagement() {
        return true;
    }

    @Override
    public void setBaseAddress(BigInteger address) throws DebugException {
        throw notSupported("moving a memory block");
    }

    @Override
    public MemoryByte[] getBytesFromOffset(BigInteger unitOffset, long addressableUnits) throws DebugException {
        return getBytesFromAddress(getBigBaseAddress().add(unitOffset), addressableUnits);
    }

    @Override
    public MemoryByte[] getBytesFromAddress(BigInteger address, long units) throws DebugException {
        if (units < 0 || units > Integer.MAX_VALUE / 2) {
            throw new DebugException(Status.error("cannot read " + units + " bytes at once"));
        }
        MemoryByte[] out = new MemoryByte[(int) units];
        BigInteger limit = BigInteger.ONE.shiftLeft(addressBits);
        for (int i = 0; i < out.length; i++) {
            BigInteger a = address.add(BigInteger.valueOf(i));
            if (a.signum() < 0 || a.compareTo(limit) >= 0) {
                out[i] = new MemoryByte((byte) 0, (byte) 0);
                continue;
            }
            long addr = a.longValue();
            long pageIndex = Long.divideUnsigned(addr, PAGE);
            int in = (int) Long.remainderUnsigned(addr, PAGE);
            Page p = page(pageIndex);
            if (!p.readable()[in]) {
                out[i] = new MemoryByte((byte) 0, (byte) 0);
                continue;
            }
            byte flags = MemoryByte.READABLE | MemoryByte.WRITABLE | MemoryByte.ENDIANESS_KNOWN;
            if (p.previous() != null) {
                flags |= MemoryByte.HISTORY_KNOWN;
                if (!p.previousReadable()[in] || p.previous()[in] != p.bytes()[in]) {
                    flags |= MemoryByte.CHANGED;
                }
            }
            if (readOnly) {
                flags &= ~MemoryByte.WRITABLE;
            }
            out[i] = new MemoryByte(p.bytes()[in], flags);
        }
        return out;
    }

    @Override
    public void setValue(BigInteger offset, byte[] bytes) throws DebugException {
        long at = base + offset.longValue();
        StopMemoryState stop = stop(kernelTarget());
        AddressSpace s = stop.space(space);
        try {
            stop.write(s, context(stop, s), at, bytes.clone());
        } catch (NotStoppedException e) {
            throw SessionCalls.notStopped(e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DebugException(Status.error(e.getMessage(), e));
        }
        long first = Long.divideUnsigned(at, PAGE);
        long last = Long.divideUnsigned(at + Math.max(0, bytes.length - 1), PAGE);
        for (long pg = first; pg <= last; pg++) {
            long seen;
            synchronized (this) {
                if (!pages.containsKey(pg)) {
                    continue;
                }
                seen = refreshes;
            }
            Page written = read(pg);
            synchronized (this) {
                Page cached = pages.get(pg);
                // After a stop in between, the refresh has read the page already.
                if (cached != null && refreshes == seen) {
                    pages.put(pg, new Page(written.bytes(), written.readable(), cached.previous(),
                            cached.previousReadable()));
                }
            }
        }
        fireChangeEvent(DebugEvent.CONTENT);
    }

    @Override
    public synchronized void connect(Object client) {
        if (!connections.contains(client)) {
            connections.add(client);
        }
    }

    @Override
    public synchronized void disconnect(Object client) {
        connections.remove(client);
    }

    @Override
    public synchronized Object[] getConnections() {
        return connections.toArray();
    }

    @Override
    public void dispose() {
        kernelTarget().forget(this);
        synchronized (this) {
            pages.clear();
        }
    }

    @Override
    public IMemoryBlockRetrieval getMemoryBlockRetrieval() {
        return kernelTarget();
    }

    @Override
    public int getAddressableSize() {
        return 1;
    }

    // ------------------------------------------------------------------ IMemoryBlock

    @Override
    public long getStartAddress() {
        return base;
    }

    @Override
    public long getLength() {
        return getBigLength().min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
    }

    @Override
    public byte[] getBytes() throws DebugException {
        long length = Math.min(getLength(), 64 * 1024);
        MemoryByte[] mb = getBytesFromAddress(getBigBaseAddress(), length);
        byte[] out = new byte[mb.length];
        for (int i = 0; i < mb.length; i++) {
            out[i] = mb[i].getValue();
        }
        return out;
    }

    @Override
    public boolean supportsValueModification() {
        return !readOnly;
    }

    @Override
    public void setValue(long offset, byte[] bytes) throws DebugException {
        setValue(BigInteger.valueOf(offset), bytes);
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IMemoryBlockRetrieval.class) {
            return adapter.cast(kernelTarget());
        }
        if (adapter == Location.class) {
            StopMemoryState stop = kernelTarget().stopMemoryState();
            // A base the space's addresses cannot hold has no location: null is getAdapter's "not adaptable".
            return stop == null || !AddressSpaces.fits(stop.space(space), base) ? null
                    : adapter.cast(stop.location(space, lane, base));
        }
        return super.getAdapter(adapter);
    }

    private static BigInteger unsigned(long v) {
        return v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64));
    }
}
