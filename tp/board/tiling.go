package board

import (
	"fmt"
	"strings"

	"github.com/prepa-reines/reines/tp/display"
)

// Tiling is a board filled with pieces, such as a packing of the twelve
// pentominoes: Cells[r][c] is the letter of the piece on row r, column c
// (0-based), '.' or ' ' for an empty square. Each piece is drawn in its own
// colour, with its letter once near its middle and a dark line along its
// outline. Values of type [][]byte, such as a pentomino.Grid, can be
// assigned to Cells directly.
type Tiling struct {
	Cells [][]byte
	Title string // caption above the board, may be empty
}

// pieceColours are the colours of the pieces, by letter: the twelve
// pentominoes F I L N P T U V W X Y Z in that order get twelve distinct
// colours; other letters reuse them.
var pieceColours = []string{
	"#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4",
	"#42d4f4", "#f032e6", "#bfef45", "#fabed4", "#469990", "#dcbeff",
}

const pieceLetters = "FILNPTUVWXYZ"

func pieceColour(ch byte) string {
	if ch == '.' || ch == ' ' || ch == 0 {
		return "#ffffff"
	}
	if k := strings.IndexByte(pieceLetters, ch); k >= 0 {
		return pieceColours[k]
	}
	return pieceColours[int(ch)%len(pieceColours)]
}

// inkOn returns a text colour readable on the piece colour.
func inkOn(ch byte) string {
	switch pieceColour(ch) {
	case "#4363d8", "#911eb4", "#e6194b", "#469990", "#f032e6":
		return "#ffffff"
	}
	return "#000000"
}

func (t Tiling) dims() (rows, cols int) {
	if len(t.Cells) == 0 {
		return 0, 0
	}
	return len(t.Cells), len(t.Cells[0])
}

func (t Tiling) at(r, c int) byte {
	if r < 0 || r >= len(t.Cells) || c < 0 || c >= len(t.Cells[r]) {
		return 0
	}
	return t.Cells[r][c]
}

// labelCells returns, for each letter, the square of the piece nearest to
// its centre, where its letter is written.
func (t Tiling) labelCells() map[[2]int]bool {
	type acc struct{ sr, sc, n int }
	sums := map[byte]*acc{}
	rows, cols := t.dims()
	for r := range rows {
		for c := range cols {
			ch := t.at(r, c)
			if pieceColour(ch) == "#ffffff" {
				continue
			}
			a := sums[ch]
			if a == nil {
				a = &acc{}
				sums[ch] = a
			}
			a.sr, a.sc, a.n = a.sr+r, a.sc+c, a.n+1
		}
	}
	best := map[byte][2]int{}
	dist := map[byte]int{}
	for r := range rows {
		for c := range cols {
			ch := t.at(r, c)
			a := sums[ch]
			if a == nil {
				continue
			}
			dr, dc := r*a.n-a.sr, c*a.n-a.sc
			d := dr*dr + dc*dc
			if old, ok := dist[ch]; !ok || d < old {
				dist[ch], best[ch] = d, [2]int{r, c}
			}
		}
	}
	out := map[[2]int]bool{}
	for _, rc := range best {
		out[rc] = true
	}
	return out
}

// Text returns the board as rows of letters, '.' for an empty square. The
// title, if any, is the first line.
func (t Tiling) Text() string {
	var sb strings.Builder
	if t.Title != "" {
		sb.WriteString(t.Title + "\n")
	}
	for _, row := range t.Cells {
		for _, ch := range row {
			if ch == 0 || ch == ' ' {
				ch = '.'
			}
			sb.WriteByte(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func (t Tiling) layout(small bool) gridLayout {
	rows, cols := t.dims()
	cell, total := 34, 560
	if small {
		cell, total = 16, 320
	}
	if n := max(rows, cols, 1); cell*n > total {
		cell = max(total/n, 4)
	}
	l := newLayout(rows, cols, cell, 4, 4, t.Title)
	l.tooltip = !small
	return l
}

// SVG returns a static drawing of the tiling, as [Tiling.Option] draws it,
// with the outlines of the pieces.
func (t Tiling) SVG(small bool) string {
	rows, cols := t.dims()
	l := t.layout(small)
	labels := t.labelCells()
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="reines-fallback" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`,
		l.width, l.height, l.width, l.height)
	if l.titleH > 0 {
		fmt.Fprintf(&sb, `<text x="%d" y="13" font-size="12" text-anchor="middle">%s</text>`, l.width/2, display.EscapeHTML(t.Title))
	}
	fmt.Fprintf(&sb, `<g transform="translate(%d,%d)">`, l.left, l.topMargin)
	for r := range rows {
		for c := range cols {
			ch := t.at(r, c)
			x, y := c*l.cell, r*l.cell
			fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, l.cell, l.cell, pieceColour(ch))
			if labels[[2]int{r, c}] && l.cell >= 12 {
				fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" fill="%s">%s</text>`,
					x+l.cell/2, y+l.cell/2+l.fontSize*7/20, l.fontSize, inkOn(ch), display.EscapeHTML(string(ch)))
			}
		}
	}
	var path strings.Builder
	for _, s := range t.outlines(l.cell) {
		fmt.Fprintf(&path, "M%d,%dL%d,%d", s[0], s[1], s[2], s[3])
	}
	fmt.Fprintf(&sb, `<path d="%s" stroke="#222" stroke-width="2" stroke-linecap="square" fill="none"/>`, path.String())
	sb.WriteString(`</g></svg>`)
	return sb.String()
}

// Option returns the ECharts option of the tiling as JSON: the squares as
// a heat map, one colour per piece, the letters
// as labels.
func (t Tiling) Option(small bool) string {
	rows, cols := t.dims()
	l := t.layout(small)
	labels := t.labelCells()
	var cells []cellMark
	for r := range rows {
		for c := range cols {
			ch := t.at(r, c)
			m := cellMark{row: r, col: c, colour: pieceColour(ch), labelColour: inkOn(ch),
				name: fmt.Sprintf("pièce %c", ch)}
			if labels[[2]int{r, c}] && l.cell >= 12 {
				m.label = string(ch)
			}
			cells = append(cells, m)
		}
	}
	return l.option(cells, nil, t.outlines(l.cell))
}

// outlines returns the segments {x1, y1, x2, y2} of the pieces' outlines
// for squares of side cell: the board's frame, and a line wherever two
// neighbouring squares hold different pieces.
func (t Tiling) outlines(cell int) [][4]int {
	rows, cols := t.dims()
	w, h := cols*cell, rows*cell
	segs := [][4]int{{0, 0, w, 0}, {w, 0, w, h}, {w, h, 0, h}, {0, h, 0, 0}}
	for r := range rows {
		for c := range cols {
			x, y := c*cell, r*cell
			if c+1 < cols && t.at(r, c) != t.at(r, c+1) {
				segs = append(segs, [4]int{x + cell, y, x + cell, y + cell})
			}
			if r+1 < rows && t.at(r, c) != t.at(r+1, c) {
				segs = append(segs, [4]int{x, y + cell, x + cell, y + cell})
			}
		}
	}
	return segs
}

// HTML returns the tiling as a live ECharts chart carrying its SVG as the
// static fallback.
func (t Tiling) HTML() string {
	l := t.layout(false)
	return display.Fragment(t.Option(false), t.SVG(false), l.width, l.height)
}

// Display shows the tiling in the notebook: the chart, and the text drawing
// as text/plain.
func (t Tiling) Display() { display.Show(t.HTML(), t.Text(), nil) }

// TilingGallery returns tilings side by side as small multiples, each with
// its caption (may be nil).
func TilingGallery(ts []Tiling, captions []string) string {
	items := make([]string, len(ts))
	for i, t := range ts {
		l := t.layout(true)
		items[i] = display.Fragment(t.Option(true), t.SVG(true), l.width, l.height)
	}
	return display.Row(items, captions)
}

// DisplayTilingGallery shows tilings side by side in the notebook.
func DisplayTilingGallery(ts []Tiling, captions []string) {
	var sb strings.Builder
	for i, t := range ts {
		if i < len(captions) {
			sb.WriteString(captions[i] + "\n")
		}
		sb.WriteString(t.Text() + "\n")
	}
	display.Show(TilingGallery(ts, captions), sb.String(), nil)
}
