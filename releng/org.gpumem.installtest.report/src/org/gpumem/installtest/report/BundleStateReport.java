package org.gpumem.installtest.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.wiring.BundleRevision;

/**
 * Headless application {@code org.gpumem.installtest.report.bundleReport}: starts every gpumem
 * bundle of the running installation and reports its state, one line per bundle ("id version
 * STATE [error]"), to standard output and to the file after {@code -report}. Exits 0 only when
 * every gpumem bundle is ACTIVE (or RESOLVED, for fragments). The install test adds this bundle
 * to an installation it made from the update site, to prove that the feature resolves and
 * activates in a plain platform; it ships in no feature.
 */
public final class BundleStateReport implements IApplication {

    private static final String PREFIX = "org.gpumem.";

    @Override
    public Object start(IApplicationContext context) throws IOException {
        Path reportFile = reportFile((String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS));
        List<String> lines = new ArrayList<>();
        boolean allGood = true;
        for (Bundle bundle : FrameworkUtil.getBundle(getClass()).getBundleContext().getBundles()) {
            String name = bundle.getSymbolicName();
            if (name == null || !name.startsWith(PREFIX)) {
                continue;
            }
            boolean fragment = (bundle.adapt(BundleRevision.class).getTypes() & BundleRevision.TYPE_FRAGMENT) != 0;
            String error = "";
            if (!fragment && bundle.getState() != Bundle.ACTIVE) {
                try {
                    bundle.start(Bundle.START_TRANSIENT);
                } catch (BundleException e) {
                    error = " " + e.getMessage().replace('\n', ' ');
                }
            }
            String state = stateName(bundle.getState());
            boolean good = fragment ? bundle.getState() == Bundle.RESOLVED : bundle.getState() == Bundle.ACTIVE;
            allGood &= good;
            lines.add(name + " " + bundle.getVersion() + " " + state + error);
        }
        lines.forEach(System.out::println);
        if (reportFile != null) {
            Files.write(reportFile, lines);
        }
        return allGood ? IApplication.EXIT_OK : Integer.valueOf(1);
    }

    @Override
    public void stop() {
        // runs to completion in start(); nothing to interrupt
    }

    private static Path reportFile(String[] args) {
        if (args == null) {
            return null;
        }
        for (int i = 0; i + 1 < args.length; i++) {
            if ("-report".equals(args[i])) {
                return Path.of(args[i + 1]);
            }
        }
        return null;
    }

    private static String stateName(int state) {
        return switch (state) {
            case Bundle.UNINSTALLED -> "UNINSTALLED";
            case Bundle.INSTALLED -> "INSTALLED";
            case Bundle.RESOLVED -> "RESOLVED";
            case Bundle.STARTING -> "STARTING";
            case Bundle.STOPPING -> "STOPPING";
            case Bundle.ACTIVE -> "ACTIVE";
            default -> "STATE_" + state;
        };
    }
}
