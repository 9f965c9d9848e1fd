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
    MSG_AVAILABLE_DYNAMIC_SHARED = 18
};
#define MSG_REPLY 0x8000
#define PROTOCOL_VERSION 3

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

/* Allocations this process knows (runtime ones and module variables), for bounds checks. */
enum allocation_kind { ALLOC_DEVICE = 0, ALLOC_MANAGED = 1, ALLOC_HOST = 2, ALLOC_VARIABLE = 3 };
void allocation_add(uintptr_t address, size_t size, enum allocation_kind kind);
/* The kind of the allocation holding [p, p + n), or -1 when no single allocation holds it. */
int allocation_find(uintptr_t p, size_t n);
void allocations_clear_runtime(void);
/* Gives registered host memory back to the program (cudaDeviceReset). */
void registrations_clear(void);

/* Waits for the device (gpumem) and writes the device printf output it holds to stdout. */
cudaError_t synchronize(void);
/* The same where CUDA flushes printf output but does not synchronise: only if a launch left some. */
void flush_device_output(void);
void note_device_output(uint32_t pending);

/* ------------------------------------------------------------------ streams (stream.c) */

/* Whether `s` is the default stream or a live stream of this process. */
int stream_valid(cudaStream_t s);
/* Simulated device time, advanced by each launch. */
void device_clock_advance(uint64_t nanoseconds);

#endif
