package frame

import (
	"io"
	"log/slog"
	"runtime"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core/coretest"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// Workers roused ahead of a frame gather its parts whether the job comes
// while they are still awake for it, after they have gone back to sleep,
// or with no rouse at all; and a frame whose parts all went to the render
// thread leaves them ready for the next.
func TestRousedWorkersGatherTheJob(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	const n = 8192
	w := ecs.NewWorld()
	for i := range n {
		w.Spawn(ecs.NewTransform(vmath.Vec3{float32(i), 0, 0}), ecs.Mesh{ID: 1}, ecs.Material{ShaderID: 1})
	}
	var l drawLists
	l.pool = newGatherPool()
	defer l.pool.stop()
	tests := []struct {
		name  string
		rouse bool
		delay time.Duration // from the rouse to the job
	}{
		{"job at once", true, 0},
		{"job while they spin", true, rouseSpin / 5},
		{"job after they sleep again", true, 3 * rouseSpin},
		{"no rouse", false, 0},
		{"job at once again", true, 0},
	}
	for _, tc := range tests {
		for frame := range 20 {
			if tc.rouse {
				l.pool.rouse()
			}
			time.Sleep(tc.delay)
			parts := gatherParts(n)
			l.ensureParts(parts)
			for i := range l.parts[:parts] {
				l.parts[i].reset(uint64(i)<<partShift(parts), false)
			}
			l.used = parts
			q := w.Renderables()
			l.gatherParallel(w, &q, n, parts) // returns once every part is done
			drawn := 0
			for i := range l.parts[:parts] {
				drawn += len(l.parts[i].draws)
			}
			if drawn != n {
				t.Fatalf("%s, frame %d: %d of %d entities drawn", tc.name, frame, drawn, n)
			}
		}
	}
}

// Begin rouses the workers while its frames reach Gather quickly, and
// stops while BeginFrame waits, as it does for the GPU in a GPU-bound
// game, so long that roused workers would spin in vain.
func TestBeginRousesOnlyWhileFramesArePreparedQuickly(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	reg := formats.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core, _, err := coretest.Open(backends.Config{Width: 64, Height: 64, Formats: reg, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()
	b := &slowBeginFrame{Backend: core}
	w := ecs.NewWorld()
	w.SpawnCamera(ecs.NewTransform(vmath.Vec3{0, 0, 10}), ecs.Camera{FovY: 60, Near: 0.1, Far: 100, Active: true})
	for i := range 4096 {
		w.Spawn(ecs.NewTransform(vmath.Vec3{float32(i), 0, 0}), ecs.Mesh{ID: 1}, ecs.Material{ShaderID: 1})
	}
	c := NewContext(b, reg, log)
	if err := c.Begin(w); err != nil { // the first frame in parts starts the pool
		t.Fatal(err)
	}
	if err := c.End(); err != nil {
		t.Fatal(err)
	}
	// A limit no frame's preparation comes near on a loaded machine, or
	// under the race detector (40 to 70 µs there, against 3 µs without).
	c.lists.pool.rouseWithin = 10 * time.Millisecond
	// frames runs three frames and reports whether Begin roused the
	// workers in the last two: the workers' start word moves on once for
	// each job, and once more for each rouse.
	frames := func(wait time.Duration) bool {
		b.wait = wait
		var moves uint32
		for i := range 3 {
			before := c.lists.pool.start.Load()
			if err := c.Begin(w); err != nil {
				t.Fatal(err)
			}
			if err := c.End(); err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				moves += c.lists.pool.start.Load() - before
			}
		}
		switch moves {
		case 2:
			return false
		case 4:
			return true
		}
		t.Fatalf("the workers' start word moved %d times in two frames, want 2 or 4", moves)
		return false
	}
	for _, tc := range []struct {
		wait  time.Duration
		rouse bool
	}{{0, true}, {20 * time.Millisecond, false}, {0, true}} {
		if got := frames(tc.wait); got != tc.rouse {
			t.Errorf("BeginFrame waiting %v: roused %v, want %v", tc.wait, got, tc.rouse)
		}
	}
}

// slowBeginFrame is a backend whose BeginFrame waits first.
type slowBeginFrame struct {
	*coretest.Backend
	wait time.Duration
}

func (b *slowBeginFrame) BeginFrame(d *backends.FrameData) error {
	time.Sleep(b.wait)
	return b.Backend.BeginFrame(d)
}
