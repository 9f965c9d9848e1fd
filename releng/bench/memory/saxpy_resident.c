/*
 * The work `gpumem run` does in releng/bench-memory, in C: x and y of COUNT floats each, x
 * filled with 1 and y with 0, 1, 2..., y = 2.5 x + y, y written to FILE. Its peak resident
 * memory is the reference for what the buffers themselves cost.
 * usage: saxpy_resident COUNT FILE
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: saxpy_resident COUNT FILE\n");
        return 2;
    }
    size_t count = strtoull(argv[1], NULL, 10);
    float *x = malloc(count * sizeof(float));
    float *y = malloc(count * sizeof(float));
    if (x == NULL || y == NULL) {
        fprintf(stderr, "saxpy_resident: cannot allocate 2 x %zu floats\n", count);
        return 1;
    }
    for (size_t i = 0; i < count; i++) {
        x[i] = 1.0f;
        y[i] = (float) (double) i;
    }
    for (size_t i = 0; i < count; i++) {
        y[i] = 2.5f * x[i] + y[i];
    }
    FILE *out = fopen(argv[2], "wb");
    if (out == NULL || fwrite(y, sizeof(float), count, out) != count || fclose(out) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
