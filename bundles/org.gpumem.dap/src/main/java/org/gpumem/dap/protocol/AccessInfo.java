package org.gpumem.dap.protocol;

import java.util.List;

/**
 * How a space's offsets reach its storage: {@code linear} (base), {@code window} (windows onto
 * other spaces, the rest the fallback space), {@code interleaved} (element size, lane count),
 * {@code strided} (element size, lane stride). Fields of other kinds are null.
 */
public class AccessInfo {
    public String kind;
    public Long base;
    public List<WindowInfo> windows;
    public String fallback;
    public Integer elementSize;
    public Integer laneCount;
    public Long laneStride;

    /** One window of a windowed space: [base, base + size) of it leads to {@code space}. */
    public static class WindowInfo {
        public String base;
        public String size;
        public String space;
    }
}
