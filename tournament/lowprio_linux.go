package tournament

import (
	"runtime"
	"syscall"
)

// atLowPriority runs f on an OS thread of its own at the lowest scheduling priority
// (nice 19), so that the kernel runs page requests first when the CPUs are busy. The
// thread is not given back: it ends with the goroutine, its priority with it.
func atLowPriority(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
		f()
	}()
	<-done
}
