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

// ecMustFail runs a wrong answer and wants at least one failed public case,
// each explained in French.
func ecMustFail(t *testing.T, name string, r grading.Report) {
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

// ecFirstNote returns the note of the first failed case of r.
func ecFirstNote(r grading.Report) string {
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
		return ecAlgorithmX(m, func(ones []int) int {
			for j, k := range ones {
				if k >= 0 {
					return j
				}
			}
			return -1
		}, true)
	}
	r := Q2.Run(firstColumn)
	ecMustFail(t, "first column", r)
	if !strings.Contains(r.Text(), "pas dans l'ordre") {
		t.Errorf("first column: the order is not explained:\n%s", r.Text())
	}
	// Forgetting to restore the rows and columns after a branch.
	noRestore := func(m exactcover.Matrix) [][]int {
		return ecAlgorithmX(m, ecMinColumn, false)
	}
	ecMustFail(t, "no restore", Q2.Run(noRestore))
}

// ecMinColumn returns the live column with the fewest 1s (ones[j] < 0 for a
// deleted column), the first on ties, or -1.
func ecMinColumn(ones []int) int {
	c := -1
	for j, k := range ones {
		if k >= 0 && (c < 0 || k < ones[c]) {
			c = j
		}
	}
	return c
}

// ecAlgorithmX is Algorithm X with a given column choice, restoring the
// matrix after each branch or not.
func ecAlgorithmX(m exactcover.Matrix, choose func(ones []int) int, restore bool) [][]int {
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
	ecMustFail(t, "secondary items in the primary list", r)
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
	ecMustFail(t, "not circular", Q3.Run(notCircular))
	// No error checks.
	noErrors := func(primary, secondary []string) (*exactcover.Problem, error) {
		p, err := exactcover.New(primary, secondary)
		if err != nil {
			return nil, nil
		}
		return p, nil
	}
	ecMustFail(t, "no errors", Q3.Run(noErrors))
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
	ecMustFail(t, "no LEN", r)
	if !strings.Contains(ecFirstNote(r), "Len") {
		t.Errorf("no LEN: note %q", ecFirstNote(r))
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
	ecMustFail(t, "at the top", Q4.Run(atTop))
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
	ecMustFail(t, "half done", Q4.Run(halfDone))
}

// ecHide is HideOption, decreasing LEN or not, hiding x itself or not.
func ecHide(p *exactcover.Problem, x int, updateLen, hideX bool) {
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
	ecMustFail(t, "hide without LEN", Q5.Run(func(p *exactcover.Problem, x int) { ecHide(p, x, false, false) }))
	ecMustFail(t, "hide x too", Q5.Run(func(p *exactcover.Problem, x int) { ecHide(p, x, true, true) }))
	// Forgetting the sizes in cover.
	coverNoLen := func(p *exactcover.Problem, i int) {
		for x := p.Dlink[i]; x != i; x = p.Dlink[x] {
			ecHide(p, x, false, false)
		}
		l, r := p.Llink[i], p.Rlink[i]
		p.Rlink[l], p.Llink[r] = r, l
	}
	r := Q6.Run(coverNoLen)
	ecMustFail(t, "cover without LEN", r)
	if !strings.Contains(ecFirstNote(r), "Len") {
		t.Errorf("cover without LEN: note %q", ecFirstNote(r))
	}
	// Forgetting to remove the item from the list of active items.
	coverStays := func(p *exactcover.Problem, i int) {
		for x := p.Dlink[i]; x != i; x = p.Dlink[x] {
			exactcover.HideOption(p, x)
		}
	}
	ecMustFail(t, "item left active", Q6.Run(coverStays))
}

func TestExactCoverUnhideUncoverMistakes(t *testing.T) {
	unhideNoLen := func(p *exactcover.Problem, x int) {
		before := slices.Clone(p.Len)
		exactcover.UnhideOption(p, x)
		copy(p.Len, before)
	}
	ecMustFail(t, "unhide without LEN", Q7.Run(unhideNoLen))
	uncoverNoRelink := func(p *exactcover.Problem, i int) {
		for x := p.Ulink[i]; x != i; x = p.Ulink[x] {
			exactcover.UnhideOption(p, x)
		}
	}
	ecMustFail(t, "uncover without relinking the item", Q8.Run(uncoverNoRelink))
	uncoverNoLen := func(p *exactcover.Problem, i int) {
		before := slices.Clone(p.Len)
		exactcover.UncoverItem(p, i)
		copy(p.Len, before)
	}
	ecMustFail(t, "uncover without LEN", Q8.Run(uncoverNoLen))
	// Uncovering with Cover's own code (hiding again instead of unhiding).
	ecMustFail(t, "uncover = cover", Q8.Run(exactcover.CoverItem))
}

func TestExactCoverChooseMistakes(t *testing.T) {
	first := func(p *exactcover.Problem) int { return p.Rlink[0] }
	r := Q10.Run(first)
	ecMustFail(t, "first column instead of the smallest", r)
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
	ecMustFail(t, "secondary and covered items chosen", r)
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
	ecMustFail(t, "last on ties", Q10.Run(lastOnTies))
}

// ecDance is Dance with variants: the choice of the item, the order in
// which the other items of an option are uncovered, whether secondary
// items must be covered too, whether visit's false stops the search.
func ecDance(p *exactcover.Problem, visit func([]int) bool, choose func(*exactcover.Problem) int, uncoverLeftToRight, waitSecondary, ignoreStop bool) {
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
			ecDance(p, v, exactcover.ChooseItem, true, false, false)
		},
		"first column instead of the smallest": func(p *exactcover.Problem, v func([]int) bool) {
			ecDance(p, v, first, false, false, false)
		},
		"secondary items treated as primary": func(p *exactcover.Problem, v func([]int) bool) {
			ecDance(p, v, exactcover.ChooseItem, false, true, false)
		},
		"visit's false ignored": func(p *exactcover.Problem, v func([]int) bool) {
			ecDance(p, v, exactcover.ChooseItem, false, false, true)
		},
	} {
		ecMustFail(t, name, Q11.Run(f))
	}
	// The reference's own variant passes: the test helper is right.
	if r := Q11.Run(func(p *exactcover.Problem, v func([]int) bool) {
		ecDance(p, v, exactcover.ChooseItem, false, false, false)
	}); r.Outcome() != "passed" {
		t.Errorf("ecDance without mistakes:\n%s", r.Text())
	}
}

// ecQueens builds the n-queens problem with the diagonals primary or
// secondary, and the anti-diagonals or not.
func ecQueens(n int, diagonalsPrimary, antiDiagonals bool) (*exactcover.Problem, error) {
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
	if r := Q12.Run(neg(func(n int) (*exactcover.Problem, error) { return ecQueens(n, false, true) })); r.Outcome() != "passed" {
		t.Errorf("ecQueens without mistakes:\n%s", r.Text())
	}
	r := Q12.Run(neg(func(n int) (*exactcover.Problem, error) { return ecQueens(n, true, true) }))
	ecMustFail(t, "diagonals primary", r)
	if !strings.Contains(r.Text(), "doit être un élément secondaire") {
		t.Errorf("diagonals primary: not explained:\n%s", r.Text())
	}
	r = Q12.Run(neg(func(n int) (*exactcover.Problem, error) { return ecQueens(n, false, false) }))
	ecMustFail(t, "no anti-diagonals", r)
	if !strings.Contains(r.Text(), "aucun élément pour la diagonale descendante r − c = ") {
		t.Errorf("no anti-diagonals: not explained:\n%s", r.Text())
	}
}

// ecSudoku builds the Sudoku problem with or without the box items, with
// the options numbered row, column, digit (right) or digit, row, column.
func ecSudoku(boxes, digitFirst bool) *exactcover.Problem {
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
	if r := Q13.Run(func() *exactcover.Problem { return ecSudoku(true, false) }); r.Outcome() != "passed" {
		t.Errorf("ecSudoku without mistakes:\n%s", r.Text())
	}
	ecMustFail(t, "no boxes", Q13.Run(func() *exactcover.Problem { return ecSudoku(false, false) }))
	ecMustFail(t, "options numbered digit first", Q13.Run(func() *exactcover.Problem { return ecSudoku(true, true) }))
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
