// Package allocs counts what a function allocates, for the tests that hold
// per-frame paths to zero allocations.
package allocs

import (
	"runtime/debug"
	"testing"
)

// Steady is testing.AllocsPerRun for a frame that calls into a driver: the
// least of three counts, taken with the garbage collector held off. What
// the frame itself allocates shows in every count; the runtime's own
// allocations do not, and are left out: the finalizers cgo bindings set,
// which run on a goroutine of their own after a collection, and the
// threads the scheduler starts while a cgo call blocks (a wait for the GPU
// on a loaded machine).
func Steady(runs int, f func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	least := testing.AllocsPerRun(runs, f)
	for range 2 {
		if least == 0 {
			break
		}
		least = min(least, testing.AllocsPerRun(runs, f))
	}
	return least
}
