package gradebook

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading/export"
)

// Shard is one part of a class graded on its own (on another machine, in
// a Kubernetes indexed Job): the students whose ID hashes to K among N
// parts, 1 ≤ K ≤ N. A student's notebooks are all in the same part. The
// zero Shard is the whole class.
type Shard struct{ K, N int }

// MaxShards bounds N.
const MaxShards = 10000

// ParseShard reads "K/N" (1 ≤ K ≤ N ≤ MaxShards).
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(strings.TrimSpace(k))
	ni, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || ni < 1 || ni > MaxShards || ki < 1 || ki > ni {
		return Shard{}, fmt.Errorf("-shard %q: want K/N with 1 ≤ K ≤ N ≤ %d, e.g. 2/4", s, MaxShards)
	}
	return Shard{ki, ni}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Has reports whether the student is in the shard: FNV-1a of the ID,
// modulo N, is K-1. Every student is in the zero Shard.
func (s Shard) Has(student string) bool {
	if s.N == 0 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(student))
	return h.Sum64()%uint64(s.N) == uint64(s.K-1)
}

// Submissions keeps the submissions of the shard's students.
func (s Shard) Submissions(subs []export.Submission) []export.Submission {
	return slices.DeleteFunc(slices.Clone(subs), func(x export.Submission) bool { return !s.Has(x.Student) })
}

// Roster keeps the shard's students of r (nil for nil): a shard gives a
// row « non rendu » only to its own students.
func (s Shard) Roster(r *Roster) *Roster {
	if r == nil {
		return nil
	}
	out := &Roster{byID: map[string]int{}}
	for _, st := range r.Students {
		if s.Has(st.ID) {
			out.byID[st.ID] = len(out.Students)
			out.Students = append(out.Students, st)
		}
	}
	return out
}

// SortResults puts results in the gradebook's order: by student ID, then
// notebook file name. A class graded at once and the same class graded in
// shards then merged give the same files.
func SortResults(results []Result) {
	slices.SortStableFunc(results, func(a, b Result) int {
		return cmp.Or(strings.Compare(a.Student, b.Student), strings.Compare(filepath.Base(a.File), filepath.Base(b.File)), strings.Compare(a.TP, b.TP))
	})
}

// ShardFile is the file, in a shard's output folder, that holds what
// MergeShards needs: the shard, the run's settings and every result.
const ShardFile = "shard.json"

// shardResult is a Result as ShardFile keeps it, with the answers' code
// the similarity report reads (as the result cache keeps it).
type shardResult struct {
	Result  Result
	Answers map[string]string
}

// shardData is ShardFile's content.
type shardData struct {
	Shard   string
	Reveal  bool
	Scale   float64
	Roster  []Student // the whole class's, nil without a roster
	Given   Given     // the reference answers and stubs the similarity report compares with
	Results []shardResult
}

// WriteShard writes ShardFile into out: the shard, the settings the
// merged gradebook needs (reveal, scale, the whole roster) and results.
func WriteShard(out string, s Shard, results []Result, roster *Roster, reveal bool, scale float64) error {
	d := shardData{Shard: s.String(), Reveal: reveal, Scale: scale}
	if roster != nil {
		d.Roster = roster.Students
		if d.Roster == nil {
			d.Roster = []Student{}
		}
	}
	d.Given = GivenOf(results)
	for _, r := range results {
		d.Results = append(d.Results, shardResult{r, r.Answers})
	}
	data, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, ShardFile), data, 0o644)
}

// Merged is what MergeShards reads back: the results of every shard, in
// the gradebook's order, and the run's settings.
type Merged struct {
	Results []Result
	Roster  *Roster // nil if the shards were graded without one
	Reveal  bool
	Scale   float64
}

// MergeShards reads the ShardFile of each folder of dirs. The folders must
// be the N shards of one run, each once, graded with the same settings.
func MergeShards(dirs []string) (Merged, error) {
	var m Merged
	var first *shardData
	seen := map[int]string{}
	n := 0
	for _, dir := range dirs {
		data, err := os.ReadFile(filepath.Join(dir, ShardFile))
		if errors.Is(err, os.ErrNotExist) {
			return Merged{}, fmt.Errorf("%s: no %s: not the output of grade -shard", dir, ShardFile)
		}
		if err != nil {
			return Merged{}, err
		}
		var d shardData
		if err := json.Unmarshal(data, &d); err != nil {
			return Merged{}, fmt.Errorf("%s: %v", filepath.Join(dir, ShardFile), err)
		}
		s, err := ParseShard(d.Shard)
		if err != nil {
			return Merged{}, fmt.Errorf("%s: %v", filepath.Join(dir, ShardFile), err)
		}
		switch {
		case first == nil:
			first, n = &d, s.N
		case s.N != n:
			return Merged{}, fmt.Errorf("%s is shard %s, %s was a shard of %d", dir, s, dirs[0], n)
		case d.Reveal != first.Reveal || d.Scale != first.Scale || !slices.Equal(d.Roster, first.Roster) || (d.Roster == nil) != (first.Roster == nil):
			return Merged{}, fmt.Errorf("%s and %s were graded with other settings (-reveal, -scale or -roster)", dir, dirs[0])
		}
		if other, ok := seen[s.K]; ok {
			return Merged{}, fmt.Errorf("shard %s twice: %s and %s", s, other, dir)
		}
		seen[s.K] = dir
		given := &d.Given
		for _, c := range d.Results {
			r := c.Result
			r.Answers, r.Given = c.Answers, given
			m.Results = append(m.Results, r)
		}
	}
	if first == nil {
		return Merged{}, fmt.Errorf("no shard to merge")
	}
	var missing []string
	for k := 1; k <= n; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, Shard{k, n}.String())
		}
	}
	if len(missing) > 0 {
		return Merged{}, fmt.Errorf("shards missing: %s", strings.Join(missing, ", "))
	}
	if first.Roster != nil {
		m.Roster = &Roster{Students: first.Roster, byID: map[string]int{}}
		for i, s := range first.Roster {
			m.Roster.byID[s.ID] = i
		}
	}
	m.Reveal, m.Scale = first.Reveal, first.Scale
	SortResults(m.Results)
	return m, nil
}
