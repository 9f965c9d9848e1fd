package org.gpumem.ui.internal;

import java.nio.file.Path;

import org.eclipse.core.runtime.IPath;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPathEditorInput;
import org.eclipse.ui.IURIEditorInput;

/** The local file behind an editor input (a workspace file or one opened with File > Open File). */
public final class EditorInputs {

    private EditorInputs() {
    }

    /** The file, or null when the input is not a local file. */
    public static Path localPath(IEditorInput input) {
        if (input instanceof IPathEditorInput pathInput) {
            IPath location = pathInput.getPath();
            return location == null ? null : location.toFile().toPath();
        }
        if (input instanceof IURIEditorInput uriInput && "file".equals(uriInput.getURI().getScheme())) {
            return Path.of(uriInput.getURI());
        }
        return null;
    }
}
