package org.gpumem.ui.launch;

import java.nio.file.Path;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;
import org.gpumem.host.ProgramCheck;

/**
 * {@code org.gpumem.ui.cudaProgram}: whether a file is an executable with CUDA device code,
 * which the "CUDA Program (gpumem simulator)" shortcut offers to run. Reads ELF headers only.
 */
public final class CudaProgramTester extends PropertyTester {
    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        if (!(receiver instanceof IFile file)) {
            return false;
        }
        IPath location = file.getLocation();
        return location != null && ProgramCheck.isCudaProgram(Path.of(location.toOSString()));
    }
}
