/*
 * Start-up (channel, device memory, device description), errors and the entry points this
 * library does not implement.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runtime.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

uintptr_t device_base;
size_t device_size;
int device_fd = -1;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static cudaError_t init_status = cudaErrorInitializationError;
static volatile cudaError_t sticky = cudaSuccess;
static __thread cudaError_t last_error = cudaSuccess;

static char *name;
static uint32_t value_count;
static char **value_names;
static int64_t *values;
static uint32_t hello_flags; /* HELLO's flags: 1 a checked device */

static int map_device_memory(const char *path, uintptr_t base, size_t size) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "gpumem libcudart: cannot open device memory %s: %s\n", path, strerror(errno));
        return -1;
    }
    void *p = mmap((void *)base, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
    if (p == MAP_FAILED || p != (void *)base) {
        close(fd);
        fprintf(stderr, "gpumem libcudart: cannot map device memory at 0x%lx (%zu bytes): %s\n", (unsigned long)base,
                size, p == MAP_FAILED ? strerror(errno) : "the range is taken in this process");
        if (p != MAP_FAILED) {
            munmap(p, size);
        }
        return -1;
    }
    device_base = base;
    device_size = size;
    device_fd = fd;
    return 0;
}

static cudaError_t hello(void) {
    struct message request, reply;
    msg_init(&request);
    put_u32(&request, PROTOCOL_VERSION);
    put_u32(&request, (uint32_t)getpid());
    cudaError_t status = channel_call(MSG_HELLO, &request, &reply);
    msg_free(&request);
    char *problem = get_string(&reply);
    if (status != cudaSuccess) {
        if (problem != NULL && *problem) {
            fprintf(stderr, "gpumem libcudart: gpumem refused this process: %s\n", problem);
        }
    } else {
        char *memory = get_string(&reply);
        uint64_t base = get_u64(&reply);
        uint64_t size = get_u64(&reply);
        name = get_string(&reply);
        value_count = get_u32(&reply);
        if (!reply.bad && value_count < 4096) {
            value_names = calloc(value_count, sizeof *value_names);
            values = calloc(value_count, sizeof *values);
            for (uint32_t i = 0; values != NULL && value_names != NULL && i < value_count; i++) {
                value_names[i] = get_string(&reply);
                values[i] = (int64_t)get_u64(&reply);
            }
            hello_flags = get_u32(&reply);
        }
        if (reply.bad || values == NULL || value_names == NULL) {
            fprintf(stderr, "gpumem libcudart: malformed reply to HELLO\n");
            status = cudaErrorInitializationError;
        } else if (map_device_memory(memory, (uintptr_t)base, (size_t)size) != 0) {
            status = cudaErrorInitializationError;
        }
        free(memory);
    }
    free(problem);
    msg_free(&reply);
    return status;
}

static void initialise(void) {
    const char *path = getenv("GPUMEM_CHANNEL");
    if (path == NULL || *path == 0) {
        fprintf(stderr, "gpumem libcudart: this CUDA runtime runs kernels on the gpumem simulator; start the "
                        "program with: gpumem exec -- PROGRAM ARGS\n");
        init_status = cudaErrorNoDevice;
        return;
    }
    if (channel_open(path) != 0) {
        init_status = cudaErrorNoDevice;
        return;
    }
    init_status = hello();
}

int device_checked(void) {
    return (hello_flags & 1) != 0;
}

cudaError_t runtime_ready(void) {
    pthread_once(&once, initialise);
    return init_status;
}

cudaError_t record(cudaError_t e) {
    if (e != cudaSuccess) {
        last_error = e;
    }
    return e;
}

cudaError_t last_error_swap(cudaError_t e) {
    cudaError_t old = last_error;
    last_error = e;
    return old;
}

cudaError_t enter(void) {
    cudaError_t e = runtime_ready();
    if (e == cudaSuccess) {
        e = sticky;
    }
    return record(e);
}

cudaError_t enter_output(const void *out) {
    cudaError_t e = enter();
    return e == cudaSuccess && out == NULL ? record(cudaErrorInvalidValue) : e;
}

void set_sticky(cudaError_t e) {
    sticky = e;
}

void clear_sticky(void) {
    sticky = cudaSuccess;
    last_error = cudaSuccess;
}

cudaError_t unsupported(const char *entry) {
    if (runtime_ready() == cudaSuccess) {
        struct message request, reply;
        msg_init(&request);
        put_string(&request, entry);
        channel_call(MSG_UNSUPPORTED, &request, &reply);
        msg_free(&request);
        msg_free(&reply);
    }
    return record(cudaErrorNotSupported);
}

int64_t device_value(const char *field) {
    for (uint32_t i = 0; i < value_count; i++) {
        if (value_names[i] != NULL && strcmp(value_names[i], field) == 0) {
            return values[i];
        }
    }
    return 0;
}

const char *device_name(void) {
    return name != NULL ? name : "gpumem simulator";
}

/* ------------------------------------------------------------------ errors */

static const struct {
    int code;
    const char *name;
    const char *message;
} errors[] = {
#include "errors.inc"
};

static int error_index(cudaError_t e) {
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
        if (errors[i].code == (int)e) {
            return (int)i;
        }
    }
    return -1;
}

EXPORT const char *cudaGetErrorName(cudaError_t e) {
    int i = error_index(e);
    return i < 0 ? "unrecognized error code" : errors[i].name;
}

EXPORT const char *cudaGetErrorString(cudaError_t e) {
    int i = error_index(e);
    return i < 0 ? "unrecognized error code" : errors[i].message;
}

EXPORT cudaError_t cudaGetLastError(void) {
    cudaError_t e = runtime_ready();
    if (e != cudaSuccess) {
        return e;
    }
    if (sticky != cudaSuccess) {
        return sticky;
    }
    e = last_error;
    last_error = cudaSuccess;
    return e;
}

EXPORT cudaError_t cudaPeekAtLastError(void) {
    cudaError_t e = runtime_ready();
    if (e != cudaSuccess) {
        return e;
    }
    return sticky != cudaSuccess ? sticky : last_error;
}

/* ------------------------------------------------------------------ entry points not implemented */

#define UNSUPPORTED(f) \
    EXPORT cudaError_t f(void) { return unsupported(#f); }
#include "unsupported.inc"

/* Undocumented internals of NVIDIA's runtime that nvcc's generated code does not call. */
EXPORT void *__cudaGetProcAddress(void) {
    unsupported("__cudaGetProcAddress");
    return NULL;
}

EXPORT void *__cudaRegisterHostVar(void) {
    unsupported("__cudaRegisterHostVar");
    return NULL;
}

EXPORT void *__cudaRegisterUnifiedTable(void) {
    unsupported("__cudaRegisterUnifiedTable");
    return NULL;
}

/* Describes a texture channel format; a pure function, though the simulator has no textures. */
EXPORT struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f) {
    return (struct cudaChannelFormatDesc){x, y, z, w, f};
}
