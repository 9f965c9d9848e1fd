package org.gpumem.dap.protocol;

import java.util.List;

/** Body of the gpumem/lanes response: the expression's value in each lane of the warp. */
public class LanesResponse {
    public String type;
    public List<LaneValue> lanes;

    /** One lane's value, or why it has none. */
    public static class LaneValue {
        public int lane;
        public String context;
        public String value;
        public String memoryReference;
        public String error;
    }
}
