package batch

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/workbook"
)

// Live is the teacher's view of a class during a TP: it reads the
// notebooks the students save where they are (their homes on the hub, a
// shared folder, an export), runs their public cases only (Options.Public:
// no hidden case, no seed), in the sandbox, and tells per question who
// passes it. Nothing is graded: no points are computed or shown.
//
// Each Refresh looks at every student's notebook and grades again only the
// notebooks saved since the last look (another modification time or
// size) with other work in them (see workKey: a save after running cells
// changes only outputs); of those, a notebook whose bytes an earlier look
// graded takes that result from the result cache in Out (see Cache). Cost of a
// refresh: a stat per student, plus a build and a run of the public cases
// per notebook changed (about 4 s per notebook of TP 01 on a busy 2-core
// machine: see docs/grading.md for the measured costs).
type Live struct {
	Dir string // the homes (with Homes), or a folder or an export of the students' notebooks (see Export)
	// Homes, when not "", says that Dir holds one folder per student, their
	// home, and is where the TP's notebook is in a home: the student
	// edition's copy, "reines/notebooks" on the hub (see hub/README.md).
	Homes  string
	Layout string  // layout of Dir without Homes (see Export); "" detected
	TP     string  // "01"
	Jobs   int     // notebooks graded at once; 1 when 0
	Out    string  // the folder that keeps the result cache (Out/cache)
	Opt    Options // Work, Limits, Sandbox and SDK; TP, Public and Seed are set by Refresh

	version string
	last    map[string]looked // by student
	looks   int
}

// looked is what the last look saw of a student's notebook, and its result.
type looked struct {
	path  string
	mtime time.Time
	size  int64
	work  string // workKey of its bytes
	res   *gradebook.Result
}

// workKey hashes what a notebook's result depends on: its cells' types,
// workbook metadata and sources, and its own workbook metadata; not the
// outputs and execution counts that running a cell changes. The bytes'
// hash when it is no notebook.
func workKey(data []byte) string {
	h := sha256.New()
	nb, err := notebook.ParseHandedIn(data)
	if err != nil {
		h.Write([]byte("bytes\x00"))
		h.Write(data)
		return hex.EncodeToString(h.Sum(nil))
	}
	meta, _ := json.Marshal(nb.Metadata["reines"])
	fmt.Fprintf(h, "%d\x00%s\x00", len(meta), meta)
	for _, c := range nb.Cells {
		m, _ := json.Marshal(c.Metadata["reines"])
		fmt.Fprintf(h, "%s\x00%d\x00%s\x00%d\x00%s", c.CellType, len(m), m, len(c.Source), c.Source)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// LiveRow is one student as the last look saw them: their notebook's path
// and when it was saved (zero without notebook), and its result (nil
// without notebook).
type LiveRow struct {
	Student, Name string
	Path          string
	Saved         time.Time
	Result        *gradebook.Result
}

// RefreshStats says what one Refresh did: how many notebooks were saved
// since the last look (Changed), of which how many were built and run
// (Graded; the others had the same work as at the last look, or took an
// earlier result of the same bytes), and how long it took.
type RefreshStats struct {
	Students, Changed, Graded int
	Took                      time.Duration
}

// Refresh looks at the class (see Live) and returns one row per student,
// sorted by student, and what it did. It fails only when Dir cannot be
// read or the cache in Out cannot be opened; a notebook that cannot be
// graded says why in its row. It stops
// early, with ctx's error, when ctx is done.
func (l *Live) Refresh(ctx context.Context) ([]LiveRow, RefreshStats, error) {
	start := time.Now()
	opt := l.Opt
	opt.TP, opt.Public, opt.Seed = l.TP, true, 0 // no hidden case: nothing to draw them with
	if l.version == "" {
		v, err := Version(opt.SDK, opt)
		if err != nil {
			return nil, RefreshStats{}, err
		}
		l.version = v
	}
	l.looks++
	subs, err := l.collect(filepath.Join(opt.Work, fmt.Sprintf("export-%d", l.looks)))
	defer os.RemoveAll(filepath.Join(opt.Work, fmt.Sprintf("export-%d", l.looks)))
	if err != nil {
		return nil, RefreshStats{}, err
	}
	if l.last == nil {
		l.last = map[string]looked{}
	}
	cache, err := OpenCache(l.Out, l.version)
	if err != nil {
		return nil, RefreshStats{}, err
	}
	rows := make([]LiveRow, len(subs))
	now := make([]looked, len(subs))
	var todo []int
	changed := 0
	for i, s := range subs {
		rows[i] = LiveRow{Student: s.Student, Name: s.Name, Path: s.Path}
		if s.Path == "" {
			continue // no notebook yet
		}
		fi, err := os.Lstat(s.Path)
		if err == nil {
			now[i] = looked{path: s.Path, mtime: fi.ModTime(), size: fi.Size()}
			rows[i].Saved = fi.ModTime()
		}
		old, ok := l.last[s.Student]
		ok = ok && err == nil && s.Refused == "" && old.path == s.Path
		if ok && old.mtime.Equal(fi.ModTime()) && old.size == fi.Size() {
			now[i].res, now[i].work = old.res, old.work
			continue
		}
		changed++
		if data, err := s.Read(); err == nil && s.Refused == "" {
			now[i].work = workKey(data)
		}
		if ok && now[i].work != "" && now[i].work == old.work {
			now[i].res = old.res // saved after running cells: the same work
			continue
		}
		todo = append(todo, i)
	}
	before := cache.Reused() + cache.Duplicates()
	err = cache.GradeEach(ctx, subs, todo, l.Jobs, opt, func(i int, r gradebook.Result) { now[i].res = &r })
	if err != nil {
		return nil, RefreshStats{}, err
	}
	l.last = map[string]looked{}
	for i := range rows {
		rows[i].Result = now[i].res
		if now[i].res != nil && !now[i].res.Transient {
			l.last[rows[i].Student] = now[i]
		}
	}
	st := RefreshStats{Students: len(rows), Changed: changed, Took: time.Since(start)}
	st.Graded = len(todo) - (cache.Reused() + cache.Duplicates() - before)
	return rows, st, nil
}

// numbered is a notebook file name of the workbook's, "01-…".
var numbered = regexp.MustCompile(`^\d\d-`)

// collect returns one submission per student: the TP's notebook in each
// home (Homes), else, of the student's notebooks in Dir (see Export; work
// receives an archive's files), the last saved of those named after the
// TP ("01-…"), else of those named after no TP; a Submission without Path
// when the student has none. Sorted by student.
func (l *Live) collect(work string) ([]export.Submission, error) {
	if l.Homes != "" {
		return homeNotebooks(l.Dir, l.Homes, l.TP)
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	all, _, err := export.Export(l.Dir, l.Layout, work)
	if err != nil {
		return nil, err
	}
	best := map[string]export.Submission{}
	rank := func(s export.Submission) (int, time.Time) {
		base := filepath.Base(s.Path)
		r := 0
		switch {
		case !export.IsNotebook(base):
			return -1, time.Time{} // another file: not a notebook of the TP
		case s.Refused != "":
			r = 1 // shown only if the student has nothing better
		case strings.HasPrefix(base, l.TP+"-"):
			r = 3
		case !numbered.MatchString(base):
			r = 2
		}
		var t time.Time
		if fi, err := os.Lstat(s.Path); err == nil {
			t = fi.ModTime()
		}
		return r, t
	}
	var students []string
	for _, s := range all {
		if !slices.Contains(students, s.Student) {
			students = append(students, s.Student)
		}
		r, t := rank(s)
		if r < 0 {
			continue
		}
		b, ok := best[s.Student]
		if !ok {
			best[s.Student] = s
			continue
		}
		br, bt := rank(b)
		if r > br || r == br && t.After(bt) {
			best[s.Student] = s
		}
	}
	subs := make([]export.Submission, 0, len(students))
	for _, st := range students {
		s, ok := best[st]
		if !ok {
			s = export.Submission{Student: st}
		}
		if numbered.MatchString(filepath.Base(s.Path)) && !strings.HasPrefix(filepath.Base(s.Path), l.TP+"-") {
			s = export.Submission{Student: st, Name: s.Name} // only other TPs' notebooks
		}
		subs = append(subs, s)
	}
	slices.SortFunc(subs, func(a, b export.Submission) int { return cmp.Compare(a.Student, b.Student) })
	return subs, nil
}

// homeNotebooks returns, for each student's home in dir (its folders,
// hidden ones left out), their notebook of TP tp in the folder rel of the
// home, named as in the student edition ("01-recursion.ipynb"), the file
// system's lost+found left out too: a
// Submission without Path when there is none yet, refused when a folder
// on the way is a symbolic link (a student could point it at another's
// work).
func homeNotebooks(dir, rel, tp string) ([]export.Submission, error) {
	nb, ok := workbook.Lookup(tp)
	if !ok {
		return nil, fmt.Errorf("no TP %s in the workbook", tp)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var subs []export.Submission
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || export.Skipped(name) || name == "lost+found" || !e.IsDir() && e.Type()&os.ModeSymlink == 0 {
			continue
		}
		home := filepath.Join(dir, name)
		path := filepath.Join(home, rel, nb.Name+".ipynb")
		s := export.Submission{Student: name, Path: path, Home: home}
		if e.Type()&os.ModeSymlink != 0 {
			s.Refused = "lien symbolique refusé : le dossier de l'étudiant doit être le dossier lui-même"
			subs = append(subs, s)
			continue
		}
		// Every folder from the home to the notebook must be a folder,
		// not a link (readSubmission refuses a linked notebook); one that
		// becomes a link later cannot lead out of the home (see read).
		at := home
		for _, part := range strings.Split(filepath.Clean(rel), string(filepath.Separator)) {
			at = filepath.Join(at, part)
			fi, err := os.Lstat(at)
			switch {
			case err != nil:
				s.Path = "" // no notebook yet
			case fi.Mode()&os.ModeSymlink != 0:
				s.Refused = "lien symbolique refusé : " + part + " doit être un dossier, pas un lien"
			}
			if err != nil || s.Refused != "" {
				break
			}
		}
		if s.Path != "" && s.Refused == "" {
			if _, err := os.Lstat(path); err != nil {
				s.Path = ""
			}
		}
		subs = append(subs, s)
	}
	return subs, nil
}

// LiveView is what the class page shows (see LiveHTML).
type LiveView struct {
	TP, Title string
	At        time.Time     // the look
	Every     time.Duration // the page reloads itself this often
	Idle      time.Duration // a notebook not saved for this long is pointed out
	Questions []LiveQuestion
	Students  []LiveStudent
	Stats     RefreshStats
}

// LiveQuestion is one question of the view: how many students pass all its
// public cases, of how many with a notebook, and its most frequent failing
// case (nil if none fails).
type LiveQuestion struct {
	ID, Title string
	Short     string // "Q3", the column's heading
	Pass, Of  int
	Common    *CommonFailure
}

// CommonFailure is a public case that the most students fail, with what
// one of them got (the answer most of them give) and its board.
type CommonFailure struct {
	Input, Status, Want, Got, Note string
	Lines                          bool // Want and Got on their lines, each line end marked (boards)
	Students                       int  // who fail it
	Example                        string
	Board                          string // the board's SVG, "" without board
}

// LiveStudent is one student's row: one mark per question, when they last
// saved, and what stops their notebook from being checked.
type LiveStudent struct {
	ID, Name string
	Saved    time.Time // zero without notebook
	Ago      string    // « il y a 3 min », « pas de notebook »
	Idle     bool      // not saved for LiveView.Idle
	Marks    []LiveMark
	Problem  string
}

// LiveMark is a student's state on one question: Sym is ✔ (every public case
// passes), ✘ (one fails, or the answer relies on what costs the question),
// ⚠ (does not compile), · (not started: the edition's stub), – (no
// function, or no notebook), … (the machine was too busy); Class is its
// CSS class; Title says it in French.
type LiveMark struct {
	Sym, Class, Title string
}

// NewLiveView makes the view of the rows of one look at TP tp's class,
// taken at now.
func NewLiveView(tp string, rows []LiveRow, st RefreshStats, now time.Time, every, idle time.Duration) LiveView {
	v := LiveView{TP: tp, At: now, Every: every, Idle: idle, Stats: st}
	if nb, ok := workbook.Lookup(tp); ok {
		v.Title = nb.TP
	}
	var qs []*grading.Question
	for _, q := range grading.Questions(tp) {
		if !q.Prose() {
			qs = append(qs, q)
			_, short, _ := strings.Cut(q.ID, "/")
			v.Questions = append(v.Questions, LiveQuestion{ID: q.ID, Short: short, Title: grading.PlainText(q.Title)})
		}
	}
	type failure struct {
		c       grading.CaseResult
		student string
	}
	failures := make([]map[string][]failure, len(qs)) // by question, by case input
	var order [][]string                              // the failing inputs of each question, in the order first met
	for range qs {
		order = append(order, nil)
	}
	for k := range failures {
		failures[k] = map[string][]failure{}
	}
	for _, r := range rows {
		s := LiveStudent{ID: r.Student, Name: r.Name, Saved: r.Saved}
		switch {
		case r.Result == nil || r.Path == "":
			s.Ago = "pas de notebook"
		default:
			d := max(now.Sub(r.Saved), 0)
			s.Ago = "il y a " + ago(d)
			s.Idle = idle > 0 && d >= idle
		}
		if r.Result != nil {
			s.Problem = grading.Typography(strings.Join(r.Result.Problems, " ; "))
		}
		for k, q := range qs {
			var g *gradebook.Question
			if r.Result != nil {
				if i := slices.IndexFunc(r.Result.Questions, func(g gradebook.Question) bool { return g.ID == q.ID }); i >= 0 {
					g = &r.Result.Questions[i]
				}
			}
			m := markOf(g)
			if r.Result != nil && len(r.Result.Problems) > 0 && m.Sym == "–" {
				m.Title = "notebook non vérifié : voir le problème"
			}
			m.Title = grading.Typography(m.Title)
			s.Marks = append(s.Marks, m)
			if r.Result == nil || r.Path == "" {
				continue
			}
			v.Questions[k].Of++
			if m.Sym == "✔" {
				v.Questions[k].Pass++
			}
			if g == nil || feedback.NotImplemented(*g) {
				continue
			}
			for _, c := range g.Public {
				if c.Status == grading.Passed || c.Status == grading.NotImplemented || c.Status == grading.Unjudged {
					continue
				}
				if _, ok := failures[k][c.Input]; !ok {
					order[k] = append(order[k], c.Input)
				}
				failures[k][c.Input] = append(failures[k][c.Input], failure{c, cmp.Or(r.Name, r.Student)})
			}
		}
		v.Students = append(v.Students, s)
	}
	for k := range qs {
		best := ""
		for _, in := range order[k] {
			if len(failures[k][in]) > len(failures[k][best]) {
				best = in
			}
		}
		if best == "" {
			continue
		}
		fs := failures[k][best]
		// The answer most of them give, and the first student giving it.
		answer := func(f failure) string { return f.c.Status.String() + "\x00" + f.c.Got }
		count := map[string]int{}
		for _, f := range fs {
			count[answer(f)]++
		}
		ex := fs[0]
		for _, f := range fs {
			if count[answer(f)] > count[answer(ex)] {
				ex = f
			}
		}
		cf := &CommonFailure{Input: ex.c.Input, Status: ex.c.Status.String(), Note: grading.OneLine(ex.c.Note), Students: len(fs), Example: ex.student}
		if ex.c.Status == grading.Failed {
			cf.Want, cf.Got = grading.OneLine(ex.c.Want), grading.OneLine(ex.c.Got)
			if feedback.Multiline(ex.c.Want) || feedback.Multiline(ex.c.Got) {
				cf.Want, cf.Got, cf.Lines = feedback.ShownLines(ex.c.Want), feedback.ShownLines(ex.c.Got), true
			}
		}
		if ex.c.Board != nil {
			cf.Board = ex.c.Board.SVG(true)
		}
		v.Questions[k].Common = cf
	}
	return v
}

// markOf is the mark of a question's result (nil: the notebook has no such
// question, or there is no notebook).
func markOf(g *gradebook.Question) LiveMark {
	switch {
	case g == nil:
		return LiveMark{"–", "none", "pas de notebook"}
	case g.Compile != "":
		return LiveMark{"⚠", "ko", "ne compile pas"}
	case g.Unjudged > 0:
		return LiveMark{"…", "busy", "machine trop chargée : vérifiée de nouveau à la prochaine actualisation"}
	case feedback.NotImplemented(*g):
		return LiveMark{"·", "todo", "pas encore commencée"}
	case g.Total == 0:
		return LiveMark{"–", "none", cmp.Or(g.Note, "fonction absente")}
	}
	for _, f := range g.Flags {
		if strings.HasSuffix(f, costsFlag) {
			return LiveMark{"✘", "ko", strings.TrimSuffix(f, costsFlag)}
		}
	}
	if g.Passed == g.Total {
		return LiveMark{"✔", "ok", fmt.Sprintf("les %d cas publics réussis", g.Total)}
	}
	return LiveMark{"✘", "ko", fmt.Sprintf("%d %s sur %d", g.Passed, grading.Agree(g.Passed, "cas public réussi", "cas publics réussis"), g.Total)}
}

// ago is a duration in French, to the minute: « 45 s », « 12 min », « 2 h 05 ».
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h %02d", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%d jours", int(d.Hours()/24))
}

var liveHTML = template.Must(template.New("live").Funcs(template.FuncMap{
	"fr": grading.Typography,
	"percent": func(k, n int) int {
		if n == 0 {
			return 0
		}
		return 100 * k / n
	},
	"students": func(n int) string { return grading.Plural(n, "élève") },
}).Parse(`<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8">
{{if .Seconds}}<meta http-equiv="refresh" content="{{.Seconds}}">{{end}}
<title>{{.V.Title}} — la classe en direct</title>
<style>
body{font-family:sans-serif;margin:1em 2em;color:#222}
h1{margin-bottom:.2em}
.sub{color:#555;margin-top:0}
table{border-collapse:collapse;margin:.5em 0 1.5em}
th,td{border:1px solid #ddd;padding:.25em .55em;text-align:center;vertical-align:top}
th{background:#f4f4f4}
td.left,th.left{text-align:left}
td.mark{font-size:1.2em;min-width:1.6em}
.ok{color:#2ca02c}.ko{color:#d62728}.todo{color:#777;font-weight:bold}.none{color:#bbb}.busy{color:#ff7f0e}
tr.idle td.saved,span.idle{background:#fff3cd;font-weight:bold}
.bar{display:inline-block;width:8em;height:.7em;background:#eee;vertical-align:middle;margin-left:.4em}
.bar span{display:block;height:100%;background:#2ca02c}
.cases{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.case{border:1px solid #ddd;padding:.5em .8em;max-width:32em}
.case h3{margin:.2em 0 .4em;font-size:1em}
pre{background:#f6f6f6;padding:.3em .5em;white-space:pre-wrap;word-break:break-all;margin:.2em 0}
code{background:#f6f6f6;word-break:break-all}
.problem{font-size:.85em;color:#d62728;text-align:left;max-width:28em;overflow-wrap:anywhere}
.name{overflow-wrap:anywhere;max-width:16em}
</style></head><body>
<h1>{{.V.Title}} — la classe en direct</h1>
<p class="sub">{{fr "Cas publics seulement (ceux des cellules de vérification) : rien n'est noté."}} Vue à {{.At}}{{if .Seconds}}, actualisée toutes les {{.Every}}{{end}}&nbsp;; {{.Stats}}.</p>
<h2>Par question</h2>
<table>
<tr><th class="left">Question</th><th>Réussie par</th><th class="left">Cas le plus souvent échoué</th></tr>
{{range .V.Questions}}<tr><td class="left"><strong>{{.ID}}</strong> — {{fr .Title}}</td>
<td>{{.Pass}} / {{.Of}}<span class="bar"><span style="width:{{percent .Pass .Of}}%"></span></span></td>
<td class="left">{{with .Common}}<code>{{fr .Input}}</code>{{fr " : "}}{{fr .Status}} chez {{students .Students}}{{else}}<span class="none">aucun</span>{{end}}</td></tr>
{{end}}</table>
{{if .Failures}}<h2>Les cas les plus souvent échoués</h2>
<div class="cases">
{{range .Failures}}<div class="case"><h3>{{.ID}} — <code>{{fr .C.Input}}</code></h3>
<p>{{fr .C.Status}} chez {{students .C.Students}}&nbsp;; par exemple {{.C.Example}}{{fr " :"}}</p>
{{if .C.Want}}{{if .C.Lines}}<p>attendu (↵ marque chaque fin de ligne){{fr " :"}}</p><pre>{{.C.Want}}</pre><p>obtenu{{fr " :"}}</p><pre>{{.C.Got}}</pre>{{else}}<p>attendu <code>{{.C.Want}}</code>, obtenu <code>{{.C.Got}}</code></p>{{end}}{{end}}
{{with .C.Note}}<p>{{fr .}}</p>{{end}}
{{with .Board}}{{.}}{{end}}
</div>
{{end}}</div>{{end}}
<h2>Par élève</h2>
<table>
<tr><th class="left">Élève</th><th>Dernier enregistrement</th>{{range .V.Questions}}<th title="{{fr .Title}}">{{.Short}}</th>{{end}}<th class="left">Problème</th></tr>
{{range .V.Students}}<tr{{if .Idle}} class="idle"{{end}}><td class="left name">{{if .Name}}{{.Name}} ({{.ID}}){{else}}{{.ID}}{{end}}</td><td class="saved">{{.Ago}}</td>
{{range .Marks}}<td class="mark {{.Class}}" title="{{.Title}}">{{.Sym}}</td>{{end}}<td class="problem">{{.Problem}}</td></tr>
{{end}}</table>
<p class="sub legend"><span class="ok">✔</span> tous les cas publics réussis&emsp;<span class="ko">✘</span> un cas échoué&emsp;<span class="ko">⚠</span> ne compile pas&emsp;<span class="todo">·</span> pas encore commencée&emsp;<span class="none">–</span> pas de fonction ou pas de notebook&emsp;<span class="busy">…</span> machine trop chargée{{if .V.Idle}}&emsp;<span class="idle">en jaune</span>{{fr " :"}} pas d'enregistrement depuis {{.Idle}}{{end}}</p>
</body></html>
`))

// LiveHTML returns the class page of v: per question, how many pass it
// and its most frequent failing case, with its board; per student, a mark
// per question and when they last saved (those idle for v.Idle pointed
// out). It reloads itself every v.Every (never when 0). Every string a
// student's notebook or folder provides is escaped (html/template); the
// boards are the grader's drawings, as in the feedback (see feedback.HTML).
func LiveHTML(v LiveView) string {
	type failure struct {
		ID    string
		C     CommonFailure
		Board template.HTML
	}
	data := struct {
		V           LiveView
		Seconds     int
		At, Every   string
		Idle, Stats string
		Failures    []failure
	}{V: v, Seconds: int(v.Every.Seconds()), At: v.At.Format("15:04:05"), Every: grading.Typography(ago(v.Every)), Idle: ago(v.Idle)}
	data.Stats = fmt.Sprintf("%s sur %d %s de nouveau en %s s", grading.Plural(v.Stats.Changed, "notebook"), v.Stats.Students, grading.Agree(v.Stats.Changed, "lu", "lus"),
		strings.Replace(fmt.Sprintf("%.1f", v.Stats.Took.Seconds()), ".", ",", 1))
	for _, q := range v.Questions {
		if c := q.Common; c != nil {
			f := failure{ID: q.ID, C: *c}
			f.Board = template.HTML(c.Board) // the grader's SVG
			data.Failures = append(data.Failures, f)
		}
	}
	var b strings.Builder
	if err := liveHTML.Execute(&b, data); err != nil {
		return "<p>" + template.HTMLEscapeString(err.Error()) + "</p>"
	}
	return b.String()
}
