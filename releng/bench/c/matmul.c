/* The work of releng/bench/matmul.json on one core: C = A * B for 256 x 256 floats, row-major,
   the kernel's loop order (each element a dot product of a row and a column). */
#include "reference.h"

#define N 256
static float *a, *b, *c;

static void work(void)
{
    for (int row = 0; row < N; row++) {
        for (int col = 0; col < N; col++) {
            float sum = 0.0f;
            for (int k = 0; k < N; k++) {
                sum += a[row * N + k] * b[k * N + col];
            }
            c[row * N + col] = sum;
        }
    }
}

static double checksum(void)
{
    double s = 0;
    for (int i = 0; i < N * N; i++) {
        s += c[i];
    }
    return s;
}

int main(void)
{
    uint64_t state = 8;
    a = checked_malloc(sizeof(float) * N * N);
    b = checked_malloc(sizeof(float) * N * N);
    c = checked_malloc(sizeof(float) * N * N);
    for (int i = 0; i < N * N; i++) {
        a[i] = (next_random(&state) >> 40) * 0x1.0p-24f;
        b[i] = (next_random(&state) >> 40) * 0x1.0p-24f;
    }
    report(work, checksum);
    return 0;
}
