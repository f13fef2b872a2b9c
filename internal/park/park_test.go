package park_test

import (
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/internal/park"
)

func TestWaitReturnsAtOnceForAnotherValue(t *testing.T) {
	var w park.Word
	w.Store(7)
	done := make(chan struct{})
	go func() {
		w.Wait(6)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Wait(6) on a word holding 7 did not return")
	}
}

func TestWakeWakesTheSleepers(t *testing.T) {
	tests := []struct {
		name     string
		sleepers int
		wake     int // Wake's n, once per sleeper when 1
	}{
		{"one sleeper, one wake", 1, 1},
		{"eight sleepers, woken one at a time", 8, 1},
		{"eight sleepers, woken at once", 8, park.All},
		{"sixteen sleepers, woken by count", 16, 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var w park.Word
			var started, woken sync.WaitGroup
			started.Add(tc.sleepers)
			woken.Add(tc.sleepers)
			for range tc.sleepers {
				go func() {
					started.Done()
					if v := w.WaitChange(0); v != 1 {
						t.Errorf("woke to %d, want 1", v)
					}
					woken.Done()
				}()
			}
			started.Wait()
			time.Sleep(10 * time.Millisecond) // most of them asleep, not all need be
			w.Add(1)
			calls := 1
			if tc.wake == 1 {
				calls = tc.sleepers
			}
			for range calls {
				w.Wake(tc.wake)
			}
			all := make(chan struct{})
			go func() { woken.Wait(); close(all) }()
			select {
			case <-all:
			case <-time.After(10 * time.Second):
				t.Fatalf("not every one of %d sleepers woke", tc.sleepers)
			}
		})
	}
}

// TestNoWakeIsLost passes a turn back and forth between two goroutines
// many times, each sleeping on its own word: a wake that came between a
// sleeper's test and its sleep, and were lost, would hang it.
func TestNoWakeIsLost(t *testing.T) {
	const turns = 20000
	var ping, pong park.Word
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := uint32(1); i <= turns; i++ {
			ping.WaitChange(i - 1)
			pong.Add(1)
			pong.Wake(1)
		}
	}()
	for i := uint32(1); i <= turns; i++ {
		ping.Add(1)
		ping.Wake(1)
		pong.WaitChange(i - 1)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the other goroutine did not finish")
	}
}

func TestSpinChange(t *testing.T) {
	t.Run("the word moves", func(t *testing.T) {
		var w park.Word
		go func() {
			time.Sleep(time.Millisecond)
			w.Store(3)
		}()
		if v, moved := w.SpinChange(0, 10*time.Second); !moved || v != 3 {
			t.Fatalf("SpinChange = %d, %v; want 3, true", v, moved)
		}
	})
	t.Run("it does not", func(t *testing.T) {
		var w park.Word
		w.Store(5)
		start := time.Now()
		if v, moved := w.SpinChange(5, 2*time.Millisecond); moved || v != 5 {
			t.Fatalf("SpinChange = %d, %v; want 5, false", v, moved)
		}
		if d := time.Since(start); d < 2*time.Millisecond {
			t.Fatalf("SpinChange gave up after %v, before its 2ms", d)
		}
	})
	t.Run("it had already", func(t *testing.T) {
		var w park.Word
		w.Store(9)
		if v, moved := w.SpinChange(8, 0); !moved || v != 9 {
			t.Fatalf("SpinChange = %d, %v; want 9, true", v, moved)
		}
	})
}
