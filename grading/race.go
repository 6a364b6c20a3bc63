//go:build race

package grading

// raceBuild tells a program built with the race detector.
const raceBuild = true
