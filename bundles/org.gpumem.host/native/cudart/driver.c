/*
 * Driver API entry points that runtime-API programs reach through the runtime
 * (cudaGetDriverEntryPoint, cudaGetDriverEntryPointByVersion, and cuGetProcAddress among the
 * entry points those return). There is no CUDA driver under gpumem: each driver function here is
 * the runtime function that does the same on the simulated device, its result as a CUresult. A
 * symbol gpumem does not implement is reported not found, as the driver reports a symbol it
 * lacks, so the program can tell. The driver calls leave the runtime's last error as it was.
 */
#include <stdint.h>
#include <string.h>

#include "runtime.h"

/* The runtime's entry points the driver functions are made of (defined in the other files). */
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags,
                                 cudaStream_t stream);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
const char *cudaGetErrorString(cudaError_t e);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                        cudaStream_t stream);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;

#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_INVALID_CONTEXT 201
#define CUDA_ERROR_INVALID_HANDLE 400
#define CUDA_ERROR_NOT_FOUND 500

#define CU_GET_PROC_ADDRESS_SUCCESS 0
#define CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND 1
#define CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT 2

/* The device's one (primary) context, current in every thread once the runtime started. */
struct CUctx_st {
    int device;
};
static struct CUctx_st primary = {0};

/* A runtime error as the driver names it: the same numbers, except where the runtime has its own. */
static CUresult cu(cudaError_t e) {
    switch (e) {
    case cudaErrorInvalidConfiguration:
    case cudaErrorInvalidPitchValue:
    case cudaErrorInvalidDevicePointer:
    case cudaErrorInvalidMemcpyDirection:
        return CUDA_ERROR_INVALID_VALUE;
    case cudaErrorInvalidSymbol:
        return CUDA_ERROR_NOT_FOUND;
    case cudaErrorInvalidDeviceFunction:
        return CUDA_ERROR_INVALID_HANDLE;
    default:
        return (CUresult)e;
    }
}

/* Runs a runtime call as a driver call: its result, and the runtime's last error untouched. */
#define DRIVER(call)                                                                                                 \
    do {                                                                                                             \
        cudaError_t saved_ = last_error_swap(cudaSuccess);                                                           \
        cudaError_t e_ = (call);                                                                                     \
        last_error_swap(saved_);                                                                                     \
        return cu(e_);                                                                                               \
    } while (0)

static CUresult cuInit(unsigned int flags) {
    DRIVER(flags != 0 ? cudaErrorInvalidValue : runtime_ready());
}

static CUresult cuDriverGetVersion(int *version) {
    DRIVER(cudaDriverGetVersion(version));
}

static CUresult cuDeviceGet(CUdevice *device, int ordinal) {
    cudaError_t e = runtime_ready();
    if (e == cudaSuccess && device == NULL) {
        e = cudaErrorInvalidValue;
    } else if (e == cudaSuccess && ordinal != 0) {
        e = cudaErrorInvalidDevice;
    }
    if (e == cudaSuccess) {
        *device = 0;
    }
    return cu(e);
}

static CUresult cuDeviceGetCount(int *count) {
    DRIVER(cudaGetDeviceCount(count));
}

static CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
    cudaError_t e = runtime_ready();
    if (e == cudaSuccess && (name == NULL || len <= 0)) {
        e = cudaErrorInvalidValue;
    } else if (e == cudaSuccess && dev != 0) {
        e = cudaErrorInvalidDevice;
    }
    if (e == cudaSuccess) {
        strncpy(name, device_name(), (size_t)len - 1);
        name[len - 1] = 0;
    }
    return cu(e);
}

/* The driver's device attributes have the runtime's numbers. */
static CUresult cuDeviceGetAttribute(int *pi, int attrib, CUdevice dev) {
    DRIVER(cudaDeviceGetAttribute(pi, attrib, dev));
}

static CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) {
    cudaError_t e = runtime_ready();
    if (e == cudaSuccess && bytes == NULL) {
        e = cudaErrorInvalidValue;
    } else if (e == cudaSuccess && dev != 0) {
        e = cudaErrorInvalidDevice;
    }
    if (e == cudaSuccess) {
        *bytes = (size_t)device_value("totalGlobalMem");
    }
    return cu(e);
}

static CUresult cuCtxGetCurrent(CUcontext *pctx) {
    cudaError_t e = runtime_ready();
    if (e == cudaSuccess && pctx == NULL) {
        e = cudaErrorInvalidValue;
    }
    if (e == cudaSuccess) {
        *pctx = &primary;
    }
    return cu(e);
}

static CUresult cuCtxSetCurrent(CUcontext ctx) {
    cudaError_t e = runtime_ready();
    return e != cudaSuccess ? cu(e) : ctx == NULL || ctx == &primary ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

static CUresult cuCtxGetDevice(CUdevice *device) {
    return cuDeviceGet(device, 0);
}

static CUresult cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx) {
    return ctx != NULL && ctx != &primary ? CUDA_ERROR_INVALID_CONTEXT : cuDeviceGet(device, 0);
}

static CUresult cuCtxSynchronize(void) {
    DRIVER(cudaDeviceSynchronize());
}

static CUresult cuCtxSynchronize_v2(CUcontext ctx) {
    if (ctx != NULL && ctx != &primary) {
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    DRIVER(cudaDeviceSynchronize());
}

static CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
    CUresult r = cuDeviceGet(&dev, dev);
    if (r == CUDA_SUCCESS && pctx == NULL) {
        r = CUDA_ERROR_INVALID_VALUE;
    }
    if (r == CUDA_SUCCESS) {
        *pctx = &primary;
    }
    return r;
}

/* The runtime holds the primary context for the process's life: a release changes nothing. */
static CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
    return cuDeviceGet(&dev, dev);
}

static CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
    CUresult r = cuDeviceGet(&dev, dev);
    if (r == CUDA_SUCCESS && (flags == NULL || active == NULL)) {
        r = CUDA_ERROR_INVALID_VALUE;
    }
    if (r == CUDA_SUCCESS) {
        cudaError_t saved = last_error_swap(cudaSuccess);
        cudaGetDeviceFlags(flags);
        last_error_swap(saved);
        *active = 1;
    }
    return r;
}

static CUresult cuStreamGetCtx(cudaStream_t stream, CUcontext *pctx) {
    cudaError_t e = runtime_ready();
    if (e == cudaSuccess && pctx == NULL) {
        e = cudaErrorInvalidValue;
    } else if (e == cudaSuccess && !stream_valid(stream)) {
        e = cudaErrorInvalidResourceHandle;
    }
    if (e == cudaSuccess) {
        *pctx = &primary;
    }
    return cu(e);
}

static CUresult cuStreamGetCtx_v2(cudaStream_t stream, CUcontext *pctx, void **pGreenCtx) {
    CUresult r = cuStreamGetCtx(stream, pctx);
    if (r == CUDA_SUCCESS && pGreenCtx != NULL) {
        *pGreenCtx = NULL; /* no green contexts */
    }
    return r;
}

static CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
    DRIVER(cudaMalloc((void **)dptr, bytesize));
}

static CUresult cuMemFree(CUdeviceptr dptr) {
    DRIVER(cudaFree((void *)(uintptr_t)dptr));
}

static CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags) {
    DRIVER(cudaMallocManaged((void **)dptr, bytesize, flags));
}

static CUresult cuMemAllocHost(void **pp, size_t bytesize) {
    DRIVER(cudaMallocHost(pp, bytesize));
}

static CUresult cuMemFreeHost(void *p) {
    DRIVER(cudaFreeHost(p));
}

static CUresult cuMemGetInfo(size_t *free, size_t *total) {
    DRIVER(cudaMemGetInfo(free, total));
}

static CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t count) {
    DRIVER(cudaMemcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, count, cudaMemcpyDefault));
}

static CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t count, cudaStream_t stream) {
    DRIVER(cudaMemcpyAsync((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, count, cudaMemcpyDefault, stream));
}

static CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t count) {
    DRIVER(cudaMemcpy((void *)(uintptr_t)dst, src, count, cudaMemcpyHostToDevice));
}

static CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t count) {
    DRIVER(cudaMemcpy(dst, (const void *)(uintptr_t)src, count, cudaMemcpyDeviceToHost));
}

static CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t count) {
    DRIVER(cudaMemcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, count, cudaMemcpyDeviceToDevice));
}

static CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t count, cudaStream_t stream) {
    DRIVER(cudaMemcpyAsync((void *)(uintptr_t)dst, src, count, cudaMemcpyHostToDevice, stream));
}

static CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t count, cudaStream_t stream) {
    DRIVER(cudaMemcpyAsync(dst, (const void *)(uintptr_t)src, count, cudaMemcpyDeviceToHost, stream));
}

static CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t count) {
    DRIVER(cudaMemset((void *)(uintptr_t)dst, value, count));
}

static CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count, cudaStream_t stream) {
    DRIVER(cudaMemsetAsync((void *)(uintptr_t)dst, value, count, stream));
}

/* 32-bit words: a memset node's fill, through the graph-free path of a memset node. */
static CUresult memset_words(CUdeviceptr dst, unsigned int value, size_t count, cudaStream_t stream, int async) {
    cudaError_t saved = last_error_swap(cudaSuccess);
    cudaError_t e = enter();
    int capturing = 0;
    if (e == cudaSuccess && !stream_valid(stream)) {
        e = cudaErrorInvalidResourceHandle;
    }
    if (e == cudaSuccess) {
        e = async ? capture_check(stream, &capturing) : capture_stream_sync(stream);
    }
    if (e == cudaSuccess && (dst & 3) != 0) {
        e = cudaErrorInvalidValue;
    }
    if (e == cudaSuccess && capturing) {
        struct cudaMemsetParams p = {(void *)(uintptr_t)dst, 4 * count, value, 4, count, 1};
        cudaGraphNode_t node = node_memset(&p, &e);
        e = node == NULL ? capture_fail(stream, e) : capture_append(stream, node);
    } else if (e == cudaSuccess) {
        e = set_elements_now((void *)(uintptr_t)dst, 4 * count, value, 4, count, 1);
    }
    last_error_swap(saved);
    return cu(e);
}

static CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, size_t count) {
    return memset_words(dst, value, count, NULL, 0);
}

static CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count, cudaStream_t stream) {
    return memset_words(dst, value, count, stream, 1);
}

static CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, cudaStream_t stream) {
    DRIVER(cudaMallocAsync((void **)dptr, bytesize, stream));
}

static CUresult cuMemFreeAsync(CUdeviceptr dptr, cudaStream_t stream) {
    DRIVER(cudaFreeAsync((void *)(uintptr_t)dptr, stream));
}

static CUresult cuMemPrefetchAsync(CUdeviceptr dptr, size_t count, CUdevice device, cudaStream_t stream) {
    struct cudaMemLocation at = device == cudaCpuDeviceId ? (struct cudaMemLocation){cudaMemLocationTypeHost, 0}
                                                          : (struct cudaMemLocation){cudaMemLocationTypeDevice, device};
    DRIVER(cudaMemPrefetchAsync((const void *)(uintptr_t)dptr, count, at, 0, stream));
}

static CUresult cuMemPrefetchAsync_v2(CUdeviceptr dptr, size_t count, struct cudaMemLocation location,
                                      unsigned int flags, cudaStream_t stream) {
    DRIVER(cudaMemPrefetchAsync((const void *)(uintptr_t)dptr, count, location, flags, stream));
}

static CUresult cuMemAdvise(CUdeviceptr dptr, size_t count, int advice, CUdevice device) {
    struct cudaMemLocation at = device == cudaCpuDeviceId ? (struct cudaMemLocation){cudaMemLocationTypeHost, 0}
                                                          : (struct cudaMemLocation){cudaMemLocationTypeDevice, device};
    DRIVER(cudaMemAdvise((const void *)(uintptr_t)dptr, count, (enum cudaMemoryAdvise)advice, at));
}

static CUresult cuMemAdvise_v2(CUdeviceptr dptr, size_t count, int advice, struct cudaMemLocation location) {
    DRIVER(cudaMemAdvise((const void *)(uintptr_t)dptr, count, (enum cudaMemoryAdvise)advice, location));
}

#define CU_POINTER_ATTRIBUTE_CONTEXT 1
#define CU_POINTER_ATTRIBUTE_MEMORY_TYPE 2
#define CU_POINTER_ATTRIBUTE_DEVICE_POINTER 3
#define CU_POINTER_ATTRIBUTE_HOST_POINTER 4
#define CU_POINTER_ATTRIBUTE_IS_MANAGED 8
#define CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL 9
#define CU_POINTER_ATTRIBUTE_RANGE_START_ADDR 11
#define CU_POINTER_ATTRIBUTE_RANGE_SIZE 12
#define CU_POINTER_ATTRIBUTE_MAPPED 13

static CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr ptr) {
    cudaError_t e = runtime_ready();
    if (e != cudaSuccess) {
        return cu(e);
    }
    if (data == NULL) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    uintptr_t start = 0;
    size_t size = 0;
    int kind = allocation_bounds((uintptr_t)ptr, 1, &start, &size);
    if (kind < 0) {
        return CUDA_ERROR_INVALID_VALUE; /* memory the driver does not know */
    }
    switch (attribute) {
    case CU_POINTER_ATTRIBUTE_CONTEXT:
        *(CUcontext *)data = &primary;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
        /* CU_MEMORYTYPE_HOST 1, DEVICE 2: managed memory reports device, as the driver does */
        *(unsigned int *)data = kind == ALLOC_HOST ? 1 : 2;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
        /* one address space: the same number on both sides */
        *(CUdeviceptr *)data = ptr;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
        *(unsigned int *)data = kind == ALLOC_MANAGED;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
        *(int *)data = 0;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
        *(CUdeviceptr *)data = start;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
        *(size_t *)data = size;
        return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_MAPPED:
        *(unsigned int *)data = 1;
        return CUDA_SUCCESS;
    default:
        return CUDA_ERROR_INVALID_VALUE;
    }
}

static CUresult cuStreamCreate(cudaStream_t *stream, unsigned int flags) {
    DRIVER(cudaStreamCreateWithFlags(stream, flags));
}

static CUresult cuStreamDestroy(cudaStream_t stream) {
    DRIVER(cudaStreamDestroy(stream));
}

static CUresult cuStreamSynchronize(cudaStream_t stream) {
    DRIVER(cudaStreamSynchronize(stream));
}

static CUresult cuStreamQuery(cudaStream_t stream) {
    DRIVER(cudaStreamQuery(stream));
}

static CUresult cuEventCreate(cudaEvent_t *event, unsigned int flags) {
    DRIVER(cudaEventCreateWithFlags(event, flags));
}

static CUresult cuEventRecord(cudaEvent_t event, cudaStream_t stream) {
    DRIVER(cudaEventRecord(event, stream));
}

static CUresult cuEventSynchronize(cudaEvent_t event) {
    DRIVER(cudaEventSynchronize(event));
}

static CUresult cuEventDestroy(cudaEvent_t event) {
    DRIVER(cudaEventDestroy(event));
}

static CUresult cuEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
    DRIVER(cudaEventElapsedTime(ms, start, end));
}

static CUresult cuGetErrorString(CUresult error, const char **string) {
    if (string == NULL) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *string = cudaGetErrorString((cudaError_t)error);
    return strcmp(*string, "unrecognized error code") == 0 ? (*string = NULL, CUDA_ERROR_INVALID_VALUE) : CUDA_SUCCESS;
}

/* A CUfunction is what cudaGetFuncBySymbol gives: the runtime's record of a registered kernel. */
static CUresult cuLaunchKernel(void *f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                               unsigned int by, unsigned int bz, unsigned int shared, cudaStream_t stream, void **params,
                               void **extra) {
    if (extra != NULL) {
        return cu(unsupported("cuLaunchKernel with arguments in `extra` (use kernelParams)"));
    }
    DRIVER(cudaLaunchKernel(f, (dim3){gx, gy, gz}, (dim3){bx, by, bz}, params, shared, stream));
}

static CUresult cuLaunchCooperativeKernel(void *f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                                          unsigned int by, unsigned int bz, unsigned int shared, cudaStream_t stream,
                                          void **params) {
    DRIVER(cudaLaunchCooperativeKernel(f, (dim3){gx, gy, gz}, (dim3){bx, by, bz}, params, shared, stream));
}

static CUresult cuFuncGetAttribute(int *pi, int attrib, void *f) {
    struct cudaFuncAttributes a;
    cudaError_t saved = last_error_swap(cudaSuccess);
    cudaError_t e = pi == NULL ? cudaErrorInvalidValue : cudaFuncGetAttributes(&a, f);
    last_error_swap(saved);
    if (e != cudaSuccess) {
        return cu(e);
    }
    switch (attrib) {
    case 0:
        *pi = a.maxThreadsPerBlock;
        return CUDA_SUCCESS;
    case 1:
        *pi = (int)a.sharedSizeBytes;
        return CUDA_SUCCESS;
    case 2:
        *pi = (int)a.constSizeBytes;
        return CUDA_SUCCESS;
    case 3:
        *pi = (int)a.localSizeBytes;
        return CUDA_SUCCESS;
    case 4:
        *pi = a.numRegs;
        return CUDA_SUCCESS;
    case 5:
        *pi = a.ptxVersion;
        return CUDA_SUCCESS;
    case 6:
        *pi = a.binaryVersion;
        return CUDA_SUCCESS;
    case 7:
        *pi = a.cacheModeCA;
        return CUDA_SUCCESS;
    case 8:
        *pi = a.maxDynamicSharedSizeBytes;
        return CUDA_SUCCESS;
    case 9:
        *pi = a.preferredShmemCarveout;
        return CUDA_SUCCESS;
    default:
        return CUDA_ERROR_INVALID_VALUE;
    }
}

static CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) {
    if (version == NULL) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    if (ctx != NULL && ctx != &primary) {
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    int v = 0;
    cudaRuntimeGetVersion(&v);
    *version = (unsigned int)v;
    return CUDA_SUCCESS;
}

static CUresult get_proc_address(const char *symbol, void **pfn, int version, unsigned long long flags, int *status);

static CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, unsigned long long flags) {
    int status;
    return get_proc_address(symbol, pfn, version, flags, &status);
}

static CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version, unsigned long long flags,
                                    int *symbolStatus) {
    int status;
    CUresult r = get_proc_address(symbol, pfn, version, flags, &status);
    if (symbolStatus != NULL) {
        *symbolStatus = status;
    }
    return r;
}

/*
 * The driver functions gpumem has, by name and the CUDA versions whose ABI each implements
 * ([since, until), 0: still current), as cudaTypedefs.h's PFN_<name>_v<version> types version
 * them. Older ABIs (32-bit sizes of CUDA 2, device ids where CUDA 12.2 takes locations) are not
 * there: asking for them finds the symbol with a version that is not sufficient.
 */
static const struct entry {
    const char *name;
    int since, until;
    void *fn;
} entries[] = {
#define E(name, since, until, fn) {name, since, until, (void *)fn}
    E("cuGetProcAddress", 11030, 12000, cuGetProcAddress),
    E("cuGetProcAddress", 12000, 0, cuGetProcAddress_v2),
    E("cuInit", 2000, 0, cuInit),
    E("cuDriverGetVersion", 2020, 0, cuDriverGetVersion),
    E("cuDeviceGet", 2000, 0, cuDeviceGet),
    E("cuDeviceGetCount", 2000, 0, cuDeviceGetCount),
    E("cuDeviceGetName", 2000, 0, cuDeviceGetName),
    E("cuDeviceGetAttribute", 2000, 0, cuDeviceGetAttribute),
    E("cuDeviceTotalMem", 3020, 0, cuDeviceTotalMem),
    E("cuCtxGetCurrent", 4000, 0, cuCtxGetCurrent),
    E("cuCtxSetCurrent", 4000, 0, cuCtxSetCurrent),
    E("cuCtxGetDevice", 2000, 13000, cuCtxGetDevice),
    E("cuCtxGetDevice", 13000, 0, cuCtxGetDevice_v2),
    E("cuCtxSynchronize", 2000, 13000, cuCtxSynchronize),
    E("cuCtxSynchronize", 13000, 0, cuCtxSynchronize_v2),
    E("cuCtxGetApiVersion", 3020, 0, cuCtxGetApiVersion),
    E("cuDevicePrimaryCtxRetain", 7000, 0, cuDevicePrimaryCtxRetain),
    E("cuDevicePrimaryCtxRelease", 7000, 0, cuDevicePrimaryCtxRelease),
    E("cuDevicePrimaryCtxGetState", 7000, 0, cuDevicePrimaryCtxGetState),
    E("cuStreamGetCtx", 9020, 12050, cuStreamGetCtx),
    E("cuStreamGetCtx", 12050, 0, cuStreamGetCtx_v2),
    E("cuMemAlloc", 3020, 0, cuMemAlloc),
    E("cuMemFree", 3020, 0, cuMemFree),
    E("cuMemAllocManaged", 6000, 0, cuMemAllocManaged),
    E("cuMemAllocHost", 3020, 0, cuMemAllocHost),
    E("cuMemFreeHost", 2000, 0, cuMemFreeHost),
    E("cuMemGetInfo", 3020, 0, cuMemGetInfo),
    E("cuMemcpy", 4000, 0, cuMemcpy),
    E("cuMemcpyAsync", 4000, 0, cuMemcpyAsync),
    E("cuMemcpyHtoD", 3020, 0, cuMemcpyHtoD),
    E("cuMemcpyDtoH", 3020, 0, cuMemcpyDtoH),
    E("cuMemcpyDtoD", 3020, 0, cuMemcpyDtoD),
    E("cuMemcpyHtoDAsync", 3020, 0, cuMemcpyHtoDAsync),
    E("cuMemcpyDtoHAsync", 3020, 0, cuMemcpyDtoHAsync),
    E("cuMemsetD8", 3020, 0, cuMemsetD8),
    E("cuMemsetD32", 3020, 0, cuMemsetD32),
    E("cuMemsetD8Async", 3020, 0, cuMemsetD8Async),
    E("cuMemsetD32Async", 3020, 0, cuMemsetD32Async),
    E("cuMemAllocAsync", 11020, 0, cuMemAllocAsync),
    E("cuMemFreeAsync", 11020, 0, cuMemFreeAsync),
    E("cuMemPrefetchAsync", 8000, 12020, cuMemPrefetchAsync),
    E("cuMemPrefetchAsync", 12020, 0, cuMemPrefetchAsync_v2),
    E("cuMemAdvise", 8000, 12020, cuMemAdvise),
    E("cuMemAdvise", 12020, 0, cuMemAdvise_v2),
    E("cuPointerGetAttribute", 4000, 0, cuPointerGetAttribute),
    E("cuStreamCreate", 2000, 0, cuStreamCreate),
    E("cuStreamDestroy", 4000, 0, cuStreamDestroy),
    E("cuStreamSynchronize", 2000, 0, cuStreamSynchronize),
    E("cuStreamQuery", 2000, 0, cuStreamQuery),
    E("cuEventCreate", 2000, 0, cuEventCreate),
    E("cuEventRecord", 2000, 0, cuEventRecord),
    E("cuEventSynchronize", 2000, 0, cuEventSynchronize),
    E("cuEventDestroy", 4000, 0, cuEventDestroy),
    E("cuEventElapsedTime", 2000, 0, cuEventElapsedTime),
    E("cuGetErrorString", 6000, 0, cuGetErrorString),
    E("cuLaunchKernel", 4000, 0, cuLaunchKernel),
    E("cuLaunchCooperativeKernel", 9000, 0, cuLaunchCooperativeKernel),
    E("cuFuncGetAttribute", 2020, 0, cuFuncGetAttribute),
#undef E
};

/* The entry of `symbol` for CUDA version `version`: 0 found, else a CU_GET_PROC_ADDRESS_* status. */
static int lookup(const char *symbol, int version, void **fn) {
    int named = 0;
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        const struct entry *e = &entries[i];
        if (strcmp(e->name, symbol) == 0) {
            named = 1;
            if (version >= e->since && (e->until == 0 || version < e->until)) {
                *fn = e->fn;
                return CU_GET_PROC_ADDRESS_SUCCESS;
            }
        }
    }
    *fn = NULL;
    return named ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
}

static CUresult get_proc_address(const char *symbol, void **pfn, int version, unsigned long long flags, int *status) {
    if (symbol == NULL || pfn == NULL || flags > 2) {
        *status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
        return CUDA_ERROR_INVALID_VALUE;
    }
    *status = lookup(symbol, version, pfn);
    return *status == CU_GET_PROC_ADDRESS_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}

/* The runtime's own version picks the driver ABI, as in NVIDIA's runtime. */
#define RUNTIME_ABI_VERSION 13000

static cudaError_t entry_point(const char *symbol, void **funcPtr, unsigned int version, unsigned long long flags,
                               enum cudaDriverEntryPointQueryResult *driverStatus) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (symbol == NULL || funcPtr == NULL || flags > (cudaEnableLegacyStream | cudaEnablePerThreadDefaultStream)) {
        return record(cudaErrorInvalidValue);
    }
    int status = lookup(symbol, (int)version, funcPtr);
    if (driverStatus != NULL) {
        *driverStatus = (enum cudaDriverEntryPointQueryResult)status;
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                           enum cudaDriverEntryPointQueryResult *driverStatus) {
    return entry_point(symbol, funcPtr, RUNTIME_ABI_VERSION, flags, driverStatus);
}

EXPORT cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
                                                    unsigned long long flags,
                                                    enum cudaDriverEntryPointQueryResult *driverStatus) {
    return entry_point(symbol, funcPtr, cudaVersion, flags, driverStatus);
}

ALIAS(cudaGetDriverEntryPoint_ptsz, cudaGetDriverEntryPoint);
ALIAS(cudaGetDriverEntryPointByVersion_ptsz, cudaGetDriverEntryPointByVersion);

/* The runtime's handle of a kernel, which cuLaunchKernel and cuFuncGetAttribute here take. */
EXPORT cudaError_t cudaGetFuncBySymbol(void **functionPtr, const void *symbolPtr) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (functionPtr == NULL) {
        return record(cudaErrorInvalidValue);
    }
    struct function *f = function_of(symbolPtr);
    if (f == NULL) {
        return record(cudaErrorInvalidDeviceFunction);
    }
    *functionPtr = f;
    return cudaSuccess;
}
