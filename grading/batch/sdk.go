package batch

import (
	"path/filepath"

	"github.com/prepa-reines/reines/grading/release"
)

// SDK is the student edition the grader builds every submission against,
// released without its recorded data: the tp packages without their
// reference answers and the check harness without expected values, so that
// a submission can reach neither.
type SDK struct {
	Dir string // the edition's root
	// Stubbed are the functions and methods the SDK reserves for grading
	// (see release.Stubbed), for the teacher's flags.
	Stubbed map[string]bool
}

// NewSDK writes the student edition of the teacher's tree at root into
// dir, without recorded data (see release.WriteStudent), and returns it.
func NewSDK(root, dir string) (*SDK, error) {
	if _, err := release.WriteStudent(root, dir, false); err != nil {
		return nil, err
	}
	stubbed, err := release.Stubbed(root)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return &SDK{Dir: abs, Stubbed: stubbed}, nil
}
