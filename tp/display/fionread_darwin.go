package display

// fionread is the ioctl that tells how many bytes a pipe holds unread:
// FIONREAD of <sys/filio.h>, _IOR('f', 127, int) (not in x/sys/unix).
const fionread = 0x4004667f
