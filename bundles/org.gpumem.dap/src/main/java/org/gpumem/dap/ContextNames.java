package org.gpumem.dap;

import java.util.List;

import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WarpStatus;
import org.gpumem.model.Scope;

/**
 * The protocol's context names ({@code device}, {@code grid}, {@code CTA (1,0,0)},
 * {@code CTA (1,0,0) warp 2}, {@code CTA (1,0,0) warp 2 lane 5}: {@link LaneId#describe}) read
 * back against the warps of the current stop. A name is matched with the names the stop's warps
 * give, so it is never parsed apart and always means what the server prints.
 */
final class ContextNames {
    /** A named context: its scope and a lane in it (lane 0 of the first warp for a CTA). */
    record Named(Scope scope, LaneId lane) {
    }

    private ContextNames() {
    }

    /**
     * The context {@code name} names among {@code warps}; {@code focus} stands for the device and
     * the grid.
     *
     * @throws org.eclipse.lsp4j.jsonrpc.ResponseErrorException naming the resident CTAs when
     *         nothing resident has that name
     */
    static Named resolve(String name, List<WarpStatus> warps, LaneId focus) {
        if (name.equals(focus.describe(Scope.DEVICE))) {
            return new Named(Scope.DEVICE, focus);
        }
        if (name.equals(focus.describe(Scope.GRID))) {
            return new Named(Scope.GRID, focus);
        }
        for (WarpStatus w : warps) {
            LaneId first = new LaneId(w.id(), 0);
            if (name.equals(first.describe(Scope.WORK_GROUP))) {
                return new Named(Scope.WORK_GROUP, first);
            }
            if (name.equals(first.describe(Scope.SUBGROUP))) {
                return new Named(Scope.SUBGROUP, first);
            }
            String prefix = first.describe(Scope.SUBGROUP) + " lane ";
            if (name.startsWith(prefix)) {
                int lane = laneIndex(name.substring(prefix.length()));
                if (lane >= 0 && (w.validMask() & (1L << lane)) != 0 && lane < 32) {
                    return new Named(Scope.LANE, new LaneId(w.id(), lane));
                }
                throw Refusal.of(name + ": no thread of " + w.id().label() + " is in that lane");
            }
        }
        throw Refusal.of("no resident context is named '" + name + "' (resident: "
                + warps.stream().map(w -> WarpId.ctaLabel(w.id().cta())).distinct().toList() + ")");
    }

    private static int laneIndex(String text) {
        if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Integer.parseInt(text);
    }
}
