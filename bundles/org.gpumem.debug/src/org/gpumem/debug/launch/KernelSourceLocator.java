package org.gpumem.debug.launch;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.model.ISourceLocator;
import org.eclipse.debug.core.model.IStackFrame;
import org.gpumem.debug.model.PtxStackFrame;
import org.gpumem.sim.SourceLocation;

/**
 * Finds the file a PTX frame's line belongs to: the source file named by {@code .file} (in the
 * workspace, else beside the launched module, else on disk), or the PTX module itself when the
 * instruction has no {@code .loc}. Returns an {@link IFile} or, for files outside the
 * workspace, an EFS {@code IFileStore}; the model presentation opens either.
 */
public final class KernelSourceLocator implements ISourceLocator {
    private final Path module;

    /** @param module the launched PTX file (absolute) */
    public KernelSourceLocator(Path module) {
        this.module = module;
    }

    /** The launched module (a PTX file, or a CUDA program's executable). */
    public Path module() {
        return module;
    }

    @Override
    public Object getSourceElement(IStackFrame stackFrame) {
        if (!(stackFrame instanceof PtxStackFrame frame)) {
            return null;
        }
        SourceLocation source = frame.sourceLocation();
        if (source == null) {
            return find(module, false);
        }
        return find(Path.of(source.file()), true);
    }

    /**
     * The workspace file ({@link IFile}) or, outside the workspace, the EFS file store for
     * {@code file}, or null when it is nowhere; for sources ({@code lookBesideModule}), also the
     * file of the same name beside the module, as {@code .file} paths name the machine that built it.
     */
    public Object find(Path file, boolean lookBesideModule) {
        IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
        if (file.isAbsolute()) {
            IFile inWorkspace = workspaceFile(root, file);
            if (inWorkspace != null) {
                return inWorkspace;
            }
        }
        if (lookBesideModule && file.getFileName() != null) {
            for (IFile m : root.findFilesForLocationURI(module.toUri())) {
                IContainer dir = m.getParent();
                IResource beside = dir.findMember(file.getFileName().toString());
                if (beside instanceof IFile f && f.isAccessible()) {
                    return f;
                }
            }
            // .file paths are absolute paths of the machine that compiled the PTX; a checkout
            // elsewhere still has the source beside the module, perhaps linked into the workspace.
            Path sibling = module.resolveSibling(file.getFileName());
            if (Files.isRegularFile(sibling)) {
                IFile inWorkspace = workspaceFile(root, sibling);
                return inWorkspace != null ? inWorkspace : EFS.getLocalFileSystem().getStore(IPath.fromPath(sibling));
            }
        }
        if (Files.isRegularFile(file)) {
            return EFS.getLocalFileSystem().getStore(IPath.fromPath(file));
        }
        return null;
    }

    private static IFile workspaceFile(IWorkspaceRoot root, Path location) {
        for (IFile f : root.findFilesForLocationURI(location.toUri())) {
            if (f.isAccessible()) {
                return f;
            }
        }
        return null;
    }
}
