package game

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
)

// TestChunkBorders: F6 turns the chunk border view on, drawn in debug
// lines through the backend, and off again.
func TestChunkBorders(t *testing.T) {
	lines := map[uint64]int{}
	count := func(f uint64) Action {
		return Action{Frame: f, Do: func(g *Game) { lines[f] = g.Stats().Lines }}
	}
	key := func(f uint64, down bool) Action { return Action{Frame: f, Key: ecs.KeyF6, Down: down} }
	script := &Script{End: 14, Actions: []Action{
		count(2),
		key(3, true), key(4, false),
		count(7),
		key(9, true), key(10, false),
		count(13),
	}}
	g := startGame(t, testOptions(t, backends.Vulkan, t.TempDir(), script))
	defer g.Close()
	play(t, g)
	// The view shows 16 corner posts and at least one ring of 4 lines.
	if lines[2] != 0 || lines[7] < 20 || lines[13] != 0 {
		t.Errorf("debug lines before, with and after F6: %d, %d, %d; want 0, at least 20, 0", lines[2], lines[7], lines[13])
	}
}
