package org.gpumem.debug.core;

/**
 * Where a texture or surface object of a stopped kernel's device takes its texels from
 * ({@link KernelEngine#textureMemory}): a CUDA array in the texture space, or linear or pitched
 * memory in the global space.
 *
 * @param handle   the object's handle, the value of a {@code cudaTextureObject_t} or {@code cudaSurfaceObject_t}
 * @param surface  a surface object
 * @param resource what it reads: {@code CUDA array float2, 64 x 32, 16384 bytes}, {@code linear memory}...
 * @param memory   the resource's first byte as the lane sees it
 * @param bytes    the resource's bytes from there
 * @param element  one channel of its elements, to print its bytes by
 */
public record TextureMemory(long handle, boolean surface, String resource, MemoryReference memory, long bytes,
        VariableValue.Element element) {
}
