package exactcover

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Errors of [New], [Problem.AddOption], [FromMatrix], [Parse] and
// [Problem.Select]. They are wrapped with the offending name or number
// (and, by [Parse], in a [*SyntaxError] giving the line): test them with
// errors.Is.
var (
	ErrNoItems       = errors.New("exactcover: no primary items")
	ErrItemName      = errors.New("exactcover: bad item name")
	ErrDuplicateItem = errors.New("exactcover: duplicate item name")
	ErrUnknownItem   = errors.New("exactcover: unknown item")
	ErrRepeatedItem  = errors.New("exactcover: item repeated in an option")
	ErrEmptyOption   = errors.New("exactcover: empty option")
	ErrNoPrimary     = errors.New("exactcover: option without a primary item")
	ErrConflict      = errors.New("exactcover: option meets an item already covered")
)

// Problem is an exact cover problem stored as Knuth's dancing links, in the
// array layout of dlx1 (TAOCP 7.2.2.1, Table 1): « liens dansants ».
//
// Items are numbered 1..N: the primary ones 1..Primary (covered exactly
// once), then the secondary ones Primary+1..N (covered at most once). Item
// records 0..N+1 hold a name and the links of two circular doubly linked
// lists of the active (not covered) items: item 0 heads the primary list
// and item N+1 the secondary list.
//
// Nodes are numbered 0..Z; node 0 is unused. Node i, 1 <= i <= N, is the
// header of item i's vertical list: a circular doubly linked list (ULINK,
// DLINK) through the nodes of the active options that contain i, of length
// Len[i]. Node N+1 and the node after each option are spacers, with TOP
// <= 0. The nodes of option k (0-based) lie between the spacers Spacer[k]
// and Spacer[k+1], one node per item, in the order the option names them.
// TOP(Spacer[k]) = -k; ULINK of a spacer is the first node of the option
// before it, DLINK the last node of the option after it (0 when there is
// none).
//
// The fields are exported so that notebook 04 and the grader can read and
// write them as the sujet does; [Problem.Verify] and [Problem.CheckLinks]
// check them. Outside the answer functions, change a Problem only through
// its methods. A Problem is not safe for concurrent use.
type Problem struct {
	Name      []string       // Name[i]: name of item i, 1 <= i <= N; "" for the heads 0 and N+1
	ItemIndex map[string]int // ItemIndex[name]: the item number of name
	Primary   int            // number of primary items (Knuth's N1)
	Llink     []int          // LLINK(i), i in 0..N+1: the previous active item of i's list
	Rlink     []int          // RLINK(i), i in 0..N+1: the next active item of i's list
	Len       []int          // LEN(i), i in 1..N: the number of active options containing item i
	Top       []int          // TOP(x): the item of node x; i for header i; -k for Spacer[k]
	Ulink     []int          // ULINK(x): the node above x in its item's list (spacers: see above)
	Dlink     []int          // DLINK(x): the node below x in its item's list (spacers: see above)
	Spacer    []int          // Spacer[k]: the spacer node just before option k; the last one ends the last option

	selected  []int   // options chosen by Select, in order
	searching bool    // a Solve is running (guards against nested searches)
	eng       *engine // the memory of Solve's copy of the links, reused
}

// New returns a problem with the given primary and secondary items and no
// options: every item list is empty and the first spacer is node N+1.
// Items are numbered in the order given, primary ones first. An item name is
// non-empty and holds no white space, '|' or ':' (the separators of Knuth's
// text format). Having no items at all is allowed: that problem has one
// solution, the empty set. Cost O(N).
//
// Errors: [ErrItemName], [ErrDuplicateItem], wrapped with the name;
// [ErrNoItems] for secondary items without any primary one (no option
// could be added).
//
// Answers notebook 04 Q3, sujet name `construire`.
func New(primary, secondary []string) (*Problem, error) {
	if len(primary) == 0 && len(secondary) > 0 {
		return nil, ErrNoItems
	}
	n := len(primary) + len(secondary)
	p := &Problem{
		Name:      make([]string, n+2),
		ItemIndex: make(map[string]int, n),
		Primary:   len(primary),
		Llink:     make([]int, n+2),
		Rlink:     make([]int, n+2),
		Len:       make([]int, n+1),
		Top:       make([]int, n+2),
		Ulink:     make([]int, n+2),
		Dlink:     make([]int, n+2),
		Spacer:    []int{n + 1},
	}
	for k, name := range slices.Concat(primary, secondary) {
		if name == "" || strings.ContainsAny(name, "|:") ||
			strings.IndexFunc(name, unicode.IsSpace) >= 0 {
			return nil, fmt.Errorf("%w %q", ErrItemName, name)
		}
		if _, dup := p.ItemIndex[name]; dup {
			return nil, fmt.Errorf("%w %q", ErrDuplicateItem, name)
		}
		i := k + 1
		p.ItemIndex[name] = i
		p.Name[i] = name
		p.Top[i] = i
		p.Ulink[i], p.Dlink[i] = i, i // une liste verticale vide
	}
	// Les éléments primaires 1..Primary, dans une liste circulaire de tête 0.
	prev := 0
	for i := 1; i <= p.Primary; i++ {
		p.Llink[i], p.Rlink[prev] = prev, i
		prev = i
	}
	p.Llink[0], p.Rlink[prev] = prev, 0
	// Les éléments secondaires Primary+1..N, dans une liste circulaire de tête N+1.
	prev = n + 1
	for i := p.Primary + 1; i <= n; i++ {
		p.Llink[i], p.Rlink[prev] = prev, i
		prev = i
	}
	p.Llink[n+1], p.Rlink[prev] = prev, n+1
	return p, nil
}

// AddOption appends an option holding the named items: it is
// [InsertOption](p, items...), which states the rules and errors. Call it
// only while no item is covered (before [Problem.Select] or after
// [Problem.Reset]).
func (p *Problem) AddOption(items ...string) error { return InsertOption(p, items...) }

// InsertOption appends to p an option holding the named items, in that
// order, as option number p.NumOptions() (before the call): one node per
// item, inserted at the bottom of the item's vertical list (its LEN grows
// by one), then a new spacer. Cost O(k²) for k items (the repeated-item
// check). No item may be covered during the call.
//
// Errors (p is then unchanged): [ErrEmptyOption]; [ErrUnknownItem] or
// [ErrRepeatedItem] wrapped with the name; [ErrNoPrimary] if every item is
// secondary (Knuth's dlx1 ignores such an option, which no search can
// choose; here it is refused).
//
// Answers notebook 04 Q4, sujet name `inserer`.
func InsertOption(p *Problem, items ...string) error {
	if len(items) == 0 {
		return ErrEmptyOption
	}
	hasPrimary := false
	for k, name := range items {
		i, ok := p.ItemIndex[name]
		if !ok {
			return fmt.Errorf("%w %q", ErrUnknownItem, name)
		}
		if slices.Contains(items[:k], name) {
			return fmt.Errorf("%w: %q", ErrRepeatedItem, name)
		}
		if i <= p.Primary {
			hasPrimary = true
		}
	}
	if !hasPrimary {
		return ErrNoPrimary
	}
	spacer := p.Spacer[len(p.Spacer)-1]
	for _, name := range items {
		i := p.ItemIndex[name]
		x := len(p.Top) // le nouveau nœud, inséré entre ULINK(i) et i
		u := p.Ulink[i]
		p.Top = append(p.Top, i)
		p.Ulink = append(p.Ulink, u)
		p.Dlink = append(p.Dlink, i)
		p.Dlink[u], p.Ulink[i] = x, x
		p.Len[i]++
	}
	// Fermer l'option par un nouvel espaceur.
	next := len(p.Top)
	p.Dlink[spacer] = next - 1
	p.Top = append(p.Top, -len(p.Spacer))
	p.Ulink = append(p.Ulink, spacer+1)
	p.Dlink = append(p.Dlink, 0)
	p.Spacer = append(p.Spacer, next)
	return nil
}

// NumOptions returns the number of options added so far.
func (p *Problem) NumOptions() int { return len(p.Spacer) - 1 }

// NumItems returns N, the number of items, primary and secondary.
func (p *Problem) NumItems() int { return len(p.Name) - 2 }

// Items returns the names of the primary and of the secondary items, in
// item order (fresh slices).
func (p *Problem) Items() (primary, secondary []string) {
	n := p.NumItems()
	return slices.Clone(p.Name[1 : p.Primary+1]), slices.Clone(p.Name[p.Primary+1 : n+1])
}

// Option returns the names of the items of option k, in the order they were
// given (a fresh slice). Panics if k is not in [0, NumOptions()).
func (p *Problem) Option(k int) []string {
	var names []string
	for x := p.Spacer[k] + 1; x < p.Spacer[k+1]; x++ {
		names = append(names, p.Name[p.Top[x]])
	}
	return names
}

// OptionOf returns the number of the option that node x belongs to, by
// walking left to the spacer before it. Cost O(length of the option).
// Panics if x is not an option node (x <= N+1 or beyond the last node).
func (p *Problem) OptionOf(x int) int {
	if x <= p.NumItems()+1 || x >= len(p.Top) {
		panic("exactcover: OptionOf: not an option node")
	}
	for p.Top[x] > 0 {
		x--
	}
	return -p.Top[x]
}

// Cover removes item i from its list of active items and hides every
// option that contains it: it is [CoverItem](p, i).
func (p *Problem) Cover(i int) { CoverItem(p, i) }

// Uncover undoes [Problem.Cover](i): it is [UncoverItem](p, i).
func (p *Problem) Uncover(i int) { UncoverItem(p, i) }

// Hide removes from their vertical lists the nodes of x's option other
// than x itself: it is [HideOption](p, x).
func (p *Problem) Hide(x int) { HideOption(p, x) }

// Unhide undoes [Problem.Hide](x): it is [UnhideOption](p, x).
func (p *Problem) Unhide(x int) { UnhideOption(p, x) }

// Dance calls visit with every solution: it is [Dance](p, visit).
func (p *Problem) Dance(visit func(options []int) bool) { Dance(p, visit) }

// HideOption removes from their vertical lists the nodes of x's option
// other than x itself, going right and wrapping round at the spacer that
// ends the option (TAOCP 7.2.2.1, hide): each node q is unlinked from the
// list of its item TOP(q), whose LEN drops by one, but keeps its own
// ULINK and DLINK, so that [UnhideOption] can put it back. Cost O(length
// of the option).
//
// Answers notebook 04 Q5, first half of sujet function `supprimer`.
func HideOption(p *Problem, x int) {
	for q := x + 1; q != x; {
		j := p.Top[q]
		if j <= 0 { // un espaceur : repartir du premier nœud de l'option
			q = p.Ulink[q]
			continue
		}
		u, d := p.Ulink[q], p.Dlink[q]
		p.Dlink[u], p.Ulink[d] = d, u
		p.Len[j]--
		q++
	}
}

// CoverItem covers item i: it hides every option that contains i, going
// down i's vertical list ([HideOption] on each of its nodes), then removes
// i from its list of active items (TAOCP 7.2.2.1, cover). No other option
// meeting i can then be chosen. [UncoverItem] undoes it exactly when calls
// are nested last-in first-out. Cost O(sum of the lengths of i's options).
//
// Answers notebook 04 Q6, sujet name `supprimer`.
func CoverItem(p *Problem, i int) {
	for x := p.Dlink[i]; x != i; x = p.Dlink[x] {
		HideOption(p, x)
	}
	l, r := p.Llink[i], p.Rlink[i]
	p.Rlink[l], p.Llink[r] = r, l
}

// UnhideOption undoes [HideOption](p, x): it puts back the nodes of x's
// option other than x, going left and wrapping round at the spacer before
// the option, the reverse of the order in which HideOption removed them
// (TAOCP 7.2.2.1, unhide). Cost as HideOption.
//
// Answers notebook 04 Q7, first half of sujet function `recuperer`.
func UnhideOption(p *Problem, x int) {
	for q := x - 1; q != x; {
		j := p.Top[q]
		if j <= 0 { // un espaceur : repartir du dernier nœud de l'option
			q = p.Dlink[q]
			continue
		}
		u, d := p.Ulink[q], p.Dlink[q]
		p.Dlink[u], p.Ulink[d] = q, q
		p.Len[j]++
		q--
	}
}

// UncoverItem undoes [CoverItem](p, i), in the reverse order: it puts i
// back in its list of active items, then unhides its options going up i's
// vertical list ([UnhideOption] on each node) (TAOCP 7.2.2.1, uncover).
// The links removed by CoverItem still hold the neighbours to restore:
// that is the « dance ». Cost as CoverItem.
//
// Answers notebook 04 Q8, sujet name `recuperer`.
func UncoverItem(p *Problem, i int) {
	l, r := p.Llink[i], p.Rlink[i]
	p.Rlink[l], p.Llink[r] = i, i
	for x := p.Ulink[i]; x != i; x = p.Ulink[x] {
		UnhideOption(p, x)
	}
}

// ChooseItem returns the active primary item with the fewest active
// options, LEN(i) smallest, the first one in the list headed by item 0 on
// ties (Knuth's minimum-remaining-values rule); 0 if no primary item is
// active. Secondary items are never chosen. Cost O(active primary items).
//
// Answers notebook 04 Q10, the choice of the column in sujet function
// `danser`.
func ChooseItem(p *Problem) int {
	i := p.Rlink[0]
	for j := p.Rlink[i]; j != 0; j = p.Rlink[j] {
		if p.Len[j] < p.Len[i] {
			i = j
		}
	}
	return i
}

// Dance calls visit with every solution of p, as the sujet's recursive
// search does: if no primary item is active, the chosen options are a
// solution; otherwise choose an item i with [ChooseItem], cover it, and for
// each option of i in turn, top to bottom, cover its other items left to
// right, recurse, and uncover them right to left; finally uncover i.
// Secondary items are covered when a chosen option contains them but never
// chosen for branching: they end up covered at most once.
//
// visit receives the option numbers in the order they were chosen (a fresh
// slice it may keep) and returns false to stop the search. Options chosen
// by [Problem.Select] are not included. The links are restored when Dance
// returns, even when visit stops it. [Problem.Solve] is the same search,
// faster, with statistics.
//
// Answers notebook 04 Q11, sujet name `danser`.
func Dance(p *Problem, visit func(options []int) bool) {
	var chosen []int // chosen[l] : le nœud de l'option choisie au niveau l
	var dance func() bool
	dance = func() bool {
		if p.Rlink[0] == 0 {
			options := make([]int, len(chosen))
			for l, x := range chosen {
				options[l] = p.OptionOf(x)
			}
			return visit(options)
		}
		i := ChooseItem(p)
		CoverItem(p, i)
		going := true
		for x := p.Dlink[i]; x != i && going; x = p.Dlink[x] {
			for q := x + 1; q != x; { // couvrir les autres éléments de l'option de x
				if j := p.Top[q]; j <= 0 {
					q = p.Ulink[q]
				} else {
					CoverItem(p, j)
					q++
				}
			}
			chosen = append(chosen, x)
			going = dance()
			chosen = chosen[:len(chosen)-1]
			for q := x - 1; q != x; { // les découvrir, de droite à gauche
				if j := p.Top[q]; j <= 0 {
					q = p.Dlink[q]
				} else {
					UncoverItem(p, j)
					q--
				}
			}
		}
		UncoverItem(p, i)
		return going
	}
	dance()
}

// Select commits to option k before the search, as givens do in a Sudoku:
// it covers every item of k, so that [Problem.Solve] and [Problem.Dance]
// only look for the options that complete it (and do not report k).
// [Problem.Reset] undoes all selections. Cost as one Cover per item.
//
// Errors: [ErrConflict], wrapped with the option and item, if an item of k
// is already covered by an earlier selection (the problem is then
// unchanged). Panics if k is not in [0, NumOptions()).
func (p *Problem) Select(k int) error {
	first, end := p.Spacer[k]+1, p.Spacer[k+1]
	for x := first; x < end; x++ {
		if i := p.Top[x]; p.Rlink[p.Llink[i]] != i {
			return fmt.Errorf("%w: option %d, item %q", ErrConflict, k, p.Name[i])
		}
	}
	for x := first; x < end; x++ {
		p.Cover(p.Top[x])
	}
	p.selected = append(p.selected, k)
	return nil
}

// Selected returns the options chosen by [Problem.Select] since the last
// [Problem.Reset], in order (a fresh slice).
func (p *Problem) Selected() []int { return slices.Clone(p.selected) }

// Reset undoes every [Problem.Select], last first, restoring all links.
// Cost as the Selects it undoes.
func (p *Problem) Reset() {
	for len(p.selected) > 0 {
		k := p.selected[len(p.selected)-1]
		p.selected = p.selected[:len(p.selected)-1]
		for x := p.Spacer[k+1] - 1; x > p.Spacer[k]; x-- {
			p.Uncover(p.Top[x])
		}
	}
}
