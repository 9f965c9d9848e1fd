package org.gpumem.ui.internal;

import java.nio.file.Path;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;

/** An editor that shows a local file and never changes it. */
public abstract class ReadOnlyFileEditor extends EditorPart {

    private final String opensLocalFilesOnly;
    private Path file;

    /** {@code opensLocalFilesOnly} begins the message that refuses an input that is not a local file. */
    protected ReadOnlyFileEditor(String opensLocalFilesOnly) {
        this.opensLocalFilesOnly = opensLocalFilesOnly;
    }

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        setSite(site);
        setInput(input);
        file = EditorInputs.localPath(input);
        if (file == null) {
            throw new PartInitException(opensLocalFilesOnly + "; " + input.getName() + " is not one");
        }
        setPartName(input.getName());
    }

    protected Path file() {
        return file;
    }

    @Override
    public void doSave(IProgressMonitor monitor) {
    }

    @Override
    public void doSaveAs() {
    }

    @Override
    public boolean isDirty() {
        return false;
    }

    @Override
    public boolean isSaveAsAllowed() {
        return false;
    }
}
