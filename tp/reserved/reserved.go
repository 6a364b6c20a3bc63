// Package reserved keeps count of the calls of the reference answers'
// stubs. In the student edition of the workbook (see grading/release),
// every function the edition reserves for grading is a stub whose body
// calls [Call] before it returns its error or panics; the checks read
// [Count] around each case, so that a case whose answer reached a stub, by
// whatever route (a variable, a closure, a table filled at start-up, an
// error thrown away), fails whatever it returned. In the teacher's edition
// nothing calls Call and Count stays at zero.
package reserved

import "sync"

var (
	mu    sync.Mutex
	calls int64
	last  string
	hook  func(name string)
)

// Call records a call of the stub of the function named name (e.g.
// "queens.Solutions"), then calls the function [OnCall] set, if any, with
// name. It is safe for concurrent use.
func Call(name string) {
	mu.Lock()
	calls++
	last = name
	h := hook
	mu.Unlock()
	if h != nil {
		h(name)
	}
}

// OnCall sets the function every later [Call] calls after recording (nil:
// none), so that a check can stop waiting for a case as soon as its answer
// reaches a stub, from whichever goroutine.
func OnCall(f func(name string)) {
	mu.Lock()
	defer mu.Unlock()
	hook = f
}

// Count returns the number of stub calls so far, and the name of the last
// stub called ("" if none). The count never decreases.
func Count() (n int64, name string) {
	mu.Lock()
	defer mu.Unlock()
	return calls, last
}
