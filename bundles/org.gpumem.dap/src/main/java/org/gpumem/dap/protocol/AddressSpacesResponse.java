package org.gpumem.dap.protocol;

import java.util.List;
import java.util.Map;

/** Body of the gpumem/addressSpaces response. */
public class AddressSpacesResponse {
    /** The model target's architecture string. */
    public String target;
    /** Scope literal -> what the target's vendor calls its contexts (work-group -> CTA). */
    public Map<String, String> terms;
    /** The space of plain numeric addresses. */
    public String defaultSpace;
    public List<SpaceInfo> spaces;
    /** The resident CTAs with their warps. */
    public List<ContextInfo> contexts;
    public FocusInfo focus;
}
