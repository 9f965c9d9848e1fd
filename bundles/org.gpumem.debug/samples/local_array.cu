// Per-thread local array filled from a shared stage and summed with weights by a non-inlined
// device function that receives it through a generic pointer. blockDim.x <= 128.
__device__ __noinline__ int weighted_sum(const int* values, int count)
{
    int sum = 0;
    for (int k = 0; k < count; ++k) {
        sum += (k + 1) * values[k];
    }
    return sum;
}

__global__ void local_weighted(const int* in, int* out, int n)
{
    __shared__ int stage[128];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    stage[threadIdx.x] = gid < n ? in[gid] : 0;
    __syncthreads();
    int window[8];
    for (int k = 0; k < 8; ++k) {
        window[k] = stage[(threadIdx.x + k) % blockDim.x];
    }
    int result = weighted_sum(window, 8);
    if (gid < n) {
        out[gid] = result;
    }
}
