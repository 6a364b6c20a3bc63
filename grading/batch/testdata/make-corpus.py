# Writes testdata/corpus from the committed notebook 01 (student and correction),
# and testdata/mistakes from the correction of every TP.
# Run from anywhere: python3 grading/batch/testdata/make-corpus.py
import json, copy, os, shutil, sys
root = os.path.abspath(os.path.join(os.path.dirname(__file__), '../../..'))
out = os.path.join(root, 'grading/batch/testdata/corpus')
keep = os.path.join(out, 'old-format.ipynb')
os.makedirs(out, exist_ok=True)
corr = json.load(open(os.path.join(root, 'notebooks/corrections/01-recursion.ipynb')))
stud = json.load(open(os.path.join(root, 'notebooks/01-recursion.ipynb')))

def src(s):
    lines = s.split('\n')
    return [l + '\n' for l in lines[:-1]] + [lines[-1]]

def answer_index(nb, q):
    for i, c in enumerate(nb['cells']):
        m = c.get('metadata', {}).get('reines', {})
        if m.get('role') == 'answer' and m.get('question') == '01/' + q:
            return i
    raise KeyError(q)

def with_answer(q, code, base=corr):
    nb = copy.deepcopy(base)
    nb['cells'][answer_index(nb, q)]['source'] = src(code)
    return nb

def write(name, nb, raw=None):
    path = os.path.join(out, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if raw is not None:
        open(path, 'wb').write(raw)
    else:
        open(path, 'w').write(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')

write('full.ipynb', corr)
write('empty.ipynb', stud)
write('board-no-final-newline.ipynb', with_answer('Q3', '''func Board(p queens.Placement) string {
	var rows []string
	for _, c := range p {
		row := []byte(strings.Repeat(".", len(p)))
		row[c] = 'Q'
		rows = append(rows, string(row))
	}
	return strings.Join(rows, "\\n")
}'''))
write('count-zero-for-empty-board.ipynb', with_answer('Q4', '''func Count(n int) (int64, error) {
	if n < 0 {
		return 0, queens.ErrNegative
	}
	if n == 0 {
		return 0, nil
	}
	sols, err := Solutions(n)
	return int64(len(sols)), err
}'''))
write('count-no-error.ipynb', with_answer('Q4', '''func Count(n int) (int64, error) {
	if n < 0 {
		return 0, nil
	}
	sols, err := Solutions(n)
	return int64(len(sols)), err
}'''))
write('solutions-no-copy.ipynb', with_answer('Q2', '''func Solutions(n int) ([]queens.Placement, error) {
	if n < 0 {
		return nil, queens.ErrNegative
	}
	if n > queens.MaxListN {
		return nil, queens.ErrTooMany
	}
	sols := []queens.Placement{}
	p := make(queens.Placement, n)
	var place func(row int)
	place = func(row int) {
		if row == n {
			sols = append(sols, p) // forgets to copy p
			return
		}
		for col := 0; col < n; col++ {
			if IsSafe(p, row, col) {
				p[row] = col
				place(row + 1)
			}
		}
	}
	place(0)
	return sols, nil
}'''))
write('first-no-error.ipynb', with_answer('Q5', '''func First(n int) (queens.Placement, bool, error) {
	if n < 0 {
		return nil, false, nil
	}
	sols, _ := Solutions(min(n, 12))
	if n <= 12 {
		if len(sols) == 0 {
			return nil, false, nil
		}
		return sols[0], true, nil
	}
	p := make(queens.Placement, n)
	var place func(row int) bool
	place = func(row int) bool {
		if row == n {
			return true
		}
		for col := 0; col < n; col++ {
			if IsSafe(p, row, col) {
				p[row] = col
				if place(row + 1) {
					return true
				}
			}
		}
		return false
	}
	return p, place(0), nil
}'''))
write('board-type-error.ipynb', with_answer('Q3', '''func Board(p queens.Placement) string {
	return 42
}'''))
write('count-syntax-error.ipynb', with_answer('Q4', '''func Count(n int) (int64, error) {
	return 0, nil
'''))
nb = with_answer('Q1', '''func IsSafe(p queens.Placement, row, col int) bool {
	return true // first attempt
}''')
i = answer_index(nb, 'Q5')
fix = copy.deepcopy(corr['cells'][answer_index(corr, 'Q1')])
fix['id'] = 'later-fix'
nb['cells'].insert(i + 1, fix)
write('redefined-later-right.ipynb', nb)
nb = copy.deepcopy(corr)
i = answer_index(nb, 'Q5')
wrong = copy.deepcopy(nb['cells'][answer_index(nb, 'Q3')])
wrong['id'] = 'later-wrong'
wrong['source'] = src('''func Board(p queens.Placement) string {
	var b strings.Builder
	for _, c := range p {
		for col := range p {
			if col == c {
				b.WriteByte('Q')
			} else {
				b.WriteByte('#')
			}
		}
		b.WriteByte('\\n')
	}
	return b.String()
}''')
nb['cells'].insert(i + 1, wrong)
write('redefined-later-wrong.ipynb', nb)
write('count-infinite-loop.ipynb', with_answer('Q4', '''func Count(n int) (int64, error) {
	for {
	}
}'''))
write('first-os-exit.ipynb', with_answer('Q5', '''func First(n int) (queens.Placement, bool, error) {
	os.Exit(0)
	return nil, false, nil
}'''))
write('board-memory-bomb.ipynb', with_answer('Q3', '''func Board(p queens.Placement) string {
	var blocks [][]byte
	for {
		b := make([]byte, 1<<26)
		b[0] = 1
		blocks = append(blocks, b)
	}
}'''))
write('count-panics.ipynb', with_answer('Q4', '''func Count(n int) (int64, error) {
	var counts []int64
	return counts[n], nil
}'''))
nb = copy.deepcopy(corr)
i = answer_index(nb, 'Q3')
code = ''.join(nb['cells'][i]['source'])
nb['cells'][i]['source'] = src(code.replace('\treturn b.String()', '\tfor i := 0; i < 20000; i++ {\n\t\tfmt.Println("déboguage : encore une ligne de sortie inutile")\n\t}\n\treturn b.String()'))
write('board-huge-output.ipynb', nb)
nb = copy.deepcopy(corr)
i = answer_index(nb, 'Q5')
code = ''.join(nb['cells'][i]['source'])
start = '\tif err := queens.CheckSize(n, queens.MaxN); err != nil {'
assert start in code
nb['cells'][i]['source'] = src(code.replace(start, '\tfor i := 0; i < 50; i++ {\n\t\t_ = exec.Command("/bin/sleep", "60").Start()\n\t}\n' + start, 1))
write('first-spawns-processes.ipynb', nb)
write('solutions-calls-reference.ipynb', with_answer('Q2', '''func Solutions(n int) ([]queens.Placement, error) {
	return queens.Solutions(n)
}'''))
nb = copy.deepcopy(corr)
i = answer_index(nb, 'Q1')
dup = copy.deepcopy(nb['cells'][i])
dup['source'] = src('''func IsSafe(p queens.Placement, row, col int) bool {
	return false
}''')
nb['cells'].insert(i, dup)  # same id, same metadata, before the right one
write('duplicate-answer-cell.ipynb', nb)
write('carol/01-recursion.ipynb', corr)
other = copy.deepcopy(corr)
for c in other['cells']:
    m = c.get('metadata', {}).get('reines')
    if m and 'question' in m:
        m['question'] = '02/' + m['question'].split('/')[1]
write('other-tp.ipynb', other)
raw = json.dumps(corr, indent=1, ensure_ascii=False).encode('utf-8')
write('truncated.ipynb', None, raw[: len(raw) // 2])
write('empty-file.ipynb', None, b'')
bad = json.dumps(corr, indent=1, ensure_ascii=False).encode('utf-8').replace('retour sur trace'.encode(), b'retour sur trace \xe9\xe9', 1)
write('latin1-bytes.ipynb', None, bad)
pass  # old-format.ipynb is the course's notebook-nbformat3.ipynb case, kept as is
print('\n'.join(sorted(os.listdir(out))))

# mistakes/: one typical mistake per notebook, in the correction of its TP.
mistakes = os.path.join(root, 'grading/batch/testdata/mistakes')
os.makedirs(mistakes, exist_ok=True)

def correction(name):
    return json.load(open(os.path.join(root, 'notebooks/corrections', name + '.ipynb')))

def replace_in_answer(nb, qid, old, new):
    nb = copy.deepcopy(nb)
    for c in nb['cells']:
        m = c.get('metadata', {}).get('reines', {})
        if m.get('role') == 'answer' and m.get('question') == qid:
            code = ''.join(c['source'])
            assert old in code, (qid, old)
            c['source'] = src(code.replace(old, new, 1))
            return nb
    raise KeyError(qid)

def set_answer(nb, qid, code):
    nb = copy.deepcopy(nb)
    for c in nb['cells']:
        m = c.get('metadata', {}).get('reines', {})
        if m.get('role') == 'answer' and m.get('question') == qid:
            c['source'] = src(code)
            return nb
    raise KeyError(qid)

def write_mistake(name, nb):
    open(os.path.join(mistakes, name), 'w').write(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')

# Two mistakes in one notebook (one grading): Q3 keeps the permutation
# itself; Q9's workers add to one shared sum without a lock (each adds its
# last term just before its next call of f: a check that synchronized the
# calls of f would order those writes and hide the data race).
nb00 = replace_in_answer(correction('00-go'), '00/Q3',
    'perms = append(perms, slices.Clone(p))', 'perms = append(perms, p)')
nb00 = set_answer(nb00, '00/Q9', '''func Workers(tasks []int, workers int, f func(int) int64) int64 {
	workers = max(workers, 1)
	todo := make(chan int, len(tasks))
	for _, t := range tasks {
		todo <- t
	}
	close(todo)
	var total int64 // every worker's, unprotected
	rest := make(chan int64, workers)
	for range workers {
		go func() {
			var last int64
			for t := range todo {
				if last != 0 {
					total += last
				}
				last = f(t)
			}
			rest <- last
		}()
	}
	var lasts int64
	for range workers {
		lasts += <-rest
	}
	return total + lasts
}''')
write_mistake('00-no-copy-shared-sum.ipynb', nb00)
write_mistake('01-count-mirror-twice.ipynb', replace_in_answer(correction('01-recursion'), '01/Q4',
    '\treturn count(0), nil\n', '''\tif n == 0 {
\t\treturn 1, nil
\t}
\t// By symmetry, count the first queen in the left half only, twice:
\t// but the middle column of an odd n is its own mirror.
\tvar total int64
\tfor col := 0; col < (n+1)/2; col++ {
\t\tp[0] = col
\t\ttotal += 2 * count(1)
\t}
\treturn total, nil
'''))
write_mistake('02-antidiagonal-off-by-one.ipynb', replace_in_answer(correction('02-iterative'), '02/Q2',
    'l+c == s.I+s.J', 'l+c == s.I+s.J+1'))
write_mistake('03-model1-no-antidiagonal.ipynb', replace_in_answer(correction('03-cp'), '03/Q2',
    '\t\t\tmodel.Post(cp.NotEqualOffset(x[i], x[j], -k)) // nor anti-diagonal\n', ''))
write_mistake('04-diagonals-primary.ipynb', replace_in_answer(correction('04-exactcover'), '04/Q12',
    'p, err := New(primary, secondary)', 'p, err := New(append(primary, secondary...), nil)'))
write_mistake('05-search-no-undo.ipynb', replace_in_answer(correction('05-domination'), '05/Q9b',
    '\t\t\t\t_ = Update(c, sq, -1) // cannot fail: the queen is there\n', ''))
write_mistake('05-count-prunes-ties.ipynb', replace_in_answer(correction('05-domination'), '05/Q13',
    'if r > best {', 'if r >= best {'))
nb = copy.deepcopy(correction('05-domination'))
for c in nb['cells']:
    m = c.get('metadata', {}).get('reines', {})
    if m.get('role') == 'answer' and m.get('question') == '05/Q24b':
        code = ''.join(c['source'])
        # The lock taken in the wrong place: after the goroutines, not
        # around best.
        for lock, by in [('\t\tmu.Lock()\n\t\tdefer mu.Unlock()\n\t\treturn best\n', '\t\treturn best\n'),
                         ('\t\t\t\t\tmu.Lock()\n', ''), ('\t\t\t\t\tmu.Unlock()\n', '')]:
            assert lock in code, lock
            code = code.replace(lock, by)
        assert '\twg.Wait()\n' in code
        code = code.replace('\twg.Wait()\n', '\twg.Wait()\n\tmu.Lock()\n\tdefer mu.Unlock()\n', 1)
        c['source'] = src(code)
write_mistake('05-parallel-no-lock.ipynb', nb)
nb = correction('04-exactcover')
for c in nb['cells']:
    m = c.get('metadata', {}).get('reines', {})
    if m.get('role') == 'answer' and m.get('question') == '04/Q4':
        c['source'] = src('''func InsertOption(p *exactcover.Problem, items ...string) error {
	return p.AddOption(items...) // the package's method, which calls the reference answer
}''')
write_mistake('04-insert-calls-method.ipynb', nb)

# Mistakes whose feedback must point at the right place (TestCascade, not
# in mistakes-expected.csv): HideOption forgets LEN, which CoverItem and
# Dance then inherit; Dance returns at once when visit says stop, without
# uncovering.
write_mistake('04-hide-option-no-len.ipynb', replace_in_answer(correction('04-exactcover'), '04/Q5',
    '\t\tp.Len[j]--\n', ''))
write_mistake('04-dance-stop-no-uncover.ipynb', replace_in_answer(correction('04-exactcover'), '04/Q11',
    '\t\t\tgoing = dance()\n', '\t\t\tif going = dance(); !going {\n\t\t\t\treturn false\n\t\t\t}\n'))
print('\n'.join(sorted(os.listdir(mistakes))))
