package org.gpumem.ui.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.ui.CommonTab;
import org.eclipse.debug.ui.EnvironmentTab;
import org.eclipse.debug.ui.ILaunchConfigurationTab;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.launch.HostLaunchAttributes;
import org.gpumem.ui.UiTesting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The "CUDA Application (gpumem simulator)" launch tabs, the executable test of its shortcut and
 * the shortcut's configuration run to the program's exit, on the committed host fixtures.
 */
class HostLaunchUiTest {
    private static final Path HOST = Path.of(System.getProperty("gpumem.fixtures", "tests/fixtures"), "host");
    private Shell shell;
    private IProject project;

    @BeforeEach
    void setUp() throws Exception {
        shell = new Shell(PlatformUI.getWorkbench().getDisplay());
        project = ResourcesPlugin.getWorkspace().getRoot().getProject("HostLaunchUiTest");
        project.create(null);
        project.open(null);
    }

    @AfterEach
    void cleanUp() throws Exception {
        shell.dispose();
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID))) {
            c.delete();
        }
        UiTesting.endLaunchesAndDelete(project);
    }

    private static ILaunchConfigurationWorkingCopy newConfiguration() throws Exception {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        return manager.getLaunchConfigurationType(KernelDebugIds.HOST_LAUNCH_TYPE_ID).newInstance(null, "host tab test");
    }

    /** The tab's text fields in the order they are laid out: program, arguments, working directory, device, budget. */
    private static List<Text> texts(Control control) {
        List<Text> out = new ArrayList<>();
        if (control instanceof Text t) {
            out.add(t);
        } else if (control instanceof Composite c) {
            for (Control child : c.getChildren()) {
                out.addAll(texts(child));
            }
        }
        return out;
    }

    private IFile linked(String name) throws Exception {
        IFile f = project.getFile(name);
        f.createLink(IPath.fromPath(HOST.resolve(name)), IResource.NONE, null);
        return f;
    }

    @Test
    void mainTabWritesTheProgramsAttributesAndReportsWhatTheLaunchWouldRefuse() throws Exception {
        HostLaunchTabGroup group = new HostLaunchTabGroup();
        group.createTabs(null, ILaunchManager.DEBUG_MODE);
        ILaunchConfigurationTab[] tabs = group.getTabs();
        assertEquals(3, tabs.length);
        HostMainTab tab = assertInstanceOf(HostMainTab.class, tabs[0]);
        assertInstanceOf(EnvironmentTab.class, tabs[1]);
        assertInstanceOf(CommonTab.class, tabs[2]);

        tab.createControl(shell);
        ILaunchConfigurationWorkingCopy wc = newConfiguration();
        tab.setDefaults(wc);
        tab.initializeFrom(wc);
        List<Text> fields = texts(tab.getControl());
        assertEquals(6, fields.size());
        assertEquals(HostLaunchAttributes.DEFAULT_DEVICE, fields.get(3).getText());
        assertEquals("", fields.get(4).getText()); // no instruction budget: a runaway kernel is stopped by time
        // no time limit set: the field stays empty (the attribute absent) with the default as its hint
        assertEquals("", fields.get(5).getText());
        assertEquals(HostLaunchAttributes.DEFAULT_TIMEOUT_SECONDS, fields.get(5).getMessage());
        assertFalse(tab.isValid(wc));
        assertTrue(tab.getErrorMessage().endsWith("no program given"), tab.getErrorMessage());

        fields.get(0).setText(HOST.resolve("vector_add").toString());
        fields.get(1).setText("-n 'two words'");
        fields.get(2).setText(HOST.toString());
        fields.get(3).setText("sm_80");
        fields.get(4).setText("1000000");
        fields.get(5).setText("2.5");
        tab.performApply(wc);
        assertEquals(HOST.resolve("vector_add").toString(), wc.getAttribute(HostLaunchAttributes.PROGRAM, ""));
        assertEquals("-n 'two words'", wc.getAttribute(HostLaunchAttributes.ARGUMENTS, ""));
        assertEquals(HOST.toString(), wc.getAttribute(HostLaunchAttributes.WORKING_DIRECTORY, ""));
        assertEquals("sm_80", wc.getAttribute(HostLaunchAttributes.DEVICE, ""));
        assertEquals(1_000_000L, HostLaunchAttributes.budget(wc));
        assertEquals(2.5, HostLaunchAttributes.timeoutSeconds(wc));
        assertTrue(tab.isValid(wc), tab.getErrorMessage());
        assertNull(tab.getErrorMessage());

        fields.get(3).setText("sm_1x");
        tab.performApply(wc);
        assertFalse(tab.isValid(wc));
        assertTrue(tab.getErrorMessage().contains("device: "), tab.getErrorMessage());
        fields.get(3).setText("sm_90");
        fields.get(4).setText("-5");
        tab.performApply(wc);
        assertFalse(tab.isValid(wc));
        assertTrue(tab.getErrorMessage().contains("instruction budget must be a number of warp instructions"),
                tab.getErrorMessage());
        fields.get(4).setText("");
        fields.get(5).setText("-1");
        tab.performApply(wc);
        assertFalse(tab.isValid(wc));
        assertTrue(tab.getErrorMessage().contains("timeout must be a number of seconds >= 0"), tab.getErrorMessage());
        fields.get(5).setText("2.5");
        fields.get(0).setText(HOST.resolve("vector_add.cu").toString());
        tab.performApply(wc);
        assertFalse(tab.isValid(wc));
        assertTrue(tab.getErrorMessage().endsWith("vector_add.cu is not an executable file"), tab.getErrorMessage());

        // A reopened configuration shows what was applied.
        fields.get(0).setText(HOST.resolve("vector_add").toString());
        tab.performApply(wc);
        HostMainTab reopened = new HostMainTab();
        reopened.createControl(shell);
        reopened.initializeFrom(wc);
        List<String> shown = texts(reopened.getControl()).stream().map(Text::getText).toList();
        assertEquals(List.of(HOST.resolve("vector_add").toString(), "-n 'two words'", HOST.toString(), "sm_90", "", "2.5"),
                shown);
    }

    /** The program test's answer for {@code file} once it has looked at the file (the first test starts the look). */
    private static boolean isCudaProgram(IFile file) throws Exception {
        CudaProgramTester tester = new CudaProgramTester();
        tester.test(file, "cudaProgram", new Object[0], null);
        org.eclipse.core.runtime.jobs.Job.getJobManager().join(CudaProgramTester.FAMILY, null);
        return tester.test(file, "cudaProgram", new Object[0], null);
    }

    @Test
    void shortcutOffersExecutablesWithDeviceCodeAndRunsTheirConfigurationToTheProgramsExit() throws Exception {
        IFile program = linked("vector_add");
        IFile source = linked("vector_add.cu");
        assertTrue(isCudaProgram(program));
        assertFalse(isCudaProgram(source), "a source file");
        assertFalse(isCudaProgram(linked("make-host.sh")), "a script without device code");

        ILaunchConfiguration configuration = HostLaunchShortcut.configurationFor(program);
        assertEquals(configuration, HostLaunchShortcut.configurationFor(program), "the same configuration is reused");
        assertEquals("${workspace_loc:/HostLaunchUiTest/vector_add}", configuration.getAttribute(HostLaunchAttributes.PROGRAM, ""));
        ILaunchConfigurationType type = configuration.getType();
        assertEquals("CUDA Application (gpumem simulator)", type.getName());
        assertTrue(type.supportsMode(ILaunchManager.DEBUG_MODE));

        ILaunch launch = configuration.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        IProcess process = launch.getProcesses()[0];
        UiTesting.waitUntil(process::isTerminated, 60_000, "the program's exit");
        String out = process.getStreamsProxy().getOutputStreamMonitor().getContents();
        assertEquals(0, process.getExitValue(), out + process.getStreamsProxy().getErrorStreamMonitor().getContents());
        assertTrue(out.endsWith("Test PASSED\n"), out);
    }
}
