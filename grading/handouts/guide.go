package handouts

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/workbook"
)

// GuideSource is the teacher's guide's prose, relative to the module root.
const GuideSource = "notebooks/src/guide.md"

// pointsMarker is a line of the guide's source that stands for a TP's
// table of points: "<!-- barème 02 sans 13 14 -->" says that a 2-hour
// session leaves questions 13 and 14 for home, "<!-- barème 01 -->" that
// it keeps them all.
var pointsMarker = regexp.MustCompile(`(?m)^<!-- barème (\d\d)(?: sans((?: \d+)+))? -->$`)

// Guide returns the teacher's guide: the Markdown of [GuideSource] under
// root, each points marker (see pointsMarker) replaced by the TP's table of
// points from the registry ([PointsTable]). Every notebook of the workbook
// must have exactly one marker, naming registered questions only: a guide
// that forgets a TP, or a question since renumbered, is an error.
func Guide(root string) (Doc, error) {
	raw, err := os.ReadFile(filepath.Join(root, GuideSource))
	if err != nil {
		return Doc{}, err
	}
	src := string(raw)
	seen := map[string]int{}
	var bad error
	src = pointsMarker.ReplaceAllStringFunc(src, func(line string) string {
		m := pointsMarker.FindStringSubmatch(line)
		nb := m[1]
		seen[nb]++
		if _, ok := workbook.Lookup(nb); !ok {
			bad = fmt.Errorf("%s: %q: no notebook %s in package grading/workbook", GuideSource, line, nb)
			return line
		}
		short := map[int]bool{}
		for _, f := range strings.Fields(m[2]) {
			k, _ := strconv.Atoi(f)
			if grading.Lookup(nb+"/Q"+f) == nil {
				bad = fmt.Errorf("%s: %q: question %s/Q%s is not registered", GuideSource, line, nb, f)
			}
			short[k] = true
		}
		return PointsTable(nb, short)
	})
	if bad != nil {
		return Doc{}, bad
	}
	for _, nb := range workbook.Notebooks {
		if seen[nb.ID] != 1 {
			return Doc{}, fmt.Errorf("%s: want one line \"<!-- barème %s -->\" (the table of points of %s), found %d", GuideSource, nb.ID, nb.Name, seen[nb.ID])
		}
	}
	h, err := render(src, "")
	if err != nil {
		return Doc{}, err
	}
	d := Doc{Name: GuideName, Kind: "Guide de l'enseignant"}
	for _, l := range strings.Split(src, "\n") {
		if t, ok := strings.CutPrefix(l, "# "); ok {
			d.Title = grading.PlainText(strings.TrimSpace(t))
			break
		}
	}
	if d.Title == "" {
		return Doc{}, fmt.Errorf("%s: no title (a line \"# …\")", GuideSource)
	}
	d.HTML = page(d, h)
	return d, nil
}
