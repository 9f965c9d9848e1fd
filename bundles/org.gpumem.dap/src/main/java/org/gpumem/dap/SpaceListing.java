package org.gpumem.dap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dap.protocol.AccessInfo;
import org.gpumem.dap.protocol.AddressSpacesResponse;
import org.gpumem.dap.protocol.ContextInfo;
import org.gpumem.dap.protocol.FocusInfo;
import org.gpumem.dap.protocol.SpaceInfo;
import org.gpumem.dap.protocol.SpaceReference;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.StopMemoryState;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Scope;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;
import org.gpumem.model.addressing.Contexts;

/**
 * The body of gpumem/addressSpaces: the model target's spaces (the one description of spaces,
 * scopes, windows and interleave) seen from one lane of the stop, their extents from the stop's
 * state, and the resident CTAs and warps.
 */
final class SpaceListing {
    private SpaceListing() {
    }

    /**
     * @param from  the context the spaces are seen from, at {@code scope}: a lane in it
     * @param scope the scope of the named context (a CTA determines no lane: lane-scoped spaces
     *              get no context)
     */
    static AddressSpacesResponse of(StopMemoryState state, List<WarpStatus> warps, LaneId from,
            Scope scope, FocusInfo focus) throws NotStoppedException {
        // the state's own copy of the target: its spaces are the ones its contexts' pools resolve
        Target target = state.state().getTarget();
        AddressSpacesResponse r = new AddressSpacesResponse();
        r.target = target.getArchitecture();
        r.terms = new LinkedHashMap<>();
        for (Scope s : List.of(Scope.DEVICE, Scope.GRID, Scope.WORK_GROUP, Scope.SUBGROUP, Scope.LANE)) {
            r.terms.put(s.getLiteral(), Contexts.term(target, s));
        }
        r.defaultSpace = target.getDefaultSpace() == null ? null : target.getDefaultSpace().getName();
        r.spaces = new ArrayList<>();
        for (AddressSpace space : target.getAddressSpaces()) {
            SpaceInfo info = new SpaceInfo();
            info.name = space.getName();
            info.aliases = List.copyOf(space.getAliases());
            info.addressBits = space.getAddressBits();
            info.scope = space.getScope().getLiteral();
            info.readOnly = space.isReadOnly();
            info.description = space.getDescription();
            info.access = access(space.getAccess());
            info.storage = storage(space.getAccess());
            if (determines(scope, space.getScope())) {
                Context context = state.context(space, from);
                if (context != null) {
                    info.context = from.describe(space.getScope());
                    long extent = state.extent(space, context);
                    info.start = "0x0";
                    info.end = "0x" + Long.toHexString(extent);
                    info.memoryReference = new SpaceReference(space.getName(), info.context, 0).toString();
                }
            }
            r.spaces.add(info);
        }
        r.contexts = contexts(warps);
        r.focus = focus;
        return r;
    }

    /** Whether a context of scope {@code named} determines one context of scope {@code space}. */
    private static boolean determines(Scope named, Scope space) {
        return space.getValue() <= named.getValue() || space == Scope.SYSTEM;
    }

    private static List<ContextInfo> contexts(List<WarpStatus> warps) {
        Map<String, ContextInfo> ctas = new LinkedHashMap<>();
        for (WarpStatus w : warps) {
            LaneId first = new LaneId(w.id(), 0);
            ContextInfo cta = ctas.computeIfAbsent(first.describe(Scope.WORK_GROUP), name -> {
                ContextInfo c = new ContextInfo();
                c.name = name;
                c.scope = Scope.WORK_GROUP.getLiteral();
                c.children = new ArrayList<>();
                return c;
            });
            ContextInfo warp = new ContextInfo();
            warp.name = first.describe(Scope.SUBGROUP);
            warp.scope = Scope.SUBGROUP.getLiteral();
            warp.lanes = Integer.bitCount(w.validMask());
            cta.children.add(warp);
        }
        return new ArrayList<>(ctas.values());
    }

    private static String storage(AccessPattern access) {
        if (access instanceof LinearAccess a) {
            return a.getStorage().getName();
        }
        if (access instanceof InterleavedAccess a) {
            return a.getStorage().getName();
        }
        if (access instanceof StridedAccess a) {
            return a.getStorage().getName();
        }
        return null;
    }

    private static AccessInfo access(AccessPattern access) {
        AccessInfo info = new AccessInfo();
        if (access instanceof LinearAccess a) {
            info.kind = "linear";
            info.base = a.getBase();
        } else if (access instanceof InterleavedAccess a) {
            info.kind = "interleaved";
            info.elementSize = a.getElementSize();
            info.laneCount = a.getLaneCount();
        } else if (access instanceof StridedAccess a) {
            info.kind = "strided";
            info.elementSize = a.getElementSize();
            info.laneStride = a.getLaneStride();
        } else if (access instanceof WindowAccess a) {
            info.kind = "window";
            info.windows = new ArrayList<>();
            for (Window w : a.getWindows()) {
                AccessInfo.WindowInfo wi = new AccessInfo.WindowInfo();
                wi.base = "0x" + Long.toHexString(w.getStart());
                wi.size = "0x" + Long.toHexString(w.getLength());
                wi.space = w.getSpace().getName();
                info.windows.add(wi);
            }
            info.fallback = a.getFallback() == null ? null : a.getFallback().getName();
        } else {
            throw new IllegalStateException("an access pattern gpumem does not know: " + access.eClass().getName());
        }
        return info;
    }
}
