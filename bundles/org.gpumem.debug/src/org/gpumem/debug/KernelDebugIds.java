package org.gpumem.debug;

/** Identifiers that the debug bundle declares in its plugin.xml and that the UI refers to. */
public final class KernelDebugIds {
    /** The bundle's symbolic name, used as plug-in id in statuses. */
    public static final String PLUGIN_ID = "org.gpumem.debug";
    /** The debug model identifier of every gpumem debug element and breakpoint. */
    public static final String MODEL_ID = "org.gpumem.debug.model";
    /** Launch configuration type "GPU Kernel (gpumem simulator)". */
    public static final String LAUNCH_TYPE_ID = "org.gpumem.debug.kernelLaunch";
    /** Launch configuration type "CUDA Application (gpumem simulator)". */
    public static final String HOST_LAUNCH_TYPE_ID = "org.gpumem.debug.hostLaunch";
    /** Marker type of {@link org.gpumem.debug.breakpoints.KernelLineBreakpoint}. */
    public static final String LINE_BREAKPOINT_MARKER = "org.gpumem.debug.lineBreakpointMarker";
    /** Marker type of {@link org.gpumem.debug.breakpoints.KernelWatchpoint}. */
    public static final String WATCHPOINT_MARKER = "org.gpumem.debug.watchpointMarker";
    /** Problem markers of memory check findings, on the source lines of their accesses. */
    public static final String MEMORY_CHECK_MARKER = "org.gpumem.debug.memoryCheckMarker";

    private KernelDebugIds() {
    }
}
