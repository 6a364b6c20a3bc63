package export

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/prepa-reines/reines/grading/fixtures"
)

// The generator of platform exports: it writes, from the sample
// submissions of the corpus (see package fixtures), the zip or folder each platform gives a
// teacher, laid out as that platform's source or documentation says
// (testdata/exports/README.md cites them): Moodle's "Download all
// submissions" (folders, 4.1+), Canvas's submissions.zip (a resubmission
// under the same name becomes "-1"), Gradescope's "Export Submissions"
// (submission_metadata.yml, the earlier submission in :history:) and
// nbgrader's exchange (inbound/<student>+<assignment>+<timestamp>+<random>/).

// exportStudent is a student of a generated export: what the platforms
// know of them, the sample notebook handed in and, if they handed in again
// later, the second one.
type exportStudent struct {
	first, last, email string
	moodleID, canvasID int
	sid                string // Gradescope's student id, may be ""
	nbgrader           string // the student's nbgrader id (their login)
	notebook, again    string // file names in the corpus (see package fixtures)
	at                 time.Time
}

// The class of the generated exports: accented and multi-word names (the
// ones Moodle and Canvas mangle), a Gradescope student without an SID, a
// resubmission, one late student.
var exportClass = []exportStudent{
	{"Léa", "Martin", "lea.martin@example.org", 48213, 104512, "06758767", "lmartin", "full.ipynb", "", time.Date(2026, 12, 14, 20, 5, 0, 0, time.UTC)},
	{"Ana María", "de la Cruz", "ana.delacruz@example.org", 48216, 104490, "", "adelacruz", "count-no-error.ipynb", "full.ipynb", time.Date(2026, 12, 15, 9, 30, 0, 0, time.UTC)},
	{"Jean-Marc", "Nguyễn", "jm.nguyen@example.org", 48214, 104520, "07112233", "jnguyen", "first-no-error.ipynb", "", time.Date(2026, 12, 17, 8, 0, 0, 0, time.UTC)},
}

var deadline = time.Date(2026, 12, 15, 23, 59, 0, 0, time.UTC)

// corpusFile reads a sample notebook.
func corpusFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(fixtures.Path(t, fixtures.CorpusSet, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeTimedZip writes files (name → content, each with its time) to a
// zip, in the order of their names.
func writeTimedZip(t *testing.T, path string, files map[string][]byte, times map[string]time.Time) {
	t.Helper()
	var entries []zipEntry
	for _, name := range slices.Sorted(maps.Keys(files)) {
		entries = append(entries, zipEntry{name: name, data: string(files[name]), at: times[name]})
	}
	makeZip(t, path, entries...)
}

// latest is the notebook a student's last submission holds.
func (s exportStudent) latest() string {
	if s.again != "" {
		return s.again
	}
	return s.notebook
}

// moodleExport writes Moodle's zip: a folder per participant,
// "Full Name_<participant id>_assignsubmission_file/", holding the files
// of the submission (Moodle keeps only the last one), with their times.
func moodleExport(t *testing.T, path string) {
	files, times := map[string][]byte{}, map[string]time.Time{}
	for _, s := range exportClass {
		name := fmt.Sprintf("%s %s_%d_assignsubmission_file/01-recursion.ipynb", s.first, s.last, s.moodleID)
		files[name], times[name] = corpusFile(t, s.latest()), s.at
	}
	writeTimedZip(t, path, files, times)
}

// canvasSortable is Canvas's sortable name in a file name: "last, first"
// lower-cased, letters and digits only (content_zipper.rb).
func canvasSortable(s exportStudent) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s.last+s.first)
}

// canvasExport writes Canvas's submissions.zip, every file at the root,
// "sortablename[_late]_<user id>_<attachment id>_<file>": a file handed in
// again under the same name is "01-recursion-1.ipynb", with a newer
// attachment id.
func canvasExport(t *testing.T, path string) {
	files, times := map[string][]byte{}, map[string]time.Time{}
	attachment := 88120000
	for _, s := range exportClass {
		late := ""
		if s.at.After(deadline) {
			late = "_late"
		}
		attachment++
		name := fmt.Sprintf("%s%s_%d_%d_01-recursion.ipynb", canvasSortable(s), late, s.canvasID, attachment)
		files[name], times[name] = corpusFile(t, s.notebook), s.at.Add(-time.Hour)
		if s.again != "" {
			attachment++
			name := fmt.Sprintf("%s%s_%d_%d_01-recursion-1.ipynb", canvasSortable(s), late, s.canvasID, attachment)
			files[name], times[name] = corpusFile(t, s.again), s.at
		}
	}
	writeTimedZip(t, path, files, times)
}

// gradescopeExport writes Gradescope's export folder: submission_<id>/
// with the active submission's files, and submission_metadata.yml naming
// its submitters, its time and, in :history:, the earlier submissions.
func gradescopeExport(t *testing.T, dir string) {
	root := filepath.Join(dir, "assignment_777_export")
	var meta strings.Builder
	meta.WriteString("---\n")
	for i, s := range exportClass {
		id := 5000 + i
		sub := filepath.Join(root, fmt.Sprintf("submission_%d", id))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "01-recursion.ipynb"), corpusFile(t, s.latest()), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&meta, "submission_%d:\n  :submitters:\n  - :name: %s %s\n    :sid: '%s'\n    :email: %s\n  :created_at: %s\n  :score: 0.0\n  :status: processed\n",
			id, s.first, s.last, s.sid, s.email, s.at.Format("2006-01-02 15:04:05.000000000 Z"))
		if s.again != "" {
			fmt.Fprintf(&meta, "  :history:\n  - :submitters: []\n    :created_at: %s\n    :score: 0.0\n    :id: %d\n", s.at.Add(-time.Hour).Format("2006-01-02 15:04:05.000000000 Z"), id-1000)
		} else {
			meta.WriteString("  :history: []\n")
		}
	}
	if err := os.WriteFile(filepath.Join(root, "submission_metadata.yml"), []byte(meta.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// nbgraderExport writes nbgrader's exchange inbound/ folder: one folder
// per submission, "<student>+<assignment>+<timestamp>+<random>", with
// timestamp.txt (submit.py's format, "%Y-%m-%d %H:%M:%S.%f %Z").
func nbgraderExport(t *testing.T, dir string) {
	put := func(s exportStudent, nb string, at time.Time, random string) {
		stamp := at.Format("2006-01-02 15:04:05.000000") + " UTC"
		sub := filepath.Join(dir, "inbound", s.nbgrader+"+ps1+"+stamp+"+"+random)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "01-recursion.ipynb"), corpusFile(t, nb), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "timestamp.txt"), []byte(stamp), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, s := range exportClass {
		if s.again != "" {
			put(s, s.notebook, s.at.Add(-time.Hour), fmt.Sprintf("r%dfirst", i))
		}
		put(s, s.latest(), s.at, fmt.Sprintf("r%dlast", i))
	}
}

// Each generated export is collected with the platform's IDs, the names
// and times it records, the latest of a resubmission, and Canvas's late
// mark.
func TestGeneratedExports(t *testing.T) {
	tmp := t.TempDir()
	moodleExport(t, filepath.Join(tmp, "moodle.zip"))
	canvasExport(t, filepath.Join(tmp, "submissions.zip"))
	gradescopeExport(t, filepath.Join(tmp, "gradescope"))
	nbgraderExport(t, filepath.Join(tmp, "nbgrader"))
	type want struct {
		id, name string
		at       time.Time // zero: the export records none (the file's time is the fallback)
		late     bool
	}
	for _, tt := range []struct {
		export, layout string
		want           func(s exportStudent) want
	}{
		{"moodle.zip", LayoutMoodle, func(s exportStudent) want { return want{id: fmt.Sprint(s.moodleID), name: s.first + " " + s.last} }},
		{"submissions.zip", LayoutCanvas, func(s exportStudent) want {
			return want{id: fmt.Sprint(s.canvasID), name: canvasSortable(s), late: s.at.After(deadline)}
		}},
		{"gradescope", LayoutGradescope, func(s exportStudent) want {
			id := s.sid
			if id == "" {
				id = s.email
			}
			return want{id: id, name: s.first + " " + s.last, at: s.at}
		}},
		{"nbgrader", LayoutNbgrader, func(s exportStudent) want { return want{id: s.nbgrader, at: s.at} }},
	} {
		t.Run(tt.layout, func(t *testing.T) {
			subs, layout, err := Export(filepath.Join(tmp, tt.export), "", t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if layout != tt.layout {
				t.Errorf("layout %s; want %s", layout, tt.layout)
			}
			if len(subs) != len(exportClass) {
				t.Fatalf("%d submissions; want one per student, %d: %+v", len(subs), len(exportClass), subs)
			}
			for _, s := range exportClass {
				w := tt.want(s)
				var got *Submission
				for i := range subs {
					if subs[i].Student == w.id {
						got = &subs[i]
					}
				}
				if got == nil {
					t.Errorf("no submission of %s (ID %s): %+v", s.first, w.id, subs)
					continue
				}
				if got.Name != w.name || got.Late != w.late || !got.SubmittedAt.Equal(w.at) || got.Refused != "" {
					t.Errorf("%s: name %q, late %v, at %v, refused %q; want %q, %v, %v, not refused", w.id, got.Name, got.Late, got.SubmittedAt, got.Refused, w.name, w.late, w.at)
				}
				data, err := os.ReadFile(got.Path)
				if err != nil {
					t.Fatal(err)
				}
				if string(data) != string(corpusFile(t, s.latest())) {
					t.Errorf("%s: the notebook collected is not the last one handed in (%s)", w.id, s.latest())
				}
			}
		})
	}
}

// An nbgrader timestamp.txt older than the notebook it dates (the
// student's side writes it) is pointed out for the teacher; a notebook
// older than its timestamp is not.
func TestTimestampContradicted(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ student, stamp string }{{"early", "2026-03-01 10:00:00.000000 UTC"}, {"later", "2099-01-01 10:00:00.000000 UTC"}} {
		sub := filepath.Join(dir, "inbound", c.student+"+ps1+"+c.stamp+"+r1")
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "01-recursion.ipynb"), corpusFile(t, "full.ipynb"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "timestamp.txt"), []byte(c.stamp), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, _, err := Export(dir, LayoutNbgrader, t.TempDir())
	if err != nil || len(subs) != 2 {
		t.Fatalf("export: %v, %d submissions; want 2", err, len(subs))
	}
	for _, s := range subs {
		if got := s.Note != ""; got != (s.Student == "early") {
			t.Errorf("%s: note %q", s.Student, s.Note)
		}
	}
}
