//go:build !linux && !windows

package park

import (
	"sync"
	"sync/atomic"
)

// sleepers is a condition variable where the system has no call to sleep
// on a word: the goroutines park in the Go scheduler instead.
type sleepers struct {
	mu   sync.Mutex
	cond *sync.Cond
}

func (s *sleepers) wait(v *atomic.Uint32, old uint32) {
	s.mu.Lock()
	if s.cond == nil {
		s.cond = sync.NewCond(&s.mu)
	}
	if v.Load() == old {
		s.cond.Wait()
	}
	s.mu.Unlock()
}

// wake takes the lock so that a waiter that saw the old value is asleep
// in cond.Wait, not between its test and its sleep.
func (s *sleepers) wake(v *atomic.Uint32, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cond == nil {
		return
	}
	if n == 1 {
		s.cond.Signal()
		return
	}
	s.cond.Broadcast()
}
