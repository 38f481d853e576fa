//go:build !linux

package tournament

// atLowPriority runs f; only on Linux does it lower the thread's priority.
func atLowPriority(f func()) { f() }
