package board

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/tp/display"
)

// Matrix is a 0/1 matrix drawn as a heat map, the picture of an exact cover
// problem (notebook 04): one row per option, one column per item, a
// coloured cell for each 1. The state of Algorithm X is drawn on it: the
// rows and columns deleted so far are greyed, the column chosen for
// branching is tinted, and the chosen rows (a partial or complete
// solution) are drawn in red.
type Matrix struct {
	Cells [][]int // Cells[r][c] != 0 is a 1; all rows as long as the first
	// RowLabels and ColLabels name the rows and columns; nil numbers them
	// from 1.
	RowLabels, ColLabels []string
	Highlight            []int  // chosen rows, drawn in red
	Column               int    // the column chosen for branching, drawn tinted; -1 for none
	HiddenRows           []int  // rows deleted from the matrix, greyed
	HiddenCols           []int  // columns deleted from the matrix, greyed
	Title                string // caption above the matrix, may be empty
}

// NewMatrix returns the picture of m with no marks (Column = -1).
func NewMatrix(m [][]int) Matrix { return Matrix{Cells: m, Column: -1} }

// Colours of a matrix cell.
const (
	matrixZero      = "#ffffff"
	matrixOne       = "#5470c6"
	matrixHidden0   = "#f0f0f0"
	matrixHidden1   = "#c9cdd6"
	matrixColumn0   = "#fff2c4"
	matrixColumn1   = "#e0a100"
	matrixChosen0   = "#fbdada"
	matrixChosen1   = "#d62728"
	matrixGridColor = "#dddddd"
)

func (m Matrix) dims() (rows, cols int) {
	if len(m.Cells) == 0 {
		return 0, 0
	}
	return len(m.Cells), len(m.Cells[0])
}

func (m Matrix) labels() (rowL, colL []string) {
	rows, cols := m.dims()
	rowL, colL = m.RowLabels, m.ColLabels
	if len(rowL) != rows {
		rowL = indexLabels(rows)
	}
	if len(colL) != cols {
		colL = indexLabels(cols)
	}
	return rowL, colL
}

// cell returns the colour of cell (r, c) and what it is, in French, for
// the tooltip.
func (m Matrix) cell(r, c int) (colour, what string) {
	one := c < len(m.Cells[r]) && m.Cells[r][c] != 0
	pick := func(zero, o string) string {
		if one {
			return o
		}
		return zero
	}
	switch {
	case slices.Contains(m.Highlight, r):
		return pick(matrixChosen0, matrixChosen1), "ligne choisie"
	case slices.Contains(m.HiddenRows, r) || slices.Contains(m.HiddenCols, c):
		return pick(matrixHidden0, matrixHidden1), "supprimée"
	case c == m.Column:
		return pick(matrixColumn0, matrixColumn1), "colonne choisie"
	}
	return pick(matrixZero, matrixOne), ""
}

// Text returns the matrix as text: a header of column labels, then one line
// per row, '1' or '.' per cell, '-' for a deleted cell; a '*' before a
// chosen row and a 'v' above the chosen column. The title, if any, is the
// first line.
func (m Matrix) Text() string {
	rows, cols := m.dims()
	rowL, colL := m.labels()
	lw := 0
	for _, l := range rowL {
		lw = max(lw, len(l))
	}
	cw := 1
	for _, l := range colL {
		cw = max(cw, len(l))
	}
	var sb strings.Builder
	if m.Title != "" {
		sb.WriteString(m.Title + "\n")
	}
	pad := strings.Repeat(" ", lw+3)
	if m.Column >= 0 && m.Column < cols {
		sb.WriteString(pad)
		for c := range cols {
			mark := " "
			if c == m.Column {
				mark = "v"
			}
			fmt.Fprintf(&sb, "%*s", cw+1, mark)
		}
		sb.WriteString("\n")
	}
	sb.WriteString(pad)
	for _, l := range colL {
		fmt.Fprintf(&sb, "%*s", cw+1, l)
	}
	sb.WriteString("\n")
	for r := range rows {
		mark := " "
		if slices.Contains(m.Highlight, r) {
			mark = "*"
		}
		fmt.Fprintf(&sb, "%s %-*s ", mark, lw, rowL[r])
		for c := range cols {
			ch := "."
			if m.Cells[r][c] != 0 {
				ch = "1"
			}
			if !slices.Contains(m.Highlight, r) && (slices.Contains(m.HiddenRows, r) || slices.Contains(m.HiddenCols, c)) {
				ch = "-"
			}
			fmt.Fprintf(&sb, "%*s", cw+1, ch)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// layout returns the cell size and margins: cells of 26 px (17 px small),
// shrinking to keep the matrix within 640 px (240 px small).
func (m Matrix) layout(small bool) gridLayout {
	rows, cols := m.dims()
	rowL, colL := m.labels()
	cell, total := 26, 640
	if small {
		cell, total = 17, 240
	}
	if n := max(rows, cols, 1); cell*n > total {
		cell = max(total/n, 3)
	}
	lw := 0
	for _, l := range rowL {
		lw = max(lw, len(l))
	}
	fs := max(min(cell/2, 12), 7)
	left := 8 + lw*fs*6/10
	top := 6 + fs
	var l gridLayout
	if cell < 9 { // too small for labels
		l = newLayout(rows, cols, cell, 4, 4, m.Title)
	} else {
		l = newLayout(rows, cols, cell, left, top, m.Title)
		l.xLabels, l.yLabels = colL, rowL
	}
	l.tooltip = !small
	l.gap = 1
	return l
}

// SVG returns a static drawing of the matrix, as [Matrix.Option] draws it.
func (m Matrix) SVG(small bool) string {
	rows, cols := m.dims()
	l := m.layout(small)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="reines-fallback" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`,
		l.width, l.height, l.width, l.height)
	if l.titleH > 0 {
		fmt.Fprintf(&sb, `<text x="%d" y="13" font-size="12" text-anchor="middle">%s</text>`, l.width/2, display.EscapeHTML(m.Title))
	}
	fmt.Fprintf(&sb, `<g transform="translate(%d,%d)">`, l.left, l.topMargin)
	fs := max(min(l.cell/2, 12), 7)
	if l.xLabels != nil {
		for c, s := range l.xLabels {
			fmt.Fprintf(&sb, `<text x="%d" y="-4" font-size="%d" text-anchor="middle">%s</text>`, c*l.cell+l.cell/2, fs, display.EscapeHTML(s))
		}
		for r, s := range l.yLabels {
			fmt.Fprintf(&sb, `<text x="-5" y="%d" font-size="%d" text-anchor="end">%s</text>`, r*l.cell+l.cell/2+fs/3, fs, display.EscapeHTML(s))
		}
	}
	for r := range rows {
		for c := range cols {
			colour, _ := m.cell(r, c)
			fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#fff"/>`, c*l.cell, r*l.cell, l.cell, l.cell, colour)
		}
	}
	fmt.Fprintf(&sb, `<rect x="0" y="0" width="%d" height="%d" fill="none" stroke="%s"/>`, cols*l.cell, rows*l.cell, matrixGridColor)
	sb.WriteString(`</g></svg>`)
	return sb.String()
}

// Option returns the ECharts option of the matrix as JSON: one heat map
// series per cell colour. small drops the tooltip, for galleries.
func (m Matrix) Option(small bool) string {
	rows, cols := m.dims()
	rowL, colL := m.labels()
	var cells []cellMark
	for r := range rows {
		for c := range cols {
			colour, what := m.cell(r, c)
			name := fmt.Sprintf("ligne %s, colonne %s : %d", rowL[r], colL[c], m.Cells[r][c])
			if what != "" {
				name += " (" + what + ")"
			}
			cells = append(cells, cellMark{row: r, col: c, colour: colour, name: name})
		}
	}
	return m.layout(small).option(cells, nil, nil)
}

// HTML returns the matrix as a live ECharts chart carrying its SVG as the
// static fallback.
func (m Matrix) HTML() string {
	l := m.layout(false)
	return display.Fragment(m.Option(false), m.SVG(false), l.width, l.height)
}

// Display shows the matrix in the notebook: the chart, and the text drawing
// as text/plain.
func (m Matrix) Display() { display.Show(m.HTML(), m.Text(), nil) }

// MatrixGallery returns matrices side by side as small multiples, each with
// its caption (may be nil), e.g. the steps of a search.
func MatrixGallery(ms []Matrix, captions []string) string {
	items := make([]string, len(ms))
	for i, m := range ms {
		l := m.layout(true)
		items[i] = display.Fragment(m.Option(true), m.SVG(true), l.width, l.height)
	}
	return display.Row(items, captions)
}

// DisplayMatrixGallery shows matrices side by side in the notebook.
func DisplayMatrixGallery(ms []Matrix, captions []string) {
	var sb strings.Builder
	for i, m := range ms {
		if i < len(captions) {
			sb.WriteString(captions[i] + "\n")
		}
		sb.WriteString(m.Text() + "\n")
	}
	display.Show(MatrixGallery(ms, captions), sb.String(), nil)
}
