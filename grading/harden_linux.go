package grading

import "syscall"

// harden closes the routes from the student's code to the harness's key
// that a process of the same user would have: the child is made
// non-dumpable (prctl(PR_SET_DUMPABLE, 0)), so that its /proc entries
// (mem, environ, fd…) belong to root and no other process of its user can
// ptrace it or read its memory (process_vm_readv); and the result
// descriptor, fd, is not inherited by the programs it starts. Errors are
// ignored: the sandbox holds without them (see submission.bwrapArgs).
func harden(fd int) {
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0)
	syscall.CloseOnExec(fd)
}

// dieWithParent has the process that a starts killed when this one dies
// (PR_SET_PDEATHSIG): a check cell that GoNB kills, interrupted or with its
// kernel, takes its race build and run with it (see raceRecheck).
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
