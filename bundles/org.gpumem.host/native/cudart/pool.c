/*
 * Stream-ordered allocation (cudaMallocAsync, cudaFreeAsync) from memory pools, and graph memory.
 *
 * A pool hands out blocks of device memory that gpumem allocated for it. cudaFreeAsync gives a
 * block back to its pool, which keeps it (its reserved memory) for later allocations of that
 * pool; at each synchronisation the pool releases what it keeps beyond its release threshold
 * (cudaMemPoolAttrReleaseThreshold, 0 by default), and cudaMemPoolTrimTo releases on request. Work
 * runs in program order here, so an allocation made after a free in any stream may reuse the
 * block: every reuse policy holds. gpumem hears of each change (POOL_BLOCK), so that its views
 * show a block as the program's allocation or as the pool's reserve; a kept block handed out again
 * may be up to twice the request, and gpumem hears the bytes asked for, past which memcheck reports
 * an access as past the end of the block.
 *
 * Pinned pools (the device's default pool, cudaMemPoolCreate's with allocation type pinned) live
 * on the device only: this library makes none at a host location and grants no host access
 * (cudaMemPoolSetAccess takes device locations only), so host code writes their blocks through
 * copies and sets alone, and gpumem follows them byte by byte (ALLOCATE kind 3). A managed pool's
 * blocks are managed memory, which host code writes directly (kind 5).
 *
 * Graph memory (allocation nodes, cudaMallocAsync during stream capture) has its address from the
 * node's creation on and keeps it while a graph or executable graph holds the node; it counts as
 * allocated from the node's launch to a free node, cudaFree or cudaFreeAsync.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct block {
    uintptr_t address;
    size_t size;
    int in_use;
};

struct CUmemPoolHandle_st {
    struct cudaMemPoolProps props;
    uint64_t release_threshold;
    int reuse_follow_event_dependencies, reuse_allow_opportunistic, reuse_allow_internal_dependencies;
    uint64_t reserved, reserved_high, used, used_high;
    struct block *blocks;
    size_t count, capacity;
    int destroyed; /* cudaMemPoolDestroy came while blocks were in use: it goes with the last */
    struct CUmemPoolHandle_st *next;
};

struct graph_block {
    uintptr_t address;
    size_t size;
    unsigned int holders; /* graphs and executable graphs holding the allocation node */
    int allocated;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct CUmemPoolHandle_st default_pool = {
    .props = {cudaMemAllocationTypePinned, cudaMemHandleTypeNone, {cudaMemLocationTypeDevice, 0}, NULL, 0, 0, {0}},
    .reuse_follow_event_dependencies = 1,
    .reuse_allow_opportunistic = 1,
    .reuse_allow_internal_dependencies = 1,
};
static struct CUmemPoolHandle_st *pools = &default_pool; /* every live pool */
static struct CUmemPoolHandle_st *current_pool = &default_pool;  /* cudaDeviceSetMemPool */
static struct CUmemPoolHandle_st *current_managed_pool;         /* cudaMemSetMemPool(managed) */
static struct graph_block *graph_blocks;
static size_t graph_count, graph_capacity;
static uint64_t graph_used, graph_used_high, graph_reserved_high;

static int pool_live(cudaMemPool_t pool) {
    for (struct CUmemPoolHandle_st *p = pools; p != NULL; p = p->next) {
        if (p == pool && !p->destroyed) {
            return 1;
        }
    }
    return 0;
}

static enum allocation_kind block_kind(const struct CUmemPoolHandle_st *p) {
    return p->props.allocType == cudaMemAllocationTypeManaged ? ALLOC_POOL_MANAGED : ALLOC_POOL;
}

static void note(uint64_t *current, uint64_t *high, int64_t change) {
    *current += (uint64_t)change;
    if (*current > *high) {
        *high = *current;
    }
}

/* The block at address p of any pool, or NULL; lock held. */
static struct block *block_at(uintptr_t p, struct CUmemPoolHandle_st **pool) {
    for (struct CUmemPoolHandle_st *q = pools; q != NULL; q = q->next) {
        for (size_t i = 0; i < q->count; i++) {
            if (q->blocks[i].address == p) {
                *pool = q;
                return &q->blocks[i];
            }
        }
    }
    return NULL;
}

static struct graph_block *graph_block_at(uintptr_t p) {
    for (size_t i = 0; i < graph_count; i++) {
        if (graph_blocks[i].address == p) {
            return &graph_blocks[i];
        }
    }
    return NULL;
}

/* Releases the pool's unused blocks, largest first, until it keeps at most `keep` bytes; lock held. */
static void trim(struct CUmemPoolHandle_st *p, uint64_t keep) {
    while (p->reserved > keep) {
        size_t best = p->count;
        for (size_t i = 0; i < p->count; i++) {
            if (!p->blocks[i].in_use && (best == p->count || p->blocks[i].size > p->blocks[best].size)) {
                best = i;
            }
        }
        if (best == p->count) {
            return;
        }
        struct block b = p->blocks[best];
        p->blocks[best] = p->blocks[--p->count];
        p->reserved -= b.size;
        remove_allocation(b.address, 1 << ALLOC_POOL | 1 << ALLOC_MANAGED);
        allocation_release(b.address, block_kind(p));
    }
}

/* Unlinks and frees a destroyed pool that holds nothing any more; lock held. */
static void forget_if_done(struct CUmemPoolHandle_st *p) {
    if (!p->destroyed || p->count > 0 || p == &default_pool) {
        return;
    }
    struct CUmemPoolHandle_st **at = &pools;
    while (*at != p) {
        at = &(*at)->next;
    }
    *at = p->next;
    free(p->blocks);
    free(p);
}

void pools_release_to_thresholds(void) {
    pthread_mutex_lock(&pool_lock);
    for (struct CUmemPoolHandle_st *p = pools; p != NULL; p = p->next) {
        trim(p, p->release_threshold);
    }
    pthread_mutex_unlock(&pool_lock);
}

void pools_reset(void) {
    pthread_mutex_lock(&pool_lock);
    for (struct CUmemPoolHandle_st *p = pools; p != NULL; p = p->next) {
        p->count = 0;
        p->reserved = p->used = 0;
    }
    graph_count = 0;
    graph_used = 0;
    pthread_mutex_unlock(&pool_lock);
}

static int grow_blocks(struct CUmemPoolHandle_st *p) {
    size_t c = p->capacity ? 2 * p->capacity : 16;
    struct block *b = realloc(p->blocks, c * sizeof *b);
    if (b == NULL) {
        return 0;
    }
    p->blocks = b;
    p->capacity = c;
    return 1;
}

/* A block of at least size bytes from pool p for the program: a kept one or a new one. */
static cudaError_t pool_allocate(struct CUmemPoolHandle_st *p, size_t size, const char *entry, void *caller,
                                 void **ptr) {
    pthread_mutex_lock(&pool_lock);
    /* the smallest kept block that fits without wasting more than the request */
    size_t best = p->count;
    for (size_t i = 0; i < p->count; i++) {
        struct block *b = &p->blocks[i];
        if (!b->in_use && b->size >= size && b->size / 2 <= size &&
            (best == p->count || b->size < p->blocks[best].size)) {
            best = i;
        }
    }
    cudaError_t e = cudaSuccess;
    if (best < p->count) {
        struct block *b = &p->blocks[best];
        b->in_use = 1;
        note(&p->used, &p->used_high, (int64_t)b->size);
        *ptr = (void *)b->address;
        allocation_describe(b->address, 1, size, entry, caller);
    } else if (p->props.maxSize != 0 && p->reserved + size > p->props.maxSize) {
        e = cudaErrorMemoryAllocation;
    } else if (p->count == p->capacity && !grow_blocks(p)) {
        e = cudaErrorMemoryAllocation;
    } else {
        uintptr_t address = 0;
        e = allocation_request(size, block_kind(p), entry, caller, &address);
        if (e == cudaSuccess) {
            p->blocks[p->count++] = (struct block){address, size, 1};
            note(&p->reserved, &p->reserved_high, (int64_t)size);
            note(&p->used, &p->used_high, (int64_t)size);
            *ptr = (void *)address;
        }
    }
    pthread_mutex_unlock(&pool_lock);
    return e;
}

int pool_owns(const void *ptr) {
    pthread_mutex_lock(&pool_lock);
    struct CUmemPoolHandle_st *p;
    int owned = block_at((uintptr_t)ptr, &p) != NULL || graph_block_at((uintptr_t)ptr) != NULL;
    pthread_mutex_unlock(&pool_lock);
    return owned;
}

cudaError_t pool_free(void *ptr, const char *entry, void *caller) {
    pthread_mutex_lock(&pool_lock);
    struct CUmemPoolHandle_st *p = NULL;
    struct block *b = block_at((uintptr_t)ptr, &p);
    struct graph_block *g = b == NULL ? graph_block_at((uintptr_t)ptr) : NULL;
    cudaError_t e = cudaSuccess;
    if (b != NULL && b->in_use) {
        b->in_use = 0;
        p->used -= b->size;
        allocation_describe(b->address, 0, 0, entry, caller);
        if (p->destroyed) {
            trim(p, 0);
            forget_if_done(p);
        }
    } else if (g != NULL && g->allocated) {
        g->allocated = 0;
        graph_used -= g->size;
    } else {
        e = cudaErrorInvalidValue; /* not allocated: freed twice, or never handed out */
    }
    pthread_mutex_unlock(&pool_lock);
    if (e != cudaSuccess) {
        note_bad_free(ptr, ALLOC_POOL, entry, caller);
    }
    return e;
}

/* ------------------------------------------------------------------ stream-ordered allocation */

static cudaError_t malloc_async(void **ptr, size_t size, struct CUmemPoolHandle_st *pool, cudaStream_t stream,
                                const char *entry, void *caller) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (ptr == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e != cudaSuccess) {
        return record(e);
    }
    if (size == 0) {
        return record(capturing ? capture_fail(stream, cudaErrorInvalidValue) : cudaErrorInvalidValue);
    }
    if (capturing) {
        /* an allocation node: its address is known now, its memory is allocated when the graph runs */
        cudaGraphNode_t node = node_mem_alloc(size, pool, ptr, entry, caller, &e);
        return record(node == NULL ? capture_fail(stream, e) : capture_append(stream, node));
    }
    return record(pool_allocate(pool, size, entry, caller, ptr));
}

EXPORT cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream) {
    pthread_mutex_lock(&pool_lock);
    struct CUmemPoolHandle_st *pool = current_pool;
    pthread_mutex_unlock(&pool_lock);
    return malloc_async(devPtr, size, pool, hStream, "cudaMallocAsync", __builtin_return_address(0));
}

EXPORT cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    pthread_mutex_lock(&pool_lock);
    int live = pool_live(memPool);
    pthread_mutex_unlock(&pool_lock);
    if (!live) {
        return record(cudaErrorInvalidValue);
    }
    return malloc_async(ptr, size, memPool, stream, "cudaMallocFromPoolAsync", __builtin_return_address(0));
}

EXPORT cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(hStream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    int capturing = 0;
    e = capture_check(hStream, &capturing);
    if (e != cudaSuccess) {
        return record(e);
    }
    if (capturing) {
        cudaGraphNode_t node = node_mem_free(devPtr, &e);
        return record(node == NULL ? capture_fail(hStream, e) : capture_append(hStream, node));
    }
    if (devPtr == NULL) {
        return cudaSuccess;
    }
    if (pool_owns(devPtr)) {
        return record(pool_free(devPtr, "cudaFreeAsync", __builtin_return_address(0)));
    }
    /* memory of cudaMalloc, freed in stream order: its work has finished */
    if (!remove_allocation((uintptr_t)devPtr, 1 << ALLOC_DEVICE)) {
        note_bad_free(devPtr, ALLOC_DEVICE, "cudaFreeAsync", __builtin_return_address(0));
        return record(cudaErrorInvalidValue);
    }
    return record(allocation_release((uintptr_t)devPtr, ALLOC_DEVICE));
}

EXPORT cudaError_t cudaMallocAsync_ptsz(void **devPtr, size_t size, cudaStream_t hStream) {
    pthread_mutex_lock(&pool_lock);
    struct CUmemPoolHandle_st *pool = current_pool;
    pthread_mutex_unlock(&pool_lock);
    return malloc_async(devPtr, size, pool, ptsz(hStream), "cudaMallocAsync", __builtin_return_address(0));
}

EXPORT cudaError_t cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    return cudaMallocFromPoolAsync(ptr, size, memPool, ptsz(stream));
}

EXPORT cudaError_t cudaFreeAsync_ptsz(void *devPtr, cudaStream_t hStream) {
    return cudaFreeAsync(devPtr, ptsz(hStream));
}

/* ------------------------------------------------------------------ pools */

static int device_location(const struct cudaMemLocation *l) {
    return l->type == cudaMemLocationTypeDevice && l->id == 0;
}

EXPORT cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (memPool == NULL || poolProps == NULL) {
        return record(cudaErrorInvalidValue);
    }
    int pinned = poolProps->allocType == cudaMemAllocationTypePinned && device_location(&poolProps->location);
    int managed = poolProps->allocType == cudaMemAllocationTypeManaged;
    if (!pinned && !managed) {
        return record(poolProps->allocType == cudaMemAllocationTypePinned ? cudaErrorNotSupported
                                                                           : cudaErrorInvalidValue);
    }
    if (poolProps->handleTypes & ~(unsigned)cudaMemHandleTypePosixFileDescriptor) {
        return record(cudaErrorNotSupported);
    }
    struct CUmemPoolHandle_st *p = calloc(1, sizeof *p);
    if (p == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    p->props = *poolProps;
    p->reuse_follow_event_dependencies = p->reuse_allow_opportunistic = p->reuse_allow_internal_dependencies = 1;
    pthread_mutex_lock(&pool_lock);
    p->next = pools;
    pools = p;
    pthread_mutex_unlock(&pool_lock);
    *memPool = p;
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    if (!pool_live(memPool) || memPool == &default_pool) {
        pthread_mutex_unlock(&pool_lock);
        return record(cudaErrorInvalidValue);
    }
    /* blocks still in use keep the pool until they are freed, as CUDA defers the destruction */
    memPool->destroyed = 1;
    if (current_pool == memPool) {
        current_pool = &default_pool;
    }
    if (current_managed_pool == memPool) {
        current_managed_pool = NULL;
    }
    trim(memPool, 0);
    forget_if_done(memPool);
    pthread_mutex_unlock(&pool_lock);
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    int live = pool_live(memPool);
    if (live) {
        trim(memPool, minBytesToKeep);
    }
    pthread_mutex_unlock(&pool_lock);
    return live ? cudaSuccess : record(cudaErrorInvalidValue);
}

static cudaError_t pool_attribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value, int set) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (value == NULL) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&pool_lock);
    e = pool_live(memPool) ? cudaSuccess : cudaErrorInvalidValue;
    struct CUmemPoolHandle_st *p = memPool;
    int *flag = NULL;
    uint64_t *number = NULL;
    int read_only = 0, resettable = 0;
    if (e == cudaSuccess) {
        switch (attr) {
        case cudaMemPoolReuseFollowEventDependencies:
            flag = &p->reuse_follow_event_dependencies;
            break;
        case cudaMemPoolReuseAllowOpportunistic:
            flag = &p->reuse_allow_opportunistic;
            break;
        case cudaMemPoolReuseAllowInternalDependencies:
            flag = &p->reuse_allow_internal_dependencies;
            break;
        case cudaMemPoolAttrReleaseThreshold:
            number = &p->release_threshold;
            break;
        case cudaMemPoolAttrReservedMemCurrent:
            number = &p->reserved;
            read_only = 1;
            break;
        case cudaMemPoolAttrReservedMemHigh:
            number = &p->reserved_high;
            resettable = 1;
            break;
        case cudaMemPoolAttrUsedMemCurrent:
            number = &p->used;
            read_only = 1;
            break;
        case cudaMemPoolAttrUsedMemHigh:
            number = &p->used_high;
            resettable = 1;
            break;
        default:
            e = cudaErrorInvalidValue;
        }
    }
    if (e == cudaSuccess && !set) {
        if (flag != NULL) {
            *(int *)value = *flag;
        } else {
            *(uint64_t *)value = *number;
        }
    } else if (e == cudaSuccess) {
        if (flag != NULL) {
            *flag = *(int *)value != 0;
        } else if (read_only) {
            e = cudaErrorInvalidValue;
        } else if (resettable) {
            /* the high-water marks can only be reset: to the current amount */
            if (*(uint64_t *)value != 0) {
                e = cudaErrorInvalidValue;
            } else {
                *number = number == &p->reserved_high ? p->reserved : p->used;
            }
        } else {
            *number = *(uint64_t *)value;
        }
    }
    pthread_mutex_unlock(&pool_lock);
    return record(e);
}

EXPORT cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) {
    return pool_attribute(memPool, attr, value, 1);
}

EXPORT cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) {
    return pool_attribute(memPool, attr, value, 0);
}

/* The one device reads and writes every pool's memory; there is no peer to grant access to. */
EXPORT cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList, size_t count) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    int live = pool_live(memPool);
    pthread_mutex_unlock(&pool_lock);
    if (!live || (count > 0 && descList == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < count; i++) {
        if (!device_location(&descList[i].location)) {
            return record(cudaErrorInvalidDevice);
        }
        if (descList[i].flags != cudaMemAccessFlagsProtReadWrite) {
            return record(cudaErrorInvalidValue); /* the owning device keeps read-write access */
        }
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                        struct cudaMemLocation *location) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    int live = pool_live(memPool);
    pthread_mutex_unlock(&pool_lock);
    if (!live || flags == NULL || location == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (!device_location(location)) {
        return record(cudaErrorInvalidDevice);
    }
    *flags = cudaMemAccessFlagsProtReadWrite;
    return cudaSuccess;
}

static cudaError_t check_device_zero(int device) {
    cudaError_t e = enter();
    if (e == cudaSuccess && device != 0) {
        e = record(cudaErrorInvalidDevice);
    }
    return e;
}

EXPORT cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) {
    cudaError_t e = check_device_zero(device);
    if (e == cudaSuccess && memPool == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        *memPool = &default_pool;
    }
    return e;
}

EXPORT cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) {
    cudaError_t e = check_device_zero(device);
    if (e == cudaSuccess && memPool == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        pthread_mutex_lock(&pool_lock);
        *memPool = current_pool;
        pthread_mutex_unlock(&pool_lock);
    }
    return e;
}

EXPORT cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
    cudaError_t e = check_device_zero(device);
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    int ok = pool_live(memPool) && memPool->props.allocType == cudaMemAllocationTypePinned;
    if (ok) {
        current_pool = memPool;
    }
    pthread_mutex_unlock(&pool_lock);
    return ok ? cudaSuccess : record(cudaErrorInvalidValue);
}

/* CUDA 13's pools by location and allocation type: the device's pinned pool, or a managed pool. */
static cudaError_t location_pool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
                                 cudaMemPool_t **slot, cudaMemPool_t *fallback) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (location == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (type == cudaMemAllocationTypePinned && device_location(location)) {
        *slot = &current_pool;
        *fallback = &default_pool;
        return cudaSuccess;
    }
    if (type == cudaMemAllocationTypeManaged) {
        *slot = &current_managed_pool;
        *fallback = NULL;
        return cudaSuccess;
    }
    return record(cudaErrorNotSupported);
}

EXPORT cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                                            enum cudaMemAllocationType type) {
    cudaMemPool_t *slot, fallback;
    cudaError_t e = location_pool(location, type, &slot, &fallback);
    if (e == cudaSuccess && memPool == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess && fallback == NULL) {
        /* the managed default pool is made on first use */
        struct cudaMemPoolProps props = {cudaMemAllocationTypeManaged, cudaMemHandleTypeNone, *location, NULL, 0, 0, {0}};
        static cudaMemPool_t managed_default;
        pthread_mutex_lock(&pool_lock);
        cudaMemPool_t made = managed_default;
        pthread_mutex_unlock(&pool_lock);
        if (made == NULL && (e = cudaMemPoolCreate(&made, &props)) == cudaSuccess) {
            pthread_mutex_lock(&pool_lock);
            managed_default = made;
            pthread_mutex_unlock(&pool_lock);
        }
        fallback = made;
    }
    if (e == cudaSuccess) {
        *memPool = fallback;
    }
    return e;
}

EXPORT cudaError_t cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                                     enum cudaMemAllocationType type) {
    cudaMemPool_t *slot, fallback;
    cudaError_t e = location_pool(location, type, &slot, &fallback);
    if (e == cudaSuccess && memPool == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    cudaMemPool_t current = *slot;
    pthread_mutex_unlock(&pool_lock);
    if (current == NULL) {
        return cudaMemGetDefaultMemPool(memPool, location, type);
    }
    *memPool = current;
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
                                     cudaMemPool_t memPool) {
    cudaMemPool_t *slot, fallback;
    cudaError_t e = location_pool(location, type, &slot, &fallback);
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    int ok = pool_live(memPool) && memPool->props.allocType == type;
    if (ok) {
        *slot = memPool;
    }
    pthread_mutex_unlock(&pool_lock);
    return ok ? cudaSuccess : record(cudaErrorInvalidValue);
}

/* ------------------------------------------------------------------ graph memory */

cudaError_t graph_memory_reserve(size_t bytes, cudaMemPool_t pool, void **dptr, const char *entry, void *caller) {
    (void)pool;
    uintptr_t address = 0;
    cudaError_t e = allocation_request(bytes, ALLOC_GRAPH, entry, caller, &address);
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&pool_lock);
    if (graph_count == graph_capacity) {
        struct graph_block *grown = realloc(graph_blocks, (graph_capacity ? 2 * graph_capacity : 16) * sizeof *grown);
        if (grown == NULL) {
            pthread_mutex_unlock(&pool_lock);
            remove_allocation(address, 1 << ALLOC_GRAPH);
            allocation_release(address, ALLOC_GRAPH);
            return cudaErrorMemoryAllocation;
        }
        graph_blocks = grown;
        graph_capacity = graph_capacity ? 2 * graph_capacity : 16;
    }
    graph_blocks[graph_count++] = (struct graph_block){address, bytes, 1, 0};
    uint64_t reserved = 0;
    for (size_t i = 0; i < graph_count; i++) {
        reserved += graph_blocks[i].size;
    }
    graph_reserved_high = reserved > graph_reserved_high ? reserved : graph_reserved_high;
    pthread_mutex_unlock(&pool_lock);
    *dptr = (void *)address;
    return cudaSuccess;
}

void graph_memory_retain(void *dptr) {
    pthread_mutex_lock(&pool_lock);
    struct graph_block *g = graph_block_at((uintptr_t)dptr);
    if (g != NULL) {
        g->holders++;
    }
    pthread_mutex_unlock(&pool_lock);
}

void graph_memory_release(void *dptr) {
    pthread_mutex_lock(&pool_lock);
    struct graph_block *g = graph_block_at((uintptr_t)dptr);
    int gone = g != NULL && --g->holders == 0;
    if (gone) {
        if (g->allocated) {
            graph_used -= g->size;
        }
        *g = graph_blocks[--graph_count];
    }
    pthread_mutex_unlock(&pool_lock);
    if (gone && remove_allocation((uintptr_t)dptr, 1 << ALLOC_GRAPH)) {
        allocation_release((uintptr_t)dptr, ALLOC_GRAPH);
    }
}

int graph_memory_known(const void *dptr) {
    pthread_mutex_lock(&pool_lock);
    int known = graph_block_at((uintptr_t)dptr) != NULL;
    pthread_mutex_unlock(&pool_lock);
    return known;
}

void graph_memory_allocated(void *dptr) {
    pthread_mutex_lock(&pool_lock);
    struct graph_block *g = graph_block_at((uintptr_t)dptr);
    if (g != NULL && !g->allocated) {
        g->allocated = 1;
        note(&graph_used, &graph_used_high, (int64_t)g->size);
    }
    pthread_mutex_unlock(&pool_lock);
}

void graph_memory_freed(void *dptr) {
    pthread_mutex_lock(&pool_lock);
    struct graph_block *g = graph_block_at((uintptr_t)dptr);
    if (g != NULL && g->allocated) {
        g->allocated = 0;
        graph_used -= g->size;
    }
    pthread_mutex_unlock(&pool_lock);
}

/* Graph memory stays reserved while graphs hold it: trimming has nothing it may release. */
EXPORT cudaError_t cudaDeviceGraphMemTrim(int device) {
    return check_device_zero(device);
}

static cudaError_t graph_attribute(int device, enum cudaGraphMemAttributeType attr, void *value, int set) {
    cudaError_t e = check_device_zero(device);
    if (e != cudaSuccess) {
        return e;
    }
    if (value == NULL) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&pool_lock);
    uint64_t reserved = 0;
    for (size_t i = 0; i < graph_count; i++) {
        reserved += graph_blocks[i].size;
    }
    uint64_t *high = attr == cudaGraphMemAttrUsedMemHigh ? &graph_used_high
                     : attr == cudaGraphMemAttrReservedMemHigh ? &graph_reserved_high
                                                               : NULL;
    if (set) {
        /* only the high-water marks can be set, and only to 0: reset to the current amount */
        if (high == NULL || *(uint64_t *)value != 0) {
            e = cudaErrorInvalidValue;
        } else {
            *high = high == &graph_used_high ? graph_used : reserved;
        }
    } else {
        switch (attr) {
        case cudaGraphMemAttrUsedMemCurrent:
            *(uint64_t *)value = graph_used;
            break;
        case cudaGraphMemAttrReservedMemCurrent:
            *(uint64_t *)value = reserved;
            break;
        case cudaGraphMemAttrUsedMemHigh:
        case cudaGraphMemAttrReservedMemHigh:
            *(uint64_t *)value = *high;
            break;
        default:
            e = cudaErrorInvalidValue;
        }
    }
    pthread_mutex_unlock(&pool_lock);
    return record(e);
}

EXPORT cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value) {
    return graph_attribute(device, attr, value, 0);
}

EXPORT cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value) {
    return graph_attribute(device, attr, value, 1);
}
