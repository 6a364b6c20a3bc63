//go:build linux

package main

import (
	"os"
	"strconv"
	"syscall"
)

// lower gives every thread of this process the nice level n (a higher n
// yields the processor to the others), unless it already has a higher one.
// On Linux a nice level is a thread's, and a new thread or child process
// takes its creator's: once every thread has it, all later ones and every
// program this one starts (the compiler, the sandboxed children) have it
// too. The threads are listed twice, for those started meanwhile.
func lower(n int) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return setNice(0, n)
	}
	for range 2 {
		for _, t := range tasks {
			if tid, err := strconv.Atoi(t.Name()); err == nil {
				_ = setNice(tid, n) // a thread that ended meanwhile
			}
		}
		if tasks, err = os.ReadDir("/proc/self/task"); err != nil {
			return err
		}
	}
	return setNice(0, n)
}

func setNice(who, n int) error {
	// getpriority's system call returns 20 - nice (see getpriority(2)).
	if p, err := syscall.Getpriority(syscall.PRIO_PROCESS, who); err == nil && 20-p >= n {
		return nil
	}
	return syscall.Setpriority(syscall.PRIO_PROCESS, who, n)
}
