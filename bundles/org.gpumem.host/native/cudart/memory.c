/*
 * Memory: gpumem allocates (so the simulator's global memory and this process agree on every
 * allocation); this file keeps the allocations known here, against which copy.c checks device
 * pointers, and writes the device printf output gpumem holds.
 */
#include <execinfo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct allocation {
    uintptr_t address;
    size_t size;
    enum allocation_kind kind;
};

static struct allocation *allocations; /* sorted by address */
static size_t allocation_count, allocation_capacity;
static pthread_mutex_t allocation_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile uint32_t output_pending;

/* Return addresses of an allocating call that gpumem names from the program's symbols. */
#define CALLER_FRAMES 8

/*
 * Writes the return addresses from the allocating entry point's (caller, which is always
 * first) outwards: a call made through the CUDA headers' C++ wrappers (cudaMalloc<T>) returns
 * into the wrapper, and gpumem names the first frame outside them.
 */
static void put_callers(struct message *m, void *caller) {
    void *frames[CALLER_FRAMES + 4];
    int n = backtrace(frames, CALLER_FRAMES + 4);
    int from = 0;
    while (from < n && frames[from] != caller) {
        from++;
    }
    if (from == n) {
        put_u32(m, 1);
        put_u64(m, (uintptr_t)caller);
        return;
    }
    int count = n - from < CALLER_FRAMES ? n - from : CALLER_FRAMES;
    put_u32(m, (uint32_t)count);
    for (int i = 0; i < count; i++) {
        put_u64(m, (uintptr_t)frames[from + i]);
    }
}

/* Index of the first allocation whose address is above p. */
static size_t upper(uintptr_t p) {
    size_t lo = 0, hi = allocation_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (allocations[mid].address <= p) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

void allocation_add(uintptr_t address, size_t size, enum allocation_kind kind) {
    pthread_mutex_lock(&allocation_lock);
    if (allocation_count == allocation_capacity) {
        size_t c = allocation_capacity ? 2 * allocation_capacity : 64;
        struct allocation *a = realloc(allocations, c * sizeof *a);
        if (a == NULL) {
            pthread_mutex_unlock(&allocation_lock);
            return;
        }
        allocations = a;
        allocation_capacity = c;
    }
    size_t at = upper(address);
    memmove(allocations + at + 1, allocations + at, (allocation_count - at) * sizeof *allocations);
    allocations[at] = (struct allocation){address, size, kind};
    allocation_count++;
    pthread_mutex_unlock(&allocation_lock);
}

static int remove_allocation(uintptr_t address, int kinds) {
    pthread_mutex_lock(&allocation_lock);
    size_t at = upper(address);
    int found = at > 0 && allocations[at - 1].address == address && (kinds & (1 << allocations[at - 1].kind));
    if (found) {
        memmove(allocations + at - 1, allocations + at, (allocation_count - at) * sizeof *allocations);
        allocation_count--;
    }
    pthread_mutex_unlock(&allocation_lock);
    return found;
}

int allocation_find(uintptr_t p, size_t n) {
    pthread_mutex_lock(&allocation_lock);
    size_t at = upper(p);
    int kind = -1;
    if (at > 0) {
        struct allocation *a = &allocations[at - 1];
        if (p - a->address < a->size && n <= a->size - (p - a->address)) {
            kind = (int)a->kind;
        }
    }
    pthread_mutex_unlock(&allocation_lock);
    return kind;
}

void allocations_clear_runtime(void) {
    pthread_mutex_lock(&allocation_lock);
    size_t k = 0;
    for (size_t i = 0; i < allocation_count; i++) {
        if (allocations[i].kind == ALLOC_VARIABLE) {
            allocations[k++] = allocations[i];
        }
    }
    allocation_count = k;
    pthread_mutex_unlock(&allocation_lock);
}

static size_t bytes_allocated(void) {
    pthread_mutex_lock(&allocation_lock);
    size_t total = 0;
    for (size_t i = 0; i < allocation_count; i++) {
        total += allocations[i].size;
    }
    pthread_mutex_unlock(&allocation_lock);
    return total;
}

/* ------------------------------------------------------------------ device printf output */

cudaError_t synchronize(void) {
    struct message request, reply;
    msg_init(&request);
    cudaError_t e = channel_call(MSG_SYNCHRONIZE, &request, &reply);
    msg_free(&request);
    uint32_t n = 0;
    const unsigned char *output = get_bytes(&reply, &n);
    if (e == cudaSuccess && output != NULL && n > 0) {
        fflush(stdout);
        fwrite(output, 1, n, stdout);
        fflush(stdout);
    }
    output_pending = 0;
    msg_free(&reply);
    return e;
}

void flush_device_output(void) {
    if (output_pending) {
        synchronize();
    }
}

void note_device_output(uint32_t pending) {
    output_pending = pending;
}

/* ------------------------------------------------------------------ allocation */

static cudaError_t allocate(void **p, size_t size, enum allocation_kind kind, const char *entry, void *caller) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *p = NULL;
    if (size == 0) {
        return cudaSuccess;
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, size);
    put_u32(&request, kind);
    put_callers(&request, caller);
    put_string(&request, entry);
    e = channel_call(MSG_ALLOCATE, &request, &reply);
    uint64_t address = get_u64(&reply);
    if (e == cudaSuccess && (reply.bad || !in_device_window((uintptr_t)address))) {
        e = cudaErrorUnknown;
    }
    msg_free(&request);
    msg_free(&reply);
    if (e == cudaSuccess) {
        allocation_add((uintptr_t)address, size, kind);
        *p = (void *)(uintptr_t)address;
    }
    return record(e);
}

static cudaError_t release(void *p, int kinds, enum allocation_kind kind) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (p == NULL) {
        return cudaSuccess;
    }
    if (!remove_allocation((uintptr_t)p, kinds)) {
        return record(kind == ALLOC_HOST ? cudaErrorInvalidValue : cudaErrorInvalidDevicePointer);
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)p);
    put_u32(&request, kind);
    e = channel_call(MSG_FREE, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    return record(e);
}

EXPORT cudaError_t cudaMalloc(void **devPtr, size_t size) {
    return allocate(devPtr, size, ALLOC_DEVICE, "cudaMalloc", __builtin_return_address(0));
}

EXPORT cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost) {
        return record(cudaErrorInvalidValue);
    }
    return allocate(devPtr, size, ALLOC_MANAGED, "cudaMallocManaged", __builtin_return_address(0));
}

EXPORT cudaError_t cudaMallocHost(void **ptr, size_t size) {
    return allocate(ptr, size, ALLOC_HOST, "cudaMallocHost", __builtin_return_address(0));
}

EXPORT cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) {
    if (flags > 0xf) {
        return record(cudaErrorInvalidValue);
    }
    return allocate(pHost, size, ALLOC_HOST, "cudaHostAlloc", __builtin_return_address(0));
}

/* Rows of pitched allocations start at multiples of this (the simulator's allocation alignment). */
#define PITCH_ALIGNMENT 256

EXPORT cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) {
    if (pitch == NULL) {
        return record(cudaErrorInvalidValue);
    }
    size_t p = (width + PITCH_ALIGNMENT - 1) / PITCH_ALIGNMENT * PITCH_ALIGNMENT;
    cudaError_t e = allocate(devPtr, p * height, ALLOC_DEVICE, "cudaMallocPitch", __builtin_return_address(0));
    if (e == cudaSuccess) {
        *pitch = p;
    }
    return e;
}

EXPORT cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent) {
    if (pitchedDevPtr == NULL) {
        return record(cudaErrorInvalidValue);
    }
    size_t p = (extent.width + PITCH_ALIGNMENT - 1) / PITCH_ALIGNMENT * PITCH_ALIGNMENT;
    void *ptr = NULL;
    cudaError_t e =
        allocate(&ptr, p * extent.height * extent.depth, ALLOC_DEVICE, "cudaMalloc3D", __builtin_return_address(0));
    if (e == cudaSuccess) {
        *pitchedDevPtr = (struct cudaPitchedPtr){ptr, p, extent.width, extent.height};
    }
    return e;
}

EXPORT cudaError_t cudaFree(void *devPtr) {
    return release(devPtr, 1 << ALLOC_DEVICE | 1 << ALLOC_MANAGED, ALLOC_DEVICE);
}

EXPORT cudaError_t cudaFreeHost(void *ptr) {
    return release(ptr, 1 << ALLOC_HOST, ALLOC_HOST);
}

EXPORT cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (pDevice == NULL || flags != 0 || allocation_find((uintptr_t)pHost, 1) != ALLOC_HOST) {
        return record(cudaErrorInvalidValue);
    }
    *pDevice = pHost; /* unified addressing: the same address on host and device */
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemGetInfo(size_t *free, size_t *total) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (free == NULL || total == NULL) {
        return record(cudaErrorInvalidValue);
    }
    size_t all = (size_t)device_value("totalGlobalMem");
    size_t used = bytes_allocated();
    *total = all;
    *free = used < all ? all - used : 0;
    return cudaSuccess;
}

EXPORT cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (attributes == NULL) {
        return record(cudaErrorInvalidValue);
    }
    memset(attributes, 0, sizeof *attributes);
    void *p = (void *)ptr;
    switch (allocation_find((uintptr_t)ptr, 1)) {
    case ALLOC_DEVICE:
    case ALLOC_VARIABLE:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeDevice, 0, p, NULL, {0}};
        break;
    case ALLOC_MANAGED:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeManaged, 0, p, p, {0}};
        break;
    case ALLOC_HOST:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeHost, 0, p, p, {0}};
        break;
    default:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeUnregistered, -2, NULL, p, {0}};
        break;
    }
    return cudaSuccess;
}
