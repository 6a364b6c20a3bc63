//go:build !linux && !darwin

package chart

// flushStdout does nothing where GoNB does not run (GoNB runs on Linux and macOS).
func flushStdout() {}
