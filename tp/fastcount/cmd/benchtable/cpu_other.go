//go:build !unix

package main

// cpuSeconds returns -1: the CPU time is not measured on this system.
func cpuSeconds() float64 { return -1 }
