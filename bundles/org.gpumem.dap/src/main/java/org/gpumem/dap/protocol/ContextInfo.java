package org.gpumem.dap.protocol;

import java.util.List;

/** A resident context: a CTA with its warps, or a warp with its lane count. */
public class ContextInfo {
    public String name;
    public String scope;
    /** The threads of the block in this warp; null for a CTA. */
    public Integer lanes;
    public List<ContextInfo> children;
}
