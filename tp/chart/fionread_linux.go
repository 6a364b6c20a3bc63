package chart

import "golang.org/x/sys/unix"

// fionread is the ioctl that tells how many bytes a pipe holds unread.
const fionread = unix.TIOCINQ
