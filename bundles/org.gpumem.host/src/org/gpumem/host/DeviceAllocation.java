package org.gpumem.host;

import java.util.List;

/**
 * A block of the program's device memory: made by a runtime call (cudaMalloc, cudaMallocManaged,
 * cudaMallocHost...) or holding a module's {@code __device__} variable.
 *
 * @param address device address, which is also the program's pointer
 * @param size bytes
 * @param kind what the program can do with it
 * @param entryPoint the runtime function that allocated it, or the variable's name for module variables
 * @param callers return addresses of the call that allocated it, the entry point's caller first and
 *        then outwards (none for module variables): {@link HostCode} names the host code from them
 */
public record DeviceAllocation(long address, long size, Kind kind, String entryPoint, List<Long> callers) {

    public DeviceAllocation {
        callers = List.copyOf(callers);
    }

    /** The kinds of device memory, by how host code may touch them. */
    public enum Kind {
        /** cudaMalloc and its pitched forms: host code copies to and from it. */
        DEVICE,
        /** cudaMallocManaged: host code reads and writes it between kernels. */
        MANAGED,
        /** cudaMallocHost / cudaHostAlloc: page-locked host memory that kernels can reach. */
        HOST,
        /**
         * A device memory pool's block handed out by cudaMallocAsync / cudaMallocFromPoolAsync
         * (stream-ordered): the default pool's or a pinned pool's, on the device only, so host code
         * copies to and from it. Its size is the bytes asked for, which may be less than the
         * block's when its pool hands out a block it kept.
         */
        POOL,
        /** A managed memory pool's block (cudaMallocFromPoolAsync): host code reads and writes it between kernels. */
        MANAGED_POOL,
        /** A memory pool's block the program freed (cudaFreeAsync) and the pool keeps for reuse: the whole block. */
        POOL_RESERVE,
        /** Graph memory: the address of a graph's allocation node, kept while a graph holds the node. */
        GRAPH,
        /** A CUDA array or mipmapped array (cudaMallocArray...): what textures and surfaces read and write. */
        ARRAY,
        /** A module's {@code __device__} variable. */
        VARIABLE,
        /**
         * The value of a conditional graph node's handle (cudaGraphConditionalHandleCreate), which
         * device code sets: the runtime's own memory, kept while a graph uses the handle.
         */
        CONDITION
    }
}
