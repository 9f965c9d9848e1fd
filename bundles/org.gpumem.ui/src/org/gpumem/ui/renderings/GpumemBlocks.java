package org.gpumem.ui.renderings;

import org.eclipse.core.runtime.Adapters;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.gpumem.debug.model.MemoryBlockBinding;
import org.gpumem.debug.model.SpaceMemoryBlock;
import org.gpumem.model.Location;
import org.gpumem.ui.memory.BlockSpaceReader;
import org.gpumem.ui.memory.ModelSpaceReader;
import org.gpumem.ui.memory.SpaceReader;
import org.gpumem.ui.memory.ValueType;

/**
 * How renderings see a memory block: a block that adapts to a model {@link Location} is read
 * through the model's alias arithmetic; a gpumem debug target's block is labelled with the space
 * and context it is bound to ({@link MemoryBlockBinding}); any other extended block is the space
 * its {@code [space]:} expression names, else the default space of its debugger.
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

    /**
     * The label of a rendering of a gpumem block, {@code shared [CTA (1,0,0)] +0x40 <Lanes>}: the
     * space, context and offset instead of the expression; null for other blocks (the platform's
     * label then).
     */
    static String label(IMemoryBlock block, String renderingName) {
        return block instanceof SpaceMemoryBlock b ? b.label() + " <" + renderingName + ">" : null;
    }

    /**
     * The context a gpumem block reads now ({@code CTA (1,0,0)} for shared), which moves with
     * the session's CUDA focus; empty for other blocks, whose context never moves.
     */
    static String boundContext(IMemoryBlock block) {
        return block instanceof SpaceMemoryBlock b ? b.describeContext() : "";
    }

    /** The event that tells the Memory view {@code rendering}'s label changed (its block follows the focus). */
    static org.eclipse.jface.util.PropertyChangeEvent labelChanged(org.eclipse.debug.ui.memory.IMemoryRendering rendering) {
        return new org.eclipse.jface.util.PropertyChangeEvent(rendering,
                org.eclipse.jface.viewers.IBasicPropertyConstants.P_TEXT, null, rendering.getLabel());
    }

    /** The value type of the variable a gpumem block was opened at, or null. */
    static ValueType valueType(IMemoryBlock block) {
        if (block instanceof SpaceMemoryBlock b && b.element() != null) {
            return ValueType.forDwarf(b.element().encoding(), b.element().size());
        }
        return null;
    }

    /**
     * How to read {@code block}.
     *
     * @throws DebugException when the block's debugger cannot say what the block is bound to, or
     *                        the block has no extended interface (the rendering says why)
     */
    static SpaceReader reader(IMemoryBlock block) throws DebugException {
        Location location = location(block);
        if (location != null) {
            return new ModelSpaceReader(location.getContext(), location.getSpace());
        }
        if (block instanceof IMemoryBlockExtension extension) {
            MemoryBlockBinding binding = MemoryBlockBinding.of(block);
            String space = binding.isGpumem() ? binding.space() : spaceOf(extension.getExpression());
            return new BlockSpaceReader(extension, space, binding.context());
        }
        throw new DebugException(org.eclipse.core.runtime.Status.error("memory block " + block
                + " has no extended interface (IMemoryBlockExtension): the address-space table cannot read it"));
    }
}
