/*
 * Copies and sets. Device memory is mapped into this process at the simulator's addresses, so
 * the library copies bytes itself; device pointers are checked against the allocations known
 * here, so a bad one returns an error instead of crashing the program. __constant__ variables
 * live in the simulator's const banks, which are not mapped: their copies go through gpumem.
 * Asynchronous copies and sets on a capturing stream become graph nodes (graph.c); synchronous
 * ones use the legacy default stream, or the calling thread's with per-thread default streams
 * (the _ptds entry points).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* ------------------------------------------------------------------ copies and sets */

/* Whether [p, p + n) may be used as the device side of a copy: inside one allocation. */
static int device_range(const void *p, size_t n) {
    return allocation_find((uintptr_t)p, n ? n : 1) >= 0;
}

/*
 * Checks a copy touching dst_n bytes from dst and src_n bytes from src (they differ where the two
 * sides have different pitches); a pointer inside device memory must have them in one allocation.
 */
static cudaError_t check_spans(void *dst, size_t dst_n, const void *src, size_t src_n, enum cudaMemcpyKind kind) {
    if ((unsigned)kind > cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    int dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice ||
                     (kind == cudaMemcpyDefault && in_device_window((uintptr_t)dst));
    int src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice ||
                     (kind == cudaMemcpyDefault && in_device_window((uintptr_t)src));
    if ((dst_device && !device_range(dst, dst_n)) || (src_device && !device_range(src, src_n))) {
        return cudaErrorInvalidValue;
    }
    if (dst == NULL || src == NULL) {
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

/* Checks a copy of n bytes. */
static cudaError_t check_copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
    return check_spans(dst, n, src, n, kind);
}

static cudaError_t copy_now(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind, int blocking) {
    if (n == 0) {
        return (unsigned)kind > cudaMemcpyDefault ? cudaErrorInvalidMemcpyDirection : cudaSuccess;
    }
    cudaError_t e = check_copy(dst, src, n, kind);
    if (e != cudaSuccess) {
        return e;
    }
    if (blocking) {
        flush_device_output();
    }
    memmove(dst, src, n);
    return note_host_write(dst, n);
}

/*
 * Starts a copy or set on `stream`: cudaSuccess with *capturing telling whether it is to become a
 * node; otherwise the error, recorded. Synchronous calls (async 0) may not use a capturing stream.
 */
static cudaError_t start(cudaStream_t stream, int async, int *capturing) {
    *capturing = 0;
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    e = async ? capture_check(stream, capturing) : capture_stream_sync(stream);
    return e != cudaSuccess ? record(e) : cudaSuccess;
}

/* Appends a node made for a capturing stream, or fails the capture with the error of making it. */
static cudaError_t captured(cudaStream_t stream, cudaGraphNode_t node, cudaError_t made) {
    return record(node == NULL ? capture_fail(stream, made) : capture_append(stream, node));
}

static cudaError_t copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind, cudaStream_t stream,
                        int async) {
    int capturing;
    cudaError_t e = start(stream, async, &capturing);
    if (e != cudaSuccess) {
        return e;
    }
    if (capturing) {
        cudaGraphNode_t node = node_copy_1d(dst, src, n, kind, &e);
        return captured(stream, node, e);
    }
    return record(copy_now(dst, src, n, kind, !async));
}

EXPORT cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
    return copy(dst, src, count, kind, NULL, 0);
}

EXPORT cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream) {
    return copy(dst, src, count, kind, stream, 1);
}

EXPORT cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count) {
    if (dstDevice != 0 || srcDevice != 0) {
        return record(cudaErrorInvalidDevice);
    }
    return copy(dst, src, count, cudaMemcpyDeviceToDevice, NULL, 0);
}

EXPORT cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                       cudaStream_t stream) {
    if (dstDevice != 0 || srcDevice != 0) {
        return record(cudaErrorInvalidDevice);
    }
    return copy(dst, src, count, cudaMemcpyDeviceToDevice, stream, 1);
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
    if (b->width > b->dst_pitch || b->width > b->src_pitch) {
        return cudaErrorInvalidPitchValue;
    }
    if (b->width == 0 || b->height == 0 || b->depth == 0) {
        return cudaSuccess;
    }
    size_t dst_span = (b->depth - 1) * b->dst_slice + (b->height - 1) * b->dst_pitch + b->width;
    size_t src_span = (b->depth - 1) * b->src_slice + (b->height - 1) * b->src_pitch + b->width;
    cudaError_t e = check_spans(b->dst, dst_span, b->src, src_span, kind);
    if (e != cudaSuccess) {
        return e;
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
    /* the whole span, the pitch's padding too: initcheck never reports what a copy may have written */
    return note_host_write(b->dst, dst_span);
}

cudaError_t copy_3d_now(const struct cudaMemcpy3DParms *with_arrays, int blocking) {
    struct cudaMemcpy3DParms pitched;
    const struct cudaMemcpy3DParms *p = with_arrays;
    if (p->srcArray != NULL || p->dstArray != NULL) {
        cudaError_t e = array_copy_params(with_arrays, &pitched);
        if (e != cudaSuccess) {
            return e;
        }
        p = &pitched;
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

static cudaError_t copy_3d(const struct cudaMemcpy3DParms *p, cudaStream_t stream, int async) {
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    int capturing;
    cudaError_t e = start(stream, async, &capturing);
    if (e != cudaSuccess) {
        return e;
    }
    if (capturing) {
        cudaGraphNode_t node = node_copy(p, &e);
        return captured(stream, node, e);
    }
    return record(copy_3d_now(p, !async));
}

static cudaError_t copy_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                           enum cudaMemcpyKind kind, cudaStream_t stream, int async) {
    struct cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.dstPtr = (struct cudaPitchedPtr){dst, dpitch, width, height};
    p.srcPtr = (struct cudaPitchedPtr){(void *)src, spitch, width, height};
    p.extent = (struct cudaExtent){width, height, 1};
    p.kind = kind;
    return copy_3d(&p, stream, async);
}

EXPORT cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                size_t height, enum cudaMemcpyKind kind) {
    return copy_2d(dst, dpitch, src, spitch, width, height, kind, NULL, 0);
}

EXPORT cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                     size_t height, enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_2d(dst, dpitch, src, spitch, width, height, kind, stream, 1);
}

EXPORT cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
    return copy_3d(p, NULL, 0);
}

EXPORT cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
    return copy_3d(p, stream, 1);
}

cudaError_t set_elements_now(void *dst, size_t pitch, unsigned int value, unsigned int elementSize, size_t width,
                             size_t height) {
    size_t row = width * elementSize;
    if (row > pitch && height > 1) {
        return cudaErrorInvalidPitchValue;
    }
    if (width == 0 || height == 0) {
        return cudaSuccess;
    }
    char *p = dst;
    if (!device_range(p, (height - 1) * pitch + row)) {
        return cudaErrorInvalidValue;
    }
    for (size_t y = 0; y < height; y++) {
        char *r = p + y * pitch;
        if (elementSize == 1) {
            memset(r, (int)value, row);
        } else {
            for (size_t x = 0; x < width; x++) {
                memcpy(r + x * elementSize, &value, elementSize); /* little-endian: the low bytes */
            }
        }
    }
    return note_host_write(p, (height - 1) * pitch + row);
}

/* cudaMemset2D/3D: bytes of `value`, width x height x depth, rows pitch apart, slices `slice` apart. */
static cudaError_t set(char *p, size_t pitch, size_t slice, int value, size_t width, size_t height, size_t depth,
                       cudaStream_t stream, int async) {
    int capturing;
    cudaError_t e = start(stream, async, &capturing);
    if (e != cudaSuccess) {
        return e;
    }
    if (width > pitch) {
        return record(async ? capture_fail(stream, cudaErrorInvalidPitchValue) : cudaErrorInvalidPitchValue);
    }
    int rows_contiguous = depth <= 1 || slice == pitch * height;
    if (capturing) {
        if (!rows_contiguous) {
            return record(capture_fail(stream, unsupported("cudaMemset3DAsync of a part of a pitched allocation "
                                                           "during stream capture")));
        }
        struct cudaMemsetParams params = {p, pitch, (unsigned char)value, 1, width, height * (depth ? depth : 1)};
        cudaGraphNode_t node = node_memset(&params, &e);
        return captured(stream, node, e);
    }
    for (size_t z = 0; z < depth && e == cudaSuccess; z++) {
        e = set_elements_now(p + z * slice, pitch, (unsigned char)value, 1, width, height);
    }
    return record(e);
}

EXPORT cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
    return set(devPtr, count, count, value, count, 1, 1, NULL, 0);
}

EXPORT cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
    return set(devPtr, count, count, value, count, 1, 1, stream, 1);
}

EXPORT cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
    return set(devPtr, pitch, pitch * height, value, width, height, 1, NULL, 0);
}

EXPORT cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                                     cudaStream_t stream) {
    return set(devPtr, pitch, pitch * height, value, width, height, 1, stream, 1);
}

EXPORT cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
    return set(p.ptr, p.pitch, p.pitch * p.ysize, value, extent.width, extent.height, extent.depth, NULL, 0);
}

EXPORT cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                                     cudaStream_t stream) {
    return set(p.ptr, p.pitch, p.pitch * p.ysize, value, extent.width, extent.height, extent.depth, stream, 1);
}

/* ------------------------------------------------------------------ symbols */

static cudaError_t find_symbol(const void *key, size_t count, size_t offset, struct variable **out) {
    struct variable *v = variable_of(key);
    if (v == NULL) {
        return cudaErrorInvalidSymbol;
    }
    if (offset > variable_size(v) || count > variable_size(v) - offset) {
        return cudaErrorInvalidValue;
    }
    *out = v;
    return cudaSuccess;
}

cudaError_t symbol_copy_now(const struct variable *v, size_t offset, void *memory, size_t count,
                            enum cudaMemcpyKind kind, int to_symbol) {
    if (to_symbol ? kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault
                  : kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    if (variable_mapped(v)) {
        char *address = (char *)variable_address(v) + offset;
        return to_symbol ? copy_now(address, memory, count, kind, 1) : copy_now(memory, address, count, kind, 1);
    }
    if (kind == cudaMemcpyDeviceToDevice && !device_range(memory, count)) {
        return cudaErrorInvalidValue;
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)variable_key(v));
    put_u64(&request, offset);
    if (to_symbol) {
        put_bytes(&request, memory, count);
    } else {
        put_u64(&request, count);
    }
    cudaError_t e = channel_call(to_symbol ? MSG_SYMBOL_WRITE : MSG_SYMBOL_READ, &request, &reply);
    msg_free(&request);
    if (!to_symbol) {
        uint32_t n = 0;
        const unsigned char *bytes = get_bytes(&reply, &n);
        if (e == cudaSuccess && (bytes == NULL || n != count)) {
            e = cudaErrorUnknown;
        }
        if (e == cudaSuccess) {
            memcpy(memory, bytes, count);
            /* into device memory (cudaMemcpyDeviceToDevice): a checked device hears of it as of every copy */
            e = note_host_write(memory, count);
        }
    }
    msg_free(&reply);
    return e;
}

static cudaError_t symbol_copy(const void *key, void *memory, size_t count, size_t offset, enum cudaMemcpyKind kind,
                               int to_symbol, cudaStream_t stream, int async) {
    int capturing;
    cudaError_t e = start(stream, async, &capturing);
    if (e != cudaSuccess) {
        return e;
    }
    struct variable *v = NULL;
    e = find_symbol(key, count, offset, &v);
    if (e != cudaSuccess) {
        return record(capturing ? capture_fail(stream, e) : e);
    }
    if (capturing) {
        cudaGraphNode_t node = node_symbol_copy(v, offset, memory, count, kind, to_symbol, &e);
        return captured(stream, node, e);
    }
    return record(symbol_copy_now(v, offset, memory, count, kind, to_symbol));
}

EXPORT cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind) {
    return symbol_copy(symbol, (void *)src, count, offset, kind, 1, NULL, 0);
}

EXPORT cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                        enum cudaMemcpyKind kind) {
    return symbol_copy(symbol, dst, count, offset, kind, 0, NULL, 0);
}

EXPORT cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                           enum cudaMemcpyKind kind, cudaStream_t stream) {
    return symbol_copy(symbol, (void *)src, count, offset, kind, 1, stream, 1);
}

EXPORT cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                             enum cudaMemcpyKind kind, cudaStream_t stream) {
    return symbol_copy(symbol, dst, count, offset, kind, 0, stream, 1);
}

EXPORT cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
    cudaError_t e = enter();
    struct variable *v = NULL;
    if (e == cudaSuccess) {
        e = record(find_symbol(symbol, 0, 0, &v));
    }
    if (e == cudaSuccess) {
        if (devPtr == NULL) {
            return record(cudaErrorInvalidValue);
        }
        *devPtr = (void *)variable_address(v);
    }
    return e;
}

EXPORT cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
    cudaError_t e = enter();
    struct variable *v = NULL;
    if (e == cudaSuccess) {
        e = record(find_symbol(symbol, 0, 0, &v));
    }
    if (e == cudaSuccess) {
        if (size == NULL) {
            return record(cudaErrorInvalidValue);
        }
        *size = variable_size(v);
    }
    return e;
}

/* ------------------------------------------------------------------ per-thread default stream */

EXPORT cudaError_t cudaMemcpy_ptds(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
    return copy(dst, src, count, kind, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                        cudaStream_t stream) {
    return copy(dst, src, count, kind, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                     size_t height, enum cudaMemcpyKind kind) {
    return copy_2d(dst, dpitch, src, spitch, width, height, kind, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                          size_t height, enum cudaMemcpyKind kind, cudaStream_t stream) {
    return copy_2d(dst, dpitch, src, spitch, width, height, kind, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p) {
    return copy_3d(p, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
    return copy_3d(p, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemset_ptds(void *devPtr, int value, size_t count) {
    return set(devPtr, count, count, value, count, 1, 1, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count, cudaStream_t stream) {
    return set(devPtr, count, count, value, count, 1, 1, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemset2D_ptds(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
    return set(devPtr, pitch, pitch * height, value, width, height, 1, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                                          cudaStream_t stream) {
    return set(devPtr, pitch, pitch * height, value, width, height, 1, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemset3D_ptds(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
    return set(p.ptr, p.pitch, p.pitch * p.ysize, value, extent.width, extent.height, extent.depth,
               cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemset3DAsync_ptsz(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                                          cudaStream_t stream) {
    return set(p.ptr, p.pitch, p.pitch * p.ysize, value, extent.width, extent.height, extent.depth, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpyToSymbol_ptds(const void *symbol, const void *src, size_t count, size_t offset,
                                           enum cudaMemcpyKind kind) {
    return symbol_copy(symbol, (void *)src, count, offset, kind, 1, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpyFromSymbol_ptds(void *dst, const void *symbol, size_t count, size_t offset,
                                             enum cudaMemcpyKind kind) {
    return symbol_copy(symbol, dst, count, offset, kind, 0, cudaStreamPerThread, 0);
}

EXPORT cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src, size_t count, size_t offset,
                                                enum cudaMemcpyKind kind, cudaStream_t stream) {
    return symbol_copy(symbol, (void *)src, count, offset, kind, 1, ptsz(stream), 1);
}

EXPORT cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol, size_t count, size_t offset,
                                                  enum cudaMemcpyKind kind, cudaStream_t stream) {
    return symbol_copy(symbol, dst, count, offset, kind, 0, ptsz(stream), 1);
}
