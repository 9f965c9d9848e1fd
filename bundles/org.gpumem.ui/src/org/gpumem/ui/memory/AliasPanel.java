package org.gpumem.ui.memory;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.ui.internal.LatestReads;

/**
 * Aliases: the views of a selected byte range through every (space, context) that reaches the same
 * bytes, one under the other, each with its selected bytes highlighted.
 */
public final class AliasPanel extends Composite {

    /** What the panel says before bytes are selected. */
    public static final String HINT = "Select bytes in Space Memory, the Lanes view, Variable Locations, Memory Pools or a memory"
            + " rendering to see every address space and context that reaches them.";

    private final ScrolledComposite scroller;
    private final Composite rows;
    private final Label header;
    private final List<StyledText> texts = new ArrayList<>();
    private volatile List<AliasFinder.View> views = List.of();
    private volatile boolean loading;
    private final LatestReads reads = new LatestReads(this);

    public AliasPanel(Composite parent) {
        super(parent, SWT.NONE);
        setLayout(new GridLayout(1, false));
        header = new Label(this, SWT.WRAP);
        header.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        header.setText(HINT);
        scroller = new ScrolledComposite(this, SWT.V_SCROLL | SWT.H_SCROLL);
        scroller.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        rows = new Composite(scroller, SWT.NONE);
        rows.setLayout(new GridLayout(2, false));
        scroller.setContent(rows);
    }

    /** The views found for the last selection. */
    public List<AliasFinder.View> views() {
        return views;
    }

    /** The text shown for view {@code i}, its highlighted ranges as style ranges. */
    public StyledText text(int i) {
        return texts.get(i);
    }

    public boolean loading() {
        return loading;
    }

    /**
     * Finds (in a job) and shows the aliases of {@code length} bytes from {@code offset}; a later
     * call supersedes a search still in progress, whose result is then never shown.
     */
    public void show(Context context, AddressSpace space, long offset, int length) {
        loading = true;
        header.setText("Aliases of " + space.getName() + ":" + AddressSpaces.formatOffset(space, offset) + " + " + length
                + " bytes \u2026");
        reads.start("Finding aliases of " + space.getName() + " bytes", monitor -> AliasFinder.find(context, space, offset, length),
                (found, error) -> present(space, offset, length, found == null ? List.of() : found, error), null);
    }

    /** Shows no views, and {@code text} instead (why nothing is selected). */
    public void clear(String text) {
        reads.cancel();
        present(null, 0, 0, List.of(), null);
        header.setText(text);
    }

    private void present(AddressSpace space, long offset, int length, List<AliasFinder.View> found, String error) {
        for (Control c : rows.getChildren()) {
            c.dispose();
        }
        texts.clear();
        views = found;
        header.setText(space == null ? "" : error != null ? "No aliases: " + error
                : found.size() + " views of " + space.getName() + ":" + AddressSpaces.formatOffset(space, offset) + " + "
                        + Math.min(length, AliasFinder.MAX_SELECTION) + " bytes");
        Font mono = JFaceResources.getTextFont();
        for (AliasFinder.View view : found) {
            Label label = new Label(rows, SWT.NONE);
            label.setText(view.label() + "\n" + AddressSpaces.formatOffset(view.space(), view.selected().first()) + " .. "
                    + AddressSpaces.formatOffset(view.space(), view.selected().last()));
            label.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false));
            StyledText text = new StyledText(rows, SWT.READ_ONLY | SWT.WRAP);
            text.setFont(mono);
            GridData data = new GridData(SWT.FILL, SWT.TOP, true, false);
            data.widthHint = 16 * 3 * 9;
            text.setLayoutData(data);
            fillText(text, view);
            texts.add(text);
        }
        rows.layout(true, true);
        scroller.setMinSize(rows.computeSize(SWT.DEFAULT, SWT.DEFAULT));
        loading = false;
    }

    private void fillText(StyledText text, AliasFinder.View view) {
        if (view.bytes() == null) {
            text.setText(view.error() == null ? "unreadable" : view.error());
            return;
        }
        StringBuilder s = new StringBuilder();
        List<StyleRange> styles = new ArrayList<>();
        for (int i = 0; i < view.bytes().length; i++) {
            if (i > 0) {
                s.append(i % 16 == 0 ? '\n' : ' ');
            }
            int start = s.length();
            s.append(Hex.bytes(view.bytes(), i, 1, ""));
            if (view.selected().contains(view.first() + i)) {
                StyleRange style = new StyleRange(start, 2, null, getDisplay().getSystemColor(SWT.COLOR_YELLOW));
                style.fontStyle = SWT.BOLD;
                styles.add(style);
            }
        }
        text.setText(s.toString());
        text.setStyleRanges(styles.toArray(StyleRange[]::new));
    }
}
