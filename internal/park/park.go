// Package park puts goroutines to sleep until a 32-bit word changes, and
// wakes them, through the operating system where it can: a futex on Linux,
// WaitOnAddress on Windows.
//
// A goroutine woken through a channel or sync.Cond by a goroutine that
// keeps running waits in the waker's own run slot until an idle
// processor's thread, itself asleep, comes for it: tens of microseconds on
// a virtual machine, and woken goroutines reach processors one after
// another. A goroutine parked here sleeps in the kernel on its own thread,
// and one Wake has the kernel wake every sleeper's thread at once. It
// suits a few worker goroutines that a frame loop wakes many times a
// second; each holds an operating system thread while it sleeps.
package park

import (
	"sync/atomic"
	"time"
)

// A Word is a 32-bit value that goroutines can sleep on until it changes.
// The zero Word holds 0 and is ready to use. A Word must not be copied
// after first use.
//
// A waiter sleeps until the word moves on from the value it last saw:
//
//	seen = w.WaitChange(seen)
//
// and wakers change the word before they wake:
//
//	w.Add(1)
//	w.Wake(park.All)
type Word struct {
	v atomic.Uint32
	sleepers
}

// All wakes every goroutine sleeping on a Word.
const All = 1<<31 - 1

// Load returns the word.
func (w *Word) Load() uint32 { return w.v.Load() }

// Store sets the word to v.
func (w *Word) Store(v uint32) { w.v.Store(v) }

// Add adds delta to the word and returns the new value.
func (w *Word) Add(delta uint32) uint32 { return w.v.Add(delta) }

// Wait sleeps while the word holds old. It returns at once if the word
// holds anything else, and may return without a change (a signal, a wake
// meant for an earlier value): callers test the word again.
func (w *Word) Wait(old uint32) { w.wait(&w.v, old) }

// WaitChange sleeps until the word no longer holds seen, and returns what
// it holds then.
func (w *Word) WaitChange(seen uint32) uint32 {
	v := w.Load()
	for ; v == seen; v = w.Load() {
		w.Wait(v)
	}
	return v
}

// SpinChange waits for the word to move on from seen without sleeping, up
// to d, and returns what it holds then and whether it moved: for a change
// due sooner than the kernel wakes a sleeping thread.
func (w *Word) SpinChange(seen uint32, d time.Duration) (uint32, bool) {
	start := time.Now()
	for i := 1; ; i++ {
		if v := w.Load(); v != seen {
			return v, true
		}
		// The clock is read now and then: it costs more than a load.
		if i%256 == 0 && time.Since(start) > d {
			return seen, false
		}
	}
}

// Wake wakes up to n goroutines sleeping on the word (All for every one).
// The change that wakes them is made before Wake: a goroutine that tests
// the word after the change does not sleep.
func (w *Word) Wake(n int) { w.wake(&w.v, n) }
