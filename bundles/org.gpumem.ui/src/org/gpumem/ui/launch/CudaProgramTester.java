package org.gpumem.ui.launch;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourceAttributes;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.services.IEvaluationService;
import org.gpumem.host.ProgramCheck;

/**
 * {@code org.gpumem.ui.cudaProgram}: whether a file is an executable with CUDA device code,
 * which the "CUDA Application (gpumem simulator)" shortcut offers to run. The platform asks while
 * it builds the Run As menu, on the UI thread, so the test reads no byte of the file there: it
 * answers from what an earlier look at the file found (its ELF headers, read in a job, kept per
 * file and modification stamp); until that look is done it answers from the file's executable
 * flag, starts the look, and asks the platform to evaluate again when it is done.
 */
public final class CudaProgramTester extends PropertyTester {

    public static final String PROPERTY = "org.gpumem.ui.cudaProgram";
    /** The family of the jobs that look at files, to wait for them. */
    public static final Object FAMILY = CudaProgramTester.class;
    /** Files whose answer is kept; the oldest are forgotten first. */
    private static final int KEPT = 1024;

    /** What a look at a file found, for the modification stamp it had then. */
    private record Answer(long stamp, boolean program) {
    }

    /** Answers per file, and the looks under way (answer null); guarded by itself. */
    private static final Map<IPath, Answer> ANSWERS = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<IPath, Answer> eldest) {
            return size() > KEPT;
        }
    };
    private static final Map<IPath, Long> LOOKING = new LinkedHashMap<>();

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        if (!(receiver instanceof IFile file) || file.getLocation() == null) {
            return false;
        }
        IPath key = file.getFullPath();
        long stamp = file.getModificationStamp();
        synchronized (ANSWERS) {
            Answer known = ANSWERS.get(key);
            if (known != null && known.stamp() == stamp) {
                return known.program();
            }
            if (!Long.valueOf(stamp).equals(LOOKING.get(key))) {
                LOOKING.put(key, stamp);
                look(key, stamp, Path.of(file.getLocation().toOSString()));
            }
        }
        // not looked at yet: an executable may be a program (the workspace keeps the flag; no byte is read)
        ResourceAttributes attributes = file.getResourceAttributes();
        return attributes != null && attributes.isExecutable();
    }

    /** Reads the file's ELF headers in a job; the platform evaluates the menus' expressions again afterwards. */
    private static void look(IPath key, long stamp, Path location) {
        Job job = new Job("Looking for CUDA device code in " + location.getFileName()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                boolean program = ProgramCheck.isCudaProgram(location);
                synchronized (ANSWERS) {
                    ANSWERS.put(key, new Answer(stamp, program));
                    LOOKING.remove(key, stamp);
                }
                if (PlatformUI.isWorkbenchRunning()) {
                    PlatformUI.getWorkbench().getDisplay().asyncExec(() -> {
                        IEvaluationService evaluation = PlatformUI.getWorkbench().getService(IEvaluationService.class);
                        if (evaluation != null) {
                            evaluation.requestEvaluation(PROPERTY);
                        }
                    });
                }
                return Status.OK_STATUS;
            }

            @Override
            public boolean belongsTo(Object family) {
                return family == FAMILY;
            }
        };
        job.setSystem(true);
        job.schedule();
    }
}
