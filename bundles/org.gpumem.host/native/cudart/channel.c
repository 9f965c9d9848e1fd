/*
 * The channel to gpumem: one Unix stream socket, requests answered in order. Each message is
 * an 8-byte header (u32 payload length, u16 type, u16 zero) and its payload of little-endian
 * fields (PROTOCOL.md).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "runtime.h"

#define MAX_PAYLOAD (1u << 30)

static int channel_fd = -1;
static pid_t channel_pid;
static int channel_failed;
static pthread_mutex_t channel_lock = PTHREAD_MUTEX_INITIALIZER;

void msg_init(struct message *m) {
    memset(m, 0, sizeof *m);
}

void msg_free(struct message *m) {
    free(m->data);
    memset(m, 0, sizeof *m);
}

static int reserve(struct message *m, size_t n) {
    if (m->bad) {
        return 0;
    }
    if (m->length + n > m->capacity) {
        size_t c = m->capacity ? m->capacity : 256;
        while (c < m->length + n) {
            c *= 2;
        }
        unsigned char *d = realloc(m->data, c);
        if (d == NULL) {
            m->bad = 1;
            return 0;
        }
        m->data = d;
        m->capacity = c;
    }
    return 1;
}

void put_u32(struct message *m, uint32_t v) {
    if (reserve(m, 4)) {
        for (int i = 0; i < 4; i++) {
            m->data[m->length++] = (unsigned char)(v >> (8 * i));
        }
    }
}

void put_u64(struct message *m, uint64_t v) {
    if (reserve(m, 8)) {
        for (int i = 0; i < 8; i++) {
            m->data[m->length++] = (unsigned char)(v >> (8 * i));
        }
    }
}

void put_bytes(struct message *m, const void *p, size_t n) {
    if (n > MAX_PAYLOAD) {
        m->bad = 1;
        return;
    }
    put_u32(m, (uint32_t)n);
    if (n > 0 && reserve(m, n)) {
        memcpy(m->data + m->length, p, n);
        m->length += n;
    }
}

void put_string(struct message *m, const char *s) {
    put_bytes(m, s, s ? strlen(s) : 0);
}

static int available(struct message *m, size_t n) {
    if (m->bad || m->length - m->cursor < n) {
        m->bad = 1;
        return 0;
    }
    return 1;
}

uint32_t get_u32(struct message *m) {
    uint32_t v = 0;
    if (available(m, 4)) {
        for (int i = 0; i < 4; i++) {
            v |= (uint32_t)m->data[m->cursor++] << (8 * i);
        }
    }
    return v;
}

uint64_t get_u64(struct message *m) {
    uint64_t v = 0;
    if (available(m, 8)) {
        for (int i = 0; i < 8; i++) {
            v |= (uint64_t)m->data[m->cursor++] << (8 * i);
        }
    }
    return v;
}

const unsigned char *get_bytes(struct message *m, uint32_t *length) {
    uint32_t n = get_u32(m);
    *length = 0;
    if (!available(m, n)) {
        return NULL;
    }
    const unsigned char *p = m->data + m->cursor;
    m->cursor += n;
    *length = n;
    return p;
}

char *get_string(struct message *m) {
    uint32_t n;
    const unsigned char *p = get_bytes(m, &n);
    char *s = malloc((size_t)n + 1);
    if (s == NULL) {
        m->bad = 1;
        return NULL;
    }
    if (p != NULL) {
        memcpy(s, p, n);
    }
    s[n] = 0;
    return s;
}

static int write_all(const unsigned char *p, size_t n) {
    while (n > 0) {
        ssize_t w = send(channel_fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(unsigned char *p, size_t n) {
    while (n > 0) {
        ssize_t r = recv(channel_fd, p, n, 0);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            return -1;
        }
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static void put_header(unsigned char *h, uint32_t length, uint32_t type) {
    for (int i = 0; i < 4; i++) {
        h[i] = (unsigned char)(length >> (8 * i));
    }
    h[4] = (unsigned char)type;
    h[5] = (unsigned char)(type >> 8);
    h[6] = h[7] = 0;
}

static cudaError_t fail(const char *why) {
    if (!channel_failed) {
        fprintf(stderr, "gpumem libcudart: lost the channel to gpumem (%s); CUDA calls fail from now on\n", why);
    }
    channel_failed = 1;
    return cudaErrorUnknown;
}

cudaError_t channel_call(enum message_type type, struct message *request, struct message *reply) {
    msg_init(reply);
    if (request->bad) {
        return cudaErrorMemoryAllocation;
    }
    pthread_mutex_lock(&channel_lock);
    cudaError_t status;
    unsigned char h[8];
    put_header(h, (uint32_t)request->length, type);
    if (channel_failed || channel_fd < 0) {
        status = fail("not connected");
    } else if (getpid() != channel_pid) {
        status = cudaErrorInitializationError; /* a forked child: the channel belongs to its parent */
    } else if (write_all(h, 8) != 0 || write_all(request->data, request->length) != 0) {
        status = fail("gpumem is gone");
    } else if (read_all(h, 8) != 0) {
        status = fail("gpumem closed the channel");
    } else {
        uint32_t length = h[0] | h[1] << 8 | h[2] << 16 | (uint32_t)h[3] << 24;
        uint32_t got = h[4] | h[5] << 8;
        if (got != (type | MSG_REPLY) || length > MAX_PAYLOAD || length < 4) {
            status = fail("unexpected reply");
        } else if ((reply->data = malloc(length)) == NULL) {
            status = fail("out of memory");
        } else if (read_all(reply->data, length) != 0) {
            status = fail("reply cut short");
        } else {
            reply->length = reply->capacity = length;
            status = (cudaError_t)get_u32(reply);
        }
    }
    pthread_mutex_unlock(&channel_lock);
    return status;
}

int channel_open(const char *path) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address.sun_path) {
        fprintf(stderr, "gpumem libcudart: channel path too long: %s\n", path);
        return -1;
    }
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        fprintf(stderr, "gpumem libcudart: cannot connect to gpumem at %s: %s\n", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
        }
        return -1;
    }
    channel_fd = fd;
    channel_pid = getpid();
    return 0;
}
