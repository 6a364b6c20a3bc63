package batch

import (
	"encoding/csv"
	"go/scanner"
	"go/token"
	"hash/fnv"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading/notebook"
)

// answerCells returns the code of the notebook's answer cells, by
// question ID (the last cell of a question counts, as in grading).
func answerCells(nb *notebook.Notebook) map[string]string {
	out := map[string]string{}
	for _, c := range nb.Cells {
		if m := c.Reines(); m.Role == "answer" && m.Question != "" {
			out[m.Question] = string(c.Source)
		}
	}
	return out
}

// shingles are the hashes of the runs of k tokens of Go source, with the
// names and literals a student renames written alike (a copy with other
// names reads the same), comments left out.
func shingles(src string, k int) map[uint64]bool {
	var toks []string
	var s scanner.Scanner
	fset := token.NewFileSet()
	f := fset.AddFile("", fset.Base(), len(src))
	s.Init(f, []byte(src), nil, 0)
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch {
		case tok == token.IDENT:
			toks = append(toks, "x")
		case tok.IsLiteral():
			toks = append(toks, "1")
		case tok == token.SEMICOLON && lit == "\n":
			// the newlines the scanner turns into semicolons
		default:
			toks = append(toks, tok.String())
		}
	}
	set := map[uint64]bool{}
	for i := 0; i+k <= len(toks); i++ {
		h := fnv.New64a()
		h.Write([]byte(strings.Join(toks[i:i+k], " ")))
		set[h.Sum64()] = true
	}
	return set
}

// jaccard is |a ∩ b| / |a ∪ b|.
func jaccard(a, b map[uint64]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for h := range a {
		if b[h] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// Similar is a pair of students whose answers to one question share most
// of their token sequences.
type Similar struct {
	Question, A, B string
	Share          float64 // Jaccard similarity of their 8-token runs, 0 to 1
}

// Similarity threshold and size: answers of fewer runs than minShingles
// (a few lines) are too short to tell anything.
const (
	similarShare = 0.8
	minShingles  = 40
)

// Similarities lists, question by question, the pairs of students whose
// answers share at least 80 % of their runs of 8 tokens (names and
// literals written alike, so renaming hides nothing), most similar first.
// Answers too short to tell anything (a stub, a few lines) are left out. Cost O(students² × answer size) per question.
func Similarities(results []Result) []Similar {
	byQuestion := map[string][]int{}
	sets := make([]map[string]map[uint64]bool, len(results))
	for i, r := range results {
		sets[i] = map[string]map[uint64]bool{}
		for id, code := range r.answers {
			if sh := shingles(code, 8); len(sh) >= minShingles {
				sets[i][id] = sh
				byQuestion[id] = append(byQuestion[id], i)
			}
		}
	}
	var out []Similar
	for id, who := range byQuestion {
		for x := 0; x < len(who); x++ {
			for y := x + 1; y < len(who); y++ {
				a, b := results[who[x]], results[who[y]]
				if a.Student == b.Student {
					continue
				}
				if s := jaccard(sets[who[x]][id], sets[who[y]][id]); s >= similarShare {
					p := Similar{id, a.Student, b.Student, s}
					if p.B < p.A {
						p.A, p.B = p.B, p.A
					}
					out = append(out, p)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Share != out[j].Share {
			return out[i].Share > out[j].Share
		}
		if out[i].Question != out[j].Question {
			return out[i].Question < out[j].Question
		}
		return out[i].A+out[i].B < out[j].A+out[j].B
	})
	return slices.CompactFunc(out, func(p, q Similar) bool { return p.Question == q.Question && p.A == q.A && p.B == q.B })
}

// writeSimilarity writes similarity.csv: question, the two students, the
// share, for the teacher to look at (a similarity is no proof).
func writeSimilarity(path string, pairs []Similar) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"question", "student_a", "student_b", "share"})
	for _, p := range pairs {
		_ = w.Write(cells([]string{p.Question, p.A, p.B, strconv.FormatFloat(p.Share, 'f', 2, 64)}))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
