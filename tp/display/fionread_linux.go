package display

import "syscall"

// fionread is the ioctl that tells how many bytes a pipe holds unread.
const fionread = syscall.TIOCINQ
