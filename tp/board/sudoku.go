package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/tp/display"
)

// Sudoku is a 9×9 Sudoku grid: the givens of the puzzle on a grey
// background, in bold black, and the digits the solver found in blue.
// Cells are numbered row by row, 9*row+col, 0-based; 0 is an empty cell.
// Values of type [81]uint8, such as a sudoku.Grid, can be assigned to
// Puzzle and Solution directly.
type Sudoku struct {
	Puzzle   [81]uint8 // the givens
	Solution [81]uint8 // the filled grid (may be all 0: only the puzzle is drawn)
	// Highlight lists cells outlined in red (0..80), e.g. clashing givens.
	Highlight []int
	Title     string // caption above the grid, may be empty
}

// Colours of the Sudoku picture.
const (
	sudokuGiven    = "#e4e4e4"
	sudokuFound    = "#ffffff"
	sudokuFoundInk = "#1f5fbf"
	sudokuLine     = "#333333"
)

// digit returns the digit shown in cell k and whether it is a given.
func (s Sudoku) digit(k int) (uint8, bool) {
	if s.Puzzle[k] != 0 {
		return s.Puzzle[k], true
	}
	return s.Solution[k], false
}

// Text returns the puzzle and the solution side by side, '.' for an empty
// cell, boxes separated by '|' and '-' (the solution is left out if it is
// empty). The title, if any, is the first line.
func (s Sudoku) Text() string {
	grid := func(g [81]uint8, r int) string {
		var b strings.Builder
		for c := range 9 {
			if c > 0 && c%3 == 0 {
				b.WriteString("| ")
			}
			if d := g[9*r+c]; d == 0 {
				b.WriteString(". ")
			} else {
				b.WriteString(strconv.Itoa(int(d)) + " ")
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	withSolution := s.Solution != [81]uint8{}
	var sb strings.Builder
	if s.Title != "" {
		sb.WriteString(s.Title + "\n")
	}
	const rule = "------+-------+------"
	for r := range 9 {
		if r > 0 && r%3 == 0 {
			sb.WriteString(rule)
			if withSolution {
				sb.WriteString("     " + rule)
			}
			sb.WriteString("\n")
		}
		sb.WriteString(grid(s.Puzzle, r))
		if withSolution {
			sb.WriteString("     " + grid(s.Solution, r))
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func (s Sudoku) layout(small bool) gridLayout {
	cell := 36
	if small {
		cell = 18
	}
	l := newLayout(9, 9, cell, 6, 6, s.Title)
	l.tooltip = !small
	l.gap = 1
	l.fontSize = cell * 11 / 20
	return l
}

// SVG returns a static drawing of the grid, as [Sudoku.Option] draws it.
func (s Sudoku) SVG(small bool) string {
	l := s.layout(small)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="reines-fallback" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`,
		l.width, l.height, l.width, l.height)
	if l.titleH > 0 {
		fmt.Fprintf(&sb, `<text x="%d" y="13" font-size="12" text-anchor="middle">%s</text>`, l.width/2, display.EscapeHTML(s.Title))
	}
	fmt.Fprintf(&sb, `<g transform="translate(%d,%d)">`, l.left, l.topMargin)
	for k := range 81 {
		r, c := k/9, k%9
		d, given := s.digit(k)
		fill, ink, weight := sudokuFound, sudokuFoundInk, "normal"
		if given {
			fill, ink, weight = sudokuGiven, "#000", "bold"
		}
		x, y := c*l.cell, r*l.cell
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#bbb"/>`, x, y, l.cell, l.cell, fill)
		if d != 0 {
			fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="%d" font-weight="%s" text-anchor="middle" fill="%s">%d</text>`,
				x+l.cell/2, y+l.cell/2+l.fontSize*7/20, l.fontSize, weight, ink, d)
		}
	}
	for b := range 9 {
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2"/>`,
			(b%3)*3*l.cell, (b/3)*3*l.cell, 3*l.cell, 3*l.cell, sudokuLine)
	}
	for _, k := range s.Highlight {
		if k >= 0 && k < 81 {
			fmt.Fprintf(&sb, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="%s" stroke-width="3"/>`,
				float64(k%9*l.cell)+1.5, float64(k/9*l.cell)+1.5, float64(l.cell)-3, float64(l.cell)-3, markColour)
		}
	}
	sb.WriteString(`</g></svg>`)
	return sb.String()
}

// Option returns the ECharts option of the grid as JSON: the cells as a
// heat map, the digits as labels, the boxes and
// highlighted cells as outlines.
func (s Sudoku) Option(small bool) string {
	var cells []cellMark
	for k := range 81 {
		r, c := k/9, k%9
		d, given := s.digit(k)
		m := cellMark{row: r, col: c, colour: sudokuFound, labelColour: sudokuFoundInk,
			name: fmt.Sprintf("ligne %d, colonne %d", r+1, c+1)}
		if given {
			m.colour, m.labelColour, m.bold = sudokuGiven, "#000", true
		}
		if d != 0 {
			m.label = strconv.Itoa(int(d))
		}
		cells = append(cells, m)
	}
	var outlines []outline
	for b := range 9 {
		outlines = append(outlines, outline{row: 3*(b/3) + 1, col: 3*(b%3) + 1, w: 3, h: 3, colour: sudokuLine, width: 2})
	}
	for _, k := range s.Highlight {
		if k >= 0 && k < 81 {
			outlines = append(outlines, outline{row: k / 9, col: k % 9, w: 1, h: 1, colour: markColour, width: 3})
		}
	}
	return s.layout(small).option(cells, outlines, nil)
}

// HTML returns the grid as a live ECharts chart carrying its SVG as the
// static fallback.
func (s Sudoku) HTML() string {
	l := s.layout(false)
	return display.Fragment(s.Option(false), s.SVG(false), l.width, l.height)
}

// Display shows the grid in the notebook: the chart, and the text drawing
// as text/plain.
func (s Sudoku) Display() { display.Show(s.HTML(), s.Text(), nil) }
