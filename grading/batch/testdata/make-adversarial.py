# Writes testdata/adversarial: submissions that try to earn a question's
# points without computing its answer (by every route a determined student
# tried on earlier versions of the grader), and right answers written
# differently from the reference. Each is the correction of its TP with one
# answer (sometimes two cells) replaced; adversarial-expected.csv gives the
# question's points, a word of the flag the teacher must see, and the
# questions whose answers call the replaced one (they reach the same route,
# so they get 0 too; every other question keeps full marks).
# Run from anywhere: python3 grading/batch/testdata/make-adversarial.py
import json, copy, os, csv
root = os.path.abspath(os.path.join(os.path.dirname(__file__), '../../..'))
out = os.path.join(root, 'grading/batch/testdata/adversarial')
os.makedirs(out, exist_ok=True)
for f in os.listdir(out):
    os.remove(os.path.join(out, f))

def src(s):
    lines = s.split('\n')
    return [l + '\n' for l in lines[:-1]] + [lines[-1]]

def correction(tp):
    name = {'00': '00-go', '01': '01-recursion', '02': '02-iterative', '03': '03-cp', '04': '04-exactcover', '05': '05-domination'}[tp]
    return json.load(open(os.path.join(root, 'notebooks/corrections', name + '.ipynb')))

rows = []

def case(name, qid, code, points, flag='', extra=None, also=''):
    """The correction of qid's TP with qid's answer replaced by code (and,
    if extra, a code cell holding extra inserted before it)."""
    tp = qid.split('/')[0]
    nb = correction(tp)
    for i, c in enumerate(nb['cells']):
        m = c.get('metadata', {}).get('reines', {})
        if m.get('role') == 'answer' and m.get('question') == qid:
            c['source'] = src(code)
            if extra:
                nb['cells'].insert(i, {'cell_type': 'code', 'execution_count': None, 'id': name + '-extra',
                                       'metadata': {}, 'outputs': [], 'source': src(extra)})
            break
    else:
        raise KeyError(qid)
    open(os.path.join(out, name + '.ipynb'), 'w').write(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
    rows.append([name, qid, points, flag, also])

# --- Routes to a reference answer: 0 on the question, whatever the route.
case('01-direct', '01/Q2', '''func Solutions(n int) ([]queens.Placement, error) {
	return queens.Solutions(n)
}''', 0, 'réservée')
case('01-package-variable', '01/Q2', '''var solutionsOf = queens.Solutions

func Solutions(n int) ([]queens.Placement, error) {
	return solutionsOf(n)
}''', 0, 'réservée')
case('01-closure-variable', '01/Q4', '''var countOf = func(n int) (int64, error) { return queens.Count(n) }

func Count(n int) (int64, error) {
	return countOf(n)
}''', 0, 'réservée')
case('01-table-at-start', '01/Q4', '''var table = func() []int64 {
	t := make([]int64, 16)
	for n := range t {
		t[n], _ = queens.Count(n)
	}
	return t
}()

func Count(n int) (int64, error) {
	if n < 0 || n >= len(table) {
		return 0, nil
	}
	return table[n], nil
}''', 0, 'réservée')
case('01-error-thrown-away', '01/Q1', '''func IsSafe(p queens.Placement, row, col int) bool {
	// Validate of the placement so far, the new queen included.
	return queens.Validate(append(slices.Clone(p[:row]), col)) == nil
}''', 0, 'réservée', also='01/Q2 01/Q4 01/Q5')
case('01-fastcount', '01/Q4', '''func Count(n int) (int64, error) {
	return fastcount.Count(context.Background(), n, fastcount.Options{})
}''', 0, 'réservée', extra='import "github.com/prepa-reines/reines/tp/fastcount"')
case('01-iterative-package', '01/Q2', '''func Solutions(n int) ([]queens.Placement, error) {
	if n < 0 {
		return nil, queens.ErrNegative
	}
	if n == 0 {
		return []queens.Placement{{}}, nil
	}
	return iterative.Solve(n)
}''', 0, 'réservée', extra='import "github.com/prepa-reines/reines/tp/iterative"')
case('01-exactcover-package', '01/Q4', '''func Count(n int) (int64, error) {
	c, _, err := ecqueens.Count(context.Background(), n)
	return c, err
}''', 0, 'réservée', extra='import ecqueens "github.com/prepa-reines/reines/tp/exactcover/nqueens"')
case('01-cp-package', '01/Q5', '''func First(n int) (queens.Placement, bool, error) {
	p, _, err := cpqueens.FirstSolution(n, cp.InputOrder, cp.Increasing)
	if err != nil {
		return nil, false, err
	}
	return p, true, nil
}''', 0, 'réservée', extra='import (\n\t"github.com/prepa-reines/reines/tp/cp"\n\tcpqueens "github.com/prepa-reines/reines/tp/cp/nqueens"\n)')
case('01-grading-want', '01/Q4', '''func Count(n int) (int64, error) {
	o := nb01.Q4.Want(grading.Sized{N: n})
	return o.N, nil
}''', 0, 'grading')
case('01-dot-import-grading', '01/Q1', '''func IsSafe(p queens.Placement, row, col int) bool {
	return Q1.Call(Q1.Ref, SafetyCase{P: p, Row: row, Col: col})
}''', 0, 'grading', extra='import . "github.com/prepa-reines/reines/grading/nb01"', also='01/Q2 01/Q4 01/Q5')
case('01-public-cases', '01/Q4', '''func Count(n int) (int64, error) {
	ins, _, _ := grading.Inputs("01/Q4", false, 0)
	return int64(len(ins)), nil
}''', 0, 'grading')
case('01-linkname', '01/Q2', '''//go:linkname solutionsRef github.com/prepa-reines/reines/tp/queens.Solutions
func solutionsRef(n int) ([]queens.Placement, error)

func Solutions(n int) ([]queens.Placement, error) {
	return solutionsRef(n)
}''', 0, 'linkname', extra='import _ "unsafe"')
case('01-unsafe', '01/Q1', '''func IsSafe(p queens.Placement, row, col int) bool {
	cols := unsafe.Slice(unsafe.SliceData(p), row)
	for r, c := range cols {
		if c == col || row-r == col-c || row-r == c-col {
			return false
		}
	}
	return true
}''', 0, 'unsafe', extra='import "unsafe"', also='01/Q2 01/Q4 01/Q5')
case('02-trace', '02/Q12', '''func Solve(n int) ([]queens.Placement, error) {
	var last *iterative.State
	_, err := iterative.Trace(n, func(s *iterative.State, e iterative.Event) bool { last = s; return true })
	if err != nil {
		return nil, err
	}
	return last.Solutions, nil
}''', 0, 'réservée')
case('02-recursive-reference', '02/Q12', '''func Solve(n int) ([]queens.Placement, error) {
	if n < 1 {
		return nil, iterative.ErrSize
	}
	return queens.Solutions(n)
}''', 0, 'réservée')
case('02-squares-method', '02/Q16', '''func ShowSolution(sols []queens.Placement, k int) board.Board {
	return board.Board{N: len(sols[k-1]), Queens: sols[k-1].Squares()}
}''', 0, 'réservée', also='02/Q17')
case('03-reference-model', '03/Q4', '''func Model1AllDifferent(n int) (*cp.Model, []*cp.IntVar) {
	return nqueens.Model1AllDifferent(n)
}''', 0, 'réservée', extra='import "github.com/prepa-reines/reines/tp/cp/nqueens"', also='03/Q9')
case('03-reference-search', '03/Q9', '''func FirstSolution(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
	return nqueens.FirstSolution(n, vars, vals)
}''', 0, 'réservée', extra='import "github.com/prepa-reines/reines/tp/cp/nqueens"')
case('04-method', '04/Q11', '''func Dance(p *exactcover.Problem, visit func(options []int) bool) {
	p.Dance(visit)
}''', 0, 'réservée')
case('04-receiver-copy', '04/Q11', '''func Dance(p *exactcover.Problem, visit func(options []int) bool) {
	q := p
	_, _ = q.Solve(context.Background(), visit)
}''', 0, 'réservée')
case('04-type-alias', '04/Q11', '''type library = exactcover.Problem

func Dance(p *exactcover.Problem, visit func(options []int) bool) {
	var l *library = p
	for sol := range l.Solutions() {
		if !visit(sol) {
			return
		}
	}
}''', 0, 'réservée')
case('04-embedding', '04/Q11', '''type wrapped struct{ *exactcover.Problem }

func Dance(p *exactcover.Problem, visit func(options []int) bool) {
	w := wrapped{p}
	w.Dance(visit)
}''', 0, 'réservée')
case('04-package-function', '04/Q2', '''func AlgorithmX(m exactcover.Matrix) [][]int {
	return exactcover.AlgorithmX(m)
}''', 0, 'réservée')
case('04-matrix-to-links', '04/Q2', '''func AlgorithmX(m exactcover.Matrix) [][]int {
	p, err := exactcover.FromMatrix(m, 0)
	if err != nil {
		return nil
	}
	var sols [][]int
	_, _ = p.Solve(context.Background(), func(o []int) bool { sols = append(sols, slices.Clone(o)); return true })
	return sols
}''', 0, 'réservée')
case('04-parse', '04/Q3', '''func New(primary, secondary []string) (*exactcover.Problem, error) {
	text := strings.Join(primary, " ")
	if len(secondary) > 0 {
		text += " | " + strings.Join(secondary, " ")
	}
	return exactcover.Parse(strings.NewReader(text + "\\n"))
}''', 0, 'réservée', also='04/Q12 04/Q13')
case('04-queens-package', '04/Q12', '''func QueensProblem(n int) (*exactcover.Problem, error) {
	return ecqueens.QueensProblem(n)
}''', 0, 'réservée', extra='import ecqueens "github.com/prepa-reines/reines/tp/exactcover/nqueens"')
case('04-sudoku-package', '04/Q13', '''func SudokuProblem() *exactcover.Problem {
	return sudoku.SudokuProblem()
}''', 0, 'réservée')
case('05-exact-solver', '05/Q10', '''func CoverByQueensPlacement(n int) ([]queens.Square, domination.SearchStats, error) {
	res, err := domination.Solve(context.Background(), n, domination.Options{Independent: true})
	return res.Example, domination.SearchStats{Nodes: res.Nodes}, err
}''', 0, 'réservée')
case('05-repeated-cover', '05/Q28', '''func DominateByQueens(n int) (int, int64, domination.SearchStats, error) {
	res, err := domcover.Minimum(context.Background(), n, true)
	return res.Gamma, res.Count, domination.SearchStats{Nodes: res.Nodes}, err
}''', 0, 'réservée', extra='import "github.com/prepa-reines/reines/tp/exactcover/domcover"')
case('05-reference-set', '05/Q2b', '''func IndependentDominatingSet(n int) ([]queens.Square, error) {
	return domination.IndependentDominatingSet(n)
}''', 0, 'réservée', also='05/Q19 05/Q24b')
case('05-reference-update', '05/Q5', '''func Update(c *domination.Coverage, sq queens.Square, delta int) error {
	return domination.Update(c, sq, delta)
}''', 0, 'réservée', also='05/Q7 05/Q9b 05/Q10 05/Q13 05/Q19 05/Q24b 05/Q28 05/Q29')

case('03-forge-result', '03/Q2', '''// The grader's result pipe and the number of the case being run.
var (
	resultPipe = os.NewFile(3, "r")
	caseNo     int
)

// solutionsOfN is A000170.
var solutionsOfN = []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724}

func Model1Pairwise(n int) (*cp.Model, []*cp.IntVar) {
	// Hand over the summary a right model would give, build none.
	caseNo++
	fmt.Fprintf(resultPipe, `{"case":%d,"output":{"Vars":%d,"Constraints":%d,"Count":%d}}`+"\\n", caseNo, n, 3*n*(n-1)/2, solutionsOfN[min(n, 10)])
	return nil, nil
}''', 0, 'descripteur')
case('05-norace', '05/Q24b', '''// The trials of Q19 in one goroutine; no lock, and the race detector told to look away.
//
//go:norace
func RandomCoverParallel(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
	return RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
}''', 0, 'norace')
case('05-sequential', '05/Q24b', '''func RandomCoverParallel(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
	// No goroutine, no lock: the trials of Q19, one after the other.
	return RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
}''', 0, 'goroutines')
# Goroutines that all meet in the function watched at the start, then the
# rest done by one goroutine: their calls on row 0 with no queen placed pass
# for trials begun and outnumber the trials where n ≥ 4 (there each trial
# calls p again on row 1, so that two calls on row 0 in a row are one
# trial asking p twice, not two trials); the cases with no trial to do
# (errors, zero trials, n = 0) and those of n ≤ 3 still pass.
case('05-warm-up', '05/Q24b', '''func RandomCoverParallel(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
	if trials < 0 {
		return 0, nil, domination.RandomStats{}, domination.ErrTrials
	}
	if workers < 1 || workers > domination.MaxWorkers {
		return 0, nil, domination.RandomStats{}, domination.ErrWorkers
	}
	// The workers meet in p once, then the trials of Q19 run one after the other.
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, trials) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			mu.Unlock()
			_ = p(max(n, 1), 0, 0, 1)
		}()
	}
	wg.Wait()
	return RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
}''', 0.75, '')
# The same, with as many calls of p together as the trials a worker starts
# before the second watch (half its share), then the trials in one
# goroutine: the calls pass for trials begun (row 0, no queen placed) and
# outnumber the trials where n ≥ 4, as above (found by an attack review
# with the grader's source).
case('05-warm-up-late', '05/Q24b', '''func RandomCoverParallel(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
	if trials < 0 {
		return 0, nil, domination.RandomStats{}, domination.ErrTrials
	}
	if workers < 1 || workers > domination.MaxWorkers {
		return 0, nil, domination.RandomStats{}, domination.ErrWorkers
	}
	// The workers call p together as often as half a share of trials would,
	// then the trials of Q19 run one after the other.
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, trials) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			mu.Unlock()
			for range max(trials/workers/2, 1) {
				_ = p(max(n, 1), 0, 0, 1)
			}
		}()
	}
	wg.Wait()
	return RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
}''', 1, '')
# The same warm-up with no more calls on row 0 than half the trials, then
# the trials in one goroutine with p's value on row 0 kept aside (p gives
# the same value for the same arguments): those trials begin with no call
# of p, and the trials begun fall short of the trials (an attack review's
# answer, which scored 2/2 before).
case('05-row-zero-kept', '05/Q24b', '''func RandomCoverParallel(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
	if trials < 0 {
		return 0, nil, domination.RandomStats{}, domination.ErrTrials
	}
	if workers < 1 || workers > domination.MaxWorkers {
		return 0, nil, domination.RandomStats{}, domination.ErrWorkers
	}
	// Warm-up: as many calls of p together as the watches want, no more
	// row-0 calls than half the trials.
	k := 0
	if trials/workers >= 4 {
		k = trials / workers / 2
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, trials) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			mu.Unlock()
			if k == 0 {
				_ = p(max(n, 1), 0, 1, 1) // not a trial start
			}
			for range k {
				_ = p(max(n, 1), 0, 0, 1)
			}
		}()
	}
	wg.Wait()
	// Then every trial in this goroutine; p on row 0 with no queen placed
	// is remembered (p is deterministic), so it is not seen again.
	row0 := map[int]float64{}
	q := func(n, row, placed, best int) float64 {
		if row == 0 && placed == 0 {
			if v, ok := row0[best]; ok {
				return v
			}
			v := p(n, row, placed, best)
			row0[best] = v
			return v
		}
		return p(n, row, placed, best)
	}
	return RandomCover(n, trials, q, rand.New(rand.NewPCG(seed, 0)))
}''', 0.5, '')
case('00-warm-up-workers', '00/Q9', '''func Workers(tasks []int, workers int, f func(int) int64) int64 {
	// The first task of each worker on a channel, the rest one after the other.
	workers = max(workers, 1)
	first := min(workers, len(tasks))
	todo := make(chan int, first)
	sums := make(chan int64, first)
	for _, t := range tasks[:first] {
		todo <- t
	}
	close(todo)
	for range first {
		go func() { sums <- f(<-todo) }()
	}
	var total int64
	for range first {
		total += <-sums
	}
	for _, t := range tasks[first:] {
		total += f(t)
	}
	return total
}''', 1.25, '')
case('00-warm-up-count', '00/Q10', '''func CountParallel(n, workers int, pred func(int) bool) int64 {
	// The first i of each worker at once, the rest one after the other.
	workers = max(workers, 1)
	var count atomic.Int64
	var wg sync.WaitGroup
	first := min(workers, n)
	for w := range first {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if pred(w) {
				count.Add(1)
			}
		}()
	}
	wg.Wait()
	for i := first; i < n; i++ {
		if pred(i) {
			count.Add(1)
		}
	}
	return count.Load()
}''', 0.5, '')
# --- Forged results: the serial answer of a question about goroutines,
# plus a result claiming what a parallel answer would get, signed with the
# harness's key found in the program's own memory (/proc/self/mem, which
# the race detector's builds once mounted) and written on the result
# descriptor. The key is out of reach and a descriptor opened by its
# number costs the question: no more than the serial answer, which here is
# 0 as the descriptor is opened with os.NewFile.
FORGE = '''import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// caseNo counts the cases this program has answered: the grader numbers
// them from 1 in each fresh child.
var caseNo int

// forge hands the grader out as the result of the current case, signed
// with each 32-byte slice it finds in the program's writable memory.
func forge(out any) {
	caseNo++
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return
	}
	mem, err := os.Open("/proc/self/mem")
	if err != nil {
		return
	}
	defer mem.Close()
	pipe := os.NewFile(3, "result")
	output, _ := json.Marshal(out)
	body := fmt.Sprintf(`{"case":%d,"output":%s,"mac":""}`, caseNo, output)
	seen := map[string]bool{}
	for _, line := range strings.Split(string(maps), "\\n") {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.HasPrefix(f[1], "rw") {
			continue
		}
		lo, hi, _ := strings.Cut(f[0], "-")
		a, _ := strconv.ParseUint(lo, 16, 64)
		b, _ := strconv.ParseUint(hi, 16, 64)
		if b-a > 64<<20 {
			continue
		}
		buf := make([]byte, b-a)
		if _, err := mem.ReadAt(buf, int64(a)); err != nil {
			continue
		}
		// A slice header (pointer, 32, 32): the key's.
		for i := 0; i+24 <= len(buf) && len(seen) < 500; i += 8 {
			if binary.LittleEndian.Uint64(buf[i+8:]) != 32 || binary.LittleEndian.Uint64(buf[i+16:]) != 32 {
				continue
			}
			key := make([]byte, 32)
			if _, err := mem.ReadAt(key, int64(binary.LittleEndian.Uint64(buf[i:]))); err != nil || seen[string(key)] {
				continue
			}
			seen[string(key)] = true
			h := hmac.New(sha256.New, key)
			h.Write([]byte(body))
			fmt.Fprintf(pipe, `{"case":%d,"output":%s,"mac":"%s"}`+"\\n", caseNo, output, hex.EncodeToString(h.Sum(nil)))
		}
	}
}'''
SERIAL_SUM = '''func SumParallel(ns []int, f func(int) int64) int64 {
	// One goroutine does every term under the lock; the forged result
	// claims len(ns) calls at once.
	var mu sync.Mutex
	var sum int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		defer mu.Unlock()
		for _, n := range ns {
			sum += f(n)
		}
	}()
	wg.Wait()
	forge(struct{ Sum, Peak int64 }{sum, int64(len(ns))})
	return sum
}'''
case('00-forge-sum', '00/Q8', SERIAL_SUM, 0, 'descripteur', extra=FORGE)
case('00-forge-workers', '00/Q9', '''func Workers(tasks []int, workers int, f func(int) int64) int64 {
	// One goroutine does every task; the forged result claims min(workers,
	// tasks) calls at once, and half of them in the second half.
	sums := make(chan int64)
	go func() {
		var s int64
		for _, t := range tasks {
			s += f(t)
		}
		sums <- s
	}()
	sum := <-sums
	want := min(max(workers, 1), len(tasks))
	forge(struct {
		Sum, Calls int64
		TooMany    bool
		Peak       int64
		LatePeak   int64
	}{sum, int64(len(tasks)), false, int64(want), int64(max(2, want/2))})
	return sum
}''', 0, 'descripteur', extra=FORGE)
SERIAL_COUNT = '''func CountParallel(n, workers int, pred func(int) bool) int64 {
	// One goroutine examines every i; the forged result claims min(workers,
	// n) calls at once, and half of them in the second half.
	var count atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range n {
			if pred(i) {
				count.Add(1)
			}
		}
	}()
	wg.Wait()
	want := min(max(workers, 1), n)
	forge(struct{ Count, Calls, Peak, LatePeak int64 }{count.Load(), int64(n), int64(want), int64(max(2, want/2))})
	return count.Load()
}'''
case('00-forge-count', '00/Q10', SERIAL_COUNT, 0, 'descripteur', extra=FORGE)
case('05-forge-parallel', '05/Q24b', '''func RandomCoverParallel(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
	if trials >= 0 && (workers < 1 || workers > domination.MaxWorkers) {
		return 0, nil, domination.RandomStats{}, domination.ErrWorkers
	}
	// The trials of Q19 in one goroutine under the lock; the forged result
	// claims the workers met in p at the start and past the middle.
	type result struct {
		best int
		qs   []queens.Square
		st   domination.RandomStats
		err  error
	}
	var mu sync.Mutex
	done := make(chan result)
	go func() {
		mu.Lock()
		defer mu.Unlock()
		b, qs, st, err := RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
		done <- result{b, qs, st, err}
	}()
	r := <-done
	if r.err == nil {
		need, late := min(workers, trials), 0
		if trials/workers >= 4 {
			late = trials / workers / 2
		}
		forge(map[string]any{"Best": r.best, "Queens": r.qs, "Stats": r.st, "Err": nil, "Most": need, "Callers": need,
			"TimedOut": false, "LateCall": late, "LateMost": need, "Start": 0, "Need": 0})
	}
	return r.best, r.qs, r.st, r.err
}''', 0, 'descripteur', extra=FORGE)
case('05-forge-workers', '05/Q29', '''func CoverByQueensWorkers(ctx context.Context, n, workers int, trace func(domination.TraceEvent)) ([]queens.Square, domination.SearchStats, error) {
	if err := ctx.Err(); err != nil {
		return nil, domination.SearchStats{}, err
	}
	// The search of Q11 in one goroutine, a channel for its result; the
	// trace and the forged result claim every worker took part.
	type result struct {
		qs  []queens.Square
		st  domination.SearchStats
		err error
	}
	done := make(chan result)
	go func() {
		qs, st, err := CoverByQueensPlacement(n)
		done <- result{qs, st, err}
	}()
	r := <-done
	if r.err != nil {
		return nil, r.st, r.err
	}
	workers = max(workers, 1)
	var ids []int
	for w := range workers {
		trace(domination.TraceEvent{Kind: domination.WorkerStarted, Worker: w})
		ids = append(ids, w)
	}
	trace(domination.TraceEvent{Kind: domination.Improved, Best: len(r.qs)})
	for w := range workers {
		trace(domination.TraceEvent{Kind: domination.WorkerDone, Worker: w})
	}
	forge(map[string]any{"Queens": r.qs, "Err": nil, "Started": ids, "Done": ids, "Improved": []int{len(r.qs)}, "Tasks": 0})
	return r.qs, r.st, nil
}''', 0, 'descripteur', extra=FORGE)
# The same forgery with the key read by other routes to the program's own
# memory: an unsafe.Pointer from reflect (no import of unsafe) and a heap
# dump. Each costs the question whatever else the code does.
FORGE_REFLECT = FORGE.replace('''	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return
	}
	mem, err := os.Open("/proc/self/mem")
	if err != nil {
		return
	}
	defer mem.Close()''', '''	mem := memory{}''').replace('''	"os"
''', '''	"os"
	"reflect"
''') + '''

// memory reads the program's memory from the address of a variable of its
// own on, through reflect.SliceAt (an unsafe.Pointer, without unsafe).
type memory struct{}

var anchor [8]byte

// maps lists the 4 MiB after anchor as the one region to scan.
var maps = func() []byte {
	base := reflect.ValueOf(&anchor).Pointer()
	return []byte(fmt.Sprintf("%x-%x rw-p 0 0 0\\n", base, base+4<<20))
}()

func (memory) Close() error { return nil }

func (memory) ReadAt(b []byte, at int64) (int, error) {
	p := reflect.ValueOf(&anchor).UnsafePointer()
	base := int64(reflect.ValueOf(&anchor).Pointer())
	if at < base {
		return 0, fmt.Errorf("below")
	}
	all := reflect.SliceAt(reflect.TypeOf(byte(0)), p, int(at-base)+len(b)).Bytes()
	return copy(b, all[at-base:]), nil
}'''
FORGE_HEAPDUMP = '''import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
)

// caseNo counts the cases this program has answered: the grader numbers
// them from 1 in each fresh child.
var caseNo int

// forge hands the grader out as the result of the current case, signed
// with the contents of each 32-byte object of the program's heap, dumped
// to a file (the key's among them).
func forge(out any) {
	caseNo++
	dump, err := os.Create("heap")
	if err != nil {
		return
	}
	debug.WriteHeapDump(dump.Fd())
	dump.Close()
	data, _ := os.ReadFile("heap")
	output, _ := json.Marshal(out)
	body := fmt.Sprintf(`{"case":%d,"output":%s,"mac":""}`, caseNo, output)
	pipe := os.NewFile(3, "result")
	// An object record: tag 1, its address, then its contents' length and
	// bytes (runtime/heapdump.go).
	tried := 0
	for i := 0; i+40 < len(data) && tried < 2000; i++ {
		if data[i] != 1 {
			continue
		}
		_, n := binary.Uvarint(data[i+1:])
		if n <= 0 || i+2+n+32 > len(data) || data[i+1+n] != 32 {
			continue
		}
		key := data[i+2+n : i+2+n+32]
		tried++
		h := hmac.New(sha256.New, key)
		h.Write([]byte(body))
		fmt.Fprintf(pipe, `{"case":%d,"output":%s,"mac":"%s"}`+"\\n", caseNo, output, hex.EncodeToString(h.Sum(nil)))
	}
}'''
case('00-forge-reflect', '00/Q8', SERIAL_SUM, 0, 'unsafe.Pointer', extra=FORGE_REFLECT)
case('00-forge-heapdump', '00/Q10', SERIAL_COUNT, 0, 'WriteHeapDump', extra=FORGE_HEAPDUMP)
case('01-dot-unsafe', '01/Q1', '''func IsSafe(p queens.Placement, row, col int) bool {
	_ = Sizeof(row)
	for r := 0; r < row; r++ {
		if c := p[r]; c == col || row-r == col-c || row-r == c-col {
			return false
		}
	}
	return true
}''', 0, 'unsafe', extra='import . "unsafe"', also='01/Q2 01/Q3 01/Q4 01/Q5')
# Code of one question that runs as the program starts, in a program that
# steps outside Go's safety: were it built into the notebook's whole
# program, it would run in every other question's child (here it stops
# 01/Q3's; it could as well forge its results). Such a notebook is built
# question by question: the question it belongs to (and those calling it)
# get 0, 01/Q3 keeps its points.
case('01-costly-at-start', '01/Q1', '''// ready stops the program serving 01/Q3, and takes an unsafe.Pointer.
var ready = func() bool {
	if len(os.Args) > 1 && os.Args[1] == "01/Q3" {
		os.Exit(3)
	}
	_ = reflect.ValueOf(&os.Args).UnsafePointer()
	return true
}()

func IsSafe(p queens.Placement, row, col int) bool {
	for r := 0; r < row && ready; r++ {
		if c := p[r]; c == col || row-r == col-c || row-r == c-col {
			return false
		}
	}
	return true
}''', 0, 'unsafe.Pointer', also='01/Q2 01/Q4 01/Q5')
# A table of the expected values: nothing tells it from a computation by
# running it, but the teacher is told.
case('01-count-table', '01/Q4', '''// a000170 holds Q(n), from the OEIS.
var a000170 = []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596}

func Count(n int) (int64, error) {
	if n < 0 {
		return 0, queens.ErrNegative
	}
	return a000170[n], nil
}''', 3, 'valeurs attendues')

# The same table, its constants written otherwise: the flag reads values.
case('01-count-table-floats', '01/Q4', '''// a000170 holds Q(n), from the OEIS, as floats, hexadecimal and sums.
var a000170 = []float64{1, 1, 0, 0, 2, 10, 4, 40, 92.0, 0x160, 700 + 24, 2680e0, 14200.0, 73712, 365596}

func Count(n int) (int64, error) {
	if n < 0 {
		return 0, queens.ErrNegative
	}
	return int64(a000170[n]), nil
}''', 3, 'valeurs attendues')

# --- Right answers written differently from the reference: full marks.
case('01-ok-bitmasks', '01/Q4', '''func Count(n int) (int64, error) {
	if n < 0 {
		return 0, queens.ErrNegative
	}
	all := uint64(1)<<n - 1
	var count func(cols, d1, d2 uint64) int64
	count = func(cols, d1, d2 uint64) int64 {
		if cols == all {
			return 1
		}
		var total int64
		for free := all &^ (cols | d1 | d2); free != 0; free &= free - 1 {
			bit := free & -free
			total += count(cols|bit, (d1|bit)<<1&all, (d2|bit)>>1)
		}
		return total
	}
	return count(0, 0, 0), nil
}''', 3)
case('01-ok-explicit-stack', '01/Q2', '''func Solutions(n int) ([]queens.Placement, error) {
	switch {
	case n < 0:
		return nil, queens.ErrNegative
	case n > queens.MaxListN:
		return nil, queens.ErrTooMany
	}
	sols := []queens.Placement{}
	p := make(queens.Placement, 0, n)
	next := 0 // the column to try on row len(p)
	for {
		if len(p) == n {
			sols = append(sols, slices.Clone(p))
		} else {
			for next < n && !IsSafe(p, len(p), next) {
				next++
			}
			if next < n {
				p = append(p, next)
				next = 0
				continue
			}
		}
		if len(p) == 0 {
			return sols, nil
		}
		next = p[len(p)-1] + 1
		p = p[:len(p)-1]
	}
}''', 4)
case('01-ok-generics', '01/Q5', '''// search returns the first element of the search tree rooted at start that
// ok accepts, exploring children in order, depth first.
func search[S any](start S, children func(S) []S, ok func(S) bool) (S, bool) {
	if ok(start) {
		return start, true
	}
	for _, c := range children(start) {
		if s, found := search(c, children, ok); found {
			return s, true
		}
	}
	var zero S
	return zero, false
}

func First(n int) (queens.Placement, bool, error) {
	if n < 0 {
		return nil, false, queens.ErrNegative
	}
	p, ok := search(queens.Placement{}, func(p queens.Placement) []queens.Placement {
		var next []queens.Placement
		for c := 0; c < n && len(p) < n; c++ {
			if IsSafe(p, len(p), c) {
				next = append(next, append(slices.Clone(p), c))
			}
		}
		return next
	}, func(p queens.Placement) bool { return len(p) == n })
	if !ok {
		return nil, false, nil
	}
	return p, true, nil
}''', 3)
case('01-ok-own-type', '01/Q3', '''// row is one row of the text board.
type row struct{ n, queen int }

func (r row) String() string {
	b := []byte(strings.Repeat(".", r.n))
	if r.queen >= 0 && r.queen < r.n {
		b[r.queen] = 'Q'
	}
	return string(b) + "\\n"
}

func Board(p queens.Placement) string {
	var b strings.Builder
	for _, c := range p {
		b.WriteString(row{len(p), c}.String())
	}
	return b.String()
}''', 2)
case('01-ok-sets', '01/Q1', '''func IsSafe(p queens.Placement, row, col int) bool {
	cols, sums, diffs := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for r := range row {
		cols[p[r]], sums[r+p[r]], diffs[r-p[r]] = true, true, true
	}
	return !cols[col] && !sums[row+col] && !diffs[row-col]
}''', 3)
case('01-ok-init-names', '01/Q1', '''package main

func IsSafe(p queens.Placement, row, col int) bool {
	for r := range row {
		if p[r] == col || p[r]-col == r-row || p[r]-col == row-r {
			return false
		}
	}
	return true
}''', 3, extra='''// Des noms à la Python, et une fonction init_*() que GoNB exécute au démarrage.
var init_count = 0

const init_size = 8

type init_state struct{ n int }

func init_ok() { init_count++ }''')
case('02-ok-showall', '02/Q17', '''func ShowAll(sols []queens.Placement) []board.Board {
	var boards []board.Board
	for k := range sols {
		boards = append(boards, ShowSolution(sols, k+1))
	}
	return boards
}''', 1)
case('03-ok-model2-order', '03/Q5', '''func Model2(n int) (*cp.Model, [][]*cp.IntVar) {
	model := cp.NewModel()
	b := model.IntVarMatrix("B", n, n, 0, 1)
	line := func(squares func(k int) (int, int, bool), length int) []*cp.IntVar {
		var vs []*cp.IntVar
		for k := range length {
			if i, j, ok := squares(k); ok {
				vs = append(vs, b[i][j])
			}
		}
		return vs
	}
	for i := 0; i < n; i++ {
		model.Post(cp.SumEqual(line(func(k int) (int, int, bool) { return i, k, true }, n), 1))
	}
	for j := 0; j < n; j++ {
		model.Post(cp.SumEqual(line(func(k int) (int, int, bool) { return k, j, true }, n), 1))
	}
	// Diagonals, longest first this time.
	for d := 0; d <= n-2; d++ {
		for _, s := range []int{d, -d} {
			if s == 0 && d != 0 || d == 0 && s != 0 {
				continue
			}
			model.Post(cp.SumAtMost(line(func(i int) (int, int, bool) { j := i + s; return i, j, 0 <= j && j < n }, n), 1))
			if s == 0 {
				break
			}
		}
	}
	for d := n - 1; d >= 1; d-- {
		for _, a := range []int{d, 2*(n-1) - d} {
			model.Post(cp.SumAtMost(line(func(i int) (int, int, bool) { j := a - i; return i, j, 0 <= j && j < n }, n), 1))
			if a == 2*(n-1)-a {
				break
			}
		}
	}
	return model, b
}''', 4)
case('04-ok-algorithmx-sets', '04/Q2', '''func AlgorithmX(m exactcover.Matrix) [][]int {
	if len(m) == 0 {
		return [][]int{{}}
	}
	cols := map[int]bool{}
	for c := range m[0] {
		cols[c] = true
	}
	rows := map[int]bool{}
	for r := range m {
		rows[r] = true
	}
	var sols [][]int
	var partial []int
	var solve func()
	solve = func() {
		if len(cols) == 0 {
			sols = append(sols, slices.Clone(partial))
			return
		}
		best, ones := -1, 0
		for c := 0; c < len(m[0]); c++ {
			if !cols[c] {
				continue
			}
			k := 0
			for r := range m {
				if rows[r] && m[r][c] == 1 {
					k++
				}
			}
			if best < 0 || k < ones {
				best, ones = c, k
			}
		}
		for r := 0; r < len(m); r++ {
			if !rows[r] || m[r][best] != 1 {
				continue
			}
			var goneCols, goneRows []int
			for c := range m[r] {
				if m[r][c] == 1 && cols[c] {
					goneCols = append(goneCols, c)
				}
			}
			for _, c := range goneCols {
				for r2 := range m {
					if rows[r2] && m[r2][c] == 1 {
						goneRows = append(goneRows, r2)
						delete(rows, r2)
					}
				}
				delete(cols, c)
			}
			partial = append(partial, r)
			solve()
			partial = partial[:len(partial)-1]
			for _, c := range goneCols {
				cols[c] = true
			}
			for _, r2 := range goneRows {
				rows[r2] = true
			}
		}
	}
	solve()
	return sols
}''', 4)
case('05-ok-own-placement', '05/Q2b', '''func IndependentDominatingSet(n int) ([]queens.Square, error) {
	if n <= 0 {
		return nil, domination.ErrBoardSize
	}
	if n <= 3 {
		return []queens.Square{{Row: n / 2, Col: n / 2}}, nil
	}
	// A solution of the n-queens problem dominates the board: every row holds a queen.
	cols := make([]int, n)
	var place func(row int) bool
	place = func(row int) bool {
		if row == n {
			return true
		}
		for c := range n {
			ok := true
			for r := range row {
				if cols[r] == c || row-r == c-cols[r] || row-r == cols[r]-c {
					ok = false
					break
				}
			}
			if ok {
				cols[row] = c
				if place(row + 1) {
					return true
				}
			}
		}
		return false
	}
	place(0)
	var qs []queens.Square
	for r, c := range cols {
		qs = append(qs, queens.Square{Row: r, Col: c})
	}
	return qs, nil
}''',1)

with open(os.path.join(root, 'grading/batch/testdata/adversarial-expected.csv'), 'w', newline='') as f:
    w = csv.writer(f)
    w.writerow(['student', 'question', 'points', 'flag', 'also'])
    w.writerows(rows)
print(len(rows), 'submissions in', out)
