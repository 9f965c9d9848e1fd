/* The work of releng/bench/saxpy.json on one core: y = 2.5 x + y over 4M floats. */
#include "reference.h"

#define COUNT 4194304
static float *x, *y;

static void work(void)
{
    for (int i = 0; i < COUNT; i++) {
        y[i] = 2.5f * x[i] + y[i];
    }
}

static double checksum(void)
{
    double s = 0;
    for (int i = 0; i < COUNT; i++) {
        s += y[i];
    }
    return s;
}

int main(void)
{
    uint64_t state = 1;
    x = checked_malloc(sizeof(float) * COUNT);
    y = checked_malloc(sizeof(float) * COUNT);
    for (int i = 0; i < COUNT; i++) {
        x[i] = (next_random(&state) >> 40) * 0x1.0p-24f;
        y[i] = (next_random(&state) >> 40) * 0x1.0p-24f;
    }
    report(work, checksum);
    return 0;
}
