/* Reference program for the row kernel's bench: Wythoff's Grundy rows 0..R-1
 * over the columns 0..Y-1 by the plain recurrence, the way one writes it
 * without the kernel's window argument: a plain table of the R x Y values
 * (int32, O(R Y) memory, never Y x Y); G(x, y) is the least value used by
 * none of the cell's options, which are the row's earlier cells (x, y'),
 * y' < y (a bitset of the values the row has used, with its mex pointer),
 * the column's cells (x - k, y) and the diagonal's cells (x - k, y - k),
 * 1 <= k <= x (read from the table, marked in an array of stamps: mark[v] ==
 * stamp). Hashed as `wythoff::hash::Summary` hashes Grundy values (FNV-1a
 * style over 64-bit words, row-major). Prints `<cells> <hash> <cpu seconds>`.
 *
 *   cc -O2 -o grundy_rows grundy_rows.c && ./grundy_rows 64 262144
 *
 * The bench (`cargo bench -p wythoff --bench kernels -- rows`) compiles and
 * runs it, checks the hash against the row kernel's and prints the ratio. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: grundy_rows R Y\n");
        return 2;
    }
    long r = strtol(argv[1], NULL, 10), ny = strtol(argv[2], NULL, 10);
    if (r < 1 || r > 4096 || ny < 1 || ny > (1L << 24) || r * ny >= (1L << 32)) {
        fprintf(stderr, "grundy_rows: R must be in 1..4096, Y in 1..16777216, R Y below 2^32\n");
        return 2;
    }
    clock_t c0 = clock();
    /* G(x, y) <= y + 2x: the options number y + 2x at most */
    size_t top = (size_t)ny + 2 * (size_t)r + 64;
    int32_t *g = malloc((size_t)r * (size_t)ny * sizeof(int32_t));
    uint64_t *used = malloc((top / 64 + 1) * 8);
    uint32_t *mark = calloc(top, sizeof(uint32_t));
    if (!g || !used || !mark) {
        fprintf(stderr, "grundy_rows: out of memory\n");
        return 1;
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    uint32_t stamp = 0;
    for (long x = 0; x < r; x++) {
        memset(used, 0, (top / 64 + 1) * 8);
        size_t mex = 0; /* the least value the row has not used */
        int32_t *row = g + (size_t)x * ny;
        for (long y = 0; y < ny; y++) {
            stamp++;
            for (long k = 1; k <= x; k++) {
                const int32_t *below = g + (size_t)(x - k) * ny;
                mark[below[y]] = stamp;
                if (k <= y)
                    mark[below[y - k]] = stamp;
            }
            size_t v = mex;
            while ((used[v / 64] >> (v % 64) & 1) || mark[v] == stamp)
                v++;
            row[y] = (int32_t)v;
            used[v / 64] |= 1ULL << (v % 64);
            while (used[mex / 64] >> (mex % 64) & 1)
                mex++;
            h = (h ^ (uint64_t)v) * 0x100000001b3ULL;
        }
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("%llu %016llx %.3f\n", (unsigned long long)(r * ny), (unsigned long long)h, cpu);
    free(g);
    free(used);
    free(mark);
    return 0;
}
