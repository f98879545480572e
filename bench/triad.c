/* STREAM-style triad c[i] = a[i] * s + b[i] on float arrays, for docs/performance.md.
 * gcc -O3 -march=native -ffp-contract=off -fopenmp -o triad bench/triad.c && ./triad 262144 [threads]
 * Prints the median ns per element over 21 timed runs (each repeated until >= 20 ms), after warm-up. With threads
 * (default 1), the loop is split in that many contiguous parts by OpenMP, as STREAM does. The arrays come from
 * malloc, so GLIBC_TUNABLES=glibc.malloc.hugetlb=1 gives them 2 MB pages as it gives the model's machine. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

__attribute__((noinline)) static void triad(float *restrict c, const float *restrict a, const float *restrict b,
                                            float s, long n) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) c[i] = a[i] * s + b[i];
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 262144;
    omp_set_num_threads(argc > 2 ? atoi(argv[2]) : 1);
    float *a = aligned_alloc(64, n * sizeof(float)), *b = aligned_alloc(64, n * sizeof(float)),
          *c = aligned_alloc(64, n * sizeof(float));
    for (long i = 0; i < n; i++) { a[i] = (float)i / n; b[i] = 1.0f - a[i]; }
    for (int w = 0; w < 200; w++) triad(c, a, b, 1.5f, n);
    double samples[21];
    for (int k = 0; k < 21; k++) {
        double start = now(), t;
        long runs = 0;
        do { triad(c, a, b, 1.5f, n); runs++; t = now(); } while (t - start < 2e7);
        samples[k] = (t - start) / runs / n;
    }
    qsort(samples, 21, sizeof(double), cmp);
    printf("%.4f\n", samples[10]);
    return c[n / 2] == 12345.0f; /* keep c alive */
}
