/*
 * Internals shared by the files of gpumem's libcudart.so.13. The library forwards what the
 * simulator must do (registrations, allocations, launches, synchronisations) to the gpumem
 * process over the channel that process names in GPUMEM_CHANNEL, and does the rest itself:
 * copies and sets between host memory and device memory, which gpumem's shared-memory file
 * maps into this process at the simulator's own global addresses; streams, events, limits and
 * errors. PROTOCOL.md in the bundle describes the channel.
 */
#ifndef GPUMEM_RUNTIME_H
#define GPUMEM_RUNTIME_H

#include <stdint.h>
#include <stddef.h>

#include "cuda_abi.h"

#define EXPORT __attribute__((visibility("default")))
/* Another exported name of the function `target` (the per-thread default stream variants). */
#define ALIAS(name, target) __typeof__(target) name __attribute__((alias(#target), visibility("default")))

/* ------------------------------------------------------------------ channel (channel.c) */

/* Message types; a reply carries the request's type with REPLY set. */
enum message_type {
    MSG_HELLO = 1,
    MSG_REGISTER_MODULE = 2,
    MSG_REGISTER_FUNCTION = 3,
    MSG_REGISTER_VARIABLE = 4,
    MSG_MODULE_END = 5,
    MSG_UNREGISTER_MODULE = 6,
    MSG_FUNCTION_INFO = 7,
    MSG_LAUNCH = 8,
    MSG_ALLOCATE = 9,
    MSG_FREE = 10,
    MSG_SYMBOL_WRITE = 11,
    MSG_SYMBOL_READ = 12,
    MSG_SYNCHRONIZE = 13,
    MSG_UNSUPPORTED = 14,
    MSG_RESET = 15,
    MSG_SET_HEAP_SIZE = 16,
    MSG_OCCUPANCY = 17,
    MSG_AVAILABLE_DYNAMIC_SHARED = 18,
    MSG_POOL_BLOCK = 19,
    MSG_TEXTURE_CREATE = 20,
    MSG_TEXTURE_DESTROY = 21,
    MSG_ARRAY_DESCRIBE = 22,
    MSG_HOST_WRITE = 23,
    MSG_BAD_FREE = 24
};
#define MSG_REPLY 0x8000
#define PROTOCOL_VERSION 7

/* A message being written or a reply being read: little-endian fields in a growable buffer. */
struct message {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t cursor; /* next byte to read */
    int bad;       /* a read ran past the end, or memory ran out */
};

void msg_init(struct message *m);
void msg_free(struct message *m);
void put_u32(struct message *m, uint32_t v);
void put_u64(struct message *m, uint64_t v);
void put_bytes(struct message *m, const void *p, size_t n); /* u32 length, then the bytes */
void put_string(struct message *m, const char *s);
uint32_t get_u32(struct message *m);
uint64_t get_u64(struct message *m);
/* The next length-prefixed field: its bytes stay in m; *length receives the count. */
const unsigned char *get_bytes(struct message *m, uint32_t *length);
/* A length-prefixed field copied into a new NUL-terminated string (free it). */
char *get_string(struct message *m);

/*
 * Sends `request` and reads the reply into `reply` (initialised here), under the channel lock.
 * Returns the reply's status, or cudaErrorUnknown (printing why once) when the channel failed;
 * a failed channel stays failed.
 */
cudaError_t channel_call(enum message_type type, struct message *request, struct message *reply);
/* Connects to gpumem; 0 on success, else prints why and returns -1. */
int channel_open(const char *path);

/* ------------------------------------------------------------------ runtime state (runtime.c) */

/*
 * Connects on first use, maps device memory and reads the device description; returns
 * cudaSuccess or the error every call then returns (the program runs without gpumem, or the
 * channel failed).
 */
cudaError_t runtime_ready(void);
/* The error of a call: records it as the thread's last error (unless success) and returns it. */
cudaError_t record(cudaError_t e);
/* Starts an API call: the sticky error, or the initialisation error, or cudaSuccess. */
cudaError_t enter(void);
/* enter(), then cudaErrorInvalidValue when the call's output pointer is NULL. */
cudaError_t enter_output(const void *out);
/* Makes `e` sticky (a kernel fault): every later call returns it until cudaDeviceReset. */
void set_sticky(cudaError_t e);
/* Replaces the thread's last error, returning the one before (driver calls leave it as it was). */
cudaError_t last_error_swap(cudaError_t e);
void clear_sticky(void);
/* An entry point this library does not implement: tells gpumem (it reports each once). */
cudaError_t unsupported(const char *name);

/* Device memory as mapped into this process. */
extern uintptr_t device_base;
extern size_t device_size;
/* The device-memory file mapped at device_base (file offset 0), kept open to map its pages elsewhere. */
extern int device_fd;

static inline int in_device_window(uintptr_t p) {
    return p >= device_base && p - device_base < device_size;
}

/* The device description gpumem sent: a value by cudaDeviceProp field name, 0 if not sent. */
int64_t device_value(const char *name);
const char *device_name(void);

/* ------------------------------------------------------------------ registry (registry.c) */

struct function;
/* The registered kernel whose host stub is `host_fun`, or the kernel handle itself; NULL if none. */
struct function *function_of(const void *host_fun);
/* Parameter sizes and attributes, asked of gpumem once. Returns cudaSuccess or why not. */
cudaError_t function_info(struct function *f);
const void *function_host_stub(const struct function *f);
uint32_t function_param_count(const struct function *f);
const uint32_t *function_param_sizes(const struct function *f);
const struct cudaFuncAttributes *function_attributes(const struct function *f);
/* The attributes cudaFuncSetAttribute changes (maxDynamicSharedSizeBytes, preferredShmemCarveout). */
struct cudaFuncAttributes *function_attributes_to_set(struct function *f);
/* The kernel's mangled name, known once function_info succeeded. */
const char *function_name(const struct function *f);
/* The load status of the function's module (cudaSuccess when it loaded). */
cudaError_t function_module_status(const struct function *f);

/* A registered __device__ / __constant__ / __managed__ variable by its host shadow's address. */
struct variable;
struct variable *variable_of(const void *host_var);
uint64_t variable_size(const struct variable *v);
/* Its device address: in the mapped device memory, or in the simulator's generic window onto a
   module's const bank for __constant__ variables (not mapped here: copies go through gpumem). */
uintptr_t variable_address(const struct variable *v);
int variable_mapped(const struct variable *v);
const void *variable_key(const struct variable *v);

/* ------------------------------------------------------------------ memory (memory.c) */

/*
 * Allocations this process knows (runtime ones and module variables), for bounds checks; the
 * kinds are also those of gpumem's ALLOCATE and FREE messages (ALLOC_VARIABLE is only known here;
 * pool blocks and graph memory are device memory to copies, managed pools' blocks managed memory).
 */
enum allocation_kind {
    ALLOC_DEVICE = 0,
    ALLOC_MANAGED = 1,
    ALLOC_HOST = 2,
    ALLOC_POOL = 3,
    ALLOC_GRAPH = 4,
    ALLOC_POOL_MANAGED = 5,
    ALLOC_ARRAY = 6,
    ALLOC_VARIABLE = 7,
    ALLOC_CONDITION = 8 /* a conditional handle's value: the runtime's own, not the program's memory */
};
void allocation_add(uintptr_t address, size_t size, enum allocation_kind kind);
/* Forgets the allocation at address if its kind is one of `kinds` (bits); whether it was there. */
int remove_allocation(uintptr_t address, int kinds);
/* The kind of the allocation holding [p, p + n), or -1 when no single allocation holds it. */
int allocation_find(uintptr_t p, size_t n);
/* The same, with that allocation's start and size. */
int allocation_bounds(uintptr_t p, size_t n, uintptr_t *start, size_t *size);
/* Forgets the advice and prefetches of a managed allocation being freed (managed.c). */
void managed_forget(uintptr_t start);
/* Allocates device memory through gpumem (ALLOCATE) and adds it here. */
cudaError_t allocation_request(size_t size, enum allocation_kind kind, const char *entry, void *caller,
                               uintptr_t *address);
/* Frees it in gpumem (FREE); the caller removed it here. */
cudaError_t allocation_release(uintptr_t address, enum allocation_kind kind);
/*
 * Tells gpumem that a pool block was handed out for `requested` bytes (in_use; at most the block's
 * size: a kept block may be larger than the request) or given back to its pool (requested 0)
 * (POOL_BLOCK).
 */
void allocation_describe(uintptr_t address, int in_use, size_t requested, const char *entry, void *caller);
void allocations_clear_runtime(void);
/* Gives registered host memory back to the program (cudaDeviceReset). */
void registrations_clear(void);

/* Waits for the device (gpumem) and writes the device printf output it holds to stdout. */
cudaError_t synchronize(void);
/* The same where CUDA flushes printf output but does not synchronise: only if a launch left some. */
void flush_device_output(void);
void note_device_output(uint32_t pending);

/* ------------------------------------------------------------------ streams (stream.c) */

struct capture;

struct CUstream_st {
    unsigned int flags;
    int priority;
    unsigned long long id;
    /* Stream capture (graph.c): the capture sequence the stream takes part in, or NULL, and the
       nodes the next captured work depends on. */
    struct capture *capture;
    cudaGraphNode_t *deps;
    cudaGraphEdgeData *dep_edges; /* ndeps zeroed entries, for cudaStreamGetCaptureInfo */
    size_t ndeps, cdeps;
};

struct CUevent_st {
    unsigned int flags;
    int recorded;
    uint64_t time;
    /* Recorded in a capturing stream: the capture's id (0 when not) and the nodes it stands for. */
    unsigned long long capture_id;
    cudaGraphNode_t *deps;
    size_t ndeps;
};

/* A set of live handles (streams, events, graphs...): a handle the program passes is used only
   if it is one of them. */
struct handles {
    void **items;
    size_t count, capacity;
};
int handle_add(struct handles *set, void *h);
int handle_live(const struct handles *set, const void *h);
/* Removes h; whether it was there. */
int handle_remove(struct handles *set, const void *h);

/* Whether `s` is the default stream or a live stream of this process. */
int stream_valid(cudaStream_t s);
/* The stream's state: its own, the calling thread's for cudaStreamPerThread, NULL for the legacy
   default stream (NULL, cudaStreamLegacy). */
struct CUstream_st *stream_state(cudaStream_t s);
/* Whether work on `s` waits for the legacy default stream (streams made without cudaStreamNonBlocking). */
int stream_blocking(const struct CUstream_st *s);
int event_valid(cudaEvent_t e);
/* The stream an entry point of the per-thread default stream (_ptsz, _ptds) means by `s`. */
static inline cudaStream_t ptsz(cudaStream_t s) {
    return s == NULL ? cudaStreamPerThread : s;
}
/* Records the event now, at the current device time. */
void event_record_now(cudaEvent_t e);
/* Simulated device time, advanced by each launch. */
void device_clock_advance(uint64_t nanoseconds);

/* ------------------------------------------------------------------ launches (launch.c) */

/* Launch attribute ids are below this (cudaLaunchAttributeID of CUDA 13). */
#define CUDA_LAUNCH_ATTRIBUTE_IDS 17

#define LAUNCH_COOPERATIVE 1u
#define LAUNCH_GRAPH 2u /* a graph's kernel node (gpumem says so in its reports) */
/*
 * Runs a kernel on the simulator (validated here: function, stream, dynamic shared memory,
 * arguments; grid and block by gpumem), the one path of <<<>>>, cudaLaunchKernel* and graph
 * kernel nodes. `flags`: LAUNCH_COOPERATIVE, LAUNCH_GRAPH.
 */
cudaError_t kernel_launch(struct function *f, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream,
                          unsigned int flags);
/* What a launch attribute asks of a launch: 0 to ignore it, LAUNCH_COOPERATIVE, or -1 when gpumem
   cannot honour it (*refused names it). */
int launch_attribute_flags(const cudaLaunchAttribute *a, const char **refused);
/* Blocks of blockSize threads using `shared` dynamic bytes that one multiprocessor holds. */

/* ------------------------------------------------------------------ copies (copy.c) */

/* A 3D copy between pitched memory, checked: what cudaMemcpy3D does, without capture. */
cudaError_t copy_3d_now(const struct cudaMemcpy3DParms *p, int blocking);
/* cudaMemset2D with 1-, 2- or 4-byte elements (a memset node), checked. */
cudaError_t set_elements_now(void *dst, size_t pitch, unsigned int value, unsigned int elementSize, size_t width,
                             size_t height);
/* A copy with CUDA arrays (textures.c) as the same copy between pitched memory, checked. */
cudaError_t array_copy_params(const struct cudaMemcpy3DParms *p, struct cudaMemcpy3DParms *out);
/* A copy to (to_symbol) or from a module variable, as cudaMemcpyToSymbol / FromSymbol do. */
cudaError_t symbol_copy_now(const struct variable *v, size_t offset, void *memory, size_t count,
                            enum cudaMemcpyKind kind, int to_symbol);

/* The runtime's own entry points other files of it call. */
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream);

/* ------------------------------------------------------------------ stream capture (graph.c) */

/*
 * Asks what happens to work enqueued on `stream`: cudaSuccess with *node_out == NULL when it runs
 * now; cudaSuccess with *capturing set when it is to be captured (the caller makes the node and
 * calls capture_append); or the error of an invalid use (a capture invalidated before, the
 * legacy stream while a blocking stream captures), after which the caller returns it.
 */
cudaError_t capture_check(cudaStream_t stream, int *capturing);
/* Appends a node to the stream's capture graph, after the stream's dependencies; it becomes them. */
cudaError_t capture_append(cudaStream_t stream, cudaGraphNode_t node);
/* Marks the capture of `stream` (if any) invalid: an enqueue on it failed. Returns e. */
cudaError_t capture_fail(cudaStream_t stream, cudaError_t e);
/* The error of a potentially unsafe call (cudaMalloc, cudaFree, synchronous copies...) made now by
   this thread, as the capture modes say; cudaSuccess when it may proceed. */
cudaError_t capture_unsafe_call(void);
/* The error of synchronizing the device or the legacy stream while streams capture, else cudaSuccess. */
cudaError_t capture_device_sync(void);
/* The error of querying or synchronizing `stream` / an event recorded in a capture. */
cudaError_t capture_stream_sync(cudaStream_t stream);
cudaError_t capture_event_sync(cudaEvent_t event);
/* Stream and event operations during capture (stream.c calls them when capture_check says so). */
cudaError_t capture_event_record(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
cudaError_t capture_wait_event(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
/* A stream being destroyed leaves its capture, which becomes invalid. */
void capture_stream_destroyed(struct CUstream_st *s);

/* Nodes of captured work (graph.c); NULL with *e set on failure. */
cudaGraphNode_t node_kernel(struct function *f, dim3 grid, dim3 block, unsigned int shared, void **args,
                            const cudaLaunchAttribute *attrs, unsigned int nattrs, cudaError_t *e);
cudaGraphNode_t node_copy(const struct cudaMemcpy3DParms *p, cudaError_t *e);
cudaGraphNode_t node_copy_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaError_t *e);
cudaGraphNode_t node_symbol_copy(const struct variable *v, size_t offset, void *memory, size_t count,
                                 enum cudaMemcpyKind kind, int to_symbol, cudaError_t *e);
cudaGraphNode_t node_memset(const struct cudaMemsetParams *p, cudaError_t *e);
cudaGraphNode_t node_host(cudaHostFn_t fn, void *data, cudaError_t *e);
cudaGraphNode_t node_empty(cudaError_t *e);
cudaGraphNode_t node_mem_alloc(size_t bytes, cudaMemPool_t pool, void **dptr, const char *entry, void *caller,
                               cudaError_t *e);
cudaGraphNode_t node_mem_free(void *dptr, cudaError_t *e);

/* ------------------------------------------------------------------ memory pools (pool.c) */

/*
 * Graph memory (allocation nodes): an allocation node reserves its device memory when it is made,
 * at an address that stays its own while any graph or executable graph holds the node (retain /
 * release count those); launching the node allocates it, a free node or cudaFree frees it again.
 */
cudaError_t graph_memory_reserve(size_t bytes, cudaMemPool_t pool, void **dptr, const char *entry, void *caller);
void graph_memory_retain(void *dptr);
void graph_memory_release(void *dptr);
int graph_memory_known(const void *dptr);
void graph_memory_allocated(void *dptr);
void graph_memory_freed(void *dptr);
/* Whether p is a pool block or graph memory (cudaFree frees those as cudaFreeAsync does). */
int pool_owns(const void *p);
cudaError_t pool_free(void *p, const char *entry, void *caller);

/*
 * A checked device (HELLO's flag 1) hears of the program's writes to device memory through the
 * runtime (copies and sets: initcheck) and of frees the runtime refuses (memcheck); otherwise
 * these send nothing.
 */
int device_checked(void);
/* cudaSuccess, or the error of telling gpumem (its checks missed the write), which the copy or set returns. */
cudaError_t note_host_write(const void *p, size_t n);
void note_bad_free(const void *p, enum allocation_kind kind, const char *entry, void *caller);
/* At a synchronisation: each pool releases what it keeps beyond its release threshold. */
void pools_release_to_thresholds(void);
/* cudaDeviceReset: the pools forget their blocks (gpumem freed them). */
void pools_reset(void);

#endif
