/* The timing frame of the C references of releng/bench-sim: best wall time of REPEAT runs of
   one launch's work, printed as "seconds S" (what `gpumem bench --c-reference` reads), and a
   checksum of the output so that the compiler keeps the work. */
#ifndef GPUMEM_BENCH_REFERENCE_H
#define GPUMEM_BENCH_REFERENCE_H
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#define REPEAT 5

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Fills with SplitMix64 values (any values do: the work does not depend on them). */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void *checked_malloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

/* Runs work() REPEAT times and prints the best time and checksum(). */
static void report(void (*work)(void), double (*checksum)(void))
{
    double best = 1e30;
    for (int i = 0; i < REPEAT; i++) {
        double t0 = now_seconds();
        work();
        double t = now_seconds() - t0;
        if (t < best) {
            best = t;
        }
    }
    printf("seconds %.9f\nchecksum %.6g\n", best, checksum());
}
#endif
