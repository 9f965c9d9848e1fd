package org.gpumem.ui.renderings;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.ui.memory.IMemoryRendering;
import org.eclipse.debug.ui.memory.IMemoryRenderingTypeDelegate;

/** Creates gpumem's memory renderings by rendering type id (plugin.xml). */
public final class RenderingTypes implements IMemoryRenderingTypeDelegate {

    @Override
    public IMemoryRendering createRendering(String id) throws CoreException {
        return switch (id) {
            case AddressSpaceRendering.ID -> new AddressSpaceRendering();
            case LanesRendering.ID -> new LanesRendering();
            case AliasesRendering.ID -> new AliasesRendering();
            default -> null;
        };
    }
}
