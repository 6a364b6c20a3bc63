package drawing

import (
	"slices"
	"testing"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/queens"
)

func TestGridAndDrawQueen(t *testing.T) {
	g := Grid(4)
	if g.N != 4 || len(g.Queens) != 0 || g.Title != "" || g.Highlight != nil {
		t.Fatalf("Grid(4) = %+v; want an empty 4×4 board", g)
	}
	b := DrawQueen(g, 1, 2)
	if want := []queens.Square{{Row: 0, Col: 1}}; b.N != 4 || !slices.Equal(b.Queens, want) {
		t.Fatalf("DrawQueen(Grid(4), 1, 2) = %+v; want a queen on square (0, 1), 0-based", b)
	}
	// Two boards drawn from the same one share no queens.
	base := board.Board{N: 4, Queens: make([]queens.Square, 1, 8)}
	b1, b2 := DrawQueen(base, 2, 4), DrawQueen(base, 3, 1)
	if b1.Queens[1] != (queens.Square{Row: 1, Col: 3}) || b2.Queens[1] != (queens.Square{Row: 2, Col: 0}) || len(base.Queens) != 1 {
		t.Fatalf("DrawQueen aliases its argument: %v %v %v", base.Queens, b1.Queens, b2.Queens)
	}
}

func TestShowSolution(t *testing.T) {
	for n := 1; n <= 8; n++ {
		sols, err := queens.Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		all := ShowAll(sols)
		if len(all) != len(sols) {
			t.Fatalf("n=%d: ShowAll gave %d boards for %d solutions", n, len(all), len(sols))
		}
		for k := 1; k <= len(sols); k++ {
			want := board.Board{N: len(sols[k-1]), Queens: sols[k-1].Squares()}
			got := ShowSolution(sols, k)
			if got.N != want.N || !slices.Equal(got.Queens, want.Queens) {
				t.Fatalf("n=%d: ShowSolution(sols, %d) = %+v; want %+v", n, k, got, want)
			}
			if !slices.Equal(all[k-1].Queens, want.Queens) {
				t.Fatalf("n=%d: ShowAll[%d] = %+v; want %+v", n, k-1, all[k-1], want)
			}
		}
	}
}

func TestState(t *testing.T) {
	tests := []struct {
		name string
		s    iterative.State
		want []queens.Square
		high []queens.Square
	}{
		{"middle of the search", iterative.State{N: 4, I: 3, J: 2, C: []int{0, 2, 4, 0, 0}},
			[]queens.Square{{Row: 0, Col: 1}, {Row: 1, Col: 3}}, []queens.Square{{Row: 2, Col: 1}}},
		{"a solution", iterative.State{N: 4, I: 5, J: 1, C: []int{0, 2, 4, 1, 3}},
			[]queens.Square{{Row: 0, Col: 1}, {Row: 1, Col: 3}, {Row: 2, Col: 0}, {Row: 3, Col: 2}}, nil},
		{"the end", iterative.State{N: 4, C: make([]int, 5)}, nil, nil},
		{"a broken state", iterative.State{N: 4, I: 4, J: 7, C: []int{0, 9, 2}},
			[]queens.Square{{Row: 1, Col: 1}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := State(&tt.s)
			if b.N != tt.s.N || !slices.Equal(b.Queens, tt.want) || !slices.Equal(b.Highlight, tt.high) || b.Title != "" {
				t.Errorf("State(%+v) = %+v; want queens %v, highlight %v, no title", tt.s, b, tt.want, tt.high)
			}
		})
	}
}
