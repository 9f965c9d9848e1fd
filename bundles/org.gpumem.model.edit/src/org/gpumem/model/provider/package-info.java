/**
 * How gpumem's views present model objects: the item providers EMF generates (icons, children,
 * property descriptors) and, for the views, {@link org.gpumem.model.provider.GpumemViewItemProviderAdapterFactory}
 * with the one-line labels of {@link org.gpumem.model.provider.GpumemLabels}.
 */
package org.gpumem.model.provider;
