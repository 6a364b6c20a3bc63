package sandbox

import (
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/prepa-reines/reines/grading"
)

// probeBwrap runs /bin/true under bubblewrap as a child would run.
func probeBwrap(path string, unprivileged bool) error {
	args := append([]string{path}, bwrapArgs("/bin/true", "/bin/true", true, DefaultLimits, 0)...)
	cmd := exec.Command(args[0], args[1:]...)
	if unprivileged {
		uid := <-uidPool
		defer func() { uidPool <- uid }()
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// bwrapArgs are bubblewrap's arguments that run bin (at path inside) with
// args: new namespaces of every kind, killed with its parent, in a session
// of its own; a read-only, empty root holding only the binary and a
// minimal read-only /dev; for a dynamically linked binary (-race), the
// system's libraries read-only; a fresh tmpfs of lim.TmpMB MiB as /tmp,
// HOME, TMPDIR and working directory, and a small one as /dev/shm, the only
// writable places; an environment of its own.
//
// There is no procfs: a program cannot read its own memory, where the
// harness keeps its key, through /proc/self/mem, nor reopen a descriptor
// through /proc/self/fd. The race runtime, which reads its options
// (GORACE) from /proc/self/environ as it starts, gets a read-only /proc
// holding only that file, copied by bubblewrap from descriptor environFD
// (which it then closes; 0: none, for builds without -race). The teacher's
// files, /home, /root, the grader's work folder and the other submissions
// are not there at all.
func bwrapArgs(bin, inside string, dynamic bool, lim Limits, environFD int) []string {
	a := []string{"--unshare-all", "--die-with-parent", "--new-session", "--hostname", "sandbox", "--clearenv",
		"--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp",
		"--setenv", "GOMAXPROCS", strconv.Itoa(max(lim.MaxProcs, 1)), "--setenv", "GOTRACEBACK", "none",
		"--setenv", grading.EnvKeyFD, "4"}
	if lim.Checks > 0 {
		a = append(a, "--setenv", grading.TimeoutEnv, lim.Checks.String())
	}
	if lim.Race {
		a = append(a, "--setenv", "GORACE", raceOptions)
	}
	if dynamic {
		a = append(a, libraryArgs(bin)...)
	}
	if lim.Race && environFD > 0 {
		a = append(a, "--dir", "/proc/self", "--perms", "0444", "--file", strconv.Itoa(environFD), "/proc/self/environ")
	}
	a = append(a, "--ro-bind", bin, inside, "--dev", "/dev",
		"--size", strconv.Itoa(1<<20), "--tmpfs", "/dev/shm", "--remount-ro", "/dev",
		"--size", strconv.Itoa(max(lim.TmpMB, 1)<<20), "--tmpfs", "/tmp", "--chdir", "/tmp",
		"--remount-ro", "/", inside)
	return a
}

// raceEnviron is what the race runtime reads of its environment
// (/proc/self/environ): its options, NUL-terminated.
const raceEnviron = "GORACE=" + raceOptions + "\x00"

// libraryArgs are bubblewrap's arguments that show a dynamically linked
// binary its loader and its libraries (DT_NEEDED), read-only, each at the
// path where the loader looks for it, with the symbolic links on the way:
// nothing else of the system's files.
func libraryArgs(bin string) []string {
	f, err := elf.Open(bin)
	if err != nil {
		return nil
	}
	defer f.Close()
	var paths []string
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b := make([]byte, p.Filesz)
			if _, err := p.ReadAt(b, 0); err == nil {
				paths = append(paths, strings.TrimRight(string(b), "\x00"))
			}
		}
	}
	libs, _ := f.ImportedLibraries()
	for _, lib := range libs {
		for _, dir := range libraryDirs {
			if _, err := os.Stat(filepath.Join(dir, lib)); err == nil {
				paths = append(paths, filepath.Join(dir, lib))
				break
			}
		}
	}
	// Each path is followed link by link: the files are bound at their real
	// paths, the links are made at their real places (their folder's real
	// path), after the files, so that no link stands in a bind's way.
	var binds, links []string
	done := map[string]bool{}
	for _, p := range paths {
		for depth := 0; depth < 16 && !done[p]; depth++ {
			done[p] = true
			dir, err := filepath.EvalSymlinks(filepath.Dir(p))
			if err != nil {
				break
			}
			// The folders on the way that are links (/lib64 → usr/lib64).
			for d := filepath.Dir(p); d != "/" && d != "."; d = filepath.Dir(d) {
				if fi, err := os.Lstat(d); err == nil && fi.Mode()&os.ModeSymlink != 0 && !done[d] {
					done[d] = true
					target, _ := os.Readlink(d)
					real, _ := filepath.EvalSymlinks(filepath.Dir(d))
					links = append(links, "--symlink", target, filepath.Join(real, filepath.Base(d)))
				}
			}
			here := filepath.Join(dir, filepath.Base(p))
			fi, err := os.Lstat(here)
			if err != nil {
				break
			}
			if fi.Mode()&os.ModeSymlink == 0 {
				if fi.Mode().IsRegular() {
					binds = append(binds, "--ro-bind", here, here)
				}
				break
			}
			target, _ := os.Readlink(here)
			links = append(links, "--symlink", target, here)
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			p = target
		}
	}
	return append(binds, links...)
}

// libraryDirs are where the loader looks for libraries (Debian's multiarch
// folders first).
var libraryDirs = []string{"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"}

// raceWarning starts the race detector's report.
const raceWarning = grading.RaceWarning

// RaceReport returns the first report of the race detector in output,
// trimmed to what points at the student's cells: the accesses and
// goroutine creations, each with its frames in the cells ("cellule N:L",
// from the //line directives of the program), at most 40 lines.
func RaceReport(output string) string {
	return grading.RaceReport(output, grading.CellFrame)
}

// raceOptions stop a -race child at the first race, with a recognisable
// exit code (see RaceReport); the harness refuses to serve with others.
const raceOptions = grading.RaceOptions

// isDynamic reports whether the ELF file at path asks for an interpreter
// (it links the C library: a -race build).
func isDynamic(path string) bool {
	f, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return true
		}
	}
	return false
}
