package feedback

// Similar answers, for the teacher to look at. The comparison follows the
// document fingerprinting of MOSS: S. Schleimer, D. S. Wilkerson and
// A. Aiken, « Winnowing: local algorithms for document fingerprinting »,
// SIGMOD 2003 (https://doi.org/10.1145/872757.872770), on a token stream
// whose names and literals are abstracted, in the manner of JPlag
// (L. Prechelt, G. Malpohl, M. Philippsen, « Finding plagiarisms among a
// set of programs with JPlag », J. UCS 8(11), 2002). The code is this
// package's own.

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"html/template"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
)

// AnswerCells returns the code of the notebook's answer cells, by
// question ID (the last cell of a question counts, as in grading).
func AnswerCells(nb *notebook.Notebook) map[string]string {
	out := map[string]string{}
	for _, c := range nb.Cells {
		if m := c.Reines(); m.Role == "answer" && m.Question != "" && c.CellType == "code" {
			out[m.Question] = string(c.Source)
		}
	}
	return out
}

// ReadGiven reads the answer cells of the teacher's tree at root:
// notebooks/corrections/*.ipynb and notebooks/*.ipynb.
func ReadGiven(root string) (gradebook.Given, error) {
	g := gradebook.Given{Reference: map[string]string{}, Stub: map[string]string{}}
	for dir, into := range map[string]map[string]string{
		filepath.Join(root, "notebooks", "corrections"): g.Reference,
		filepath.Join(root, "notebooks"):                g.Stub,
	} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.ipynb"))
		for _, path := range paths {
			nb, err := notebook.Read(path)
			if err != nil {
				return gradebook.Given{}, err
			}
			maps.Copy(into, AnswerCells(nb))
		}
	}
	return g, nil
}

// Parameters of the comparison. A k-gram is a run of kgram normalised
// tokens; winnowing keeps the least hash of every window of window
// consecutive k-grams, so that two answers sharing a run of at least
// kgram+window-1 = 11 tokens (about two lines) are sure to share a
// fingerprint, and a run shorter than kgram tokens (one statement) counts
// for nothing. Two answers are similar when at least similarShare of the
// fingerprints of the smaller one are the other's, or more for a short
// one (see bar): a function of a few lines can be written in few ways,
// and two students who wrote it each on their own share much of it (two
// IsSafe of 7 lines, of 18 and 22 fingerprints, share 83 % of them). An
// answer of fewer
// than minFingerprints fingerprints (a few lines, once the stub's are
// left out) is too short to tell anything; an answer that, with the
// answers similar to it, makes at least half the students who answered
// the question, and at least commonStudents, is what everyone writes:
// neither is a suspect. These values keep apart, among the correction's
// own answers, the functions written from one another (HideOption and
// UnhideOption, CoverByQueens and its exhaustive version: 0.81 to 0.92)
// and those merely alike or each other's inverse (CoverItem and
// UncoverItem: 0.75 at most).
const (
	kgram           = 8
	window          = 4
	similarShare    = 0.8
	minFingerprints = 12
	longPrints      = 30
	commonStudents  = 3
)

// bar is the share of fingerprints two answers must have in common to be
// similar when the smaller one has prints fingerprints: all of them at
// minFingerprints, then less and less, down to similarShare from
// longPrints on (HideOption and UnhideOption, 27 and 29 fingerprints,
// written from one another, share 85 % of them, above their bar of 83 %).
func bar(prints int) float64 {
	short := float64(longPrints-min(max(prints, minFingerprints), longPrints)) / float64(longPrints-minFingerprints)
	return similarShare + (1-similarShare)*short
}

// Kinds of Similar.
const (
	KindCopy      = "copy"      // two students' answers are alike
	KindReference = "reference" // a student's answer is like the correction's
	KindCommon    = "common"    // answers too short or too common to tell anything
)

// ReferenceName is the name of the correction in a pair of kind
// KindReference.
const ReferenceName = "(corrigé)"

// Similar is a pair of similar answers to one question, or (KindCommon)
// the answers to a question that were not compared: too short, or like
// those of most of the class.
type Similar struct {
	Question string
	Kind     string  // KindCopy, KindReference or KindCommon
	A, B     string  // the students, A < B; B is ReferenceName for KindReference; none for KindCommon
	Share    float64 // the share of the smaller answer's fingerprints the other has, 0 to 1; none for KindCommon
	Students int     // KindCommon: how many students' answers are short or common

	codeA, codeB string // the answers, for the report
	stub         string // the question's stub
}

// Note is the French line of a KindCommon, "" for the others.
func (p Similar) Note() string {
	if p.Kind != KindCommon {
		return ""
	}
	return "réponse trop courte ou trop commune pour être comparée, chez " + grading.Plurals(p.Students, "étudiant", "étudiants")
}

// universe numbers the predeclared identifiers (int, len, append, nil…),
// which a student cannot rename and which are kept as they are.
var universe = func() map[string]uint32 {
	m := map[string]uint32{}
	for i, name := range types.Universe.Names() {
		m[name] = 1000 + uint32(i)
	}
	return m
}()

// tok is a normalised token and its byte offset in the cell.
type tok struct {
	id  uint32
	off int
}

// normalise returns the tokens of Go source src as the comparison reads
// them: every identifier one and the same token but the predeclared ones,
// every literal its kind (INT, STRING…), no comments, no semicolons (the
// layout, one line or several, counts for nothing). They come in segments,
// one per top-level declaration when src parses as the body of a file, so
// that reordering the functions of a cell changes no k-gram; else one
// segment of the whole cell. Cost O(len(src)).
func normalise(src string) [][]tok {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	s.Init(file, []byte(src), func(token.Position, string) {}, 0)
	var toks []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		id := uint32(t)
		switch {
		case t == token.SEMICOLON:
			continue
		case t == token.IDENT:
			if u, ok := universe[lit]; ok {
				id = u
			}
		}
		toks = append(toks, tok{id, file.Offset(pos)})
	}
	const header = "package p\n"
	pfset := token.NewFileSet()
	f, err := parser.ParseFile(pfset, "", header+src, parser.SkipObjectResolution)
	if err != nil || len(f.Decls) == 0 {
		return [][]tok{toks}
	}
	var segs [][]tok
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue // which packages a cell imports tells little
		}
		start, end := pfset.Position(d.Pos()).Offset-len(header), pfset.Position(d.End()).Offset-len(header)
		i, _ := slices.BinarySearchFunc(toks, start, func(t tok, off int) int { return cmp.Compare(t.off, off) })
		j, _ := slices.BinarySearchFunc(toks, end, func(t tok, off int) int { return cmp.Compare(t.off, off) })
		segs = append(segs, toks[i:j])
	}
	return segs
}

// hashes are the hashes of the k-grams of seg, in order (FNV-1a, a token
// number at a time).
func hashes(seg []tok) []uint64 {
	var out []uint64
	for i := 0; i+kgram <= len(seg); i++ {
		h := uint64(14695981039346656037)
		for _, t := range seg[i : i+kgram] {
			h = (h ^ uint64(t.id)) * 1099511628211
		}
		out = append(out, h)
	}
	return out
}

// winnow selects the fingerprints of hs: in every window of window
// consecutive hashes the least, the rightmost of equal ones, each selected
// position once (robust winnowing, Schleimer et al. §4.1). A sequence
// shorter than a window is one window.
func winnow(hs []uint64) []uint64 {
	w := min(window, len(hs))
	var out []uint64
	last := -1
	for i := 0; i+w <= len(hs) && w > 0; i++ {
		m := i
		for j := i + 1; j < i+w; j++ {
			if hs[j] <= hs[m] {
				m = j
			}
		}
		if m != last {
			out = append(out, hs[m])
			last = m
		}
	}
	return out
}

// fingerprints of code are the winnowed hashes of its segments, sorted and
// distinct, less those that are k-grams of the stub (the code every
// student is handed). Cost O(len(code) × window).
func fingerprints(code string, stub map[uint64]bool) []uint64 {
	return segmentPrints(normalise(code), stub)
}

// segmentPrints are the fingerprints of normalised code (see fingerprints).
func segmentPrints(segs [][]tok, stub map[uint64]bool) []uint64 {
	var out []uint64
	for _, seg := range segs {
		for _, h := range winnow(hashes(seg)) {
			if !stub[h] {
				out = append(out, h)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ids are the token numbers of normalised code, segment after segment.
func ids(segs [][]tok) []uint32 {
	var out []uint32
	for _, seg := range segs {
		for _, t := range seg {
			out = append(out, t.id)
		}
	}
	return out
}

// kgrams is the set of all the k-gram hashes of code.
func kgrams(code string) map[uint64]bool {
	set := map[uint64]bool{}
	for _, seg := range normalise(code) {
		for _, h := range hashes(seg) {
			set[h] = true
		}
	}
	return set
}

// share is |a ∩ b| / min(|a|, |b|) of sorted sets: the share of the
// smaller set the larger one has (JPlag's maximum similarity), so that a
// copy with code added is still found. Cost O(|a| + |b|).
func share(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			inter++
			i++
			j++
		}
	}
	return float64(inter) / float64(min(len(a), len(b)))
}

// Similarities compares, question by question, the answer cell of every
// student (the notebook that counts for each TP) with every other's and
// with the correction's (given.Reference), on their winnowed fingerprints
// (see the constants above): identifiers, literals, comments and layout
// count for nothing, nor does the order of the cell's functions, nor the
// stub (given.Stub). It lists
//   - the pairs of students whose answers are similar (KindCopy), but not
//     those whose answers are both like the correction (each one's
//     KindReference says it);
//   - the students whose answers are like the correction (KindReference,
//     B is ReferenceName);
//   - per question, one KindCommon with how many answers were too short
//     to tell anything, or common: an answer that, with those similar to
//     it, makes at least half the students who answered (and at least 3)
//     is what everyone writes alike, no suspect, and its pairs are not
//     listed.
//
// An answer that is the stub as handed out (comments and layout aside) is
// left out, and the members of a group submission (results of one file)
// are no pair. Pairs come most similar first, then the KindCommon in
// question order. It is for the teacher to look at, not a proof, and
// changes no grade.
//
// Cost: O(answer size) to fingerprint each answer (parsing it dominates),
// then, per question, O(students² × fingerprints) to compare them: 100
// students and 30 questions of 400 tokens take about half a second on one
// core (BenchmarkSimilarities).
func Similarities(results []gradebook.Result, given gradebook.Given) []Similar {
	type answer struct {
		student, code string
		file          string // the notebook's path: the same for the members of a group submission
		prints        []uint64
	}
	byQuestion := map[string][]answer{}
	type stub struct {
		kgrams map[uint64]bool
		ids    []uint32
	}
	stubs := map[string]stub{}
	stubOf := func(id string) stub {
		if _, ok := stubs[id]; !ok {
			stubs[id] = stub{kgrams(given.Stub[id]), ids(normalise(given.Stub[id]))}
		}
		return stubs[id]
	}
	for _, st := range gradebook.Rows(results) {
		for _, r := range st.Counted {
			for _, id := range slices.Sorted(maps.Keys(r.Answers)) {
				code, sb := r.Answers[id], stubOf(id)
				segs := normalise(code)
				if toks := ids(segs); len(toks) > 0 && !slices.Equal(toks, sb.ids) { // the stub as handed out is no answer
					byQuestion[id] = append(byQuestion[id], answer{st.Student, code, r.InExport(), segmentPrints(segs, sb.kgrams)})
				}
			}
		}
	}
	var pairs, common []Similar
	for _, id := range slices.Sorted(maps.Keys(byQuestion)) {
		as := byQuestion[id]
		n := len(as)
		long := make([]bool, n)
		for i, a := range as {
			long[i] = len(a.prints) >= minFingerprints
		}
		type link struct {
			i, j int
			s    float64
		}
		// The members of a group submission hand in one notebook: they
		// are one answer for the counts, and no pair.
		handedIn := make([]string, n) // the notebook's path, or a key of the answer's own
		for i, a := range as {
			handedIn[i] = cmp.Or(a.file, "\x00"+strconv.Itoa(i))
		}
		var links []link
		linked := make([]map[string]bool, n) // the notebooks each answer is similar to
		for i := range as {
			linked[i] = map[string]bool{}
		}
		for i := range as {
			for j := i + 1; j < n && long[i]; j++ {
				if !long[j] || handedIn[i] == handedIn[j] {
					continue
				}
				if s := share(as[i].prints, as[j].prints); s >= bar(min(len(as[i].prints), len(as[j].prints))) {
					links = append(links, link{i, j, s})
					linked[i][handedIn[j]] = true
					linked[j][handedIn[i]] = true
				}
			}
		}
		degree := make([]int, n)
		for i := range as {
			degree[i] = len(linked[i])
		}
		notebooks := len(slices.Compact(slices.Sorted(slices.Values(handedIn))))
		quorum := max(commonStudents, (notebooks+1)/2)
		skipped := 0
		likeRef := make([]bool, n)
		ref := fingerprints(given.Reference[id], stubOf(id).kgrams)
		for i, a := range as {
			if !long[i] || degree[i]+1 >= quorum {
				long[i] = false // short or common: no suspect
				skipped++
				continue
			}
			if len(ref) >= minFingerprints {
				if s := share(a.prints, ref); s >= bar(min(len(a.prints), len(ref))) {
					likeRef[i] = true
					pairs = append(pairs, Similar{Question: id, Kind: KindReference, A: a.student, B: ReferenceName, Share: s,
						codeA: a.code, codeB: given.Reference[id], stub: given.Stub[id]})
				}
			}
		}
		for _, l := range links {
			if !long[l.i] || !long[l.j] || likeRef[l.i] && likeRef[l.j] {
				continue
			}
			a, b := as[l.i], as[l.j]
			if b.student < a.student {
				a, b = b, a
			}
			pairs = append(pairs, Similar{Question: id, Kind: KindCopy, A: a.student, B: b.student, Share: l.s,
				codeA: a.code, codeB: b.code, stub: given.Stub[id]})
		}
		if skipped > 0 {
			common = append(common, Similar{Question: id, Kind: KindCommon, Students: skipped})
		}
	}
	slices.SortStableFunc(pairs, func(p, q Similar) int {
		return cmp.Or(cmp.Compare(q.Share, p.Share), questionOrder(p.Question, q.Question), cmp.Compare(p.A, q.A), cmp.Compare(p.B, q.B))
	})
	slices.SortStableFunc(common, func(p, q Similar) int { return questionOrder(p.Question, q.Question) })
	return append(pairs, common...)
}

// questionOrder orders question IDs as the workbook does: "01/Q2" before
// "01/Q10", "05/Q3a" before "05/Q3b" (see grading.CompareIDs).
func questionOrder(a, b string) int {
	split := func(id string) (string, int, string) {
		k := len(id)
		part := ""
		if k > 1 && id[k-1] >= 'a' && id[k-1] <= 'z' && id[k-2] >= '0' && id[k-2] <= '9' {
			k--
			part = id[k:]
		}
		end := k
		for k > 0 && id[k-1] >= '0' && id[k-1] <= '9' {
			k--
		}
		n, _ := strconv.Atoi(id[k:end])
		return id[:k], n, part
	}
	pa, na, sa := split(a)
	pb, nb, sb := split(b)
	return cmp.Or(cmp.Compare(pa, pb), cmp.Compare(na, nb), cmp.Compare(sa, sb), cmp.Compare(a, b))
}

// similarityHeader is similarity.csv's header.
var similarityHeader = []string{"question", "student_a", "student_b", "share", "kind", "note"}

// writeSimilarity writes similarity.csv: question, the two students (B is
// ReferenceName for the correction), the share, the kind (copy, reference,
// common) and, for common, the French note, for the teacher to look at (a
// similarity is no proof). Cells are protected from spreadsheets.
func writeSimilarity(path string, pairs []Similar) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write(similarityHeader)
	for _, p := range pairs {
		s := ""
		if p.Kind != KindCommon {
			s = strconv.FormatFloat(p.Share, 'f', 2, 64)
		}
		_ = w.Write(gradebook.Cells([]string{p.Question, p.A, p.B, s, p.Kind, p.Note()}))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// maxShown bounds the pairs the report shows side by side; similarity.csv
// has them all.
const maxShown = 100

// line is a line of code in the report, Shared when it holds a k-gram of
// the other answer.
type line struct {
	Text   string
	Shared bool
}

// sharedLines splits code into lines, marking those that hold part of a
// k-gram the other code has too (the stub's aside).
func sharedLines(code string, other, stub map[uint64]bool) []line {
	starts := []int{0}
	for i := 0; i < len(code); i++ {
		if code[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(off int) int {
		k, found := slices.BinarySearch(starts, off)
		if !found {
			k--
		}
		return k
	}
	out := make([]line, len(starts))
	for k, s := range starts {
		end := len(code)
		if k+1 < len(starts) {
			end = starts[k+1] - 1
		}
		out[k].Text = strings.TrimRight(code[s:end], "\r")
	}
	for _, seg := range normalise(code) {
		for i, h := range hashes(seg) {
			if other[h] && !stub[h] {
				for k := lineOf(seg[i].off); k <= lineOf(seg[i+kgram-1].off); k++ {
					out[k].Shared = true
				}
			}
		}
	}
	if n := len(out); n > 1 && out[n-1].Text == "" {
		out = out[:n-1]
	}
	for k := range out {
		if t := out[k].Text; len(t) > maxLineShown {
			cut := maxLineShown
			for cut > 0 && !utf8.RuneStart(t[cut]) {
				cut--
			}
			out[k].Text = t[:cut] + " …"
		}
	}
	if len(out) > maxLinesShown {
		more := len(out) - maxLinesShown
		out = append(out[:maxLinesShown], line{Text: fmt.Sprintf("… (%s de plus)", grading.Plural(more, "ligne"))})
	}
	return out
}

// maxLinesShown and maxLineShown bound what the report shows of an
// answer, in lines and in bytes per line: a page a browser opens at once
// however large the answers (similarity.csv names the pair).
const maxLinesShown, maxLineShown = 400, 300

// SimilarityHTML is the report's section « Réponses semblables », in
// French: the questions whose answers were too short or too common to
// compare, then each suspect pair (at most maxShown) with the two answers
// side by side, the lines they share marked. Cost O(pairs × answer size).
func SimilarityHTML(pairs []Similar) template.HTML {
	type shown struct {
		Title       string
		Left, Right []line
		A, B        string
	}
	var commons []string
	var shownPairs []shown
	suspects := 0
	for _, p := range pairs {
		if p.Kind == KindCommon {
			commons = append(commons, p.Question+" : "+p.Note()+".")
			continue
		}
		suspects++
		if len(shownPairs) == maxShown {
			continue
		}
		b := p.B
		if p.Kind == KindReference {
			b = "le corrigé"
		}
		stub := kgrams(p.stub)
		shownPairs = append(shownPairs, shown{
			Title: fmt.Sprintf("%s : %s et %s (%.0f"+grading.NBSP+"%% des empreintes en commun)", p.Question, p.A, b, 100*p.Share),
			Left:  sharedLines(p.codeA, kgrams(p.codeB), stub), Right: sharedLines(p.codeB, kgrams(p.codeA), stub),
			A: p.A, B: b,
		})
	}
	var more string
	if suspects > len(shownPairs) {
		more = fmt.Sprintf("… et %d autres paires, dans similarity.csv.", suspects-len(shownPairs))
	}
	var b strings.Builder
	err := similarityPage.Execute(&b, struct {
		Commons []string
		Pairs   []shown
		More    string
		Share   int
		NBSP    string
	}{commons, shownPairs, more, int(100 * similarShare), grading.NBSP})
	if err != nil {
		return template.HTML("<p>" + template.HTMLEscapeString(err.Error()) + "</p>")
	}
	return template.HTML(b.String())
}

// withSimilarities adds the section of pairs to the end of report, a page
// of ReportHTML.
func withSimilarities(report string, pairs []Similar) string {
	section := string(SimilarityHTML(pairs))
	if i := strings.LastIndex(report, "</body>"); i >= 0 {
		return report[:i] + section + report[i:]
	}
	return report + section
}

var similarityPage = template.Must(template.New("similarity").Funcs(template.FuncMap{"fr": grading.Typography}).Parse(`<section id="semblables"><h2>Réponses semblables</h2>
<style>.side{display:flex;gap:1em}.side>div{flex:1;min-width:0}.side pre{overflow-x:auto;tab-size:4;background:#f6f6f6;padding:.5em;margin:0}.side mark{background:#ffe08a}</style>
<p>{{fr "Paires de réponses dont au moins "}}{{.Share}}{{.NBSP}}{{fr "% des empreintes de la plus courte sont dans l'autre (davantage pour une réponse courte, jusqu'à toutes), noms, constantes, commentaires, mise en page et ordre des fonctions mis à part (empreintes de Schleimer, Wilkerson et Aiken, comme MOSS) ; les lignes en commun sont surlignées. Une ressemblance n'est pas une preuve : à examiner, elle ne change aucune note."}}</p>
{{if .Commons}}<ul>{{range .Commons}}<li>{{fr .}}</li>{{end}}</ul>{{end}}
{{if not .Pairs}}<p>Aucune paire de réponses semblables.</p>{{end}}
{{range .Pairs}}<h3>{{fr .Title}}</h3>
<div class="side"><div><p>{{.A}}</p><pre>{{range .Left}}{{if .Shared}}<mark>{{.Text}}</mark>{{else}}{{.Text}}{{end}}
{{end}}</pre></div><div><p>{{.B}}</p><pre>{{range .Right}}{{if .Shared}}<mark>{{.Text}}</mark>{{else}}{{.Text}}{{end}}
{{end}}</pre></div></div>
{{end}}{{if .More}}<p>{{fr .More}}</p>{{end}}</section>
`))
