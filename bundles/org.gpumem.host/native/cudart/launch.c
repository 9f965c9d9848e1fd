/*
 * Kernel launches: <<<>>> (nvcc's __cudaPushCallConfiguration / __cudaPopCallConfiguration /
 * __cudaLaunchKernel), cudaLaunchKernel and cudaLaunchKernelExC; kernel attributes and
 * occupancy. gpumem runs each launch to its end before answering, so launches on every stream
 * execute in program order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define MAX_PENDING_CONFIGURATIONS 16

struct configuration {
    dim3 grid, block;
    size_t shared;
    cudaStream_t stream;
};

static __thread struct configuration pending[MAX_PENDING_CONFIGURATIONS];
static __thread int pending_count;

EXPORT unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, void *stream) {
    if (pending_count == MAX_PENDING_CONFIGURATIONS) {
        return 1;
    }
    pending[pending_count++] = (struct configuration){gridDim, blockDim, sharedMem, (cudaStream_t)stream};
    return 0;
}

EXPORT cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, void *stream) {
    if (pending_count == 0) {
        return record(cudaErrorInvalidConfiguration);
    }
    struct configuration c = pending[--pending_count];
    *gridDim = c.grid;
    *blockDim = c.block;
    *sharedMem = c.shared;
    *(cudaStream_t *)stream = c.stream;
    return cudaSuccess;
}

EXPORT cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *hostFun) {
    struct function *f = function_of(hostFun);
    if (kernel == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *kernel = (cudaKernel_t)f;
    return f == NULL ? record(cudaErrorInvalidDeviceFunction) : cudaSuccess;
}

EXPORT cudaError_t cudaGetKernel(cudaKernel_t *kernel, const void *entryFuncAddr) {
    cudaError_t e = enter();
    return e != cudaSuccess ? e : __cudaGetKernel(kernel, entryFuncAddr);
}

/* The error codes of kernel faults, which corrupt the context: they stay (sticky). */
static int is_fault(cudaError_t e) {
    switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchTimeout:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorLaunchFailure:
        return 1;
    default:
        return e == cudaErrorAssert;
    }
}

static cudaError_t ask_occupancy(enum message_type type, const struct function *f, uint32_t count, const size_t *shared,
                                 uint64_t *answer);

cudaError_t kernel_launch(struct function *f, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream,
                          unsigned int flags) {
    if (!stream_valid(stream)) {
        return cudaErrorInvalidResourceHandle;
    }
    cudaError_t e = function_info(f);
    if (e != cudaSuccess) {
        return e;
    }
    /* what a block has without opting in through cudaFuncSetAttribute, or what the kernel opted in to */
    int64_t allowed = function_attributes(f)->maxDynamicSharedSizeBytes;
    int64_t without_opting_in = device_value("sharedMemPerBlock");
    if (shared > (size_t)(allowed > without_opting_in ? allowed : without_opting_in)) {
        return cudaErrorInvalidValue;
    }
    uint32_t n = function_param_count(f);
    const uint32_t *sizes = function_param_sizes(f);
    if (n > 0 && args == NULL) {
        return cudaErrorInvalidValue;
    }
    if (flags & LAUNCH_COOPERATIVE) {
        /* every CTA of a cooperative grid must be resident at once (the grid barrier waits for all) */
        int64_t threads = (int64_t)block.x * block.y * block.z;
        uint64_t per_multiprocessor = 0;
        if (threads > 0 && threads <= function_attributes(f)->maxThreadsPerBlock) {
            e = ask_occupancy(MSG_OCCUPANCY, f, (uint32_t)threads, &shared, &per_multiprocessor);
            if (e != cudaSuccess) {
                return e;
            }
        }
        int64_t most = (int64_t)per_multiprocessor * device_value("multiProcessorCount");
        if ((int64_t)grid.x * grid.y * grid.z > most) {
            return cudaErrorCooperativeLaunchTooLarge;
        }
    }
    flush_device_output();
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)function_host_stub(f));
    put_u32(&request, grid.x);
    put_u32(&request, grid.y);
    put_u32(&request, grid.z);
    put_u32(&request, block.x);
    put_u32(&request, block.y);
    put_u32(&request, block.z);
    put_u64(&request, shared);
    put_u64(&request, (uintptr_t)stream);
    put_u32(&request, flags);
    put_u32(&request, n);
    for (uint32_t i = 0; i < n; i++) {
        put_bytes(&request, args[i], sizes[i]);
    }
    e = channel_call(MSG_LAUNCH, &request, &reply);
    msg_free(&request);
    uint64_t nanoseconds = get_u64(&reply);
    uint32_t output = get_u32(&reply);
    if (!reply.bad) {
        device_clock_advance(nanoseconds);
        note_device_output(output);
    }
    msg_free(&reply);
    if (is_fault(e)) {
        set_sticky(e);
    }
    return e;
}

/* A launch through the runtime API: run now, or captured as a kernel node of the stream's graph. */
static cudaError_t launch(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream,
                          const cudaLaunchAttribute *attrs, unsigned int nattrs, unsigned int flags) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct function *f = function_of(func);
    if (f == NULL) {
        return record(cudaErrorInvalidDeviceFunction);
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    int capturing = 0;
    e = capture_check(stream, &capturing);
    if (e != cudaSuccess) {
        return record(e);
    }
    if (capturing) {
        cudaLaunchAttribute cooperative;
        memset(&cooperative, 0, sizeof cooperative);
        cooperative.id = cudaLaunchAttributeCooperative;
        cooperative.val.cooperative = 1;
        if (nattrs == 0 && (flags & LAUNCH_COOPERATIVE)) {
            attrs = &cooperative; /* cudaLaunchCooperativeKernel: the node carries the attribute */
            nattrs = 1;
        }
        cudaGraphNode_t node = node_kernel(f, grid, block, (unsigned int)shared, args, attrs, nattrs, &e);
        return record(node == NULL ? capture_fail(stream, e) : capture_append(stream, node));
    }
    return record(kernel_launch(f, grid, block, args, shared, stream, flags));
}

EXPORT cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream) {
    return launch(kernel, gridDim, blockDim, args, sharedMem, stream, NULL, 0, 0);
}

EXPORT cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                    cudaStream_t stream) {
    return launch(func, gridDim, blockDim, args, sharedMem, stream, NULL, 0, 0);
}

EXPORT cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                               size_t sharedMem, cudaStream_t stream) {
    return launch(func, gridDim, blockDim, args, sharedMem, stream, NULL, 0, LAUNCH_COOPERATIVE);
}

/*
 * What a launch attribute asks of a launch. Attributes that only say how a GPU may schedule,
 * overlap or cache launches (programmatic stream serialization, which CUB asks for, priorities,
 * L2 access windows, memory sync domains, carveouts, scheduling hints) change nothing where each
 * launch runs to its end before the next starts. A cooperative launch makes every CTA resident at
 * once. A cluster of more than one CTA, and events the launch itself records, would change what
 * the program sees, and gpumem does not model them.
 */
int launch_attribute_flags(const cudaLaunchAttribute *a, const char **refused) {
    switch (a->id) {
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributeProgrammaticStreamSerialization:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributePreferredClusterDimension:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
    case cudaLaunchAttributeNvlinkUtilCentricScheduling:
        return 0;
    case cudaLaunchAttributeCooperative:
        return a->val.cooperative == 0 ? 0 : (int)LAUNCH_COOPERATIVE;
    case cudaLaunchAttributeClusterDimension:
        if (a->val.clusterDim[0] * a->val.clusterDim[1] * a->val.clusterDim[2] <= 1) {
            return 0;
        }
        *refused = "a launch with a cluster of more than one CTA";
        return -1;
    case cudaLaunchAttributeProgrammaticEvent:
        *refused = "a launch with a programmatic event attribute";
        return -1;
    case cudaLaunchAttributeLaunchCompletionEvent:
        *refused = "a launch with a launch completion event attribute";
        return -1;
    default:
        *refused = "a launch with a launch attribute gpumem does not know";
        return -1;
    }
}

EXPORT cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args) {
    if (config == NULL || (config->numAttrs > 0 && config->attrs == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    unsigned int flags = 0;
    for (unsigned int i = 0; i < config->numAttrs; i++) {
        const char *refused = NULL;
        int f = launch_attribute_flags(&config->attrs[i], &refused);
        if (f < 0) {
            return unsupported(refused);
        }
        flags |= (unsigned int)f;
    }
    return launch(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes, config->stream,
                  config->attrs, config->numAttrs, flags);
}

/* ------------------------------------------------------------------ attributes */

static cudaError_t known_function(const void *func, struct function **out) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    struct function *f = function_of(func);
    if (f == NULL) {
        return record(cudaErrorInvalidDeviceFunction);
    }
    e = function_info(f);
    if (e != cudaSuccess) {
        return record(e);
    }
    *out = f;
    return cudaSuccess;
}

EXPORT cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
    if (attr == NULL) {
        return record(cudaErrorInvalidValue);
    }
    struct function *f = NULL;
    cudaError_t e = known_function(func, &f);
    if (e == cudaSuccess) {
        *attr = *function_attributes(f);
    }
    return e;
}

EXPORT cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) {
    struct function *f = NULL;
    cudaError_t e = known_function(func, &f);
    if (e != cudaSuccess) {
        return e;
    }
    struct cudaFuncAttributes *a = function_attributes_to_set(f);
    switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
        if (value < 0 || (int64_t)value + (int64_t)a->sharedSizeBytes > device_value("sharedMemPerBlockOptin")) {
            return record(cudaErrorInvalidValue);
        }
        a->maxDynamicSharedSizeBytes = value;
        return cudaSuccess;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
        /* a preference between L1 and shared memory; the simulator has no L1 to trade */
        if (value < -1 || value > 100) {
            return record(cudaErrorInvalidValue);
        }
        a->preferredShmemCarveout = value;
        return cudaSuccess;
    default:
        return unsupported("cudaFuncSetAttribute with an attribute other than the shared memory size or carveout");
    }
}

EXPORT cudaError_t cudaFuncSetCacheConfig(const void *func, int cacheConfig) {
    struct function *f = NULL;
    cudaError_t e = known_function(func, &f);
    if (e == cudaSuccess && (cacheConfig < 0 || cacheConfig > 3)) {
        e = record(cudaErrorInvalidValue);
    }
    /* like the carveout, a preference: with no L1 to trade, it changes nothing */
    return e;
}

EXPORT cudaError_t cudaFuncGetName(const char **name, const void *func) {
    if (name == NULL) {
        return record(cudaErrorInvalidValue);
    }
    struct function *f = NULL;
    cudaError_t e = known_function(func, &f);
    if (e == cudaSuccess) {
        *name = function_name(f);
    }
    return e;
}

/* ------------------------------------------------------------------ occupancy */

/*
 * The occupancy functions ask gpumem, which counts by the device facts its debugger keeps CTAs
 * resident by (PROTOCOL.md: OCCUPANCY, AVAILABLE_DYNAMIC_SHARED): the library does not count
 * them again. `count` is the block size or the number of blocks; `shared`, when not NULL, the
 * dynamic shared memory; *answer receives the reply's number.
 */
static cudaError_t ask_occupancy(enum message_type type, const struct function *f, uint32_t count, const size_t *shared,
                                 uint64_t *answer) {
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, (uintptr_t)function_host_stub(f));
    put_u32(&request, count);
    if (shared != NULL) {
        put_u64(&request, *shared);
    }
    cudaError_t e = channel_call(type, &request, &reply);
    msg_free(&request);
    *answer = type == MSG_OCCUPANCY ? get_u32(&reply) : get_u64(&reply);
    if (e == cudaSuccess && reply.bad) {
        e = cudaErrorUnknown;
    }
    msg_free(&reply);
    return e;
}

EXPORT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                          int blockSize, size_t dynamicSMemSize,
                                                                          unsigned int flags) {
    struct function *f = NULL;
    cudaError_t e = known_function(func, &f);
    if (e != cudaSuccess) {
        return e;
    }
    if (numBlocks == NULL || flags > 1) {
        return record(cudaErrorInvalidValue);
    }
    if (blockSize <= 0 || blockSize > function_attributes(f)->maxThreadsPerBlock) {
        *numBlocks = 0;
        return cudaSuccess;
    }
    uint64_t blocks = 0;
    e = ask_occupancy(MSG_OCCUPANCY, f, (uint32_t)blockSize, &dynamicSMemSize, &blocks);
    if (e == cudaSuccess) {
        *numBlocks = (int)blocks;
    }
    return record(e);
}

EXPORT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                                 size_t dynamicSMemSize) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, 0);
}

EXPORT cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                             int numBlocks, int blockSize) {
    struct function *f = NULL;
    cudaError_t e = known_function(func, &f);
    if (e != cudaSuccess) {
        return e;
    }
    if (dynamicSmemSize == NULL || numBlocks <= 0 || blockSize <= 0
        || blockSize > function_attributes(f)->maxThreadsPerBlock) {
        return record(cudaErrorInvalidValue);
    }
    uint64_t bytes = 0;
    e = ask_occupancy(MSG_AVAILABLE_DYNAMIC_SHARED, f, (uint32_t)numBlocks, NULL, &bytes);
    if (e == cudaSuccess) {
        *dynamicSmemSize = (size_t)bytes;
    }
    return record(e);
}

EXPORT cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                           size_t sharedMem, cudaStream_t stream) {
    return __cudaLaunchKernel(kernel, gridDim, blockDim, args, sharedMem, ptsz(stream));
}

EXPORT cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                         cudaStream_t stream) {
    return cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, ptsz(stream));
}

EXPORT cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                                    size_t sharedMem, cudaStream_t stream) {
    return cudaLaunchCooperativeKernel(func, gridDim, blockDim, args, sharedMem, ptsz(stream));
}

EXPORT cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config, const void *func, void **args) {
    if (config == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaLaunchConfig_t c = *config;
    c.stream = ptsz(c.stream);
    return cudaLaunchKernelExC(&c, func, args);
}
