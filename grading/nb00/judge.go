package nb00

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
)

// formatPerms prints a list of permutations: all of them up to 6, else
// the first three, the last and the number.
func formatPerms(ps [][]int) string {
	show := func(ps [][]int) string {
		parts := make([]string, len(ps))
		for i, p := range ps {
			parts[i] = fmt.Sprint(p)
		}
		return strings.Join(parts, " ")
	}
	if len(ps) <= 6 {
		return fmt.Sprintf("%s : %s", grading.Plural(len(ps), "permutation"), show(ps))
	}
	return fmt.Sprintf("%s : %s … %s", grading.Plural(len(ps), "permutation"), show(ps[:3]), show(ps[len(ps)-1:]))
}

// firstDiff returns the first index where got and want differ, −1 if none.
func firstDiff(got, want []bool) int {
	for k := range want {
		if k >= len(got) || got[k] != want[k] {
			return k
		}
	}
	if len(got) != len(want) {
		return len(want)
	}
	return -1
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// pushNote says why the k-th call of Push must return what want says,
// replaying the queens the reference placed before it.
func pushNote(in PushCase, want PushOut, k int) string {
	if k >= len(want.OK) {
		return "Push doit renvoyer un booléen par appel"
	}
	var placed []int
	for j := range k {
		if want.OK[j] {
			placed = append(placed, in.Cols[j])
		}
	}
	row, col := len(placed), in.Cols[k]
	sq := fmt.Sprintf("(ligne %d, colonne %d)", row+1, col+1)
	if want.OK[k] {
		return fmt.Sprintf("appel n° %d : la case %s est libre, Push doit y poser la reine et renvoyer true", k+1, sq)
	}
	why := ""
	switch {
	case row == in.N:
		why = "toutes les lignes sont remplies"
	case col < 0 || col >= in.N:
		why = fmt.Sprintf("la colonne %d (à partir de 0) est hors de l'échiquier", col)
	default:
		for r, c := range placed {
			if c == col || row-r == col-c || row-r == c-col {
				why = fmt.Sprintf("la case %s est attaquée par la reine (ligne %d, colonne %d)", sq, r+1, c+1)
				break
			}
		}
	}
	return fmt.Sprintf("appel n° %d : %s, Push doit renvoyer false sans rien changer", k+1, why)
}

// formatInts prints a list of ints, 1, 2, …, k when it is that.
func formatInts(ns []int) string {
	if len(ns) > 8 && !slices.ContainsFunc(ns, func(v int) bool { return v != slices.Index(ns, v)+1 }) {
		return fmt.Sprintf("[1 2 … %d]", len(ns))
	}
	return fmt.Sprint(ns)
}

// Seq is [1 2 … n].
func Seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

// errName names the error of Drain.
func errName(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, context.Canceled):
		return "context.Canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return "context.DeadlineExceeded"
	}
	return err.Error()
}
