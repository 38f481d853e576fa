package apptest_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far (user and system, every thread):
// a benchmark's CPU per operation, which other programs on the machine do not move as
// they move its wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
