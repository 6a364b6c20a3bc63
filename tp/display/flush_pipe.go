//go:build linux || darwin

package display

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

// Bounds of [flushStdout].
const (
	flushLimit  = time.Second           // longest wait for GoNB to read the cell's standard output
	flushSettle = 10 * time.Millisecond // after it read, time to publish what it read
)

// flushStdout waits until GoNB has taken what the cell printed on its
// standard output, so that a display sent next shows below that text.
//
// GoNB reads the cell program's standard output (a pipe) and its displays
// (a named pipe) in two goroutines, each publishing what it reads at once:
// a display sent right after a print often reaches the notebook first (104
// of 150 times in a measured run, see notebooks' TestLive). While the pipe
// holds unread bytes (ioctl FIONREAD), flushStdout waits, at most flushLimit;
// then, if there were some, it leaves flushSettle for GoNB to publish
// them. With nothing pending it returns at once. Standard output that is
// not a pipe (a terminal, a file) is never pending.
func flushStdout() {
	fd := int(os.Stdout.Fd())
	waited := false
	for deadline := time.Now().Add(flushLimit); ; {
		n, err := pending(fd)
		if err != nil || n == 0 {
			break
		}
		waited = true
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
	if waited {
		time.Sleep(flushSettle)
	}
}

// pending returns how many bytes the pipe fd holds unread (ioctl FIONREAD,
// with package syscall: golang.org/x/sys/unix would add a large package to
// every check cell's link).
func pending(fd int) (int, error) {
	var n int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), fionread, uintptr(unsafe.Pointer(&n))); errno != 0 {
		return 0, errno
	}
	return int(n), nil
}
