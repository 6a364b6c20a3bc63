package exactcover

import "slices"

// Matrix is an explicit 0/1 matrix, as the sujet first presents exact
// cover: m[r][c] == 1 when row r has a 1 in column c. All rows have the same
// length, the number of columns; a matrix without rows has no columns. Rows
// are the options and columns the items, all primary.
type Matrix [][]int

// AlgorithmX returns every exact cover of m: each solution lists the rows
// (0-based) of a set of rows that together hold exactly one 1 in every
// column, in the order the search chose them. A matrix without columns has
// one solution, the empty set; rows that are all 0 are never chosen.
//
// It is Knuth's Algorithm X as the sujet states it: if no column is left,
// record the partial solution; otherwise choose the column c with the fewest
// 1s, and for each row r with a 1 in c, add r to the partial solution,
// delete every column j where r has a 1 and every row with a 1 in such a
// column, solve the reduced matrix recursively, then restore it. Each level
// scans the whole matrix: cost O(rows × columns) per node of the search
// tree. [Problem.Solve] does the same search with dancing links.
//
// Panics (index out of range) if a row is shorter than m[0].
//
// Answers notebook 04 Q2 (Algorithm X on the explicit matrix, the sujet's
// first solver).
func AlgorithmX(m Matrix) [][]int {
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
	var partial []int
	var solutions [][]int
	var search func()
	search = func() {
		// Choisir la colonne c qui a le moins de 1 parmi les lignes restantes.
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
		if c < 0 { // plus aucune colonne : la solution partielle est une couverture exacte
			solutions = append(solutions, slices.Clone(partial))
			return
		}
		for r := range nrows {
			if !rowAlive[r] || m[r][c] != 1 {
				continue
			}
			// Réduire : supprimer les colonnes de r et chaque ligne qui les touche.
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
			partial = append(partial, r)
			search()
			partial = partial[:len(partial)-1]
			// Restaurer la matrice telle qu'elle était avant le choix de r.
			for _, i := range deletedRows {
				rowAlive[i] = true
			}
			for _, j := range deletedCols {
				colAlive[j] = true
			}
		}
	}
	search()
	return solutions
}
