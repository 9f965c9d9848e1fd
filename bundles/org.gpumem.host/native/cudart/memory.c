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
#include <sys/mman.h>
#include <unistd.h>

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

int remove_allocation(uintptr_t address, int kinds) {
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

int allocation_bounds(uintptr_t p, size_t n, uintptr_t *start, size_t *size) {
    pthread_mutex_lock(&allocation_lock);
    size_t at = upper(p);
    int kind = -1;
    if (at > 0) {
        struct allocation *a = &allocations[at - 1];
        if (p - a->address < a->size && n <= a->size - (p - a->address)) {
            kind = (int)a->kind;
            *start = a->address;
            *size = a->size;
        }
    }
    pthread_mutex_unlock(&allocation_lock);
    return kind;
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
    pools_release_to_thresholds();
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

cudaError_t allocation_request(size_t size, enum allocation_kind kind, const char *entry, void *caller,
                               uintptr_t *address) {
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, size);
    put_u32(&request, kind);
    put_callers(&request, caller);
    put_string(&request, entry);
    cudaError_t e = channel_call(MSG_ALLOCATE, &request, &reply);
    uint64_t a = get_u64(&reply);
    if (e == cudaSuccess && (reply.bad || !in_device_window((uintptr_t)a))) {
        e = cudaErrorUnknown;
    }
    msg_free(&request);
    msg_free(&reply);
    if (e == cudaSuccess) {
        allocation_add((uintptr_t)a, size, kind == ALLOC_POOL_MANAGED ? ALLOC_MANAGED : kind);
        *address = (uintptr_t)a;
    }
    return e;
}

cudaError_t allocation_release(uintptr_t address, enum allocation_kind kind) {
    managed_forget(address);
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, address);
    put_u32(&request, kind);
    cudaError_t e = channel_call(MSG_FREE, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    return e;
}

cudaError_t note_host_write(const void *p, size_t n) {
    if (!device_checked() || n == 0 || !in_device_window((uintptr_t)p)) {
        return cudaSuccess;
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)p);
    put_u64(&request, n);
    cudaError_t e = channel_call(MSG_HOST_WRITE, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    return e;
}

void note_bad_free(const void *p, enum allocation_kind kind, const char *entry, void *caller) {
    if (!device_checked()) {
        return;
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)p);
    put_u32(&request, kind);
    put_callers(&request, caller);
    put_string(&request, entry);
    channel_call(MSG_BAD_FREE, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
}

void allocation_describe(uintptr_t address, int in_use, size_t requested, const char *entry, void *caller) {
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, address);
    put_u32(&request, (uint32_t)in_use);
    put_u64(&request, requested);
    put_callers(&request, caller);
    put_string(&request, entry);
    channel_call(MSG_POOL_BLOCK, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
}

static cudaError_t allocate(void **p, size_t size, enum allocation_kind kind, const char *entry, void *caller) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *p = NULL;
    e = capture_unsafe_call();
    if (e != cudaSuccess) {
        return record(e);
    }
    if (size == 0) {
        return cudaSuccess;
    }
    uintptr_t address = 0;
    e = allocation_request(size, kind, entry, caller, &address);
    if (e == cudaSuccess) {
        *p = (void *)address;
    }
    return record(e);
}

static cudaError_t release(void *p, int kinds, enum allocation_kind kind, void *caller) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    e = capture_unsafe_call();
    if (e != cudaSuccess) {
        return record(e);
    }
    if (p == NULL) {
        return cudaSuccess;
    }
    if (kind != ALLOC_HOST && pool_owns(p)) {
        /* cudaFree of stream-ordered or graph memory: as the stream-ordered free, after synchronizing */
        flush_device_output();
        return record(pool_free(p, "cudaFree", caller));
    }
    if (!remove_allocation((uintptr_t)p, kinds)) {
        note_bad_free(p, kind, kind == ALLOC_HOST ? "cudaFreeHost" : "cudaFree", caller);
        return record(kind == ALLOC_HOST ? cudaErrorInvalidValue : cudaErrorInvalidDevicePointer);
    }
    return record(allocation_release((uintptr_t)p, kind));
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
    return release(devPtr, 1 << ALLOC_DEVICE | 1 << ALLOC_MANAGED, ALLOC_DEVICE, __builtin_return_address(0));
}

EXPORT cudaError_t cudaFreeHost(void *ptr) {
    return release(ptr, 1 << ALLOC_HOST, ALLOC_HOST, __builtin_return_address(0));
}

/* ------------------------------------------------------------------ registered host memory */

/*
 * Kernels reach only the shared device-memory file, so cudaHostRegister makes the registered
 * pages pages of that file: a device allocation of their size (and a page more, to align it)
 * takes their bytes, and that part of the file is mapped over them. The program then reads and
 * writes the same bytes at its own addresses, its kernels at the allocation's
 * (cudaHostGetDevicePointer). The host address itself is not a device address here
 * (canUseHostPointerForRegisteredMem is 0, as on systems without that capability).
 * cudaHostUnregister copies the bytes back into private pages.
 */
struct registration {
    uintptr_t host;       /* what the program registered: [host, host + size) */
    size_t size;
    uintptr_t pages;      /* the whole pages holding it, now mapped from the file */
    size_t length;
    uintptr_t window;     /* where the device sees the pages */
    uintptr_t allocation; /* the device allocation holding window */
};

static pthread_mutex_t registration_lock = PTHREAD_MUTEX_INITIALIZER;
static struct registration *registrations;
static size_t registration_count, registration_capacity;

/* The registration whose registered bytes hold p, or NULL; callers hold registration_lock. */
static struct registration *registration_holding(uintptr_t p) {
    for (size_t i = 0; i < registration_count; i++) {
        if (p - registrations[i].host < registrations[i].size) {
            return &registrations[i];
        }
    }
    return NULL;
}

/* Gives pages [pages, pages + length) private memory again with the bytes they hold; 0 on success. */
static int privatize(uintptr_t pages, size_t length) {
    void *copy = malloc(length);
    if (copy == NULL) {
        return -1;
    }
    memcpy(copy, (void *)pages, length);
    void *m = mmap((void *)pages, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (m != MAP_FAILED) {
        memcpy((void *)pages, copy, length);
    }
    free(copy);
    return m == MAP_FAILED ? -1 : 0;
}

EXPORT cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t host = (uintptr_t)ptr;
    if (ptr == NULL || size == 0 || flags > 0xf || host + size < host || host + size > UINTPTR_MAX - page) {
        return record(cudaErrorInvalidValue);
    }
    if (flags & cudaHostRegisterIoMemory) {
        return unsupported("cudaHostRegister(cudaHostRegisterIoMemory)");
    }
    uintptr_t pages = host & ~(uintptr_t)(page - 1);
    size_t length = ((host + size + page - 1) & ~(uintptr_t)(page - 1)) - pages;
    if (allocation_find(host, 1) >= 0 || allocation_find(host + size - 1, 1) >= 0) {
        return record(cudaErrorHostMemoryAlreadyRegistered); /* device memory, or cudaHostAlloc's */
    }
    pthread_mutex_lock(&registration_lock);
    for (size_t i = 0; i < registration_count; i++) {
        struct registration *r = &registrations[i];
        if (host < r->host + r->size && r->host < host + size) {
            pthread_mutex_unlock(&registration_lock);
            return record(cudaErrorHostMemoryAlreadyRegistered);
        }
        if (pages < r->pages + r->length && r->pages < pages + length) {
            /* the page is already the file's, at another device address: one page, one place */
            pthread_mutex_unlock(&registration_lock);
            return unsupported("cudaHostRegister of memory sharing a page with memory registered before");
        }
    }
    if (registration_count == registration_capacity) {
        size_t c = registration_capacity ? 2 * registration_capacity : 16;
        struct registration *grown = realloc(registrations, c * sizeof *grown);
        if (grown == NULL) {
            pthread_mutex_unlock(&registration_lock);
            return record(cudaErrorMemoryAllocation);
        }
        registrations = grown;
        registration_capacity = c;
    }
    void *allocation = NULL;
    e = allocate(&allocation, length + page, ALLOC_HOST, "cudaHostRegister", __builtin_return_address(0));
    if (e != cudaSuccess) {
        pthread_mutex_unlock(&registration_lock);
        return e;
    }
    uintptr_t window = ((uintptr_t)allocation + page - 1) & ~(uintptr_t)(page - 1);
    memcpy((void *)window, (void *)pages, length);
    void *m = mmap((void *)pages, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, device_fd,
                   (off_t)(window - device_base));
    if (m == MAP_FAILED) {
        pthread_mutex_unlock(&registration_lock);
        release(allocation, 1 << ALLOC_HOST, ALLOC_HOST, NULL);
        return record(cudaErrorMemoryAllocation);
    }
    registrations[registration_count++] = (struct registration){host, size, pages, length, window, (uintptr_t)allocation};
    pthread_mutex_unlock(&registration_lock);
    return cudaSuccess;
}

EXPORT cudaError_t cudaHostUnregister(void *ptr) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&registration_lock);
    struct registration *r = registration_holding((uintptr_t)ptr);
    if (ptr == NULL || r == NULL || r->host != (uintptr_t)ptr) {
        pthread_mutex_unlock(&registration_lock);
        return record(cudaErrorHostMemoryNotRegistered);
    }
    flush_device_output();
    if (privatize(r->pages, r->length) != 0) {
        pthread_mutex_unlock(&registration_lock);
        return record(cudaErrorMemoryAllocation);
    }
    void *allocation = (void *)r->allocation;
    *r = registrations[--registration_count];
    pthread_mutex_unlock(&registration_lock);
    return release(allocation, 1 << ALLOC_HOST, ALLOC_HOST, NULL);
}

void registrations_clear(void) {
    pthread_mutex_lock(&registration_lock);
    for (size_t i = 0; i < registration_count; i++) {
        /* the device's allocations are gone: keep the program's bytes in private pages */
        privatize(registrations[i].pages, registrations[i].length);
    }
    registration_count = 0;
    pthread_mutex_unlock(&registration_lock);
}

/* The device address of registered host byte p, or 0 when p is not registered. */
static uintptr_t registered_device_address(uintptr_t p) {
    pthread_mutex_lock(&registration_lock);
    struct registration *r = registration_holding(p);
    uintptr_t d = r == NULL ? 0 : r->window + (p - r->pages);
    pthread_mutex_unlock(&registration_lock);
    return d;
}

EXPORT cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (pDevice == NULL || flags != 0) {
        return record(cudaErrorInvalidValue);
    }
    uintptr_t registered = registered_device_address((uintptr_t)pHost);
    if (registered != 0) {
        *pDevice = (void *)registered;
        return cudaSuccess;
    }
    if (allocation_find((uintptr_t)pHost, 1) != ALLOC_HOST) {
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
    case ALLOC_POOL:
    case ALLOC_GRAPH:
    case ALLOC_ARRAY:
    case ALLOC_VARIABLE:
    case ALLOC_CONDITION:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeDevice, 0, p, NULL, {0}};
        break;
    case ALLOC_MANAGED:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeManaged, 0, p, p, {0}};
        break;
    case ALLOC_HOST:
        *attributes = (struct cudaPointerAttributes){cudaMemoryTypeHost, 0, p, p, {0}};
        break;
    default: {
        uintptr_t registered = registered_device_address((uintptr_t)ptr);
        *attributes = registered != 0
                          ? (struct cudaPointerAttributes){cudaMemoryTypeHost, 0, (void *)registered, p, {0}}
                          : (struct cudaPointerAttributes){cudaMemoryTypeUnregistered, -2, NULL, p, {0}};
        break;
    }
    }
    return cudaSuccess;
}
