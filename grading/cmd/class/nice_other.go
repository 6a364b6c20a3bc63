//go:build !linux

package main

import "errors"

// lower is not available here: the class view runs at the usual priority.
func lower(n int) error { return errors.New("no nice level on this system") }
