package exactcover

import "slices"

// StepKind says what a [Step] of [TraceX] does.
type StepKind int

// The kinds of steps of Algorithm X.
const (
	ChooseColumn StepKind = iota // choose the column with the fewest 1s
	TryRow                       // add a row with a 1 in that column to the partial solution
	DeadEnd                      // the chosen column has no 1 left: backtrack
	Solution                     // no column is left: the partial solution is an exact cover
)

func (k StepKind) String() string {
	return [...]string{"choose column", "try row", "dead end", "solution"}[k]
}

// Step is one step of Algorithm X on an explicit matrix, as [TraceX]
// records it: the state of the reduced matrix when the step is taken.
type Step struct {
	Kind   StepKind
	Depth  int // number of rows chosen before this step
	Column int // the chosen column (ChooseColumn, TryRow, DeadEnd); -1 for Solution
	Ones   int // the number of 1s of Column in the remaining rows (ChooseColumn, DeadEnd)
	Row    int // the row tried (TryRow); -1 otherwise
	// Partial lists the rows chosen so far, in order, Row included.
	Partial []int
	// Rows[r] and Cols[c] say whether row r and column c are still in the
	// reduced matrix (for TryRow: before the rows and columns meeting Row
	// are deleted).
	Rows, Cols []bool
}

// TraceX runs [AlgorithmX] on m and returns every step of its search, in
// order, for a replay of the search: each choice of a column, each row
// tried, each dead end and each solution, with the state of the reduced
// matrix. The rows of the Solution steps are the solutions AlgorithmX
// returns, in the same order. Cost: that of AlgorithmX plus O(rows +
// columns) per step; meant for small matrices.
func TraceX(m Matrix) []Step {
	nrows, ncols := len(m), 0
	if nrows > 0 {
		ncols = len(m[0])
	}
	rowAlive := make([]bool, nrows)
	for i := range rowAlive {
		rowAlive[i] = true
	}
	colAlive := make([]bool, ncols)
	for j := range colAlive {
		colAlive[j] = true
	}
	var steps []Step
	var partial []int
	record := func(kind StepKind, col, ones, row int) {
		steps = append(steps, Step{Kind: kind, Depth: len(partial), Column: col, Ones: ones, Row: row,
			Partial: slices.Clone(partial), Rows: slices.Clone(rowAlive), Cols: slices.Clone(colAlive)})
		if kind == TryRow {
			steps[len(steps)-1].Depth--
		}
	}
	var search func()
	search = func() {
		c, fewest := -1, nrows+1
		for j := range ncols {
			if !colAlive[j] {
				continue
			}
			ones := 0
			for i := range nrows {
				if rowAlive[i] && m[i][j] == 1 {
					ones++
				}
			}
			if ones < fewest {
				c, fewest = j, ones
			}
		}
		switch {
		case c < 0:
			record(Solution, -1, 0, -1)
			return
		case fewest == 0:
			record(DeadEnd, c, 0, -1)
			return
		}
		record(ChooseColumn, c, fewest, -1)
		for r := range nrows {
			if !rowAlive[r] || m[r][c] != 1 {
				continue
			}
			partial = append(partial, r)
			record(TryRow, c, 0, r)
			var deletedRows, deletedCols []int
			for j := range ncols {
				if !colAlive[j] || m[r][j] != 1 {
					continue
				}
				for i := range nrows {
					if rowAlive[i] && m[i][j] == 1 {
						rowAlive[i] = false
						deletedRows = append(deletedRows, i)
					}
				}
				colAlive[j] = false
				deletedCols = append(deletedCols, j)
			}
			search()
			partial = partial[:len(partial)-1]
			for _, i := range deletedRows {
				rowAlive[i] = true
			}
			for _, j := range deletedCols {
				colAlive[j] = true
			}
		}
	}
	search()
	return steps
}
