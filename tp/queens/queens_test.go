package queens

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// a000170 reads testdata/a000170.txt: n → Q(n).
func a000170(t *testing.T) map[int]int64 {
	t.Helper()
	f, err := os.Open("testdata/a000170.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	q := map[int]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		var n int
		var c int64
		fields := strings.Fields(line)
		n, _ = strconv.Atoi(fields[0])
		c, _ = strconv.ParseInt(fields[1], 10, 64)
		q[n] = c
	}
	return q
}

func TestCountOEIS(t *testing.T) {
	q := a000170(t)
	for n := 0; n <= 12; n++ {
		got, err := Count(n)
		if err != nil || got != q[n] {
			t.Errorf("Count(%d) = %d, %v; want %d (A000170)", n, got, err, q[n])
		}
	}
}

func TestSolutionsOEIS(t *testing.T) {
	q := a000170(t)
	for n := 0; n <= 10; n++ {
		sols, err := Solutions(n)
		if err != nil || int64(len(sols)) != q[n] {
			t.Fatalf("len(Solutions(%d)) = %d, %v; want %d (A000170)", n, len(sols), err, q[n])
		}
		for i, p := range sols {
			if len(p) != n || Validate(p) != nil {
				t.Fatalf("Solutions(%d)[%d] = %v is not a solution", n, i, p)
			}
			if i > 0 && slices.Compare(sols[i-1], p) >= 0 {
				t.Fatalf("Solutions(%d) not in lexicographic order at %d: %v then %v", n, i, sols[i-1], p)
			}
		}
	}
}

// The sujet prints the two solutions for n = 4, 1-based: 2 4 1 3 and 3 1 4 2.
func TestSolutionsFour(t *testing.T) {
	sols, err := Solutions(4)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range sols {
		got = append(got, p.String())
	}
	if want := []string{"2 4 1 3", "3 1 4 2"}; !slices.Equal(got, want) {
		t.Errorf("Solutions(4) = %q; want %q", got, want)
	}
}

// permutations calls f with every permutation of 0..n-1 in lexicographic order.
func permutations(n int, f func(Placement)) {
	p := make(Placement, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(p)
			return
		}
		for c := 0; c < n; c++ {
			if !used[c] {
				used[c], p[i] = true, c
				rec(i + 1)
				used[c] = false
			}
		}
	}
	rec(0)
}

// bruteSafe says whether the permutation p has no two queens on a diagonal,
// by comparing every pair directly.
func bruteSafe(p Placement) bool {
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if j-i == p[j]-p[i] || j-i == p[i]-p[j] {
				return false
			}
		}
	}
	return true
}

// Brute force over all n! permutations is an independent oracle.
func TestAgainstBruteForce(t *testing.T) {
	for n := 1; n <= 8; n++ {
		var want []Placement
		permutations(n, func(p Placement) {
			if bruteSafe(p) {
				want = append(want, slices.Clone(p))
			}
		})
		got, err := Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, func(a, b Placement) bool { return slices.Equal(a, b) }) {
			t.Errorf("n = %d: Solutions gives %d placements, brute force %d (or a different order)", n, len(got), len(want))
		}
		first, ok, err := First(n)
		if err != nil || ok != (len(want) > 0) || (ok && !slices.Equal(first, want[0])) {
			t.Errorf("First(%d) = %v, %v, %v; want %v", n, first, ok, err, want)
		}
	}
}

func TestIsSafe(t *testing.T) {
	tests := []struct {
		p        Placement
		row, col int
		want     bool
	}{
		{Placement{}, 0, 0, true},
		{Placement{0}, 1, 0, false},         // column
		{Placement{0}, 1, 1, false},         // diagonal
		{Placement{1}, 1, 0, false},         // anti-diagonal
		{Placement{0}, 1, 2, true},          // knight's move
		{Placement{0, 2}, 2, 0, false},      // column two rows up
		{Placement{0, 3}, 2, 2, false},      // diagonal two rows up
		{Placement{3, 0}, 2, 1, false},      // anti-diagonal two rows up
		{Placement{1, 3, 0}, 3, 2, true},    // completes 2 4 1 3
		{Placement{1, 3, 0, 2}, 3, 2, true}, // p[row] itself is ignored
	}
	for _, tt := range tests {
		if got := IsSafe(tt.p, tt.row, tt.col); got != tt.want {
			t.Errorf("IsSafe(%v, %d, %d) = %v; want %v", tt.p, tt.row, tt.col, got, tt.want)
		}
	}
}

func TestValidateBoards(t *testing.T) {
	f, err := os.Open("testdata/nqueens-boards.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n, _ := strconv.Atoi(fields[0])
		p := make(Placement, n)
		for i := range p {
			p[i], _ = strconv.Atoi(fields[1+i])
		}
		want := fields[1+n]
		err := Validate(p)
		if got := map[bool]string{true: "VALID", false: "INVALID"}[err == nil]; got != want {
			t.Errorf("Validate(%v) = %v; want %s (%s)", p, err, want, strings.Join(fields[2+n:], " "))
		}
		cases++
	}
	if cases < 10 {
		t.Fatalf("read only %d boards", cases)
	}
}

func TestValidateConflicts(t *testing.T) {
	tests := []struct {
		p    Placement
		want Conflict
	}{
		{Placement{0, 5}, Conflict{Kind: OutOfBoard, A: Square{1, 5}}},
		{Placement{-1}, Conflict{Kind: OutOfBoard, A: Square{0, -1}}},
		{Placement{1, 3, 1, 0}, Conflict{Kind: SameColumn, A: Square{0, 1}, B: Square{2, 1}}},
		{Placement{2, 0, 1}, Conflict{Kind: SameDiagonal, A: Square{1, 0}, B: Square{2, 1}}},
	}
	for _, tt := range tests {
		var c *Conflict
		if err := Validate(tt.p); !errors.As(err, &c) || *c != tt.want {
			t.Errorf("Validate(%v) = %v; want %+v", tt.p, err, tt.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, err := Solutions(-1); !errors.Is(err, ErrNegative) {
		t.Errorf("Solutions(-1) error = %v; want ErrNegative", err)
	}
	if _, err := Solutions(MaxListN + 1); !errors.Is(err, ErrTooMany) {
		t.Errorf("Solutions(%d) error = %v; want ErrTooMany", MaxListN+1, err)
	}
	if _, err := Count(-3); !errors.Is(err, ErrNegative) {
		t.Errorf("Count(-3) error = %v; want ErrNegative", err)
	}
	if _, _, err := First(-1); !errors.Is(err, ErrNegative) {
		t.Errorf("First(-1) error = %v; want ErrNegative", err)
	}
}

// First goes beyond MaxListN: its answers for n = 20 and 25 must be valid.
func TestFirstLarge(t *testing.T) {
	for _, n := range []int{20, 25} {
		p, ok, err := First(n)
		if err != nil || !ok || len(p) != n || Validate(p) != nil {
			t.Fatalf("First(%d) = %v, %v, %v", n, p, ok, err)
		}
	}
}

func TestBoard(t *testing.T) {
	want := ".Q..\n...Q\nQ...\n..Q.\n"
	if got := Board(Placement{1, 3, 0, 2}); got != want {
		t.Errorf("Board = %q; want %q", got, want)
	}
	if got := Board(nil); got != "" {
		t.Errorf("Board(nil) = %q; want empty", got)
	}
}

func TestAttacks(t *testing.T) {
	a := Square{3, 3}
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			b := Square{r, c}
			want := b != a && (r == 3 || c == 3 || r-c == 0 || r+c == 6)
			if got := Attacks(a, b); got != want {
				t.Errorf("Attacks(%v, %v) = %v; want %v", a, b, got, want)
			}
		}
	}
}
