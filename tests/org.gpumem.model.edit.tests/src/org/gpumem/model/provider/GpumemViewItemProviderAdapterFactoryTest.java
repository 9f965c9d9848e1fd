package org.gpumem.model.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.model.targets.BuiltinTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The item providers the views use: labels, icons, children and property descriptors. */
class GpumemViewItemProviderAdapterFactoryTest {

    private final GpumemViewItemProviderAdapterFactory factory = new GpumemViewItemProviderAdapterFactory();

    static Stream<Target> targets() {
        return BuiltinTargets.all().stream();
    }

    private String label(Object o) {
        return ((IItemLabelProvider) factory.adapt(o, IItemLabelProvider.class)).getText(o);
    }

    @ParameterizedTest
    @MethodSource("targets")
    void everyObjectHasALabelAndAnIcon(Target target) {
        MemoryState state = new MemoryStateBuilder(target).launch(1, 1, 1, 2, 1, 1).build();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            EObject o = it.next();
            IItemLabelProvider provider = (IItemLabelProvider) factory.adapt(o, IItemLabelProvider.class);
            assertNotNull(provider, o.eClass().getName());
            assertEquals(GpumemLabels.text(o), provider.getText(o));
            assertNotNull(provider.getImage(o), "icon of " + o.eClass().getName());
        }
    }

    @Test
    void labelsNameWhatTheViewsShow() {
        Target target = BuiltinTargets.amdgpu("gfx90a", 64);
        MemoryState state = new MemoryStateBuilder(target).launch(1, 1, 1, 64, 1, 1).build();
        assertEquals("AMDGPU gfx90a wave64 (amdgcn gfx90a wave64)", label(target));
        assertEquals("private_lane (DWARF 5, 32-bit, per lane)", label(AddressSpaces.require(target, "private_lane")));
        assertEquals("interleaved by lane onto scratch (4-byte elements, 64 lanes)",
                label(AddressSpaces.require(target, "private_lane").getAccess()));
        Context group = Contexts.descendants(state.getDevice(), Scope.WORK_GROUP).get(0);
        assertEquals("work-group (0,0,0)", label(group));
        Pool lds = group.getPools().get(0);
        assertEquals("lds (64 KiB)", label(lds));
    }

    @Test
    void treeChildrenAndPropertiesOfAnAddressSpace() {
        Target target = BuiltinTargets.nvptx("sm_90");
        AddressSpace generic = AddressSpaces.require(target, "generic");
        ITreeItemContentProvider tree = (ITreeItemContentProvider) factory.adapt(target, ITreeItemContentProvider.class);
        assertTrue(tree.getChildren(target).contains(generic));
        IItemPropertySource properties = (IItemPropertySource) factory.adapt(generic, IItemPropertySource.class);
        List<IItemPropertyDescriptor> descriptors = properties.getPropertyDescriptors(generic);
        List<String> names = descriptors.stream().map(d -> d.getDisplayName(generic)).toList();
        assertTrue(names.containsAll(List.of("Name", "Dwarf Number", "Address Bits", "Read Only", "Scope")), names.toString());
    }
}
