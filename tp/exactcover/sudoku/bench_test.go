package sudoku

import (
	"os"
	"testing"
)

// benchPuzzles reads the puzzles of the file named by the environment
// variable REINES_SUDOKU_FILE, by default testdata/sudoku17-sample.txt.
func benchPuzzles(b *testing.B) []Grid {
	path := os.Getenv("REINES_SUDOKU_FILE")
	if path == "" {
		path = "testdata/sudoku17-sample.txt"
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var puzzles []Grid
	for pz, err := range ReadPuzzles(f) {
		if err != nil {
			b.Fatal(err)
		}
		puzzles = append(puzzles, pz.Grid)
	}
	if len(puzzles) == 0 {
		b.Fatalf("no puzzles in %s", path)
	}
	return puzzles
}

// BenchmarkSolve solves the puzzles on one goroutine, proving each
// solution unique, and reports puzzles/s. "file": one op builds a Solver
// (the 324-item matrix, once) then solves every puzzle of the file, the
// givens' options being covered then uncovered for each; "fresh": one op
// builds the matrix and solves one puzzle. Target: 10,000 puzzles/s on the
// 17-given puzzles with "file" (a compact C DLX did 9,400-10,350 on the
// course machine). "file" also reports puzzles per CPU-second of the
// process, which a loaded machine does not distort.
//
// The full set: REINES_SUDOKU_FILE=../shared/data/sudoku17.txt (49,151
// puzzles, from the repository root) go test ./tp/exactcover/sudoku -run
// '^$' -bench Solve/file -benchtime 1x.
func BenchmarkSolve(b *testing.B) {
	puzzles := benchPuzzles(b)
	b.Run("file", func(b *testing.B) {
		b.ReportAllocs()
		var updates int64
		cpu := cpuTime()
		for b.Loop() {
			s := NewSolver()
			for _, g := range puzzles {
				if _, err := s.Solve(g); err != nil {
					b.Fatal(err)
				}
				updates += s.Stats().Updates
			}
		}
		n := float64(b.N * len(puzzles))
		b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
		if cpu := cpuTime() - cpu; cpu > 0 {
			b.ReportMetric(n/cpu.Seconds(), "puzzles/cpu-s")
		}
		b.ReportMetric(float64(updates)/n, "updates/puzzle")
	})
	b.Run("fresh", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := Solve(puzzles[i%len(puzzles)]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	})
}
