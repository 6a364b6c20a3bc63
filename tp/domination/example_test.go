package domination_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

// The sujet's answers on the 8×8 board, then the exact solver: five queens
// suffice, with or without the non-attacking rule, and the solver counts
// the minimum placements (OEIS A002568 and A002564).
func Example() {
	lb, _ := domination.LowerBound(8)
	best, _, _ := domination.CoverByQueens(8)
	fmt.Println("Q3 lower bound:", lb, "- Q8 minimum:", best)
	for _, independent := range []bool{true, false} {
		res, _ := domination.Solve(context.Background(), 8, domination.Options{Independent: independent, Count: true})
		fmt.Printf("independent=%v: %d queens, %d placements\n", independent, res.Min, res.Count)
	}
	// Output:
	// Q3 lower bound: 3 - Q8 minimum: 5
	// independent=true: 5 queens, 728 placements
	// independent=false: 5 queens, 4860 placements
}

// The heat map of one queen on the 4×4 board, as in the sujet's test.
func ExampleUpdate() {
	c, _ := domination.NewCoverage(4, true)
	_ = domination.Update(c, queens.Square{Row: 1, Col: 1}, 1)
	for _, row := range c.Count {
		fmt.Println(row)
	}
	fmt.Println("uncovered:", c.Uncovered, "complete:", domination.Complete(c))
	err := domination.Update(c, queens.Square{Row: 3, Col: 3}, 1)
	fmt.Println(err)
	// Output:
	// [1 1 1 0]
	// [1 1 1 1]
	// [1 1 1 0]
	// [0 1 0 1]
	// uncovered: 4 complete: false
	// domination: square already covered, a queen there would be attacked: row 4, column 4
}

func ExampleCountMinimumCovers() {
	for n := 4; n <= 7; n++ {
		m, count, _, _ := domination.CountMinimumCovers(n)
		fmt.Printf("n=%d: %d queens, %d placements\n", n, m, count)
	}
	// Output:
	// n=4: 3 queens, 16 placements
	// n=5: 3 queens, 16 placements
	// n=6: 4 queens, 120 placements
	// n=7: 4 queens, 8 placements
}

func ExampleReservoirZero() {
	rng := rand.New(rand.NewPCG(1, 2))
	hits := map[int]int{}
	for range 3000 {
		i, _ := domination.ReservoirZero([]int{2, 0, 1, 0, 0}, rng)
		hits[i]++
	}
	fmt.Println(len(hits), hits[1] > 900, hits[3] > 900, hits[4] > 900)
	// Output:
	// 3 true true true
}

func ExampleRandomCover() {
	rng := rand.New(rand.NewPCG(2025, 17)) // fixed seed: reproducible
	best, qs, stats, _ := domination.RandomCover(8, 10000, domination.FixedProbability, rng)
	fmt.Println(best == len(qs), best >= 5, stats.Trials)
	// Output:
	// true true 10000
}

func ExampleSolve() {
	res, err := domination.Solve(context.Background(), 12, domination.Options{Independent: true, Count: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("i(Q_12) = %d, %d placements\n", res.Min, res.Count)
	for _, l := range res.Levels {
		fmt.Printf("  %d queens: found=%v\n", l.K, l.Found)
	}
	// Output:
	// i(Q_12) = 7, 840 placements
	//   4 queens: found=false
	//   5 queens: found=false
	//   6 queens: found=false
	//   7 queens: found=true
}

func ExampleCoverByQueensWorkers() {
	qs, _, err := domination.CoverByQueensWorkers(context.Background(), 8, 2, nil)
	fmt.Println(len(qs), err)
	// Output:
	// 5 <nil>
}
