package org.gpumem.images;

/** The kind of device code an image holds. */
public enum ImageFormat {
    /** NVIDIA SASS in an ELF file (EM_CUDA). */
    CUBIN("cubin", "cubin"),
    /** NVIDIA PTX assembly text (JIT-compiled by the driver). */
    PTX("PTX", "ptx"),
    /** AMDGPU code object (ELF, EM_AMDGPU). */
    AMDGPU_CODE_OBJECT("AMDGPU code object", "hsaco"),
    /** OpenCL C source text, compiled by the OpenCL driver at run time. */
    OPENCL_C("OpenCL C", "cl"),
    /** A SPIR-V module. */
    SPIRV("SPIR-V", "spv"),
    /** An entry the catalog recognises as a container entry but not as one of the formats above. */
    OTHER("unrecognised entry", "bin");

    private final String displayName;
    private final String extension;

    ImageFormat(String displayName, String extension) {
        this.displayName = displayName;
        this.extension = extension;
    }

    public String displayName() {
        return displayName;
    }

    /** File name extension used when the image is extracted, without the dot. */
    public String extension() {
        return extension;
    }
}
