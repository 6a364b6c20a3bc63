package nb00

// The hidden cases of notebook 00: the teacher's edition only (the
// student edition is released without this file). Random ones are drawn
// with the teacher's seed, outside the public cases' ranges.

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/queens"
)

// ints returns k numbers drawn in [lo, hi).
func ints(rng *rand.Rand, k, lo, hi int) []int {
	s := make([]int, k)
	for i := range s {
		s[i] = lo + rng.IntN(hi-lo)
	}
	return s
}

func init() {
	// Public rows stop at 8.
	Q1.Hidden = func(rng *rand.Rand) []GridCase {
		return []GridCase{{10 + rng.IntN(6), 2 + rng.IntN(9)}, {9, 1}}
	}
	// Public placements have at most 7 queens.
	Q2.Hidden = func(rng *rand.Rand) []WithQueenCase {
		n := 8 + rng.IntN(4)
		a := rng.IntN(n)
		return []WithQueenCase{{queens.Placement(rng.Perm(n)), a, (a + 1 + rng.IntN(n-1)) % n}, {queens.Placement{0}, 5, 6}}
	}
	Q3.Hidden = func(*rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 6}, {N: 7}}
	}
	// Public placements have at most 5 queens.
	Q4.Hidden = func(rng *rand.Rand) []queens.Placement {
		n := 6 + rng.IntN(4)
		return []queens.Placement{queens.Placement(ints(rng, n, 0, n)), queens.Placement(ints(rng, n+3, 0, 3))}
	}
	// Public boards have at most 5 rows.
	Q5.Hidden = func(rng *rand.Rand) []PushCase {
		n := 6 + rng.IntN(3)
		return []PushCase{{n, ints(rng, 3*n, 0, n)}, {8, []int{0, 4, 7, 5, 2, 6, 1, 3, 0}}}
	}
	Q6.Hidden = func(rng *rand.Rand) []string {
		n := 6 + rng.IntN(4)
		words := func(p []int, shift int) string {
			s := make([]string, len(p))
			for i, c := range p {
				s[i] = fmt.Sprint(c + shift)
			}
			return strings.Join(s, " ")
		}
		p := rng.Perm(n)
		bad := rng.Perm(n)
		bad[rng.IntN(n)] = n // 1-based n+1: one past the board
		return []string{words(p, 1), words(bad, 1), words(p, 1) + " 1a", "\t" + words(p[:5], 1) + "\n"}
	}
	// Public lists have at most 7 arguments.
	Q7.Hidden = func(rng *rand.Rand) [][]int {
		return [][]int{ints(rng, 12, -4, 5), ints(rng, 9, 100, 103)}
	}
	// Public lists are short, or 1 … 20 and 1 … 100.
	Q8.Hidden = func(rng *rand.Rand) [][]int {
		return [][]int{ints(rng, 30+rng.IntN(20), -50, 50), {-3, 3}}
	}
	Q9.Hidden = func(rng *rand.Rand) []WorkersCase {
		return []WorkersCase{{ints(rng, 15+rng.IntN(10), -9, 10), 2 + rng.IntN(4)}, {seq(12), 12}}
	}
	// Public counts stop at 100000.
	Q10.Hidden = func(rng *rand.Rand) []CountCase {
		return []CountCase{{100001 + rng.IntN(50000), 2 + rng.IntN(5), 2 + rng.IntN(9)}, {7, 7, 2}}
	}
	Q11.Hidden = func(rng *rand.Rand) []DrainCase {
		return []DrainCase{
			{ints(rng, 8+rng.IntN(5), -20, 20), true, ""},
			{ints(rng, 8+rng.IntN(5), 0, 100), false, "deadline"},
			{[]int{1, 1}, false, "later"},
		}
	}
}
