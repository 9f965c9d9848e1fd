package org.gpumem.ui.views;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchesListener;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.part.ViewPart;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.debug.launch.KernelProcess;
import org.gpumem.sim.ScalarType;
import org.gpumem.ui.memory.Hex;
import org.gpumem.ui.memory.ValueType;
import org.gpumem.ui.session.KernelOutputsPart;

/**
 * Output Buffers: after a kernel ran to its end, each output buffer its launch file names as a
 * table of elements typed as the launch file declares them, with "Save as .bin" for the raw
 * bytes. Shown at the end of every complete launch of the kernel launch type; when another launch
 * starts, the buffers shown are let go of (they belong to a kernel no longer debugged).
 */
public final class OutputBuffersView extends ViewPart implements KernelOutputsPart, ILaunchesListener {

    /**
     * One output buffer: its name, element type and bytes as the kernel left them (a read-only
     * view of device memory; rows read the elements they show).
     */
    public record Buffer(String name, ScalarType type, ByteBuffer bytes) {

        /** Number of whole elements. */
        public int count() {
            return bytes.capacity() / Math.max(1, type.size());
        }

        /** Element {@code i} as text: its typed value, or its bytes in hex for types without one (f16...). */
        public String element(int i) {
            ValueType value = valueType(type);
            byte[] element = new byte[Math.max(1, type.size())];
            bytes.get(i * element.length, element);
            return value != null ? value.format(element, 0) : Hex.bytes(element, 0, element.length, "");
        }
    }

    private Composite parent;
    private Label message;
    private final List<Buffer> buffers = new ArrayList<>();
    /** The launch whose buffers are shown; saving reads its device memory. */
    private KernelProcess shown;

    @Override
    public void createPartControl(Composite parent) {
        this.parent = parent;
        parent.setLayout(new FillLayout());
        message = new Label(parent, SWT.WRAP);
        message.setText(HINT);
        DebugPlugin.getDefault().getLaunchManager().addLaunchListener(this);
    }

    /** What the view says while it shows no buffers. */
    public static final String HINT = "A kernel's output buffers appear here when it has run to its end.";

    /** Another launch started (any thread): the buffers of the one shown go. */
    @Override
    public void launchesAdded(ILaunch[] launches) {
        if (parent.isDisposed()) {
            return;
        }
        parent.getDisplay().asyncExec(() -> {
            KernelProcess was = shown;
            if (parent.isDisposed() || was == null) {
                return;
            }
            for (ILaunch launch : launches) {
                if (launch != was.getLaunch()) {
                    clear(HINT + " (" + was.getLabel() + " was shown until " + launchName(launch) + " started.)");
                    return;
                }
            }
        });
    }

    private static String launchName(ILaunch launch) {
        return launch.getLaunchConfiguration() != null ? launch.getLaunchConfiguration().getName() : "another launch";
    }

    @Override
    public void launchesRemoved(ILaunch[] launches) {
        // the buffers of a removed launch stay shown until another launch starts
    }

    @Override
    public void launchesChanged(ILaunch[] launches) {
        // only new launches matter
    }

    /** Shows no buffers, and {@code text} instead. */
    private void clear(String text) {
        for (Control c : parent.getChildren()) {
            c.dispose();
        }
        buffers.clear();
        shown = null;
        setContentDescription("");
        message = new Label(parent, SWT.WRAP);
        message.setText(text);
        parent.layout(true, true);
    }

    /** What the view says instead of buffers, or null while it shows some. */
    public String message() {
        return message == null || message.isDisposed() ? null : message.getText();
    }

    /** Shows the output buffers of {@code process}, a kernel launch that ran to its end. */
    @Override
    public void show(KernelProcess process) {
        for (Control c : parent.getChildren()) {
            c.dispose();
        }
        buffers.clear();
        shown = process;
        for (Map.Entry<String, ByteBuffer> output : process.outputs().entrySet()) {
            buffers.add(new Buffer(output.getKey(), process.bufferType(output.getKey()), output.getValue()));
        }
        setContentDescription(process.getLabel());
        if (buffers.isEmpty()) {
            message = new Label(parent, SWT.WRAP);
            message.setText("The launch names no output buffers.");
        } else {
            CTabFolder tabs = new CTabFolder(parent, SWT.BOTTOM | SWT.BORDER);
            for (Buffer buffer : buffers) {
                CTabItem item = new CTabItem(tabs, SWT.NONE);
                item.setText(buffer.name() + " (" + buffer.type().name().toLowerCase() + "[" + buffer.count() + "])");
                item.setControl(contents(tabs, buffer));
            }
            tabs.setSelection(0);
        }
        parent.layout(true, true);
    }

    private Composite contents(Composite tabs, Buffer buffer) {
        Composite area = new Composite(tabs, SWT.NONE);
        area.setLayout(new GridLayout(2, false));
        Label header = new Label(area, SWT.NONE);
        header.setText(buffer.count() + " elements, " + buffer.bytes().capacity() + " bytes");
        header.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        Button save = new Button(area, SWT.PUSH);
        save.setText("Save as .bin\u2026");
        save.addListener(SWT.Selection, e -> {
            FileDialog dialog = new FileDialog(area.getShell(), SWT.SAVE);
            dialog.setFileName(buffer.name() + ".bin");
            dialog.setOverwrite(true);
            String chosen = dialog.open();
            if (chosen != null) {
                save(buffer.name(), Path.of(chosen));
            }
        });
        Table table = new Table(area, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        column(table, "Index", 100);
        column(table, buffer.type().name().toLowerCase(), 220);
        table.addListener(SWT.SetData, e -> {
            TableItem item = (TableItem) e.item;
            int i = table.indexOf(item);
            item.setText(0, Integer.toString(i));
            item.setText(1, buffer.element(i));
        });
        table.setItemCount(buffer.count());
        return area;
    }

    private static void column(Table table, String title, int width) {
        TableColumn c = new TableColumn(table, SWT.LEFT);
        c.setText(title);
        c.setWidth(width);
    }

    /** The view's own composite (for pictures of it). */
    public Composite control() {
        return parent;
    }

    /** The buffers shown, in the launch file's order. */
    public List<Buffer> buffers() {
        return List.copyOf(buffers);
    }

    /**
     * Writes the bytes of output buffer {@code name} to {@code file} in a job (what "Save as .bin"
     * does with the file its dialog chose); a failure is shown in the view, not logged.
     *
     * @return the scheduled job
     */
    public Job save(String name, Path file) {
        if (buffers.stream().noneMatch(b -> b.name().equals(name))) {
            throw new IllegalArgumentException("no output buffer " + name);
        }
        KernelProcess process = shown;
        Job job = new Job("Saving " + name + " to " + file) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                String outcome;
                try (OutputStream out = Files.newOutputStream(file)) {
                    process.prepared().writeBuffer(name, out);
                    outcome = "saved " + name + " to " + file;
                } catch (IOException e) {
                    outcome = "cannot save " + name + " to " + file + ": " + e.getMessage();
                }
                String said = outcome;
                if (!parent.isDisposed()) {
                    parent.getDisplay().asyncExec(() -> {
                        if (!parent.isDisposed()) {
                            setContentDescription(said);
                        }
                    });
                }
                return Status.OK_STATUS;
            }
        };
        job.setUser(true);
        job.schedule();
        return job;
    }

    /** How values of a launch file's element type print (null for types the table has no decoding of). */
    static ValueType valueType(ScalarType type) {
        if (type.isFloat() && type != ScalarType.F32 && type != ScalarType.F64) {
            return null;
        }
        VariableValue.Encoding encoding = type.isFloat() ? VariableValue.Encoding.FLOAT
                : type.isSigned() ? VariableValue.Encoding.SIGNED : VariableValue.Encoding.UNSIGNED;
        return ValueType.forDwarf(encoding, type.size());
    }

    @Override
    public void dispose() {
        DebugPlugin.getDefault().getLaunchManager().removeLaunchListener(this);
        super.dispose();
    }

    @Override
    public void setFocus() {
        parent.setFocus();
    }
}
