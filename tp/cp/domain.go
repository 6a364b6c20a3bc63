package cp

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// IntVar is an integer variable of a [Model], with a finite domain: the set
// of values it may still take. The domain is a bit set over the range of
// its initial values, with its size, minimum and maximum kept up to date,
// so that Size, Min, Max and Contains cost O(1). A variable is fixed
// (instantiated) when one value is left. Variables are created by
// [Model.IntVar], [Model.IntVarValues], [Model.BoolVar] and
// [Model.IntVarArray].
type IntVar struct {
	m     *Model
	id    int       // index in m.vars
	name  string    // for printing only
	off   int       // the value of bit 0 of words[0]
	words []uint64  // bit i of words[w] is set iff off + 64w + i is in the domain
	word0 [1]uint64 // the words (words is word0[:]) of a domain of one word
	size  int       // number of values in the domain
	min   int       // smallest value (meaningless if size == 0)
	max   int       // largest value (meaningless if size == 0)
	mid   int       // middle of the initial domain, for MiddleOut
	pos   int       // index in m.order
	wdeg  int64     // 1, plus 1 per constraint on it, plus their failures (DomWDeg)

	fixWatch    []watch // who to wake when the variable becomes fixed
	boundsWatch []int32 // constraints to schedule when min or max changes
}

// Name returns the name the variable was created with.
func (x *IntVar) Name() string { return x.name }

// Size returns the number of values in the domain. Cost O(1).
func (x *IntVar) Size() int { return x.size }

// Min returns the smallest value of the domain, which must not be empty.
// Cost O(1).
func (x *IntVar) Min() int { return x.min }

// Max returns the largest value of the domain, which must not be empty.
// Cost O(1).
func (x *IntVar) Max() int { return x.max }

// Fixed reports whether the domain has exactly one value.
func (x *IntVar) Fixed() bool { return x.size == 1 }

// Value returns the value of a fixed variable, e.g. after a successful
// [Solver.Solve] or inside a [Solver.Solutions] loop. It panics if the
// variable is not fixed: reading a value before a solution is found is a
// programming error (check the error Solve returns).
func (x *IntVar) Value() int {
	if x.size != 1 {
		panic(fmt.Sprintf("cp: Value of %s, which is not fixed: check the error of Solve first", x))
	}
	return x.min
}

// Contains reports whether v is in the domain. Cost O(1).
func (x *IntVar) Contains(v int) bool {
	i := v - x.off
	return i >= 0 && i < len(x.words)*64 && x.words[i>>6]&(1<<(i&63)) != 0
}

// Domain returns the values of the domain in increasing order. Cost O(max
// − min of the initial domain).
func (x *IntVar) Domain() []int {
	vals := make([]int, 0, x.size)
	for w, word := range x.words {
		for word != 0 {
			vals = append(vals, x.off+w*64+bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
	return vals
}

// String returns the variable and its domain, as "x1 = 3" when fixed and
// "x1 ∈ {1..3, 5}" otherwise (runs of consecutive values shortened).
func (x *IntVar) String() string {
	if x.size == 1 {
		return x.name + " = " + strconv.Itoa(x.min)
	}
	var b strings.Builder
	b.WriteString(x.name + " ∈ {")
	vals := x.Domain()
	for i := 0; i < len(vals); {
		j := i
		for j+1 < len(vals) && vals[j+1] == vals[j]+1 {
			j++
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(vals[i]))
		if j > i {
			b.WriteString(".." + strconv.Itoa(vals[j]))
		}
		i = j + 1
	}
	b.WriteString("}")
	return b.String()
}

// Plus returns the view x + c, for [AllDifferent].
func (x *IntVar) Plus(c int) View { return View{x, c} }

// Minus returns the view x − c, for [AllDifferent].
func (x *IntVar) Minus(c int) View { return View{x, -c} }

// View is an offset view x + Offset of a variable: a variable-like value
// that constraints read and prune through the variable itself, without a
// new variable or constraint. Build it with [IntVar.Plus] or [IntVar.Minus].
//
// Source: Choco 2 plus(x, c) and minus(x, c), which make auxiliary
// expressions instead.
type View struct {
	Var    *IntVar
	Offset int
}

// String returns "x1 + 2", "x1 - 2" or "x1".
func (v View) String() string {
	switch {
	case v.Var == nil:
		return "<nil> + " + strconv.Itoa(v.Offset)
	case v.Offset > 0:
		return v.Var.name + " + " + strconv.Itoa(v.Offset)
	case v.Offset < 0:
		return v.Var.name + " - " + strconv.Itoa(-v.Offset)
	}
	return v.Var.name
}

// next returns the smallest value of the domain ≥ v; v must be ≤ x.max.
func (x *IntVar) next(v int) int {
	i := max(v-x.off, 0)
	w := i >> 6
	word := x.words[w] &^ (1<<(i&63) - 1)
	for word == 0 {
		w++
		word = x.words[w]
	}
	return x.off + w*64 + bits.TrailingZeros64(word)
}

// prev returns the largest value of the domain ≤ v; v must be ≥ x.min.
func (x *IntVar) prev(v int) int {
	i := min(v-x.off, len(x.words)*64-1)
	w := i >> 6
	word := x.words[w] & (2<<(i&63) - 1)
	for word == 0 {
		w--
		word = x.words[w]
	}
	return x.off + w*64 + 63 - bits.LeadingZeros64(word)
}

// remove takes v out of the domain and reports false if the domain becomes
// empty. Cost O(1), or O(distance to the next value) if v was a bound.
func (x *IntVar) remove(v int) bool {
	i := v - x.off
	if i < 0 || i >= len(x.words)*64 || x.words[i>>6]&(1<<(i&63)) == 0 {
		return true
	}
	if len(x.m.levels) > 0 {
		x.m.trail = append(x.m.trail, entry{v: int32(x.id), bit: int32(i)})
	}
	x.words[i>>6] &^= 1 << (i & 63)
	x.size--
	return x.settle(v)
}

// settle completes the removal of v, whose bit is cleared and size
// decremented: it moves min or max if v was one, wakes the constraints,
// and reports false if the domain is empty.
func (x *IntVar) settle(v int) bool {
	if x.size == 0 {
		return false
	}
	switch v {
	case x.min:
		x.min = x.next(v)
		x.boundsChanged()
	case x.max:
		x.max = x.prev(v)
		x.boundsChanged()
	}
	if x.size == 1 {
		x.m.markFixed(x)
	}
	return true
}

// fix reduces the domain to {v} and reports false if v is not in it.
// Cost O(words between min and max).
func (x *IntVar) fix(v int) bool {
	if !x.Contains(v) {
		return false
	}
	if x.size == 1 {
		return true
	}
	x.save()
	clear(x.words[(x.min-x.off)>>6 : (x.max-x.off)>>6+1])
	i := v - x.off
	x.words[i>>6] = 1 << (i & 63)
	x.size, x.min, x.max = 1, v, v
	x.boundsChanged()
	x.m.markFixed(x)
	return true
}

// removeBelow removes the values < v and removeAbove the values > v; both
// report false if the domain becomes empty. Cost O(words between min and
// max).
func (x *IntVar) removeBelow(v int) bool {
	if v <= x.min {
		return true
	}
	if v > x.max {
		return false
	}
	x.save()
	for i := x.min - x.off; i < v-x.off; {
		if i&63 == 0 && i+64 <= v-x.off {
			x.size -= bits.OnesCount64(x.words[i>>6])
			x.words[i>>6] = 0
			i += 64
			continue
		}
		if x.words[i>>6]&(1<<(i&63)) != 0 {
			x.words[i>>6] &^= 1 << (i & 63)
			x.size--
		}
		i++
	}
	x.min = x.next(v)
	x.boundsChanged()
	if x.size == 1 {
		x.m.markFixed(x)
	}
	return true
}

func (x *IntVar) removeAbove(v int) bool {
	if v >= x.max {
		return true
	}
	if v < x.min {
		return false
	}
	x.save()
	for i := x.max - x.off; i > v-x.off; {
		if i&63 == 63 && i-64 >= v-x.off {
			x.size -= bits.OnesCount64(x.words[i>>6])
			x.words[i>>6] = 0
			i -= 64
			continue
		}
		if x.words[i>>6]&(1<<(i&63)) != 0 {
			x.words[i>>6] &^= 1 << (i & 63)
			x.size--
		}
		i--
	}
	x.max = x.prev(v)
	x.boundsChanged()
	if x.size == 1 {
		x.m.markFixed(x)
	}
	return true
}

// boundsChanged schedules the constraints watching the bounds of x.
func (x *IntVar) boundsChanged() {
	for _, c := range x.boundsWatch {
		x.m.schedule(c)
	}
}

// save records the domain on the trail before a bulk change, unless at the
// root (level 0), whose changes are never undone: a domain of one word in
// the trail entry, and otherwise size, min, max and the words from the one
// holding min to the one holding max in m.saved (the others are zero and
// stay zero). Cost O(1), or O(words between min and max).
func (x *IntVar) save() {
	m := x.m
	if len(m.levels) == 0 {
		return
	}
	if len(x.words) == 1 {
		m.trail = append(m.trail, entry{v: int32(x.id), bit: -1, data: x.words[0]})
		return
	}
	lo, hi := (x.min-x.off)>>6, (x.max-x.off)>>6
	start := len(m.saved)
	m.trail = append(m.trail, entry{v: int32(x.id), bit: int32(-1 - start)})
	m.saved = m.grow(3 + hi - lo + 1)
	m.saved[start], m.saved[start+1], m.saved[start+2] = uint64(x.size), uint64(x.min), uint64(x.max)
	copy(m.saved[start+3:], x.words[lo:hi+1])
}

// restore undoes the change recorded by the trail entry e of x. Cost O(1),
// or O(words between min and max) for a bulk change of several words.
func (x *IntVar) restore(e entry) {
	switch {
	case e.bit >= 0:
		x.putBack(x.off + int(e.bit))
	case len(x.words) == 1:
		w := e.data
		x.words[0] = w
		x.size = bits.OnesCount64(w)
		x.min = x.off + bits.TrailingZeros64(w)
		x.max = x.off + 63 - bits.LeadingZeros64(w)
	default:
		s := x.m.saved[-1-int(e.bit):]
		x.size, x.min, x.max = int(s[0]), int(int64(s[1])), int(int64(s[2]))
		lo, hi := (x.min-x.off)>>6, (x.max-x.off)>>6
		copy(x.words[lo:hi+1], s[3:])
	}
}

// putBack undoes the removal of v.
func (x *IntVar) putBack(v int) {
	i := v - x.off
	x.words[i>>6] |= 1 << (i & 63)
	x.size++
	x.min, x.max = min(x.min, v), max(x.max, v)
}
