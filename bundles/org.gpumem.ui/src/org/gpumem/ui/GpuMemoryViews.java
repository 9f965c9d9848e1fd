package org.gpumem.ui;

import java.util.List;
import java.util.stream.Stream;

/** Ids of gpumem's views and where the GPU Memory perspective places them. */
public final class GpuMemoryViews {

    public static final String ADDRESS_SPACES = "org.gpumem.ui.views.addressSpaces";
    public static final String MEMORY_POOLS = "org.gpumem.ui.views.memoryPools";
    public static final String VARIABLE_LOCATIONS = "org.gpumem.ui.views.variableLocations";
    public static final String SPACE_MEMORY = "org.gpumem.ui.views.spaceMemory";
    public static final String DEVICE_CODE = "org.gpumem.ui.views.deviceCode";
    public static final String ADDRESS_SPACE_PROFILE = "org.gpumem.ui.views.addressSpaceProfile";
    public static final String OUTPUT_BUFFERS = "org.gpumem.ui.views.outputBuffers";
    public static final String WARP_WATCH = "org.gpumem.ui.views.warpWatch";

    static final List<String> LEFT = List.of(MEMORY_POOLS, DEVICE_CODE);
    static final List<String> RIGHT = List.of(VARIABLE_LOCATIONS);
    static final List<String> BOTTOM = List.of(ADDRESS_SPACES, SPACE_MEMORY, ADDRESS_SPACE_PROFILE, OUTPUT_BUFFERS,
            WARP_WATCH);
    static final List<String> ALL = Stream.of(LEFT, RIGHT, BOTTOM).flatMap(List::stream).toList();

    private GpuMemoryViews() {
    }
}
