/* The work of releng/bench/reduce.json on one core: the sum of each block of 256 of 4M ints. */
#include "reference.h"

#define COUNT 4194304
#define BLOCK 256
static int *in, *partial;

static void work(void)
{
    for (int blk = 0; blk < COUNT / BLOCK; blk++) {
        int sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += in[blk * BLOCK + i];
        }
        partial[blk] = sum;
    }
}

static double checksum(void)
{
    double s = 0;
    for (int i = 0; i < COUNT / BLOCK; i++) {
        s += partial[i];
    }
    return s;
}

int main(void)
{
    uint64_t state = 3;
    in = checked_malloc(sizeof(int) * COUNT);
    partial = checked_malloc(sizeof(int) * (COUNT / BLOCK));
    for (int i = 0; i < COUNT; i++) {
        in[i] = (int) next_random(&state);
    }
    report(work, checksum);
    return 0;
}
