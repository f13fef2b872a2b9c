//go:build unix

package render_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, on every thread:
// with the gather spread over goroutines, what a frame costs the
// machine, beside the wall time it takes.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
