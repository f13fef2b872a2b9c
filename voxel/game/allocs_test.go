package game

import (
	"testing"
	"time"

	"github.com/sleakgo/sleak/internal/allocs"
)

// TestGameFrameAllocatesNothing plays the real game on each Linux backend
// with the world loaded and the player turning on the spot, so that every
// frame culls, sorts and draws a different view: once the frame has
// settled, a whole step (input, simulation, daylight, the HUD, every render
// system and the backend) allocates nothing.
func TestGameFrameAllocatesNothing(t *testing.T) {
	const settle, frames = 120, 400
	for _, kind := range e2eBackends {
		t.Run(kind.String(), func(t *testing.T) {
			script := &Script{End: settle + frames + 1}
			for f := uint64(1); f <= script.End; f++ {
				// A slow turn: the whole circle over the run, and the view a
				// little up and down, so the horizon and the ground both pass.
				dy := float32(2)
				if f/50%2 == 1 {
					dy = -2
				}
				script.Actions = append(script.Actions, Action{Frame: f, LookDX: 6, LookDY: dy})
			}
			g := startGame(t, testOptions(t, kind, t.TempDir(), script))
			defer g.Close()
			step := func() {
				if err := g.Step(time.Second / 60); err != nil {
					t.Fatal(err)
				}
			}
			for range settle {
				step()
			}
			// Steady runs f three times over (runs+1 calls each): 3*(80+1)
			// frames, within the script.
			if n := allocs.Steady(80, step); n != 0 {
				t.Errorf("a frame of the game allocates %v times, want 0", n)
			}
		})
	}
}
