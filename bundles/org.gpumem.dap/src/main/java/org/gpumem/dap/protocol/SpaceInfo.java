package org.gpumem.dap.protocol;

import java.util.List;

/** One address space of the target, seen from one context. Null fields are left out of the JSON. */
public class SpaceInfo {
    public String name;
    public List<String> aliases;
    public int addressBits;
    /** The model's scope literal: device, grid, work-group, subgroup, lane. */
    public String scope;
    public boolean readOnly;
    /** The physical memory the space reaches. */
    public String storage;
    public AccessInfo access;
    public String description;
    /** The context of the space's scope that the request's context lies in; null when none. */
    public String context;
    /** The offsets the space reaches from that context, [start, end), as 0x... strings. */
    public String start;
    public String end;
    public String memoryReference;
}
