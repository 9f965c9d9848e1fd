package org.gpumem.ui;

import java.util.List;
import java.util.stream.Stream;

/** Ids of gpumem's views and where the GPU Memory perspective places them. */
public final class GpuMemoryViews {

    public static final String ADDRESS_SPACES = "org.gpumem.ui.views.addressSpaces";

    static final List<String> LEFT = List.of();
    static final List<String> RIGHT = List.of();
    static final List<String> BOTTOM = List.of(ADDRESS_SPACES);
    static final List<String> ALL = Stream.of(LEFT, RIGHT, BOTTOM).flatMap(List::stream).toList();

    private GpuMemoryViews() {
    }
}
