package release

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
)

// questionHeading is a markdown cell's line "## Question 4": the release
// completes it with the question's title, from its one definition in
// grading/nbNN, which the feedback shows too.
var questionHeading = regexp.MustCompile(`(?m)^## Question (\d+[a-z]?)(.*)$`)

// headings completes the question headings of a markdown section. A
// heading written with a title of its own is refused: the title belongs to
// the question's definition.
func (s *source) headings(text string) (string, error) {
	var err error
	out := questionHeading.ReplaceAllStringFunc(text, func(line string) string {
		m := questionHeading.FindStringSubmatch(line)
		id := s.nb + "/Q" + m[1]
		q := grading.Lookup(id)
		switch {
		case q == nil:
			err = fmt.Errorf("heading %q: question %s is not registered", line, id)
		case strings.TrimSpace(m[2]) != "":
			err = fmt.Errorf("heading %q: write %q, the title comes from %s's definition (%q)", line, "## Question "+m[1], id, q.Title)
		default:
			return "## Question " + m[1] + " — " + titleWithPoints(q)
		}
		return line
	})
	if err != nil {
		return out, err
	}
	out = sharedHeading.ReplaceAllStringFunc(out, func(line string) string {
		m := sharedHeading.FindStringSubmatch(line)
		label, e := PointsLabel(s.nb, m[1])
		if e != nil {
			err = fmt.Errorf("heading %q: %v", line, e)
			return line
		}
		return "## Questions " + m[1] + m[2] + " (" + label + ")"
	})
	return out, err
}

// titleWithPoints is a question's title and points, as its heading shows
// them: "Compter sans stocker (3 points)", "Les petits échiquiers (réponse
// rédigée, 1 point)", "Le modèle 2 (2 points, facultative)".
func titleWithPoints(q *grading.Question) string {
	pts := grading.Plurals(q.Points, "point", "points")
	if q.Optional {
		pts += ", facultative"
	}
	if t, ok := strings.CutSuffix(q.Title, "(réponse rédigée)"); ok {
		return t + "(réponse rédigée, " + pts + ")"
	}
	return q.Title + " (" + pts + ")"
}

// sharedHeading is a heading, written in the source, that announces
// several questions sharing one statement: "## Questions 8, 9 et 10 — …".
var sharedHeading = regexp.MustCompile(`(?m)^## Questions (\d+[a-z]?(?:(?:, | et )\d+[a-z]?)+)( — .*)$`)

// PointsLabel returns, in French, the points of the questions numbered
// in list ("8, 9 et 10") of notebook nb: "1 point chacune", "2 + 1
// points". A number the registry does not hold is an error.
func PointsLabel(nb, list string) (string, error) {
	var pts []int
	for _, k := range regexp.MustCompile(`\d+[a-z]?`).FindAllString(list, -1) {
		q := grading.Lookup(nb + "/Q" + k)
		if q == nil {
			return "", fmt.Errorf("question %s/Q%s is not registered", nb, k)
		}
		pts = append(pts, q.Points)
	}
	if len(pts) == 1 {
		return grading.Plurals(pts[0], "point", "points"), nil
	}
	same, sum := true, 0
	words := make([]string, len(pts))
	for i, p := range pts {
		same = same && p == pts[0]
		sum += p
		words[i] = strconv.Itoa(p)
	}
	if same {
		return grading.Plurals(pts[0], "point", "points") + " chacune", nil
	}
	return strings.Join(words, " + ") + map[bool]string{true: " points", false: " point"}[sum >= 2], nil
}

// demoLabel is the label of a demonstration in a code cell: the names of
// the student's functions it runs, "A, B et C".
var demoLabel = regexp.MustCompile(`grading\.Demo\("([^"]*)"`)

// demoLabels completes each demonstration's label with the questions of
// the functions it names, from their definitions: "Solve et ShowAll"
// becomes "Solve et ShowAll (questions 12 et 17)". A name that is no
// question's function of this notebook is refused, and so is a label
// that gives numbers of its own. When the completed label would make its
// line longer than maxCodeWidth, the questions go on the next line, as a
// second string added to the first (the label Demo receives is the same).
func (s *source) demoLabels(text string) (string, error) {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		out, err := s.demoLabelsLine(line)
		if err != nil {
			return "", err
		}
		lines[i] = out
	}
	return strings.Join(lines, "\n"), nil
}

// demoLabelsLine is demoLabels for one line of a cell.
func (s *source) demoLabelsLine(line string) (string, error) {
	var err error
	indent := line[:len(line)-len(strings.TrimLeft(line, "\t"))]
	out := demoLabel.ReplaceAllStringFunc(line, func(call string) string {
		label := demoLabel.FindStringSubmatch(call)[1]
		if strings.Contains(label, "(") {
			err = fmt.Errorf("demonstration %q: name the functions only, the release adds their questions", label)
			return call
		}
		var ids []string
		for _, name := range strings.FieldsFunc(strings.ReplaceAll(label, " et ", ","), func(r rune) bool { return r == ',' }) {
			name = strings.TrimSpace(name)
			q := s.questionOf(name)
			if q == nil {
				err = fmt.Errorf("demonstration %q: %s is the function of no question of notebook %s", label, name, s.nb)
				return call
			}
			ids = append(ids, q.ID)
		}
		slices.SortFunc(ids, grading.CompareIDs)
		ids = slices.Compact(ids)
		words := make([]string, len(ids))
		for i, id := range ids {
			_, words[i], _ = strings.Cut(id, "/Q")
		}
		list := strings.Join(words, ", ")
		if len(words) > 1 {
			list = strings.Join(words[:len(words)-1], ", ") + " et " + words[len(words)-1]
		}
		questions := fmt.Sprintf(" (%s %s)", map[bool]string{true: "questions", false: "question"}[len(words) > 1], list)
		full := fmt.Sprintf("grading.Demo(%q", label+questions)
		if codeWidth(strings.Replace(line, call, full, 1)) <= maxCodeWidth {
			return full
		}
		return fmt.Sprintf("grading.Demo(%q+\n%s\t%q", label, indent, questions)
	})
	return out, err
}
