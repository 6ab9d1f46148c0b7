/* Reference program for the kernel bench: the Grundy values of Wythoff's game
 * on the N x N board by the plain bitset mex (one bitset of values per row,
 * column and diagonal; every search starts at value 0), hashed as
 * `wythoff grundy wythoff --max N --format summary` hashes them (FNV-1a style
 * over 64-bit words, row-major). Prints `<cells> <hash> <cpu seconds>`.
 *
 *   cc -O2 -o grundy_mex grundy_mex.c && ./grundy_mex 4096
 *
 * The bench (`cargo bench -p wythoff --bench kernels -- full grundy`) compiles
 * and runs it, checks the hash against the kernel's and prints the ratio. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: grundy_mex N\n");
        return 2;
    }
    long n = strtol(argv[1], NULL, 10);
    if (n < 1 || n > 65536) {
        fprintf(stderr, "grundy_mex: N must be in 1..65536\n");
        return 2;
    }
    clock_t c0 = clock();
    /* values are at most the number of options, 3 (n - 1) */
    size_t words = (size_t)(3 * (n - 1)) / 64 + 2;
    uint64_t *cols = calloc((size_t)n * words, 8);
    uint64_t *diags = calloc((size_t)(2 * n) * words, 8);
    uint64_t *row = calloc(words, 8);
    if (!cols || !diags || !row) {
        fprintf(stderr, "grundy_mex: out of memory\n");
        return 1;
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    for (long x = 0; x < n; x++) {
        memset(row, 0, words * 8);
        for (long y = 0; y < n; y++) {
            uint64_t *c = cols + (size_t)y * words;
            uint64_t *d = diags + (size_t)(y + n - x) * words;
            size_t i = 0;
            uint64_t acc;
            while ((acc = row[i] | c[i] | d[i]) == ~0ULL)
                i++;
            uint64_t g = i * 64 + (uint64_t)__builtin_ctzll(~acc);
            uint64_t bit = 1ULL << (g % 64);
            row[g / 64] |= bit;
            c[g / 64] |= bit;
            d[g / 64] |= bit;
            h = (h ^ g) * 0x100000001b3ULL;
        }
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("%llu %016llx %.3f\n", (unsigned long long)(n * n), (unsigned long long)h, cpu);
    free(cols);
    free(diags);
    free(row);
    return 0;
}
