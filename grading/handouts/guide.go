package handouts

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/workbook"
)

// GuideSource is the teacher's guide's prose, relative to the module root.
const GuideSource = "notebooks/src/guide.md"

// pointsMarker is a line of the guide's source that stands for a TP's
// table of points: "<!-- barème 02 -->".
var pointsMarker = regexp.MustCompile(`(?m)^<!-- barème (\d\d) -->$`)

// sujetMarker is a line of the guide's source that stands for the table of
// a TP's map of its original (its « sujet »), with its counts: "<!-- sujet
// 05 -->" (see release.SujetTable).
var sujetMarker = regexp.MustCompile(`(?m)^<!-- sujet (\d\d) -->$`)

// Guide returns the teacher's guide: the Markdown of [GuideSource] under
// root, each points marker (see pointsMarker) replaced by the TP's table of
// points from the registry ([PointsTable]), each sujet marker by the table
// of the TP's map of its original. Every notebook of the workbook must have
// exactly one points marker, and every notebook with a map of its original
// one sujet marker: a guide that forgets a TP is an error.
func Guide(root string) (Doc, error) {
	raw, err := os.ReadFile(filepath.Join(root, GuideSource))
	if err != nil {
		return Doc{}, err
	}
	src := string(raw)
	seen := map[string]int{}
	var bad error
	src = pointsMarker.ReplaceAllStringFunc(src, func(line string) string {
		nb := pointsMarker.FindStringSubmatch(line)[1]
		seen[nb]++
		if _, ok := workbook.Lookup(nb); !ok {
			bad = fmt.Errorf("%s: %q: no notebook %s in package grading/workbook", GuideSource, line, nb)
			return line
		}
		return PointsTable(nb, true)
	})
	sujets := map[string]int{}
	src = sujetMarker.ReplaceAllStringFunc(src, func(line string) string {
		nb := sujetMarker.FindStringSubmatch(line)[1]
		sujets[nb]++
		book, ok := workbook.Lookup(nb)
		if !ok {
			bad = fmt.Errorf("%s: %q: no notebook %s in package grading/workbook", GuideSource, line, nb)
			return line
		}
		rows, err := release.ReadSujet(release.SujetPath(filepath.Join(root, book.Source())))
		if err != nil {
			bad = fmt.Errorf("%s: %q: %w", GuideSource, line, err)
			return line
		}
		table, err := release.SujetTable(nb, rows)
		if err != nil {
			bad = fmt.Errorf("%s: %q: %w", GuideSource, line, err)
			return line
		}
		return "*" + release.SujetCounts(rows) + ".*\n\n" + table + "\n"
	})
	for _, nb := range workbook.Notebooks {
		_, err := os.Stat(release.SujetPath(filepath.Join(root, nb.Source())))
		if want := map[bool]int{true: 1, false: 0}[err == nil]; sujets[nb.ID] != want {
			bad = fmt.Errorf("%s: want %d line \"<!-- sujet %s -->\" (the map of the original of %s), found %d", GuideSource, want, nb.ID, nb.Name, sujets[nb.ID])
		}
	}
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
