/*
 * Copies and sets. Device memory is mapped into this process at the simulator's addresses, so
 * the library copies bytes itself; device pointers are checked against the allocations known
 * here, so a bad one returns an error instead of crashing the program. __constant__ variables
 * live in the simulator's const banks, which are not mapped: their copies go through gpumem.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* ------------------------------------------------------------------ copies and sets */

/* Whether [p, p + n) may be used as the device side of a copy: inside one allocation. */
static int device_range(const void *p, size_t n) {
    return allocation_find((uintptr_t)p, n ? n : 1) >= 0;
}

/* Checks a copy of n bytes; a pointer inside device memory must lie in one allocation. */
static cudaError_t check_copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
    if ((unsigned)kind > cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    int dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice ||
                     (kind == cudaMemcpyDefault && in_device_window((uintptr_t)dst));
    int src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice ||
                     (kind == cudaMemcpyDefault && in_device_window((uintptr_t)src));
    if ((dst_device && !device_range(dst, n)) || (src_device && !device_range(src, n))) {
        return cudaErrorInvalidValue;
    }
    if (dst == NULL || src == NULL) {
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

static cudaError_t copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind, int blocking) {
    cudaError_t e = enter();
    if (e == cudaSuccess && n == 0) {
        return (unsigned)kind > cudaMemcpyDefault ? record(cudaErrorInvalidMemcpyDirection) : cudaSuccess;
    }
    if (e == cudaSuccess) {
        e = check_copy(dst, src, n, kind);
    }
    if (e != cudaSuccess) {
        return record(e);
    }
    if (blocking) {
        flush_device_output();
    }
    memmove(dst, src, n);
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
    return copy(dst, src, count, kind, 1);
}

EXPORT cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return copy(dst, src, count, kind, 0);
}

EXPORT cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count) {
    if (dstDevice != 0 || srcDevice != 0) {
        return record(cudaErrorInvalidDevice);
    }
    return copy(dst, src, count, cudaMemcpyDeviceToDevice, 1);
}

EXPORT cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                       cudaStream_t stream) {
    if (dstDevice != 0 || srcDevice != 0) {
        return record(cudaErrorInvalidDevice);
    }
    return cudaMemcpyAsync(dst, src, count, cudaMemcpyDeviceToDevice, stream);
}

/* A 3D copy of width x height x depth bytes between pitched layouts (a 2D copy has depth 1). */
struct box {
    char *dst;
    size_t dst_pitch, dst_slice;
    const char *src;
    size_t src_pitch, src_slice;
    size_t width, height, depth;
};

static cudaError_t copy_box(const struct box *b, enum cudaMemcpyKind kind, int blocking) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (b->width > b->dst_pitch || b->width > b->src_pitch) {
        return record(cudaErrorInvalidPitchValue);
    }
    if (b->width == 0 || b->height == 0 || b->depth == 0) {
        return cudaSuccess;
    }
    size_t dst_span = (b->depth - 1) * b->dst_slice + (b->height - 1) * b->dst_pitch + b->width;
    size_t src_span = (b->depth - 1) * b->src_slice + (b->height - 1) * b->src_pitch + b->width;
    e = check_copy(b->dst, b->src, dst_span, kind);
    if (e == cudaSuccess) {
        e = check_copy(b->dst, b->src, src_span, kind);
    }
    if (e != cudaSuccess) {
        return record(e);
    }
    if (blocking) {
        flush_device_output();
    }
    for (size_t z = 0; z < b->depth; z++) {
        for (size_t y = 0; y < b->height; y++) {
            memmove(b->dst + z * b->dst_slice + y * b->dst_pitch, b->src + z * b->src_slice + y * b->src_pitch,
                    b->width);
        }
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                size_t height, enum cudaMemcpyKind kind) {
    struct box b = {dst, dpitch, 0, src, spitch, 0, width, height, 1};
    return copy_box(&b, kind, 1);
}

EXPORT cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                     size_t height, enum cudaMemcpyKind kind, cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    struct box b = {dst, dpitch, 0, src, spitch, 0, width, height, 1};
    return copy_box(&b, kind, 0);
}

static cudaError_t copy_3d(const struct cudaMemcpy3DParms *p, int blocking) {
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (p->srcArray != NULL || p->dstArray != NULL) {
        return unsupported("cudaMemcpy3D with CUDA arrays");
    }
    const struct cudaPitchedPtr *s = &p->srcPtr, *d = &p->dstPtr;
    struct box b = {
        (char *)d->ptr + p->dstPos.z * d->pitch * d->ysize + p->dstPos.y * d->pitch + p->dstPos.x,
        d->pitch,
        d->pitch * d->ysize,
        (const char *)s->ptr + p->srcPos.z * s->pitch * s->ysize + p->srcPos.y * s->pitch + p->srcPos.x,
        s->pitch,
        s->pitch * s->ysize,
        p->extent.width,
        p->extent.height,
        p->extent.depth,
    };
    return copy_box(&b, p->kind, blocking);
}

EXPORT cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
    return copy_3d(p, 1);
}

EXPORT cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return copy_3d(p, 0);
}

static cudaError_t set_box(char *p, size_t pitch, size_t slice, int value, size_t width, size_t height,
                           size_t depth) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (width > pitch) {
        return record(cudaErrorInvalidPitchValue);
    }
    if (width == 0 || height == 0 || depth == 0) {
        return cudaSuccess;
    }
    if (!device_range(p, (depth - 1) * slice + (height - 1) * pitch + width)) {
        return record(cudaErrorInvalidValue);
    }
    for (size_t z = 0; z < depth; z++) {
        for (size_t y = 0; y < height; y++) {
            memset(p + z * slice + y * pitch, value, width);
        }
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
    return set_box(devPtr, count, count, value, count, 1, 1);
}

EXPORT cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return set_box(devPtr, count, count, value, count, 1, 1);
}

EXPORT cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
    return set_box(devPtr, pitch, pitch * height, value, width, height, 1);
}

EXPORT cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                                     cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return set_box(devPtr, pitch, pitch * height, value, width, height, 1);
}

EXPORT cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
    return set_box(p.ptr, p.pitch, p.pitch * p.ysize, value, extent.width, extent.height, extent.depth);
}

EXPORT cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                                     cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return set_box(p.ptr, p.pitch, p.pitch * p.ysize, value, extent.width, extent.height, extent.depth);
}

/* ------------------------------------------------------------------ symbols */

static cudaError_t find_symbol(const void *key, size_t count, size_t offset, struct variable **out) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct variable *v = variable_of(key);
    if (v == NULL) {
        return record(cudaErrorInvalidSymbol);
    }
    if (offset > variable_size(v) || count > variable_size(v) - offset) {
        return record(cudaErrorInvalidValue);
    }
    *out = v;
    return cudaSuccess;
}

static cudaError_t to_symbol(const void *key, const void *src, size_t count, size_t offset,
                             enum cudaMemcpyKind kind) {
    struct variable *v = NULL;
    cudaError_t e = find_symbol(key, count, offset, &v);
    if (e != cudaSuccess) {
        return e;
    }
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) {
        return record(cudaErrorInvalidMemcpyDirection);
    }
    if (variable_mapped(v)) {
        return copy((char *)variable_address(v) + offset, src, count, kind, 1);
    }
    if (kind == cudaMemcpyDeviceToDevice && !device_range(src, count)) {
        return record(cudaErrorInvalidValue);
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)variable_key(v));
    put_u64(&request, offset);
    put_bytes(&request, src, count);
    e = channel_call(MSG_SYMBOL_WRITE, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    return record(e);
}

static cudaError_t from_symbol(void *dst, const void *key, size_t count, size_t offset, enum cudaMemcpyKind kind) {
    struct variable *v = NULL;
    cudaError_t e = find_symbol(key, count, offset, &v);
    if (e != cudaSuccess) {
        return e;
    }
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) {
        return record(cudaErrorInvalidMemcpyDirection);
    }
    if (variable_mapped(v)) {
        return copy(dst, (char *)variable_address(v) + offset, count, kind, 1);
    }
    if (kind == cudaMemcpyDeviceToDevice && !device_range(dst, count)) {
        return record(cudaErrorInvalidValue);
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)variable_key(v));
    put_u64(&request, offset);
    put_u64(&request, count);
    e = channel_call(MSG_SYMBOL_READ, &request, &reply);
    msg_free(&request);
    uint32_t n = 0;
    const unsigned char *bytes = get_bytes(&reply, &n);
    if (e == cudaSuccess && (bytes == NULL || n != count)) {
        e = cudaErrorUnknown;
    }
    if (e == cudaSuccess) {
        memcpy(dst, bytes, count);
    }
    msg_free(&reply);
    return record(e);
}

EXPORT cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind) {
    return to_symbol(symbol, src, count, offset, kind);
}

EXPORT cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                        enum cudaMemcpyKind kind) {
    return from_symbol(dst, symbol, count, offset, kind);
}

EXPORT cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                           enum cudaMemcpyKind kind, cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return to_symbol(symbol, src, count, offset, kind);
}

EXPORT cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                             enum cudaMemcpyKind kind, cudaStream_t stream) {
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    return from_symbol(dst, symbol, count, offset, kind);
}

EXPORT cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
    struct variable *v = NULL;
    cudaError_t e = find_symbol(symbol, 0, 0, &v);
    if (e == cudaSuccess) {
        if (devPtr == NULL) {
            return record(cudaErrorInvalidValue);
        }
        *devPtr = (void *)variable_address(v);
    }
    return e;
}

EXPORT cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
    struct variable *v = NULL;
    cudaError_t e = find_symbol(symbol, 0, 0, &v);
    if (e == cudaSuccess) {
        if (size == NULL) {
            return record(cudaErrorInvalidValue);
        }
        *size = variable_size(v);
    }
    return e;
}

ALIAS(cudaMemcpy_ptds, cudaMemcpy);
ALIAS(cudaMemcpyAsync_ptsz, cudaMemcpyAsync);
ALIAS(cudaMemcpy2D_ptds, cudaMemcpy2D);
ALIAS(cudaMemcpy2DAsync_ptsz, cudaMemcpy2DAsync);
ALIAS(cudaMemcpy3D_ptds, cudaMemcpy3D);
ALIAS(cudaMemcpy3DAsync_ptsz, cudaMemcpy3DAsync);
ALIAS(cudaMemset_ptds, cudaMemset);
ALIAS(cudaMemsetAsync_ptsz, cudaMemsetAsync);
ALIAS(cudaMemset2D_ptds, cudaMemset2D);
ALIAS(cudaMemset2DAsync_ptsz, cudaMemset2DAsync);
ALIAS(cudaMemset3D_ptds, cudaMemset3D);
ALIAS(cudaMemset3DAsync_ptsz, cudaMemset3DAsync);
ALIAS(cudaMemcpyToSymbol_ptds, cudaMemcpyToSymbol);
ALIAS(cudaMemcpyFromSymbol_ptds, cudaMemcpyFromSymbol);
ALIAS(cudaMemcpyToSymbolAsync_ptsz, cudaMemcpyToSymbolAsync);
ALIAS(cudaMemcpyFromSymbolAsync_ptsz, cudaMemcpyFromSymbolAsync);
