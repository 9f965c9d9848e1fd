package org.gpumem.dwarf.expr;

import org.gpumem.dwarf.aspace.StorageScope;

/**
 * The instance of a context-dependent address space's storage a location refers to: the
 * work-group, warp/wave, lane and frame current when the location was created (the proposal's
 * rule for DW_OP_mem). Components finer than the scope are -1.
 */
public record ContextBinding(StorageScope scope, long workGroup, long warp, long lane, long frame) {
    public static final ContextBinding DEVICE = new ContextBinding(StorageScope.DEVICE, -1, -1, -1, -1);

    /** Binds {@code scope} to the context {@code context} currently has. */
    public static ContextBinding bind(StorageScope scope, EvaluationContext context) {
        switch (scope) {
            case DEVICE:
                return DEVICE;
            case WORK_GROUP:
                return new ContextBinding(scope, context.currentWorkGroup(), -1, -1, -1);
            case WARP:
                return new ContextBinding(scope, context.currentWorkGroup(), context.currentWarp(), -1, -1);
            case LANE:
                return new ContextBinding(scope, context.currentWorkGroup(), context.currentWarp(),
                        context.currentLane(), -1);
            default:
                return new ContextBinding(scope, context.currentWorkGroup(), context.currentWarp(),
                        context.currentLane(), context.currentFrame());
        }
    }

    @Override
    public String toString() {
        switch (scope) {
            case DEVICE: return "device";
            case WORK_GROUP: return "work-group " + workGroup;
            case WARP: return "work-group " + workGroup + " warp " + warp;
            case LANE: return "work-group " + workGroup + " warp " + warp + " lane " + lane;
            default: return "work-group " + workGroup + " warp " + warp + " lane " + lane + " frame " + frame;
        }
    }
}
