package org.gpumem.ui.renderings;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.internal.ui.model.elements.MemoryBlockLabelProvider;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IElementLabelProvider;
import org.eclipse.debug.internal.ui.viewers.model.provisional.IPresentationContext;
import org.eclipse.jface.viewers.TreePath;
import org.gpumem.debug.model.SpaceMemoryBlock;

/**
 * Labels gpumem blocks in the Memory view's Monitors pane by what they show,
 * {@code shared [CTA (1,0,0)] +0x40}, instead of the expression they were opened with
 * ({@code local:0x00000000} says neither the context nor, for a variable, which one). The label
 * API is the platform's provisional viewer API, the one its own memory block labels use.
 */
@SuppressWarnings("restriction")
public final class BlockLabelAdapterFactory implements IAdapterFactory {

    private static final IElementLabelProvider BLOCKS = new MemoryBlockLabelProvider() {
        @Override
        protected String getLabel(TreePath elementPath, IPresentationContext context, String columnId) throws CoreException {
            return elementPath.getLastSegment() instanceof SpaceMemoryBlock block ? block.label()
                    : super.getLabel(elementPath, context, columnId);
        }
    };

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        if (adapterType == IElementLabelProvider.class && adaptable instanceof SpaceMemoryBlock) {
            return adapterType.cast(BLOCKS);
        }
        return null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IElementLabelProvider.class};
    }
}
