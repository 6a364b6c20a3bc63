/*
 * mirror.c: the plain mirror-symmetry bitboard N-queens counter that
 * `make bench` measures package fastcount against (written for this
 * project). One thread; the first queen in the left half of the top row,
 * counted twice; for odd n the middle column with the second queen in the
 * left half, counted twice. Walker's bitboard backtracking (TAOCP 7.2.2,
 * Algorithm W), recursive, lowest free bit first.
 *
 * Usage: mirror N   prints Q(N) on stdout.   Build: gcc -O3 -o mirror mirror.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t all;

static uint64_t count(uint64_t cols, uint64_t left, uint64_t right)
{
	if (cols == all)
		return 1;
	uint64_t total = 0;
	uint64_t free = all & ~(cols | left | right);
	while (free) {
		uint64_t bit = free & -free;
		free ^= bit;
		total += count(cols | bit, (left | bit) << 1, (right | bit) >> 1);
	}
	return total;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: mirror N (1 <= N <= 32)\n");
		return 2;
	}
	int n = atoi(argv[1]);
	if (n < 1 || n > 32) {
		fprintf(stderr, "mirror: N must be 1..32\n");
		return 2;
	}
	all = (n == 64) ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
	uint64_t total = 0;
	for (int c = 0; c < n / 2; c++) {
		uint64_t bit = (uint64_t)1 << c;
		total += 2 * count(bit, bit << 1, bit >> 1);
	}
	if (n % 2 == 1) {
		uint64_t mid = (uint64_t)1 << (n / 2);
		uint64_t cols = mid, left = mid << 1, right = mid >> 1;
		/* second row: left half only, counted twice */
		uint64_t free = all & ~(cols | left | right) & (((uint64_t)1 << (n / 2)) - 1);
		while (free) {
			uint64_t bit = free & -free;
			free ^= bit;
			total += 2 * count(cols | bit, (left | bit) << 1, (right | bit) >> 1);
		}
	}
	if (n == 1)
		total = 1;
	printf("%llu\n", (unsigned long long)total);
	return 0;
}
