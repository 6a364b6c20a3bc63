package nb04

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/exactcover"
)

// buildDLX returns the problem of in with the reference answers: items,
// options, then the items of Covered covered in order. The cases are
// fixed: an error is a bug of this package.
func buildDLX(in DLXCase) *exactcover.Problem {
	p, err := exactcover.New(in.Primary, in.Secondary)
	if err != nil {
		panic("nb04: bad case: " + err.Error())
	}
	for _, o := range in.Options {
		if err := exactcover.InsertOption(p, o...); err != nil {
			panic("nb04: bad case: " + err.Error())
		}
	}
	for _, name := range in.Covered {
		exactcover.CoverItem(p, p.ItemIndex[name])
	}
	return p
}

// cloneProblem returns a copy of p's exported fields, for the student's
// function to change.
func cloneProblem(p *exactcover.Problem) *exactcover.Problem {
	index := make(map[string]int, len(p.ItemIndex))
	for k, v := range p.ItemIndex {
		index[k] = v
	}
	return &exactcover.Problem{
		Name: slices.Clone(p.Name), ItemIndex: index, Primary: p.Primary,
		Llink: slices.Clone(p.Llink), Rlink: slices.Clone(p.Rlink), Len: slices.Clone(p.Len),
		Top: slices.Clone(p.Top), Ulink: slices.Clone(p.Ulink), Dlink: slices.Clone(p.Dlink),
		Spacer: slices.Clone(p.Spacer),
	}
}

// nodeOf returns the node of in.Pos in option in.Option.
func nodeOf(p *exactcover.Problem, in DLXCase) int { return p.Spacer[in.Option] + 1 + in.Pos }

func linksOf(p *exactcover.Problem) DLXLinks {
	return DLXLinks{
		Name: slices.Clone(p.Name), Primary: p.Primary,
		Llink: slices.Clone(p.Llink), Rlink: slices.Clone(p.Rlink), Len: slices.Clone(p.Len),
		Top: slices.Clone(p.Top), Ulink: slices.Clone(p.Ulink), Dlink: slices.Clone(p.Dlink),
		Spacer: slices.Clone(p.Spacer),
	}
}

// checkLinksText compares p's links with a snapshot and returns the first
// difference in French, or "".
func checkLinksText(p *exactcover.Problem, s exactcover.Snapshot) (msg string) {
	defer func() {
		if v := recover(); v != nil {
			msg = "les liens ne sont pas restaurés (tableaux abîmés)"
		}
	}()
	if err := p.CheckLinks(s); err != nil {
		return "les liens ne sont pas restaurés après la recherche : " + frenchCorrupt(err)
	}
	return ""
}

// corruptFrench translates the messages of Verify and CheckLinks.
var corruptFrench = []struct {
	re *regexp.Regexp
	fr string
}{
	{regexp.MustCompile(`^item arrays of lengths LLINK (\d+), RLINK (\d+), LEN (\d+), want (\d+), (\d+), (\d+)$`),
		"tableaux des éléments de longueurs Llink $1, Rlink $2, Len $3 au lieu de $4, $5, $6"},
	{regexp.MustCompile(`^node arrays of lengths TOP (\d+), ULINK (\d+), DLINK (\d+) do not match the spacers$`),
		"tableaux des nœuds (Top $1, Ulink $2, Dlink $3 cases) incompatibles avec les espaceurs"},
	{regexp.MustCompile(`^(-?\d+) primary items out of (\d+)$`), "$1 éléments primaires sur $2"},
	{regexp.MustCompile(`^LLINK\(RLINK\((\d+)\)\) != (\d+)$`),
		"Llink[Rlink[$1]] ≠ $2 : la liste des éléments actifs n'est pas doublement chaînée"},
	{regexp.MustCompile(`^item (\d+) does not belong in the list headed by 0$`),
		"l'élément $1 est dans la liste de tête 0, celle des éléments primaires, alors qu'il est secondaire (ou la liste ne se referme pas)"},
	{regexp.MustCompile(`^item (\d+) does not belong in the list headed by (\d+)$`),
		"l'élément $1 est dans la liste de tête $2, celle des éléments secondaires, alors qu'il est primaire (ou la liste ne se referme pas)"},
	{regexp.MustCompile(`^Spacer\[(\d+)\] = (-?\d+) is out of order$`), "Spacer[$1] = $2 n'est pas à sa place"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+), want (-?\d+) for the spacer before option (\d+)$`),
		"Top[$1] = $2 au lieu de $3 pour l'espaceur avant l'option $4"},
	{regexp.MustCompile(`^option (\d+) has no nodes$`), "l'option $1 n'a aucun nœud"},
	{regexp.MustCompile(`^spacers (\d+) and (\d+) do not point at option (\d+)'s first and last nodes$`),
		"les espaceurs $1 et $2 ne pointent pas sur le premier et le dernier nœud de l'option $3 (Ulink de l'espaceur suivant, Dlink du précédent)"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+) is not an item$`), "TOP($1) = $2 n'est pas un élément"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+) for a header node$`), "TOP($1) = $2 pour une tête de liste verticale (il faut TOP(i) = i)"},
	{regexp.MustCompile(`^ULINK\(DLINK\((\d+)\)\) != (\d+) in the list of item (\d+)$`),
		"Ulink[Dlink[$1]] ≠ $2 dans la liste verticale de l'élément $3 : elle n'est pas doublement chaînée"},
	{regexp.MustCompile(`^node (\d+) \(TOP (-?\d+)\) in the list of item (\d+)$`),
		"le nœud $1 (Top $2) est dans la liste verticale de l'élément $3"},
	{regexp.MustCompile(`^item (\d+) has (\d+) nodes, LEN = (-?\d+)$`),
		"la liste verticale de l'élément $1 a $2 nœuds mais Len[$1] = $3 : Len n'est pas tenu à jour"},
	{regexp.MustCompile(`^no item is covered but only (\d+) of (\d+) option nodes are linked$`),
		"aucun élément n'est couvert, mais seuls $1 des $2 nœuds d'options sont dans leur liste verticale"},
	{regexp.MustCompile(`^(\w+) has (\d+) entries, snapshot has (\d+)$`), "$1 a $2 cases au lieu de $3"},
	{regexp.MustCompile(`^(\w+)\((\d+)\) = (-?\d+), snapshot has (-?\d+)$`), "$1[$2] vaut $3 au lieu de $4"},
}

// frenchCorrupt returns the message of an error of Verify or CheckLinks in
// French ("" for nil).
func frenchCorrupt(err error) string {
	if err == nil {
		return ""
	}
	msg := strings.TrimPrefix(err.Error(), exactcover.ErrCorrupt.Error()+": ")
	for _, t := range corruptFrench {
		if t.re.MatchString(msg) {
			return statementNames.Replace(t.re.ReplaceAllString(msg, t.fr))
		}
	}
	return "structure incohérente : " + msg
}

// statementNames writes the arrays as the notebook's statement does
// (Llink, Len…) rather than as Knuth and package exactcover's messages
// (LLINK, LEN…).
var statementNames = strings.NewReplacer("LLINK", "Llink", "RLINK", "Rlink", "ULINK", "Ulink", "DLINK", "Dlink", "LEN", "Len", "TOP", "Top")

// linkHints explain, per field, what a wrong value usually means.
var linkHints = map[string]string{
	"Llink":  "liste horizontale des éléments actifs (Llink, Rlink)",
	"Rlink":  "liste horizontale des éléments actifs (Llink, Rlink)",
	"Len":    "Len compte les options actives de chaque élément : il faut le tenir à jour",
	"Top":    "Top[x] est l'élément du nœud x (-k pour l'espaceur avant l'option k)",
	"Ulink":  "listes verticales (Ulink, Dlink) : nœud du dessus, et pour un espaceur, premier nœud de l'option d'avant",
	"Dlink":  "listes verticales (Ulink, Dlink) : nœud du dessous, et pour un espaceur, dernier nœud de l'option d'après",
	"Spacer": "Spacer[k] est le nœud espaceur placé avant l'option k",
	"Name":   "Name[i] est le nom de l'élément i (\"\" pour les têtes 0 et N+1)",
}

// linkArray is one array of the links, in a copy obtained and in the one
// expected.
type linkArray struct {
	name      string
	got, want []int
}

// linkArrays pairs the arrays of two copies of the links, in TAOCP's order.
func linkArrays(got, want DLXLinks) []linkArray {
	return []linkArray{
		{"Llink", got.Llink, want.Llink}, {"Rlink", got.Rlink, want.Rlink}, {"Len", got.Len, want.Len},
		{"Top", got.Top, want.Top}, {"Ulink", got.Ulink, want.Ulink}, {"Dlink", got.Dlink, want.Dlink},
		{"Spacer", got.Spacer, want.Spacer},
	}
}

// linksDiff returns the first difference between two copies of the links,
// in French, or "".
func linksDiff(got, want DLXLinks) (field, note string) {
	if !slices.Equal(got.Name, want.Name) {
		return "Name", fmt.Sprintf("Name vaut %q au lieu de %q", got.Name, want.Name)
	}
	if got.Primary != want.Primary {
		return "Primary", fmt.Sprintf("Primary vaut %d au lieu de %d : c'est le nombre d'éléments primaires", got.Primary, want.Primary)
	}
	for _, f := range linkArrays(got, want) {
		if len(f.got) != len(f.want) {
			return f.name, fmt.Sprintf("%s a %s au lieu de %d", f.name, grading.Plural(len(f.got), "case"), len(f.want))
		}
		for k := range f.got {
			if f.got[k] != f.want[k] {
				if f.name == "Spacer" {
					return f.name, fmt.Sprintf("Spacer[%d] vaut %d au lieu de %d", k, f.got[k], f.want[k])
				}
				return f.name, fmt.Sprintf("%s[%d] vaut %d au lieu de %d", f.name, k, f.got[k], f.want[k])
			}
		}
	}
	return "", ""
}

// judgeLinks compares the links left by the student's function with the
// reference's; what says which question, for the hints.
func judgeLinks(what string) func(DLXCase, DLXOut, DLXOut) (bool, string) {
	return func(in DLXCase, got, want DLXOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok {
			return false, note
		}
		if want.Err != nil {
			return true, ""
		}
		for k := range want.Errs {
			if k >= len(got.Errs) {
				break
			}
			if ok, note := grading.SameError(got.Errs[k], want.Errs[k]); !ok {
				return false, fmt.Sprintf("insertion de l'option %s : %s", optionText(in.Insert[k]), note)
			}
		}
		if got.Verify != "" {
			return false, "structure incohérente : " + got.Verify
		}
		field, diff := linksDiff(got.Links, want.Links)
		if diff == "" {
			return true, ""
		}
		note := diff
		if h := linkHints[field]; h != "" {
			note += " — " + h
		}
		switch {
		case what == "new" && (field == "Llink" || field == "Rlink") && len(in.Secondary) > 0:
			note += " ; les éléments primaires forment une liste circulaire de tête 0, les secondaires une autre, de tête N+1"
		case what == "insert" && slices.ContainsFunc(want.Errs, func(e *grading.Err) bool { return e != nil }):
			note += " ; une insertion refusée doit laisser p inchangé : vérifiez tout avant de modifier"
		case what == "insert" && (field == "Ulink" || field == "Dlink"):
			note += " ; chaque nouveau nœud va en bas de la liste verticale de son élément, juste au-dessus de la tête"
		case what == "hide" && field == "Len":
			note += " ; cacher le nœud q d'un élément j diminue Len[j]"
		case what == "hide":
			note += " ; on cache les autres nœuds de l'option (pas x), en allant vers la droite et en revenant au début de l'option à l'espaceur"
		case what == "cover" && (field == "Llink" || field == "Rlink"):
			note += " ; couvrir i le retire aussi de la liste des éléments actifs"
		case what == "unhide" || what == "uncover":
			note += " ; il faut retrouver exactement les liens d'avant"
		}
		return false, note
	}
}

// formatLinks prints the links, one array per line.
func formatLinks(o DLXOut) string {
	if o.Err != nil {
		return grading.ErrText(o.Err)
	}
	var b strings.Builder
	if len(o.Errs) > 0 {
		var es []string
		for _, e := range o.Errs {
			if e == nil {
				es = append(es, "nil")
			} else {
				es = append(es, "erreur")
			}
		}
		fmt.Fprintf(&b, "retours : %s\n", strings.Join(es, ", "))
	}
	l := o.Links
	fmt.Fprintf(&b, "Llink  %v\nRlink  %v\nLen    %v\nTop    %v\nUlink  %v\nDlink  %v\nSpacer %v", l.Llink, l.Rlink, l.Len, l.Top, l.Ulink, l.Dlink, l.Spacer)
	return b.String()
}

// diffLinks prints the links of a failing case: the return values and
// the arrays that differ from the expected ones, each entry that differs
// marked ‹so›, and the names of the arrays that agree; an error alone as
// formatLinks does.
func diffLinks(got, want DLXOut) (gotText, wantText string) {
	if got.Err != nil || want.Err != nil || len(got.Errs) != len(want.Errs) {
		return formatLinks(got), formatLinks(want)
	}
	var g, w strings.Builder
	if len(got.Errs) > 0 {
		g.WriteString(strings.SplitN(formatLinks(DLXOut{Errs: got.Errs}), "\n", 2)[0] + "\n")
		w.WriteString(strings.SplitN(formatLinks(DLXOut{Errs: want.Errs}), "\n", 2)[0] + "\n")
	}
	var same []string
	for _, f := range linkArrays(got.Links, want.Links) {
		if slices.Equal(f.got, f.want) {
			same = append(same, f.name)
			continue
		}
		fmt.Fprintf(&g, "%-6s %s\n", f.name, markedInts(f.got, f.want))
		fmt.Fprintf(&w, "%-6s %s\n", f.name, markedInts(f.want, f.got))
	}
	if len(same) > 0 {
		fold := "identiques : " + strings.Join(same, ", ")
		g.WriteString(fold)
		w.WriteString(fold)
	}
	return strings.TrimSuffix(g.String(), "\n"), strings.TrimSuffix(w.String(), "\n")
}

// markedInts prints a as [1 2 3], each entry that differs from other (or
// that other lacks) marked ‹so›.
func markedInts(a, other []int) string {
	parts := make([]string, len(a))
	for k, v := range a {
		parts[k] = strconv.Itoa(v)
		if k >= len(other) || other[k] != v {
			parts[k] = "‹" + parts[k] + "›"
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// describeDLX describes a case for the question what.
func describeDLX(what string) func(DLXCase) string {
	return func(in DLXCase) string {
		var b strings.Builder
		items := strings.Join(in.Primary, " ")
		if len(in.Secondary) > 0 {
			items += " | " + strings.Join(in.Secondary, " ")
		}
		if what == "new" {
			fmt.Fprintf(&b, "primaires %q, secondaires %q", in.Primary, in.Secondary)
			return withWhat(b.String(), in.What)
		}
		fmt.Fprintf(&b, "éléments %s", items)
		if len(in.Options) > 0 {
			var os []string
			for k, o := range in.Options {
				os = append(os, fmt.Sprintf("%d:%s", k, strings.Join(o, " ")))
			}
			fmt.Fprintf(&b, " ; options %s", strings.Join(os, ", "))
		}
		switch what {
		case "uncover":
			fmt.Fprintf(&b, " ; couverts dans l'ordre %s, puis découverts par votre fonction dans l'ordre inverse", strings.Join(in.Covered, " "))
			return withWhat(b.String(), in.What)
		}
		if len(in.Covered) > 0 {
			fmt.Fprintf(&b, " ; couverts d'abord : %s", strings.Join(in.Covered, " "))
		}
		switch what {
		case "insert":
			var os []string
			for _, o := range in.Insert {
				os = append(os, optionText(o))
			}
			fmt.Fprintf(&b, " ; insérer %s", strings.Join(os, " puis "))
		case "hide", "unhide":
			p := in.P
			x := nodeOf(p, in)
			verb := "cacher"
			if what == "unhide" {
				verb = "cacher (référence) puis remettre"
			}
			fmt.Fprintf(&b, " ; %s x = %d (nœud %d de l'option %d, élément %s)", verb, x, in.Pos+1, in.Option, p.Name[p.Top[x]])
		case "cover":
			fmt.Fprintf(&b, " ; couvrir %s (i = %d)", in.Item, in.P.ItemIndex[in.Item])
		case "dance":
			if in.Limit > 0 {
				fmt.Fprintf(&b, " ; visit renvoie false à la solution n° %d", in.Limit)
			}
		}
		return withWhat(b.String(), in.What)
	}
}

func judgeChoose(in DLXCase, got, want ChooseOut) (bool, string) {
	if got.Item == want.Item {
		return true, ""
	}
	p := in.P
	n := p.NumItems()
	active := map[int]bool{}
	for i := p.Rlink[0]; i != 0 && !active[i]; i = p.Rlink[i] {
		active[i] = true
	}
	switch {
	case want.Item == 0:
		return false, "plus aucun élément primaire n'est actif (Rlink[0] = 0) : il faut renvoyer 0"
	case got.Item == 0:
		return false, "0 veut dire qu'il n'y a plus d'élément primaire actif, or il en reste"
	case got.Item < 0 || got.Item > n:
		return false, fmt.Sprintf("%d n'est pas un numéro d'élément (1 à %d)", got.Item, n)
	case got.Item > p.Primary:
		return false, fmt.Sprintf("%s est un élément secondaire : on ne choisit que parmi les primaires, la liste de tête 0", got.Name)
	case !active[got.Item]:
		return false, fmt.Sprintf("%s est déjà couvert : on parcourt la liste des éléments actifs à partir de Rlink[0], pas les numéros 1 à N", got.Name)
	case p.Len[got.Item] > p.Len[want.Item]:
		return false, fmt.Sprintf("Len[%s] = %d, mais Len[%s] = %d est plus petit : il faut l'élément qui a le moins d'options actives",
			got.Name, p.Len[got.Item], want.Name, p.Len[want.Item])
	}
	return false, fmt.Sprintf("Len[%s] = Len[%s] = %d : en cas d'égalité, le premier rencontré en partant de Rlink[0]", got.Name, want.Name, p.Len[want.Item])
}

func judgeDance(in DLXCase, got, want DanceOut) (bool, string) {
	if in.Limit > 0 && len(got.Solutions) > in.Limit {
		return false, fmt.Sprintf("visit a renvoyé false à la solution n° %d : la recherche doit s'arrêter là", in.Limit)
	}
	for _, s := range got.Solutions {
		if note := dlxCoverNote(in, s); note != "" {
			return false, fmt.Sprintf("%v n'est pas une solution : %s", s, note)
		}
	}
	if in.Limit == 0 {
		if note := compareSets(got.Solutions, want.Solutions, "option"); note != "" {
			return false, note
		}
	}
	if got.Restore != "" && in.Limit > 0 {
		return false, got.Restore + " : quand visit renvoie false, Dance s'arrête, mais en remontant elle doit encore découvrir ce qu'elle a couvert (UnhideOption, UncoverItem) avant de rendre la main"
	}
	if got.Restore != "" {
		return false, got.Restore + " : découvrez dans l'ordre inverse de celui où vous avez couvert"
	}
	if !sameSolutions(got.Solutions, want.Solutions) {
		return false, "les bonnes solutions, mais pas dans l'ordre attendu : choisissez l'élément avec ChooseItem (le moins d'options), " +
			"essayez ses options de haut en bas, et donnez les options de chaque solution dans l'ordre où elles ont été choisies"
	}
	return true, ""
}

// dlxCoverNote says why options is not a solution of in's problem ("" if
// it is one): each primary item covered exactly once, each secondary item
// at most once.
func dlxCoverNote(in DLXCase, options []int) string {
	count := map[string]int{}
	for _, o := range options {
		if o < 0 || o >= len(in.Options) {
			return fmt.Sprintf("l'option %d n'existe pas", o)
		}
		for _, it := range in.Options[o] {
			count[it]++
		}
	}
	for _, it := range in.Primary {
		if count[it] != 1 {
			return fmt.Sprintf("l'élément primaire %s est couvert %d fois", it, count[it])
		}
	}
	for _, it := range in.Secondary {
		if count[it] > 1 {
			return fmt.Sprintf("l'élément secondaire %s est couvert %d fois", it, count[it])
		}
	}
	return ""
}
