package org.gpumem.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.model.Scope;

/**
 * What address space and context a memory block shows, for renderings and views. gpumem
 * blocks ({@link SpaceMemoryBlock}) answer with their space and context; blocks of other
 * debuggers are treated as the default space of their target, with the address size they
 * report ({@link IMemoryBlockExtension#getAddressSize()}, 8 for a plain {@link IMemoryBlock}).
 *
 * @param space       the space name ({@code shared}, {@code local}, ... or {@link #DEFAULT_SPACE})
 * @param addressSize bytes of an address in the space
 * @param context     the bound context as printed ({@code CTA (1,0,0)}, {@code device}); empty
 *                    for other debuggers' blocks
 * @param scope       which context instance the space needs (the model space's scope), null for
 *                    other debuggers' blocks
 * @param lane        the lane the gpumem block is bound to, null for other debuggers' blocks
 * @param element     the DWARF element type of the variable the block was opened at, or null
 */
public record MemoryBlockBinding(String space, int addressSize, String context, Scope scope, LaneId lane,
        VariableValue.Element element) {

    /** The space name used for memory blocks of other debuggers. */
    public static final String DEFAULT_SPACE = "default";

    /**
     * The binding of {@code block}.
     *
     * @throws DebugException when another debugger's block cannot report its address size
     */
    public static MemoryBlockBinding of(IMemoryBlock block) throws DebugException {
        if (block instanceof SpaceMemoryBlock b) {
            return new MemoryBlockBinding(b.space(), b.addressBytes(), b.describeContext(), b.scope(), b.lane(), b.element());
        }
        int size = block instanceof IMemoryBlockExtension e ? e.getAddressSize() : 8;
        return new MemoryBlockBinding(DEFAULT_SPACE, size, "", null, null, null);
    }

    /** True for blocks of the gpumem simulator. */
    public boolean isGpumem() {
        return scope != null;
    }

    /** {@code shared [CTA (1,0,0)]}, or the space alone for other debuggers' blocks. */
    public String describe() {
        return context.isEmpty() ? space : space + " [" + context + "]";
    }
}
