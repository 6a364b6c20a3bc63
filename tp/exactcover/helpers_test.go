package exactcover

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// bruteForce returns every set of rows of m (as increasing row lists, in
// increasing order of bit masks) holding exactly one 1 in each of the
// first len(m[0])-secondary columns and at most one in the others. It is
// the oracle of the tests: 2^rows subsets, so rows must be small.
func bruteForce(m Matrix, secondary int) [][]int {
	nrows, ncols := len(m), 0
	if nrows > 0 {
		ncols = len(m[0])
	}
	var sols [][]int
	for mask := 0; mask < 1<<nrows; mask++ {
		ok := true
		for c := 0; c < ncols && ok; c++ {
			ones := 0
			for r := range nrows {
				if mask&(1<<r) != 0 {
					ones += m[r][c]
				}
			}
			ok = ones == 1 || (ones == 0 && c >= ncols-secondary)
		}
		if ok {
			var rows []int
			for r := range nrows {
				if mask&(1<<r) != 0 {
					rows = append(rows, r)
				}
			}
			sols = append(sols, rows)
		}
	}
	return sols
}

// normalize sorts each solution and the list of solutions, so that
// solvers visiting in different orders can be compared.
func normalize(sols [][]int) [][]int {
	out := make([][]int, len(sols))
	for k, s := range sols {
		out[k] = slices.Sorted(slices.Values(s))
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// randomMatrix returns a rows×cols 0/1 matrix with density about dens in
// which every row has a 1 in one of the first cols-secondary columns.
func randomMatrix(rng *rand.Rand, rows, cols, secondary int, dens float64) Matrix {
	m := make(Matrix, rows)
	for r := range m {
		m[r] = make([]int, cols)
		for c := range m[r] {
			if rng.Float64() < dens {
				m[r][c] = 1
			}
		}
		m[r][rng.IntN(cols-secondary)] = 1
	}
	return m
}

// block is one matrix of testdata/dlx-secondary-columns.txt.
type block struct {
	primary, secondary int
	rows               Matrix
}

// readBlocks reads the format of testdata/dlx-secondary-columns.txt: '#'
// comments, "cols P S" starting a block, then one 0/1 string per option.
func readBlocks(t testing.TB, path string) []block {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []block
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case strings.HasPrefix(text, "cols"):
			var b block
			if _, err := fmt.Sscanf(text, "cols %d %d", &b.primary, &b.secondary); err != nil {
				t.Fatalf("%s:%d: %v", path, line, err)
			}
			blocks = append(blocks, b)
		default:
			b := &blocks[len(blocks)-1]
			if len(text) != b.primary+b.secondary {
				t.Fatalf("%s:%d: %d columns, want %d", path, line, len(text), b.primary+b.secondary)
			}
			row := make([]int, len(text))
			for k, ch := range text {
				row[k] = int(ch - '0')
			}
			b.rows = append(b.rows, row)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return blocks
}

// collect returns the solutions of Solve, copied.
func collect(p *Problem) [][]int {
	var sols [][]int
	for s := range p.Solutions() {
		sols = append(sols, slices.Clone(s))
	}
	return sols
}

// collectDance returns the solutions of Dance.
func collectDance(p *Problem) [][]int {
	var sols [][]int
	p.Dance(func(s []int) bool {
		sols = append(sols, s)
		return true
	})
	return sols
}
