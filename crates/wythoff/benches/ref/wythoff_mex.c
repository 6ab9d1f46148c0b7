/* Reference program: Wythoff's P-positions on the N x N board by the mex
 * recurrence of the classical solution (a_n = mex{a_i, b_i : i < n},
 * b_n = a_n + n), hashed as `wythoff p-positions wythoff --max N --format
 * summary` hashes them (x then y per P-position, row-major, FNV-1a style over
 * 64-bit words). Prints `<count> <hash> <cpu seconds>`. This is the published
 * solution, not a solver from the rules: the bound the rules-only kernel
 * (solve/outcome/linear.rs) is compared with.
 *
 *   cc -O2 -o wythoff_mex wythoff_mex.c && ./wythoff_mex 1048576
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: wythoff_mex N\n");
        return 2;
    }
    long n = strtol(argv[1], NULL, 10);
    if (n < 1 || n > (1L << 30)) {
        fprintf(stderr, "wythoff_mex: N must be in 1..2^30\n");
        return 2;
    }
    clock_t c0 = clock();
    /* partner[x]: the y of the P-position in row x (-1: none on the board) */
    long *partner = malloc(sizeof(long) * (size_t)n);
    unsigned char *used = calloc((size_t)n, 1);
    if (!partner || !used) {
        fprintf(stderr, "wythoff_mex: out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++)
        partner[i] = -1;
    long a = 0;
    for (long k = 0;; k++) {
        while (a < n && used[a])
            a++;
        if (a >= n)
            break;
        long b = a + k;
        used[a] = 1;
        partner[a] = b < n ? b : -1;
        if (b < n) {
            used[b] = 1;
            partner[b] = a;
        }
    }
    uint64_t h = 0xcbf29ce484222325ULL, count = 0;
    for (long x = 0; x < n; x++) {
        if (partner[x] < 0)
            continue;
        h = (h ^ (uint64_t)x) * 0x100000001b3ULL;
        h = (h ^ (uint64_t)partner[x]) * 0x100000001b3ULL;
        count++;
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("%llu %016llx %.3f\n", (unsigned long long)count, (unsigned long long)h, cpu);
    free(partner);
    free(used);
    return 0;
}
