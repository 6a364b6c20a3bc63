package domination

import (
	"bufio"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

// reference is one line of testdata/reference.txt (OEIS values).
type reference struct {
	n               int
	indep           int   // i(Q_n), A075324
	indepCount      int64 // A002568
	domination      int   // γ(Q_n), A075458
	dominationCount int64 // A002564
}

// loadReference reads testdata/reference.txt, indexed by n.
func loadReference(t testing.TB) map[int]reference {
	t.Helper()
	f, err := os.Open("testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	refs := map[int]reference{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var v [5]int64
		fields := strings.Fields(line)
		if len(fields) != 5 {
			t.Fatalf("reference.txt: bad line %q", line)
		}
		for i, s := range fields {
			if v[i], err = strconv.ParseInt(s, 10, 64); err != nil {
				t.Fatalf("reference.txt: bad line %q: %v", line, err)
			}
		}
		refs[int(v[0])] = reference{int(v[0]), int(v[1]), v[2], int(v[3]), v[4]}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return refs
}

// covers reports whether a queen on q covers square s (s == q included),
// from queens.Attacks, independently of the package's tables.
func covers(q, s queens.Square) bool {
	return q == s || queens.Attacks(q, s)
}

// checkPlacement fails unless qs is a set of distinct squares of the n×n
// board that dominates it and, if independent, holds no two queens
// attacking each other.
func checkPlacement(t *testing.T, n int, qs []queens.Square, independent bool) {
	t.Helper()
	seen := map[queens.Square]bool{}
	for i, q := range qs {
		if q.Row < 0 || q.Row >= n || q.Col < 0 || q.Col >= n {
			t.Fatalf("n=%d: queen %v off the board in %v", n, q, qs)
		}
		if seen[q] {
			t.Fatalf("n=%d: queen %v twice in %v", n, q, qs)
		}
		seen[q] = true
		if independent {
			for _, p := range qs[:i] {
				if queens.Attacks(p, q) {
					t.Fatalf("n=%d: queens %v and %v attack each other in %v", n, p, q, qs)
				}
			}
		}
	}
	for r := range n {
		for c := range n {
			s := queens.Square{Row: r, Col: c}
			ok := false
			for _, q := range qs {
				ok = ok || covers(q, s)
			}
			if !ok {
				t.Fatalf("n=%d: square %v not covered by %v", n, s, qs)
			}
		}
	}
}

// checkCoverage recomputes every field of c from c.Queen and fails on any
// difference: the invariant of Coverage, checked after every Update.
func checkCoverage(t *testing.T, c *Coverage) {
	t.Helper()
	n := c.N
	var qs []queens.Square
	for r := range n {
		for col := range n {
			if c.Queen[r][col] {
				qs = append(qs, queens.Square{Row: r, Col: col})
			}
		}
	}
	uncovered := 0
	for r := range n {
		for col := range n {
			want := 0
			for _, q := range qs {
				if covers(q, queens.Square{Row: r, Col: col}) {
					want++
				}
			}
			if c.Count[r][col] != want {
				t.Fatalf("Count[%d][%d] = %d; want %d (queens %v)", r, col, c.Count[r][col], want, qs)
			}
			if want == 0 {
				uncovered++
			}
		}
	}
	if c.Uncovered != uncovered {
		t.Fatalf("Uncovered = %d; want %d (queens %v)", c.Uncovered, uncovered, qs)
	}
}

// bruteForce returns the minimum size of a dominating set of the n×n board
// (independent or not) and the number of sets of that size, by trying every
// k-subset of the squares for k = 1, 2, …: the oracle for small n.
func bruteForce(n int, independent bool) (int, int64) {
	sq := n * n
	for k := 1; ; k++ {
		var count int64
		set := make([]int, k)
		var choose func(i, from int)
		choose = func(i, from int) {
			if i == k {
				qs := make([]queens.Square, k)
				for j, s := range set {
					qs[j] = queens.Square{Row: s / n, Col: s % n}
				}
				for a := range qs {
					for b := range a {
						if independent && queens.Attacks(qs[a], qs[b]) {
							return
						}
					}
				}
				for s := range sq {
					t := queens.Square{Row: s / n, Col: s % n}
					ok := false
					for _, q := range qs {
						ok = ok || covers(q, t)
					}
					if !ok {
						return
					}
				}
				count++
				return
			}
			for s := from; s < sq; s++ {
				set[i] = s
				choose(i+1, s+1)
			}
		}
		choose(0, 0)
		if count > 0 {
			return k, count
		}
	}
}

// checkNode recomputes the line counts and z of a solver node from its bit
// sets: the invariant of place and forbid.
func checkNode(t *testing.T, g *geometry, nd *node) {
	t.Helper()
	want := make([]uint8, 2*g.nlines)
	z := 0
	for s := range g.sq {
		inU := nd.u[s>>6]&(1<<(s&63)) != 0
		inA := nd.a[s>>6]&(1<<(s&63)) != 0
		for _, l := range g.lines[s] {
			if inU {
				want[l]++
			}
			if inA {
				want[g.nlines+l]++
			}
		}
		if inU {
			z++
		}
	}
	for i := range want {
		if nd.cnt[i] != want[i] {
			t.Fatalf("line count %d = %d; want %d", i, nd.cnt[i], want[i])
		}
	}
	z2 := 0
	for _, w := range nd.u {
		z2 += bits.OnesCount64(w)
	}
	if nd.z != z || z2 != z {
		t.Fatalf("z = %d; want %d", nd.z, z)
	}
}
