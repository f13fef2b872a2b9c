package game

import (
	"image"
	"math"
	"testing"

	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

func TestChunkLights(t *testing.T) {
	tests := []struct {
		name   string
		pos    chunk.Pos
		blocks [][3]int // local x, y, z of the torches
		want   []vmath.Vec3
	}{
		{name: "none", pos: chunk.Pos{}},
		{name: "corners", pos: chunk.Pos{X: 1, Z: -1},
			blocks: [][3]int{{0, 0, 0}, {chunk.Size - 1, chunk.Height - 1, chunk.Size - 1}},
			want: []vmath.Vec3{
				{chunk.Size + 0.5, 0.5, -chunk.Size + 0.5},
				{2*chunk.Size - 0.5, chunk.Height - 0.5, -0.5},
			}},
		{name: "neighbours in a column", pos: chunk.Pos{},
			blocks: [][3]int{{3, 70, 5}, {3, 71, 5}},
			want:   []vmath.Vec3{{3.5, 70.5, 5.5}, {3.5, 71.5, 5.5}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b chunk.Blocks
			b.Set(1, 2, 3, block.Stone)
			for _, p := range tt.blocks {
				b.Set(p[0], p[1], p[2], block.Torch)
			}
			got := chunkLights(nil, &b, tt.pos)
			if len(got) != len(tt.want) {
				t.Fatalf("found %d lights %v, want %v", len(got), got, tt.want)
			}
			for i, l := range got {
				if l.pos != tt.want[i] || l.id != block.Torch {
					t.Errorf("light %d at %v (%v), want a torch at %v", i, l.pos, l.id, tt.want[i])
				}
			}
		})
	}
}

// TestTorchesLightTheScene places twenty torches in a ring around the
// player: the sixteen nearest become point lights, and the picture is
// brighter with them than with the frame's punctual lights turned off.
func TestTorchesLightTheScene(t *testing.T) {
	for _, kind := range e2eBackends {
		t.Run(kind.String(), func(t *testing.T) {
			var lit, unlit *image.RGBA
			var onScreen, pooled int
			shot := func(g *Game) *image.RGBA {
				img, err := g.Screenshot()
				if err != nil {
					t.Fatal(err)
				}
				return img
			}
			script := &Script{End: 45, Actions: []Action{
				{Frame: 1, Do: func(g *Game) {
					x, y, z := g.World().Generator().Spawn()
					eye := vmath.Vec3{float32(x) + 0.5, float32(y) + 4, float32(z) + 0.5}
					g.SetView(eye, 0, -0.7)
					var edits []world.Edit
					for i := range 20 {
						a := float64(i) * 2 * math.Pi / 20
						r := 4.0 + float64(i%2)*3 // the farther ten include four left unlit
						edits = append(edits, world.Edit{
							X: x + int(math.Round(r*math.Sin(a))), Y: y + 1, Z: z + int(math.Round(r*math.Cos(a))), ID: block.Torch,
						})
					}
					if n := g.World().SetBlocks(edits); n != len(edits) {
						t.Fatalf("placed %d of %d torches", n, len(edits))
					}
				}},
				{Frame: 35, Do: func(g *Game) {
					lit, onScreen, pooled = shot(g), g.Stats().Lights, g.TorchLights()
					g.ctx.Env.PunctualLights = false
				}},
				{Frame: 40, Do: func(g *Game) { unlit = shot(g) }},
			}}
			g := startGame(t, testOptions(t, kind, t.TempDir(), script))
			defer g.Close()
			play(t, g)
			if pooled != MaxTorchLights {
				t.Errorf("%d block lights lit, want the %d nearest of 20", pooled, MaxTorchLights)
			}
			if onScreen == 0 || onScreen > MaxTorchLights {
				t.Errorf("%d punctual lights on screen, want 1 to %d", onScreen, MaxTorchLights)
			}
			if l, u := meanLuma(lit), meanLuma(unlit); l < u+2.0/255 {
				t.Errorf("mean brightness %.3f with the torches' light, %.3f without: want it clearly brighter", l, u)
			}
		})
	}
}
