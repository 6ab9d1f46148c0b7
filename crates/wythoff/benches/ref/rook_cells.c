/* Reference program: the P-positions of seed 000's mWN^(l,p) (`modulo-rook:m=M,
 * l=L,p=P`) on the N x N board by a plain per-cell solver. Each cell is decided
 * from flags: per column and per row residue mod p (is there a P-position at
 * a distance whose residue is a rook length?), the last m - 1 rows and cells
 * (the short lengths <= m - 1), and per diagonal its first P-position's row
 * (the band |k - l| < m, with the lag of the diagonals above). O(n^2 (l + m)).
 * Hashed as `wythoff p-positions ... --format summary` hashes them (x then y
 * per P-position, row-major, FNV-1a style over 64-bit words). Prints
 * `<count> <hash> <cpu seconds>`.
 *
 *   cc -O2 -o rook_cells rook_cells.c && ./rook_cells 32768 2 0 4
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: rook_cells N m l p\n");
        return 2;
    }
    long n = strtol(argv[1], NULL, 10), m = strtol(argv[2], NULL, 10);
    long l = strtol(argv[3], NULL, 10), p = strtol(argv[4], NULL, 10);
    if (n < 1 || n > (1L << 20) || m < 1 || m > 64 || p < 1 || p > 64 || l < 0 || l > p) {
        fprintf(stderr, "rook_cells: N in 1..2^20, m in 1..64, p in 1..64, 0 <= l <= p\n");
        return 2;
    }
    long nres = l <= 1 ? 1 : l; /* rook lengths: k mod p in 0..nres-1, k >= 1 */
    clock_t c0 = clock();
    unsigned char *col = calloc((size_t)n * p, 1); /* column y has a P in a row = r mod p */
    unsigned char *ring = calloc((size_t)n * m, 1); /* rows x mod m: P flags */
    long *first = malloc(sizeof(long) * (size_t)(2 * n + 2 * m + 2));
    unsigned char rowres[64];
    if (!col || !ring || !first) {
        fprintf(stderr, "rook_cells: out of memory\n");
        return 1;
    }
    for (long i = 0; i < 2 * n + 2 * m + 2; i++)
        first[i] = -1;
    long off = n + m;
    uint64_t h = 0xcbf29ce484222325ULL, count = 0;
    for (long x = 0; x < n; x++) {
        unsigned char *cur = ring + (size_t)(x % m) * n;
        memset(cur, 0, (size_t)n);
        memset(rowres, 0, sizeof rowres);
        for (long y = 0; y < n; y++) {
            int attacked = 0;
            /* rook lengths along the column and the row */
            for (long j = 0; j < nres && !attacked; j++) {
                long r = ((x - j) % p + p) % p;
                long s = ((y - j) % p + p) % p;
                attacked = col[(size_t)y * p + r] | rowres[s];
            }
            /* short lengths k <= m - 1 */
            for (long k = 1; k < m && !attacked; k++) {
                if (k <= x && ring[(size_t)((x - k) % m) * n + y])
                    attacked = 1;
                if (k <= y && cur[y - k])
                    attacked = 1;
            }
            /* the band: diagonals d0 = d + j, |j| < m */
            long d = y - x + off;
            for (long j = -(m - 1); j < m && !attacked; j++) {
                long f = first[d + j];
                if (f >= 0 && f < x - (j > 0 ? j : 0))
                    attacked = 1;
            }
            if (attacked)
                continue;
            cur[y] = 1;
            col[(size_t)y * p + x % p] = 1;
            rowres[y % p] = 1;
            if (first[d] < 0)
                first[d] = x;
            h = (h ^ (uint64_t)x) * 0x100000001b3ULL;
            h = (h ^ (uint64_t)y) * 0x100000001b3ULL;
            count++;
        }
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("%llu %016llx %.3f\n", (unsigned long long)count, (unsigned long long)h, cpu);
    free(col);
    free(ring);
    free(first);
    return 0;
}
