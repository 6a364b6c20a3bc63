package batch

import (
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
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
}

// QuestionStats sums up one question: the mean share of its points, the
// share of students with all of them and with none.
type QuestionStats struct {
	ID, Title  string
	Max        int
	Mean       float64 // points
	Full, Zero float64 // shares of the students, 0 to 1
	Manual     bool
}

// Stats computes the statistics of each TP of the results, in TP order.
func Stats(results []Result) []TPStats {
	var out []TPStats
	byTP := map[string][]Result{}
	for _, st := range students(results) {
		for _, r := range st.counted {
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
		s := TPStats{TP: tp, Students: len(rs), Max: tpMax(tp)}
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
					if g.ID == q.ID {
						points = append(points, g.Points)
						if g.Points >= float64(g.Max) && g.Max > 0 {
							qs.Full++
						}
						if g.Points == 0 {
							qs.Zero++
						}
					}
				}
			}
			if len(points) > 0 {
				qs.Mean = mean(points)
				qs.Full /= float64(len(points))
				qs.Zero /= float64(len(points))
			}
			s.Questions = append(s.Questions, qs)
		}
		out = append(out, s)
	}
	return out
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
// (mean, median, range) and their distribution, and per question its mean
// and the shares of full marks and of zeros, as tables and charts (ECharts,
// inlined with lib, with their static SVG where scripts do not run). In
// French, for the teacher.
func ReportHTML(stats []TPStats, lib string) string {
	type row struct{ ID, Title, Mean, Full, Zero string }
	type section struct {
		TP, Students, Max, Mean, Median, Range string
		Rows                                   []row
		Totals, Questions                      template.HTML
	}
	var sections []section
	for _, s := range stats {
		sec := section{TP: s.TP, Students: grading.Plurals(s.Students, "étudiant", "étudiants"), Max: pts(s.Max),
			Mean: dec(s.Mean), Median: dec(s.Median), Range: pts(s.Least) + " à " + pts(s.Most)}
		// The distribution: how many students got each whole number of points.
		counts := map[float64]float64{}
		for _, t := range s.Totals {
			counts[math.Floor(t)]++
		}
		var xs, ys []float64
		for p := 0.0; p <= math.Floor(s.Max); p++ {
			xs, ys = append(xs, p), append(ys, counts[p])
		}
		sec.Totals = template.HTML(chart.Plot{Title: "TP " + s.TP + " : répartition des totaux", XLabel: "points (arrondis à l'unité inférieure)", YLabel: "étudiants",
			Series: []chart.Series{{Name: "étudiants", X: xs, Y: ys}}}.HTML())
		var qx, qmean, qfull []float64
		for k, q := range s.Questions {
			sec.Rows = append(sec.Rows, row{strings.TrimPrefix(q.ID, s.TP+"/"), q.Title, dec(q.Mean) + " / " + pts(float64(q.Max)),
				percent(q.Full), percent(q.Zero)})
			if q.Max > 0 {
				qx, qmean, qfull = append(qx, float64(k+1)), append(qmean, 100*q.Mean/float64(q.Max)), append(qfull, 100*q.Full)
			}
		}
		sec.Questions = template.HTML(chart.Plot{Title: "TP " + s.TP + " : réussite par question", XLabel: "question (rang)", YLabel: "%",
			Series: []chart.Series{{Name: "moyenne (% des points)", X: qx, Y: qmean}, {Name: "toute la note (% des étudiants)", X: qx, Y: qfull}}}.HTML())
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
<table><tr><th>Question</th><th>Titre</th><th>Moyenne</th><th>Toute la note</th><th>Zéro</th></tr>
{{range .Rows}}<tr><td>{{.ID}}</td><td>{{fr .Title}}</td><td>{{.Mean}}</td><td>{{fr .Full}}</td><td>{{fr .Zero}}</td></tr>
{{end}}</table>
<div class="charts">{{.Totals}}{{.Questions}}</div></section>
{{end}}</body></html>
`))
