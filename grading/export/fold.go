package export

import (
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// nfc writes the students' IDs and names of subs in Unicode's composed
// form (NFC): a Mac's zip writes "José" decomposed (NFD), a roster typed
// by hand composed, and they are one student.
func nfc(subs []Submission) []Submission {
	for i := range subs {
		subs[i].Student = norm.NFC.String(subs[i].Student)
		subs[i].Name = norm.NFC.String(subs[i].Name)
	}
	return subs
}

// maxNamesShown bounds the file names a note on ignored files lists for
// each reason.
const maxNamesShown = 5

// foldIgnored turns the files of a student's that are not notebooks (a
// screenshot, a PDF, an archive that is not opened: each a refused
// submission marked ignored) into a note on that student's first other
// submission, so that they neither count towards MaxPerStudent nor
// become results of their own (a 0-point "other notebook" of the TP, a
// line to grade by hand, a feedback file in the notebook's name). A
// student with nothing else keeps one refused row that lists them. The
// order of subs is kept; linear in len(subs).
func foldIgnored(subs []Submission) []Submission {
	type group struct {
		first   int                 // index in out of the student's first submission that is not ignored, -1 if none
		reasons map[string][]string // why → file names
		order   []string            // the reasons in the order met
		path    string              // the first ignored file
		t       Submission
	}
	groups := map[string]*group{}
	var students []string
	var out []Submission
	for _, s := range subs {
		g := groups[s.Student]
		if g == nil {
			g = &group{first: -1, reasons: map[string][]string{}}
			groups[s.Student] = g
			students = append(students, s.Student)
		}
		if !s.ignored {
			if g.first < 0 {
				g.first = len(out)
			}
			out = append(out, s)
			continue
		}
		if g.path == "" {
			g.path, g.t = s.Path, s
		}
		why := strings.TrimPrefix(s.Refused, filepath.Base(s.Path)+" : ")
		if _, seen := g.reasons[why]; !seen {
			g.order = append(g.order, why)
		}
		g.reasons[why] = append(g.reasons[why], filepath.Base(s.Path))
	}
	for _, student := range students {
		g := groups[student]
		if len(g.order) == 0 {
			continue
		}
		var parts []string
		for _, why := range g.order {
			parts = append(parts, listNames(g.reasons[why])+" : "+why)
		}
		list := strings.Join(parts, " ; ")
		if g.first >= 0 {
			s := &out[g.first]
			s.Note = addNote(s.Note, "fichiers ignorés, "+list)
			continue
		}
		s := g.t
		s.ignored = false
		s.Refused = "aucun notebook (.ipynb) dans ce rendu, " + list
		out = append(out, s)
	}
	return out
}

// listNames lists names, at most maxNamesShown of them and how many more.
func listNames(names []string) string {
	if len(names) <= maxNamesShown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s et %d autres", strings.Join(names[:maxNamesShown], ", "), len(names)-maxNamesShown)
}

// addNote adds more to the note of a submission.
func addNote(note, more string) string {
	switch {
	case note == "":
		return more
	case more == "":
		return note
	}
	return note + " ; " + more
}
