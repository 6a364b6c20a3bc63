package submission

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// compilerPosition is the start of a compiler message about a cell, as the
// //line directives name it: "cellule 7:3:9: ".
var compilerPosition = regexp.MustCompile(`^cellule (\d+):(\d+)(?::\d+)?: (.*)$`)

// parserPosition is the start of a parse error's message (see CellError).
var parserPosition = regexp.MustCompile(`^ligne (\d+)(?::\d+)?: (.*)$`)

// Explain rewrites compiler messages about the notebook's cells (cells
// holds them, by index) the way a student finds them: the cell by its first
// line (Jupyter shows no cell numbers), the line number within it, the
// message, and the line quoted. Other lines are kept.
func Explain(msgs string, cells []Cell) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(msgs, "\n"), "\n") {
		m := compilerPosition.FindStringSubmatch(l)
		if m == nil {
			b.WriteString(l + "\n")
			continue
		}
		cell, _ := strconv.Atoi(m[1])
		line, _ := strconv.Atoi(m[2])
		b.WriteString(explainAt(cells, cell-1, line, m[3]))
	}
	return b.String()
}

// ExplainCellError is Explain for a cell that does not parse.
func ExplainCellError(e CellError, cells []Cell) string {
	var b strings.Builder
	for _, l := range strings.Split(e.Msg, "\n") {
		if m := parserPosition.FindStringSubmatch(l); m != nil {
			line, _ := strconv.Atoi(m[1])
			b.WriteString(explainAt(cells, e.Cell, line, m[2]))
		} else {
			b.WriteString(explainAt(cells, e.Cell, 0, l))
		}
	}
	return b.String()
}

// explainAt describes message msg about line line (from 1; 0 if unknown)
// of the cell at index cell.
func explainAt(cells []Cell, cell, line int, msg string) string {
	where, quoted := cellPlace(cells, cell, line, 60)
	out := where + " : " + msg + "\n"
	if quoted != "" {
		out += "    " + quoted + "\n"
	}
	return out
}

// cellPlace names line line (from 1; 0 if unknown) of the cell at index
// cell the way a student finds it, "ligne 3 de la cellule « func F(n int)
// { »" (Jupyter shows no cell numbers; the cell's first line cut to width
// runes), and returns the line itself, trimmed ("" if unknown).
func cellPlace(cells []Cell, cell, line, width int) (where, quoted string) {
	var src string
	for _, c := range cells {
		if c.Index == cell {
			src = c.Source
		}
	}
	lines := strings.Split(src, "\n")
	first := ""
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" {
			first = t
			break
		}
	}
	if len([]rune(first)) > width {
		first = strings.TrimSpace(string([]rune(first)[:width])) + "…"
	}
	where = "la cellule « " + first + " »"
	if line > 0 {
		where = fmt.Sprintf("ligne %d de %s", line, where)
	}
	if line > 0 && line <= len(lines) {
		quoted = strings.TrimSpace(lines[line-1])
	}
	return where, quoted
}

// cellFrame is a frame of a race report or a panic's trace in a cell, as
// the grading package shows it (grading.CellFrame, and a child's panic
// notes): "  main.F() — cellule 7:3".
var cellFrame = regexp.MustCompile(`^(\s*)(.*) — cellule (\d+):(\d+)$`)

// ExplainFrames rewrites the frames in the notebook's cells (cells holds
// them, by index) of a race report (grading.RaceReport with
// grading.CellFrame) or a panic's note the way Explain names a place, on
// one line: "main.F() — ligne 3 de la cellule « func F(n int) { » : x++"
// (the cell's first line cut shorter than Explain's: a report has many
// frames; see maxFrames). Other lines, and frames in cells it does not
// hold, are kept.
func ExplainFrames(report string, cells []Cell) string {
	lines := strings.Split(report, "\n")
	rewritten := 0
	for k, l := range lines {
		if rewritten == maxFrames {
			break // a text the student's code wrote can hold any number of such lines
		}
		m := cellFrame.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		cell, _ := strconv.Atoi(m[3])
		line, _ := strconv.Atoi(m[4])
		if !slices.ContainsFunc(cells, func(c Cell) bool { return c.Index == cell-1 }) {
			continue // not a cell of this notebook
		}
		where, quoted := cellPlace(cells, cell-1, line, 28)
		lines[k] = m[1] + m[2] + " — " + where
		if quoted != "" {
			if r := []rune(quoted); len(r) > maxQuoted {
				quoted = strings.TrimSpace(string(r[:maxQuoted])) + "…"
			}
			lines[k] += " : " + quoted
		}
		rewritten++
	}
	return strings.Join(lines, "\n")
}

// ExplainFrames rewrites at most maxFrames frames (a race report has at
// most 40 lines) and quotes at most maxQuoted runes of each line: a panic
// message is the student's text, and every frame it fakes would otherwise
// quote a line of any length (an attack review made a 396 MB feedback page).
const (
	maxFrames = 40
	maxQuoted = 80
)
