/*
 * CUDA arrays, mipmapped arrays, and texture and surface objects.
 *
 * An array is device memory gpumem allocates (ALLOCATE kind 6), its elements row after row,
 * rows width * element bytes long, then slices (or layers; a cubemap's six faces are its
 * layers): the layout the simulator reads textures and surfaces from, which this library
 * copies to and from as the runtime's array copies do. The layout of a GPU's arrays is opaque
 * to programs, so none can tell. A mipmapped array holds its levels one after the other, each
 * at an address aligned like every allocation. A texture or surface object describes a
 * resource and how to sample it; gpumem keeps the description (TEXTURE_CREATE) under the
 * handle it answers, which kernels pass to the tex, tld4, txq, suld, sust and suq instructions.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define ARRAY_MAGIC 0x61727261u  /* "arra" */
#define MIPMAP_MAGIC 0x6d69706du /* "mipm" */
/* Where each mipmap level starts: as gpumem aligns allocations. */
#define LEVEL_ALIGNMENT 256

struct cudaArray {
    uint32_t magic;
    struct cudaChannelFormatDesc desc;
    struct cudaExtent extent; /* as the program gave it: height 0 for 1D, depth 0 for 2D */
    unsigned int flags;
    size_t element;           /* bytes */
    uintptr_t base;           /* device address of element (0, 0, 0) */
    size_t pitch, slice;      /* bytes from row to row, from slice (layer) to slice */
    size_t bytes;
    struct cudaMipmappedArray *owner; /* a level of this mipmapped array: freed with it */
};

struct cudaMipmappedArray {
    uint32_t magic;
    unsigned int count;
    uintptr_t allocation;
    struct cudaArray levels[]; /* count of them */
};

struct object {
    int surface;
    unsigned long long handle;
    struct cudaResourceDesc resource;
    struct cudaTextureDesc texture;
    struct cudaResourceViewDesc view;
    int has_view;
};

#define MSG_TEXTURE_OBJECT 0
#define MSG_SURFACE_OBJECT 1

static pthread_mutex_t texture_lock = PTHREAD_MUTEX_INITIALIZER;
static struct handles arrays, mipmaps, objects;

static cudaError_t describe_array(uintptr_t allocation, size_t bytes, const struct cudaArray *levels, unsigned int count);

static int array_live(const struct cudaArray *a) {
    return a != NULL && handle_live(&arrays, a);
}

/* The bytes of one element of a channel format, or 0 when the runtime cannot make arrays of it. */
static size_t element_bytes(const struct cudaChannelFormatDesc *d, cudaError_t *e) {
    int bits[4] = {d->x, d->y, d->z, d->w};
    int channels = 0;
    while (channels < 4 && bits[channels] != 0) {
        channels++;
    }
    for (int i = channels; i < 4; i++) {
        if (bits[i] != 0) {
            *e = cudaErrorInvalidChannelDescriptor; /* channels must be x, then y, then z, then w */
            return 0;
        }
    }
    if (channels == 0 || channels == 3) {
        *e = cudaErrorInvalidChannelDescriptor;
        return 0;
    }
    for (int i = 1; i < channels; i++) {
        if (bits[i] != bits[0]) {
            *e = cudaErrorInvalidChannelDescriptor;
            return 0;
        }
    }
    int ok;
    switch (d->f) {
    case cudaChannelFormatKindSigned:
    case cudaChannelFormatKindUnsigned:
        ok = bits[0] == 8 || bits[0] == 16 || bits[0] == 32;
        break;
    case cudaChannelFormatKindFloat:
        ok = bits[0] == 16 || bits[0] == 32;
        break;
    default:
        *e = unsupported("a CUDA array of a channel format kind other than signed, unsigned or float");
        return 0;
    }
    if (!ok) {
        *e = cudaErrorInvalidChannelDescriptor;
        return 0;
    }
    *e = cudaSuccess;
    return (size_t)channels * (size_t)bits[0] / 8;
}

/* Fills a's layout for its extent (elements, rows, slices) from `base`; 0 when the extent is invalid. */
static int layout(struct cudaArray *a, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                  unsigned int flags, size_t element, uintptr_t base) {
    /* a height of 0 is a 1D array; with a depth, only as the layers of a 1D layered array */
    if (extent.width == 0 || (extent.height == 0 && extent.depth != 0 && !(flags & cudaArrayLayered))) {
        return 0;
    }
    if ((flags & cudaArrayCubemap) &&
        (extent.width != extent.height || extent.depth == 0 || extent.depth % 6 != 0 ||
         (!(flags & cudaArrayLayered) && extent.depth != 6))) {
        return 0; /* square faces, six per cubemap */
    }
    a->magic = ARRAY_MAGIC;
    a->desc = *desc;
    a->extent = extent;
    a->flags = flags;
    a->element = element;
    a->base = base;
    a->pitch = extent.width * element;
    a->slice = a->pitch * (extent.height ? extent.height : 1);
    a->bytes = a->slice * (extent.depth ? extent.depth : 1);
    return 1;
}

static cudaError_t make_array(cudaArray_t *out, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                              unsigned int flags, const char *entry, void *caller) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (out == NULL || desc == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (flags & ~(unsigned int)(cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap | cudaArrayTextureGather)) {
        return record(unsupported("a CUDA array with flags other than layered, surface load/store, cubemap or gather"));
    }
    size_t element = element_bytes(desc, &e);
    if (element == 0) {
        return record(e);
    }
    e = capture_unsafe_call();
    if (e != cudaSuccess) {
        return record(e);
    }
    struct cudaArray *a = calloc(1, sizeof *a);
    if (a == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    if (!layout(a, desc, extent, flags, element, 0)) {
        free(a);
        return record(cudaErrorInvalidValue);
    }
    e = allocation_request(a->bytes, ALLOC_ARRAY, entry, caller, &a->base);
    if (e == cudaSuccess) {
        e = describe_array(a->base, a->bytes, a, 1);
        if (e == cudaSuccess && !handle_add(&arrays, a)) {
            e = cudaErrorMemoryAllocation;
        }
        if (e != cudaSuccess) {
            remove_allocation(a->base, 1 << ALLOC_ARRAY);
            allocation_release(a->base, ALLOC_ARRAY);
        }
    }
    if (e != cudaSuccess) {
        free(a);
        return record(e);
    }
    *out = a;
    return cudaSuccess;
}

EXPORT cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
                                   size_t height, unsigned int flags) {
    if (flags & (cudaArrayLayered | cudaArrayCubemap)) {
        return record(cudaErrorInvalidValue); /* layered and cubemap arrays come from cudaMalloc3DArray */
    }
    return make_array(array, desc, (struct cudaExtent){width, height, 0}, flags, "cudaMallocArray",
                      __builtin_return_address(0));
}

EXPORT cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int flags) {
    if ((flags & cudaArrayLayered) && extent.depth == 0) {
        return record(cudaErrorInvalidValue); /* depth is the number of layers */
    }
    return make_array(array, desc, extent, flags, "cudaMalloc3DArray", __builtin_return_address(0));
}

EXPORT cudaError_t cudaFreeArray(cudaArray_t array) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (array == NULL) {
        return cudaSuccess;
    }
    e = capture_unsafe_call();
    if (e != cudaSuccess) {
        return record(e);
    }
    if (!array_live(array) || array->owner != NULL) {
        return record(cudaErrorInvalidValue);
    }
    handle_remove(&arrays, array);
    flush_device_output();
    remove_allocation(array->base, 1 << ALLOC_ARRAY);
    e = allocation_release(array->base, ALLOC_ARRAY);
    free(array);
    return record(e);
}

EXPORT cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const struct cudaChannelFormatDesc *desc,
                                            struct cudaExtent extent, unsigned int numLevels, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (mipmappedArray == NULL || desc == NULL || numLevels == 0) {
        return record(cudaErrorInvalidValue);
    }
    if (flags & ~(unsigned int)(cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap | cudaArrayTextureGather)) {
        return record(unsupported("a CUDA mipmapped array with flags other than layered, surface load/store, cubemap or gather"));
    }
    size_t element = element_bytes(desc, &e);
    if (element == 0) {
        return record(e);
    }
    /* the levels a full chain has: halving the largest dimension down to 1 */
    size_t largest = extent.width;
    if (!(flags & cudaArrayLayered) && !(flags & cudaArrayCubemap)) {
        largest = extent.depth > largest ? extent.depth : largest;
    }
    largest = extent.height > largest ? extent.height : largest;
    unsigned int most = 1;
    while ((largest >> most) != 0) {
        most++;
    }
    if (numLevels > most) {
        return record(cudaErrorInvalidValue);
    }
    e = capture_unsafe_call();
    if (e != cudaSuccess) {
        return record(e);
    }
    struct cudaMipmappedArray *m = calloc(1, sizeof *m + numLevels * sizeof m->levels[0]);
    if (m == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    m->magic = MIPMAP_MAGIC;
    m->count = numLevels;
    size_t offset = 0;
    for (unsigned int l = 0; l < numLevels; l++) {
        /* each level halves width, height and (unless they are layers) depth, down to 1 */
        struct cudaExtent x = extent;
        x.width = extent.width >> l ? extent.width >> l : 1;
        x.height = extent.height == 0 ? 0 : extent.height >> l ? extent.height >> l : 1;
        if (extent.depth != 0 && !(flags & (cudaArrayLayered | cudaArrayCubemap))) {
            x.depth = extent.depth >> l ? extent.depth >> l : 1;
        }
        if (!layout(&m->levels[l], desc, x, flags, element, offset)) {
            free(m);
            return record(cudaErrorInvalidValue);
        }
        m->levels[l].owner = m;
        offset += (m->levels[l].bytes + LEVEL_ALIGNMENT - 1) / LEVEL_ALIGNMENT * LEVEL_ALIGNMENT;
    }
    e = allocation_request(offset, ALLOC_ARRAY, "cudaMallocMipmappedArray", __builtin_return_address(0), &m->allocation);
    for (unsigned int l = 0; e == cudaSuccess && l < numLevels; l++) {
        m->levels[l].base += m->allocation;
    }
    if (e == cudaSuccess) {
        e = describe_array(m->allocation, offset, m->levels, numLevels);
    }
    for (unsigned int l = 0; e == cudaSuccess && l < numLevels; l++) {
        if (!handle_add(&arrays, &m->levels[l])) {
            e = cudaErrorMemoryAllocation;
        }
    }
    if (e == cudaSuccess && !handle_add(&mipmaps, m)) {
        e = cudaErrorMemoryAllocation;
    }
    if (e != cudaSuccess) {
        for (unsigned int l = 0; l < numLevels; l++) {
            handle_remove(&arrays, &m->levels[l]);
        }
        if (m->allocation != 0 && remove_allocation(m->allocation, 1 << ALLOC_ARRAY)) {
            allocation_release(m->allocation, ALLOC_ARRAY);
        }
        free(m);
        return record(e);
    }
    *mipmappedArray = m;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                              unsigned int level) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (levelArray == NULL || !handle_live(&mipmaps, mipmappedArray) || level >= mipmappedArray->count) {
        return record(cudaErrorInvalidValue);
    }
    *levelArray = (cudaArray_t)&mipmappedArray->levels[level];
    return cudaSuccess;
}

EXPORT cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (mipmappedArray == NULL) {
        return cudaSuccess;
    }
    if (!handle_remove(&mipmaps, mipmappedArray)) {
        return record(cudaErrorInvalidValue);
    }
    for (unsigned int l = 0; l < mipmappedArray->count; l++) {
        handle_remove(&arrays, &mipmappedArray->levels[l]);
    }
    flush_device_output();
    remove_allocation(mipmappedArray->allocation, 1 << ALLOC_ARRAY);
    e = allocation_release(mipmappedArray->allocation, ALLOC_ARRAY);
    free(mipmappedArray);
    return record(e);
}

EXPORT cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags,
                                    cudaArray_t array) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!array_live(array)) {
        return record(cudaErrorInvalidValue);
    }
    if (desc != NULL) {
        *desc = array->desc;
    }
    if (extent != NULL) {
        *extent = array->extent;
    }
    if (flags != NULL) {
        *flags = array->flags;
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (desc == NULL || !array_live(array)) {
        return record(cudaErrorInvalidValue);
    }
    *desc = array->desc;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ copies */

/*
 * A copy with CUDA arrays (cudaMemcpy3D and the 2D array copies), as one between pitched memory:
 * an array is its memory with its pitches, positions and the extent counted in its elements.
 * Returns cudaSuccess with *out filled, or the error of a bad array, position or extent.
 */
cudaError_t array_copy_params(const struct cudaMemcpy3DParms *p, struct cudaMemcpy3DParms *out) {
    *out = *p;
    out->srcArray = out->dstArray = NULL;
    size_t element = 1;
    const struct cudaArray *ends[2] = {p->srcArray, p->dstArray};
    for (int i = 0; i < 2; i++) {
        const struct cudaArray *a = ends[i];
        if (a == NULL) {
            continue;
        }
        if (!array_live(a)) {
            return cudaErrorInvalidValue;
        }
        if (element != 1 && a->element != element) {
            return cudaErrorInvalidValue; /* array to array: the same element size */
        }
        element = a->element;
    }
    /* positions and the extent are in elements where an array takes part, in bytes otherwise */
    out->extent.width = p->extent.width * element;
    for (int i = 0; i < 2; i++) {
        const struct cudaArray *a = ends[i];
        const struct cudaPos *pos = i == 0 ? &p->srcPos : &p->dstPos;
        struct cudaPos *to = i == 0 ? &out->srcPos : &out->dstPos;
        struct cudaPitchedPtr *ptr = i == 0 ? &out->srcPtr : &out->dstPtr;
        if (a == NULL) {
            continue;
        }
        size_t rows = a->extent.height ? a->extent.height : 1, slices = a->extent.depth ? a->extent.depth : 1;
        if (pos->x + p->extent.width > a->extent.width || pos->y + p->extent.height > rows ||
            pos->z + p->extent.depth > slices) {
            return cudaErrorInvalidValue;
        }
        *ptr = (struct cudaPitchedPtr){(void *)a->base, a->pitch, a->extent.width, rows};
        to->x = pos->x * a->element;
    }
    if (p->srcArray == NULL) {
        out->srcPos.x = p->srcPos.x * element;
    }
    if (p->dstArray == NULL) {
        out->dstPos.x = p->dstPos.x * element;
    }
    return cudaSuccess;
}

/* The part of an array a 2D copy names: (wOffset bytes, hOffset rows), width bytes by height rows. */
static cudaError_t array_rows(cudaArray_const_t a, size_t wOffset, size_t hOffset, size_t width, size_t height,
                              struct cudaPitchedPtr *ptr, struct cudaPos *pos) {
    if (!array_live(a)) {
        return cudaErrorInvalidValue;
    }
    size_t rows = a->extent.height ? a->extent.height : 1;
    if (wOffset + width > a->pitch || hOffset + height > rows) {
        return cudaErrorInvalidValue;
    }
    *ptr = (struct cudaPitchedPtr){(void *)a->base, a->pitch, a->extent.width, rows};
    *pos = (struct cudaPos){wOffset, hOffset, 0};
    return cudaSuccess;
}

/* A 2D copy with arrays at either end (NULL: pitched memory), made a pitched 3D copy; via cudaMemcpy3D(Async). */
static cudaError_t copy_2d_arrays(cudaArray_const_t dstArray, size_t dw, size_t dh, void *dst, size_t dpitch,
                                  cudaArray_const_t srcArray, size_t sw, size_t sh, const void *src, size_t spitch,
                                  size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream, int async) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.dstPtr = (struct cudaPitchedPtr){dst, dpitch, width, height};
    p.srcPtr = (struct cudaPitchedPtr){(void *)src, spitch, width, height};
    if (dstArray != NULL && (e = array_rows(dstArray, dw, dh, width, height, &p.dstPtr, &p.dstPos)) != cudaSuccess) {
        return record(e);
    }
    if (srcArray != NULL && (e = array_rows(srcArray, sw, sh, width, height, &p.srcPtr, &p.srcPos)) != cudaSuccess) {
        return record(e);
    }
    p.extent = (struct cudaExtent){width, height, 1};
    p.kind = kind;
    return async ? cudaMemcpy3DAsync(&p, stream) : cudaMemcpy3D(&p);
}

EXPORT cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                       size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy_2d_arrays(dst, wOffset, hOffset, NULL, 0, NULL, 0, 0, src, spitch, width, height, kind, NULL, 0);
}

EXPORT cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                            size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                                            cudaStream_t stream) {
    return copy_2d_arrays(dst, wOffset, hOffset, NULL, 0, NULL, 0, 0, src, spitch, width, height, kind, stream, 1);
}

EXPORT cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                         size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy_2d_arrays(NULL, 0, 0, dst, dpitch, src, wOffset, hOffset, NULL, 0, width, height, kind, NULL, 0);
}

EXPORT cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                              size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
                                              cudaStream_t stream) {
    return copy_2d_arrays(NULL, 0, 0, dst, dpitch, src, wOffset, hOffset, NULL, 0, width, height, kind, stream, 1);
}

EXPORT cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                            cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
                                            size_t height, enum cudaMemcpyKind kind) {
    return copy_2d_arrays(dst, wOffsetDst, hOffsetDst, NULL, 0, src, wOffsetSrc, hOffsetSrc, NULL, 0, width, height,
                          kind, NULL, 0);
}

/*
 * The deprecated linear copies: count bytes from (wOffset, hOffset) on, row after row. Rows are
 * contiguous in gpumem's arrays, so they are one span of the array's memory.
 */
static cudaError_t copy_linear(cudaArray_const_t array, size_t wOffset, size_t hOffset, void *memory, size_t count,
                               enum cudaMemcpyKind kind, int to_array, cudaStream_t stream, int async) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!array_live(array) || wOffset >= array->pitch || hOffset * array->pitch + wOffset + count > array->bytes) {
        return record(cudaErrorInvalidValue);
    }
    char *at = (char *)array->base + hOffset * array->pitch + wOffset;
    void *dst = to_array ? (void *)at : memory;
    const void *src = to_array ? (const void *)memory : (const void *)at;
    return async ? cudaMemcpyAsync(dst, src, count, kind, stream) : cudaMemcpy(dst, src, count, kind);
}

EXPORT cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                                     enum cudaMemcpyKind kind) {
    return copy_linear(dst, wOffset, hOffset, (void *)src, count, kind, 1, NULL, 0);
}

EXPORT cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                          size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_linear(dst, wOffset, hOffset, (void *)src, count, kind, 1, stream, 1);
}

EXPORT cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                       enum cudaMemcpyKind kind) {
    return copy_linear(src, wOffset, hOffset, dst, count, kind, 0, NULL, 0);
}

EXPORT cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                            size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_linear(src, wOffset, hOffset, dst, count, kind, 0, stream, 1);
}

EXPORT cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src,
                                          size_t wOffsetSrc, size_t hOffsetSrc, size_t count, enum cudaMemcpyKind kind) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!array_live(dst) || !array_live(src) || hOffsetDst * dst->pitch + wOffsetDst + count > dst->bytes ||
        hOffsetSrc * src->pitch + wOffsetSrc + count > src->bytes) {
        return record(cudaErrorInvalidValue);
    }
    return cudaMemcpy((char *)dst->base + hOffsetDst * dst->pitch + wOffsetDst,
                      (const char *)src->base + hOffsetSrc * src->pitch + wOffsetSrc, count, kind);
}

EXPORT cudaError_t cudaMemcpy2DToArray_ptds(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                            size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy_2d_arrays(dst, wOffset, hOffset, NULL, 0, NULL, 0, 0, src, spitch, width, height, kind,
                          cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpy2DToArrayAsync_ptsz(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                                 size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                                                 cudaStream_t stream) {
    return copy_2d_arrays(dst, wOffset, hOffset, NULL, 0, NULL, 0, 0, src, spitch, width, height, kind, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpy2DFromArray_ptds(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                              size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy_2d_arrays(NULL, 0, 0, dst, dpitch, src, wOffset, hOffset, NULL, 0, width, height, kind,
                          cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpy2DFromArrayAsync_ptsz(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                                   size_t hOffset, size_t width, size_t height,
                                                   enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_2d_arrays(NULL, 0, 0, dst, dpitch, src, wOffset, hOffset, NULL, 0, width, height, kind, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpy2DArrayToArray_ptds(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                                 cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                                 size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy_2d_arrays(dst, wOffsetDst, hOffsetDst, NULL, 0, src, wOffsetSrc, hOffsetSrc, NULL, 0, width, height,
                          kind, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpyToArray_ptds(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                          size_t count, enum cudaMemcpyKind kind) {
    return copy_linear(dst, wOffset, hOffset, (void *)src, count, kind, 1, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpyToArrayAsync_ptsz(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                               size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_linear(dst, wOffset, hOffset, (void *)src, count, kind, 1, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpyFromArray_ptds(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                            size_t count, enum cudaMemcpyKind kind) {
    return copy_linear(src, wOffset, hOffset, dst, count, kind, 0, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpyFromArrayAsync_ptsz(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                                 size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_linear(src, wOffset, hOffset, dst, count, kind, 0, ptsz(stream), 1);
}

ALIAS(cudaMemcpyArrayToArray_ptds, cudaMemcpyArrayToArray);

/* ------------------------------------------------------------------ texture and surface objects */

static void put_float(struct message *m, float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    put_u32(m, bits);
}

/* A channel format: the bits of x, y, z, w and the channel kind. */
static void put_format(struct message *m, const struct cudaChannelFormatDesc *d) {
    put_u32(m, (uint32_t)d->x);
    put_u32(m, (uint32_t)d->y);
    put_u32(m, (uint32_t)d->z);
    put_u32(m, (uint32_t)d->w);
    put_u32(m, (uint32_t)d->f);
}

static void put_level(struct message *m, uintptr_t base, size_t width, size_t height, size_t depth, size_t pitch,
                      size_t slice) {
    put_u64(m, base);
    put_u64(m, width);
    put_u64(m, height);
    put_u64(m, depth);
    put_u64(m, pitch);
    put_u64(m, slice);
}

/* The count of an array's levels (a plain array has one), then each level. */
static void put_array_levels(struct message *m, const struct cudaArray *levels, unsigned int count) {
    put_u32(m, count);
    for (unsigned int l = 0; l < count; l++) {
        const struct cudaArray *a = &levels[l];
        put_level(m, a->base, a->extent.width, a->extent.height, a->extent.depth, a->pitch, a->slice);
    }
}

/*
 * Tells gpumem what the array allocated at `allocation` holds (ARRAY_DESCRIBE): its format,
 * extent, flags and levels, so that gpumem shows it as texture memory.
 */
static cudaError_t describe_array(uintptr_t allocation, size_t bytes, const struct cudaArray *levels, unsigned int count) {
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, allocation);
    put_u64(&request, bytes);
    put_format(&request, &levels[0].desc);
    put_u64(&request, levels[0].extent.width);
    put_u64(&request, levels[0].extent.height);
    put_u64(&request, levels[0].extent.depth);
    put_u32(&request, levels[0].flags);
    put_array_levels(&request, levels, count);
    cudaError_t e = channel_call(MSG_ARRAY_DESCRIBE, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    return e;
}

/*
 * Checks a resource and writes what the simulator needs of it: its format, its levels
 * (address, extent in elements, pitches) and array flags. A surface names one array made for
 * surface load/store.
 */
static cudaError_t put_resource(struct message *m, const struct cudaResourceDesc *r, int surface) {
    cudaError_t e = cudaSuccess;
    if (r->flags != 0 || (surface && r->resType != cudaResourceTypeArray)) {
        return surface ? cudaErrorInvalidSurface : cudaErrorInvalidValue;
    }
    switch (r->resType) {
    case cudaResourceTypeArray: {
        const struct cudaArray *a = r->res.array.array;
        if (!array_live(a) || (surface && !(a->flags & cudaArraySurfaceLoadStore))) {
            return surface ? cudaErrorInvalidSurface : cudaErrorInvalidValue;
        }
        put_u32(m, cudaResourceTypeArray);
        put_format(m, &a->desc);
        put_array_levels(m, a, 1);
        put_u32(m, a->flags);
        return cudaSuccess;
    }
    case cudaResourceTypeMipmappedArray: {
        const struct cudaMipmappedArray *mm = r->res.mipmap.mipmap;
        if (!handle_live(&mipmaps, mm)) {
            return cudaErrorInvalidValue;
        }
        const struct cudaArray *l0 = &mm->levels[0];
        put_u32(m, cudaResourceTypeMipmappedArray);
        put_format(m, &l0->desc);
        put_array_levels(m, mm->levels, mm->count);
        put_u32(m, l0->flags);
        return cudaSuccess;
    }
    case cudaResourceTypeLinear: {
        size_t element = element_bytes(&r->res.linear.desc, &e);
        uintptr_t p = (uintptr_t)r->res.linear.devPtr;
        if (element == 0) {
            return e;
        }
        if (r->res.linear.sizeInBytes == 0 || r->res.linear.sizeInBytes % element != 0 ||
            p % (uintptr_t)device_value("textureAlignment") != 0 ||
            r->res.linear.sizeInBytes / element > (size_t)device_value("maxTexture1DLinear") ||
            allocation_find(p, r->res.linear.sizeInBytes) < 0) {
            return cudaErrorInvalidValue;
        }
        put_u32(m, cudaResourceTypeLinear);
        put_format(m, &r->res.linear.desc);
        put_u32(m, 1);
        size_t n = r->res.linear.sizeInBytes / element;
        put_level(m, p, n, 0, 0, r->res.linear.sizeInBytes, r->res.linear.sizeInBytes);
        put_u32(m, 0);
        return cudaSuccess;
    }
    case cudaResourceTypePitch2D: {
        size_t element = element_bytes(&r->res.pitch2D.desc, &e);
        uintptr_t p = (uintptr_t)r->res.pitch2D.devPtr;
        size_t pitch = r->res.pitch2D.pitchInBytes;
        if (element == 0) {
            return e;
        }
        if (r->res.pitch2D.width == 0 || r->res.pitch2D.height == 0 || r->res.pitch2D.width * element > pitch ||
            pitch % (size_t)device_value("texturePitchAlignment") != 0 ||
            p % (uintptr_t)device_value("texturePitchAlignment") != 0 ||
            allocation_find(p, (r->res.pitch2D.height - 1) * pitch + r->res.pitch2D.width * element) < 0) {
            return cudaErrorInvalidValue;
        }
        put_u32(m, cudaResourceTypePitch2D);
        put_format(m, &r->res.pitch2D.desc);
        put_u32(m, 1);
        put_level(m, p, r->res.pitch2D.width, r->res.pitch2D.height, 0, pitch, pitch * r->res.pitch2D.height);
        put_u32(m, 0);
        return cudaSuccess;
    }
    default:
        return cudaErrorInvalidValue;
    }
}

/* The channel format a resource holds (for the texture description's checks). */
static struct cudaChannelFormatDesc resource_format(const struct cudaResourceDesc *r) {
    switch (r->resType) {
    case cudaResourceTypeArray:
        return r->res.array.array->desc;
    case cudaResourceTypeMipmappedArray:
        return r->res.mipmap.mipmap->levels[0].desc;
    case cudaResourceTypeLinear:
        return r->res.linear.desc;
    default:
        return r->res.pitch2D.desc;
    }
}

/* What the Programming Guide allows of a texture's sampling for its format. */
static cudaError_t texture_check(const struct cudaTextureDesc *t, const struct cudaChannelFormatDesc *f) {
    for (int i = 0; i < 3; i++) {
        if ((unsigned)t->addressMode[i] > cudaAddressModeBorder) {
            return cudaErrorInvalidValue;
        }
    }
    if ((unsigned)t->filterMode > cudaFilterModeLinear || (unsigned)t->mipmapFilterMode > cudaFilterModeLinear ||
        (unsigned)t->readMode > cudaReadModeNormalizedFloat) {
        return cudaErrorInvalidValue;
    }
    /* normalized float reads are for 8- and 16-bit integers, filtering for what reads as float */
    if (t->readMode == cudaReadModeNormalizedFloat && (f->f == cudaChannelFormatKindFloat || f->x == 32)) {
        return cudaErrorInvalidNormSetting;
    }
    if (t->filterMode == cudaFilterModeLinear && f->f != cudaChannelFormatKindFloat &&
        t->readMode != cudaReadModeNormalizedFloat) {
        return cudaErrorInvalidFilterSetting;
    }
    return cudaSuccess;
}

static void put_texture(struct message *m, const struct cudaTextureDesc *t, const struct cudaResourceViewDesc *v) {
    for (int i = 0; i < 3; i++) {
        put_u32(m, (uint32_t)t->addressMode[i]);
    }
    put_u32(m, (uint32_t)t->filterMode);
    put_u32(m, (uint32_t)t->readMode);
    put_u32(m, (uint32_t)t->sRGB);
    for (int i = 0; i < 4; i++) {
        put_float(m, t->borderColor[i]);
    }
    put_u32(m, (uint32_t)(t->normalizedCoords != 0));
    put_u32(m, t->maxAnisotropy);
    put_u32(m, (uint32_t)t->mipmapFilterMode);
    put_float(m, t->mipmapLevelBias);
    put_float(m, t->minMipmapLevelClamp);
    put_float(m, t->maxMipmapLevelClamp);
    put_u32(m, (uint32_t)(t->seamlessCubemap != 0));
    put_u32(m, v != NULL ? (uint32_t)v->format : 0);
    put_u64(m, v != NULL ? v->width : 0);
    put_u64(m, v != NULL ? v->height : 0);
    put_u64(m, v != NULL ? v->depth : 0);
    put_u32(m, v != NULL ? v->firstMipmapLevel : 0);
    put_u32(m, v != NULL ? v->lastMipmapLevel : 0);
    put_u32(m, v != NULL ? v->firstLayer : 0);
    put_u32(m, v != NULL ? v->lastLayer : 0);
}

static cudaError_t create_object(unsigned long long *out, const struct cudaResourceDesc *r,
                                 const struct cudaTextureDesc *t, const struct cudaResourceViewDesc *v, int surface) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (out == NULL || r == NULL || (!surface && t == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    if (v != NULL && v->format != 0) {
        return record(unsupported("a texture object with a resource view of another format"));
    }
    struct message request, reply;
    msg_init(&request);
    put_u32(&request, surface ? MSG_SURFACE_OBJECT : MSG_TEXTURE_OBJECT);
    e = put_resource(&request, r, surface);
    if (e == cudaSuccess && !surface) {
        struct cudaChannelFormatDesc f = resource_format(r);
        e = texture_check(t, &f);
    }
    struct cudaTextureDesc none;
    memset(&none, 0, sizeof none);
    put_texture(&request, surface ? &none : t, surface ? NULL : v);
    struct object *o = e == cudaSuccess ? calloc(1, sizeof *o) : NULL;
    if (e == cudaSuccess && o == NULL) {
        e = cudaErrorMemoryAllocation;
    }
    if (e != cudaSuccess) {
        msg_free(&request);
        return record(e);
    }
    e = channel_call(MSG_TEXTURE_CREATE, &request, &reply);
    msg_free(&request);
    unsigned long long handle = get_u64(&reply);
    if (e == cudaSuccess && (reply.bad || handle == 0)) {
        e = cudaErrorUnknown;
    }
    msg_free(&reply);
    if (e == cudaSuccess) {
        *o = (struct object){surface, handle, *r, surface ? none : *t, {0}, v != NULL};
        if (v != NULL) {
            o->view = *v;
        }
        pthread_mutex_lock(&texture_lock);
        int added = handle_add(&objects, o);
        pthread_mutex_unlock(&texture_lock);
        if (!added) {
            e = cudaErrorMemoryAllocation;
        }
    }
    if (e != cudaSuccess) {
        free(o);
        return record(e);
    }
    *out = handle;
    return cudaSuccess;
}

/* The live object of this kind with this handle, or NULL. */
static struct object *object_of(unsigned long long handle, int surface) {
    pthread_mutex_lock(&texture_lock);
    struct object *found = NULL;
    for (size_t i = 0; i < objects.count && found == NULL; i++) {
        struct object *o = objects.items[i];
        if (o->handle == handle && o->surface == surface) {
            found = o;
        }
    }
    pthread_mutex_unlock(&texture_lock);
    return found;
}

static cudaError_t destroy_object(unsigned long long handle, int surface) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct object *o = object_of(handle, surface);
    if (o == NULL) {
        return handle == 0 ? cudaSuccess : record(cudaErrorInvalidValue);
    }
    handle_remove(&objects, o);
    free(o);
    struct message request, reply;
    msg_init(&request);
    put_u32(&request, surface ? MSG_SURFACE_OBJECT : MSG_TEXTURE_OBJECT);
    put_u64(&request, handle);
    e = channel_call(MSG_TEXTURE_DESTROY, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    return record(e);
}

EXPORT cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                           const struct cudaTextureDesc *pTexDesc,
                                           const struct cudaResourceViewDesc *pResViewDesc) {
    return create_object(pTexObject, pResDesc, pTexDesc, pResViewDesc, 0);
}

EXPORT cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
    return destroy_object(texObject, 0);
}

EXPORT cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc) {
    return create_object(pSurfObject, pResDesc, NULL, NULL, 1);
}

EXPORT cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
    return destroy_object(surfObject, 1);
}

static cudaError_t object_desc(unsigned long long handle, int surface, struct object *out) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct object *o = object_of(handle, surface);
    if (o == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *out = *o;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject) {
    struct object o;
    cudaError_t e = pResDesc == NULL ? record(cudaErrorInvalidValue) : object_desc(texObject, 0, &o);
    if (e == cudaSuccess) {
        *pResDesc = o.resource;
    }
    return e;
}

EXPORT cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject) {
    struct object o;
    cudaError_t e = pTexDesc == NULL ? record(cudaErrorInvalidValue) : object_desc(texObject, 0, &o);
    if (e == cudaSuccess) {
        *pTexDesc = o.texture;
    }
    return e;
}

EXPORT cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                        cudaTextureObject_t texObject) {
    struct object o;
    cudaError_t e = pResViewDesc == NULL ? record(cudaErrorInvalidValue) : object_desc(texObject, 0, &o);
    if (e == cudaSuccess && !o.has_view) {
        e = record(cudaErrorInvalidValue); /* made without a view */
    }
    if (e == cudaSuccess) {
        *pResViewDesc = o.view;
    }
    return e;
}

EXPORT cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaSurfaceObject_t surfObject) {
    struct object o;
    cudaError_t e = pResDesc == NULL ? record(cudaErrorInvalidValue) : object_desc(surfObject, 1, &o);
    if (e == cudaSuccess) {
        *pResDesc = o.resource;
    }
    return e;
}

EXPORT cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements,
                                                        const struct cudaChannelFormatDesc *fmtDesc, int device) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (device != 0) {
        return record(cudaErrorInvalidDevice);
    }
    if (maxWidthInElements == NULL || fmtDesc == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (element_bytes(fmtDesc, &e) == 0) {
        return record(e);
    }
    *maxWidthInElements = (size_t)device_value("maxTexture1DLinear");
    return cudaSuccess;
}
