package org.gpumem.ui.renderings;

import org.eclipse.core.runtime.Adapters;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.gpumem.model.Location;
import org.gpumem.ui.memory.BlockSpaceReader;
import org.gpumem.ui.memory.ModelSpaceReader;
import org.gpumem.ui.memory.SpaceReader;

/**
 * How renderings see a memory block: a gpumem block adapts to the {@link Location} it is bound to
 * (context and address space, its offset the block's base); any other extended block is the
 * default space of its debugger.
 */
final class GpumemBlocks {

    private GpumemBlocks() {
    }

    static Location location(IMemoryBlock block) {
        Location location = Adapters.adapt(block, Location.class);
        return location != null && location.getSpace() != null && location.getContext() != null ? location : null;
    }

    /**
     * The space named by an expression in CDT's {@code [space]:[expression]} convention
     * ({@code shared:0x40}), else {@code default}.
     */
    static String spaceOf(String expression) {
        if (expression != null) {
            int colon = expression.indexOf(':');
            if (colon > 0 && expression.substring(0, colon).matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return expression.substring(0, colon);
            }
        }
        return "default";
    }

    static SpaceReader reader(IMemoryBlock block) {
        Location location = location(block);
        if (location != null) {
            return new ModelSpaceReader(location.getContext(), location.getSpace());
        }
        if (block instanceof IMemoryBlockExtension extension) {
            return new BlockSpaceReader(extension, spaceOf(extension.getExpression()), "");
        }
        throw new IllegalArgumentException("memory block " + block + " has no extended interface");
    }
}
