package org.gpumem.ui.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.gpumem.dwarf.variables.DwarfVariable;
import org.gpumem.images.DeviceImage;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeviceCodeEditorTest {

    private final IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();

    @AfterEach
    void close() {
        page.closeAllEditors(false);
    }

    private static Path fixture(String path) {
        return Path.of(System.getProperty("gpumem.fixtures"), path);
    }

    /** Opens {@code file} as File > Open File does, or with Open With > Device Code when {@code openWith}. */
    private DeviceCodePanel open(Path file, boolean openWith) throws Exception {
        IEditorPart editor = openWith ? IDE.openEditor(page, file.toUri(), DeviceCodeEditor.ID, true)
                : IDE.openEditorOnFileStore(page, EFS.getLocalFileSystem().getStore(file.toUri()));
        assertTrue(editor instanceof DeviceCodeEditor, "opened with " + editor.getClass().getName());
        DeviceCodePanel panel = ((DeviceCodeEditor) editor).panel();
        UiTesting.waitUntil(() -> !panel.loading() && panel.catalog() != null, 60_000, "catalog of " + file);
        return panel;
    }

    /** DwarfVariable names by DW_AT_address_class, from the llvm-dwarfdump output the fixture script committed. */
    private static Map<Long, Set<String>> dwarfdumpVariables(Path dump) throws Exception {
        Map<Long, Set<String>> byClass = new TreeMap<>();
        Pattern name = Pattern.compile("DW_AT_name\\s+\\(\"([^\"]+)\"\\)");
        Pattern addressClass = Pattern.compile("DW_AT_address_class\\s+\\((0x[0-9a-f]+)\\)");
        for (String block : Files.readString(dump).split("\\n(?=0x[0-9a-f]+:)")) {
            if (!block.contains("DW_TAG_variable")) {
                continue;
            }
            Matcher n = name.matcher(block);
            Matcher c = addressClass.matcher(block);
            if (n.find() && c.find()) {
                byClass.computeIfAbsent(Long.decode(c.group(1)), k -> new TreeSet<>()).add(n.group(1));
            }
        }
        return byClass;
    }

    @Test
    void aCubinOpensAsItsCatalogAndItsDwarfByAddressSpace() throws Exception {
        page.getWorkbenchWindow().getShell().setSize(1440, 900);
        Path cubin = fixture("cuda/spaces.sm_90.cubin");
        DeviceCodePanel panel = open(cubin, false);
        List<DeviceImage> images = panel.catalog().images();
        assertEquals(1, images.size());
        assertTrue(images.get(0).hasDebugInfo());
        panel.catalogViewer().setSelection(new StructuredSelection(images.get(0)), true);
        UiTesting.waitUntil(() -> !panel.loading() && !panel.dwarfGroups().isEmpty(), 60_000, "DWARF of " + cubin);

        Map<Long, Set<String>> expected = dwarfdumpVariables(fixture("cuda/spaces.sm_90.cubin.dwarfdump.txt"));
        Map<Long, Set<String>> shown = new TreeMap<>();
        for (DwarfVariablesTree.SpaceGroup group : panel.dwarfGroups()) {
            for (DwarfVariable v : group.variables()) {
                if (!v.parameter() && v.space() != null && "DW_AT_address_class".equals(v.spaceSource())) {
                    shown.computeIfAbsent(v.space().id(), k -> new TreeSet<>()).add(v.name());
                }
            }
        }
        assertFalse(expected.isEmpty());
        assertEquals(expected, shown);
        assertLabelsNotCut(panel.variablesTree());
        UiTesting.screenshot(panel, "device-code-cubin");
    }

    /** Every label of the DWARF tree fits its column, indentation included ("reg (nvidia-ptx 2, from DW_AT_ad..." was cut). */
    private static void assertLabelsNotCut(org.eclipse.swt.widgets.Tree tree) {
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(tree);
        try {
            java.util.ArrayDeque<org.eclipse.swt.widgets.TreeItem> items = new java.util.ArrayDeque<>(List.of(tree.getItems()));
            assertFalse(items.isEmpty());
            while (!items.isEmpty()) {
                org.eclipse.swt.widgets.TreeItem item = items.pop();
                for (int column = 0; column < tree.getColumnCount(); column++) {
                    String text = item.getText(column);
                    int columnLeft = 0;
                    for (int c = 0; c < column; c++) {
                        columnLeft += tree.getColumn(c).getWidth();
                    }
                    int textLeft = column == 0 ? item.getTextBounds(0).x : item.getTextBounds(column).x;
                    assertTrue(textLeft - columnLeft + gc.textExtent(text).x <= tree.getColumn(column).getWidth(),
                            DwarfVariablesTree.COLUMNS[column] + " '" + text + "' is wider than its column");
                }
                items.addAll(List.of(item.getItems()));
            }
        } finally {
            gc.dispose();
        }
    }

    @Test
    void aHostExecutableListsItsFatbinImages() throws Exception {
        Path exe = fixture("images/cuda_G");
        DeviceCodePanel panel = open(exe, true);
        assertTrue(panel.catalog().images().size() >= 2, "images: " + panel.catalog().images());
        assertEquals(panel.catalog().containers().size(), panel.catalogViewer().getTree().getItemCount());
        UiTesting.screenshot(panel, "device-code-host-executable");
    }
}
