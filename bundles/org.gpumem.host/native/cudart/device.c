/*
 * Device management: the one device is the simulator gpumem describes at start-up (by
 * cudaDeviceProp field name); limits, flags, synchronisation, reset and versions.
 */
#include <stddef.h>
#include <string.h>

#include "runtime.h"

/* The CUDA version whose runtime ABI this library implements (CUDART_VERSION of CUDA 13.0). */
#define RUNTIME_VERSION 13000
#define cudaErrorUnsupportedLimit ((cudaError_t)215)

/*
 * Device attributes by number, each answered from the cudaDeviceProp field of that name (the
 * numbers are CUDA's cudaDeviceAttr). Attributes without a field are described by gpumem under
 * the names given here (clockRate). An attribute gpumem does not describe reads 0: the simulator
 * does not have it (textures, surfaces, caches, PCI location...).
 */
static const struct attribute {
    int number;
    const char *field;
    size_t offset; /* in cudaDeviceProp, or (size_t)-1 */
    size_t size;
} attributes[] = {
#define FIELD(n, f) {n, #f, offsetof(struct cudaDeviceProp, f), sizeof(((struct cudaDeviceProp *)0)->f)}
#define ELEMENT(n, f, i) {n, #f "[" #i "]", offsetof(struct cudaDeviceProp, f) + (i) * sizeof(int), sizeof(int)}
#define OTHER(n, name) {n, name, (size_t)-1, 0}
    FIELD(1, maxThreadsPerBlock),
    ELEMENT(2, maxThreadsDim, 0),
    ELEMENT(3, maxThreadsDim, 1),
    ELEMENT(4, maxThreadsDim, 2),
    ELEMENT(5, maxGridSize, 0),
    ELEMENT(6, maxGridSize, 1),
    ELEMENT(7, maxGridSize, 2),
    FIELD(8, sharedMemPerBlock),
    FIELD(9, totalConstMem),
    FIELD(10, warpSize),
    FIELD(11, memPitch),
    FIELD(12, regsPerBlock),
    OTHER(13, "clockRate"),
    FIELD(14, textureAlignment),
    OTHER(15, "gpuOverlap"),
    FIELD(16, multiProcessorCount),
    OTHER(17, "kernelExecTimeoutEnabled"),
    FIELD(18, integrated),
    FIELD(19, canMapHostMemory),
    OTHER(20, "computeMode"),
    FIELD(21, maxTexture1D),
    ELEMENT(22, maxTexture2D, 0),
    ELEMENT(23, maxTexture2D, 1),
    ELEMENT(24, maxTexture3D, 0),
    ELEMENT(25, maxTexture3D, 1),
    ELEMENT(26, maxTexture3D, 2),
    FIELD(30, surfaceAlignment),
    FIELD(31, concurrentKernels),
    FIELD(32, ECCEnabled),
    FIELD(33, pciBusID),
    FIELD(34, pciDeviceID),
    FIELD(35, tccDriver),
    OTHER(36, "memoryClockRate"),
    FIELD(37, memoryBusWidth),
    FIELD(38, l2CacheSize),
    FIELD(39, maxThreadsPerMultiProcessor),
    FIELD(40, asyncEngineCount),
    FIELD(41, unifiedAddressing),
    FIELD(50, pciDomainID),
    FIELD(51, texturePitchAlignment),
    FIELD(55, maxSurface1D),
    FIELD(75, major),
    FIELD(76, minor),
    FIELD(78, streamPrioritiesSupported),
    FIELD(79, globalL1CacheSupported),
    FIELD(80, localL1CacheSupported),
    FIELD(81, sharedMemPerMultiprocessor),
    FIELD(82, regsPerMultiprocessor),
    FIELD(83, managedMemory),
    FIELD(84, isMultiGpuBoard),
    FIELD(85, multiGpuBoardGroupID),
    FIELD(86, hostNativeAtomicSupported),
    OTHER(87, "singleToDoublePrecisionPerfRatio"),
    FIELD(88, pageableMemoryAccess),
    FIELD(89, concurrentManagedAccess),
    FIELD(90, computePreemptionSupported),
    FIELD(91, canUseHostPointerForRegisteredMem),
    FIELD(95, cooperativeLaunch),
    FIELD(97, sharedMemPerBlockOptin),
    OTHER(98, "canFlushRemoteWrites"),
    FIELD(99, hostRegisterSupported),
    FIELD(100, pageableMemoryAccessUsesHostPageTables),
    FIELD(101, directManagedMemAccessFromHost),
    FIELD(106, maxBlocksPerMultiProcessor),
    FIELD(108, persistingL2CacheMaxSize),
    FIELD(109, accessPolicyMaxWindowSize),
    FIELD(111, reservedSharedMemPerBlock),
    FIELD(112, sparseCudaArraySupported),
    FIELD(113, hostRegisterReadOnlySupported),
    FIELD(114, timelineSemaphoreInteropSupported),
    FIELD(115, memoryPoolsSupported),
    FIELD(116, gpuDirectRDMASupported),
    FIELD(117, gpuDirectRDMAFlushWritesOptions),
    FIELD(118, gpuDirectRDMAWritesOrdering),
    FIELD(119, memoryPoolSupportedHandleTypes),
    FIELD(120, clusterLaunch),
    FIELD(121, deferredMappingCudaArraySupported),
    FIELD(125, ipcEventSupported),
    FIELD(130, deviceNumaConfig),
    FIELD(131, deviceNumaId),
    FIELD(133, mpsEnabled),
    FIELD(134, hostNumaId),
    FIELD(139, gpuPciDeviceID),
    FIELD(140, gpuPciSubsystemID),
    FIELD(143, hostNumaMultinodeIpcSupported),
#undef FIELD
#undef ELEMENT
#undef OTHER
};

static size_t limits[] = {
    [cudaLimitStackSize] = 1024,
    [cudaLimitPrintfFifoSize] = 1 << 20,
    [cudaLimitMallocHeapSize] = 8 << 20,
};
static unsigned int device_flags;

static cudaError_t check_device(int device) {
    cudaError_t e = enter();
    if (e == cudaSuccess && device != 0) {
        e = record(cudaErrorInvalidDevice);
    }
    return e;
}

EXPORT cudaError_t cudaGetDeviceCount(int *count) {
    if (count == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e = runtime_ready();
    *count = e == cudaSuccess ? 1 : 0;
    return record(e == cudaSuccess ? cudaSuccess : cudaErrorNoDevice);
}

EXPORT cudaError_t cudaGetDevice(int *device) {
    cudaError_t e = enter_output(device);
    if (e == cudaSuccess) {
        *device = 0;
    }
    return e;
}

EXPORT cudaError_t cudaSetDevice(int device) {
    return check_device(device);
}

EXPORT cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
    (void)deviceFlags, (void)flags;
    return check_device(device);
}

EXPORT cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) {
    cudaError_t e = enter();
    if (e == cudaSuccess) {
        if (device == NULL || prop == NULL) {
            return record(cudaErrorInvalidValue);
        }
        *device = 0;
    }
    return e;
}

EXPORT cudaError_t cudaSetDeviceFlags(unsigned int flags) {
    cudaError_t e = enter();
    if (e == cudaSuccess) {
        device_flags = flags;
    }
    return e;
}

EXPORT cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
    cudaError_t e = enter_output(flags);
    if (e == cudaSuccess) {
        *flags = device_flags;
    }
    return e;
}

EXPORT cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
    cudaError_t e = check_device(device);
    if (e != cudaSuccess) {
        return e;
    }
    if (prop == NULL) {
        return record(cudaErrorInvalidValue);
    }
    memset(prop, 0, sizeof *prop);
    strncpy(prop->name, device_name(), sizeof prop->name - 1);
    for (size_t i = 0; i < sizeof attributes / sizeof attributes[0]; i++) {
        const struct attribute *a = &attributes[i];
        if (a->offset != (size_t)-1) {
            int64_t v = device_value(a->field);
            memcpy((char *)prop + a->offset, &v, a->size); /* little-endian: the low bytes */
        }
    }
    /* fields without an attribute number */
    prop->totalGlobalMem = (size_t)device_value("totalGlobalMem");
    return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device) {
    cudaError_t e = check_device(device);
    if (e != cudaSuccess) {
        return e;
    }
    if (value == NULL) {
        return record(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < sizeof attributes / sizeof attributes[0]; i++) {
        if (attributes[i].number == attr) {
            *value = (int)device_value(attributes[i].field);
            return cudaSuccess;
        }
    }
    return record(cudaErrorInvalidValue);
}

EXPORT cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (value == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if ((unsigned)limit >= sizeof limits / sizeof limits[0]) {
        return record(cudaErrorUnsupportedLimit);
    }
    *value = limits[limit];
    return cudaSuccess;
}

/* The simulator sizes thread stacks from the call graph and bounds the printf buffer at its
   default; the malloc heap's size goes to gpumem (fixed once a kernel using malloc ran, as in
   CUDA). The limits are kept so that programs read back what they set. */
EXPORT cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if ((unsigned)limit >= sizeof limits / sizeof limits[0]) {
        return record(cudaErrorUnsupportedLimit);
    }
    if (limit == cudaLimitMallocHeapSize) {
        struct message request, reply;
        msg_init(&request);
        put_u64(&request, value);
        e = channel_call(MSG_SET_HEAP_SIZE, &request, &reply);
        msg_free(&request);
        msg_free(&reply);
        if (e != cudaSuccess) {
            return record(e);
        }
    }
    limits[limit] = value;
    return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceSynchronize(void) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        // a faulted context still hands out the printf output of the launches before the fault
        flush_device_output();
        return e;
    }
    e = capture_device_sync();
    return record(e != cudaSuccess ? e : synchronize());
}

EXPORT cudaError_t cudaDeviceReset(void) {
    cudaError_t e = runtime_ready();
    if (e != cudaSuccess) {
        return e;
    }
    synchronize();
    registrations_clear();
    pools_reset();
    struct message request, reply;
    msg_init(&request);
    e = channel_call(MSG_RESET, &request, &reply);
    msg_free(&request);
    msg_free(&reply);
    allocations_clear_runtime();
    clear_sticky();
    return record(e);
}

EXPORT cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
    cudaError_t e = enter();
    if (e == cudaSuccess) {
        /* no stream priorities (streamPrioritiesSupported is 0): both ends are 0 */
        if (leastPriority != NULL) {
            *leastPriority = 0;
        }
        if (greatestPriority != NULL) {
            *greatestPriority = 0;
        }
    }
    return e;
}

EXPORT cudaError_t cudaDeviceGetCacheConfig(int *cacheConfig) {
    cudaError_t e = enter_output(cacheConfig);
    if (e == cudaSuccess) {
        *cacheConfig = 0; /* cudaFuncCachePreferNone: the simulator has no L1 */
    }
    return e;
}

EXPORT cudaError_t cudaDeviceSetCacheConfig(int cacheConfig) {
    cudaError_t e = enter();
    if (e == cudaSuccess && (cacheConfig < 0 || cacheConfig > 3)) {
        e = record(cudaErrorInvalidValue);
    }
    return e;
}

/*
 * A profiling tool (Nsight Systems, Nsight Compute) collects only between these calls. With no
 * tool attached NVIDIA's runtime does nothing here and succeeds, and none attaches to gpumem's
 * simulated device (its address-space profile is gpumem's own), so samples that bracket their
 * timed loop with them (matrixMul) run as they do on a GPU without a profiler.
 */
EXPORT cudaError_t cudaProfilerStart(void) {
    return enter();
}

EXPORT cudaError_t cudaProfilerStop(void) {
    return enter();
}

EXPORT cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
    (void)peerDevice;
    cudaError_t e = check_device(device);
    if (e == cudaSuccess) {
        /* there is one device, so no peer */
        e = record(canAccessPeer == NULL ? cudaErrorInvalidValue : cudaErrorInvalidDevice);
    }
    return e;
}

EXPORT cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) {
    if (runtimeVersion == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *runtimeVersion = RUNTIME_VERSION;
    return cudaSuccess;
}

/* gpumem plays the driver: it supports the API of the runtime it ships. */
EXPORT cudaError_t cudaDriverGetVersion(int *driverVersion) {
    if (driverVersion == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *driverVersion = runtime_ready() == cudaSuccess ? RUNTIME_VERSION : 0;
    return cudaSuccess;
}
