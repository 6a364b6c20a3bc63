// Package board draws boards of queens, the one picture of the workbook:
// N-queens placements, partial states of a search, coverage heat maps of
// queen domination, galleries of solutions. A [Board] says what is on the
// board; it is rendered three ways that always agree: text ([Board.Text]),
// a static SVG ([Board.SVG]) and a live ECharts chart ([Board.HTML], which
// carries the SVG as its fallback). Package chart does the embedding.
//
// Rows and columns are 0-based in the Go values and labelled 1..n in the
// pictures, as the sujets number them.
//
// Notebook 04 (exact cover) adds three pictures that are not chessboards,
// rendered the same three ways: a 0/1 [Matrix] with the state of Algorithm
// X, a [Sudoku] grid (givens and found digits), and a [Tiling] of
// pentominoes.
package board

import (
	"fmt"
	"strings"

	"github.com/prepa-reines/reines/tp/display"
	"github.com/prepa-reines/reines/tp/queens"
)

// Board is what to draw on an n×n board. Squares outside the board are
// ignored when drawing.
type Board struct {
	N      int             // side length in squares, ≥ 1
	Queens []queens.Square // a queen on each of these squares
	// Heat, when not nil, is N×N: Heat[row][col] is a number shown on the
	// square and coloured from white (0) to red (the maximum) instead of the
	// checkered pattern, e.g. how many queens cover it.
	Heat [][]int
	// HeatMax is the Heat value drawn darkest; 0 means the board's own
	// maximum. Gallery sets it to the largest value of all its boards, so
	// that one colour means one count across the gallery.
	HeatMax   int
	Highlight []queens.Square // squares outlined in red (current square, clashing queens)
	Crossed   []queens.Square // squares marked with a cross (uncovered, attacked)
	Title     string          // caption above the board, may be empty
}

// MaxN is the largest side drawn. A board with a larger side (or a
// negative one) is drawn as its title and one line that says so: its n²
// squares would not be readable, and would take memory in proportion.
const MaxN = 200

// drawn returns b, or the board that stands for it when its side cannot be
// drawn (see [MaxN]).
func (b Board) drawn() Board {
	if 0 <= b.N && b.N <= MaxN {
		return b
	}
	msg := fmt.Sprintf("plateau %d×%d trop grand pour être dessiné (au plus %d×%d)", b.N, b.N, MaxN, MaxN)
	if b.N < 0 {
		msg = fmt.Sprintf("taille de plateau négative (%d)\u00a0: rien à dessiner", b.N)
	}
	if b.Title != "" {
		msg = b.Title + " — " + msg
	}
	return Board{Title: msg}
}

func (b Board) on(s queens.Square) bool {
	return s.Row >= 0 && s.Row < b.N && s.Col >= 0 && s.Col < b.N
}

// grid returns, for the text and SVG renderings, what is on each square.
func (b Board) grid() (queen, high, cross [][]bool) {
	mk := func(ss []queens.Square) [][]bool {
		g := make([][]bool, b.N)
		for i := range g {
			g[i] = make([]bool, b.N)
		}
		for _, s := range ss {
			if b.on(s) {
				g[s.Row][s.Col] = true
			}
		}
		return g
	}
	return mk(b.Queens), mk(b.Highlight), mk(b.Crossed)
}

// Text returns the board as text, the picture's fallback where nothing is
// drawn: one line per row, three characters per square, " Q " for a queen,
// " x " for a crossed square, " . " otherwise, in brackets ("[Q]", "[.]")
// when highlighted. The title, if any, is the first line. (Notebook 01's
// Board, the sujet's print_solution, prints one character per square.)
func (b Board) Text() string {
	b = b.drawn()
	queen, high, cross := b.grid()
	var sb strings.Builder
	if b.Title != "" {
		sb.WriteString(b.Title + "\n")
	}
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			ch := "."
			switch {
			case queen[r][c]:
				ch = "Q"
			case cross[r][c]:
				ch = "x"
			}
			if high[r][c] {
				ch = "[" + ch + "]"
			} else {
				ch = " " + ch + " "
			}
			sb.WriteString(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Colours of the pictures.
const (
	lightSquare = "#f0d9b5"
	darkSquare  = "#b58863"
	queenColour = "#1a1a1a"
	markColour  = "#d62728"
)

// queenPath is the crown drawn for a queen, in a 100×100 box; crossPath the
// cross of a crossed square. Both pictures use them.
const (
	queenPath = "M12,88 L88,88 L92,96 L8,96 Z M14,82 L6,30 L30,58 L38,18 L50,52 L62,18 L70,58 L94,30 L86,82 Z"
	crossPath = "M20,10 L50,40 L80,10 L90,20 L60,50 L90,80 L80,90 L50,60 L20,90 L10,80 L40,50 L10,20 Z"
)

// size returns the picture's side in pixels for a board of side n: squares
// of 44 px up to n = 8, shrinking to keep it within 480 px, plus margins for
// the labels.
func (b Board) size(small bool) (cell, margin, side int) {
	total := 480
	if small {
		total = 150
	}
	cell = 44
	if small {
		cell = 24
	}
	if n := max(b.N, 1); cell*n > total {
		cell = max(total/n, 4)
	}
	margin = 24
	if small {
		margin = 18
	}
	return cell, margin, margin + cell*max(b.N, 1) + 4
}

// SVG returns a static drawing of the board: checkered squares (or the heat
// colours), row and column labels 1..n, queens as crowns, crosses and red
// outlines. small selects the gallery size (about 150 px instead of 500).
func (b Board) SVG(small bool) string {
	b = b.drawn()
	cell, margin, side := b.size(small)
	queen, high, cross := b.grid()
	maxHeat := b.heatScale()
	lines := titleLines(b.Title, side)
	titleH := titleHeight(lines)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="reines-fallback" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`,
		side, side+titleH, side, side+titleH)
	for i, l := range lines {
		fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="12" text-anchor="middle">%s</text>`, side/2, 13+16*i, display.EscapeHTML(l))
	}
	fmt.Fprintf(&sb, `<g transform="translate(%d,%d)">`, margin, margin+titleH)
	fs := max(min(cell/2, 12), 7)
	for i := 0; i < b.N; i++ {
		if !small || b.N <= 10 {
			fmt.Fprintf(&sb, `<text x="%d" y="-5" font-size="%d" text-anchor="middle">%d</text>`, i*cell+cell/2, fs, i+1)
			fmt.Fprintf(&sb, `<text x="-5" y="%d" font-size="%d" text-anchor="end">%d</text>`, i*cell+cell/2+fs/3, fs, i+1)
		}
	}
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			fill := lightSquare
			if b.Heat != nil {
				fill = heatColour(b.Heat[r][c], maxHeat)
			} else if (r+c)%2 == 1 {
				fill = darkSquare
			}
			x, y := c*cell, r*cell
			fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, cell, cell, fill)
			if b.Heat != nil && !queen[r][c] && !cross[r][c] && cell >= 16 { // a mark hides the count
				fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" fill="#333">%d</text>`, x+cell/2, y+cell/2+fs/3, fs, b.Heat[r][c])
			}
			scale := float64(cell) / 100
			if cross[r][c] {
				fmt.Fprintf(&sb, `<path d="%s" fill="%s" transform="translate(%d,%d) scale(%.3f)"/>`, crossPath, markColour, x, y, scale*0.9)
			}
			if queen[r][c] {
				fmt.Fprintf(&sb, `<path d="%s" fill="%s" stroke="#fff" stroke-width="4" transform="translate(%.1f,%.1f) scale(%.3f)"/>`,
					queenPath, queenColour, float64(x)+float64(cell)*0.1, float64(y)+float64(cell)*0.08, scale*0.8)
			}
			if high[r][c] {
				fmt.Fprintf(&sb, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="%s" stroke-width="3"/>`,
					float64(x)+1.5, float64(y)+1.5, float64(cell)-3, float64(cell)-3, markColour)
			}
		}
	}
	fmt.Fprintf(&sb, `<rect x="0" y="0" width="%d" height="%d" fill="none" stroke="#555"/>`, cell*b.N, cell*b.N)
	sb.WriteString(`</g></svg>`)
	return sb.String()
}

// heatScale is the Heat value drawn darkest: HeatMax, else the maximum.
func (b Board) heatScale() int {
	if b.HeatMax > 0 {
		return b.HeatMax
	}
	return heatMax(b.Heat)
}

func heatMax(h [][]int) int {
	m := 1
	for _, row := range h {
		for _, v := range row {
			m = max(m, v)
		}
	}
	return m
}

// heatColour maps 0..max to white..red, as the ECharts visual map does.
func heatColour(v, maxV int) string {
	t := float64(max(min(v, maxV), 0)) / float64(maxV)
	g := int(255 - t*(255-80))
	bl := int(255 - t*(255-60))
	return fmt.Sprintf("#ff%02x%02x", g, bl)
}

// HTML returns the board as a live ECharts chart carrying its SVG as the
// static fallback (see package display).
func (b Board) HTML() string {
	w, h := b.pixels(false)
	return display.Fragment(b.Option(false), b.SVG(false), w, h)
}

// pixels returns the picture's width and height: the board and its labels,
// plus a line for the title.
func (b Board) pixels(small bool) (w, h int) {
	b = b.drawn()
	_, _, side := b.size(small)
	return side, side + titleHeight(titleLines(b.Title, side))
}

// titleLines cuts a title into lines that fit a picture side pixels wide
// (about 7 pixels a character at the titles' size), at spaces.
func titleLines(title string, side int) []string {
	if title == "" {
		return nil
	}
	width := max(side/7, 12)
	var lines []string
	line := ""
	for _, w := range strings.Fields(title) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// titleHeight is the height of a title of the given lines, 18 pixels for
// one line and 16 more for each other.
func titleHeight(lines []string) int {
	if len(lines) == 0 {
		return 0
	}
	return 2 + 16*len(lines)
}

// Display shows the board in the notebook: the chart, and the text drawing
// as text/plain.
func (b Board) Display() { display.Show(b.HTML(), b.Text(), nil) }

// Gallery returns boards side by side as small multiples, each with its
// caption (may be nil), e.g. the 10 solutions for n = 5.
func Gallery(boards []Board, captions []string) string {
	items := make([]string, len(boards))
	scale := 0 // one colour scale for all heat maps
	for _, b := range boards {
		scale = max(scale, b.heatScale())
	}
	for i, b := range boards {
		if b.Heat != nil && b.HeatMax == 0 {
			b.HeatMax = scale
		}
		w, h := b.pixels(true)
		items[i] = display.Fragment(b.Option(true), b.SVG(true), w, h)
	}
	return display.Row(items, captions)
}

// GalleryText returns the text drawings of boards one after the other, each
// preceded by its caption.
func GalleryText(boards []Board, captions []string) string {
	var sb strings.Builder
	for i, b := range boards {
		if i < len(captions) {
			sb.WriteString(captions[i] + "\n")
		}
		sb.WriteString(b.Text() + "\n")
	}
	return sb.String()
}

// DisplayGallery shows boards side by side in the notebook.
func DisplayGallery(boards []Board, captions []string) {
	display.Show(Gallery(boards, captions), GalleryText(boards, captions), nil)
}
