package grading

import (
	"reflect"
	"sync"
)

// SmallN is the largest board size a case kind calls « petit n » (see
// CaseKind): the sizes a student checks by hand or by brute force.
const SmallN = 8

// CaseKind says in French which kind of input a case is, without giving
// it: an error case when the expected output is an error (its Err field
// set), an edge case for a board size n ≤ 1, else « petit n » or « grand n »
// (above SmallN), « au-delà des cas publics » when n is larger than every
// public case's; "" when the input has no board size (a field N) and the
// output no error. The bulk grader's feedback says it of each failed
// hidden case.
func CaseKind(in, want any, publicMaxN int) string {
	if errorOutput(want) {
		return "cas d'erreur (entrée à refuser)"
	}
	n, ok := boardSize(in)
	switch {
	case !ok:
		return ""
	case n <= 1:
		return "cas limite (n ≤ 1)"
	case n > publicMaxN && n > SmallN:
		return "grand n, au-delà des cas publics"
	case n > SmallN:
		return "grand n"
	}
	return "petit n"
}

// errorOutput reports whether out is an error, or a struct whose field Err
// (pointer or interface) is set.
func errorOutput(out any) bool {
	if err, ok := out.(error); ok {
		return err != nil
	}
	v := reflect.ValueOf(out)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return false
	}
	f := v.FieldByName("Err")
	return f.IsValid() && (f.Kind() == reflect.Pointer || f.Kind() == reflect.Interface) && !f.IsNil()
}

// boardSize returns the int field N of the input in (a struct, or a
// pointer to one), if it has one.
func boardSize(in any) (int, bool) {
	v := reflect.ValueOf(in)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return 0, false
	}
	f := v.FieldByName("N")
	if !f.IsValid() || !f.CanInt() {
		return 0, false
	}
	return int(f.Int()), true
}

// publicMaxNs caches, by question ID, the largest board size of its public
// cases (see publicMaxN).
var publicMaxNs sync.Map

// publicMaxN returns the largest board size of e's public cases (0 when
// they have none).
func (e *core[F, In, Out]) publicMaxN() int {
	if n, ok := publicMaxNs.Load(e.ID); ok {
		return n.(int)
	}
	ins, _ := e.public()
	most := 0
	for _, in := range ins {
		if n, ok := boardSize(in); ok {
			most = max(most, n)
		}
	}
	publicMaxNs.Store(e.ID, most)
	return most
}
