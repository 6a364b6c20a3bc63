//go:build unix

package main

import "syscall"

// cpuSeconds returns the CPU time (user and system) used so far by the
// process, all threads together.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
