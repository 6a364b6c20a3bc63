//go:build !linux && !darwin

package display

// flushStdout does nothing where GoNB does not run (GoNB runs on Linux and macOS).
func flushStdout() {}
