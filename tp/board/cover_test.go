package board

import (
	"encoding/json"
	"strings"
	"testing"
)

// knuthMatrix is the first example of TAOCP 7.2.2.1.
var knuthMatrix = [][]int{{0, 0, 1, 0, 1, 0, 0}, {1, 0, 0, 1, 0, 0, 1}, {0, 1, 1, 0, 0, 1, 0}, {1, 0, 0, 1, 0, 1, 0}, {0, 1, 0, 0, 0, 0, 1}, {0, 0, 0, 1, 1, 0, 1}}

// seriesData decodes an ECharts option and counts the data of each series
// type, and returns the colours of the heat map series.
func seriesData(t *testing.T, option string) (counts map[string]int, colours []string, graphic int) {
	t.Helper()
	var opt struct {
		Series []struct {
			Type      string            `json:"type"`
			Data      []json.RawMessage `json:"data"`
			ItemStyle struct {
				Color string `json:"color"`
			} `json:"itemStyle"`
		} `json:"series"`
		Graphic []struct {
			Children []json.RawMessage `json:"children"`
		} `json:"graphic"`
	}
	if err := json.Unmarshal([]byte(option), &opt); err != nil {
		t.Fatalf("option is not JSON: %v", err)
	}
	counts = map[string]int{}
	for _, s := range opt.Series {
		counts[s.Type] += len(s.Data)
		if s.Type == "heatmap" {
			colours = append(colours, s.ItemStyle.Color)
		}
	}
	for _, g := range opt.Graphic {
		graphic += len(g.Children)
	}
	return counts, colours, graphic
}

func TestMatrix(t *testing.T) {
	m := NewMatrix(knuthMatrix)
	m.ColLabels = strings.Fields("a b c d e f g")
	m.Title = "exemple"
	want := "exemple\n" +
		"     a b c d e f g\n" +
		"  0  . . 1 . 1 . .\n" +
		"  1  1 . . 1 . . 1\n" +
		"  2  . 1 1 . . 1 .\n" +
		"  3  1 . . 1 . 1 .\n" +
		"  4  . 1 . . . . 1\n" +
		"  5  . . . 1 1 . 1\n"
	m.RowLabels = strings.Fields("0 1 2 3 4 5")
	if got := m.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
	// The state after choosing row 3 then column b: rows 1, 2, 5 and
	// columns a, d, f deleted.
	m.Highlight, m.Column = []int{3}, 1
	m.HiddenRows, m.HiddenCols = []int{1, 2, 5}, []int{0, 3, 5}
	text := m.Text()
	for _, line := range []string{"       v", "* 3  1 . . 1 . 1 .", "  1  - - - - - - -", "  4  - 1 . - . - 1"} {
		if !strings.Contains(text, line) {
			t.Errorf("Text lacks %q:\n%s", line, text)
		}
	}
	colour := func(r, c int) string { col, _ := m.cell(r, c); return col }
	for _, tt := range []struct {
		r, c int
		want string
	}{
		{3, 0, matrixChosen1}, {3, 1, matrixChosen0}, {4, 1, matrixColumn1}, {0, 1, matrixColumn0},
		{4, 6, matrixOne}, {0, 6, matrixZero}, {1, 0, matrixHidden1}, {0, 0, matrixHidden0},
	} {
		if got := colour(tt.r, tt.c); got != tt.want {
			t.Errorf("cell (%d, %d): colour %s; want %s", tt.r, tt.c, got, tt.want)
		}
	}
	svg := m.SVG(false)
	if n := strings.Count(svg, "<rect"); n != 6*7+1 {
		t.Errorf("%d rects; want 42 cells and the frame", n)
	}
	for _, c := range []string{matrixChosen1, matrixColumn1, matrixHidden1, matrixOne} {
		if !strings.Contains(svg, c) {
			t.Errorf("SVG lacks colour %s", c)
		}
	}
	counts, colours, _ := seriesData(t, m.Option(false))
	if counts["heatmap"] != 42 {
		t.Errorf("%d heat map cells; want 42", counts["heatmap"])
	}
	for _, c := range colours {
		if !strings.Contains(svg, c) {
			t.Errorf("the chart uses colour %s that the SVG does not", c)
		}
	}
	html := MatrixGallery([]Matrix{m, NewMatrix(knuthMatrix)}, []string{"étape 1", "étape 2"})
	if strings.Count(html, `class="reines-chart"`) != 2 || !strings.Contains(html, "étape 2") {
		t.Error("gallery: two charts with their captions")
	}
	if !strings.Contains(m.HTML(), `class="reines-fallback"`) {
		t.Error("the chart must carry its SVG fallback")
	}
	// Empty and large matrices do not break the drawing.
	if NewMatrix(nil).Text() != "   \n" || !strings.Contains(NewMatrix(nil).SVG(true), "<svg") {
		t.Errorf("empty matrix: %q", NewMatrix(nil).Text())
	}
	big := make([][]int, 200)
	for i := range big {
		big[i] = make([]int, 100)
		big[i][i%100] = 1
	}
	if l := NewMatrix(big).layout(false); l.width > 700 || l.height > 700 || l.xLabels != nil {
		t.Errorf("a 200×100 matrix must shrink and drop its labels: %+v", l)
	}
}

func TestSudokuPicture(t *testing.T) {
	var puzzle, solution [81]uint8
	line := "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
	for k := range 81 {
		solution[k] = line[k] - '0'
		if k%10 == 0 {
			puzzle[k] = solution[k]
		}
	}
	s := Sudoku{Puzzle: puzzle, Solution: solution, Highlight: []int{1, 99}}
	text := s.Text()
	if lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n"); len(lines) != 11 ||
		lines[0] != "6 . . | . . . | . . .     6 9 3 | 7 8 4 | 5 1 2" || lines[3] != "------+-------+------     ------+-------+------" {
		t.Errorf("Text:\n%s", text)
	}
	if got := (Sudoku{Puzzle: puzzle}).Text(); strings.Contains(got, "     ") {
		t.Errorf("a puzzle alone is drawn once:\n%s", got)
	}
	svg := s.SVG(false)
	if n := strings.Count(svg, `font-weight="bold"`); n != 9 {
		t.Errorf("%d bold digits; want the 9 givens", n)
	}
	if n := strings.Count(svg, `fill="`+sudokuFoundInk+`"`); n != 72 {
		t.Errorf("%d blue digits; want 72 found ones", n)
	}
	if n := strings.Count(svg, `stroke="`+markColour+`"`); n != 1 {
		t.Errorf("%d red outlines; want 1 (cell 99 is off the grid)", n)
	}
	counts, _, _ := seriesData(t, s.Option(false))
	if counts["heatmap"] != 81 || counts["scatter"] != 9+1 {
		t.Errorf("option series %v; want 81 cells, 9 boxes and 1 outline", counts)
	}
	if !strings.Contains(s.HTML(), `class="reines-chart"`) {
		t.Error("HTML is not a chart")
	}
}

func TestTiling(t *testing.T) {
	rows := []string{ // the first packing of 6×10 found by package pentomino
		"LLXFFTTTWW",
		"LXXXFFTWWN",
		"LUXUFZTWNN",
		"LUUUYZZZNV",
		"PPPYYYYZNV",
		"PPIIIIIVVV",
	}
	var cells [][]byte
	for _, r := range rows {
		cells = append(cells, []byte(r))
	}
	tl := Tiling{Cells: cells, Title: "6 × 10"}
	if got := tl.Text(); got != "6 × 10\n"+strings.Join(rows, "\n")+"\n" {
		t.Errorf("Text:\n%s", got)
	}
	labels := tl.labelCells()
	if len(labels) != 12 {
		t.Errorf("%d labels; want one per piece", len(labels))
	}
	for rc := range labels {
		if ch := cells[rc[0]][rc[1]]; ch == 'X' && rc != [2]int{1, 2} {
			t.Errorf("the X is labelled at %v; want its centre (1, 2)", rc)
		}
	}
	// Outlines: the frame (4) and every edge between two pieces.
	inner := 0
	for r := range 6 {
		for c := range 10 {
			if c+1 < 10 && cells[r][c] != cells[r][c+1] {
				inner++
			}
			if r+1 < 6 && cells[r][c] != cells[r+1][c] {
				inner++
			}
		}
	}
	if segs := tl.outlines(10); len(segs) != 4+inner {
		t.Errorf("%d outline segments; want 4 + %d", len(segs), inner)
	}
	svg := tl.SVG(false)
	for _, letter := range pieceLetters {
		if !strings.Contains(svg, pieceColour(byte(letter))) {
			t.Errorf("piece %c has no colour in the SVG", letter)
		}
	}
	seen := map[string]bool{}
	for _, letter := range pieceLetters {
		c := pieceColour(byte(letter))
		if seen[c] {
			t.Errorf("two pieces share colour %s", c)
		}
		seen[c] = true
	}
	counts, _, graphic := seriesData(t, tl.Option(false))
	if counts["heatmap"] != 60 || graphic != 4+inner {
		t.Errorf("option: %d cells, %d outline segments", counts["heatmap"], graphic)
	}
	html := TilingGallery([]Tiling{tl, tl}, []string{"a", "b"})
	if strings.Count(html, `class="reines-chart"`) != 2 {
		t.Error("gallery: two charts")
	}
}
