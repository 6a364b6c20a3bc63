// Package nb00 declares the questions of notebook 00, a primer of Go for
// students who know OCaml and C (reference answers: tp/gobasics): for each
// question its title, points, reference answer, public cases and how a
// student's answer is judged, with a note in French that names the typical
// mistake. Its hidden cases are set by its package hidden, which the
// student edition has empty.
package nb00

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/gobasics"
	"github.com/prepa-reines/reines/tp/queens"
)

// The errors of the primer's answers, for the checks (see
// grading.RegisterErrors).
func init() {
	grading.RegisterErrors(
		grading.TPError{Err: gobasics.ErrSyntax, Name: "gobasics.ErrSyntax", French: "un champ n'est pas un entier"},
		grading.TPError{Err: gobasics.ErrColumn, Name: "gobasics.ErrColumn", French: "colonne hors de 1 … n"},
	)
}

// Q1 asks for Grid, Go's Array.make_matrix.
var Q1 = grading.Define(&grading.Exercise[func(int, int) [][]bool, GridCase, GridOut]{
	Question: grading.Question{ID: "00/Q1", Title: "Une matrice, des lignes distinctes", Points: 2},
	Ref:      gobasics.Grid,
	Cases:    []GridCase{{0, 0}, {1, 1}, {2, 3}, {3, 2}, {4, 4}, {8, 8}, {3, 0}},
	Call: func(f func(int, int) [][]bool, in GridCase) GridOut {
		g := f(in.Rows, in.Cols)
		out := GridOut{Rows: len(g), AllFalse: true}
		first := map[*bool]bool{} // the first square of each row
		for _, row := range g {
			out.Lens = append(out.Lens, len(row))
			out.AllFalse = out.AllFalse && !slices.Contains(row, true)
			if len(row) > 0 {
				out.Shared = out.Shared || first[&row[0]]
				first[&row[0]] = true
			}
		}
		return out
	},
	Input: func(in GridCase) string {
		return fmt.Sprintf("rows = %d, cols = %d", in.Rows, in.Cols)
	},
	Format: func(o GridOut) string {
		s := grading.Plural(o.Rows, "ligne")
		if len(o.Lens) > 0 && !slices.ContainsFunc(o.Lens, func(k int) bool { return k != o.Lens[0] }) {
			s += " de " + grading.Plural(o.Lens[0], "case")
		} else if len(o.Lens) > 0 {
			s += fmt.Sprintf(" de longueurs %v", o.Lens)
		}
		if !o.AllFalse {
			s += ", pas toutes à false"
		}
		if o.Shared {
			s += ", certaines étant la même tranche"
		}
		return s
	},
	Judge: func(in GridCase, got, want GridOut) (bool, string) {
		switch {
		case got.Rows != want.Rows:
			return false, fmt.Sprintf("il faut %s (la longueur de la tranche extérieure)", grading.Plural(want.Rows, "ligne"))
		case !slices.Equal(got.Lens, want.Lens):
			return false, fmt.Sprintf("chaque ligne doit avoir %s", grading.Plural(in.Cols, "case"))
		case !got.AllFalse:
			return false, "toutes les cases valent false au départ (la valeur nulle d'un bool)"
		case got.Shared:
			return false, "plusieurs lignes sont la même tranche : écrire une case les change toutes. Créez chaque ligne avec son propre make, dans la boucle (c'est le piège d'Array.make n (Array.make m false) en OCaml)"
		}
		return true, ""
	},
})

// spare is the spare capacity of the placements handed to WithQueen.
const spare = 4

// Q2 asks for WithQueen: append, capacity and copies.
var Q2 = grading.Define(&grading.Exercise[func(queens.Placement, int) queens.Placement, WithQueenCase, WithQueenOut]{
	Question: grading.Question{ID: "00/Q2", Title: "`append` et le tableau partagé", Points: 2},
	Ref:      gobasics.WithQueen,
	Cases: []WithQueenCase{
		{queens.Placement{}, 0, 1},
		{queens.Placement{1, 3}, 0, 2},
		{queens.Placement{0, 2, 4}, 1, 3},
		{queens.Placement{2, 4, 1}, 3, 3},
		{queens.Placement{0, 4, 7, 5, 2, 6, 1}, 3, 5},
	},
	Call: func(f func(queens.Placement, int) queens.Placement, in WithQueenCase) WithQueenOut {
		p := make(queens.Placement, len(in.P), len(in.P)+spare)
		copy(p, in.P)
		a := f(p, in.A)
		b := f(p, in.B)
		out := WithQueenOut{A: slices.Clone(a), B: slices.Clone(b), Changed: !slices.Equal(p, in.P)}
		// Write all of p's array, spare capacity included: a result that
		// shares it changes.
		full := p[:cap(p)]
		for i := range full {
			full[i] = -1 - i
		}
		out.Shared = !slices.Equal(a, out.A) || !slices.Equal(b, out.B)
		return out
	},
	Input: func(in WithQueenCase) string {
		return fmt.Sprintf("p = %v (capacité %d) ; WithQueen(p, %d) puis WithQueen(p, %d)", []int(in.P), len(in.P)+spare, in.A, in.B)
	},
	Format: func(o WithQueenOut) string {
		return fmt.Sprintf("%v puis %v", []int(o.A), []int(o.B))
	},
	Judge: func(in WithQueenCase, got, want WithQueenOut) (bool, string) {
		switch {
		case got.Changed:
			return false, "p a changé : WithQueen ne doit pas modifier les éléments de p"
		case !slices.Equal(got.B, want.B):
			return false, "le résultat est p suivi de col"
		case !slices.Equal(got.A, want.A) && slices.Equal(got.A, want.B):
			return false, "le premier résultat a changé au second appel : append(p, col) a écrit dans la capacité libre de p, que les deux résultats partagent. Copiez p dans une tranche neuve avant d'ajouter col (slices.Clone(p), ou make puis copy)"
		case !slices.Equal(got.A, want.A):
			return false, "le résultat est p suivi de col"
		case got.Shared:
			return false, "le résultat partage le tableau de p : une écriture dans p le modifie. Copiez p dans une tranche neuve (slices.Clone(p), ou make puis copy)"
		}
		return true, ""
	},
})

// Q3 asks for Permutations: recursion, and a copy before storing.
var Q3 = grading.Define(&grading.Exercise[func(int) [][]int, grading.Sized, [][]int]{
	Question: grading.Question{ID: "00/Q3", Title: "Les permutations, chacune sa tranche", Points: 3},
	Ref:      gobasics.Permutations,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 0}},
	Call:     func(f func(int) [][]int, in grading.Sized) [][]int { return f(in.N) },
	Input:    grading.Sized.String,
	Format:   formatPerms,
	Judge: func(_ grading.Sized, got, want [][]int) (bool, string) {
		switch {
		case slices.EqualFunc(got, want, slices.Equal):
			return true, ""
		case len(got) > 1 && !slices.ContainsFunc(got[1:], func(p []int) bool { return !slices.Equal(p, got[0]) }):
			return false, "toutes les permutations sont la même tranche : copiez-la avant de l'ajouter (append(perms, slices.Clone(p))), car p est réutilisée ensuite"
		case len(got) != len(want):
			return false, fmt.Sprintf("il y a n! = %s, pas %d", grading.Plural(len(want), "permutation"), grading.Int(len(got)))
		}
		sorted := slices.Clone(got)
		slices.SortFunc(sorted, slices.Compare)
		if slices.EqualFunc(sorted, want, slices.Equal) {
			return false, "les bonnes permutations, mais pas dans l'ordre lexicographique : essayez les valeurs dans l'ordre croissant"
		}
		for k := range want {
			if !slices.Equal(got[k], want[k]) {
				return false, fmt.Sprintf("la permutation n° %d devrait être %v, pas %v", k+1, want[k], got[k])
			}
		}
		return false, ""
	},
})

// Q4 asks for Attacks: counting with maps.
var Q4 = grading.Define(&grading.Exercise[func(queens.Placement) int, queens.Placement, int]{
	Question: grading.Question{ID: "00/Q4", Title: "Compter les paires qui s'attaquent", Points: 2},
	Ref:      gobasics.Attacks,
	Cases: []queens.Placement{
		{}, {0}, {1, 3, 0, 2},
		{0, 0, 0},    // one column
		{0, 1, 2, 3}, // one diagonal
		{3, 2, 1, 0}, // one anti-diagonal
		{0, 2, 0, 2},
		{0, 0, 1, 1},
		{4, 4, 4, 4, 4},
	},
	Call:  func(f func(queens.Placement) int, p queens.Placement) int { return f(slices.Clone(p)) },
	Input: func(p queens.Placement) string { return "p = " + fmt.Sprint([]int(p)) },
	Judge: func(_ queens.Placement, got, want int) (bool, string) {
		switch {
		case got == want:
			return true, ""
		case got == 2*want:
			return false, "chaque paire est comptée deux fois : (i, j) et (j, i) sont la même paire"
		case got < want:
			return false, "il manque des paires : les colonnes et les deux sens de diagonale (ligne − colonne, ligne + colonne) comptent, et k reines sur une même ligne de l'échiquier forment k(k − 1)/2 paires"
		}
		return false, "trop de paires : k reines sur une même colonne ou diagonale forment k(k − 1)/2 paires"
	},
	Board: func(p queens.Placement, _, _ int) *board.Board {
		if len(p) == 0 {
			return nil
		}
		b := grading.BoardOf(p)
		return &b
	},
})

// Q5 asks for Push: a struct changed through a pointer.
var Q5 = grading.Define(&grading.Exercise[func(*gobasics.Partial, int) bool, PushCase, PushOut]{
	Question: grading.Question{ID: "00/Q5", Title: "Une structure modifiée par pointeur", Points: 3},
	Ref:      gobasics.Push,
	Cases: []PushCase{
		{1, []int{0}},
		{1, []int{0, 0}},              // every row filled
		{4, []int{1, 1}},              // same column
		{4, []int{1, 2}},              // diagonal
		{4, []int{1, 0}},              // anti-diagonal
		{4, []int{1, 3, 0, 2}},        // 2 4 1 3
		{5, []int{0, 4, 2, 1}},        // (3, 3) on the diagonal of (1, 1), two rows up
		{4, []int{1, -1, 4, 3, 0, 2}}, // off the board
		{5, []int{0, 0, 1, 2, 3, 1, 4, 2, 3, 4}},
		{0, []int{0}},
	},
	Call: func(f func(*gobasics.Partial, int) bool, in PushCase) PushOut {
		s := gobasics.NewPartial(in.N)
		var out PushOut
		for _, c := range in.Cols {
			out.OK = append(out.OK, f(s, c))
		}
		out.State = *s
		return out
	},
	Input: func(in PushCase) string {
		return fmt.Sprintf("NewPartial(%d), puis Push avec les colonnes %v", in.N, in.Cols)
	},
	Format: func(o PushOut) string {
		return fmt.Sprintf("%v ; Cols = %v", o.OK, o.State.Cols)
	},
	Judge: func(in PushCase, got, want PushOut) (bool, string) {
		if k := firstDiff(got.OK, want.OK); k >= 0 {
			return false, pushNote(in, want, k)
		}
		s, w := got.State, want.State
		switch {
		case s.N != w.N:
			return false, "Push ne doit pas modifier s.N"
		case !slices.Equal(s.Cols, w.Cols):
			return false, "s.Cols doit recevoir la colonne de chaque reine posée (s.Cols = append(s.Cols, col)) : Push reçoit un pointeur, c'est *s qu'il faut modifier, pas une copie"
		case !slices.Equal(s.Col, w.Col):
			return false, "s.Col[c] doit passer à true pour la colonne c de chaque reine posée, et pour elle seule"
		case !slices.Equal(s.Diag, w.Diag):
			return false, "s.Diag[r − c + N − 1] doit passer à true pour la reine (r, c), et elle seule"
		case !slices.Equal(s.Anti, w.Anti):
			return false, "s.Anti[r + c] doit passer à true pour la reine (r, c), et elle seule"
		}
		return true, ""
	},
	Board: func(in PushCase, got, want PushOut) *board.Board {
		if in.N == 0 {
			return nil
		}
		b := &board.Board{N: in.N}
		for r, c := range got.State.Cols {
			if c >= 0 && c < in.N && r < in.N {
				b.Queens = append(b.Queens, queens.Square{Row: r, Col: c})
			}
		}
		if k := firstDiff(got.OK, want.OK); k >= 0 && k < len(in.Cols) {
			row := countTrue(want.OK[:k])
			if c := in.Cols[k]; c >= 0 && c < in.N && row < in.N {
				b.Highlight = []queens.Square{{Row: row, Col: c}}
			}
		}
		return b
	},
})

// Q6 asks for ParsePlacement: returning errors that errors.Is recognizes.
var Q6 = grading.Define(&grading.Exercise[func(string) (queens.Placement, error), string, ParseOut]{
	Question: grading.Question{ID: "00/Q6", Title: "Lire un placement, renvoyer une erreur", Points: 3},
	Ref:      gobasics.ParsePlacement,
	Cases:    []string{"2 4 1 3", "1", "", "  3 1  4 2 ", "1 1 1", "2 4 x 3", "2 4 1.5 3", "0 1", "1 3", "2 -1", "deux"},
	Call: func(f func(string) (queens.Placement, error), s string) ParseOut {
		p, err := f(s)
		return ParseOut{p, grading.ErrOf(err)}
	},
	Input: func(s string) string { return fmt.Sprintf("s = %q", s) },
	Format: func(o ParseOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		return grading.PlacementText(o.P)
	},
	Judge: func(_ string, got, want ParseOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if slices.Equal(got.P, want.P) {
			return true, ""
		}
		if len(got.P) == len(want.P) && !slices.ContainsFunc(want.P, func(c int) bool { return !slices.Contains(got.P, c+1) }) {
			return false, "les colonnes du texte commencent à 1, celles du placement à 0 : soustrayez 1"
		}
		return false, "p[r] est la colonne (à partir de 0) du r-ième nombre du texte"
	},
})

// Q7 asks for Memo: a closure that keeps a map.
var Q7 = grading.Define(&grading.Exercise[func(func(int) int64) func(int) int64, []int, MemoOut]{
	Question: grading.Question{ID: "00/Q7", Title: "Une fermeture qui se souvient", Points: 2},
	Ref:      gobasics.Memo,
	Cases:    [][]int{{3}, {3, 3}, {1, 2, 1, 2, 1}, {5, -5, 0, 5, 0}, {}, {7, 7, 7, 7, 8, 8, 9}},
	Call: func(f func(func(int) int64) func(int) int64, xs []int) MemoOut {
		var out MemoOut
		sq := f(func(x int) int64 { out.FirstCalls++; return int64(x)*int64(x) + 1 })
		neg := f(func(x int) int64 { out.SecondCalls++; return -int64(x) })
		for _, x := range xs {
			out.First = append(out.First, sq(x))
			out.Second = append(out.Second, neg(x))
		}
		return out
	},
	Input: func(xs []int) string {
		return fmt.Sprintf("g := Memo(x ↦ x² + 1), h := Memo(x ↦ −x), appelées tour à tour sur %v", xs)
	},
	Format: func(o MemoOut) string {
		return fmt.Sprintf("g : %v (%s de f), h : %v (%s de f)", o.First, grading.Plural(o.FirstCalls, "appel"), o.Second, grading.Plural(o.SecondCalls, "appel"))
	},
	Judge: func(xs []int, got, want MemoOut) (bool, string) {
		switch {
		case !slices.Equal(got.First, want.First) && slices.Equal(got.First, want.Second) ||
			!slices.Equal(got.Second, want.Second) && slices.Equal(got.Second, want.First):
			return false, "les deux fonctions mémoïsées partagent une même table : créez la map dans Memo (une par appel de Memo), pas dans une variable globale"
		case !slices.Equal(got.First, want.First) || !slices.Equal(got.Second, want.Second):
			return false, "la fonction renvoyée doit renvoyer f(x)"
		case got.FirstCalls > want.FirstCalls || got.SecondCalls > want.SecondCalls:
			return false, fmt.Sprintf("f est rappelée sur un argument déjà calculé (%s pour %s distincts) : créez la map dans Memo, avant le return, pour que la fonction renvoyée la retrouve d'un appel à l'autre",
				grading.Plural(got.FirstCalls, "appel"), grading.Plural(want.FirstCalls, "argument"))
		case got.FirstCalls < want.FirstCalls || got.SecondCalls < want.SecondCalls:
			return false, "f doit être appelée une fois pour chaque argument nouveau"
		}
		return true, ""
	},
})

// Q8 asks for SumParallel: goroutines, a WaitGroup and a Mutex.
var Q8 = grading.Define(&grading.Exercise[func([]int, func(int) int64) int64, []int, SumOut]{
	Question: grading.Question{ID: "00/Q8", Title: "Des goroutines et un verrou", Points: 2, Optional: true, Race: true,
		Requires: []string{"go", "sync.Mutex|sync.RWMutex"}},
	Ref:   gobasics.SumParallel,
	Cases: [][]int{{}, {4}, {1, 2, 3}, {5, 5, 5, 5}, Seq(20), Seq(100)},
	Call: func(f func([]int, func(int) int64) int64, ns []int) SumOut {
		o := newOverlap(len(ns)) // one goroutine per term
		sum := f(slices.Clone(ns), func(n int) int64 {
			o.Enter()
			return slowSquare(n)
		})
		return SumOut{sum, int64(o.Close().Most)}
	},
	Input:  func(ns []int) string { return "ns = " + formatInts(ns) + ", f(n) = n²" },
	Format: func(o SumOut) string { return fmt.Sprintf("%d (appels de f : %s)", grading.Int(o.Sum), atOnce(o.Peak)) },
	Judge: func(ns []int, got, want SumOut) (bool, string) {
		need := min(want.Peak, int64(len(ns)))
		switch {
		case got.Sum < want.Sum:
			return false, "somme incomplète : attendez la fin de toutes les goroutines (wg.Add(1) avant chaque go, defer wg.Done() dedans, wg.Wait() avant de renvoyer), et protégez la somme partagée par un sync.Mutex (mu.Lock() … mu.Unlock())"
		case got.Sum > want.Sum:
			return false, "somme trop grande : un terme compté deux fois ?"
		case got.Peak < need:
			return false, concurrencyNote("f", got.Peak, need, "une goroutine par terme, toutes lancées avant un seul wg.Wait(), et f appelée hors du verrou")
		}
		return true, ""
	},
})

// Q9 asks for Workers: a fixed number of goroutines reading a channel.
var Q9 = grading.Define(&grading.Exercise[func([]int, int, func(int) int64) int64, WorkersCase, WorkersOut]{
	Question: grading.Question{ID: "00/Q9", Title: "Des travailleurs et un canal", Points: 3, Optional: true, Race: true,
		Requires: []string{"go", "chan"}},
	Ref: gobasics.Workers,
	Cases: []WorkersCase{
		{[]int{1, 2, 3}, 1}, {[]int{}, 2}, {[]int{7}, 3}, {Seq(10), 2}, {Seq(10), 3}, {Seq(30), 4}, {[]int{2, 2, 2, 2}, 10},
	},
	Call: func(f func([]int, int, func(int) int64) int64, in WorkersCase) WorkersOut {
		o := newOverlap(workersAtOnce(in))
		late := newLateOverlap(len(in.Tasks), workersAtOnce(in))
		calls := late.calls()
		g := func(n int) int64 {
			past := calls.Add()
			o.Enter()
			late.watch(past)
			return slowSquare(n)
		}
		sum := f(slices.Clone(in.Tasks), in.Workers, g)
		total, callers := calls.Total()
		return WorkersOut{Sum: sum, Calls: total, Callers: int64(callers), TooMany: callers > in.Workers, Peak: int64(o.Close().Most), LatePeak: late.mostLate()}
	},
	Input: func(in WorkersCase) string {
		return fmt.Sprintf("tâches %s, %s, f(n) = n²", formatInts(in.Tasks), grading.Plural(in.Workers, "travailleur"))
	},
	Format: func(o WorkersOut) string {
		s := fmt.Sprintf("%d (%s de f, %s)", grading.Int(o.Sum), grading.Plural(o.Calls, "appel"), atOnce(o.Peak))
		if o.TooMany {
			s += fmt.Sprintf(", appelée par %s", grading.Plural(o.Callers, "goroutine"))
		}
		return s
	},
	Judge: func(in WorkersCase, got, want WorkersOut) (bool, string) {
		need := min(want.Peak, int64(workersAtOnce(in)))
		switch {
		case got.Calls != want.Calls:
			return false, fmt.Sprintf("chaque tâche doit être traitée une fois exactement : %s pour %s", grading.Plural(got.Calls, "appel"), grading.Plural(len(in.Tasks), "tâche"))
		case got.Sum != want.Sum:
			return false, "somme fausse : attendez-vous le résultat de chaque travailleur ? Fermez le canal des tâches (close) pour que leur boucle for range se termine"
		case got.TooMany:
			return false, fmt.Sprintf("f appelée par %s pour %s : lancez exactement workers goroutines qui lisent les tâches sur un canal, pas une goroutine par tâche (même si un sémaphore en limite le nombre à la fois), et appelez f dans ces goroutines mêmes", grading.Plural(got.Callers, "goroutine"), grading.Plural(in.Workers, "travailleur"))
		case got.Peak < need:
			return false, concurrencyNote("f", got.Peak, need, "lancez les workers goroutines avant d'envoyer les tâches, chacune appelant f sur celles qu'elle reçoit")
		case newLateOverlap(len(in.Tasks), workersAtOnce(in)) != nil && got.LatePeak < int64(lateWant(workersAtOnce(in))):
			return false, lateNote("f", got.LatePeak, int64(lateWant(workersAtOnce(in))), "chaque travailleur lit les tâches sur le canal jusqu'à sa fermeture")
		}
		return true, ""
	},
})

// Q10 asks for CountParallel: a counter shared through sync/atomic.
var Q10 = grading.Define(&grading.Exercise[func(int, int, func(int) bool) int64, CountCase, CountOut]{
	Question: grading.Question{ID: "00/Q10", Title: "Un compteur atomique", Points: 2, Optional: true, Race: true,
		Requires: []string{"go", "atomic.Int64|atomic.AddInt64"}},
	Ref:   gobasics.CountParallel,
	Cases: []CountCase{{0, 3, 1}, {10, 1, 3}, {10, 3, 3}, {3, 5, 1}, {1000, 2, 10}, {100000, 4, 1}, {99999, 3, 7}},
	Call: func(f func(int, int, func(int) bool) int64, in CountCase) CountOut {
		o := newOverlap(countAtOnce(in))
		late := newLateOverlap(in.N, countAtOnce(in))
		calls := late.calls()
		c := f(in.N, in.Workers, func(i int) bool {
			past := calls.Add()
			o.Enter()
			late.watch(past)
			return i%in.K == 0
		})
		total, callers := calls.Total()
		return CountOut{Count: c, Calls: total, Callers: int64(callers), TooMany: callers > in.Workers, Peak: int64(o.Close().Most), LatePeak: late.mostLate()}
	},
	Input: func(in CountCase) string {
		return fmt.Sprintf("n = %d, %s, pred(i) : i multiple de %d", grading.Int(in.N), grading.Plural(in.Workers, "travailleur"), in.K)
	},
	Format: func(o CountOut) string {
		s := fmt.Sprintf("%d (%s de pred, %s)", grading.Int(o.Count), grading.Plural(o.Calls, "appel"), atOnce(o.Peak))
		if o.TooMany {
			s += fmt.Sprintf(", appelée par %s", grading.Plural(o.Callers, "goroutine"))
		}
		return s
	},
	Judge: func(in CountCase, got, want CountOut) (bool, string) {
		need := min(want.Peak, int64(countAtOnce(in)))
		switch {
		case got.Calls != want.Calls:
			return false, fmt.Sprintf("pred doit être appelée une fois pour chaque i de 0 à n − 1 : %s au lieu de %d (les parts des travailleurs se chevauchent-elles, ou en oublient-elles ?)", grading.Plural(got.Calls, "appel"), grading.Int(want.Calls))
		case got.Count < want.Count:
			return false, "compte trop petit : des incréments perdus ? count++ n'est pas atomique quand plusieurs goroutines le font en même temps ; utilisez un atomic.Int64 (count.Add(1), puis count.Load() après wg.Wait())"
		case got.Count > want.Count:
			return false, "compte trop grand"
		case got.TooMany:
			return false, fmt.Sprintf("pred appelée par %s pour %s : lancez exactement workers goroutines, chacune examinant sa part des i (une part par travailleur, pas un bloc de taille fixe par goroutine)", grading.Plural(got.Callers, "goroutine"), grading.Plural(in.Workers, "travailleur"))
		case got.Peak < need:
			return false, concurrencyNote("pred", got.Peak, need, "lancez les workers goroutines, chacune examinant sa part des i, avant un seul wg.Wait()")
		case newLateOverlap(in.N, countAtOnce(in)) != nil && got.LatePeak < int64(lateWant(countAtOnce(in))):
			return false, lateNote("pred", got.LatePeak, int64(lateWant(countAtOnce(in))), "chaque travailleur examine toute sa part des i")
		}
		return true, ""
	},
})

// Q11 asks for Drain: select on a channel and a context.
var Q11 = grading.Define(&grading.Exercise[func(context.Context, <-chan int) (int, error), DrainCase, DrainOut]{
	Question: grading.Question{ID: "00/Q11", Title: "Un canal, un contexte, `select`", Points: 2, Optional: true},
	Ref:      gobasics.Drain,
	Timeout:  3 * time.Second,
	Cases: []DrainCase{
		{[]int{1, 2, 3}, true, ""}, {nil, true, ""}, {[]int{5, -2, 7}, true, ""},
		{nil, false, "before"}, {[]int{4, 5, 6}, false, "deadline"}, {[]int{10}, false, "later"}, {nil, false, "deadline"},
	},
	Call: func(f func(context.Context, <-chan int) (int, error), in DrainCase) DrainOut {
		ch := make(chan int, len(in.Values))
		for _, v := range in.Values {
			ch <- v
		}
		if in.Close {
			close(ch)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		switch in.Cancel {
		case "before":
			cancel()
		case "later":
			time.AfterFunc(50*time.Millisecond, cancel)
		case "deadline":
			var stop context.CancelFunc
			ctx, stop = context.WithTimeout(ctx, 100*time.Millisecond)
			defer stop()
		}
		sum, err := f(ctx, ch)
		return DrainOut{sum, errName(err)}
	},
	Input: func(in DrainCase) string {
		s := fmt.Sprintf("valeurs %v dans le canal", in.Values)
		if in.Close {
			s += ", fermé"
		} else {
			s += ", jamais fermé"
		}
		return s + map[string]string{"": "", "before": ", contexte annulé avant l'appel",
			"later": ", contexte annulé 50 ms après l'appel", "deadline": ", échéance du contexte 100 ms après l'appel"}[in.Cancel]
	},
	Format: func(o DrainOut) string {
		if o.Err == "" {
			return fmt.Sprintf("%d, nil", grading.Int(o.Sum))
		}
		return fmt.Sprintf("%d, %s", grading.Int(o.Sum), o.Err)
	},
	Judge: func(_ DrainCase, got, want DrainOut) (bool, string) {
		switch {
		case got.Err != want.Err && want.Err == "":
			return false, "le canal est fermé : renvoyez la somme et nil"
		case got.Err != want.Err:
			return false, fmt.Sprintf("le contexte est terminé : renvoyez la somme lue jusque-là et ctx.Err(), qui vaut ici %s", want.Err)
		case got.Sum != want.Sum:
			return false, "la somme est celle des valeurs reçues"
		}
		return true, ""
	},
})
