package org.gpumem.model.provider;

import org.eclipse.emf.common.notify.Adapter;

/**
 * The item provider factory gpumem's views use: the generated providers (icons, children,
 * property descriptors) with the labels of {@link GpumemLabels}.
 */
public class GpumemViewItemProviderAdapterFactory extends GpumemItemProviderAdapterFactory {

    @Override
    public Adapter createTargetAdapter() {
        if (targetItemProvider == null) {
            targetItemProvider = new TargetItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return targetItemProvider;
    }

    @Override
    public Adapter createStorageAdapter() {
        if (storageItemProvider == null) {
            storageItemProvider = new StorageItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return storageItemProvider;
    }

    @Override
    public Adapter createAddressSpaceAdapter() {
        if (addressSpaceItemProvider == null) {
            addressSpaceItemProvider = new AddressSpaceItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return addressSpaceItemProvider;
    }

    @Override
    public Adapter createVendorCodeAdapter() {
        if (vendorCodeItemProvider == null) {
            vendorCodeItemProvider = new VendorCodeItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return vendorCodeItemProvider;
    }

    @Override
    public Adapter createLinearAccessAdapter() {
        if (linearAccessItemProvider == null) {
            linearAccessItemProvider = new LinearAccessItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return linearAccessItemProvider;
    }

    @Override
    public Adapter createWindowAccessAdapter() {
        if (windowAccessItemProvider == null) {
            windowAccessItemProvider = new WindowAccessItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return windowAccessItemProvider;
    }

    @Override
    public Adapter createWindowAdapter() {
        if (windowItemProvider == null) {
            windowItemProvider = new WindowItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return windowItemProvider;
    }

    @Override
    public Adapter createInterleavedAccessAdapter() {
        if (interleavedAccessItemProvider == null) {
            interleavedAccessItemProvider = new InterleavedAccessItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return interleavedAccessItemProvider;
    }

    @Override
    public Adapter createStridedAccessAdapter() {
        if (stridedAccessItemProvider == null) {
            stridedAccessItemProvider = new StridedAccessItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return stridedAccessItemProvider;
    }

    @Override
    public Adapter createContextAdapter() {
        if (contextItemProvider == null) {
            contextItemProvider = new ContextItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return contextItemProvider;
    }

    @Override
    public Adapter createPoolAdapter() {
        if (poolItemProvider == null) {
            poolItemProvider = new PoolItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return poolItemProvider;
    }

    @Override
    public Adapter createLocationAdapter() {
        if (locationItemProvider == null) {
            locationItemProvider = new LocationItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return locationItemProvider;
    }

    @Override
    public Adapter createVariableAdapter() {
        if (variableItemProvider == null) {
            variableItemProvider = new VariableItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return variableItemProvider;
    }

    @Override
    public Adapter createMemoryStateAdapter() {
        if (memoryStateItemProvider == null) {
            memoryStateItemProvider = new MemoryStateItemProvider(this) {
                @Override
                public String getText(Object object) {
                    return GpumemLabels.text(object);
                }
            };
        }
        return memoryStateItemProvider;
    }
}
