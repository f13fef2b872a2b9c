package frame

import (
	"runtime"
	"testing"
	"time"

	"github.com/sleakgo/sleak/ecs"
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
				l.parts[i].reset(uint64(i) << partShift(parts))
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
