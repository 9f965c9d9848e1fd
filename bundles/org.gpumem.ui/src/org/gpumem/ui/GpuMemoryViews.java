package org.gpumem.ui;

import java.util.List;
import java.util.stream.Stream;

/** Ids of gpumem's views and where the GPU Memory perspective places them. */
public final class GpuMemoryViews {

    public static final String ADDRESS_SPACES = "org.gpumem.ui.views.addressSpaces";
    public static final String MEMORY_POOLS = "org.gpumem.ui.views.memoryPools";
    public static final String VARIABLE_LOCATIONS = "org.gpumem.ui.views.variableLocations";
    public static final String SPACE_MEMORY = "org.gpumem.ui.views.spaceMemory";
    public static final String LANES = "org.gpumem.ui.views.lanes";
    public static final String ALIASES = "org.gpumem.ui.views.aliases";
    public static final String DEVICE_CODE = "org.gpumem.ui.views.deviceCode";
    public static final String ADDRESS_SPACE_PROFILE = "org.gpumem.ui.views.addressSpaceProfile";
    public static final String OUTPUT_BUFFERS = "org.gpumem.ui.views.outputBuffers";
    public static final String FIRST_STEPS = "org.gpumem.ui.views.firstSteps";
    /** The platform's Error Log view (bundle org.eclipse.ui.views.log). */
    public static final String ERROR_LOG = "org.eclipse.pde.runtime.LogView";
    public static final String WARP_WATCH = "org.gpumem.ui.views.warpWatch";
    public static final String MEMORY_CHECKS = "org.gpumem.ui.views.memoryChecks";

    static final List<String> LEFT = List.of(MEMORY_POOLS);
    static final List<String> RIGHT = List.of(VARIABLE_LOCATIONS);
    static final List<String> BOTTOM = List.of(FIRST_STEPS, SPACE_MEMORY, ADDRESS_SPACES);
    /**
     * Views the perspective opens where they belong (the bottom folder) when they are asked for:
     * by Show View, a toolbar button (Lanes, Aliases), Window > Show View > Warp Watch or Memory Checks, or a launch's end (Output Buffers). Fewer
     * tabs at first keep every tab's name readable.
     */
    public static final List<String> ON_DEMAND = List.of(LANES, ALIASES, WARP_WATCH, MEMORY_CHECKS, ADDRESS_SPACE_PROFILE,
            OUTPUT_BUFFERS);
    /** Views the perspective opens in the left folder when asked for (Device Code follows a selected binary). */
    public static final List<String> LEFT_ON_DEMAND = List.of(DEVICE_CODE);
    /** What the perspective shows at first. */
    public static final List<String> SHOWN = Stream.of(LEFT, RIGHT, BOTTOM).flatMap(List::stream).toList();
    public static final List<String> ALL = Stream.of(SHOWN, LEFT_ON_DEMAND, ON_DEMAND).flatMap(List::stream).toList();

    private GpuMemoryViews() {
    }
}
