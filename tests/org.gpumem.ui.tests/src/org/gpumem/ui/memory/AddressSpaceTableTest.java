package org.gpumem.ui.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TableItem;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.targets.BuiltinTargets;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AddressSpaceTableTest {

    private Shell shell;

    @BeforeEach
    void open() {
        shell = new Shell(Display.getCurrent());
        shell.setLayout(new FillLayout());
        shell.setSize(1200, 700);
    }

    @AfterEach
    void close() {
        shell.dispose();
    }

    private AddressSpaceTable show(Context context, AddressSpace space) {
        AddressSpaceTable table = new AddressSpaceTable(shell, new ModelSpaceReader(context, space));
        shell.layout(true, true);
        shell.open();
        return table;
    }

    /** Waits until row {@code row} shows loaded bytes and returns it. */
    private static TableItem loadedRow(AddressSpaceTable table, int row) {
        UiTesting.waitUntil(() -> !table.loading() && !table.table().getItem(row).getText(AddressSpaceTable.COLUMN_HEX)
                .equals("\u2026"), 60_000, "row " + row + " of " + table.reader().spaceName());
        return table.table().getItem(row);
    }

    @Test
    void sharedCellsEqualThePoolBytesWithAddressesInTheSpaceWidth() {
        MemoryState state = UiTesting.state(SimulatorTarget.create(), 2, 64);
        Context cta = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(1);
        AddressSpace shared = AddressSpaces.find(state.getTarget(), "shared");
        Pool pool = Contexts.pool(cta, shared.getAccess() instanceof org.gpumem.model.LinearAccess l ? l.getStorage() : null);
        byte[] bytes = UiTesting.fill(pool, 48 * 1024, 7);

        AddressSpaceTable table = show(cta, shared);
        assertTrue(table.headerText().contains("space shared"), table.headerText());
        assertTrue(table.headerText().contains("32-bit addresses"), table.headerText());
        assertTrue(table.headerText().contains(Contexts.describe(cta)), table.headerText());
        for (int row = 0; row < 40; row++) {
            TableItem item = loadedRow(table, row);
            int offset = row * AddressSpaceTable.BYTES_PER_ROW;
            assertEquals(String.format("0x%08x", offset), item.getText(AddressSpaceTable.COLUMN_ADDRESS));
            assertEquals(UiTesting.hex(bytes, offset, 16), item.getText(AddressSpaceTable.COLUMN_HEX));
            StringBuilder u32 = new StringBuilder();
            for (int i = 0; i < 16; i += 4) {
                long v = (bytes[offset + i] & 0xffL) | (bytes[offset + i + 1] & 0xffL) << 8 | (bytes[offset + i + 2] & 0xffL) << 16
                        | (bytes[offset + i + 3] & 0xffL) << 24;
                u32.append(i == 0 ? "" : " ").append(v);
            }
            assertEquals(u32.toString(), item.getText(AddressSpaceTable.COLUMN_TYPED));
        }
        table.setValueType(ValueType.F64);
        TableItem first = loadedRow(table, 0);
        double d0 = Double.longBitsToDouble(java.nio.ByteBuffer.wrap(bytes, 0, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong());
        assertTrue(first.getText(AddressSpaceTable.COLUMN_TYPED).startsWith(Double.toString(d0) + " "));
        table.setValueType(ValueType.U32);
        table.select(0x40, 8);
        loadedRow(table, 4);
        UiTesting.screenshot(shell, "address-space-table");
    }

    @Test
    void aFourGibGlobalPoolScrollsWithABoundedCache() {
        MemoryState state = UiTesting.state(BuiltinTargets.nvptx("sm_90"), 1, 32);
        Context device = state.getDevice();
        AddressSpace global = AddressSpaces.find(state.getTarget(), "global");
        Pool pool = device.getPools().stream().filter(p -> p.getStorage().getName().equals("global")).findFirst().orElseThrow();
        assertEquals(4L << 30, pool.getSize());
        long far = (3L << 30) + 0x1230;
        byte[] marker = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
        pool.getSource().write(far, marker, 0, marker.length);

        AddressSpaceTable table = show(device, global);
        assertTrue(table.headerText().contains("64-bit addresses"), table.headerText());
        for (long address = 0; address < (4L << 30); address += 256L << 20) {
            table.reveal(address);
            int row = (int) ((address - table.windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
            loadedRow(table, row);
        }
        table.reveal(far);
        int row = (int) ((far - table.windowStart()) / AddressSpaceTable.BYTES_PER_ROW);
        TableItem item = loadedRow(table, row);
        assertEquals(String.format("0x%016x", far), item.getText(AddressSpaceTable.COLUMN_ADDRESS));
        assertEquals(UiTesting.hex(marker, 0, 16), item.getText(AddressSpaceTable.COLUMN_HEX));
        assertTrue(table.table().getItemCount() <= AddressSpaceTable.WINDOW_ROWS);
        assertTrue(table.cachedPages() <= 64, "pages held: " + table.cachedPages());
    }
}
