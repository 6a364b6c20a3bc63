//go:build !unix

package grading

import (
	"os/exec"
	"time"
)

// processCPU is 0 where the system does not say (see sys_unix.go).
func processCPU() time.Duration { return 0 }

// ownGroup leaves cmd as it is: its context's end kills the process.
func ownGroup(*exec.Cmd) {}
