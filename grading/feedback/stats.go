package feedback

import (
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/chart"
)

// TPStats sums up one TP over the students who handed it in (the notebook
// that counts for each).
type TPStats struct {
	TP                        string
	Students                  int
	Max                       float64
	Mean, Median, Least, Most float64
	Questions                 []QuestionStats
	Totals                    []float64 // each student's total, sorted
	// Students whose notebook had, on at least one question: a compile
	// error, a case stopped at the time limit, a flag for the teacher; and
	// whose notebook could not be wholly graded (Problems).
	CompileErrors, TimeOuts, Flagged, Problems int
	// Pending is the number of students with written answers not marked
	// yet (see pending): their totals, and the figures above, count them 0.
	Pending int
	Failed  []FailedCase // the cases failed most often, most first (at most maxFailed)
}

// QuestionStats sums up one question: the mean and median of its points,
// the share of students with all of them and with none.
type QuestionStats struct {
	ID, Title    string
	Max          int
	Mean, Median float64 // points
	Full, Zero   float64 // shares of the students, 0 to 1
	Manual       bool
	Counted      int // students whose points count (for a written answer: marked, or not written)
	Unwritten    int // of them, written answers not written (0 points without the teacher)
}

// label is the question's title in the report's table; a written answer
// not yet marked for every student says for how many its figures stand,
// « … — 1 réponse notée et 2 non rédigées sur 25 » (the others await the
// teacher's points).
func (q QuestionStats) label(students int) string {
	if !q.Manual || q.Counted == students {
		return q.Title
	}
	counted := grading.Plurals(q.Counted-q.Unwritten, "réponse notée", "réponses notées")
	if q.Unwritten > 0 {
		counted += " et " + grading.Plurals(q.Unwritten, "non rédigée", "non rédigées")
	}
	return fmt.Sprintf("%s — %s sur %d", q.Title, counted, students)
}

// figures are the question's mean (« 1,5 / 2 »), median and shares with
// all the points and with none, as the report shows them; « — » for a
// written answer the teacher has marked for no one yet (its figures would
// count only the answers not written, 0 each).
func (q QuestionStats) figures(students int) (mean, median, full, zero string) {
	if q.Manual && q.Counted < students && q.Counted == q.Unwritten {
		return "—", "—", "—", "—"
	}
	return dec(q.Mean) + " / " + ptsFr(float64(q.Max)), dec(q.Median), percent(q.Full), percent(q.Zero)
}

// FailedCase is a case of a question and how many students failed it
// (a wrong answer, a panic or the time limit; not a stub left as it was),
// with the board of one of them.
type FailedCase struct {
	Question, Input string
	Hidden          bool // a hidden case (the report is the teacher's: it shows them)
	Students        int
	Board           *board.Board
}

// maxFailed is the number of cases the report lists per TP.
const maxFailed = 10

// Stats computes the statistics of each TP of the results, in TP order.
// Cost: linear in the size of the results.
func Stats(results []gradebook.Result) []TPStats {
	var out []TPStats
	byTP := map[string][]gradebook.Result{}
	for _, st := range gradebook.Rows(results) {
		for _, r := range st.Counted {
			if r.TP != "" && r.File != "" {
				byTP[r.TP] = append(byTP[r.TP], r)
			}
		}
	}
	tps := make([]string, 0, len(byTP))
	for tp := range byTP {
		tps = append(tps, tp)
	}
	slices.Sort(tps)
	for _, tp := range tps {
		rs := byTP[tp]
		s := TPStats{TP: tp, Students: len(rs), Max: gradebook.TPMax(tp)}
		for _, r := range rs {
			s.Totals = append(s.Totals, r.Points)
		}
		slices.Sort(s.Totals)
		s.Least, s.Most = s.Totals[0], s.Totals[len(s.Totals)-1]
		s.Mean, s.Median = mean(s.Totals), median(s.Totals)
		for _, q := range grading.Questions(tp) {
			qs := QuestionStats{ID: q.ID, Title: grading.PlainText(q.Title), Max: q.Points, Manual: q.Prose()}
			var points []float64
			for _, r := range rs {
				for _, g := range r.Questions {
					if g.ID == q.ID && (!g.Manual || g.Marked || g.Unwritten) { // not a written answer awaiting its mark
						points = append(points, g.Points)
						if g.Manual && !g.Marked && g.Unwritten {
							qs.Unwritten++
						}
						if g.Points >= float64(g.Max) && g.Max > 0 {
							qs.Full++
						}
						if g.Points == 0 {
							qs.Zero++
						}
					}
				}
			}
			qs.Counted = len(points)
			if len(points) > 0 {
				slices.Sort(points)
				qs.Mean, qs.Median = mean(points), median(points)
				qs.Full /= float64(len(points))
				qs.Zero /= float64(len(points))
			}
			s.Questions = append(s.Questions, qs)
		}
		s.CompileErrors, s.TimeOuts, s.Flagged, s.Problems, s.Failed = outcomes(rs)
		for _, r := range rs {
			if pending(r) > 0 {
				s.Pending++
			}
		}
		out = append(out, s)
	}
	return out
}

// outcomes counts the students of rs (one TP) with a compile error, a
// time-out, a flag and a problem, and lists the cases failed most often.
func outcomes(rs []gradebook.Result) (compile, timeouts, flagged, problems int, failed []FailedCase) {
	type key struct {
		q, input string
		hidden   bool
	}
	byCase := map[key]*FailedCase{}
	var order []key
	for _, r := range rs {
		var c, to, fl bool
		seen := map[key]bool{} // a student counts once per case
		for _, q := range r.Questions {
			c = c || q.Compile != ""
			fl = fl || len(q.Flags) > 0
			for _, hidden := range []bool{false, true} {
				cases := q.Public
				if hidden {
					cases = q.HiddenKO
				}
				for _, cr := range cases {
					to = to || cr.Status == grading.TimedOut
					if cr.Status != grading.Failed && cr.Status != grading.Panicked && cr.Status != grading.Crashed && cr.Status != grading.TimedOut {
						continue
					}
					k := key{q.ID, cr.Input, hidden}
					if seen[k] {
						continue
					}
					seen[k] = true
					f := byCase[k]
					if f == nil {
						f = &FailedCase{Question: q.ID, Input: cr.Input, Hidden: hidden}
						byCase[k] = f
						order = append(order, k)
					}
					f.Students++
					if f.Board == nil {
						f.Board = cr.Board
					}
				}
			}
		}
		compile, timeouts, flagged = compile+b2i(c), timeouts+b2i(to), flagged+b2i(fl)
		problems += b2i(len(r.Problems) > 0)
	}
	for _, k := range order {
		failed = append(failed, *byCase[k])
	}
	// Most failed first; ties in question order, then first met.
	slices.SortStableFunc(failed, func(a, b FailedCase) int {
		if a.Students != b.Students {
			return b.Students - a.Students
		}
		return questionOrder(a.Question, b.Question)
	})
	return compile, timeouts, flagged, problems, failed[:min(len(failed), maxFailed)]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

// median of sorted xs.
func median(xs []float64) float64 {
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// ReportHTML is the class's statistics, one section per TP: the totals
// (mean, median, range) and their distribution (a histogram), per question
// its mean, median and the shares of full marks and of zeros (a table and
// a bar chart), how many notebooks met a compile error, the time limit, a
// flag or a problem, and the cases failed most often with the board of one
// of them (ECharts, inlined with lib, each chart with its static SVG where
// scripts do not run). In French, for the teacher.
func ReportHTML(stats []TPStats, lib string) string {
	type row struct{ ID, Title, Mean, Median, Full, Zero string }
	type failed struct {
		Question, Input, Students string
		Hidden                    bool
		Board                     template.HTML
	}
	type section struct {
		TP, Students, Max, Mean, Median, Range string
		Outcomes                               []string
		Rows                                   []row
		Failed                                 []failed
		Totals, Questions                      template.HTML
	}
	var sections []section
	for _, s := range stats {
		sec := section{TP: s.TP, Students: grading.Plurals(s.Students, "étudiant", "étudiants"), Max: ptsFr(s.Max),
			Mean: dec(s.Mean), Median: dec(s.Median), Range: ptsFr(s.Least) + " à " + ptsFr(s.Most), Outcomes: outcomeLines(s)}
		cats, counts := histogram(s)
		sec.Totals = template.HTML(chart.Bars{Title: "TP " + s.TP + "\u00a0: répartition des totaux", XLabel: "points (arrondis à l'unité inférieure)", YLabel: "étudiants", Counts: true,
			Categories: cats, Series: []chart.BarSeries{{Name: "étudiants", Values: counts}}}.HTML())
		var qcats []string
		var qmean, qmedian, qfull []float64
		for _, q := range s.Questions {
			id := strings.TrimPrefix(q.ID, s.TP+"/")
			mean, median, full, zero := q.figures(s.Students)
			sec.Rows = append(sec.Rows, row{id, q.label(s.Students), mean, median, full, zero})
			if q.Max > 0 {
				qcats = append(qcats, id)
				qmean, qmedian, qfull = append(qmean, 100*q.Mean/float64(q.Max)), append(qmedian, 100*q.Median/float64(q.Max)), append(qfull, 100*q.Full)
			}
		}
		sec.Questions = template.HTML(chart.Bars{Title: "TP " + s.TP + "\u00a0: réussite par question", XLabel: "question", YLabel: "%", Categories: qcats,
			Series: []chart.BarSeries{{Name: "moyenne (% des points)", Values: qmean}, {Name: "médiane (% des points)", Values: qmedian}, {Name: "tous les points (% des étudiants)", Values: qfull}}}.HTML())
		for _, f := range s.Failed {
			ff := failed{Question: strings.TrimPrefix(f.Question, s.TP+"/"), Input: f.Input, Hidden: f.Hidden, Students: strconv.Itoa(f.Students)}
			if f.Board != nil {
				ff.Board = template.HTML(f.Board.HTML())
			}
			sec.Failed = append(sec.Failed, ff)
		}
		sections = append(sections, sec)
	}
	var b strings.Builder
	err := reportPage.Execute(&b, struct {
		Sections []section
		Lib      template.HTML
	}{sections, template.HTML(lib)})
	if err != nil {
		return "<p>" + template.HTMLEscapeString(err.Error()) + "</p>"
	}
	return b.String()
}

// histogram is the distribution of the totals of s: how many students got
// each whole number of points, from 0 to the maximum.
func histogram(s TPStats) (cats []string, counts []float64) {
	byPoint := map[float64]float64{}
	for _, t := range s.Totals {
		byPoint[math.Floor(t)]++
	}
	for p := 0.0; p <= math.Floor(s.Max); p++ {
		cats, counts = append(cats, ptsFr(p)), append(counts, byPoint[p])
	}
	return cats, counts
}

// outcomeLines says, in French, how many notebooks met each kind of
// trouble; nothing for those none met.
func outcomeLines(s TPStats) []string {
	var out []string
	for _, o := range []struct {
		n          int
		one, other string
	}{
		{s.CompileErrors, "notebook avec une erreur de compilation", "notebooks avec une erreur de compilation"},
		{s.TimeOuts, "notebook arrêté au délai sur au moins un cas", "notebooks arrêtés au délai sur au moins un cas"},
		{s.Flagged, "notebook signalé à l'enseignant (grades.csv, colonne flags)", "notebooks signalés à l'enseignant (grades.csv, colonne flags)"},
		{s.Problems, "notebook pas entièrement corrigé (grades.csv, colonne problems)", "notebooks pas entièrement corrigés (grades.csv, colonne problems)"},
		{s.Pending, "notebook dont des réponses rédigées ne sont pas encore notées (manual.csv) : elles comptent 0 dans ces chiffres et dans les exports",
			"notebooks dont des réponses rédigées ne sont pas encore notées (manual.csv) : elles comptent 0 dans ces chiffres et dans les exports"},
	} {
		if o.n > 0 {
			out = append(out, grading.Typography(grading.Plurals(o.n, o.one, o.other)))
		}
	}
	return out
}

// ReportMarkdown is ReportHTML's figures as Markdown, for a terminal or a
// mail: per TP the totals, the table of the questions, the troubles met and
// the cases failed most often (without their boards).
func ReportMarkdown(stats []TPStats) string {
	var b strings.Builder
	b.WriteString("# Statistiques de la classe\n\n")
	if len(stats) == 0 {
		b.WriteString("Aucun notebook corrigé.\n")
	}
	for _, s := range stats {
		fmt.Fprintf(&b, "## TP %s\n\n%s, sur %s points : moyenne %s, médiane %s, de %s à %s.\n\n",
			s.TP, grading.Plurals(s.Students, "étudiant", "étudiants"), ptsFr(s.Max), dec(s.Mean), dec(s.Median), ptsFr(s.Least), ptsFr(s.Most))
		cats, counts := histogram(s)
		b.WriteString("| points | étudiants |\n|---:|---:|\n")
		for i, c := range cats {
			if counts[i] > 0 { // the totals reached; the HTML report's chart has every bar
				fmt.Fprintf(&b, "| %s | %g |\n", c, counts[i])
			}
		}
		b.WriteString("\n| question | titre | moyenne | médiane | tous les points | zéro |\n|---|---|---:|---:|---:|---:|\n")
		for _, q := range s.Questions {
			mean, median, full, zero := q.figures(s.Students)
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", strings.TrimPrefix(q.ID, s.TP+"/"), mdCell(q.label(s.Students)), mean, median, full, zero)
		}
		if lines := outcomeLines(s); len(lines) > 0 {
			b.WriteString("\n")
			for _, l := range lines {
				fmt.Fprintf(&b, "- %s\n", l)
			}
		}
		if len(s.Failed) > 0 {
			b.WriteString("\nLes cas les plus souvent échoués :\n\n| question | cas | étudiants |\n|---|---|---:|\n")
			for _, f := range s.Failed {
				input := f.Input
				if f.Hidden {
					input += " (caché)"
				}
				fmt.Fprintf(&b, "| %s | %s | %d |\n", strings.TrimPrefix(f.Question, s.TP+"/"), mdCell(input), f.Students)
			}
		}
		b.WriteString("\n")
	}
	return grading.Typography(b.String())
}

// mdCell makes s safe in a Markdown table cell: one line, pipes escaped.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ").Replace(s)
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func percent(share float64) string { return dec(math.Round(share*100)) + " %" }

// dec writes x to 0.01, with a decimal comma.
func dec(x float64) string { return fmt.Sprint(grading.Dec(round2(x))) }

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{"fr": grading.Typography}).Parse(`<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><title>Statistiques de la classe</title>
<style>body{font-family:sans-serif;max-width:70em;margin:1em auto;padding:0 1em}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}.charts{display:flex;flex-wrap:wrap;gap:1em}</style>
{{.Lib}}</head><body>
<h1>Statistiques de la classe</h1>
{{if not .Sections}}<p>Aucun notebook corrigé.</p>{{end}}
{{range .Sections}}<section><h2>TP {{.TP}}</h2>
<p>{{fr .Students}}, sur {{.Max}} points{{fr " : "}}moyenne {{.Mean}}, médiane {{.Median}}, de {{.Range}}.</p>
{{with .Outcomes}}<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
<table><tr><th>Question</th><th>Titre</th><th>Moyenne</th><th>Médiane</th><th>Tous les points</th><th>Zéro</th></tr>
{{range .Rows}}<tr><td>{{.ID}}</td><td>{{fr .Title}}</td><td>{{.Mean}}</td><td>{{.Median}}</td><td>{{fr .Full}}</td><td>{{fr .Zero}}</td></tr>
{{end}}</table>
<div class="charts">{{.Totals}}{{.Questions}}</div>
{{with .Failed}}<h3>Les cas les plus souvent échoués</h3>
<table><tr><th>Question</th><th>Cas</th><th>Étudiants</th><th>Un plateau obtenu</th></tr>
{{range .}}<tr><td>{{.Question}}</td><td>{{fr .Input}}{{if .Hidden}} (caché){{end}}</td><td>{{.Students}}</td><td>{{.Board}}</td></tr>
{{end}}</table>{{end}}</section>
{{end}}</body></html>
`))
