package game

import (
	"slices"
	"testing"
	"time"

	"github.com/sleakgo/sleak/formats"
)

func TestFrameLogKeepsTheMostRecentFrames(t *testing.T) {
	for _, tc := range []struct {
		name      string
		run       uint64 // newFrameLog's argument
		add       int    // frames recorded
		wantFirst int    // the first frame kept (frames are numbered from 1)
		wantLen   int
	}{
		{"a short run, all kept", 5, 3, 1, 3},
		{"a run played to its end", 5, 5, 1, 5},
		{"stepped past its end", 5, 7, 3, 5},
		{"wrapped twice and a bit", 4, 11, 8, 4},
		{"open-ended, under the limit", 0, 100, 1, 100},
		{"open-ended, past the limit", 0, maxFrameLog + 10, 11, maxFrameLog},
		{"a run longer than the limit", maxFrameLog * 2, maxFrameLog + 1, 2, maxFrameLog},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newFrameLog(tc.run)
			for f := 1; f <= tc.add; f++ {
				var gpu [formats.NumPasses]time.Duration
				gpu[formats.PassGBuffer] = time.Duration(10 * f)
				l.add(time.Duration(f), &gpu)
			}
			cpu, gpu := l.frames()
			if len(cpu) != tc.wantLen || len(gpu) != tc.wantLen {
				t.Fatalf("%d CPU and %d GPU times kept, want %d", len(cpu), len(gpu), tc.wantLen)
			}
			for i := range cpu {
				f := tc.wantFirst + i
				if cpu[i] != time.Duration(f) || gpu[i][formats.PassGBuffer] != time.Duration(10*f) {
					t.Fatalf("kept frame %d is %v (gbuffer %v), want frame %d, oldest first", i, cpu[i], gpu[i][formats.PassGBuffer], f)
				}
			}
		})
	}
}

func TestFrameLogRecordsWithoutAllocating(t *testing.T) {
	l := newFrameLog(64)
	var gpu [formats.NumPasses]time.Duration
	// 200 frames a run: the log fills and wraps inside the count.
	if n := testing.AllocsPerRun(5, func() {
		for range 200 {
			l.add(time.Millisecond, &gpu)
		}
	}); n != 0 {
		t.Errorf("recording 200 frames allocates %v times, want 0", n)
	}
}

func TestRunLength(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
		want uint64
	}{
		{"open-ended", Options{}, 0},
		{"max frames", Options{MaxFrames: 600}, 600},
		{"script", Options{Script: &Script{End: 90}}, 90},
		{"script ends first", Options{Script: &Script{End: 90}, MaxFrames: 600}, 90},
		{"max frames first", Options{Script: &Script{End: 900}, MaxFrames: 600}, 600},
		{"script without an end", Options{Script: &Script{}, MaxFrames: 600}, 600},
	} {
		if got := runLength(tc.o); got != tc.want {
			t.Errorf("%s: runLength = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestFrameLogFramesAreOldestFirstWithoutCopyingUntilItWraps(t *testing.T) {
	l := newFrameLog(3)
	var gpu [formats.NumPasses]time.Duration
	for f := 1; f <= 3; f++ {
		l.add(time.Duration(f), &gpu)
	}
	cpu, _ := l.frames()
	if !slices.Equal(cpu, []time.Duration{1, 2, 3}) || &cpu[0] != &l.cpu[0] {
		t.Errorf("a full log that has not wrapped returns %v, a copy: %v", cpu, &cpu[0] != &l.cpu[0])
	}
}
