package org.gpumem.dwarf.variables;

import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * A function's DW_AT_frame_base as a static evaluation sees it: its location (null where there
 * is none: the default space at 0 stands in), or why its expression could not be read, which a
 * location using the frame base then reports instead of an address in the wrong space.
 */
record FrameBase(LocationDescription location, InputFormatException failure) {
    /** Outside a function, or a function without a frame base. */
    static final FrameBase NONE = new FrameBase(null, null);
}
