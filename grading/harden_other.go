//go:build !linux

package grading

// harden does nothing: the bulk grader and its sandbox run on Linux only
// (see harden_linux.go).
func harden(int) {}
