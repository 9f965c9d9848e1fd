/**
 * The device code a file carries: {@link org.gpumem.images.CatalogReader} builds the
 * {@link org.gpumem.images.Catalog} of a host executable, library or object, a fatbin, an offload
 * bundle or a single image (cubin, PTX, AMDGPU code object...), reading headers only until an
 * image's bytes are asked for; {@link org.gpumem.images.ImageSelector} chooses the image a device
 * would load by the CUDA and ROCm compatibility rules; {@link org.gpumem.images.DwarfOpener} is
 * the one way gpumem opens DWARF, from any of them; kernel names are demangled as llvm-cxxfilt
 * prints them ({@link org.gpumem.images.ItaniumDemangler}). Bad input fails with dwarf's
 * {@link org.gpumem.dwarf.io.InputFormatException}; inflating stays within
 * {@link org.gpumem.images.ImageLimits}.
 */
package org.gpumem.images;
