package cp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// A spec describes a small random model independently of the solver, so
// that a brute-force enumeration can evaluate its constraints from their
// definitions.
type spec struct {
	doms [][]int // domain of each variable
	cons []specCons
}

type specCons struct {
	kind int   // 0: x ≠ y + k; 1: all different (2: with bounds); 3: sum =; 4: sum ≤
	vars []int // variable indices
	offs []int // offsets of the views (kinds 1, 2)
	k    int   // offset (kind 0) or total (kinds 3, 4)
}

// holds reports whether the assignment a satisfies c, from the definition.
func (c specCons) holds(a []int) bool {
	switch c.kind {
	case 0:
		return a[c.vars[0]] != a[c.vars[1]]+c.k
	case 1, 2:
		seen := map[int]bool{}
		for i, v := range c.vars {
			if seen[a[v]+c.offs[i]] {
				return false
			}
			seen[a[v]+c.offs[i]] = true
		}
		return true
	}
	sum := 0
	for _, v := range c.vars {
		sum += a[v]
	}
	if c.kind == 3 {
		return sum == c.k
	}
	return sum <= c.k
}

// decodeSpec turns fuzz bytes into a spec with 1 to 5 variables of at most 8
// values in -3..6 (a third of them 0/1) and 0 to 5 constraints.
func decodeSpec(data []byte) spec {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	var sp spec
	var bools []int
	for i := range 1 + next()%5 {
		if next()%3 == 0 {
			sp.doms = append(sp.doms, []int{0, 1})
			bools = append(bools, i)
			continue
		}
		lo, mask := next()%5-3, next()|1<<(next()%8)
		var dom []int
		for b := range 8 {
			if mask&(1<<b) != 0 {
				dom = append(dom, lo+b)
			}
		}
		sp.doms = append(sp.doms, dom)
	}
	nv := len(sp.doms)
	for range next() % 6 {
		c := specCons{kind: next() % 5}
		switch c.kind {
		case 0:
			c.vars, c.k = []int{next() % nv, next() % nv}, next()%5-2
		case 1, 2:
			for range 1 + next()%nv {
				c.vars = append(c.vars, next()%nv)
				c.offs = append(c.offs, next()%5-2)
			}
		default:
			if len(bools) == 0 {
				continue
			}
			for _, b := range bools {
				if next()%2 == 0 {
					c.vars = append(c.vars, b)
				}
			}
			c.k = next() % 3
		}
		sp.cons = append(sp.cons, c)
	}
	return sp
}

// build makes the cp model of sp.
func (sp spec) build() (*Model, []*IntVar) {
	m := NewModel()
	xs := make([]*IntVar, len(sp.doms))
	for i, d := range sp.doms {
		xs[i] = m.IntVarValues(fmt.Sprint("x", i), d...)
	}
	for _, c := range sp.cons {
		switch c.kind {
		case 0:
			m.Post(NotEqualOffset(xs[c.vars[0]], xs[c.vars[1]], c.k))
		case 1, 2:
			vs := make([]View, len(c.vars))
			for i, v := range c.vars {
				vs[i] = xs[v].Plus(c.offs[i])
			}
			if c.kind == 1 {
				m.Post(AllDifferent(vs...))
			} else {
				m.Post(AllDifferentBounds(vs...))
			}
		default:
			bs := make([]*IntVar, len(c.vars))
			for i, v := range c.vars {
				bs[i] = xs[v]
			}
			if c.kind == 3 {
				m.Post(SumEqual(bs, c.k))
			} else {
				m.Post(SumAtMost(bs, c.k))
			}
		}
	}
	return m, xs
}

// bruteForce returns every assignment of sp's domains that satisfies all
// its constraints, in lexicographic order.
func (sp spec) bruteForce() [][]int {
	var sols [][]int
	a := make([]int, len(sp.doms))
	var rec func(i int)
	rec = func(i int) {
		if i == len(a) {
			for _, c := range sp.cons {
				if !c.holds(a) {
					return
				}
			}
			sols = append(sols, slices.Clone(a))
			return
		}
		for _, v := range sp.doms[i] {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return sols
}

// checkSpec compares every search order's solutions with the brute force:
// same set, each reported once, each satisfying every constraint, and the
// data structures intact at each solution and after the search.
func checkSpec(t *testing.T, sp spec) {
	want := sp.bruteForce()
	for vo := InputOrder; vo <= DomWDeg; vo++ {
		for vv := Increasing; vv <= MiddleOut; vv++ {
			m, xs := sp.build()
			s := m.Solver(vo, vv)
			got := solutions(t, s, xs)
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%v, %v: solutions %v; brute force %v", vo, vv, got, want)
			}
			if err := verify(m); err != nil {
				t.Fatal(err)
			}
			n, err := m.Solver(vo, vv).Count(context.Background())
			if n != int64(len(want)) || err != nil {
				t.Fatalf("%v, %v: Count = %d, %v; want %d", vo, vv, n, err, len(want))
			}
			err = m.Solver(vo, vv).Solve(context.Background())
			if (err == nil) != (len(want) > 0) {
				t.Fatalf("%v, %v: Solve = %v with %d solutions", vo, vv, err, len(want))
			}
		}
	}
}

// FuzzRandomModel builds random small models: the solver must never panic
// and must find exactly the solutions of a brute-force enumeration.
func FuzzRandomModel(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{2, 1, 0, 7, 1, 0, 7, 1, 1, 1, 0, 1, 2, 2, 0})
	f.Add([]byte{4, 1, 3, 255, 1, 3, 255, 1, 3, 255, 0, 5, 2, 3, 0, 0, 1, 0, 2, 0, 3, 0})
	f.Add([]byte{4, 0, 0, 0, 0, 5, 3, 1, 1, 1, 1, 2, 4, 1, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSpec(t, decodeSpec(data))
	})
}

// TestRandomModels runs the fuzz check on models from a fixed seed, so that
// plain go test covers many shapes.
func TestRandomModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	count := 400
	if testing.Short() {
		count = 100
	}
	for i := range count {
		data := make([]byte, 40)
		for j := range data {
			data[j] = byte(rng.IntN(256))
		}
		sp := decodeSpec(data)
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkSpec(t, sp) })
	}
}

// TestWideModels runs the fuzz check on shapes the byte decoder does not
// make: domains of several words (random models whose domains of more than
// two values also get the far value 70), and all-differents of more than
// 64 views (three variables in 0..49, each in 22 views x + k, k in 0..21,
// with and without bounds consistency).
func TestWideModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	count := 200
	if testing.Short() {
		count = 50
	}
	for i := range count {
		data := make([]byte, 40)
		for j := range data {
			data[j] = byte(rng.IntN(256))
		}
		sp := decodeSpec(data)
		for v, d := range sp.doms {
			if len(d) > 2 {
				sp.doms[v] = append(d, 70)
			}
		}
		t.Run(fmt.Sprint("far/", i), func(t *testing.T) { checkSpec(t, sp) })
	}
	for kind := 1; kind <= 2; kind++ {
		sp := spec{cons: []specCons{{kind: kind}}}
		for range 3 {
			sp.doms = append(sp.doms, make([]int, 50))
			for v := range 50 {
				sp.doms[len(sp.doms)-1][v] = v
			}
		}
		for k := range 22 {
			for v := range 3 {
				sp.cons[0].vars = append(sp.cons[0].vars, v)
				sp.cons[0].offs = append(sp.cons[0].offs, k)
			}
		}
		t.Run(fmt.Sprint("views/", kind), func(t *testing.T) { checkSpec(t, sp) })
	}
}
