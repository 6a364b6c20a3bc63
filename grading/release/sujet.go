package release

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
)

// A notebook that is ported from an original TP (its « sujet ») has a map of
// that original, grading/nbNN/NN-name.sujet (beside the statement source): for each question or task of
// the sujet, the notebook's questions that answer it, and whether the
// notebook is faithful to it, changed it, merged it with another one, or
// (rows without a sujet question) added something of its own. The
// notebook's table « Le sujet et ce notebook » and the teacher's guide's
// tables are generated from it, so that they say the same thing.
//
// The file is a list of records separated by blank lines, one field per
// line, "key: value" ('#' starts a comment line):
//
//	sujet: 3                     the sujet's question ("3"), or the name of
//	                             one of its tasks ("is_safe"); "—" for a
//	                             notebook addition
//	original: `choix_position`   what the sujet calls it or asks (Markdown)
//	ici: 3a 3b                   the notebook's questions, by number
//	lieu: démonstration après …  where the notebook does it, if not (only)
//	                             in a question (Markdown)
//	statut: modifiée             fidèle, modifiée, fusionnée or ajoutée
//	pourquoi: …                  one line of what changed and why (Markdown;
//	                             required unless the row is fidèle)

// SujetSuffix is the file name suffix of a notebook's map of its sujet, next
// to its source: grading/nb05/05-domination.sujet.
const SujetSuffix = ".sujet"

// The statuses of a row of a sujet map.
const (
	Faithful = "fidèle"    // the notebook asks what the sujet asks
	Changed  = "modifiée"  // it asks it otherwise, and says why
	Merged   = "fusionnée" // it asks it together with another sujet question
	Added    = "ajoutée"   // the notebook's own, no sujet question
)

// SujetRow is one record of a sujet map.
type SujetRow struct {
	Sujet     string   // the sujet's question or task; "—" for an addition
	Original  string   // what the sujet calls it, Markdown
	Questions []string // the notebook's question numbers ("3a")
	Place     string   // where the notebook does it, Markdown
	Status    string   // Faithful, Changed, Merged or Added
	Why       string   // what changed and why, Markdown
}

// SujetPath returns the path of the sujet map of the statement source at
// src: the file beside it with the suffix SujetSuffix instead of .txtar
// (grading/nb05/05-domination.txtar → grading/nb05/05-domination.sujet).
func SujetPath(src string) string {
	return strings.TrimSuffix(src, ".txtar") + SujetSuffix
}

// ReadSujet reads the sujet map at path. Errors name the line at fault.
func ReadSujet(path string) ([]SujetRow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseSujet(filepath.Base(path), string(data))
}

var sujetNumber = regexp.MustCompile(`^[1-9][0-9]*[a-z]?$`)

func parseSujet(name, text string) ([]SujetRow, error) {
	var rows []SujetRow
	var cur *SujetRow
	seen := map[string]bool{}
	end := func(line int) error {
		if cur == nil {
			return nil
		}
		r := *cur
		cur = nil
		switch {
		case r.Sujet == "":
			return fmt.Errorf("%s:%d: a record without « sujet: »", name, line)
		case !slices.Contains([]string{Faithful, Changed, Merged, Added}, r.Status):
			return fmt.Errorf("%s:%d: sujet %s: statut %q, want %s, %s, %s or %s", name, line, r.Sujet, r.Status, Faithful, Changed, Merged, Added)
		case r.Status != Faithful && r.Why == "":
			return fmt.Errorf("%s:%d: sujet %s is %s: say why (« pourquoi: »)", name, line, r.Sujet, r.Status)
		case (r.Status == Added) != (r.Sujet == "—"):
			return fmt.Errorf("%s:%d: an addition has « sujet: — », and only an addition", name, line)
		case len(r.Questions) == 0 && r.Place == "":
			return fmt.Errorf("%s:%d: sujet %s: where does the notebook do it? (« ici: » or « lieu: »)", name, line, r.Sujet)
		case r.Sujet != "—" && seen[r.Sujet]:
			return fmt.Errorf("%s:%d: sujet %s twice", name, line, r.Sujet)
		}
		seen[r.Sujet] = true
		rows = append(rows, r)
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		switch {
		case strings.HasPrefix(l, "#"):
			continue
		case l == "":
			if err := end(i + 1); err != nil {
				return nil, err
			}
			continue
		}
		key, value, ok := strings.Cut(l, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want « clé: valeur », got %q", name, i+1, l)
		}
		value = strings.TrimSpace(value)
		if cur == nil {
			cur = &SujetRow{}
		}
		switch key {
		case "sujet":
			cur.Sujet = value
		case "original":
			cur.Original = value
		case "ici":
			for _, k := range strings.Fields(value) {
				if !sujetNumber.MatchString(k) {
					return nil, fmt.Errorf("%s:%d: %q is not a question number (3, 12, 3b)", name, i+1, k)
				}
				cur.Questions = append(cur.Questions, k)
			}
		case "lieu":
			cur.Place = value
		case "statut":
			cur.Status = value
		case "pourquoi":
			cur.Why = value
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q (want sujet, original, ici, lieu, statut, pourquoi)", name, i+1, key)
		}
	}
	if err := end(len(lines)); err != nil {
		return nil, err
	}
	return rows, nil
}

// checkSujet reports whether the map rows of notebook nb name every
// question the registry holds for nb and only those, and every question
// or task of the sujet in want (the original's list), and no other.
func checkSujet(nb string, rows []SujetRow, want []string) error {
	var problems []string
	named := map[string]bool{}
	sujets := map[string]bool{}
	for _, r := range rows {
		if r.Sujet != "—" {
			sujets[r.Sujet] = true
		}
		for _, k := range r.Questions {
			if grading.Lookup(nb+"/Q"+k) == nil {
				problems = append(problems, fmt.Sprintf("question %s/Q%s (sujet %s) is not registered", nb, k, r.Sujet))
			}
			named[k] = true
		}
	}
	for _, q := range grading.Questions(nb) {
		if !named[strings.TrimPrefix(q.Number(), "Q")] {
			problems = append(problems, fmt.Sprintf("question %s is in no row", q.ID))
		}
	}
	for _, s := range want {
		if !sujets[s] {
			problems = append(problems, fmt.Sprintf("sujet %s is in no row (missing)", s))
		}
		delete(sujets, s)
	}
	for s := range sujets {
		problems = append(problems, fmt.Sprintf("sujet %s is not a question of the original", s))
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return fmt.Errorf("sujet map of %s: %s", nb, strings.Join(problems, "; "))
	}
	return nil
}

// SujetTable returns the Markdown table of the rows of notebook nb's sujet
// map: the sujet's question, the notebook's (with the function each asks
// for, or « rédigée »), the status and why.
func SujetTable(nb string, rows []SujetRow) (string, error) {
	var b strings.Builder
	b.WriteString("| sujet | ici | statut | ce qui change, et pourquoi |\n|:---|:---|:---|:---|\n")
	for _, r := range rows {
		sujet := r.Sujet
		if sujetNumber.MatchString(sujet) {
			sujet = "question " + sujet
		}
		switch {
		case r.Original == "":
		case sujetNumber.MatchString(r.Sujet):
			sujet += " : " + r.Original
		default: // a task named by the map: what the sujet calls it says it
			sujet = r.Original
		}
		var here []string
		for _, k := range r.Questions {
			q := grading.Lookup(nb + "/Q" + k)
			if q == nil {
				return "", fmt.Errorf("sujet %s: question %s/Q%s is not registered", r.Sujet, nb, k)
			}
			what := "rédigée"
			if !q.Prose() {
				what = "`" + q.Func + "`"
			}
			here = append(here, fmt.Sprintf("question %s (%s)", k, what))
		}
		if r.Place != "" {
			here = append(here, r.Place)
		}
		why := r.Why
		if why == "" {
			why = "—"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cellText(sujet), cellText(strings.Join(here, " ; ")), r.Status, cellText(why))
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// cellText escapes the pipes of a table cell's Markdown.
func cellText(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// SujetCounts sums a map up, in French: « 28 questions du sujet : 14
// fidèles, 12 modifiées, 2 fusionnées ; 3 ajouts du cahier ».
func SujetCounts(rows []SujetRow) string {
	n := map[string]int{}
	total := 0
	for _, r := range rows {
		n[r.Status]++
		if r.Status != Added {
			total++
		}
	}
	s := fmt.Sprintf("%s du sujet : %s, %s, %s", grading.Plurals(total, "question ou tâche", "questions ou tâches"),
		grading.Plurals(n[Faithful], "fidèle", "fidèles"), grading.Plurals(n[Changed], "modifiée", "modifiées"), grading.Plurals(n[Merged], "fusionnée", "fusionnées"))
	if n[Added] > 0 {
		s += " ; " + grading.Plurals(n[Added], "ajout du cahier", "ajouts du cahier")
	}
	return s
}

// sujetMarker is the line of a notebook's markdown that the release
// replaces with the table of its sujet map.
const sujetMarker = "<!-- table du sujet -->"
