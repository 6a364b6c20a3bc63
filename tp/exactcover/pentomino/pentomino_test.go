package pentomino

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOrientations checks the number of distinct orientations of each
// piece, a classical fact: 8 for the pieces without symmetry (F L N P Y),
// 4 for those with one (T U V W Z), 2 for I, 1 for X; 63 in all.
func TestOrientations(t *testing.T) {
	want := map[byte]int{'F': 8, 'I': 2, 'L': 8, 'N': 8, 'P': 8, 'T': 4, 'U': 4, 'V': 4, 'W': 4, 'X': 1, 'Y': 8, 'Z': 4}
	for k := range len(Letters) {
		letter := Letters[k]
		o := Orientations(letter)
		if len(o) != want[letter] {
			t.Errorf("%c has %d orientations; want %d", letter, len(o), want[letter])
		}
		for _, cells := range o {
			if len(cells) != 5 || !connected(cells) {
				t.Errorf("%c: orientation %v is not 5 connected squares", letter, cells)
			}
		}
	}
}

// connected reports whether the squares form one piece (4-connectivity).
func connected(cells []Square) bool {
	seen := map[Square]bool{cells[0]: true}
	stack := []Square{cells[0]}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range []Square{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			n := Square{s.Row + d.Row, s.Col + d.Col}
			if slices.Contains(cells, n) && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(cells)
}

// checkGrid reports what is wrong with a packing, or "".
func checkGrid(g Grid, rows, cols int) string {
	if len(g) != rows {
		return "wrong number of rows"
	}
	cells := map[byte][]Square{}
	for r, row := range g {
		if len(row) != cols {
			return "wrong row length"
		}
		for c, ch := range row {
			cells[ch] = append(cells[ch], Square{r, c})
		}
	}
	if len(cells) != 12 {
		return "not 12 letters"
	}
	for letter, sq := range cells {
		if !strings.ContainsRune(Letters, rune(letter)) {
			return "unknown letter " + string(letter)
		}
		shape := slices.Clone(sq)
		normalize(shape)
		if !slices.ContainsFunc(Orientations(letter), func(o []Square) bool { return slices.Equal(o, shape) }) {
			return "the squares of " + string(letter) + " do not form that piece"
		}
	}
	return ""
}

// symmetries returns the images of g under the 4 symmetries of the
// rectangle, g itself first.
func symmetries(g Grid) []string {
	rows, cols := len(g), len(g[0])
	var out []string
	for _, f := range []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	} {
		var b strings.Builder
		for r := range rows {
			for c := range cols {
				r2, c2 := f(r, c)
				b.WriteByte(g[r2][c2])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestCount checks the numbers of packings (reference values: 6×10 9356,
// 5×12 4040, 4×15 1472, 3×20 8; up to symmetry 2339, 1010, 368, 2), that
// each packing is valid, and that the 4 images of the packings found with
// symmetry breaking are distinct and, when counted, are all the packings.
func TestCount(t *testing.T) {
	tests := []struct {
		rows, cols int
		all, upTo  int
		full       bool // also search without symmetry breaking
		long       bool // skipped in short mode
	}{
		{3, 20, 8, 2, true, false},
		{20, 3, 8, 2, true, false},
		{4, 15, 1472, 368, true, false},
		{5, 12, 4040, 1010, false, true},
		{6, 10, 9356, 2339, false, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.rows, tt.cols), func(t *testing.T) {
			if tt.long && testing.Short() {
				t.Skip("long: run without -short")
			}
			images := map[string]bool{}
			n := 0
			_, err := Solve(t.Context(), tt.rows, tt.cols, true, func(g Grid) bool {
				n++
				if msg := checkGrid(g, tt.rows, tt.cols); msg != "" {
					t.Fatalf("bad packing (%s):\n%v", msg, g)
				}
				for _, s := range symmetries(g) {
					images[s] = true
				}
				return true
			})
			if err != nil || n != tt.upTo {
				t.Errorf("up to symmetry: %d packings, %v; want %d", n, err, tt.upTo)
			}
			if len(images) != tt.all {
				t.Errorf("%d distinct images of the packings; want %d", len(images), tt.all)
			}
			if !tt.full {
				return
			}
			full := map[string]bool{}
			_, err = Solve(t.Context(), tt.rows, tt.cols, false, func(g Grid) bool {
				full[symmetries(g)[0]] = true
				return true
			})
			if err != nil || len(full) != tt.all {
				t.Errorf("without symmetry breaking: %d packings, %v; want %d", len(full), err, tt.all)
			}
			for s := range full {
				if !images[s] {
					t.Fatalf("packing %s is not an image of one found with symmetry breaking", s)
				}
			}
		})
	}
}

func TestNew(t *testing.T) {
	for _, b := range [][2]int{{0, 60}, {-6, -10}, {6, 6}, {7, 9}} {
		if _, err := New(b[0], b[1], false); !errors.Is(err, ErrBoard) {
			t.Errorf("New(%d, %d) error %v; want ErrBoard", b[0], b[1], err)
		}
	}
	// Σ over the 63 orientations of the positions of an h×w box on 6×10,
	// (7−h)(11−w), computed by hand per piece: F 256, I 56, L 248, N 248,
	// P 304, T 128, U 152, V 128, W 128, X 32, Y 248, Z 128.
	pz, err := New(6, 10, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := pz.Problem.NumOptions(); got != 2056 {
		t.Errorf("6×10: %d options; want 2056", got)
	}
	if err := pz.Problem.Verify(); err != nil {
		t.Error(err)
	}
	// 1×60 and 2×30 are valid boards with no packing: X does not fit.
	for _, b := range [][2]int{{1, 60}, {2, 30}} {
		if n, err := Count(t.Context(), b[0], b[1], true); err != nil || n != 0 {
			t.Errorf("Count(%d×%d) = %d, %v; want 0", b[0], b[1], n, err)
		}
	}
}

// BenchmarkSolve counts the packings of each board with symmetry
// breaking. Target: 6×10 (2339 packings) in under 3 s.
func BenchmarkSolve(b *testing.B) {
	for _, board := range [][2]int{{3, 20}, {4, 15}, {6, 10}} {
		b.Run(fmt.Sprintf("%dx%d", board[0], board[1]), func(b *testing.B) {
			b.ReportAllocs()
			var updates int64
			for b.Loop() {
				st, err := Solve(b.Context(), board[0], board[1], true, func(Grid) bool { return true })
				if err != nil {
					b.Fatal(err)
				}
				updates = st.Updates
			}
			b.ReportMetric(float64(updates), "updates/op")
		})
	}
}
