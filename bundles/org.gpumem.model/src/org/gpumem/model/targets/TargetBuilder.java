package org.gpumem.model.targets;

import java.util.HashMap;
import java.util.Map;

import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.Scope;
import org.gpumem.model.Storage;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.VendorCode;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;

/**
 * Assembles a {@link Target} description: storages first, then the spaces that reach them.
 * Windowed spaces may name spaces defined later; references are checked by {@link #build()}.
 */
public final class TargetBuilder {

    private static final GpumemFactory F = GpumemFactory.eINSTANCE;

    private final Target target = F.createTarget();
    private final Map<String, Storage> storages = new HashMap<>();
    private final Map<String, AddressSpace> spaces = new HashMap<>();
    private final Map<Window, String> pendingWindows = new HashMap<>();
    private final Map<WindowAccess, String> pendingFallbacks = new HashMap<>();
    private String defaultSpace;

    public TargetBuilder(String name, String architecture, int subgroupSize, String description) {
        target.setName(name);
        target.setArchitecture(architecture);
        target.setSubgroupSize(subgroupSize);
        target.setDescription(description);
    }

    public TargetBuilder storage(String name, Scope scope, long defaultSize, boolean readOnly) {
        Storage storage = F.createStorage();
        storage.setName(name);
        storage.setScope(scope);
        storage.setDefaultSize(defaultSize);
        storage.setReadOnly(readOnly);
        target.getStorages().add(storage);
        storages.put(name, storage);
        return this;
    }

    /** Starts an address space; finish it with one of the access methods of {@link SpaceBuilder}. */
    public SpaceBuilder space(String name, long dwarfNumber, int addressBits, Scope scope) {
        AddressSpace space = F.createAddressSpace();
        space.setName(name);
        space.setDwarfNumber(dwarfNumber);
        space.setAddressBits(addressBits);
        space.setScope(scope);
        target.getAddressSpaces().add(space);
        spaces.put(name, space);
        return new SpaceBuilder(space);
    }

    public TargetBuilder defaultSpace(String name) {
        this.defaultSpace = name;
        return this;
    }

    public Target build() {
        pendingWindows.forEach((window, name) -> window.setSpace(requireSpace(name)));
        pendingFallbacks.forEach((access, name) -> access.setFallback(requireSpace(name)));
        if (defaultSpace != null) {
            target.setDefaultSpace(requireSpace(defaultSpace));
        }
        for (AddressSpace space : target.getAddressSpaces()) {
            if (space.getAccess() == null) {
                throw new IllegalStateException(target.getName() + ": space " + space.getName() + " has no access pattern");
            }
        }
        return target;
    }

    private AddressSpace requireSpace(String name) {
        AddressSpace space = spaces.get(name);
        if (space == null) {
            throw new IllegalStateException(target.getName() + ": no address space " + name);
        }
        return space;
    }

    private Storage requireStorage(String name) {
        Storage storage = storages.get(name);
        if (storage == null) {
            throw new IllegalStateException(target.getName() + ": no storage " + name);
        }
        return storage;
    }

    /** Details and the access pattern of one space. */
    public final class SpaceBuilder {
        private final AddressSpace space;

        SpaceBuilder(AddressSpace space) {
            this.space = space;
        }

        public SpaceBuilder aliases(String... names) {
            space.getAliases().addAll(java.util.List.of(names));
            return this;
        }

        public SpaceBuilder code(String scheme, long value) {
            VendorCode code = F.createVendorCode();
            code.setScheme(scheme);
            code.setValue(value);
            space.getVendorCodes().add(code);
            return this;
        }

        public SpaceBuilder readOnly() {
            space.setReadOnly(true);
            return this;
        }

        public SpaceBuilder describe(String description) {
            space.setDescription(description);
            return this;
        }

        public TargetBuilder linear(String storage, long base) {
            LinearAccess access = F.createLinearAccess();
            access.setStorage(requireStorage(storage));
            access.setBase(base);
            return done(access);
        }

        public TargetBuilder interleaved(String storage, int elementSize, int laneCount) {
            InterleavedAccess access = F.createInterleavedAccess();
            access.setStorage(requireStorage(storage));
            access.setElementSize(elementSize);
            access.setLaneCount(laneCount);
            return done(access);
        }

        public TargetBuilder strided(String storage, long base, int elementSize, long stride, long laneStride) {
            StridedAccess access = F.createStridedAccess();
            access.setStorage(requireStorage(storage));
            access.setBase(base);
            access.setElementSize(elementSize);
            access.setStride(stride);
            access.setLaneStride(laneStride);
            return done(access);
        }

        /**
         * A windowed space: offsets inside one of {@code windows} lead to the space it names;
         * offsets outside every window go to {@code fallback} (null: they are invalid).
         */
        public TargetBuilder windows(String fallback, WindowSpec... windows) {
            WindowAccess access = F.createWindowAccess();
            for (WindowSpec spec : windows) {
                Window window = F.createWindow();
                window.setStart(spec.start());
                window.setLength(spec.length());
                pendingWindows.put(window, spec.space());
                access.getWindows().add(window);
            }
            if (fallback != null) {
                pendingFallbacks.put(access, fallback);
            }
            return done(access);
        }

        private TargetBuilder done(AccessPattern access) {
            space.setAccess(access);
            return TargetBuilder.this;
        }
    }
}
