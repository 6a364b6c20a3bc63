package nb05

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/domination"
)

// The sentences of the notebook's last part are derived from the values
// the same cell shows: every number they write is one of those values (or
// computed from them), never a constant of the text.
func TestDerivedSentences(t *testing.T) {
	res := domination.Result{N: 13, Min: 7, Count: 288, Levels: []domination.Level{{K: 4}, {K: 5}, {K: 6}, {K: 7, Found: true}}}
	got := Levels(13, res)
	for _, want := range []string{"4 reines (le minorant ⌈n²/(4n − 3)⌉ = 4)", "puis 5, 6 et 7", "7 reines suffisent"} {
		if !strings.Contains(got, want) {
			t.Errorf("Levels: %q\nwant %q", got, want)
		}
	}
	if strings.Contains(got, "3 reines") {
		t.Errorf("Levels names a level the solver did not try: %q", got)
	}
	table := []Solved{
		{Result: domination.Result{N: 8, Nodes: 100, Elapsed: time.Second}, SujetNodes: 1000, SujetSeconds: 2},
		{Result: domination.Result{N: 9, Nodes: 4000, Elapsed: 100 * time.Millisecond}, SujetNodes: 1_116_247, SujetSeconds: 1.2},
		{Result: domination.Result{N: 10, Nodes: 9000, Elapsed: time.Second}},
	}
	got = CompareSolver(table)
	for _, want := range []string{"Pour n = 9", "1\u00a0116\u00a0247 nœuds", "4\u00a0000 nœuds", "0,100\u00a0s", "12 fois plus vite"} {
		if !strings.Contains(got, want) {
			t.Errorf("CompareSolver: %q\nwant %q", got, want)
		}
	}
	table[1].Elapsed = 2400 * time.Millisecond
	if got = CompareSolver(table); !strings.Contains(got, "2,0 fois plus lentement") {
		t.Errorf("CompareSolver, solver slower: %q", got)
	}
	got = ReachRemarks(SolverReach())
	for _, want := range []string{"i(Q17) prend moins de temps que i(Q16) (25\u00a0s contre 54\u00a0s)", "12 placements à compter contre 128", "γ(Q15) en a 205\u00a0832, et prend 14\u00a0min"} {
		if !strings.Contains(got, want) {
			t.Errorf("ReachRemarks: %q\nwant %q", got, want)
		}
	}
	for in, want := range map[float64]string{2.04: "2,0 fois", 12.3: "12 fois", 118: "environ 120 fois", 1234: "environ 1\u00a0200 fois"} {
		if got := times(in); got != want {
			t.Errorf("times(%v) = %q, want %q", in, got, want)
		}
	}
}

// The solver's reach beyond the notebook's cells agrees with the OEIS
// (tp/domination/testdata/reference.txt, copied from it).
func TestSolverReachIsOEIS(t *testing.T) {
	f, err := os.Open("../../tp/domination/testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct {
		i, ic, g, gc int64
	}
	ref := map[int]row{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 5 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		var v [5]int64
		for k := range v {
			v[k], _ = strconv.ParseInt(fs[k], 10, 64)
		}
		ref[int(v[0])] = row{v[1], v[2], v[3], v[4]}
	}
	for _, r := range SolverReach() {
		want, ok := ref[r.N]
		min, count := want.g, want.gc
		if r.Independent {
			min, count = want.i, want.ic
		}
		if !ok || int64(r.Min) != min || r.Count != count {
			t.Errorf("SolverReach %+v: the OEIS gives %d and %d", r, min, count)
		}
	}
}
