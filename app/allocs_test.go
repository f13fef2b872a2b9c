package app

import (
	"testing"
	"time"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/internal/allocs"
	"github.com/sleakgo/sleak/vmath"
)

// TestRunnerStepAllocatesNothing runs a scene from game.toml, with a game
// system that turns its camera every frame, on each Linux backend: once
// the frame has settled, a whole step of the runner (clock, input, the
// game's systems, every render system, the backend, the statistics)
// allocates nothing.
func TestRunnerStepAllocatesNothing(t *testing.T) {
	cfg := writeFile(t, t.TempDir(), "game.toml", cubeScene)
	for _, kind := range linuxBackends {
		t.Run(kind, func(t *testing.T) {
			g := Game{Setup: func(r *Runner) error {
				r.Add(ecs.Update, SystemFunc(func(w *ecs.World) error {
					if tr, cam := w.ActiveCamera(); cam != nil {
						turn := vmath.QuatAxisAngle(vmath.Vec3{0, 1, 0}, 0.01)
						tr.Rotation = turn.Mul(tr.Rotation)
					}
					return nil
				}))
				return nil
			}}
			r, err := Start(g, Options{Config: cfg, Backend: kind, Width: 64, Height: 48, Headless: true, Logger: quiet()})
			skipNoDriver(t, kind, err)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			step := func() { must(t, r.Step(time.Second/60)) }
			for range 30 {
				step()
			}
			if n := allocs.Steady(50, step); n != 0 {
				t.Errorf("a step of the runner allocates %v times, want 0", n)
			}
		})
	}
}
