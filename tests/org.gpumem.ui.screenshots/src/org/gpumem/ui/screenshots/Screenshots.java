package org.gpumem.ui.screenshots;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;

/** PNG pictures of what the user sees, for the UI tests and `gpumem ide --screenshot`. */
public final class Screenshots {

    private Screenshots() {
    }

    /**
     * Writes a PNG of the control as it is on screen. Copies from the display rather than asking
     * the control to paint itself, so native widgets (trees, tables) appear as the user sees them.
     * Must run on the UI thread.
     */
    public static void capture(Control control, Path file) {
        Display display = control.getDisplay();
        while (display.readAndDispatch()) {
            // let pending paints land before copying the pixels
        }
        Rectangle bounds = control.getBounds();
        Point origin = control.getParent() == null ? new Point(bounds.x, bounds.y)
                : control.getParent().toDisplay(bounds.x, bounds.y);
        Image image = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, origin.x, origin.y);
        } finally {
            gc.dispose();
        }
        try {
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {image.getImageData()};
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot write screenshot " + file + ": " + e.getMessage(), e);
        } finally {
            image.dispose();
        }
    }
}
