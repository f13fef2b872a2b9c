// Package allocs counts what a function allocates, for the tests that hold
// per-frame paths to zero allocations.
package allocs

import (
	"runtime/debug"
	"testing"
)

// Steady is testing.AllocsPerRun with the garbage collector held off while
// it counts: the runtime's finalizers (which cgo bindings set on their
// objects) run on a goroutine of their own when a collection finds garbage,
// and what they allocate would count against f.
func Steady(runs int, f func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	return testing.AllocsPerRun(runs, f)
}
