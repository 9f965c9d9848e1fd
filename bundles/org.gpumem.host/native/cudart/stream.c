/*
 * Streams and events. Every launch and copy has finished when its call returns, so work runs in
 * program order on every stream, a stream or event is always complete, and waits and callbacks
 * need nothing more. Time is simulated: each launch advances the device clock by the time gpumem
 * computes from the instructions the kernel executed; copies take no simulated time.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

static struct handles streams, events;
static unsigned long long next_stream_id = 3; /* 0..2: the legacy, default and per-thread streams */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t device_clock;
/* The calling thread's per-thread default stream (cudaStreamPerThread): blocking, capturable. */
static __thread struct CUstream_st per_thread = {0, 0, 2, NULL, NULL, NULL, 0, 0};

int handle_add(struct handles *set, void *h) {
    pthread_mutex_lock(&lock);
    int ok = 1;
    if (set->count == set->capacity) {
        size_t c = set->capacity ? 2 * set->capacity : 16;
        void **items = realloc(set->items, c * sizeof *items);
        if (items == NULL) {
            ok = 0;
        } else {
            set->items = items;
            set->capacity = c;
        }
    }
    if (ok) {
        set->items[set->count++] = h;
    }
    pthread_mutex_unlock(&lock);
    return ok;
}

static size_t find(const struct handles *set, const void *h) {
    size_t i = 0;
    while (i < set->count && set->items[i] != h) {
        i++;
    }
    return i;
}

int handle_live(const struct handles *set, const void *h) {
    pthread_mutex_lock(&lock);
    int live = h != NULL && find(set, h) < set->count;
    pthread_mutex_unlock(&lock);
    return live;
}

int handle_remove(struct handles *set, const void *h) {
    pthread_mutex_lock(&lock);
    size_t i = h == NULL ? set->count : find(set, h);
    int live = i < set->count;
    if (live) {
        set->items[i] = set->items[--set->count];
    }
    pthread_mutex_unlock(&lock);
    return live;
}

void device_clock_advance(uint64_t nanoseconds) {
    __atomic_add_fetch(&device_clock, nanoseconds, __ATOMIC_SEQ_CST);
}

int stream_valid(cudaStream_t s) {
    return s == NULL || s == cudaStreamLegacy || s == cudaStreamPerThread || handle_live(&streams, s);
}

struct CUstream_st *stream_state(cudaStream_t s) {
    return s == NULL || s == cudaStreamLegacy ? NULL : s == cudaStreamPerThread ? &per_thread : s;
}

int stream_blocking(const struct CUstream_st *s) {
    return s != NULL && !(s->flags & cudaStreamNonBlocking);
}

int event_valid(cudaEvent_t e) {
    return handle_live(&events, e);
}

void event_record_now(cudaEvent_t event) {
    event->time = __atomic_load_n(&device_clock, __ATOMIC_SEQ_CST);
    event->recorded = 1;
    event->capture_id = 0;
}

/* ------------------------------------------------------------------ streams */

EXPORT cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (pStream == NULL || flags > cudaStreamNonBlocking) {
        return record(cudaErrorInvalidValue);
    }
    struct CUstream_st *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    s->flags = flags;
    s->priority = priority;
    s->id = __atomic_fetch_add(&next_stream_id, 1, __ATOMIC_SEQ_CST);
    if (!handle_add(&streams, s)) {
        free(s);
        return record(cudaErrorMemoryAllocation);
    }
    *pStream = s;
    return cudaSuccess;
}

EXPORT cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) {
    return cudaStreamCreateWithPriority(pStream, flags, 0);
}

EXPORT cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
    return cudaStreamCreateWithPriority(pStream, 0, 0);
}

EXPORT cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!handle_remove(&streams, stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    capture_stream_destroyed(stream);
    free(stream->deps);
    free(stream->dep_edges);
    free(stream);
    return cudaSuccess;
}

static cudaError_t check_stream(cudaStream_t stream) {
    cudaError_t e = enter();
    if (e == cudaSuccess && !stream_valid(stream)) {
        e = record(cudaErrorInvalidResourceHandle);
    }
    return e;
}

EXPORT cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
    cudaError_t e = check_stream(stream);
    if (e == cudaSuccess) {
        e = capture_stream_sync(stream);
    }
    return e != cudaSuccess ? record(e) : record(synchronize());
}

/* Every stream's work is complete when its call returns: a stream is idle, unless it captures. */
EXPORT cudaError_t cudaStreamQuery(cudaStream_t stream) {
    cudaError_t e = check_stream(stream);
    return e != cudaSuccess ? e : record(capture_stream_sync(stream));
}

EXPORT cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    cudaError_t e = check_stream(stream);
    if (e == cudaSuccess && (!event_valid(event) || flags > cudaEventWaitExternal)) {
        e = record(event_valid(event) ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
    }
    /* outside capture the event's work has finished: waiting needs nothing more */
    return e != cudaSuccess ? e : record(capture_wait_event(stream, event, flags));
}

EXPORT cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags) {
    cudaError_t e = check_stream(stream);
    if (e == cudaSuccess && flags == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        *flags = stream == NULL || stream == cudaStreamLegacy || stream == cudaStreamPerThread ? 0 : stream->flags;
    }
    return e;
}

EXPORT cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority) {
    cudaError_t e = check_stream(stream);
    if (e == cudaSuccess && priority == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        *priority = stream == NULL || stream == cudaStreamLegacy || stream == cudaStreamPerThread ? 0 : stream->priority;
    }
    return e;
}

EXPORT cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long *streamId) {
    cudaError_t e = check_stream(stream);
    if (e == cudaSuccess && streamId == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        *streamId = stream == NULL ? 0 : stream == cudaStreamLegacy ? 1 : stream == cudaStreamPerThread ? 2 : stream->id;
    }
    return e;
}

EXPORT cudaError_t cudaStreamGetDevice(cudaStream_t stream, int *device) {
    cudaError_t e = check_stream(stream);
    if (e == cudaSuccess && device == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        *device = 0;
    }
    return e;
}

typedef void (*stream_callback)(cudaStream_t stream, cudaError_t status, void *userData);

/* The stream's earlier work is complete, so the callback runs now. Stream capture has no node for
   a callback (CUDA refuses it there; cudaLaunchHostFunc is captured). */
EXPORT cudaError_t cudaStreamAddCallback(cudaStream_t stream, stream_callback callback, void *userData,
                                         unsigned int flags) {
    cudaError_t e = check_stream(stream);
    if (e != cudaSuccess) {
        return e;
    }
    if (callback == NULL || flags != 0) {
        return record(cudaErrorInvalidValue);
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e == cudaSuccess && capturing) {
        e = capture_fail(stream, cudaErrorStreamCaptureUnsupported);
    }
    if (e != cudaSuccess) {
        return record(e);
    }
    callback(stream, cudaSuccess, userData);
    return cudaSuccess;
}

EXPORT cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
    cudaError_t e = check_stream(stream);
    if (e != cudaSuccess) {
        return e;
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e == cudaSuccess && fn == NULL) {
        e = capture_fail(stream, cudaErrorInvalidValue);
    }
    if (e != cudaSuccess) {
        return record(e);
    }
    if (capturing) {
        cudaGraphNode_t node = node_host(fn, userData, &e);
        return record(node == NULL ? capture_fail(stream, e) : capture_append(stream, node));
    }
    fn(userData);
    return cudaSuccess;
}

/* ------------------------------------------------------------------ events */

EXPORT cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (event == NULL || flags > 0x7) {
        return record(cudaErrorInvalidValue);
    }
    struct CUevent_st *ev = calloc(1, sizeof *ev);
    if (ev == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    ev->flags = flags;
    if (!handle_add(&events, ev)) {
        free(ev);
        return record(cudaErrorMemoryAllocation);
    }
    *event = ev;
    return cudaSuccess;
}

EXPORT cudaError_t cudaEventCreate(cudaEvent_t *event) {
    return cudaEventCreateWithFlags(event, 0);
}

EXPORT cudaError_t cudaEventDestroy(cudaEvent_t event) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!handle_remove(&events, event)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    free(event->deps);
    free(event);
    return cudaSuccess;
}

EXPORT cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
    cudaError_t e = check_stream(stream);
    if (e != cudaSuccess) {
        return e;
    }
    if (!event_valid(event)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    if (flags > cudaEventRecordExternal) {
        return record(cudaErrorInvalidValue);
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e != cudaSuccess) {
        return record(e);
    }
    if (capturing) {
        return record(capture_event_record(stream, event, flags));
    }
    event_record_now(event);
    return cudaSuccess;
}

EXPORT cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
    return cudaEventRecordWithFlags(event, stream, 0);
}

EXPORT cudaError_t cudaEventQuery(cudaEvent_t event) {
    cudaError_t e = enter();
    if (e == cudaSuccess && !event_valid(event)) {
        e = record(cudaErrorInvalidResourceHandle);
    }
    return e != cudaSuccess ? e : record(capture_event_sync(event));
}

EXPORT cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    cudaError_t e = cudaEventQuery(event);
    return e != cudaSuccess ? e : record(synchronize());
}

EXPORT cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (ms == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (!event_valid(start) || !event_valid(end) || !start->recorded || !end->recorded ||
        ((start->flags | end->flags) & cudaEventDisableTiming)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    *ms = (float)(((double)end->time - (double)start->time) / 1e6);
    return cudaSuccess;
}

/* With per-thread default streams (nvcc --default-stream per-thread) the _ptsz entry points get
   the stream 0 as the calling thread's default stream. */
EXPORT cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream) {
    return cudaStreamSynchronize(ptsz(stream));
}

EXPORT cudaError_t cudaStreamQuery_ptsz(cudaStream_t stream) {
    return cudaStreamQuery(ptsz(stream));
}

EXPORT cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    return cudaStreamWaitEvent(ptsz(stream), event, flags);
}

EXPORT cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
    return cudaLaunchHostFunc(ptsz(stream), fn, userData);
}

EXPORT cudaError_t cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream) {
    return cudaEventRecord(event, ptsz(stream));
}

EXPORT cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
    return cudaEventRecordWithFlags(event, ptsz(stream), flags);
}

ALIAS(cudaStreamGetFlags_ptsz, cudaStreamGetFlags);
ALIAS(cudaStreamGetPriority_ptsz, cudaStreamGetPriority);
ALIAS(cudaStreamGetId_ptsz, cudaStreamGetId);
ALIAS(cudaStreamGetDevice_ptsz, cudaStreamGetDevice);
ALIAS(cudaStreamAddCallback_ptsz, cudaStreamAddCallback);
