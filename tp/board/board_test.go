package board

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

// of is the board of an N-queens placement.
func of(p queens.Placement) Board { return Board{N: len(p), Queens: p.Squares()} }

func TestText(t *testing.T) {
	b := of(queens.Placement{1, 3, 0, 2})
	if got, want := b.Text(), " .  Q  .  . \n .  .  .  Q \n Q  .  .  . \n .  .  Q  . \n"; got != want {
		t.Errorf("Text = %q; want %q (the sujet's print_solution)", got, want)
	}
	b.Highlight = []queens.Square{{Row: 0, Col: 0}}
	b.Crossed = []queens.Square{{Row: 3, Col: 3}, {Row: 9, Col: 9}}
	if got, want := b.Text(), "[.] Q  .  . \n .  .  .  Q \n Q  .  .  . \n .  .  Q  x \n"; got != want {
		t.Errorf("Text with marks = %q; want %q", got, want)
	}
}

func TestSVG(t *testing.T) {
	b := of(queens.Placement{1, 3, 0, 7}) // the last queen is off the board
	svg := b.SVG(false)
	if n := strings.Count(svg, `<path d="`+queenPath); n != 3 {
		t.Errorf("%d queens drawn; want 3 (off-board queens are skipped)", n)
	}
	if n := strings.Count(svg, "<rect"); n != 4*4+1 {
		t.Errorf("%d rects; want 16 squares and the frame", n)
	}
	if !strings.Contains(svg, `class="reines-fallback"`) {
		t.Error("the SVG must be marked as the fallback")
	}
	h := Board{N: 2, Heat: [][]int{{0, 1}, {2, 1}}}
	if hs := h.SVG(false); !strings.Contains(hs, heatColour(0, 2)) || !strings.Contains(hs, heatColour(2, 2)) {
		t.Error("heat colours missing")
	}
	if heatColour(0, 5) != "#ffffff" {
		t.Errorf("heat 0 must be white, got %s", heatColour(0, 5))
	}
}

func TestOption(t *testing.T) {
	b := of(queens.Placement{1, 3, 0, 2})
	b.Crossed = []queens.Square{{Row: 0, Col: 0}}
	var opt struct {
		Series []struct {
			Type string `json:"type"`
			Name string `json:"name"`
			Data []json.RawMessage
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(b.Option(false)), &opt); err != nil {
		t.Fatalf("option is not JSON: %v", err)
	}
	counts := map[string]int{}
	for _, s := range opt.Series {
		counts[s.Type] += len(s.Data)
	}
	if counts["heatmap"] != 16 || counts["scatter"] != 4+1 {
		t.Errorf("series data %v; want 16 squares and 5 marks", counts)
	}
}

func TestGallery(t *testing.T) {
	sols, _ := queens.Solutions(5)
	var bs []Board
	var cs []string
	for i, p := range sols {
		bs, cs = append(bs, of(p)), append(cs, fmt.Sprintf("%d : %s", i+1, p))
	}
	html := Gallery(bs, cs)
	if n := strings.Count(html, `class="reines-chart"`); n != 10 {
		t.Errorf("%d charts; want the 10 solutions for n = 5", n)
	}
	if !strings.Contains(html, "1 : 1 3 5 2 4") {
		t.Error("captions missing")
	}
	if n := strings.Count(GalleryText(bs, cs), "Q"); n != 50 {
		t.Errorf("text gallery has %d queens; want 50", n)
	}
}

// Large boards are split into series small enough for ECharts to draw at
// once (it draws series of more than 3000 items progressively).
func TestOptionLargeBoard(t *testing.T) {
	p := make(queens.Placement, 100)
	for i := range p {
		p[i] = i
	}
	var opt struct {
		Series []struct {
			Type string `json:"type"`
			Data []json.RawMessage
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(of(p).Option(false)), &opt); err != nil {
		t.Fatal(err)
	}
	squares := 0
	for _, s := range opt.Series {
		if s.Type == "heatmap" {
			squares += len(s.Data)
			if len(s.Data) > 3000 {
				t.Errorf("a heat map series of %d items is drawn progressively", len(s.Data))
			}
		}
	}
	if squares != 100*100 {
		t.Errorf("%d squares; want 10000", squares)
	}
}

// A titled board in a gallery gets room for its title.
func TestGalleryTitle(t *testing.T) {
	b := of(queens.Placement{1, 3, 0, 2})
	plain := Gallery([]Board{b}, nil)
	b.Title = "titre"
	titled := Gallery([]Board{b}, nil)
	height := func(html string) string {
		_, rest, _ := strings.Cut(html, "height:")
		h, _, _ := strings.Cut(rest, "px")
		return h
	}
	if height(plain) == height(titled) {
		t.Errorf("same height %s px with and without a title", height(plain))
	}
}

// In a gallery one count has one colour on every heat map; a cross or a
// queen hides the count under it.
func TestHeatGallery(t *testing.T) {
	low := Board{N: 2, Heat: [][]int{{1, 0}, {0, 0}}, Crossed: []queens.Square{{Row: 1, Col: 1}}}
	high := Board{N: 2, Heat: [][]int{{1, 4}, {0, 0}}}
	one := heatColour(1, 4)
	g := Gallery([]Board{low, high}, nil)
	if n := strings.Count(g, `fill="`+one+`"`); n != 2 {
		t.Errorf("count 1 drawn %s in %d boards of the gallery; want both", one, n)
	}
	if !strings.Contains(low.SVG(false), `fill="`+heatColour(1, 1)+`"`) {
		t.Error("alone, a board keeps its own scale")
	}
	svg := low.SVG(false)
	if n := strings.Count(svg, `fill="#333">0</text>`); n != 2 {
		t.Errorf("%d zeros written; want 2 (the crossed square's is hidden)", n)
	}
}
