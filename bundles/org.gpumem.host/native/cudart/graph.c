/*
 * CUDA graphs: graphs built node by node or captured from streams, instantiated into executable
 * graphs and launched. A launch runs the executable graph's nodes now, one after the other in an
 * order that respects every dependency (work on every stream runs in program order here, so a
 * graph's concurrency changes nothing the program can see). Kernel nodes run through
 * kernel_launch, the path of <<<>>>, so gpumem reports, profiles and debugs them like any launch.
 *
 * Stream capture (Programming Guide, "Creating a Graph Using Stream Capture"): work enqueued on
 * a capturing stream becomes nodes of the capture's graph after the stream's dependencies; an
 * event recorded in a capturing stream carries those dependencies to the streams that wait for
 * it, which join the capture; the capture ends in the stream that began it, once every other
 * stream's work is joined back. Invalid operations invalidate the capture, whose end then
 * returns cudaErrorStreamCaptureInvalidated and no graph.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* Node parameters beyond the public structs: what a node owns. */
struct kernel_node {
    struct function *f;
    const void *func; /* as the program named the kernel (host stub or cudaKernel_t) */
    dim3 grid, block;
    unsigned int shared;
    uint32_t argc;
    unsigned char *args; /* the argument bytes, each at an 8-byte-aligned offset */
    void **argv;         /* argc pointers into args */
    cudaLaunchAttributeValue attrs[CUDA_LAUNCH_ATTRIBUTE_IDS];
    uint32_t attrs_set; /* bit per attribute id the node has */
};

struct copy_node {
    struct cudaMemcpy3DParms p;
    const struct variable *symbol; /* a copy to or from a module variable that is not mapped here */
    size_t offset;
    int to_symbol;
};

struct alloc_node {
    struct cudaMemAllocNodeParams params;
    void *dptr;
};

/* A conditional handle: the cell holding its value (its address is the handle, where device code's
   cudaGraphSetConditional writes), its default. The graph it was made for and each conditional
   node that uses it (in that graph, its copies and its executable graphs) hold a reference: an
   executable graph still runs after its graph is destroyed. */
struct cond_handle {
    uintptr_t address;
    unsigned int default_value;
    unsigned int flags;
    cudaGraph_t graph; /* NULL once that graph is destroyed */
    unsigned int references;
    struct cond_handle *next;
};

/* A conditional node: its handle (referenced) and the body graphs it owns. */
struct cond_node {
    struct cond_handle *handle;
    enum cudaGraphConditionalNodeType type;
    unsigned int size;
    cudaGraph_t *bodies;
};

struct CUgraphNode_st {
    cudaGraph_t graph;
    enum cudaGraphNodeType type;
    size_t index; /* in graph->nodes */
    cudaGraphNode_t *deps;
    cudaGraphEdgeData *edges;
    size_t ndeps, cdeps;
    cudaGraphNode_t origin; /* the node this one is a copy of (clone, instantiation), or NULL */
    int enabled;            /* nodes of executable graphs: cudaGraphNodeSetEnabled */
    union {
        struct kernel_node kernel;
        struct copy_node copy;
        struct cudaMemsetParams set;
        struct cudaHostNodeParams host;
        cudaGraph_t child;
        cudaEvent_t event;
        struct alloc_node alloc;
        void *free_ptr;
        struct cond_node cond;
    } u;
};

struct user_reference {
    cudaUserObject_t object;
    unsigned int count;
};

struct CUgraph_st {
    cudaGraphNode_t *nodes;
    size_t count, capacity;
    cudaGraphNode_t *order; /* executable graphs: the nodes in a dependency order */
    struct user_reference *references;
    size_t nreferences;
    int child; /* owned by a child-graph node: not a handle of the program's */
};

struct CUgraphExec_st {
    cudaGraph_t graph; /* a copy of the graph it was made from, ordered */
    unsigned long long flags;
    unsigned long long id;
};

struct CUuserObject_st {
    void *ptr;
    cudaHostFn_t destroy;
    unsigned int count;
};

struct capture {
    unsigned long long id;
    cudaGraph_t graph;
    int graph_is_callers; /* cudaStreamBeginCaptureToGraph: the program's graph */
    enum cudaStreamCaptureMode mode;
    int invalidated;
    pthread_t thread;
    struct CUstream_st *origin;
    struct CUstream_st **streams; /* every stream taking part, the origin first */
    size_t nstreams, cstreams;
    struct capture *next;
};

/* One lock for graphs, executable graphs and captures; never held while a graph runs. */
static pthread_mutex_t graph_lock = PTHREAD_MUTEX_INITIALIZER;
static struct handles graphs, execs, user_objects;
static struct capture *captures; /* the captures that have not ended */
/* Conditional handles; their own lock, since graphs and nodes release them with graph_lock held or not. */
static pthread_mutex_t cond_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cond_handle *cond_handles;
static unsigned long long next_capture_id = 1, next_exec_id = 1;
static __thread enum cudaStreamCaptureMode thread_mode = cudaStreamCaptureModeGlobal;

/* ------------------------------------------------------------------ graphs and nodes */

static cudaGraph_t graph_new(void) {
    return calloc(1, sizeof(struct CUgraph_st));
}

static int graph_live(cudaGraph_t g) {
    return handle_live(&graphs, g);
}

/* A node of a live graph of the program's (or of one of its child graphs' copies). */
static int node_live(cudaGraphNode_t n) {
    return n != NULL && handle_live(&graphs, n->graph) && n->index < n->graph->count && n->graph->nodes[n->index] == n;
}

static int grow(void **items, size_t *capacity, size_t need, size_t size) {
    if (need <= *capacity) {
        return 1;
    }
    size_t c = *capacity ? *capacity : 4;
    while (c < need) {
        c *= 2;
    }
    void *p = realloc(*items, c * size);
    if (p == NULL) {
        return 0;
    }
    *items = p;
    *capacity = c;
    return 1;
}

static int add_dependency(cudaGraphNode_t to, cudaGraphNode_t from, const cudaGraphEdgeData *edge) {
    size_t c = to->cdeps;
    if (!grow((void **)&to->deps, &c, to->ndeps + 1, sizeof *to->deps)) {
        return 0;
    }
    size_t ce = to->cdeps;
    if (!grow((void **)&to->edges, &ce, to->ndeps + 1, sizeof *to->edges)) {
        return 0;
    }
    to->cdeps = c < ce ? c : ce;
    to->deps[to->ndeps] = from;
    if (edge != NULL) {
        to->edges[to->ndeps] = *edge;
    } else {
        memset(&to->edges[to->ndeps], 0, sizeof to->edges[0]);
    }
    to->ndeps++;
    return 1;
}

static int depends_on(cudaGraphNode_t to, cudaGraphNode_t from) {
    for (size_t i = 0; i < to->ndeps; i++) {
        if (to->deps[i] == from) {
            return 1;
        }
    }
    return 0;
}

static void graph_destroy(cudaGraph_t g);
static void cond_handles_release(cudaGraph_t g);
static void cond_handle_retain(struct cond_handle *h);
static void cond_handle_release(struct cond_handle *h);
static void user_object_release(cudaUserObject_t o, unsigned int count);
static cudaError_t user_object_reference(cudaGraph_t g, cudaUserObject_t o, unsigned int count);

static void node_free(cudaGraphNode_t n) {
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        free(n->u.kernel.args);
        free(n->u.kernel.argv);
        break;
    case cudaGraphNodeTypeGraph:
        graph_destroy(n->u.child);
        break;
    case cudaGraphNodeTypeMemAlloc:
        graph_memory_release(n->u.alloc.dptr);
        break;
    case cudaGraphNodeTypeConditional:
        for (unsigned int i = 0; n->u.cond.bodies != NULL && i < n->u.cond.size; i++) {
            graph_destroy(n->u.cond.bodies[i]);
        }
        free(n->u.cond.bodies);
        cond_handle_release(n->u.cond.handle);
        break;
    default:
        break;
    }
    free(n->deps);
    free(n->edges);
    free(n);
}

static void graph_destroy(cudaGraph_t g) {
    if (g == NULL) {
        return;
    }
    handle_remove(&graphs, g); /* a child graph the program was given (cudaGraphChildGraphNodeGetGraph) */
    for (size_t i = 0; i < g->count; i++) {
        node_free(g->nodes[i]);
    }
    for (size_t i = 0; i < g->nreferences; i++) {
        user_object_release(g->references[i].object, g->references[i].count);
    }
    free(g->references);
    free(g->nodes);
    free(g->order);
    cond_handles_release(g);
    free(g);
}

/* A node not yet in a graph. */
static cudaGraphNode_t node_new(enum cudaGraphNodeType type, cudaError_t *e) {
    cudaGraphNode_t n = calloc(1, sizeof *n);
    if (n == NULL) {
        *e = cudaErrorMemoryAllocation;
        return NULL;
    }
    n->type = type;
    n->enabled = 1;
    *e = cudaSuccess;
    return n;
}

/* Puts a new node into g after `deps`; on failure frees it. */
static cudaError_t graph_insert(cudaGraph_t g, cudaGraphNode_t n, const cudaGraphNode_t *deps,
                                const cudaGraphEdgeData *edges, size_t ndeps) {
    if (!grow((void **)&g->nodes, &g->capacity, g->count + 1, sizeof *g->nodes)) {
        node_free(n);
        return cudaErrorMemoryAllocation;
    }
    for (size_t i = 0; i < ndeps; i++) {
        if (!depends_on(n, deps[i]) && !add_dependency(n, deps[i], edges != NULL ? &edges[i] : NULL)) {
            node_free(n);
            return cudaErrorMemoryAllocation;
        }
    }
    n->graph = g;
    n->index = g->count;
    g->nodes[g->count++] = n;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ node parameters */

static cudaError_t kernel_set(struct kernel_node *k, const void *func, dim3 grid, dim3 block, unsigned int shared,
                              void **args, void **extra) {
    struct function *f = function_of(func);
    if (f == NULL) {
        return cudaErrorInvalidDeviceFunction;
    }
    cudaError_t e = function_info(f);
    if (e != cudaSuccess) {
        return e;
    }
    if (extra != NULL) {
        return unsupported("kernel node parameters in the `extra` format (use kernelParams)");
    }
    uint32_t n = function_param_count(f);
    const uint32_t *sizes = function_param_sizes(f);
    if (n > 0 && args == NULL) {
        return cudaErrorInvalidValue;
    }
    size_t total = 0;
    for (uint32_t i = 0; i < n; i++) {
        total += (sizes[i] + 7) / 8 * 8;
    }
    unsigned char *bytes = malloc(total ? total : 1);
    void **argv = calloc(n ? n : 1, sizeof *argv);
    if (bytes == NULL || argv == NULL) {
        free(bytes);
        free(argv);
        return cudaErrorMemoryAllocation;
    }
    /* the arguments are copied, as cudaGraphAddKernelNode documents: the program may reuse its own */
    for (uint32_t i = 0, at = 0; i < n; at += (sizes[i] + 7) / 8 * 8, i++) {
        memcpy(bytes + at, args[i], sizes[i]);
        argv[i] = bytes + at;
    }
    free(k->args);
    free(k->argv);
    k->f = f;
    k->func = func;
    k->grid = grid;
    k->block = block;
    k->shared = shared;
    k->argc = n;
    k->args = bytes;
    k->argv = argv;
    return cudaSuccess;
}

static cudaError_t kernel_set_attribute(struct kernel_node *k, int id, const cudaLaunchAttributeValue *v) {
    if (id < 0 || id >= CUDA_LAUNCH_ATTRIBUTE_IDS) {
        return cudaErrorInvalidValue;
    }
    cudaLaunchAttribute a;
    memset(&a, 0, sizeof a);
    a.id = id;
    a.val = *v;
    const char *refused = NULL;
    if (launch_attribute_flags(&a, &refused) < 0) {
        return unsupported(refused);
    }
    k->attrs[id] = *v;
    k->attrs_set |= 1u << id;
    return cudaSuccess;
}

static unsigned int kernel_flags(const struct kernel_node *k) {
    unsigned int flags = 0;
    for (int id = 0; id < CUDA_LAUNCH_ATTRIBUTE_IDS; id++) {
        if (k->attrs_set & (1u << id)) {
            cudaLaunchAttribute a;
            memset(&a, 0, sizeof a);
            a.id = id;
            a.val = k->attrs[id];
            const char *refused = NULL;
            int f = launch_attribute_flags(&a, &refused);
            flags |= f > 0 ? (unsigned int)f : 0;
        }
    }
    return flags;
}

static cudaError_t copy_check(const struct cudaMemcpy3DParms *p) {
    struct cudaMemcpy3DParms pitched;
    if ((p->srcArray != NULL || p->dstArray != NULL) && array_copy_params(p, &pitched) != cudaSuccess) {
        return cudaErrorInvalidValue;
    }
    if ((unsigned)p->kind > cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    return cudaSuccess;
}

static void copy_1d_params(struct cudaMemcpy3DParms *p, void *dst, const void *src, size_t count,
                           enum cudaMemcpyKind kind) {
    memset(p, 0, sizeof *p);
    p->srcPtr = (struct cudaPitchedPtr){(void *)src, count, count, 1};
    p->dstPtr = (struct cudaPitchedPtr){dst, count, count, 1};
    p->extent = (struct cudaExtent){count, 1, 1};
    p->kind = kind;
}

/* A copy to or from a variable: a plain copy when the variable is mapped here, else through gpumem. */
static cudaError_t symbol_params(struct copy_node *c, const struct variable *v, size_t offset, void *memory,
                                 size_t count, enum cudaMemcpyKind kind, int to_symbol) {
    if (offset > variable_size(v) || count > variable_size(v) - offset) {
        return cudaErrorInvalidValue;
    }
    if (to_symbol ? kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault
                  : kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    char *address = (char *)variable_address(v) + offset;
    if (to_symbol) {
        copy_1d_params(&c->p, address, memory, count, kind);
    } else {
        copy_1d_params(&c->p, memory, address, count, kind);
    }
    c->symbol = variable_mapped(v) ? NULL : v;
    c->offset = offset;
    c->to_symbol = to_symbol;
    return cudaSuccess;
}

static cudaError_t memset_check(const struct cudaMemsetParams *p) {
    if (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) {
        return cudaErrorInvalidValue;
    }
    if (p->height > 1 && p->pitch < p->width * p->elementSize) {
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

cudaGraphNode_t node_kernel(struct function *f, dim3 grid, dim3 block, unsigned int shared, void **args,
                            const cudaLaunchAttribute *attrs, unsigned int nattrs, cudaError_t *e) {
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeKernel, e);
    if (n == NULL) {
        return NULL;
    }
    *e = kernel_set(&n->u.kernel, function_host_stub(f), grid, block, shared, args, NULL);
    for (unsigned int i = 0; *e == cudaSuccess && i < nattrs; i++) {
        *e = kernel_set_attribute(&n->u.kernel, attrs[i].id, &attrs[i].val);
    }
    if (*e != cudaSuccess) {
        node_free(n);
        return NULL;
    }
    return n;
}

cudaGraphNode_t node_copy(const struct cudaMemcpy3DParms *p, cudaError_t *e) {
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeMemcpy, e);
    if (n != NULL && (*e = copy_check(p)) != cudaSuccess) {
        node_free(n);
        return NULL;
    }
    if (n != NULL) {
        n->u.copy.p = *p;
    }
    return n;
}

cudaGraphNode_t node_copy_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaError_t *e) {
    struct cudaMemcpy3DParms p;
    copy_1d_params(&p, dst, src, count, kind);
    return node_copy(&p, e);
}

cudaGraphNode_t node_symbol_copy(const struct variable *v, size_t offset, void *memory, size_t count,
                                 enum cudaMemcpyKind kind, int to_symbol, cudaError_t *e) {
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeMemcpy, e);
    if (n != NULL && (*e = symbol_params(&n->u.copy, v, offset, memory, count, kind, to_symbol)) != cudaSuccess) {
        node_free(n);
        return NULL;
    }
    return n;
}

cudaGraphNode_t node_memset(const struct cudaMemsetParams *p, cudaError_t *e) {
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeMemset, e);
    if (n != NULL && (*e = memset_check(p)) != cudaSuccess) {
        node_free(n);
        return NULL;
    }
    if (n != NULL) {
        n->u.set = *p;
    }
    return n;
}

cudaGraphNode_t node_host(cudaHostFn_t fn, void *data, cudaError_t *e) {
    if (fn == NULL) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeHost, e);
    if (n != NULL) {
        n->u.host = (struct cudaHostNodeParams){fn, data};
    }
    return n;
}

cudaGraphNode_t node_empty(cudaError_t *e) {
    return node_new(cudaGraphNodeTypeEmpty, e);
}

static cudaGraphNode_t node_event(enum cudaGraphNodeType type, cudaEvent_t event, cudaError_t *e) {
    if (!event_valid(event)) {
        *e = cudaErrorInvalidResourceHandle;
        return NULL;
    }
    cudaGraphNode_t n = node_new(type, e);
    if (n != NULL) {
        n->u.event = event;
    }
    return n;
}

cudaGraphNode_t node_mem_alloc(size_t bytes, cudaMemPool_t pool, void **dptr, const char *entry, void *caller,
                               cudaError_t *e) {
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeMemAlloc, e);
    if (n == NULL) {
        return NULL;
    }
    *e = graph_memory_reserve(bytes, pool, &n->u.alloc.dptr, entry, caller);
    if (*e != cudaSuccess) {
        free(n);
        return NULL;
    }
    n->u.alloc.params.poolProps.allocType = cudaMemAllocationTypePinned;
    n->u.alloc.params.poolProps.location = (struct cudaMemLocation){cudaMemLocationTypeDevice, 0};
    n->u.alloc.params.bytesize = bytes;
    n->u.alloc.params.dptr = n->u.alloc.dptr;
    *dptr = n->u.alloc.dptr;
    return n;
}

cudaGraphNode_t node_mem_free(void *dptr, cudaError_t *e) {
    if (!graph_memory_known(dptr)) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeMemFree, e);
    if (n != NULL) {
        n->u.free_ptr = dptr;
    }
    return n;
}

/* ------------------------------------------------------------------ copies of graphs */

static cudaGraph_t graph_copy(cudaGraph_t g);

/* A copy of node n's parameters into c (which has n's type); children are copied too. */
static cudaError_t params_copy(cudaGraphNode_t c, cudaGraphNode_t n) {
    c->u = n->u;
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        c->u.kernel.args = NULL;
        c->u.kernel.argv = NULL;
        {
            cudaError_t e = kernel_set(&c->u.kernel, n->u.kernel.func, n->u.kernel.grid, n->u.kernel.block,
                                       n->u.kernel.shared, n->u.kernel.argv, NULL);
            if (e != cudaSuccess) {
                return e;
            }
        }
        return cudaSuccess;
    case cudaGraphNodeTypeGraph:
        c->u.child = graph_copy(n->u.child);
        if (c->u.child == NULL) {
            return cudaErrorMemoryAllocation;
        }
        c->u.child->child = 1;
        return cudaSuccess;
    case cudaGraphNodeTypeMemAlloc:
        graph_memory_retain(n->u.alloc.dptr);
        return cudaSuccess;
    case cudaGraphNodeTypeConditional:
        cond_handle_retain(n->u.cond.handle); /* before anything may fail: node_free releases it */
        c->u.cond.bodies = calloc(n->u.cond.size, sizeof *c->u.cond.bodies);
        if (c->u.cond.bodies == NULL) {
            return cudaErrorMemoryAllocation;
        }
        for (unsigned int i = 0; i < n->u.cond.size; i++) {
            c->u.cond.bodies[i] = graph_copy(n->u.cond.bodies[i]);
            if (c->u.cond.bodies[i] == NULL) {
                return cudaErrorMemoryAllocation; /* the caller frees c with what it has */
            }
            c->u.cond.bodies[i]->child = 1;
        }
        return cudaSuccess;
    default:
        return cudaSuccess;
    }
}

/* A copy of g: its nodes in the same order, each remembering its original; NULL when memory ran out. */
static cudaGraph_t graph_copy(cudaGraph_t g) {
    cudaGraph_t c = graph_new();
    if (c == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < g->count; i++) {
        cudaError_t e;
        cudaGraphNode_t n = g->nodes[i], m = node_new(n->type, &e);
        if (m == NULL || (e = params_copy(m, n)) != cudaSuccess) {
            if (m != NULL) {
                if (m->type != cudaGraphNodeTypeConditional) {
                    m->type = cudaGraphNodeTypeEmpty; /* owns nothing yet */
                }
                node_free(m); /* a conditional node owns the bodies copied so far */
            }
            graph_destroy(c);
            return NULL;
        }
        m->origin = n;
        m->enabled = n->enabled;
        for (size_t d = 0; d < n->ndeps; d++) {
            if (!add_dependency(m, NULL, &n->edges[d])) {
                node_free(m);
                graph_destroy(c);
                return NULL;
            }
            m->deps[d] = (cudaGraphNode_t)(uintptr_t)n->deps[d]->index; /* remapped below */
        }
        if (graph_insert(c, m, NULL, NULL, 0) != cudaSuccess) {
            graph_destroy(c);
            return NULL;
        }
    }
    for (size_t i = 0; i < c->count; i++) {
        cudaGraphNode_t m = c->nodes[i];
        for (size_t d = 0; d < m->ndeps; d++) {
            m->deps[d] = c->nodes[(size_t)(uintptr_t)m->deps[d]];
        }
    }
    for (size_t i = 0; i < g->nreferences; i++) {
        if (user_object_reference(c, g->references[i].object, g->references[i].count) != cudaSuccess) {
            graph_destroy(c);
            return NULL;
        }
    }
    return c;
}

/* Orders g's nodes so that every node comes after its dependencies, keeping the order in which
   they were added where the dependencies allow (Kahn); g's children too. 0 when g has a cycle. */
static int graph_order(cudaGraph_t g) {
    size_t n = g->count;
    size_t *waiting = calloc(n ? n : 1, sizeof *waiting);
    cudaGraphNode_t *order = calloc(n ? n : 1, sizeof *order);
    char *done = calloc(n ? n : 1, 1);
    if (waiting == NULL || order == NULL || done == NULL) {
        free(waiting);
        free(order);
        free(done);
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        waiting[i] = g->nodes[i]->ndeps;
    }
    size_t placed = 0;
    int progress = 1;
    while (placed < n && progress) {
        progress = 0;
        for (size_t i = 0; i < n; i++) {
            if (!done[i] && waiting[i] == 0) {
                done[i] = 1;
                order[placed++] = g->nodes[i];
                progress = 1;
                for (size_t j = 0; j < n; j++) {
                    cudaGraphNode_t m = g->nodes[j];
                    for (size_t d = 0; d < m->ndeps; d++) {
                        if (m->deps[d] == g->nodes[i]) {
                            waiting[j]--;
                        }
                    }
                }
                break; /* the earliest ready node first */
            }
        }
    }
    free(waiting);
    free(done);
    if (placed < n) {
        free(order);
        return 0;
    }
    free(g->order);
    g->order = order;
    for (size_t i = 0; i < n; i++) {
        if (g->nodes[i]->type == cudaGraphNodeTypeGraph && !graph_order(g->nodes[i]->u.child)) {
            return 0;
        }
        for (unsigned int b = 0; g->nodes[i]->type == cudaGraphNodeTypeConditional && b < g->nodes[i]->u.cond.size; b++) {
            if (!graph_order(g->nodes[i]->u.cond.bodies[b])) {
                return 0;
            }
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ running a graph */

static cudaError_t graph_run(cudaGraph_t g, cudaStream_t stream);

/* The condition's value now: the launches before it have ended, so what device code set is there. */
static unsigned int condition_value(const struct cond_handle *h) {
    return *(volatile uint32_t *)h->address;
}

/* A conditional node: IF runs body 0 when the value is not 0 (else body 1, if it has one), WHILE
   runs body 0 as long as the value is not 0 (checked before each run), SWITCH body n for value n. */
static cudaError_t conditional_run(const struct cond_node *c, cudaStream_t stream) {
    unsigned int v = condition_value(c->handle);
    switch (c->type) {
    case cudaGraphCondTypeIf:
        if (v != 0) {
            return graph_run(c->bodies[0], stream);
        }
        return c->size == 2 ? graph_run(c->bodies[1], stream) : cudaSuccess;
    case cudaGraphCondTypeWhile:
        for (; v != 0; v = condition_value(c->handle)) {
            cudaError_t e = graph_run(c->bodies[0], stream);
            if (e != cudaSuccess) {
                return e;
            }
        }
        return cudaSuccess;
    default:
        return v < c->size ? graph_run(c->bodies[v], stream) : cudaSuccess;
    }
}

/* cudaGraphCondAssignDefault: the handles of g's conditional nodes (in bodies too) that have the
   flag get their default value, as each launch of the graph begins. */
static void conditional_defaults(cudaGraph_t g) {
    for (size_t i = 0; i < g->count; i++) {
        cudaGraphNode_t n = g->nodes[i];
        if (n->type == cudaGraphNodeTypeGraph) {
            conditional_defaults(n->u.child);
        } else if (n->type == cudaGraphNodeTypeConditional) {
            const struct cond_handle *h = n->u.cond.handle;
            if (h->flags & cudaGraphCondAssignDefault) {
                *(volatile uint32_t *)h->address = h->default_value;
            }
            for (unsigned int b = 0; b < n->u.cond.size; b++) {
                conditional_defaults(n->u.cond.bodies[b]);
            }
        }
    }
}

static cudaError_t graph_run(cudaGraph_t g, cudaStream_t stream) {
    for (size_t i = 0; i < g->count; i++) {
        cudaGraphNode_t n = g->order[i];
        cudaError_t e = cudaSuccess;
        if (!n->enabled) {
            continue;
        }
        switch (n->type) {
        case cudaGraphNodeTypeKernel: {
            struct kernel_node *k = &n->u.kernel;
            e = kernel_launch(k->f, k->grid, k->block, k->argv, k->shared, stream, kernel_flags(k) | LAUNCH_GRAPH);
            break;
        }
        case cudaGraphNodeTypeMemcpy: {
            struct copy_node *c = &n->u.copy;
            if (c->symbol != NULL) {
                void *memory = c->to_symbol ? c->p.srcPtr.ptr : c->p.dstPtr.ptr;
                e = symbol_copy_now(c->symbol, c->offset, memory, c->p.extent.width, c->p.kind, c->to_symbol);
            } else {
                e = copy_3d_now(&c->p, 0);
            }
            break;
        }
        case cudaGraphNodeTypeMemset: {
            struct cudaMemsetParams *s = &n->u.set;
            e = set_elements_now(s->dst, s->height > 1 ? s->pitch : s->width * s->elementSize, s->value, s->elementSize,
                                 s->width, s->height);
            break;
        }
        case cudaGraphNodeTypeHost:
            n->u.host.fn(n->u.host.userData);
            break;
        case cudaGraphNodeTypeGraph:
            e = graph_run(n->u.child, stream);
            break;
        case cudaGraphNodeTypeEventRecord:
            event_record_now(n->u.event);
            break;
        case cudaGraphNodeTypeMemAlloc:
            graph_memory_allocated(n->u.alloc.dptr);
            break;
        case cudaGraphNodeTypeMemFree:
            graph_memory_freed(n->u.free_ptr);
            break;
        case cudaGraphNodeTypeConditional:
            e = conditional_run(&n->u.cond, stream);
            break;
        default: /* empty and event-wait nodes: the order is all they ask for */
            break;
        }
        if (e != cudaSuccess) {
            return e;
        }
    }
    return cudaSuccess;
}

/* cudaGraphInstantiateFlagAutoFreeOnLaunch: what the graph's allocation nodes allocated is freed. */
static void free_graph_memory(cudaGraph_t g) {
    for (size_t i = 0; i < g->count; i++) {
        if (g->nodes[i]->type == cudaGraphNodeTypeMemAlloc) {
            graph_memory_freed(g->nodes[i]->u.alloc.dptr);
        } else if (g->nodes[i]->type == cudaGraphNodeTypeGraph) {
            free_graph_memory(g->nodes[i]->u.child);
        }
    }
}

/* ------------------------------------------------------------------ graph API */

#define GRAPH_ENTER()                                                                                               \
    do {                                                                                                             \
        cudaError_t enter_e_ = enter();                                                                              \
        if (enter_e_ != cudaSuccess) {                                                                               \
            return enter_e_;                                                                                         \
        }                                                                                                            \
    } while (0)

EXPORT cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) {
    GRAPH_ENTER();
    if (pGraph == NULL || flags != 0) {
        return record(cudaErrorInvalidValue);
    }
    cudaGraph_t g = graph_new();
    if (g == NULL || !handle_add(&graphs, g)) {
        free(g);
        return record(cudaErrorMemoryAllocation);
    }
    *pGraph = g;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
    GRAPH_ENTER();
    pthread_mutex_lock(&graph_lock);
    int capturing = 0;
    for (struct capture *c = captures; c != NULL; c = c->next) {
        capturing |= c->graph == graph;
    }
    int live = !capturing && graph_live(graph) && !graph->child && handle_remove(&graphs, graph);
    pthread_mutex_unlock(&graph_lock);
    if (!live) {
        return record(capturing ? cudaErrorIllegalState : cudaErrorInvalidValue);
    }
    graph_destroy(graph);
    return cudaSuccess;
}

/* Adds a made node to a graph of the program's after its dependencies, which must be its nodes. */
static cudaError_t add_node(cudaGraphNode_t *pNode, cudaGraph_t graph, const cudaGraphNode_t *deps,
                            const cudaGraphEdgeData *edges, size_t ndeps, cudaGraphNode_t n, cudaError_t made) {
    if (n == NULL) {
        return record(made);
    }
    pthread_mutex_lock(&graph_lock);
    cudaError_t e = cudaSuccess;
    if (pNode == NULL || !graph_live(graph) || (ndeps > 0 && deps == NULL)) {
        e = cudaErrorInvalidValue;
    }
    for (size_t i = 0; e == cudaSuccess && i < ndeps; i++) {
        if (!node_live(deps[i]) || deps[i]->graph != graph) {
            e = cudaErrorInvalidValue;
        }
    }
    if (e == cudaSuccess) {
        e = graph_insert(graph, n, deps, edges, ndeps);
        if (e == cudaSuccess) {
            *pNode = n;
        }
    } else {
        node_free(n);
    }
    pthread_mutex_unlock(&graph_lock);
    return record(e);
}

#define ADD_CHECKS(pGraphNode, graph)                                                                                \
    do {                                                                                                             \
        cudaError_t add_e_ = enter();                                                                                \
        if (add_e_ != cudaSuccess) {                                                                                 \
            return add_e_;                                                                                           \
        }                                                                                                            \
        if ((pGraphNode) == NULL || !graph_live(graph)) {                                                            \
            return record(cudaErrorInvalidValue);                                                                    \
        }                                                                                                            \
    } while (0)

EXPORT cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                          const struct cudaKernelNodeParams *p) {
    ADD_CHECKS(pGraphNode, graph);
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e;
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeKernel, &e);
    if (n != NULL && (e = kernel_set(&n->u.kernel, p->func, p->gridDim, p->blockDim, p->sharedMemBytes,
                                     p->kernelParams, p->extra)) != cudaSuccess) {
        node_free(n);
        n = NULL;
    }
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                          const struct cudaMemcpy3DParms *p) {
    ADD_CHECKS(pGraphNode, graph);
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e;
    cudaGraphNode_t n = node_copy(p, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                            const void *src, size_t count, enum cudaMemcpyKind kind) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = node_copy_1d(dst, src, count, kind, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

static cudaGraphNode_t symbol_node(const void *symbol, void *memory, size_t count, size_t offset,
                                   enum cudaMemcpyKind kind, int to_symbol, cudaError_t *e) {
    struct variable *v = variable_of(symbol);
    if (v == NULL) {
        *e = cudaErrorInvalidSymbol;
        return NULL;
    }
    return node_symbol_copy(v, offset, memory, count, kind, to_symbol, e);
}

EXPORT cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                  const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                  const void *symbol, const void *src, size_t count, size_t offset,
                                                  enum cudaMemcpyKind kind) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = symbol_node(symbol, (void *)src, count, offset, kind, 1, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                    void *dst, const void *symbol, size_t count, size_t offset,
                                                    enum cudaMemcpyKind kind) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = symbol_node(symbol, dst, count, offset, kind, 0, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                          const struct cudaMemsetParams *p) {
    ADD_CHECKS(pGraphNode, graph);
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e;
    cudaGraphNode_t n = node_memset(p, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                        const struct cudaHostNodeParams *p) {
    ADD_CHECKS(pGraphNode, graph);
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e;
    cudaGraphNode_t n = node_host(p->fn, p->userData, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

static cudaGraphNode_t child_node(cudaGraph_t child, int move, cudaError_t *e) {
    pthread_mutex_lock(&graph_lock);
    int live = graph_live(child);
    cudaGraph_t copy = NULL;
    if (live && move) {
        handle_remove(&graphs, child); /* the node owns it now */
        copy = child;
    } else if (live) {
        copy = graph_copy(child);
    }
    pthread_mutex_unlock(&graph_lock);
    if (!live) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    cudaGraphNode_t n = copy == NULL ? NULL : node_new(cudaGraphNodeTypeGraph, e);
    if (n == NULL) {
        graph_destroy(copy);
        *e = cudaErrorMemoryAllocation;
        return NULL;
    }
    copy->child = 1;
    n->u.child = copy;
    return n;
}

EXPORT cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                              cudaGraph_t childGraph) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = child_node(childGraph, 0, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                         const cudaGraphNode_t *pDependencies, size_t numDependencies) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = node_empty(&e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                               const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                               cudaEvent_t event) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = node_event(cudaGraphNodeTypeEventRecord, event, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                             cudaEvent_t event) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = node_event(cudaGraphNodeTypeWaitEvent, event, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                            struct cudaMemAllocNodeParams *p) {
    ADD_CHECKS(pGraphNode, graph);
    if (p == NULL || p->bytesize == 0 || p->poolProps.allocType != cudaMemAllocationTypePinned ||
        p->poolProps.location.type != cudaMemLocationTypeDevice || p->poolProps.location.id != 0) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e;
    cudaGraphNode_t n = node_mem_alloc(p->bytesize, NULL, &p->dptr, "cudaGraphAddMemAllocNode",
                                       __builtin_return_address(0), &e);
    if (n != NULL) {
        n->u.alloc.params = *p;
        n->u.alloc.params.accessDescs = NULL; /* the program's array need not outlive the call */
        n->u.alloc.params.accessDescCount = 0;
    }
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

EXPORT cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr) {
    ADD_CHECKS(pGraphNode, graph);
    cudaError_t e;
    cudaGraphNode_t n = node_mem_free(dptr, &e);
    return add_node(pGraphNode, graph, pDependencies, NULL, numDependencies, n, e);
}

static void cond_handle_retain(struct cond_handle *h) {
    pthread_mutex_lock(&cond_lock);
    h->references++;
    pthread_mutex_unlock(&cond_lock);
}

/* Drops a reference; the last one frees the handle's cell. */
static void cond_handle_release(struct cond_handle *h) {
    pthread_mutex_lock(&cond_lock);
    int gone = --h->references == 0;
    if (gone) {
        struct cond_handle **p = &cond_handles;
        while (*p != h) {
            p = &(*p)->next;
        }
        *p = h->next;
    }
    pthread_mutex_unlock(&cond_lock);
    if (gone) {
        if (remove_allocation(h->address, 1 << ALLOC_CONDITION)) {
            allocation_release(h->address, ALLOC_CONDITION);
        }
        free(h);
    }
}

/* The program's conditional handle `handle` (of a graph that is not destroyed), referenced; NULL if none. */
static struct cond_handle *cond_handle_take(cudaGraphConditionalHandle handle) {
    pthread_mutex_lock(&cond_lock);
    struct cond_handle *h = cond_handles;
    while (h != NULL && (h->address != (uintptr_t)handle || h->graph == NULL)) {
        h = h->next;
    }
    if (h != NULL) {
        h->references++;
    }
    pthread_mutex_unlock(&cond_lock);
    return h;
}

/* A conditional node with its empty body graphs, which p->phGraph_out then names; NULL with *e. */
static cudaGraphNode_t node_conditional(struct cudaConditionalNodeParams *p, cudaError_t *e) {
    if (p->size == 0 || (p->type == cudaGraphCondTypeIf && p->size > 2) ||
        (p->type == cudaGraphCondTypeWhile && p->size != 1) || (unsigned int)p->type > cudaGraphCondTypeSwitch) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    struct cond_handle *h = cond_handle_take(p->handle);
    if (h == NULL) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    cudaGraphNode_t n = node_new(cudaGraphNodeTypeConditional, e);
    if (n == NULL) {
        cond_handle_release(h);
        return NULL;
    }
    n->u.cond.handle = h;
    n->u.cond.type = p->type;
    n->u.cond.size = p->size;
    n->u.cond.bodies = calloc(p->size, sizeof *n->u.cond.bodies);
    for (unsigned int i = 0; n->u.cond.bodies != NULL && i < p->size; i++) {
        cudaGraph_t b = graph_new();
        n->u.cond.bodies[i] = b;
        if (b == NULL || !handle_add(&graphs, b)) { /* the program adds the body's nodes by its handle */
            node_free(n);
            *e = cudaErrorMemoryAllocation;
            return NULL;
        }
        b->child = 1; /* owned by the node: cudaGraphDestroy refuses it */
    }
    if (n->u.cond.bodies == NULL) {
        node_free(n);
        *e = cudaErrorMemoryAllocation;
        return NULL;
    }
    p->phGraph_out = n->u.cond.bodies;
    return n;
}

/* g is being destroyed: it drops its handles (nodes that use them keep them). */
static void cond_handles_release(cudaGraph_t g) {
    for (;;) {
        struct cond_handle *found = NULL;
        pthread_mutex_lock(&cond_lock);
        for (struct cond_handle *h = cond_handles; h != NULL && found == NULL; h = h->next) {
            if (h->graph == g) {
                found = h;
                h->graph = NULL;
            }
        }
        pthread_mutex_unlock(&cond_lock);
        if (found == NULL) {
            return;
        }
        cond_handle_release(found);
    }
}

EXPORT cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                                    unsigned int defaultLaunchValue, unsigned int flags) {
    GRAPH_ENTER();
    if (pHandle_out == NULL || !graph_live(graph) || (flags & ~(unsigned int)cudaGraphCondAssignDefault)) {
        return record(cudaErrorInvalidValue);
    }
    struct cond_handle *h = calloc(1, sizeof *h);
    if (h == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    /* the condition's value lives in device memory, where device code's cudaGraphSetConditional
       (a built-in function of gpumem's simulator) writes it: the handle is its address */
    cudaError_t e = allocation_request(sizeof(uint32_t), ALLOC_CONDITION, "cudaGraphConditionalHandleCreate",
                                       __builtin_return_address(0), &h->address);
    if (e != cudaSuccess) {
        free(h);
        return record(e);
    }
    *(volatile uint32_t *)h->address = defaultLaunchValue; /* the value until a launch or a kernel sets it */
    h->default_value = defaultLaunchValue;
    h->flags = flags;
    h->graph = graph;
    h->references = 1; /* the graph's */
    pthread_mutex_lock(&cond_lock);
    h->next = cond_handles;
    cond_handles = h;
    pthread_mutex_unlock(&cond_lock);
    *pHandle_out = (cudaGraphConditionalHandle)h->address;
    return cudaSuccess;
}

/* A node made from cudaGraphNodeParams (cudaGraphAddNode), or NULL with *e. */
static cudaGraphNode_t node_from_params(struct cudaGraphNodeParams *p, void *caller, cudaError_t *e) {
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        cudaGraphNode_t n = node_new(cudaGraphNodeTypeKernel, e);
        if (n != NULL && (*e = kernel_set(&n->u.kernel, p->kernel.func, p->kernel.gridDim, p->kernel.blockDim,
                                          p->kernel.sharedMemBytes, p->kernel.kernelParams, p->kernel.extra)) !=
                             cudaSuccess) {
            node_free(n);
            return NULL;
        }
        return n;
    }
    case cudaGraphNodeTypeMemcpy:
        return node_copy(&p->memcpy.copyParams, e);
    case cudaGraphNodeTypeMemset:
        return node_memset((const struct cudaMemsetParams *)&p->memset, e);
    case cudaGraphNodeTypeHost:
        return node_host(p->host.fn, p->host.userData, e);
    case cudaGraphNodeTypeGraph:
        return child_node(p->graph.graph, p->graph.ownership == cudaGraphChildGraphOwnershipMove, e);
    case cudaGraphNodeTypeEmpty:
        return node_empty(e);
    case cudaGraphNodeTypeWaitEvent:
        return node_event(cudaGraphNodeTypeWaitEvent, p->eventWait.event, e);
    case cudaGraphNodeTypeEventRecord:
        return node_event(cudaGraphNodeTypeEventRecord, p->eventRecord.event, e);
    case cudaGraphNodeTypeMemAlloc:
        if (p->alloc.bytesize == 0) {
            *e = cudaErrorInvalidValue;
            return NULL;
        }
        return node_mem_alloc(p->alloc.bytesize, NULL, &p->alloc.dptr, "cudaGraphAddNode", caller, e);
    case cudaGraphNodeTypeMemFree:
        return node_mem_free(p->free.dptr, e);
    case cudaGraphNodeTypeConditional:
        return node_conditional(&p->conditional, e);
    default:
        *e = unsupported("cudaGraphAddNode of external semaphore nodes");
        return NULL;
    }
}

EXPORT cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, const cudaGraphEdgeData *dependencyData,
                                    size_t numDependencies, struct cudaGraphNodeParams *nodeParams) {
    ADD_CHECKS(pGraphNode, graph);
    if (nodeParams == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaError_t e;
    cudaGraphNode_t n = node_from_params(nodeParams, __builtin_return_address(0), &e);
    return add_node(pGraphNode, graph, pDependencies, dependencyData, numDependencies, n, e);
}

/* ------------------------------------------------------------------ node parameters: get and set */

/* Checks a node of the program's graphs and its type; returns cudaSuccess or the error recorded. */
static cudaError_t typed_node(cudaGraphNode_t node, enum cudaGraphNodeType type, const void *out) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!node_live(node) || node->type != type || out == NULL) {
        return record(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeKernel, p);
    if (e == cudaSuccess) {
        struct kernel_node *k = &node->u.kernel;
        *p = (struct cudaKernelNodeParams){(void *)k->func, k->grid, k->block, k->shared, k->argv, NULL};
    }
    return e;
}

EXPORT cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeKernel, p);
    if (e == cudaSuccess) {
        e = record(kernel_set(&node->u.kernel, p->func, p->gridDim, p->blockDim, p->sharedMemBytes, p->kernelParams,
                              p->extra));
    }
    return e;
}

EXPORT cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t node, int attr, cudaLaunchAttributeValue *value) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeKernel, value);
    if (e == cudaSuccess) {
        if (attr < 0 || attr >= CUDA_LAUNCH_ATTRIBUTE_IDS) {
            return record(cudaErrorInvalidValue);
        }
        if (node->u.kernel.attrs_set & (1u << attr)) {
            *value = node->u.kernel.attrs[attr];
        } else {
            memset(value, 0, sizeof *value); /* every attribute's default is zero */
        }
    }
    return e;
}

EXPORT cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t node, int attr,
                                                   const cudaLaunchAttributeValue *value) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeKernel, value);
    return e != cudaSuccess ? e : record(kernel_set_attribute(&node->u.kernel, attr, value));
}

EXPORT cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t dst, cudaGraphNode_t src) {
    cudaError_t e = typed_node(dst, cudaGraphNodeTypeKernel, dst);
    if (e == cudaSuccess) {
        e = typed_node(src, cudaGraphNodeTypeKernel, src);
    }
    if (e == cudaSuccess) {
        memcpy(dst->u.kernel.attrs, src->u.kernel.attrs, sizeof dst->u.kernel.attrs);
        dst->u.kernel.attrs_set = src->u.kernel.attrs_set;
    }
    return e;
}

EXPORT cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemcpy, p);
    if (e == cudaSuccess) {
        *p = node->u.copy.p;
    }
    return e;
}

EXPORT cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemcpy, p);
    if (e == cudaSuccess && (e = record(copy_check(p))) == cudaSuccess) {
        node->u.copy.p = *p;
        node->u.copy.symbol = NULL;
    }
    return e;
}

EXPORT cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                                  enum cudaMemcpyKind kind) {
    struct cudaMemcpy3DParms p;
    copy_1d_params(&p, dst, src, count, kind);
    return cudaGraphMemcpyNodeSetParams(node, &p);
}

static cudaError_t set_symbol_params(cudaGraphNode_t node, const void *symbol, void *memory, size_t count,
                                     size_t offset, enum cudaMemcpyKind kind, int to_symbol) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemcpy, symbol);
    if (e != cudaSuccess) {
        return e;
    }
    struct variable *v = variable_of(symbol);
    if (v == NULL) {
        return record(cudaErrorInvalidSymbol);
    }
    return record(symbol_params(&node->u.copy, v, offset, memory, count, kind, to_symbol));
}

EXPORT cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src,
                                                        size_t count, size_t offset, enum cudaMemcpyKind kind) {
    return set_symbol_params(node, symbol, (void *)src, count, offset, kind, 1);
}

EXPORT cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol,
                                                          size_t count, size_t offset, enum cudaMemcpyKind kind) {
    return set_symbol_params(node, symbol, dst, count, offset, kind, 0);
}

EXPORT cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemset, p);
    if (e == cudaSuccess) {
        *p = node->u.set;
    }
    return e;
}

EXPORT cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemset, p);
    if (e == cudaSuccess && (e = record(memset_check(p))) == cudaSuccess) {
        node->u.set = *p;
    }
    return e;
}

EXPORT cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeHost, p);
    if (e == cudaSuccess) {
        *p = node->u.host;
    }
    return e;
}

EXPORT cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeHost, p);
    if (e == cudaSuccess && p->fn == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        node->u.host = *p;
    }
    return e;
}

/* The child graph is the node's own: the program may change its nodes' parameters, not its shape. */
EXPORT cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeGraph, pGraph);
    if (e == cudaSuccess) {
        pthread_mutex_lock(&graph_lock);
        if (!graph_live(node->u.child)) {
            handle_add(&graphs, node->u.child); /* so that its nodes can be named; still owned by the node */
        }
        pthread_mutex_unlock(&graph_lock);
        *pGraph = node->u.child;
    }
    return e;
}

static cudaError_t event_node(cudaGraphNode_t node, enum cudaGraphNodeType type, cudaEvent_t *get, cudaEvent_t set) {
    cudaError_t e = typed_node(node, type, node);
    if (e != cudaSuccess) {
        return e;
    }
    if (get != NULL) {
        *get = node->u.event;
        return cudaSuccess;
    }
    if (!event_valid(set)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    node->u.event = set;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
    return event_out == NULL ? record(cudaErrorInvalidValue)
                             : event_node(node, cudaGraphNodeTypeEventRecord, event_out, NULL);
}

EXPORT cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
    return event_node(node, cudaGraphNodeTypeEventRecord, NULL, event);
}

EXPORT cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
    return event_out == NULL ? record(cudaErrorInvalidValue)
                             : event_node(node, cudaGraphNodeTypeWaitEvent, event_out, NULL);
}

EXPORT cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
    return event_node(node, cudaGraphNodeTypeWaitEvent, NULL, event);
}

EXPORT cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *p) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemAlloc, p);
    if (e == cudaSuccess) {
        *p = node->u.alloc.params;
    }
    return e;
}

EXPORT cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out) {
    cudaError_t e = typed_node(node, cudaGraphNodeTypeMemFree, dptr_out);
    if (e == cudaSuccess) {
        *(void **)dptr_out = node->u.free_ptr;
    }
    return e;
}

EXPORT cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *p) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (p == NULL || !node_live(node) || node->type != p->type) {
        return record(cudaErrorInvalidValue);
    }
    switch (p->type) {
    case cudaGraphNodeTypeKernel:
        return record(kernel_set(&node->u.kernel, p->kernel.func, p->kernel.gridDim, p->kernel.blockDim,
                                 p->kernel.sharedMemBytes, p->kernel.kernelParams, p->kernel.extra));
    case cudaGraphNodeTypeMemcpy:
        return cudaGraphMemcpyNodeSetParams(node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset:
        return cudaGraphMemsetNodeSetParams(node, (const struct cudaMemsetParams *)&p->memset);
    case cudaGraphNodeTypeHost:
        return cudaGraphHostNodeSetParams(node, (const struct cudaHostNodeParams *)&p->host);
    case cudaGraphNodeTypeWaitEvent:
        return event_node(node, cudaGraphNodeTypeWaitEvent, NULL, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return event_node(node, cudaGraphNodeTypeEventRecord, NULL, p->eventRecord.event);
    case cudaGraphNodeTypeEmpty:
        return cudaSuccess;
    default:
        /* CUDA changes the other types' parameters only through their own calls */
        return record(cudaErrorInvalidValue);
    }
}

/* ------------------------------------------------------------------ graph structure */

EXPORT cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType) {
    cudaError_t e = enter();
    if (e == cudaSuccess && (!node_live(node) || pType == NULL)) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        *pType = node->type;
    }
    return e;
}

/* Copies up to *count of n items into out (when out is not NULL) and sets *count to n, as CUDA's
   listing calls do: with out NULL they only count. */
static void listing(cudaGraphNode_t *out, size_t *count, cudaGraphNode_t *items, size_t n) {
    if (out != NULL) {
        size_t k = *count < n ? *count : n;
        memcpy(out, items, k * sizeof *out);
        for (size_t i = k; i < *count; i++) {
            out[i] = NULL;
        }
        *count = k;
    } else {
        *count = n;
    }
}

EXPORT cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) {
    GRAPH_ENTER();
    if (!graph_live(graph) || numNodes == NULL) {
        return record(cudaErrorInvalidValue);
    }
    listing(nodes, numNodes, graph->nodes, graph->count);
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes) {
    GRAPH_ENTER();
    if (!graph_live(graph) || pNumRootNodes == NULL) {
        return record(cudaErrorInvalidValue);
    }
    cudaGraphNode_t *roots = calloc(graph->count ? graph->count : 1, sizeof *roots);
    if (roots == NULL) {
        return record(cudaErrorMemoryAllocation);
    }
    size_t n = 0;
    for (size_t i = 0; i < graph->count; i++) {
        if (graph->nodes[i]->ndeps == 0) {
            roots[n++] = graph->nodes[i];
        }
    }
    listing(pRootNodes, pNumRootNodes, roots, n);
    free(roots);
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                     cudaGraphEdgeData *edgeData, size_t *numEdges) {
    GRAPH_ENTER();
    if (!graph_live(graph) || numEdges == NULL || (from == NULL) != (to == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    size_t n = 0;
    for (size_t i = 0; i < graph->count; i++) {
        cudaGraphNode_t t = graph->nodes[i];
        for (size_t d = 0; d < t->ndeps; d++, n++) {
            if (from != NULL && n < *numEdges) {
                from[n] = t->deps[d];
                to[n] = t;
                if (edgeData != NULL) {
                    edgeData[n] = t->edges[d];
                }
            }
        }
    }
    if (from != NULL) {
        for (size_t i = n; i < *numEdges; i++) {
            from[i] = to[i] = NULL;
        }
        *numEdges = n < *numEdges ? n : *numEdges;
    } else {
        *numEdges = n;
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                                cudaGraphEdgeData *edgeData, size_t *pNumDependencies) {
    cudaError_t e = enter();
    if (e == cudaSuccess && (!node_live(node) || pNumDependencies == NULL)) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        size_t asked = *pNumDependencies;
        listing(pDependencies, pNumDependencies, node->deps, node->ndeps);
        if (pDependencies != NULL && edgeData != NULL) {
            memcpy(edgeData, node->edges, (*pNumDependencies < asked ? *pNumDependencies : asked) * sizeof *edgeData);
        }
    }
    return e;
}

EXPORT cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                                  cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes) {
    cudaError_t e = enter();
    if (e == cudaSuccess && (!node_live(node) || pNumDependentNodes == NULL)) {
        e = record(cudaErrorInvalidValue);
    }
    if (e != cudaSuccess) {
        return e;
    }
    cudaGraph_t g = node->graph;
    cudaGraphNode_t *dependents = calloc(g->count ? g->count : 1, sizeof *dependents);
    cudaGraphEdgeData *edges = calloc(g->count ? g->count : 1, sizeof *edges);
    if (dependents == NULL || edges == NULL) {
        free(dependents);
        free(edges);
        return record(cudaErrorMemoryAllocation);
    }
    size_t n = 0;
    for (size_t i = 0; i < g->count; i++) {
        for (size_t d = 0; d < g->nodes[i]->ndeps; d++) {
            if (g->nodes[i]->deps[d] == node) {
                edges[n] = g->nodes[i]->edges[d];
                dependents[n++] = g->nodes[i];
            }
        }
    }
    size_t asked = *pNumDependentNodes;
    listing(pDependentNodes, pNumDependentNodes, dependents, n);
    if (pDependentNodes != NULL && edgeData != NULL) {
        memcpy(edgeData, edges, (n < asked ? n : asked) * sizeof *edgeData);
    }
    free(dependents);
    free(edges);
    return cudaSuccess;
}

static cudaError_t edges_check(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to, size_t n) {
    if (!graph_live(graph) || (n > 0 && (from == NULL || to == NULL))) {
        return cudaErrorInvalidValue;
    }
    for (size_t i = 0; i < n; i++) {
        if (!node_live(from[i]) || !node_live(to[i]) || from[i]->graph != graph || to[i]->graph != graph ||
            from[i] == to[i]) {
            return cudaErrorInvalidValue;
        }
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                            const cudaGraphEdgeData *edgeData, size_t numDependencies) {
    GRAPH_ENTER();
    pthread_mutex_lock(&graph_lock);
    cudaError_t e = edges_check(graph, from, to, numDependencies);
    for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++) {
        if (depends_on(to[i], from[i])) {
            e = cudaErrorInvalidValue; /* the edge exists */
        } else if (!add_dependency(to[i], from[i], edgeData != NULL ? &edgeData[i] : NULL)) {
            e = cudaErrorMemoryAllocation;
        }
    }
    pthread_mutex_unlock(&graph_lock);
    return record(e);
}

EXPORT cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                               const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                               size_t numDependencies) {
    GRAPH_ENTER();
    (void)edgeData;
    pthread_mutex_lock(&graph_lock);
    cudaError_t e = edges_check(graph, from, to, numDependencies);
    for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++) {
        if (!depends_on(to[i], from[i])) {
            e = cudaErrorInvalidValue;
        }
    }
    for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++) {
        cudaGraphNode_t t = to[i];
        for (size_t d = 0; d < t->ndeps; d++) {
            if (t->deps[d] == from[i]) {
                t->deps[d] = t->deps[t->ndeps - 1];
                t->edges[d] = t->edges[t->ndeps - 1];
                t->ndeps--;
                break;
            }
        }
    }
    pthread_mutex_unlock(&graph_lock);
    return record(e);
}

EXPORT cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) {
    GRAPH_ENTER();
    pthread_mutex_lock(&graph_lock);
    if (!node_live(node)) {
        pthread_mutex_unlock(&graph_lock);
        return record(cudaErrorInvalidValue);
    }
    cudaGraph_t g = node->graph;
    for (size_t i = 0; i < g->count; i++) {
        cudaGraphNode_t t = g->nodes[i];
        for (size_t d = 0; d < t->ndeps;) {
            if (t->deps[d] == node) {
                t->deps[d] = t->deps[t->ndeps - 1];
                t->edges[d] = t->edges[t->ndeps - 1];
                t->ndeps--;
            } else {
                d++;
            }
        }
    }
    memmove(g->nodes + node->index, g->nodes + node->index + 1, (g->count - node->index - 1) * sizeof *g->nodes);
    g->count--;
    for (size_t i = node->index; i < g->count; i++) {
        g->nodes[i]->index = i;
    }
    pthread_mutex_unlock(&graph_lock);
    node_free(node);
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) {
    GRAPH_ENTER();
    if (pGraphClone == NULL) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&graph_lock);
    cudaGraph_t c = graph_live(originalGraph) ? graph_copy(originalGraph) : NULL;
    int ok = c != NULL && handle_add(&graphs, c);
    pthread_mutex_unlock(&graph_lock);
    if (!ok) {
        graph_destroy(c);
        return record(graph_live(originalGraph) ? cudaErrorMemoryAllocation : cudaErrorInvalidValue);
    }
    *pGraphClone = c;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                            cudaGraph_t clonedGraph) {
    GRAPH_ENTER();
    if (pNode == NULL || !graph_live(clonedGraph)) {
        return record(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < clonedGraph->count; i++) {
        if (clonedGraph->nodes[i]->origin == originalNode) {
            *pNode = clonedGraph->nodes[i];
            return cudaSuccess;
        }
    }
    return record(cudaErrorInvalidValue);
}

/* Writes a DOT description of the graph: one node per line with its type and parameters, then the edges. */
static void dot_graph(FILE *f, cudaGraph_t g, const char *prefix) {
    static const char *const names[] = {"kernel", "memcpy", "memset", "host", "graph", "empty", "event wait",
                                        "event record", "semaphore signal", "semaphore wait", "mem alloc",
                                        "mem free", "?", "conditional"};
    for (size_t i = 0; i < g->count; i++) {
        cudaGraphNode_t n = g->nodes[i];
        fprintf(f, "  \"%s%zu\" [label=\"%s%zu: %s", prefix, i, prefix, i, names[n->type <= 13 ? n->type : 12]);
        if (n->type == cudaGraphNodeTypeKernel) {
            const char *name = function_name(n->u.kernel.f);
            fprintf(f, "\\n%s\\n<<<(%u,%u,%u), (%u,%u,%u), %u>>>", name != NULL ? name : "?", n->u.kernel.grid.x,
                    n->u.kernel.grid.y, n->u.kernel.grid.z, n->u.kernel.block.x, n->u.kernel.block.y,
                    n->u.kernel.block.z, n->u.kernel.shared);
        } else if (n->type == cudaGraphNodeTypeMemcpy) {
            fprintf(f, "\\n%zu x %zu x %zu bytes", n->u.copy.p.extent.width, n->u.copy.p.extent.height,
                    n->u.copy.p.extent.depth);
        } else if (n->type == cudaGraphNodeTypeMemset) {
            fprintf(f, "\\nvalue %u, %u-byte elements, %zu x %zu", n->u.set.value, n->u.set.elementSize, n->u.set.width,
                    n->u.set.height);
        }
        fprintf(f, "\"];\n");
        for (size_t d = 0; d < n->ndeps; d++) {
            fprintf(f, "  \"%s%zu\" -> \"%s%zu\";\n", prefix, n->deps[d]->index, prefix, i);
        }
        if (n->type == cudaGraphNodeTypeGraph) {
            char child[256];
            snprintf(child, sizeof child, "%s%zu.", prefix, i);
            dot_graph(f, n->u.child, child);
        }
    }
}

EXPORT cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags) {
    GRAPH_ENTER();
    (void)flags;
    if (!graph_live(graph) || path == NULL) {
        return record(cudaErrorInvalidValue);
    }
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return record(cudaErrorOperatingSystem);
    }
    fprintf(f, "digraph graph {\n");
    pthread_mutex_lock(&graph_lock);
    dot_graph(f, graph, "");
    pthread_mutex_unlock(&graph_lock);
    fprintf(f, "}\n");
    return record(fclose(f) == 0 ? cudaSuccess : cudaErrorOperatingSystem);
}

/* ------------------------------------------------------------------ user objects */

static void user_object_release(cudaUserObject_t o, unsigned int count) {
    if (__atomic_sub_fetch(&o->count, count, __ATOMIC_SEQ_CST) == 0) {
        handle_remove(&user_objects, o);
        o->destroy(o->ptr);
        free(o);
    }
}

static cudaError_t user_object_reference(cudaGraph_t g, cudaUserObject_t o, unsigned int count) {
    for (size_t i = 0; i < g->nreferences; i++) {
        if (g->references[i].object == o) {
            g->references[i].count += count;
            __atomic_add_fetch(&o->count, count, __ATOMIC_SEQ_CST);
            return cudaSuccess;
        }
    }
    size_t c = g->nreferences;
    if (!grow((void **)&g->references, &c, g->nreferences + 1, sizeof *g->references)) {
        return cudaErrorMemoryAllocation;
    }
    g->references[g->nreferences++] = (struct user_reference){o, count};
    __atomic_add_fetch(&o->count, count, __ATOMIC_SEQ_CST);
    return cudaSuccess;
}

EXPORT cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, void *ptr, cudaHostFn_t destroy,
                                        unsigned int initialRefcount, unsigned int flags) {
    GRAPH_ENTER();
    if (object_out == NULL || destroy == NULL || initialRefcount == 0 || flags != cudaUserObjectNoDestructorSync) {
        return record(cudaErrorInvalidValue);
    }
    cudaUserObject_t o = calloc(1, sizeof *o);
    if (o == NULL || !handle_add(&user_objects, o)) {
        free(o);
        return record(cudaErrorMemoryAllocation);
    }
    *o = (struct CUuserObject_st){ptr, destroy, initialRefcount};
    *object_out = o;
    return cudaSuccess;
}

EXPORT cudaError_t cudaUserObjectRetain(cudaUserObject_t object, unsigned int count) {
    GRAPH_ENTER();
    if (!handle_live(&user_objects, object) || count == 0) {
        return record(cudaErrorInvalidValue);
    }
    __atomic_add_fetch(&object->count, count, __ATOMIC_SEQ_CST);
    return cudaSuccess;
}

EXPORT cudaError_t cudaUserObjectRelease(cudaUserObject_t object, unsigned int count) {
    GRAPH_ENTER();
    if (!handle_live(&user_objects, object) || count == 0 || count > object->count) {
        return record(cudaErrorInvalidValue);
    }
    user_object_release(object, count);
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count,
                                             unsigned int flags) {
    GRAPH_ENTER();
    if (!graph_live(graph) || !handle_live(&user_objects, object) || count == 0 || flags > cudaGraphUserObjectMove) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&graph_lock);
    cudaError_t e = user_object_reference(graph, object, count);
    pthread_mutex_unlock(&graph_lock);
    if (e == cudaSuccess && (flags & cudaGraphUserObjectMove)) {
        user_object_release(object, count); /* the caller's references moved to the graph */
    }
    return record(e);
}

EXPORT cudaError_t cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count) {
    GRAPH_ENTER();
    if (!graph_live(graph) || count == 0) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&graph_lock);
    cudaError_t e = cudaErrorInvalidValue;
    for (size_t i = 0; i < graph->nreferences; i++) {
        struct user_reference *r = &graph->references[i];
        if (r->object == object && r->count >= count) {
            r->count -= count;
            if (r->count == 0) {
                *r = graph->references[--graph->nreferences];
            }
            e = cudaSuccess;
            break;
        }
    }
    pthread_mutex_unlock(&graph_lock);
    if (e == cudaSuccess) {
        user_object_release(object, count);
    }
    return record(e);
}

/* ------------------------------------------------------------------ executable graphs */

static cudaError_t instantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags,
                               cudaGraphInstantiateResult *result) {
    *result = cudaGraphInstantiateError;
    GRAPH_ENTER();
    if (pGraphExec == NULL || !graph_live(graph)) {
        return record(cudaErrorInvalidValue);
    }
    if (flags & cudaGraphInstantiateFlagDeviceLaunch) {
        *result = cudaGraphInstantiateNodeOperationNotSupported;
        return unsupported("cudaGraphInstantiate for device launch (graphs launched from kernels)");
    }
    if (flags & ~(unsigned long long)(cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
                                      cudaGraphInstantiateFlagUseNodePriority)) {
        return record(cudaErrorInvalidValue);
    }
    struct CUgraphExec_st *x = calloc(1, sizeof *x);
    pthread_mutex_lock(&graph_lock);
    x->graph = x == NULL ? NULL : graph_copy(graph);
    int ordered = x != NULL && x->graph != NULL && graph_order(x->graph);
    pthread_mutex_unlock(&graph_lock);
    if (x == NULL || x->graph == NULL) {
        free(x);
        return record(cudaErrorMemoryAllocation);
    }
    if (!ordered) {
        graph_destroy(x->graph);
        free(x);
        *result = cudaGraphInstantiateInvalidStructure;
        return record(cudaErrorInvalidValue); /* a cycle */
    }
    x->flags = flags;
    x->id = __atomic_fetch_add(&next_exec_id, 1, __ATOMIC_SEQ_CST);
    if (!handle_add(&execs, x)) {
        graph_destroy(x->graph);
        free(x);
        return record(cudaErrorMemoryAllocation);
    }
    *pGraphExec = x;
    *result = cudaGraphInstantiateSuccess;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags) {
    cudaGraphInstantiateResult result;
    return instantiate(pGraphExec, graph, flags, &result);
}

EXPORT cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                 unsigned long long flags) {
    return cudaGraphInstantiate(pGraphExec, graph, flags);
}

EXPORT cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                  cudaGraphInstantiateParams *p) {
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    p->errNode_out = NULL;
    if ((p->flags & cudaGraphInstantiateFlagUpload) && !stream_valid(p->uploadStream)) {
        p->result_out = cudaGraphInstantiateError;
        return record(cudaErrorInvalidResourceHandle);
    }
    return instantiate(pGraphExec, graph, p->flags, &p->result_out);
}

static int exec_live(cudaGraphExec_t x) {
    return handle_live(&execs, x);
}

EXPORT cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
    GRAPH_ENTER();
    if (!handle_remove(&execs, graphExec)) {
        return record(cudaErrorInvalidValue);
    }
    graph_destroy(graphExec->graph);
    free(graphExec);
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags) {
    GRAPH_ENTER();
    if (!exec_live(graphExec) || flags == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *flags = graphExec->flags;
    return cudaSuccess;
}


EXPORT cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) {
    GRAPH_ENTER();
    if (!exec_live(graphExec)) {
        return record(cudaErrorInvalidValue);
    }
    /* the simulator needs nothing uploaded: a launch runs the nodes as they are */
    return record(stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

EXPORT cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
    GRAPH_ENTER();
    if (!exec_live(graphExec)) {
        return record(cudaErrorInvalidValue);
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    int capturing = 0;
    cudaError_t e = capture_check(stream, &capturing);
    if (e != cudaSuccess) {
        return record(e);
    }
    if (capturing) {
        /* a graph launched into a capturing stream becomes a child graph node of the capture */
        pthread_mutex_lock(&graph_lock);
        cudaGraph_t copy = graph_copy(graphExec->graph);
        pthread_mutex_unlock(&graph_lock);
        cudaGraphNode_t n = copy == NULL ? NULL : node_new(cudaGraphNodeTypeGraph, &e);
        if (n == NULL) {
            graph_destroy(copy);
            return record(capture_fail(stream, cudaErrorMemoryAllocation));
        }
        copy->child = 1;
        n->u.child = copy;
        return record(capture_append(stream, n));
    }
    if (graphExec->flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) {
        free_graph_memory(graphExec->graph);
    }
    conditional_defaults(graphExec->graph);
    return record(graph_run(graphExec->graph, stream));
}

/* The node of executable graph x made from the program's node `node`. */
static cudaGraphNode_t exec_node(cudaGraphExec_t x, cudaGraphNode_t node) {
    for (size_t i = 0; i < x->graph->count; i++) {
        if (x->graph->nodes[i]->origin == node) {
            return x->graph->nodes[i];
        }
    }
    return NULL;
}

static cudaError_t exec_typed(cudaGraphExec_t x, cudaGraphNode_t node, enum cudaGraphNodeType type, const void *p,
                              cudaGraphNode_t *out) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    *out = exec_live(x) && p != NULL ? exec_node(x, node) : NULL;
    if (*out == NULL || (*out)->type != type) {
        return record(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                    const struct cudaKernelNodeParams *p) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(hGraphExec, node, cudaGraphNodeTypeKernel, p, &n);
    return e != cudaSuccess ? e
                            : record(kernel_set(&n->u.kernel, p->func, p->gridDim, p->blockDim, p->sharedMemBytes,
                                                p->kernelParams, p->extra));
}

EXPORT cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                    const struct cudaMemcpy3DParms *p) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(hGraphExec, node, cudaGraphNodeTypeMemcpy, p, &n);
    if (e == cudaSuccess && (e = record(copy_check(p))) == cudaSuccess) {
        n->u.copy.p = *p;
        n->u.copy.symbol = NULL;
    }
    return e;
}

EXPORT cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                                      const void *src, size_t count, enum cudaMemcpyKind kind) {
    struct cudaMemcpy3DParms p;
    copy_1d_params(&p, dst, src, count, kind);
    return cudaGraphExecMemcpyNodeSetParams(hGraphExec, node, &p);
}

static cudaError_t exec_symbol(cudaGraphExec_t x, cudaGraphNode_t node, const void *symbol, void *memory,
                               size_t count, size_t offset, enum cudaMemcpyKind kind, int to_symbol) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(x, node, cudaGraphNodeTypeMemcpy, symbol, &n);
    if (e != cudaSuccess) {
        return e;
    }
    struct variable *v = variable_of(symbol);
    return record(v == NULL ? cudaErrorInvalidSymbol
                            : symbol_params(&n->u.copy, v, offset, memory, count, kind, to_symbol));
}

EXPORT cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                            const void *symbol, const void *src, size_t count,
                                                            size_t offset, enum cudaMemcpyKind kind) {
    return exec_symbol(hGraphExec, node, symbol, (void *)src, count, offset, kind, 1);
}

EXPORT cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                              void *dst, const void *symbol, size_t count,
                                                              size_t offset, enum cudaMemcpyKind kind) {
    return exec_symbol(hGraphExec, node, symbol, dst, count, offset, kind, 0);
}

EXPORT cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                    const struct cudaMemsetParams *p) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(hGraphExec, node, cudaGraphNodeTypeMemset, p, &n);
    if (e == cudaSuccess && (e = record(memset_check(p))) == cudaSuccess) {
        n->u.set = *p;
    }
    return e;
}

EXPORT cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                  const struct cudaHostNodeParams *p) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(hGraphExec, node, cudaGraphNodeTypeHost, p, &n);
    if (e == cudaSuccess && p->fn == NULL) {
        e = record(cudaErrorInvalidValue);
    }
    if (e == cudaSuccess) {
        n->u.host = *p;
    }
    return e;
}

static cudaError_t exec_event(cudaGraphExec_t x, cudaGraphNode_t node, enum cudaGraphNodeType type, cudaEvent_t ev) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(x, node, type, node, &n);
    if (e == cudaSuccess && !event_valid(ev)) {
        e = record(cudaErrorInvalidResourceHandle);
    }
    if (e == cudaSuccess) {
        n->u.event = ev;
    }
    return e;
}

EXPORT cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                        cudaEvent_t event) {
    return exec_event(hGraphExec, hNode, cudaGraphNodeTypeEventRecord, event);
}

EXPORT cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                      cudaEvent_t event) {
    return exec_event(hGraphExec, hNode, cudaGraphNodeTypeWaitEvent, event);
}

/* Why graph `to` cannot take the parameters of `from` node for node, or success: the same nodes
   (by position), of the same types, with the same dependencies, as cudaGraphExecUpdate requires. */
static enum cudaGraphExecUpdateResult update_check(cudaGraph_t to, cudaGraph_t from, cudaGraphNode_t *error_node,
                                                   cudaGraphNode_t *error_from) {
    if (to->count != from->count) {
        return cudaGraphExecUpdateErrorTopologyChanged;
    }
    for (size_t i = 0; i < to->count; i++) {
        cudaGraphNode_t t = to->nodes[i], f = from->nodes[i];
        *error_node = f;
        *error_from = t->origin;
        if (t->type != f->type) {
            return cudaGraphExecUpdateErrorNodeTypeChanged;
        }
        if (t->ndeps != f->ndeps) {
            return cudaGraphExecUpdateErrorTopologyChanged;
        }
        for (size_t d = 0; d < f->ndeps; d++) {
            if (!depends_on(t, to->nodes[f->deps[d]->index])) {
                return cudaGraphExecUpdateErrorTopologyChanged;
            }
        }
        switch (f->type) {
        case cudaGraphNodeTypeGraph: {
            enum cudaGraphExecUpdateResult r = update_check(t->u.child, f->u.child, error_node, error_from);
            if (r != cudaGraphExecUpdateSuccess) {
                return r;
            }
            break;
        }
        case cudaGraphNodeTypeMemset:
            if (t->u.set.elementSize != f->u.set.elementSize || (t->u.set.height > 1) != (f->u.set.height > 1)) {
                return cudaGraphExecUpdateErrorParametersChanged;
            }
            break;
        case cudaGraphNodeTypeMemAlloc:
            /* graph memory keeps its addresses: the nodes must be the same */
            if (t->u.alloc.dptr != f->u.alloc.dptr || t->u.alloc.params.bytesize != f->u.alloc.params.bytesize) {
                return cudaGraphExecUpdateErrorNotSupported;
            }
            break;
        case cudaGraphNodeTypeMemFree:
            if (t->u.free_ptr != f->u.free_ptr) {
                return cudaGraphExecUpdateErrorNotSupported;
            }
            break;
        default:
            break;
        }
    }
    *error_node = NULL;
    *error_from = NULL;
    return cudaGraphExecUpdateSuccess;
}

/* Gives `to` the parameters of `from` node for node (checked by update_check). */
static cudaError_t update_apply(cudaGraph_t to, cudaGraph_t from) {
    for (size_t i = 0; i < to->count; i++) {
        cudaGraphNode_t t = to->nodes[i], f = from->nodes[i];
        cudaError_t e = cudaSuccess;
        switch (f->type) {
        case cudaGraphNodeTypeKernel:
            e = kernel_set(&t->u.kernel, f->u.kernel.func, f->u.kernel.grid, f->u.kernel.block, f->u.kernel.shared,
                           f->u.kernel.argv, NULL);
            memcpy(t->u.kernel.attrs, f->u.kernel.attrs, sizeof t->u.kernel.attrs);
            t->u.kernel.attrs_set = f->u.kernel.attrs_set;
            break;
        case cudaGraphNodeTypeGraph:
            e = update_apply(t->u.child, f->u.child);
            break;
        case cudaGraphNodeTypeMemAlloc:
        case cudaGraphNodeTypeMemFree:
            break;
        default:
            t->u = f->u;
            break;
        }
        if (e != cudaSuccess) {
            return e;
        }
    }
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                       cudaGraphExecUpdateResultInfo *resultInfo) {
    GRAPH_ENTER();
    if (!exec_live(hGraphExec) || !graph_live(hGraph) || resultInfo == NULL) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&graph_lock);
    cudaGraphNode_t error_node = NULL, error_from = NULL;
    enum cudaGraphExecUpdateResult r = update_check(hGraphExec->graph, hGraph, &error_node, &error_from);
    cudaError_t e = r == cudaGraphExecUpdateSuccess ? update_apply(hGraphExec->graph, hGraph)
                                                    : cudaErrorGraphExecUpdateFailure;
    pthread_mutex_unlock(&graph_lock);
    if (e != cudaSuccess && r == cudaGraphExecUpdateSuccess) {
        r = cudaGraphExecUpdateError;
    }
    *resultInfo = (cudaGraphExecUpdateResultInfo){r, error_node, error_from};
    return record(e);
}

EXPORT cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        cudaGraph_t childGraph) {
    cudaGraphNode_t n;
    cudaError_t e = exec_typed(hGraphExec, node, cudaGraphNodeTypeGraph, childGraph, &n);
    if (e != cudaSuccess) {
        return e;
    }
    if (!graph_live(childGraph)) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&graph_lock);
    cudaGraphNode_t error_node, error_from;
    enum cudaGraphExecUpdateResult r = update_check(n->u.child, childGraph, &error_node, &error_from);
    e = r == cudaGraphExecUpdateSuccess ? update_apply(n->u.child, childGraph) : cudaErrorInvalidValue;
    pthread_mutex_unlock(&graph_lock);
    return record(e);
}

EXPORT cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                              struct cudaGraphNodeParams *p) {
    if (p == NULL) {
        return record(cudaErrorInvalidValue);
    }
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = {p->kernel.func, p->kernel.gridDim, p->kernel.blockDim,
                                         p->kernel.sharedMemBytes, p->kernel.kernelParams, p->kernel.extra};
        return cudaGraphExecKernelNodeSetParams(graphExec, node, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        return cudaGraphExecMemcpyNodeSetParams(graphExec, node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset:
        return cudaGraphExecMemsetNodeSetParams(graphExec, node, (const struct cudaMemsetParams *)&p->memset);
    case cudaGraphNodeTypeHost:
        return cudaGraphExecHostNodeSetParams(graphExec, node, (const struct cudaHostNodeParams *)&p->host);
    case cudaGraphNodeTypeGraph:
        return cudaGraphExecChildGraphNodeSetParams(graphExec, node, p->graph.graph);
    case cudaGraphNodeTypeEventRecord:
        return cudaGraphExecEventRecordNodeSetEvent(graphExec, node, p->eventRecord.event);
    case cudaGraphNodeTypeWaitEvent:
        return cudaGraphExecEventWaitNodeSetEvent(graphExec, node, p->eventWait.event);
    case cudaGraphNodeTypeEmpty: {
        cudaGraphNode_t n;
        return exec_typed(graphExec, node, cudaGraphNodeTypeEmpty, p, &n);
    }
    default:
        return record(cudaErrorInvalidValue);
    }
}

static int can_disable(enum cudaGraphNodeType t) {
    return t == cudaGraphNodeTypeKernel || t == cudaGraphNodeTypeMemcpy || t == cudaGraphNodeTypeMemset;
}

EXPORT cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int isEnabled) {
    GRAPH_ENTER();
    cudaGraphNode_t n = exec_live(hGraphExec) ? exec_node(hGraphExec, hNode) : NULL;
    if (n == NULL || !can_disable(n->type)) {
        return record(cudaErrorInvalidValue);
    }
    n->enabled = isEnabled != 0;
    return cudaSuccess;
}

EXPORT cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int *isEnabled) {
    GRAPH_ENTER();
    cudaGraphNode_t n = exec_live(hGraphExec) ? exec_node(hGraphExec, hNode) : NULL;
    if (n == NULL || !can_disable(n->type) || isEnabled == NULL) {
        return record(cudaErrorInvalidValue);
    }
    *isEnabled = (unsigned int)n->enabled;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ stream capture */

/* Called with graph_lock held. */
static void invalidate(struct capture *c) {
    if (c != NULL) {
        c->invalidated = 1;
    }
}

static int any_blocking_capture(void) {
    for (struct capture *c = captures; c != NULL; c = c->next) {
        for (size_t i = 0; i < c->nstreams; i++) {
            if (stream_blocking(c->streams[i])) {
                return 1;
            }
        }
    }
    return 0;
}

/* Legacy-stream use while blocking streams capture invalidates those captures. Lock held. */
static cudaError_t legacy_use(void) {
    cudaError_t e = cudaSuccess;
    for (struct capture *c = captures; c != NULL; c = c->next) {
        for (size_t i = 0; i < c->nstreams; i++) {
            if (stream_blocking(c->streams[i])) {
                invalidate(c);
                e = cudaErrorStreamCaptureImplicit;
            }
        }
    }
    return e;
}

cudaError_t capture_check(cudaStream_t stream, int *capturing) {
    *capturing = 0;
    if (__atomic_load_n(&captures, __ATOMIC_ACQUIRE) == NULL) {
        return cudaSuccess; /* no capture anywhere: the common case */
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    cudaError_t e = cudaSuccess;
    if (s == NULL) {
        e = legacy_use();
    } else if (s->capture != NULL) {
        if (s->capture->invalidated) {
            e = cudaErrorStreamCaptureInvalidated;
        } else {
            *capturing = 1;
        }
    }
    pthread_mutex_unlock(&graph_lock);
    return e;
}

cudaError_t capture_fail(cudaStream_t stream, cudaError_t e) {
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    if (s != NULL) {
        invalidate(s->capture);
    }
    pthread_mutex_unlock(&graph_lock);
    return e;
}

/* Sets the stream's dependencies to the n nodes given (or adds them). Lock held. */
static int set_deps(struct CUstream_st *s, const cudaGraphNode_t *deps, size_t n, int add) {
    size_t have = add ? s->ndeps : 0;
    size_t need = have + n;
    size_t c = s->cdeps, ce = s->cdeps;
    if (!grow((void **)&s->deps, &c, need, sizeof *s->deps) ||
        !grow((void **)&s->dep_edges, &ce, need, sizeof *s->dep_edges)) {
        return 0;
    }
    s->cdeps = c < ce ? c : ce;
    size_t k = have;
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < k; j++) {
            seen |= s->deps[j] == deps[i];
        }
        if (!seen) {
            s->deps[k++] = deps[i];
        }
    }
    s->ndeps = k;
    memset(s->dep_edges, 0, k * sizeof *s->dep_edges);
    return 1;
}

cudaError_t capture_append(cudaStream_t stream, cudaGraphNode_t node) {
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    cudaError_t e = cudaSuccess;
    if (s == NULL || s->capture == NULL) {
        e = cudaErrorStreamCaptureInvalidated; /* the capture ended meanwhile (another thread) */
        node_free(node);
    } else if (s->capture->invalidated) {
        e = cudaErrorStreamCaptureInvalidated;
        node_free(node);
    } else if ((e = graph_insert(s->capture->graph, node, s->deps, NULL, s->ndeps)) != cudaSuccess ||
               !set_deps(s, &node, 1, 0)) {
        invalidate(s->capture);
        e = e != cudaSuccess ? e : cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&graph_lock);
    return e;
}

/* The captures that prohibit this thread's potentially unsafe calls (the capture modes' rule). Lock held. */
static int prohibited(struct capture *c) {
    if (thread_mode == cudaStreamCaptureModeRelaxed) {
        return 0;
    }
    int own = pthread_equal(c->thread, pthread_self());
    if (own) {
        return c->mode != cudaStreamCaptureModeRelaxed;
    }
    return thread_mode == cudaStreamCaptureModeGlobal && c->mode == cudaStreamCaptureModeGlobal;
}

cudaError_t capture_unsafe_call(void) {
    if (__atomic_load_n(&captures, __ATOMIC_ACQUIRE) == NULL) {
        return cudaSuccess;
    }
    pthread_mutex_lock(&graph_lock);
    cudaError_t e = cudaSuccess;
    for (struct capture *c = captures; c != NULL; c = c->next) {
        if (prohibited(c)) {
            invalidate(c);
            e = cudaErrorStreamCaptureUnsupported;
        }
    }
    pthread_mutex_unlock(&graph_lock);
    return e;
}

cudaError_t capture_device_sync(void) {
    if (__atomic_load_n(&captures, __ATOMIC_ACQUIRE) == NULL) {
        return cudaSuccess;
    }
    pthread_mutex_lock(&graph_lock);
    for (struct capture *c = captures; c != NULL; c = c->next) {
        invalidate(c);
    }
    pthread_mutex_unlock(&graph_lock);
    return cudaErrorStreamCaptureUnsupported;
}

cudaError_t capture_stream_sync(cudaStream_t stream) {
    if (__atomic_load_n(&captures, __ATOMIC_ACQUIRE) == NULL) {
        return cudaSuccess;
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    cudaError_t e = cudaSuccess;
    if (s == NULL) {
        e = legacy_use();
    } else if (s->capture != NULL) {
        invalidate(s->capture);
        e = cudaErrorStreamCaptureUnsupported;
    }
    pthread_mutex_unlock(&graph_lock);
    return e;
}

static struct capture *capture_by_id(unsigned long long id) {
    for (struct capture *c = captures; c != NULL; c = c->next) {
        if (c->id == id) {
            return c;
        }
    }
    return NULL;
}

cudaError_t capture_event_sync(cudaEvent_t event) {
    if (__atomic_load_n(&captures, __ATOMIC_ACQUIRE) == NULL || event->capture_id == 0) {
        return cudaSuccess;
    }
    pthread_mutex_lock(&graph_lock);
    struct capture *c = capture_by_id(event->capture_id);
    invalidate(c);
    pthread_mutex_unlock(&graph_lock);
    return c != NULL ? cudaErrorCapturedEvent : cudaSuccess;
}

/* Makes s take part in c with the given dependencies. Lock held. */
static int join(struct capture *c, struct CUstream_st *s, const cudaGraphNode_t *deps, size_t n) {
    if (!grow((void **)&c->streams, &c->cstreams, c->nstreams + 1, sizeof *c->streams) || !set_deps(s, deps, n, 0)) {
        return 0;
    }
    c->streams[c->nstreams++] = s;
    s->capture = c;
    return 1;
}

cudaError_t capture_event_record(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    if (flags & cudaEventRecordExternal) {
        cudaError_t e;
        cudaGraphNode_t n = node_event(cudaGraphNodeTypeEventRecord, event, &e);
        e = n == NULL ? capture_fail(stream, e) : capture_append(stream, n);
        if (e != cudaSuccess) {
            return e;
        }
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    cudaError_t e = cudaSuccess;
    cudaGraphNode_t *deps = malloc((s->ndeps ? s->ndeps : 1) * sizeof *deps);
    if (deps == NULL) {
        invalidate(s->capture);
        e = cudaErrorMemoryAllocation;
    } else {
        memcpy(deps, s->deps, s->ndeps * sizeof *deps);
        free(event->deps);
        event->deps = deps;
        event->ndeps = s->ndeps;
        event->capture_id = s->capture->id;
    }
    pthread_mutex_unlock(&graph_lock);
    return e;
}

cudaError_t capture_wait_event(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    if (__atomic_load_n(&captures, __ATOMIC_ACQUIRE) == NULL) {
        return cudaSuccess;
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    struct capture *from = event->capture_id != 0 ? capture_by_id(event->capture_id) : NULL;
    struct capture *into = s != NULL ? s->capture : NULL;
    cudaError_t e = cudaSuccess;
    int external = 0;
    if (into != NULL && into->invalidated) {
        e = cudaErrorStreamCaptureInvalidated;
    } else if (from == NULL) {
        /* an event of finished work, or of a capture that ended: nothing to wait for, unless the
           waiting stream captures, which must name it an external event */
        if (into != NULL && (flags & cudaEventWaitExternal)) {
            external = 1;
        } else if (into != NULL) {
            invalidate(into);
            e = cudaErrorStreamCaptureIsolation;
        } else if (s == NULL) {
            e = legacy_use();
        }
    } else if (from->invalidated) {
        invalidate(into);
        e = cudaErrorStreamCaptureInvalidated;
    } else if (s == NULL) {
        invalidate(from);
        e = cudaErrorStreamCaptureImplicit; /* the legacy stream cannot join a capture */
    } else if (into == NULL) {
        if (!join(from, s, event->deps, event->ndeps)) {
            invalidate(from);
            e = cudaErrorMemoryAllocation;
        }
    } else if (into != from) {
        invalidate(into);
        invalidate(from);
        e = cudaErrorStreamCaptureMerge;
    } else if (!set_deps(s, event->deps, event->ndeps, 1)) {
        invalidate(into);
        e = cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&graph_lock);
    if (external) {
        cudaGraphNode_t n = node_event(cudaGraphNodeTypeWaitEvent, event, &e);
        e = n == NULL ? capture_fail(stream, e) : capture_append(stream, n);
    }
    return e;
}

/* Takes every stream of c out of capture and forgets c. Lock held. */
static void capture_end(struct capture *c) {
    for (size_t i = 0; i < c->nstreams; i++) {
        c->streams[i]->capture = NULL;
        c->streams[i]->ndeps = 0;
    }
    struct capture **p = &captures;
    while (*p != c) {
        p = &(*p)->next;
    }
    __atomic_store_n(p, c->next, __ATOMIC_RELEASE);
    free(c->streams);
    free(c);
}

/*
 * A stream destroyed during a capture leaves it (programs destroy a forked stream once its work
 * is joined back, as graphMemoryNodes does); what it captured stays in the graph. The capture
 * cannot end without its origin stream, so that one's destruction ends it, invalid.
 */
void capture_stream_destroyed(struct CUstream_st *s) {
    pthread_mutex_lock(&graph_lock);
    struct capture *c = s->capture;
    if (c != NULL) {
        for (size_t i = 0; i < c->nstreams; i++) {
            if (c->streams[i] == s) {
                c->streams[i] = c->streams[--c->nstreams];
                break;
            }
        }
        s->capture = NULL;
        if (c->origin == s) {
            if (!c->graph_is_callers) {
                graph_destroy(c->graph);
            }
            capture_end(c);
        }
    }
    pthread_mutex_unlock(&graph_lock);
}

static cudaError_t begin(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *deps, size_t ndeps,
                         enum cudaStreamCaptureMode mode) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    if ((unsigned)mode > cudaStreamCaptureModeRelaxed || (ndeps > 0 && deps == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    struct CUstream_st *s = stream_state(stream);
    if (s == NULL) {
        return record(cudaErrorStreamCaptureUnsupported); /* the legacy stream cannot capture */
    }
    struct capture *c = calloc(1, sizeof *c);
    cudaGraph_t g = graph != NULL ? graph : graph_new();
    if (c == NULL || g == NULL) {
        free(c);
        if (graph == NULL) {
            free(g);
        }
        return record(cudaErrorMemoryAllocation);
    }
    pthread_mutex_lock(&graph_lock);
    e = s->capture != NULL ? cudaErrorIllegalState : cudaSuccess;
    if (e == cudaSuccess && graph != NULL) {
        e = graph_live(graph) ? cudaSuccess : cudaErrorInvalidValue;
        for (size_t i = 0; e == cudaSuccess && i < ndeps; i++) {
            if (!node_live(deps[i]) || deps[i]->graph != graph) {
                e = cudaErrorInvalidValue;
            }
        }
    }
    if (e == cudaSuccess) {
        c->id = next_capture_id++;
        c->graph = g;
        c->graph_is_callers = graph != NULL;
        c->mode = mode;
        c->thread = pthread_self();
        c->origin = s;
        /* the capture's own graph is the program's to name (cudaStreamGetCaptureInfo) while it
           is captured: nodes may be added to it, conditional handles made for it */
        if (!join(c, s, deps, ndeps) || (graph == NULL && !handle_add(&graphs, g))) {
            e = cudaErrorMemoryAllocation;
        } else {
            c->next = captures;
            __atomic_store_n(&captures, c, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_unlock(&graph_lock);
    if (e != cudaSuccess) {
        free(c->streams);
        free(c);
        if (graph == NULL) {
            graph_destroy(g);
        }
    }
    return record(e);
}

EXPORT cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
    return begin(stream, NULL, NULL, 0, mode);
}

EXPORT cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                                 const cudaGraphNode_t *dependencies,
                                                 const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                                 enum cudaStreamCaptureMode mode) {
    (void)dependencyData;
    if (graph == NULL) {
        return record(cudaErrorInvalidValue);
    }
    return begin(stream, graph, dependencies, numDependencies, mode);
}

/* Whether node n is one of `from` or reached from them through dependencies. */
static int reaches(cudaGraphNode_t n, cudaGraphNode_t *from, size_t nfrom, cudaGraph_t g) {
    char *seen = calloc(g->count ? g->count : 1, 1);
    cudaGraphNode_t *stack = calloc(g->count + nfrom + 1, sizeof *stack);
    int found = 0;
    size_t top = 0;
    for (size_t i = 0; stack != NULL && i < nfrom; i++) {
        stack[top++] = from[i];
    }
    while (seen != NULL && stack != NULL && top > 0 && !found) {
        cudaGraphNode_t m = stack[--top];
        if (m == n) {
            found = 1;
        } else if (!seen[m->index]) {
            seen[m->index] = 1;
            for (size_t d = 0; d < m->ndeps; d++) {
                stack[top++] = m->deps[d];
            }
        }
    }
    free(seen);
    free(stack);
    return found;
}

EXPORT cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    struct capture *c = s != NULL ? s->capture : NULL;
    cudaGraph_t graph = NULL;
    if (pGraph == NULL && (c == NULL || !c->graph_is_callers)) {
        /* only a capture into the program's own graph (cudaStreamBeginCaptureToGraph) needs no pGraph */
        e = cudaErrorInvalidValue;
    } else if (c == NULL) {
        e = cudaErrorIllegalState;
    } else if (c->origin != s) {
        invalidate(c);
        e = cudaErrorStreamCaptureUnmatched;
    } else if (c->mode == cudaStreamCaptureModeThreadLocal && !pthread_equal(c->thread, pthread_self())) {
        e = cudaErrorStreamCaptureWrongThread;
    } else {
        if (c->invalidated) {
            e = cudaErrorStreamCaptureInvalidated;
        }
        /* every other stream's work must be joined back into the origin stream */
        for (size_t i = 0; e == cudaSuccess && i < c->nstreams; i++) {
            for (size_t d = 0; e == cudaSuccess && c->streams[i] != s && d < c->streams[i]->ndeps; d++) {
                if (!reaches(c->streams[i]->deps[d], s->deps, s->ndeps, c->graph)) {
                    e = cudaErrorStreamCaptureUnjoined;
                }
            }
        }
        if (e == cudaSuccess) {
            graph = c->graph; /* the program's since the capture began */
        }
        if (e != cudaSuccess && !c->graph_is_callers) {
            graph_destroy(c->graph);
            graph = NULL;
        }
        capture_end(c);
    }
    pthread_mutex_unlock(&graph_lock);
    if (pGraph != NULL) {
        *pGraph = e == cudaSuccess ? graph : NULL;
    }
    return record(e);
}

EXPORT cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus) {
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (pCaptureStatus == NULL) {
        return record(cudaErrorInvalidValue);
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    if (s == NULL && any_blocking_capture()) {
        e = cudaErrorStreamCaptureImplicit;
    }
    *pCaptureStatus = s == NULL || s->capture == NULL ? cudaStreamCaptureStatusNone
                      : s->capture->invalidated      ? cudaStreamCaptureStatusInvalidated
                                                     : cudaStreamCaptureStatusActive;
    pthread_mutex_unlock(&graph_lock);
    return record(e);
}

EXPORT cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                            unsigned long long *id_out, cudaGraph_t *graph_out,
                                            const cudaGraphNode_t **dependencies_out,
                                            const cudaGraphEdgeData **edgeData_out, size_t *numDependencies_out) {
    cudaError_t e = cudaStreamIsCapturing(stream, captureStatus_out);
    if (e != cudaSuccess) {
        return e;
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    struct capture *c = s != NULL ? s->capture : NULL;
    if (c != NULL) {
        if (id_out != NULL) {
            *id_out = c->id;
        }
        if (graph_out != NULL) {
            *graph_out = c->graph;
        }
        if (dependencies_out != NULL) {
            *dependencies_out = s->deps;
        }
        if (edgeData_out != NULL) {
            *edgeData_out = s->dep_edges;
        }
        if (numDependencies_out != NULL) {
            *numDependencies_out = s->ndeps;
        }
    }
    pthread_mutex_unlock(&graph_lock);
    return cudaSuccess;
}

EXPORT cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                       const cudaGraphEdgeData *dependencyData,
                                                       size_t numDependencies, unsigned int flags) {
    (void)dependencyData;
    cudaError_t e = enter();
    if (e != cudaSuccess) {
        return e;
    }
    if (!stream_valid(stream)) {
        return record(cudaErrorInvalidResourceHandle);
    }
    if (flags > cudaStreamSetCaptureDependencies || (numDependencies > 0 && dependencies == NULL)) {
        return record(cudaErrorInvalidValue);
    }
    pthread_mutex_lock(&graph_lock);
    struct CUstream_st *s = stream_state(stream);
    struct capture *c = s != NULL ? s->capture : NULL;
    if (c == NULL) {
        e = cudaErrorIllegalState;
    } else if (c->invalidated) {
        e = cudaErrorStreamCaptureInvalidated;
    }
    for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++) {
        if (dependencies[i] == NULL || dependencies[i]->graph != c->graph) {
            e = cudaErrorInvalidValue;
        }
    }
    if (e == cudaSuccess && !set_deps(s, dependencies, numDependencies, flags == cudaStreamAddCaptureDependencies)) {
        e = cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&graph_lock);
    return record(e);
}

EXPORT cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode) {
    if (mode == NULL || (unsigned)*mode > cudaStreamCaptureModeRelaxed) {
        return record(cudaErrorInvalidValue);
    }
    enum cudaStreamCaptureMode old = thread_mode;
    thread_mode = *mode;
    *mode = old;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ per-thread default stream */

EXPORT cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
    return cudaStreamBeginCapture(ptsz(stream), mode);
}

EXPORT cudaError_t cudaStreamBeginCaptureToGraph_ptsz(cudaStream_t stream, cudaGraph_t graph,
                                                      const cudaGraphNode_t *dependencies,
                                                      const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                                      enum cudaStreamCaptureMode mode) {
    return cudaStreamBeginCaptureToGraph(ptsz(stream), graph, dependencies, dependencyData, numDependencies, mode);
}

EXPORT cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t *pGraph) {
    return cudaStreamEndCapture(ptsz(stream), pGraph);
}

EXPORT cudaError_t cudaStreamIsCapturing_ptsz(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus) {
    return cudaStreamIsCapturing(ptsz(stream), pCaptureStatus);
}

EXPORT cudaError_t cudaStreamGetCaptureInfo_ptsz(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                                 unsigned long long *id_out, cudaGraph_t *graph_out,
                                                 const cudaGraphNode_t **dependencies_out,
                                                 const cudaGraphEdgeData **edgeData_out,
                                                 size_t *numDependencies_out) {
    return cudaStreamGetCaptureInfo(ptsz(stream), captureStatus_out, id_out, graph_out, dependencies_out,
                                    edgeData_out, numDependencies_out);
}

EXPORT cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                            const cudaGraphEdgeData *dependencyData,
                                                            size_t numDependencies, unsigned int flags) {
    return cudaStreamUpdateCaptureDependencies(ptsz(stream), dependencies, dependencyData, numDependencies, flags);
}

EXPORT cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream) {
    return cudaGraphLaunch(graphExec, ptsz(stream));
}

EXPORT cudaError_t cudaGraphUpload_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream) {
    return cudaGraphUpload(graphExec, ptsz(stream));
}

ALIAS(cudaGraphInstantiateWithParams_ptsz, cudaGraphInstantiateWithParams);
