package nb04

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"

	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/nqueens"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
	"github.com/prepa-reines/reines/tp/queens"
)

func exactCoverReports() []grading.Report {
	return []grading.Report{
		Q2.Run(exactcover.AlgorithmX),
		Q3.Run(exactcover.New),
		Q4.Run(exactcover.InsertOption),
		Q5.Run(exactcover.HideOption),
		Q6.Run(exactcover.CoverItem),
		Q7.Run(exactcover.UnhideOption),
		Q8.Run(exactcover.UncoverItem),
		Q10.Run(exactcover.ChooseItem),
		Q11.Run(exactcover.Dance),
		Q12.Run(nqueens.QueensProblem),
		Q13.Run(sudoku.SudokuProblem),
	}
}

// mustFail runs a wrong answer and wants at least one failed public case,
// each explained in French.
func mustFail(t *testing.T, name string, r grading.Report) {
	t.Helper()
	if r.Outcome() != "failed" {
		t.Errorf("%s: outcome %s; want failed\n%s", name, r.Outcome(), r.Text())
		return
	}
	for _, c := range r.Cases {
		if c.Status == grading.Failed && c.Note == "" {
			t.Errorf("%s: case %q fails without a note", name, c.Input)
		}
	}
	for _, c := range r.Cases {
		if c.Status != grading.Passed {
			t.Logf("%s: %s — %s", name, strings.SplitN(c.Input, "\n", 2)[0], c.Note)
		}
	}
}

// firstNote returns the note of the first failed case of r.
func firstNote(r grading.Report) string {
	for _, c := range r.Cases {
		if c.Status != grading.Passed {
			return c.Note
		}
	}
	return ""
}

func TestExactCoverAlgorithmXMistakes(t *testing.T) {
	// The first column with a 1 left, not the one with the fewest 1s:
	// the same solutions, found in another order.
	firstColumn := func(m exactcover.Matrix) [][]int {
		return algorithmX(m, func(ones []int) int {
			for j, k := range ones {
				if k >= 0 {
					return j
				}
			}
			return -1
		}, true)
	}
	r := Q2.Run(firstColumn)
	mustFail(t, "first column", r)
	if !strings.Contains(r.Text(), "pas dans l'ordre") {
		t.Errorf("first column: the order is not explained:\n%s", r.Text())
	}
	// Forgetting to restore the rows and columns after a branch.
	noRestore := func(m exactcover.Matrix) [][]int {
		return algorithmX(m, minColumn, false)
	}
	mustFail(t, "no restore", Q2.Run(noRestore))
}

// minColumn returns the live column with the fewest 1s (ones[j] < 0 for a
// deleted column), the first on ties, or -1.
func minColumn(ones []int) int {
	c := -1
	for j, k := range ones {
		if k >= 0 && (c < 0 || k < ones[c]) {
			c = j
		}
	}
	return c
}

// algorithmX is Algorithm X with a given column choice, restoring the
// matrix after each branch or not.
func algorithmX(m exactcover.Matrix, choose func(ones []int) int, restore bool) [][]int {
	nrows, ncols := len(m), 0
	if nrows > 0 {
		ncols = len(m[0])
	}
	rowDead := make([]bool, nrows)
	colDead := make([]bool, ncols)
	var sols [][]int
	var partial []int
	var search func()
	search = func() {
		ones := make([]int, ncols)
		for j := range ncols {
			if colDead[j] {
				ones[j] = -1
				continue
			}
			for i := range nrows {
				if !rowDead[i] && m[i][j] == 1 {
					ones[j]++
				}
			}
		}
		c := choose(ones)
		if c < 0 {
			sols = append(sols, slices.Clone(partial))
			return
		}
		for r := range nrows {
			if rowDead[r] || m[r][c] != 1 {
				continue
			}
			var dr, dc []int
			for j := range ncols {
				if colDead[j] || m[r][j] != 1 {
					continue
				}
				for i := range nrows {
					if !rowDead[i] && m[i][j] == 1 {
						rowDead[i] = true
						dr = append(dr, i)
					}
				}
				colDead[j] = true
				dc = append(dc, j)
			}
			partial = append(partial, r)
			search()
			partial = partial[:len(partial)-1]
			if restore {
				for _, i := range dr {
					rowDead[i] = false
				}
				for _, j := range dc {
					colDead[j] = false
				}
			}
		}
	}
	search()
	return sols
}

func TestExactCoverNewMistakes(t *testing.T) {
	// Secondary items treated as primary: one list headed by 0 for all.
	oneList := func(primary, secondary []string) (*exactcover.Problem, error) {
		p, err := exactcover.New(slices.Concat(primary, secondary), nil)
		if err != nil {
			return nil, err
		}
		p.Primary = len(primary)
		n := p.NumItems()
		p.Llink[n+1], p.Rlink[n+1] = n+1, n+1
		return p, nil
	}
	r := Q3.Run(oneList)
	mustFail(t, "secondary items in the primary list", r)
	if !strings.Contains(r.Text(), "secondaire") {
		t.Errorf("the report does not say that the item is secondary:\n%s", r.Text())
	}
	// The list of active items is not circular.
	notCircular := func(primary, secondary []string) (*exactcover.Problem, error) {
		p, err := exactcover.New(primary, secondary)
		if err == nil && len(primary) > 0 {
			p.Llink[0] = 0
		}
		return p, err
	}
	mustFail(t, "not circular", Q3.Run(notCircular))
	// No error checks.
	noErrors := func(primary, secondary []string) (*exactcover.Problem, error) {
		p, err := exactcover.New(primary, secondary)
		if err != nil {
			return nil, nil
		}
		return p, nil
	}
	mustFail(t, "no errors", Q3.Run(noErrors))
}

func TestExactCoverInsertMistakes(t *testing.T) {
	// Forgetting to update the sizes.
	noLen := func(p *exactcover.Problem, items ...string) error {
		before := slices.Clone(p.Len)
		err := exactcover.InsertOption(p, items...)
		copy(p.Len, before)
		return err
	}
	r := Q4.Run(noLen)
	mustFail(t, "no LEN", r)
	if !strings.Contains(firstNote(r), "Len") {
		t.Errorf("no LEN: note %q", firstNote(r))
	}
	// Inserting at the top of each vertical list.
	atTop := func(p *exactcover.Problem, items ...string) error {
		if err := exactcover.InsertOption(p, items...); err != nil {
			return err
		}
		for x := p.Spacer[len(p.Spacer)-2] + 1; x < p.Spacer[len(p.Spacer)-1]; x++ {
			i := p.Top[x]
			// unlink from the bottom, relink below the header
			u, d := p.Ulink[x], p.Dlink[x]
			p.Dlink[u], p.Ulink[d] = d, u
			first := p.Dlink[i]
			p.Ulink[x], p.Dlink[x] = i, first
			p.Dlink[i], p.Ulink[first] = x, x
		}
		return nil
	}
	mustFail(t, "at the top", Q4.Run(atTop))
	// Checking the items while inserting them: a refused option leaves
	// nodes behind.
	halfDone := func(p *exactcover.Problem, items ...string) error {
		for k, name := range items {
			if _, ok := p.ItemIndex[name]; !ok || slices.Contains(items[:k], name) {
				if k > 0 {
					_ = exactcover.InsertOption(p, items[:k]...)
				}
				return fmt.Errorf("élément %q", name)
			}
		}
		return exactcover.InsertOption(p, items...)
	}
	mustFail(t, "half done", Q4.Run(halfDone))
}

// variantHide is HideOption, decreasing LEN or not, hiding x itself or not.
func variantHide(p *exactcover.Problem, x int, updateLen, hideX bool) {
	q := x + 1
	if hideX {
		q = x
	}
	for first := true; q != x || first; first = false {
		j := p.Top[q]
		if j <= 0 {
			q = p.Ulink[q]
			continue
		}
		u, d := p.Ulink[q], p.Dlink[q]
		p.Dlink[u], p.Ulink[d] = d, u
		if updateLen {
			p.Len[j]--
		}
		q++
		if hideX && q == x {
			break
		}
	}
}

func TestExactCoverHideCoverMistakes(t *testing.T) {
	mustFail(t, "hide without LEN", Q5.Run(func(p *exactcover.Problem, x int) { variantHide(p, x, false, false) }))
	mustFail(t, "hide x too", Q5.Run(func(p *exactcover.Problem, x int) { variantHide(p, x, true, true) }))
	// Forgetting the sizes in cover.
	coverNoLen := func(p *exactcover.Problem, i int) {
		for x := p.Dlink[i]; x != i; x = p.Dlink[x] {
			variantHide(p, x, false, false)
		}
		l, r := p.Llink[i], p.Rlink[i]
		p.Rlink[l], p.Llink[r] = r, l
	}
	r := Q6.Run(coverNoLen)
	mustFail(t, "cover without LEN", r)
	if !strings.Contains(firstNote(r), "Len") {
		t.Errorf("cover without LEN: note %q", firstNote(r))
	}
	// Forgetting to remove the item from the list of active items.
	coverStays := func(p *exactcover.Problem, i int) {
		for x := p.Dlink[i]; x != i; x = p.Dlink[x] {
			exactcover.HideOption(p, x)
		}
	}
	mustFail(t, "item left active", Q6.Run(coverStays))
}

func TestExactCoverUnhideUncoverMistakes(t *testing.T) {
	unhideNoLen := func(p *exactcover.Problem, x int) {
		before := slices.Clone(p.Len)
		exactcover.UnhideOption(p, x)
		copy(p.Len, before)
	}
	mustFail(t, "unhide without LEN", Q7.Run(unhideNoLen))
	uncoverNoRelink := func(p *exactcover.Problem, i int) {
		for x := p.Ulink[i]; x != i; x = p.Ulink[x] {
			exactcover.UnhideOption(p, x)
		}
	}
	mustFail(t, "uncover without relinking the item", Q8.Run(uncoverNoRelink))
	uncoverNoLen := func(p *exactcover.Problem, i int) {
		before := slices.Clone(p.Len)
		exactcover.UncoverItem(p, i)
		copy(p.Len, before)
	}
	mustFail(t, "uncover without LEN", Q8.Run(uncoverNoLen))
	// Uncovering with Cover's own code (hiding again instead of unhiding).
	mustFail(t, "uncover = cover", Q8.Run(exactcover.CoverItem))
}

func TestExactCoverChooseMistakes(t *testing.T) {
	first := func(p *exactcover.Problem) int { return p.Rlink[0] }
	r := Q10.Run(first)
	mustFail(t, "first column instead of the smallest", r)
	if !strings.Contains(r.Text(), "plus petit") {
		t.Errorf("first column: not explained:\n%s", r.Text())
	}
	// Scanning the item numbers 1..N: secondary and covered items too.
	allItems := func(p *exactcover.Problem) int {
		best := 0
		for i := 1; i <= p.NumItems(); i++ {
			if best == 0 || p.Len[i] < p.Len[best] {
				best = i
			}
		}
		return best
	}
	r = Q10.Run(allItems)
	mustFail(t, "secondary and covered items chosen", r)
	for _, want := range []string{"secondaire", "déjà couvert"} {
		if !strings.Contains(r.Text(), want) {
			t.Errorf("items 1..N: %q not explained:\n%s", want, r.Text())
		}
	}
	// Last on ties.
	lastOnTies := func(p *exactcover.Problem) int {
		i := p.Rlink[0]
		for j := p.Rlink[i]; j != 0; j = p.Rlink[j] {
			if p.Len[j] <= p.Len[i] {
				i = j
			}
		}
		return i
	}
	mustFail(t, "last on ties", Q10.Run(lastOnTies))
}

// variantDance is Dance with variants: the choice of the item, the order in
// which the other items of an option are uncovered, whether secondary
// items must be covered too, whether visit's false stops the search.
func variantDance(p *exactcover.Problem, visit func([]int) bool, choose func(*exactcover.Problem) int, uncoverLeftToRight, waitSecondary, ignoreStop bool) {
	var chosen []int
	n := p.NumItems()
	var dance func() bool
	dance = func() bool {
		if p.Rlink[0] == 0 && (!waitSecondary || p.Rlink[n+1] == n+1) {
			options := make([]int, len(chosen))
			for l, x := range chosen {
				options[l] = p.OptionOf(x)
			}
			return visit(options) || ignoreStop
		}
		if p.Rlink[0] == 0 {
			return true // waitSecondary: a dead end
		}
		i := choose(p)
		exactcover.CoverItem(p, i)
		going := true
		for x := p.Dlink[i]; x != i && going; x = p.Dlink[x] {
			var others []int
			for q := x + 1; q != x; {
				if j := p.Top[q]; j <= 0 {
					q = p.Ulink[q]
				} else {
					others = append(others, j)
					exactcover.CoverItem(p, j)
					q++
				}
			}
			chosen = append(chosen, x)
			going = dance()
			chosen = chosen[:len(chosen)-1]
			if !uncoverLeftToRight {
				slices.Reverse(others)
			}
			for _, j := range others {
				exactcover.UncoverItem(p, j)
			}
		}
		exactcover.UncoverItem(p, i)
		return going
	}
	dance()
}

func TestExactCoverDanceMistakes(t *testing.T) {
	first := func(p *exactcover.Problem) int { return p.Rlink[0] }
	for name, f := range map[string]func(*exactcover.Problem, func([]int) bool){
		"uncover in the wrong order": func(p *exactcover.Problem, v func([]int) bool) {
			variantDance(p, v, exactcover.ChooseItem, true, false, false)
		},
		"first column instead of the smallest": func(p *exactcover.Problem, v func([]int) bool) {
			variantDance(p, v, first, false, false, false)
		},
		"secondary items treated as primary": func(p *exactcover.Problem, v func([]int) bool) {
			variantDance(p, v, exactcover.ChooseItem, false, true, false)
		},
		"visit's false ignored": func(p *exactcover.Problem, v func([]int) bool) {
			variantDance(p, v, exactcover.ChooseItem, false, false, true)
		},
	} {
		mustFail(t, name, Q11.Run(f))
	}
	// The reference's own variant passes: the test helper is right.
	if r := Q11.Run(func(p *exactcover.Problem, v func([]int) bool) {
		variantDance(p, v, exactcover.ChooseItem, false, false, false)
	}); r.Outcome() != "passed" {
		t.Errorf("variantDance without mistakes:\n%s", r.Text())
	}
}

// variantQueens builds the n-queens problem with the diagonals primary or
// secondary, and the anti-diagonals or not.
func variantQueens(n int, diagonalsPrimary, antiDiagonals bool) (*exactcover.Problem, error) {
	var prim, sec []string
	for k := 1; k <= n; k++ {
		prim = append(prim, fmt.Sprintf("r%d", k), fmt.Sprintf("c%d", k))
	}
	var diags []string
	for d := range 2*n - 1 {
		diags = append(diags, fmt.Sprintf("a%d", d))
		if antiDiagonals {
			diags = append(diags, fmt.Sprintf("b%d", d))
		}
	}
	if diagonalsPrimary {
		prim = append(prim, diags...)
	} else {
		sec = diags
	}
	p, err := exactcover.New(prim, sec)
	if err != nil {
		return nil, err
	}
	for r := range n {
		for c := range n {
			items := []string{fmt.Sprintf("r%d", r+1), fmt.Sprintf("c%d", c+1), fmt.Sprintf("a%d", r+c)}
			if antiDiagonals {
				items = append(items, fmt.Sprintf("b%d", r-c+n-1))
			}
			if err := p.AddOption(items...); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

func TestExactCoverQueensProblemMistakes(t *testing.T) {
	neg := func(f func(int) (*exactcover.Problem, error)) func(int) (*exactcover.Problem, error) {
		return func(n int) (*exactcover.Problem, error) {
			if n < 0 {
				return nil, fmt.Errorf("%w: n = %d", queens.ErrNegative, n)
			}
			return f(n)
		}
	}
	// The helper without mistakes passes.
	if r := Q12.Run(neg(func(n int) (*exactcover.Problem, error) { return variantQueens(n, false, true) })); r.Outcome() != "passed" {
		t.Errorf("variantQueens without mistakes:\n%s", r.Text())
	}
	r := Q12.Run(neg(func(n int) (*exactcover.Problem, error) { return variantQueens(n, true, true) }))
	mustFail(t, "diagonals primary", r)
	if !strings.Contains(r.Text(), "doit être un élément secondaire") {
		t.Errorf("diagonals primary: not explained:\n%s", r.Text())
	}
	r = Q12.Run(neg(func(n int) (*exactcover.Problem, error) { return variantQueens(n, false, false) }))
	mustFail(t, "no anti-diagonals", r)
	if !strings.Contains(r.Text(), "aucun élément pour la diagonale descendante r − c = ") {
		t.Errorf("no anti-diagonals: not explained:\n%s", r.Text())
	}
}

// variantSudoku builds the Sudoku problem with or without the box items, with
// the options numbered row, column, digit (right) or digit, row, column.
func variantSudoku(boxes, digitFirst bool) *exactcover.Problem {
	var items []string
	kinds := []string{"p", "r", "c"}
	if boxes {
		kinds = append(kinds, "b")
	}
	for _, k := range kinds {
		for x := 1; x <= 9; x++ {
			for y := 1; y <= 9; y++ {
				items = append(items, fmt.Sprintf("%s%d%d", k, x, y))
			}
		}
	}
	p, _ := exactcover.New(items, nil)
	add := func(r, c, d int) {
		opt := []string{fmt.Sprintf("p%d%d", r+1, c+1), fmt.Sprintf("r%d%d", r+1, d+1), fmt.Sprintf("c%d%d", c+1, d+1)}
		if boxes {
			opt = append(opt, fmt.Sprintf("b%d%d", 3*(r/3)+c/3+1, d+1))
		}
		_ = p.AddOption(opt...)
	}
	for a := range 9 {
		for b := range 9 {
			for c := range 9 {
				if digitFirst {
					add(b, c, a)
				} else {
					add(a, b, c)
				}
			}
		}
	}
	return p
}

func TestExactCoverSudokuProblemMistakes(t *testing.T) {
	if r := Q13.Run(func() *exactcover.Problem { return variantSudoku(true, false) }); r.Outcome() != "passed" {
		t.Errorf("variantSudoku without mistakes:\n%s", r.Text())
	}
	mustFail(t, "no boxes", Q13.Run(func() *exactcover.Problem { return variantSudoku(false, false) }))
	mustFail(t, "options numbered digit first", Q13.Run(func() *exactcover.Problem { return variantSudoku(true, true) }))
}

// The checker's messages are translated: no English message of Verify or
// CheckLinks reaches a student.
func TestExactCoverFrenchCorrupt(t *testing.T) {
	p, _ := exactcover.New([]string{"a", "b"}, []string{"s"})
	_ = p.AddOption("a", "s")
	_ = p.AddOption("b")
	snap := p.Snapshot()
	breakers := []func(q *exactcover.Problem){
		func(q *exactcover.Problem) { q.Len[1] = 7 },
		func(q *exactcover.Problem) { q.Rlink[2] = 3 },
		func(q *exactcover.Problem) { q.Llink = q.Llink[:2] },
		func(q *exactcover.Problem) { q.Dlink[1] = 1 },
		func(q *exactcover.Problem) { q.Top[q.Spacer[1]] = 5 },
		func(q *exactcover.Problem) { q.Top[1] = 2 },
		func(q *exactcover.Problem) { q.Ulink[q.Spacer[1]] = 9 },
		func(q *exactcover.Problem) { q.Primary = 9 },
	}
	for k, br := range breakers {
		q, _ := exactcover.New([]string{"a", "b"}, []string{"s"})
		_ = q.AddOption("a", "s")
		_ = q.AddOption("b")
		br(q)
		msg := verifyText(q)
		if msg == "" || strings.Contains(msg, "structure incohérente : ") || strings.Contains(msg, "exactcover") {
			t.Errorf("breaker %d: Verify's message not translated: %q (%v)", k, msg, q.Verify())
		}
	}
	p.Len[1] = 3
	if msg := checkLinksText(p, snap); !strings.Contains(msg, "Len[1] vaut 3 au lieu de 1") {
		t.Errorf("CheckLinks: %q", msg)
	}
}

// A failing links case shows only the arrays that differ, each differing
// entry marked, and names the arrays that agree.
func TestDiffLinks(t *testing.T) {
	got := DLXOut{Links: DLXLinks{Llink: []int{3, 0, 1, 2}, Rlink: []int{1, 2, 3, 0}, Len: []int{0, 2, 2, 1}}}
	want := DLXOut{Links: DLXLinks{Llink: []int{3, 0, 1, 2}, Rlink: []int{1, 2, 3, 0}, Len: []int{0, 2, 1, 1}}}
	g, w := diffLinks(got, want)
	if !strings.HasPrefix(g, "Len    [0 2 ‹2› 1]\n") || !strings.HasPrefix(w, "Len    [0 2 ‹1› 1]\n") {
		t.Errorf("got\n%s\nwant\n%s\nwant LEN alone, its third entry marked", g, w)
	}
	if strings.Contains(g, "Llink  [") || !strings.Contains(g, "identiques : Llink, Rlink, Top") {
		t.Errorf("got\n%s\nwant LLINK and RLINK folded", g)
	}
}

// oeisA075458 is γ(Q_n), the queen domination number, n = 1..12 (OEIS
// A075458).
var oeisA075458 = []int{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6}

// bruteMinCover is the oracle of Q15: the least k such that some k
// options cover every item, trying every set of k options for k = 0, 1,
// …, maxK; -1 if no set of at most maxK options does (given the size of
// the answer to check, it finds a smaller one or confirms it).
func bruteMinCover(items int, options [][]int, maxK int) int {
	covers := func(set []int) bool {
		covered := make([]bool, items)
		for _, o := range set {
			for _, i := range options[o] {
				covered[i] = true
			}
		}
		return !slices.Contains(covered, false)
	}
	var try func(set []int, from, k int) bool
	try = func(set []int, from, k int) bool {
		if len(set) == k {
			return covers(set)
		}
		for o := from; o < len(options); o++ {
			if try(append(set, o), o+1, k) {
				return true
			}
		}
		return false
	}
	for k := 0; k <= min(maxK, len(options)); k++ {
		if try(nil, 0, k) {
			return k
		}
	}
	return -1
}

// repeatedCases returns the public and hidden cases of Q15.
func repeatedCases() []RepeatedCase {
	return append(slices.Clone(Q15.Cases), Q15.Hidden(grading.HiddenRand(Q15.ID, 1))...)
}

// The expected answers of Q15 are those of an independent oracle: the
// reference's number of options is the brute force's on every case, and
// DominationOptions with the reference gives γ(Q_n) of OEIS A075458.
func TestRepeatedCoverCases(t *testing.T) {
	for _, in := range repeatedCases() {
		want := Q15.Call(exactcover.MinCover, in)
		if want.Err != nil || in.N >= 8 {
			continue
		}
		if got := bruteMinCover(in.Items, in.Options, len(want.Cover)); got != len(want.Cover) {
			t.Errorf("%s: the reference takes %d options, brute force %d", describeRepeated(in), len(want.Cover), got)
		}
	}
	for n := 1; n <= 10; n++ {
		if got, err := exactcover.MinCover(n*n, DominationOptions(n)); err != nil || len(got) != oeisA075458[n-1] {
			t.Errorf("n = %d: MinCover on DominationOptions = %v, %v; want γ(Q_n) = %d queens", n, got, err, oeisA075458[n-1])
		}
	}
	// A queen controls 2n − 1 squares of its lines, plus its diagonals:
	// on 4 × 4, 10 from a corner, 12 from a central square.
	if o := DominationOptions(4); len(o) != 16 || len(o[0]) != 10 || len(o[5]) != 12 || !slices.Equal(o[0], []int{0, 1, 2, 3, 4, 5, 8, 10, 12, 15}) {
		t.Errorf("DominationOptions(4) = %v", o)
	}
	if DominationOptions(0) != nil || DominationOptions(MaxDominationN+1) != nil {
		t.Error("DominationOptions: a board out of range is not nil")
	}
}

// repeatedAll judges f on the public and hidden cases of Q15: the
// reports of the framework cover only the public ones.
func repeatedAll(t *testing.T, f func(int, [][]int) ([]int, error)) (failed []string) {
	t.Helper()
	for _, in := range repeatedCases() {
		got, want := Q15.Call(f, in), Q15.Call(exactcover.MinCover, in)
		if ok, note := Q15.Judge(in, got, want); !ok {
			if note == "" {
				t.Errorf("%s: fails without a note", describeRepeated(in))
			}
			failed = append(failed, note)
		}
	}
	return failed
}

func TestRepeatedCoverReference(t *testing.T) {
	if r := Q15.Run(exactcover.MinCover); r.Outcome() != "passed" {
		t.Errorf("the reference fails:\n%s", r.Text())
	}
	if failed := repeatedAll(t, exactcover.MinCover); len(failed) > 0 {
		t.Errorf("the reference fails hidden cases: %q", failed)
	}
	// Another right answer (the options in another order, nil for the
	// empty cover, the same number of options but not the same ones)
	// passes too.
	other := func(items int, options [][]int) ([]int, error) {
		cover, err := exactcover.MinCover(items, slices.Clone(options))
		if len(cover) == 0 {
			return nil, err
		}
		slices.Reverse(cover)
		return cover, err
	}
	if r := Q15.Run(other); r.Outcome() != "passed" {
		t.Errorf("another right answer fails:\n%s", r.Text())
	}
}

// greedyCover is the greedy cover: the option with the most uncovered items,
// the first on ties, until every item is covered. Errors as the reference.
func greedyCover(items int, options [][]int) ([]int, error) {
	if _, err := exactcover.MinCover(min(items, 0), nil); err != nil {
		return nil, err
	}
	if _, err := exactcover.MinCover(items, options); err != nil {
		return nil, err
	}
	covered := make([]bool, items)
	left := items
	var cover []int
	for left > 0 {
		best, gain := -1, 0
		for k, o := range options {
			g := 0
			for _, i := range o {
				if !covered[i] {
					g++
				}
			}
			if g > gain {
				best, gain = k, g
			}
		}
		cover = append(cover, best)
		for _, i := range options[best] {
			if !covered[i] {
				covered[i] = true
				left--
			}
		}
	}
	return cover, nil
}

func TestRepeatedCoverMistakes(t *testing.T) {
	r := Q15.Run(greedyCover)
	mustFail(t, "greedy", r)
	if !strings.Contains(r.Text(), "alors que 2 suffisent") || !strings.Contains(r.Text(), "alors que 3 suffisent") {
		t.Errorf("greedy: the minimum is not explained:\n%s", r.Text())
	}
	// A failing domination case draws the board.
	drawn := false
	for _, c := range r.Cases {
		drawn = drawn || c.Status == grading.Failed && c.Board != nil
	}
	if !drawn {
		t.Errorf("greedy: no board drawn for a failing domination case:\n%s", r.Text())
	}

	// Forgetting the last item: the options without it.
	forgetLast := func(items int, options [][]int) ([]int, error) {
		if items <= 0 {
			return exactcover.MinCover(items, options)
		}
		if _, err := exactcover.MinCover(items, options); err != nil {
			return nil, err
		}
		less := make([][]int, len(options))
		for k, o := range options {
			less[k] = slices.DeleteFunc(slices.Clone(o), func(i int) bool { return i == items-1 })
		}
		return exactcover.MinCover(items-1, less)
	}
	r = Q15.Run(forgetLast)
	mustFail(t, "forgets the last item", r)
	if !strings.Contains(r.Text(), "n'est couvert par aucune des options choisies") {
		t.Errorf("forgets the last item: not explained:\n%s", r.Text())
	}

	// Option numbers from 1.
	fromOne := func(items int, options [][]int) ([]int, error) {
		cover, err := exactcover.MinCover(items, options)
		for k := range cover {
			cover[k]++
		}
		return cover, err
	}
	r = Q15.Run(fromOne)
	mustFail(t, "options numbered from 1", r)
	if !strings.Contains(r.Text(), "n'existe pas") {
		t.Errorf("options numbered from 1: not explained:\n%s", r.Text())
	}

	// No iterative deepening: the first cover found, one option per
	// uncovered item in turn.
	firstFound := func(items int, options [][]int) ([]int, error) {
		if _, err := exactcover.MinCover(items, options); err != nil {
			return nil, err
		}
		covered := make([]bool, items)
		var cover []int
		for i := range items {
			if covered[i] {
				continue
			}
			for k, o := range options {
				if slices.Contains(o, i) {
					cover = append(cover, k)
					for _, j := range o {
						covered[j] = true
					}
					break
				}
			}
		}
		return cover, nil
	}
	mustFail(t, "first cover found", Q15.Run(firstFound))

	// The same option twice.
	twice := func(items int, options [][]int) ([]int, error) {
		cover, err := exactcover.MinCover(items, options)
		if len(cover) > 1 {
			cover[1] = cover[0]
		}
		return cover, err
	}
	mustFail(t, "an option twice", Q15.Run(twice))

	// Sorting the options' lists in place.
	sorts := func(items int, options [][]int) ([]int, error) {
		for _, o := range options {
			slices.Sort(o)
		}
		return exactcover.MinCover(items, options)
	}
	r = Q15.Run(sorts)
	mustFail(t, "options sorted in place", r)
	if !strings.Contains(r.Text(), "modifié ses options") {
		t.Errorf("options sorted in place: not explained:\n%s", r.Text())
	}

	// No error checks: an empty cover for a bad input.
	noErrors := func(items int, options [][]int) ([]int, error) {
		cover, err := exactcover.MinCover(items, options)
		if err != nil {
			return nil, nil
		}
		return cover, nil
	}
	r = Q15.Run(noErrors)
	mustFail(t, "no errors", r)
	for _, want := range []string{"exactcover.ErrNoCover", "exactcover.ErrUnknownItem", "exactcover.ErrRepeatedItem"} {
		if !strings.Contains(r.Text(), want) {
			t.Errorf("no errors: %s not asked for:\n%s", want, r.Text())
		}
	}
	// The hidden negative count needs its own error too.
	wrongCount := func(items int, options [][]int) ([]int, error) {
		if items < 0 {
			return nil, exactcover.ErrNoCover
		}
		return exactcover.MinCover(items, options)
	}
	if failed := repeatedAll(t, wrongCount); len(failed) != 1 || !strings.Contains(failed[0], "exactcover.ErrItemCount") {
		t.Errorf("a negative count with the wrong error: hidden failures %q; want one, asking for ErrItemCount", failed)
	}
}
