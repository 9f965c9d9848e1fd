package org.gpumem.ui.memory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * Address-space table: a virtual table of one space seen from one context, 16 bytes a row, with
 * the addresses in the space's width, the bytes in hex and a typed column (u8..u64, s32, f32,
 * f64). The table holds a window of {@value #WINDOW_ROWS} rows at a time and its bytes come from a
 * bounded {@link PageCache}, so the memory it uses does not grow with the size of the space.
 */
public final class AddressSpaceTable extends Composite {

    public static final int BYTES_PER_ROW = 16;
    public static final int WINDOW_ROWS = 4096;
    private static final int CACHE_PAGES = 64;
    public static final int COLUMN_ADDRESS = 0;
    public static final int COLUMN_HEX = 1;
    public static final int COLUMN_TYPED = 2;

    /** Where GTK starts a cell's text, so drawn bytes line up with the column's other rows. */
    private static final int TEXT_MARGIN = 4;

    private final SpaceReader reader;
    private final PageCache cache;
    private final Label header;
    private final Table table;
    private final Combo typeChoice;
    private final Text goTo;
    private final List<Consumer<ByteSelection>> selectionListeners = new CopyOnWriteArrayList<>();
    private ValueType type = ValueType.U32;
    private long windowStart;
    private ByteSelection highlighted;

    public AddressSpaceTable(Composite parent, SpaceReader reader) {
        super(parent, SWT.NONE);
        this.reader = reader;
        setLayout(new GridLayout(6, false));
        header = new Label(this, SWT.NONE);
        header.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 6, 1));
        header.setText(headerText(reader));

        new Label(this, SWT.NONE).setText("Go to:");
        goTo = new Text(this, SWT.BORDER | SWT.SINGLE);
        goTo.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        goTo.setMessage(reader.formatAddress(reader.start()));
        goTo.addListener(SWT.DefaultSelection, e -> goToText());
        Button previous = new Button(this, SWT.PUSH);
        previous.setText("Previous");
        previous.addListener(SWT.Selection, e -> showWindow(windowStart - (long) WINDOW_ROWS * BYTES_PER_ROW));
        Button next = new Button(this, SWT.PUSH);
        next.setText("Next");
        next.addListener(SWT.Selection, e -> showWindow(windowStart + (long) WINDOW_ROWS * BYTES_PER_ROW));
        new Label(this, SWT.NONE).setText("Values:");
        typeChoice = new Combo(this, SWT.READ_ONLY);
        for (ValueType t : ValueType.values()) {
            typeChoice.add(t.label());
        }
        typeChoice.setText(type.label());
        typeChoice.addListener(SWT.Selection, e -> setValueType(ValueType.byLabel(typeChoice.getText())));

        table = new Table(this, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 6, 1));
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        column("Address", 20 + 9 * Math.max(4, (reader.addressBits() + 3) / 4));
        column("Hex", 16 * 3 * 9);
        column(type.label(), 360);
        table.addListener(SWT.SetData, e -> fill((TableItem) e.item, table.indexOf((TableItem) e.item)));
        table.addListener(SWT.Selection, e -> rowsSelected());
        table.addListener(SWT.EraseItem, e -> {
            if (e.index == COLUMN_HEX && e.item.getData() instanceof RowBytes shown && shown.changed() != null) {
                e.detail &= ~SWT.FOREGROUND;
            }
        });
        table.addListener(SWT.PaintItem, this::paintHex);

        cache = new PageCache(reader, CACHE_PAGES, this::pageLoaded);
        addDisposeListener(e -> cache.dispose());
        showWindow(reader.start());
    }

    private static String headerText(SpaceReader reader) {
        String context = reader.contextLabel().isEmpty() ? "" : " \u00b7 " + reader.contextLabel();
        return "space " + reader.spaceName() + " \u00b7 " + reader.addressBits() + "-bit addresses" + context + " \u00b7 "
                + reader.formatAddress(reader.start()) + " + 0x" + Long.toHexString(reader.length()) + " bytes";
    }

    private void column(String title, int width) {
        TableColumn c = new TableColumn(table, SWT.LEFT);
        c.setText(title);
        c.setWidth(width);
    }

    public SpaceReader reader() {
        return reader;
    }

    public Table table() {
        return table;
    }

    public String headerText() {
        return header.getText();
    }

    /** Adds {@code text} to the header (something the user should know about what is shown). */
    public void say(String text) {
        header.setText(headerText(reader) + " \u2014 " + text);
    }

    /** Address of the first row of the window on screen. */
    public long windowStart() {
        return windowStart;
    }

    /** Whether reads for the rows on screen are still running. */
    public boolean loading() {
        return cache.busy();
    }

    /** Pages held in memory now (bounded, whatever the size of the space). */
    public int cachedPages() {
        return cache.size();
    }

    /**
     * Reads the rows on screen again (after a suspend or a write); bytes that differ from what
     * the rows showed at the previous stop are drawn in the changed colour.
     */
    public void reload() {
        cache.refresh();
        table.clearAll();
    }

    /**
     * Which of the {@value #BYTES_PER_ROW} bytes of {@code row} (of the window on screen) changed
     * since the previous stop, as the row was last filled; all false while it is loading.
     */
    public boolean[] changedBytes(int row) {
        boolean[] changed = new boolean[BYTES_PER_ROW];
        if (table.getItem(row).getData() instanceof RowBytes shown && shown.changed() != null) {
            System.arraycopy(shown.changed(), 0, changed, 0, shown.changed().length);
        }
        return changed;
    }

    /** The hex text of a row's bytes and which of them changed (null when none did); drawn by {@link #paintHex}. */
    private record RowBytes(String[] hex, boolean[] changed) {
    }

    public void addSelectionListener(Consumer<ByteSelection> listener) {
        selectionListeners.add(listener);
    }

    public void setValueType(ValueType type) {
        this.type = type;
        typeChoice.setText(type.label());
        table.getColumn(COLUMN_TYPED).setText(type.label());
        table.clearAll();
    }

    /**
     * Shows the window of rows holding {@code address} (clamped to the readable range) and
     * selects that row.
     */
    public void reveal(long address) {
        showWindow(address);
        int row = (int) ((address - windowStart) / BYTES_PER_ROW);
        if (row >= 0 && row < table.getItemCount()) {
            table.setSelection(row);
            table.showItem(table.getItem(row));
        }
    }

    private void showWindow(long address) {
        long start = reader.start();
        long length = reader.length();
        long relative = Math.max(0, address - start);
        if (Long.compareUnsigned(relative, length) >= 0) {
            relative = length == 0 ? 0 : length - 1;
        }
        long rowIndex = relative / BYTES_PER_ROW;
        long firstRow = Math.max(0, rowIndex - WINDOW_ROWS / 2);
        firstRow = Math.max(0, Math.min(firstRow, rows(length) - WINDOW_ROWS));
        windowStart = start + firstRow * BYTES_PER_ROW;
        table.setItemCount((int) Math.min(WINDOW_ROWS, rows(length) - firstRow));
        table.clearAll();
    }

    private static long rows(long length) {
        return length / BYTES_PER_ROW + (length % BYTES_PER_ROW == 0 ? 0 : 1);
    }

    private void goToText() {
        String text = goTo.getText().trim().toLowerCase();
        try {
            long address = text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseUnsignedLong(text);
            reveal(address);
        } catch (NumberFormatException e) {
            goTo.setText("");
            goTo.setMessage("not an address: " + text);
        }
    }

    /** Selects {@code length} bytes from {@code address}, shows them and tells the listeners. */
    public void select(long address, int length) {
        reveal(address);
        highlighted = new ByteSelection(reader, address, length);
        table.clearAll();
        for (Consumer<ByteSelection> listener : selectionListeners) {
            listener.accept(highlighted);
        }
    }

    private void rowsSelected() {
        int[] rows = table.getSelectionIndices();
        if (rows.length == 0) {
            return;
        }
        int first = rows[0];
        int last = rows[rows.length - 1];
        long address = windowStart + (long) first * BYTES_PER_ROW;
        int length = (last - first + 1) * BYTES_PER_ROW;
        highlighted = new ByteSelection(reader, address, length);
        for (Consumer<ByteSelection> listener : selectionListeners) {
            listener.accept(highlighted);
        }
    }

    private void pageLoaded(long page) {
        if (isDisposed()) {
            return;
        }
        getDisplay().asyncExec(() -> {
            if (table.isDisposed()) {
                return;
            }
            long pageStart = reader.start() + page * PageCache.PAGE_SIZE;
            long firstRow = (pageStart - windowStart) / BYTES_PER_ROW;
            long lastRow = firstRow + PageCache.PAGE_SIZE / BYTES_PER_ROW - 1;
            int from = (int) Math.max(0, firstRow);
            int to = (int) Math.min(table.getItemCount() - 1L, lastRow);
            if (from <= to) {
                table.clear(from, to);
            }
        });
    }

    private void fill(TableItem item, int row) {
        long address = windowStart + (long) row * BYTES_PER_ROW;
        item.setText(COLUMN_ADDRESS, reader.formatAddress(address));
        PageCache.Page page = cache.get(cache.pageOf(address));
        item.setData(null);
        if (page == null) {
            item.setText(COLUMN_HEX, "\u2026");
            item.setText(COLUMN_TYPED, "");
            return;
        }
        int within = (int) ((address - reader.start()) % PageCache.PAGE_SIZE);
        int length = Math.min(BYTES_PER_ROW, page.length() - within);
        if (page.error() != null || length <= 0) {
            item.setText(COLUMN_HEX, page.error() != null ? page.error() : "");
            item.setText(COLUMN_TYPED, "");
            return;
        }
        item.setText(COLUMN_HEX, Hex.bytes(page.bytes(), within, length, " "));
        item.setData(rowBytes(page, within, length));
        item.setText(COLUMN_TYPED, type.formatAll(page.bytes(), within, length));
        item.setBackground(overlaps(address, BYTES_PER_ROW) ? selectionColour() : null);
    }

    private static RowBytes rowBytes(PageCache.Page page, int within, int length) {
        String[] hex = new String[length];
        boolean[] changed = null;
        for (int i = 0; i < length; i++) {
            hex[i] = Hex.bytes(page.bytes(), within + i, 1, "");
            if (page.changed(within + i)) {
                if (changed == null) {
                    changed = new boolean[length];
                }
                changed[i] = true;
            }
        }
        return new RowBytes(hex, changed);
    }

    /** Draws a row's hex bytes one by one where some changed, those in the changed colour. */
    private void paintHex(Event e) {
        if (e.index != COLUMN_HEX || !(e.item.getData() instanceof RowBytes shown) || shown.changed() == null) {
            return;
        }
        GC gc = e.gc;
        Color normal = gc.getForeground();
        int x = e.x + TEXT_MARGIN;
        int space = gc.textExtent(" ").x;
        for (int i = 0; i < shown.hex().length; i++) {
            Point extent = gc.textExtent(shown.hex()[i]);
            gc.setForeground(shown.changed()[i] ? changedColour() : normal);
            gc.drawText(shown.hex()[i], x, e.y + (e.height - extent.y) / 2, true);
            x += extent.x + space;
        }
        gc.setForeground(normal);
    }

    private Color changedColour() {
        return getDisplay().getSystemColor(SWT.COLOR_RED);
    }

    private boolean overlaps(long address, int length) {
        ByteSelection s = highlighted;
        return s != null && address < s.address() + s.length() && s.address() < address + length;
    }

    private Color selectionColour() {
        return getDisplay().getSystemColor(SWT.COLOR_INFO_BACKGROUND);
    }
}
