/*
 * Registration of the program's device code: nvcc's start-up code registers each fatbin, its
 * kernels and its variables; gpumem loads the fatbin's PTX on the simulator at
 * __cudaRegisterFatBinaryEnd and answers where each variable lives.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define WRAPPER_MAGIC 0x466243b1u
/* A wrapper of this version (nvcc -rdc=true: nvlink's fatbin) names the translation units'
   relocatable fatbins after its data: a NULL-terminated array of pointers to them. */
#define WRAPPER_LINKED_VERSION 2u
#define FATBIN_MAGIC 0xba55ed50u
#define VARIABLE_CONSTANT 1u
#define VARIABLE_MANAGED 2u

struct module {
    uint64_t id;
    cudaError_t status;
    struct module *next;
};

struct function {
    const void *host;
    struct module *module;
    int info_status; /* -1 until gpumem answered */
    uint32_t param_count;
    uint32_t *param_sizes;
    char *name;
    struct cudaFuncAttributes attributes;
    struct function *next;
};

struct variable {
    const void *host;
    struct module *module;
    uint64_t size;
    uint32_t flags;
    uintptr_t address;
    int mapped; /* the address lies in device memory mapped here (not in a const bank) */
    struct variable *next;
};

static struct module *modules;
static struct function *functions;
static struct variable *variables;
static uint64_t next_module_id = 1;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

static cudaError_t call(enum message_type type, struct message *request) {
    struct message reply;
    cudaError_t e = channel_call(type, request, &reply);
    msg_free(request);
    msg_free(&reply);
    return e;
}

/* The fields every registration of a kernel or variable starts with. */
static void registration(struct message *request, const struct module *m, const void *key, const char *deviceName) {
    msg_init(request);
    put_u64(request, m->id);
    put_u64(request, (uintptr_t)key);
    put_string(request, deviceName);
}

/* Sends a registration of the module's, unless the module already failed; a failure is the module's. */
static void send_registration(struct module *m, enum message_type type, struct message *request) {
    cudaError_t e = m->status == cudaSuccess ? call(type, request) : m->status;
    msg_free(request);
    if (e != cudaSuccess) {
        m->status = e;
    }
}

/* The bytes of the fatbin container at p (header and payload), or 0 when p holds none. */
static uint64_t container_size(const unsigned char *p) {
    uint32_t magic = 0;
    uint16_t header = 0;
    uint64_t payload = 0;
    if (p == NULL) {
        return 0;
    }
    memcpy(&magic, p, 4);
    memcpy(&header, p + 6, 2);
    memcpy(&payload, p + 8, 8);
    return magic == FATBIN_MAGIC ? header + payload : 0;
}

EXPORT void **__cudaRegisterFatBinary(void *wrapper) {
    struct module *m = calloc(1, sizeof *m);
    if (m == NULL) {
        return NULL;
    }
    pthread_mutex_lock(&registry_lock);
    m->id = next_module_id++;
    m->next = modules;
    modules = m;
    pthread_mutex_unlock(&registry_lock);
    m->status = runtime_ready();
    if (m->status != cudaSuccess) {
        return (void **)m;
    }
    const uint32_t *w = wrapper;
    const unsigned char *fatbin = w != NULL && w[0] == WRAPPER_MAGIC ? *(const unsigned char *const *)(w + 2) : NULL;
    const unsigned char *const *units =
        fatbin != NULL && w[1] == WRAPPER_LINKED_VERSION ? *(const unsigned char *const *const *)(w + 4) : NULL;
    uint64_t size = container_size(fatbin);
    if (size == 0) {
        fprintf(stderr, "gpumem libcudart: __cudaRegisterFatBinary got no CUDA fatbin\n");
        m->status = cudaErrorInvalidKernelImage;
        return (void **)m;
    }
    uint32_t n = 0;
    while (units != NULL && units[n] != NULL) {
        if (container_size(units[n]) == 0) {
            fprintf(stderr, "gpumem libcudart: __cudaRegisterFatBinary got a relocatable fatbin that is no CUDA fatbin\n");
            m->status = cudaErrorInvalidKernelImage;
            return (void **)m;
        }
        n++;
    }
    struct message request;
    msg_init(&request);
    put_u64(&request, m->id);
    put_bytes(&request, fatbin, size);
    put_u32(&request, n);
    for (uint32_t i = 0; i < n; i++) {
        put_bytes(&request, units[i], container_size(units[i]));
    }
    m->status = call(MSG_REGISTER_MODULE, &request);
    return (void **)m;
}

EXPORT void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun, const char *deviceName,
                                   int threadLimit, void *tid, void *bid, dim3 *bDim, dim3 *gDim, int *wSize) {
    (void)deviceFun, (void)threadLimit, (void)tid, (void)bid, (void)bDim, (void)gDim, (void)wSize;
    struct module *m = (struct module *)handle;
    struct function *f = calloc(1, sizeof *f);
    if (m == NULL || f == NULL) {
        free(f);
        return;
    }
    f->host = hostFun;
    f->module = m;
    f->info_status = -1;
    pthread_mutex_lock(&registry_lock);
    f->next = functions;
    functions = f;
    pthread_mutex_unlock(&registry_lock);
    struct message request;
    registration(&request, m, hostFun, deviceName);
    send_registration(m, MSG_REGISTER_FUNCTION, &request);
}

static void register_variable(void **handle, const void *key, const char *deviceName, size_t size, uint32_t flags) {
    struct module *m = (struct module *)handle;
    struct variable *v = calloc(1, sizeof *v);
    if (m == NULL || v == NULL) {
        free(v);
        return;
    }
    v->host = key;
    v->module = m;
    v->size = size;
    v->flags = flags;
    pthread_mutex_lock(&registry_lock);
    v->next = variables;
    variables = v;
    pthread_mutex_unlock(&registry_lock);
    struct message request;
    registration(&request, m, key, deviceName);
    put_u64(&request, size);
    put_u32(&request, flags);
    send_registration(m, MSG_REGISTER_VARIABLE, &request);
}

EXPORT void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress, const char *deviceName, int ext,
                              size_t size, int constant, int global) {
    (void)deviceAddress, (void)ext, (void)global;
    register_variable(handle, hostVar, deviceName, size, constant ? VARIABLE_CONSTANT : 0);
}

EXPORT void __cudaRegisterManagedVar(void **handle, void **hostVarPtrAddress, char *deviceAddress,
                                     const char *deviceName, int ext, size_t size, int constant, int global) {
    (void)deviceAddress, (void)ext, (void)global;
    register_variable(handle, hostVarPtrAddress, deviceName, size, VARIABLE_MANAGED | (constant ? VARIABLE_CONSTANT : 0));
}

static struct variable *variable_by_key(uint64_t key) {
    for (struct variable *v = variables; v != NULL; v = v->next) {
        if ((uintptr_t)v->host == key) {
            return v;
        }
    }
    return NULL;
}

/*
 * A __managed__ variable is reached by host code through the pointer nvcc registered. When its
 * module did not load (or the variable is not in its PTX) the pointer gets zeroed host memory,
 * so that host code still runs; the module's kernels fail to launch.
 */
static void managed_fallbacks(const struct module *m) {
    for (struct variable *v = variables; v != NULL; v = v->next) {
        if (v->module == m && (v->flags & VARIABLE_MANAGED) && !v->mapped) {
            *(void **)v->host = calloc(1, v->size ? v->size : 1);
        }
    }
}

EXPORT void __cudaRegisterFatBinaryEnd(void **handle) {
    struct module *m = (struct module *)handle;
    if (m == NULL) {
        return;
    }
    if (m->status != cudaSuccess) {
        managed_fallbacks(m);
        return;
    }
    struct message request, reply;
    msg_init(&request);
    put_u64(&request, m->id);
    m->status = channel_call(MSG_MODULE_END, &request, &reply);
    msg_free(&request);
    free(get_string(&reply)); /* gpumem reports a load problem itself */
    uint32_t n = m->status == cudaSuccess ? get_u32(&reply) : 0;
    for (uint32_t i = 0; i < n && !reply.bad; i++) {
        uint64_t key = get_u64(&reply);
        uint64_t address = get_u64(&reply);
        uint64_t size = get_u64(&reply);
        uint32_t mapped = get_u32(&reply);
        struct variable *v = variable_by_key(key);
        if (v == NULL || reply.bad) {
            continue;
        }
        v->address = (uintptr_t)address;
        v->mapped = mapped != 0;
        if (v->mapped) {
            allocation_add((uintptr_t)address, (size_t)size, ALLOC_VARIABLE);
        }
        if ((v->flags & VARIABLE_MANAGED) && v->mapped) {
            *(void **)v->host = (void *)(uintptr_t)address;
        }
    }
    msg_free(&reply);
    managed_fallbacks(m);
}

EXPORT void __cudaUnregisterFatBinary(void **handle) {
    struct module *m = (struct module *)handle;
    if (m == NULL || runtime_ready() != cudaSuccess) {
        return;
    }
    flush_device_output();
    struct message request;
    msg_init(&request);
    put_u64(&request, m->id);
    call(MSG_UNREGISTER_MODULE, &request);
}

EXPORT char __cudaInitModule(void **handle) {
    struct module *m = (struct module *)handle;
    return m != NULL && m->status == cudaSuccess;
}

struct function *function_of(const void *host_fun) {
    for (struct function *f = functions; f != NULL; f = f->next) {
        if (f->host == host_fun || (const void *)f == host_fun) {
            return f;
        }
    }
    return NULL;
}

cudaError_t function_info(struct function *f) {
    pthread_mutex_lock(&registry_lock);
    if (f->info_status < 0 && f->module->status == cudaSuccess) {
        struct message request, reply;
        msg_init(&request);
        put_u64(&request, (uintptr_t)f->host);
        cudaError_t e = channel_call(MSG_FUNCTION_INFO, &request, &reply);
        msg_free(&request);
        if (e == cudaSuccess) {
            f->name = get_string(&reply);
            uint32_t n = get_u32(&reply);
            f->param_sizes = n < 4096 ? calloc(n ? n : 1, sizeof *f->param_sizes) : NULL;
            for (uint32_t i = 0; f->param_sizes != NULL && i < n; i++) {
                f->param_sizes[i] = get_u32(&reply);
            }
            f->param_count = n;
            struct cudaFuncAttributes *a = &f->attributes;
            a->sharedSizeBytes = get_u64(&reply);
            a->constSizeBytes = get_u64(&reply);
            a->localSizeBytes = get_u64(&reply);
            a->maxThreadsPerBlock = (int)get_u32(&reply);
            a->numRegs = (int)get_u32(&reply);
            a->ptxVersion = (int)get_u32(&reply);
            a->binaryVersion = (int)get_u32(&reply);
            a->maxDynamicSharedSizeBytes = (int)get_u32(&reply);
            if (reply.bad || f->param_sizes == NULL || f->name == NULL) {
                e = cudaErrorUnknown;
            }
        }
        f->info_status = e;
        msg_free(&reply);
    }
    cudaError_t status = f->module->status != cudaSuccess ? f->module->status : (cudaError_t)f->info_status;
    pthread_mutex_unlock(&registry_lock);
    return status;
}

const void *function_host_stub(const struct function *f) {
    return f->host;
}

const char *function_name(const struct function *f) {
    return f->name;
}

uint32_t function_param_count(const struct function *f) {
    return f->param_count;
}

const uint32_t *function_param_sizes(const struct function *f) {
    return f->param_sizes;
}

const struct cudaFuncAttributes *function_attributes(const struct function *f) {
    return &f->attributes;
}

struct cudaFuncAttributes *function_attributes_to_set(struct function *f) {
    return &f->attributes;
}

cudaError_t function_module_status(const struct function *f) {
    return f->module->status;
}

struct variable *variable_of(const void *host_var) {
    return variable_by_key((uintptr_t)host_var);
}

uint64_t variable_size(const struct variable *v) {
    return v->size;
}

uintptr_t variable_address(const struct variable *v) {
    return v->address;
}

int variable_mapped(const struct variable *v) {
    return v->mapped;
}

const void *variable_key(const struct variable *v) {
    return v->host;
}
