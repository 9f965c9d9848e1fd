/*
 * Managed memory as on a current GPU (concurrentManagedAccess = 1): host code and kernels reach
 * the same bytes of gpumem's device-memory file at the same addresses, coherent at every call,
 * so nothing ever migrates. What the program tells the runtime about a range (cudaMemAdvise) and
 * where it last prefetched it (cudaMemPrefetchAsync) are kept per page and answered by
 * cudaMemRangeGetAttribute(s) as CUDA defines them; stream attachment is checked and kept.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

/* A location as kept per page: a cudaMemLocationType (0: none) and its id. */
struct place {
    signed char type;
    int id;
};

struct page {
    unsigned char read_mostly;
    unsigned char accessed_by; /* bit 0: device 0, bit 1: the host */
    struct place preferred, prefetched;
};

/* The pages of one managed allocation that advice or a prefetch touched. */
struct range {
    uintptr_t start;
    size_t size;
    struct page *pages;
    struct range *next;
};

static pthread_mutex_t managed_lock = PTHREAD_MUTEX_INITIALIZER;
static struct range *ranges;

static size_t page_size(void) {
    static size_t size;
    if (size == 0) {
        long s = sysconf(_SC_PAGESIZE);
        size = s > 0 ? (size_t)s : 4096;
    }
    return size;
}

void managed_forget(uintptr_t start) {
    pthread_mutex_lock(&managed_lock);
    for (struct range **r = &ranges; *r != NULL; r = &(*r)->next) {
        if ((*r)->start == start) {
            struct range *gone = *r;
            *r = gone->next;
            free(gone->pages);
            free(gone);
            break;
        }
    }
    pthread_mutex_unlock(&managed_lock);
}

/*
 * The managed allocation holding [p, p + count) (count 0: the byte at p), its range record made
 * if `make`, and the first and last page of the span: cudaSuccess, or cudaErrorInvalidValue when
 * the span is not inside one managed allocation. Lock held.
 */
static cudaError_t span(const void *p, size_t count, int make, struct range **out, size_t *first, size_t *last) {
    uintptr_t start = 0;
    size_t size = 0;
    if (p == NULL || count == 0 || allocation_bounds((uintptr_t)p, count, &start, &size) != ALLOC_MANAGED) {
        return cudaErrorInvalidValue;
    }
    struct range *r = ranges;
    while (r != NULL && r->start != start) {
        r = r->next;
    }
    if (r != NULL && r->size != size) {
        return cudaErrorInvalidValue; /* cannot happen: managed_forget runs at every free */
    }
    size_t pages = (size + page_size() - 1) / page_size();
    if (r == NULL && make) {
        r = calloc(1, sizeof *r);
        struct page *all = calloc(pages, sizeof *all);
        if (r == NULL || all == NULL) {
            free(r);
            free(all);
            return cudaErrorMemoryAllocation;
        }
        *r = (struct range){start, size, all, ranges};
        ranges = r;
    }
    *out = r;
    *first = ((uintptr_t)p - start) / page_size();
    *last = ((uintptr_t)p - start + count - 1) / page_size();
    return cudaSuccess;
}

/* A location the program names: the device, the host, or a host NUMA node; else an error. */
static cudaError_t place_of(struct cudaMemLocation location, struct place *out) {
    switch (location.type) {
    case cudaMemLocationTypeDevice:
        if (location.id != 0) {
            return cudaErrorInvalidDevice;
        }
        *out = (struct place){cudaMemLocationTypeDevice, 0};
        return cudaSuccess;
    case cudaMemLocationTypeHost:
    case cudaMemLocationTypeHostNumaCurrent:
        *out = (struct place){cudaMemLocationTypeHost, 0};
        return cudaSuccess;
    case cudaMemLocationTypeHostNuma:
        if (location.id < 0) {
            return cudaErrorInvalidValue;
        }
        *out = (struct place){cudaMemLocationTypeHostNuma, location.id};
        return cudaSuccess;
    default:
        return cudaErrorInvalidValue;
    }
}

/* ------------------------------------------------------------------ prefetch */

static cudaError_t prefetch(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags,
                            cudaStream_t stream) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    struct place to;
    e = flags != 0 ? cudaErrorInvalidValue : place_of(location, &to);
    if (e != cudaSuccess) {
        return record(e);
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e != cudaSuccess) {
        return record(e);
    }
    pthread_mutex_lock(&managed_lock);
    struct range *r;
    size_t first, last;
    e = span(devPtr, count, !capturing, &r, &first, &last);
    if (e == cudaSuccess && !capturing) {
        for (size_t i = first; i <= last; i++) {
            r->pages[i].prefetched = to;
        }
    }
    pthread_mutex_unlock(&managed_lock);
    if (capturing) {
        /* the data is where every processor sees it already: the node only keeps the stream's order */
        cudaGraphNode_t node = e == cudaSuccess ? node_empty(&e) : NULL;
        return record(node == NULL ? capture_fail(stream, e) : capture_append(stream, node));
    }
    return record(e);
}

EXPORT cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                        unsigned int flags, cudaStream_t stream) {
    return prefetch(devPtr, count, location, flags, stream);
}

EXPORT cudaError_t cudaMemPrefetchAsync_ptsz(const void *devPtr, size_t count, struct cudaMemLocation location,
                                             unsigned int flags, cudaStream_t stream) {
    return prefetch(devPtr, count, location, flags, ptsz(stream));
}

static cudaError_t prefetch_batch(void **dptrs, size_t *sizes, size_t count, struct cudaMemLocation *locations,
                                  size_t *locationIndices, size_t numLocations, unsigned long long flags,
                                  cudaStream_t stream) {
    if (count == 0 || dptrs == NULL || sizes == NULL || locations == NULL || locationIndices == NULL ||
        numLocations == 0 || numLocations > count || flags != 0 || locationIndices[0] != 0) {
        return record(cudaErrorInvalidValue);
    }
    /* locations[k] applies from operation locationIndices[k] up to the next index */
    for (size_t k = 0; k < numLocations; k++) {
        size_t end = k + 1 < numLocations ? locationIndices[k + 1] : count;
        if (end <= locationIndices[k] || end > count) {
            return record(cudaErrorInvalidValue);
        }
        for (size_t i = locationIndices[k]; i < end; i++) {
            cudaError_t e = prefetch(dptrs[i], sizes[i], locations[k], 0, stream);
            if (e != cudaSuccess) {
                return e;
            }
        }
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaMemPrefetchBatchAsync(void **dptrs, size_t *sizes, size_t count,
                                             struct cudaMemLocation *prefetchLocs, size_t *prefetchLocIdxs,
                                             size_t numPrefetchLocs, unsigned long long flags, cudaStream_t stream) {
    return prefetch_batch(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags, stream);
}

EXPORT cudaError_t cudaMemPrefetchBatchAsync_ptsz(void **dptrs, size_t *sizes, size_t count,
                                                  struct cudaMemLocation *prefetchLocs, size_t *prefetchLocIdxs,
                                                  size_t numPrefetchLocs, unsigned long long flags,
                                                  cudaStream_t stream) {
    return prefetch_batch(dptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags, ptsz(stream));
}

/* ------------------------------------------------------------------ advice */

EXPORT cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                                 struct cudaMemLocation location) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct place at = {0, 0};
    if (advice == cudaMemAdviseSetPreferredLocation || advice == cudaMemAdviseSetAccessedBy ||
        advice == cudaMemAdviseUnsetAccessedBy) {
        e = place_of(location, &at);
    } else if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy) {
        e = cudaErrorInvalidValue;
    }
    if (e != cudaSuccess) {
        return record(e);
    }
    unsigned char who = at.type == cudaMemLocationTypeDevice ? 1 : 2;
    pthread_mutex_lock(&managed_lock);
    struct range *r;
    size_t first, last;
    e = span(devPtr, count, 1, &r, &first, &last);
    for (size_t i = first; e == cudaSuccess && i <= last; i++) {
        struct page *g = &r->pages[i];
        switch (advice) {
        case cudaMemAdviseSetReadMostly:
            g->read_mostly = 1;
            break;
        case cudaMemAdviseUnsetReadMostly:
            g->read_mostly = 0;
            break;
        case cudaMemAdviseSetPreferredLocation:
            g->preferred = at;
            break;
        case cudaMemAdviseUnsetPreferredLocation:
            g->preferred = (struct place){0, 0};
            break;
        case cudaMemAdviseSetAccessedBy:
            g->accessed_by |= who;
            break;
        case cudaMemAdviseUnsetAccessedBy:
            g->accessed_by &= (unsigned char)~who;
            break;
        }
    }
    pthread_mutex_unlock(&managed_lock);
    return record(e);
}

/* The legacy device-id form of a location: the device's ordinal, cudaCpuDeviceId for the host. */
static int device_id(struct place p) {
    return p.type == cudaMemLocationTypeDevice ? 0 : p.type == 0 ? cudaInvalidDeviceId : cudaCpuDeviceId;
}

/* The location every page of [first, last] has (prefetched or preferred), or type 0 when they differ. */
static struct place common(const struct range *r, size_t first, size_t last, int prefetched) {
    if (r == NULL) {
        return (struct place){0, 0};
    }
    struct place p = prefetched ? r->pages[first].prefetched : r->pages[first].preferred;
    for (size_t i = first + 1; i <= last; i++) {
        struct place q = prefetched ? r->pages[i].prefetched : r->pages[i].preferred;
        if (q.type != p.type || q.id != p.id) {
            return (struct place){0, 0};
        }
    }
    return p;
}

static cudaError_t range_attribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attribute,
                                   const struct range *r, size_t first, size_t last) {
    if (data == NULL || (attribute != cudaMemRangeAttributeAccessedBy && dataSize != 4) ||
        (attribute == cudaMemRangeAttributeAccessedBy && (dataSize == 0 || dataSize % 4 != 0))) {
        return cudaErrorInvalidValue;
    }
    int *out = data;
    switch (attribute) {
    case cudaMemRangeAttributeReadMostly: {
        int all = r != NULL;
        for (size_t i = first; all && i <= last; i++) {
            all = r->pages[i].read_mostly;
        }
        *out = all;
        return cudaSuccess;
    }
    case cudaMemRangeAttributeAccessedBy: {
        /* the devices (and the host) with the advice set on the whole range, then cudaInvalidDeviceId */
        unsigned char all = r != NULL ? 3 : 0;
        for (size_t i = first; all && i <= last; i++) {
            all &= r->pages[i].accessed_by;
        }
        size_t n = dataSize / 4, k = 0;
        if ((all & 1) && k < n) {
            out[k++] = 0;
        }
        if ((all & 2) && k < n) {
            out[k++] = cudaCpuDeviceId;
        }
        while (k < n) {
            out[k++] = cudaInvalidDeviceId;
        }
        return cudaSuccess;
    }
    case cudaMemRangeAttributePreferredLocation:
        *out = device_id(common(r, first, last, 0));
        return cudaSuccess;
    case cudaMemRangeAttributeLastPrefetchLocation:
        *out = device_id(common(r, first, last, 1));
        return cudaSuccess;
    case cudaMemRangeAttributePreferredLocationType:
        *out = common(r, first, last, 0).type;
        return cudaSuccess;
    case cudaMemRangeAttributeLastPrefetchLocationType:
        *out = common(r, first, last, 1).type;
        return cudaSuccess;
    case cudaMemRangeAttributePreferredLocationId:
    case cudaMemRangeAttributeLastPrefetchLocationId: {
        struct place p = common(r, first, last, attribute == cudaMemRangeAttributeLastPrefetchLocationId);
        /* an id only means something for a device or a host NUMA node */
        *out = p.type == cudaMemLocationTypeDevice || p.type == cudaMemLocationTypeHostNuma ? p.id : cudaInvalidDeviceId;
        return cudaSuccess;
    }
    default:
        return cudaErrorInvalidValue;
    }
}

EXPORT cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attribute,
                                            const void *devPtr, size_t count) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&managed_lock);
    struct range *r;
    size_t first, last;
    e = span(devPtr, count, 0, &r, &first, &last);
    if (e == cudaSuccess) {
        e = range_attribute(data, dataSize, attribute, r, first, last);
    }
    pthread_mutex_unlock(&managed_lock);
    return record(e);
}

EXPORT cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes, enum cudaMemRangeAttribute *attributes,
                                             size_t numAttributes, const void *devPtr, size_t count) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (numAttributes == 0 || data == NULL || dataSizes == NULL || attributes == NULL) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&managed_lock);
    struct range *r;
    size_t first, last;
    e = span(devPtr, count, 0, &r, &first, &last);
    for (size_t i = 0; e == cudaSuccess && i < numAttributes; i++) {
        e = range_attribute(data[i], dataSizes[i], attributes[i], r, first, last);
    }
    pthread_mutex_unlock(&managed_lock);
    return record(e);
}

/* ------------------------------------------------------------------ stream attachment */

/*
 * With concurrent managed access every stream, and the host, may touch managed memory at any
 * time, so an attachment only restricts what a program promises; it is checked as CUDA checks
 * it. Stream capture cannot record it (the Programming Guide names it among the calls a
 * capturing stream refuses).
 */
EXPORT cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e == cudaSuccess && capturing) {
        e = capture_fail(stream, cudaErrorStreamCaptureUnsupported);
    }
    if (e != cudaSuccess) {
        return record(e);
    }
    if ((flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle) ||
        (flags == cudaMemAttachSingle && stream_state(stream) == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    uintptr_t start = 0;
    size_t size = 0;
    if (allocation_bounds((uintptr_t)devPtr, 1, &start, &size) != ALLOC_MANAGED || start != (uintptr_t)devPtr ||
        (length != 0 && length != size)) {
        return record(cudaErrorInvalidValue); /* the whole of a managed allocation */
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaStreamAttachMemAsync_ptsz(cudaStream_t stream, void *devPtr, size_t length,
                                                 unsigned int flags) {
    return cudaStreamAttachMemAsync(ptsz(stream), devPtr, length, flags);
}
