package org.gpumem.ui.memory;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.memory.MemoryUnavailableException;

/**
 * Lanes: a per-lane address space (CUDA local, AMD private_lane) of one warp/wavefront as a grid
 * of elements x lanes, one colour per lane, or, toggled, the physical pool in which the lanes'
 * elements are interleaved, so the stride between one lane's consecutive elements is visible.
 * Per-lane cells are read through the model's alias arithmetic, physical cells straight from the
 * pool. A click on a lane's cell tells the {@link #onLaneClicked} listeners (the lanes rendering
 * focuses that lane); the focused lane's column is marked ({@link #setFocusedLane}).
 */
public final class LanesGrid extends Composite {

    /** Elements per lane shown at once. */
    public static final int WINDOW_ELEMENTS = 1024;
    public static final int WORDS_PER_PHYSICAL_ROW = 4;

    private final AddressSpace space;
    private final InterleavedAccess access;
    private final List<Context> lanes;
    private final Pool pool;
    private final int elementSize;
    private final int laneCount;
    private final long elementsPerLane;
    private final Label header;
    private final Button physicalToggle;
    private final Button hexToggle;
    /** Elements are decoded little-endian: as signed decimals, or as hex numbers when set. */
    private boolean hex;
    private final Color[] laneColours;
    private Table table;
    private boolean physical;
    private volatile byte[][] laneBytes;
    private volatile byte[] poolBytes;
    /** What the last read of each kind gave, and at which pool version: the baseline of changes. */
    private byte[][] previousLaneBytes;
    private byte[] previousPoolBytes;
    private long previousVersion = -1;
    /** Per lane (or for the pool), which bytes changed since the previous stop; null when none. */
    private volatile boolean[][] changedLaneBytes;
    private volatile boolean[] changedPoolBytes;
    private final Set<Long> highlightedPoolOffsets = new TreeSet<>();
    private volatile int highlightedLane = -1;
    private volatile long highlightedFrom;
    private volatile long highlightedTo;
    private final Job readJob;
    private final List<Consumer<Context>> laneClickListeners = new CopyOnWriteArrayList<>();
    /** The lane index whose column is marked as the focus, or -1. */
    private int focusedLane = -1;

    /** Whether {@code space} can be shown as lanes: its access pattern interleaves by lane. */
    public static boolean applies(AddressSpace space) {
        return space != null && space.getAccess() instanceof InterleavedAccess;
    }

    /**
     * @param context a lane, or a subgroup (warp/wavefront), of the state
     * @param space   a space whose access pattern is {@link InterleavedAccess}
     */
    public LanesGrid(Composite parent, Context context, AddressSpace space) {
        super(parent, SWT.NONE);
        if (!applies(space)) {
            throw new IllegalArgumentException("address space " + space.getName() + " is not interleaved by lane");
        }
        this.access = (InterleavedAccess) space.getAccess();
        this.space = space;
        this.elementSize = access.getElementSize();
        this.laneCount = access.getLaneCount();
        Context subgroup = context.getScope() == Scope.LANE ? context.getParent() : Contexts.ancestor(context, Scope.SUBGROUP);
        if (subgroup == null) {
            throw new IllegalArgumentException("lanes need a lane or subgroup context, not " + Contexts.describe(context));
        }
        this.lanes = Contexts.descendants(subgroup, Scope.LANE);
        if (lanes.isEmpty()) {
            throw new IllegalArgumentException(Contexts.describe(subgroup) + " has no lanes");
        }
        this.pool = AddressResolver.resolve(lanes.get(0), space, 0).pool();
        this.elementsPerLane = pool.getSize() / ((long) laneCount * elementSize);
        laneColours = new Color[laneCount];
        for (int i = 0; i < laneCount; i++) {
            laneColours[i] = new Color(new RGB(360f * i / laneCount, 0.28f, 1f));
        }

        setLayout(new GridLayout(3, false));
        header = new Label(this, SWT.NONE);
        header.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        hexToggle = new Button(this, SWT.TOGGLE);
        hexToggle.setText("Hex");
        hexToggle.setToolTipText("Show each element as a little-endian hexadecimal number instead of a signed decimal one");
        hexToggle.addListener(SWT.Selection, e -> setHex(hexToggle.getSelection()));
        physicalToggle = new Button(this, SWT.TOGGLE);
        physicalToggle.setText("Physical pool");
        physicalToggle.setToolTipText("Show the " + pool.getStorage().getName()
                + " pool as stored, with every lane's elements interleaved");
        physicalToggle.addListener(SWT.Selection, e -> setPhysical(physicalToggle.getSelection()));
        readJob = new Job("Reading lanes of " + space.getName()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                return read(monitor);
            }
        };
        buildTable();
        readJob.schedule();
        addDisposeListener(e -> readJob.cancel());
    }

    public Table table() {
        return table;
    }

    public boolean physical() {
        return physical;
    }

    public int elementSize() {
        return elementSize;
    }

    public int laneCount() {
        return laneCount;
    }

    public Pool pool() {
        return pool;
    }

    /** Whether the background read of the cells is still running. */
    public boolean loading() {
        return readJob.getState() != Job.NONE || (physical ? poolBytes == null : laneBytes == null);
    }

    /** Switches between elements x lanes and the physical interleaved pool; reads again. */
    public void setPhysical(boolean physical) {
        this.physical = physical;
        physicalToggle.setSelection(physical);
        buildTable();
        readJob.schedule();
    }

    /** Shows elements as little-endian hex numbers ({@code 0x7f2a7e27}) or as signed decimals. */
    public void setHex(boolean hex) {
        this.hex = hex;
        hexToggle.setSelection(hex);
        table.clearAll();
    }

    public boolean hex() {
        return hex;
    }

    /**
     * The text of the element at {@code data[off .. off+elementSize)}: its little-endian value,
     * signed decimal or (toggled) hex, never the bytes in memory order, which read as another
     * number.
     */
    public String elementText(byte[] data, int off) {
        long value = 0;
        for (int i = elementSize - 1; i >= 0; i--) {
            value = value << 8 | (data[off + i] & 0xff);
        }
        if (hex) {
            return String.format("0x%0" + 2 * elementSize + "x", value);
        }
        int unused = 64 - 8 * elementSize;
        return Long.toString(value << unused >> unused);
    }

    /** Calls {@code listener} with the lane context of every cell the user clicks (in either view). */
    public void onLaneClicked(Consumer<Context> listener) {
        laneClickListeners.add(listener);
    }

    /** Marks lane {@code lane}'s column as the focus (-1: none). */
    public void setFocusedLane(int lane) {
        focusedLane = lane;
        if (!physical) {
            for (int i = 0; i < lanes.size(); i++) {
                int index = lanes.get(i).getIndex();
                table.getColumn(i + 1).setText(laneTitle(index));
            }
        }
    }

    public int focusedLane() {
        return focusedLane;
    }

    private String laneTitle(int lane) {
        return lane == focusedLane ? "lane " + lane + " ◉" : "lane " + lane;
    }

    /** The lane of the cell at ({@code x}, {@code y}) of the table, or null. */
    private Context laneAt(int x, int y) {
        TableItem item = table.getItem(new Point(x, y));
        if (item == null) {
            return null;
        }
        for (int column = 1; column < table.getColumnCount(); column++) {
            if (item.getBounds(column).contains(x, y)) {
                if (!physical) {
                    return lanes.get(column - 1);
                }
                long offset = ((long) table.indexOf(item) * WORDS_PER_PHYSICAL_ROW + column - 1) * elementSize;
                int lane = AddressResolver.laneOffset(access, offset).lane();
                return lanes.stream().filter(c -> c.getIndex() == lane).findFirst().orElse(null);
            }
        }
        return null;
    }

    private void clicked(Event e) {
        Context lane = laneAt(e.x, e.y);
        if (lane != null) {
            for (Consumer<Context> l : laneClickListeners) {
                l.accept(lane);
            }
        }
    }

    /** Says {@code text} in the header (why a click could not focus a lane). */
    public void say(String text) {
        header.setText(text);
    }

    public String headerText() {
        return header.getText();
    }

    /** Reads the cells again (after a suspend or a write). */
    public void reload() {
        readJob.schedule();
    }

    /** Pool offsets of the cells highlighted in the physical view. */
    public Set<Long> highlightedPoolOffsets() {
        synchronized (highlightedPoolOffsets) {
            return new TreeSet<>(highlightedPoolOffsets);
        }
    }

    /**
     * Highlights {@code length} bytes from {@code offset} of lane {@code lane}'s view: in the
     * per-lane grid its cells, in the physical view the pool bytes they land on (each found by
     * resolving the lane's offsets, so the interleave is the model's).
     */
    public void highlightLane(int lane, long offset, int length) {
        Context laneContext = lanes.stream().filter(c -> c.getIndex() == lane).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no lane " + lane));
        highlightedLane = lane;
        highlightedFrom = offset;
        highlightedTo = offset + length;
        synchronized (highlightedPoolOffsets) {
            highlightedPoolOffsets.clear();
            for (int i = 0; i < length; i++) {
                highlightedPoolOffsets.add(AddressResolver.resolve(laneContext, space, offset + i).offset());
            }
        }
        table.clearAll();
    }

    private void buildTable() {
        if (table != null) {
            table.dispose();
        }
        laneBytes = null;
        poolBytes = null;
        table = new Table(this, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        int cellWidth = 20 + elementSize * 20;
        if (physical) {
            column(pool.getStorage().getName() + " offset", 110);
            for (int w = 0; w < WORDS_PER_PHYSICAL_ROW; w++) {
                column("+" + w * elementSize, cellWidth + 70);
            }
            long rows = Math.min(poolBytesShown() / (WORDS_PER_PHYSICAL_ROW * elementSize), Integer.MAX_VALUE);
            table.setItemCount((int) rows);
            header.setText(Contexts.describe(pool) + ": " + laneCount + " lanes interleaved in " + elementSize
                    + "-byte elements; lane n's element k at k*" + laneCount * elementSize + " + n*" + elementSize);
        } else {
            column("element (offset)", 120);
            for (Context lane : lanes) {
                column(laneTitle(lane.getIndex()), cellWidth);
            }
            table.setItemCount((int) Math.min(WINDOW_ELEMENTS, elementsPerLane));
            header.setText(space.getName() + " of " + Contexts.describe(lanes.get(0).getParent()) + ": "
                    + lanes.size() + " lanes x " + elementsPerLane + " elements of " + elementSize + " bytes");
        }
        table.addListener(SWT.SetData, e -> fill((TableItem) e.item, table.indexOf((TableItem) e.item)));
        table.addListener(SWT.MouseDown, this::clicked);
        layout(true, true);
    }

    private long poolBytesShown() {
        return Math.min(pool.getSize(), (long) WINDOW_ELEMENTS * laneCount * elementSize);
    }

    private void column(String title, int width) {
        TableColumn c = new TableColumn(table, SWT.LEFT);
        c.setText(title);
        c.setWidth(width);
    }

    private IStatus read(IProgressMonitor monitor) {
        boolean readPhysical = physical;
        try {
            long version = pool.getSource().version();
            if (readPhysical) {
                byte[] bytes = new byte[(int) poolBytesShown()];
                pool.getSource().read(0, bytes, 0, bytes.length);
                synchronized (this) {
                    changedPoolBytes = changes(previousPoolBytes, bytes, changedPoolBytes, version);
                    previousPoolBytes = bytes;
                    previousVersion = version;
                }
                poolBytes = bytes;
            } else {
                int elements = (int) Math.min(WINDOW_ELEMENTS, elementsPerLane);
                monitor.beginTask("Reading " + lanes.size() + " lanes", lanes.size());
                byte[][] perLane = new byte[lanes.size()][elements * elementSize];
                for (int i = 0; i < lanes.size() && !monitor.isCanceled(); i++) {
                    AddressResolver.read(lanes.get(i), space, 0, perLane[i], 0, perLane[i].length);
                    monitor.worked(1);
                }
                synchronized (this) {
                    boolean[][] changed = new boolean[perLane.length][];
                    for (int i = 0; i < perLane.length; i++) {
                        changed[i] = changes(previousLaneBytes == null ? null : previousLaneBytes[i], perLane[i],
                                changedLaneBytes == null ? null : changedLaneBytes[i], version);
                    }
                    changedLaneBytes = changed;
                    previousLaneBytes = perLane;
                    previousVersion = version;
                }
                laneBytes = perLane;
            }
        } catch (MemoryUnavailableException e) {
            // the kernel runs again or its session ended: a state to show, not an error to log
            showUnavailable(e.getMessage());
            return Status.OK_STATUS;
        } catch (RuntimeException e) {
            return new Status(IStatus.ERROR, "org.gpumem.ui", "cannot read " + space.getName() + ": " + e.getMessage(), e);
        } finally {
            monitor.done();
        }
        if (!isDisposed()) {
            getDisplay().asyncExec(() -> {
                if (!table.isDisposed()) {
                    table.clearAll();
                }
            });
        }
        return Status.OK_STATUS;
    }

    /**
     * Which bytes of {@code now} differ from {@code before} (read at {@link #previousVersion});
     * a read at the same version keeps that stop's changes unless bytes moved again.
     */
    private boolean[] changes(byte[] before, byte[] now, boolean[] changedBefore, long version) {
        if (before == null || before.length != now.length) {
            return null;
        }
        boolean[] changed = new boolean[now.length];
        boolean any = false;
        for (int i = 0; i < now.length; i++) {
            changed[i] = before[i] != now[i];
            any |= changed[i];
        }
        if (!any && version == previousVersion) {
            return changedBefore;
        }
        return any ? changed : null;
    }

    /** Whether the element {@code element} of the {@code i}th lane shown changed since the previous stop. */
    public boolean changed(int i, int element) {
        boolean[][] changed = changedLaneBytes;
        return changed != null && changed[i] != null && any(changed[i], element * elementSize, elementSize);
    }

    private static boolean any(boolean[] flags, int from, int length) {
        for (int k = from; k < from + length && k < flags.length; k++) {
            if (flags[k]) {
                return true;
            }
        }
        return false;
    }

    private void showUnavailable(String why) {
        if (!isDisposed()) {
            getDisplay().asyncExec(() -> {
                if (!header.isDisposed()) {
                    header.setText(space.getName() + ": " + why);
                }
            });
        }
    }

    private void fill(TableItem item, int row) {
        if (physical) {
            fillPhysical(item, row);
        } else {
            fillLanes(item, row);
        }
    }

    private void fillLanes(TableItem item, int element) {
        item.setText(0, element + " (" + Hex.address((long) element * elementSize, space.getAddressBits()) + ")");
        byte[][] bytes = laneBytes;
        for (int i = 0; i < lanes.size(); i++) {
            int lane = lanes.get(i).getIndex();
            long elementStart = (long) element * elementSize;
            boolean selected = lane == highlightedLane && elementStart < highlightedTo
                    && highlightedFrom < elementStart + elementSize;
            item.setBackground(i + 1, selected ? getDisplay().getSystemColor(SWT.COLOR_YELLOW) : laneColours[lane % laneCount]);
            item.setForeground(i + 1, changed(i, element) ? getDisplay().getSystemColor(SWT.COLOR_RED) : null);
            item.setText(i + 1, bytes == null ? "\u2026" : elementText(bytes[i], element * elementSize));
        }
    }

    private void fillPhysical(TableItem item, int row) {
        long rowOffset = (long) row * WORDS_PER_PHYSICAL_ROW * elementSize;
        item.setText(0, Hex.address(rowOffset, 32));
        byte[] bytes = poolBytes;
        for (int w = 0; w < WORDS_PER_PHYSICAL_ROW; w++) {
            long offset = rowOffset + (long) w * elementSize;
            AddressResolver.LaneOffset at = AddressResolver.laneOffset(access, offset);
            int lane = at.lane();
            long element = at.offset() / elementSize;
            String value = bytes == null ? "\u2026" : elementText(bytes, (int) offset);
            item.setText(w + 1, "L" + lane + "[" + element + "] " + value);
            boolean selected;
            synchronized (highlightedPoolOffsets) {
                selected = highlightedPoolOffsets.stream().anyMatch(p -> p >= offset && p < offset + elementSize);
            }
            item.setBackground(w + 1, selected ? getDisplay().getSystemColor(SWT.COLOR_YELLOW) : laneColours[lane]);
            boolean[] changed = changedPoolBytes;
            item.setForeground(w + 1, changed != null && any(changed, (int) offset, elementSize)
                    ? getDisplay().getSystemColor(SWT.COLOR_RED) : null);
        }
    }
}
