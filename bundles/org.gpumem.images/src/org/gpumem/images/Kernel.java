package org.gpumem.images;

/**
 * A kernel (entry point) that an image defines.
 *
 * @param name      the symbol name as stored (mangled for C++ kernels)
 * @param demangled the C++ name when {@link ItaniumDemangler} could decode {@code name}; null
 *                  for extern "C" / OpenCL kernels and for manglings it does not handle
 */
public record Kernel(String name, String demangled) {

    public static Kernel of(String name) {
        return new Kernel(name, ItaniumDemangler.demangle(name));
    }

    /** The human-readable name: demangled when possible, else the stored name. */
    public String displayName() {
        return demangled != null ? demangled : name;
    }
}
