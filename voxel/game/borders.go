package game

import (
	"math"

	"github.com/sleakgo/sleak/debugdraw"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// Colours of the chunk border view.
var (
	borderColor   = vmath.Vec4{1, 0.85, 0.2, 1}   // the player's chunk
	neighborColor = vmath.Vec4{0.3, 0.55, 1, 0.8} // the chunks around it
	targetColor   = vmath.Vec4{0.2, 1, 1, 1}      // the targeted block, on top
)

const (
	gridStep  = 8  // blocks between the rings round the player's chunk
	gridReach = 24 // blocks above and below the player the rings reach
)

// drawBorders is F6's chunk border view, in debug lines: the corner posts
// of the player's chunk and of the eight around it, rings round the
// player's chunk every gridStep blocks near the player, and the targeted
// block's box drawn on top of everything. F6 toggles it; game.toml's
// [renderer] debug_lines must be on for it to show.
func (g *Game) drawBorders(w *ecs.World) {
	if w.Input.Pressed[ecs.KeyF6] && !g.Paused() {
		g.ui.borders = !g.ui.borders
	}
	dd := ecs.Resource[debugdraw.List](w)
	if !g.ui.borders || dd == nil {
		return
	}
	pos := g.player.Body.Pos
	cp := chunk.PosOf(int(math.Floor(pos.X)), int(math.Floor(pos.Z)))
	const s = chunk.Size
	for dz := int32(-1); dz <= 2; dz++ {
		for dx := int32(-1); dx <= 2; dx++ {
			x, z := float32((cp.X+dx)*s), float32((cp.Z+dz)*s)
			c := neighborColor
			if (dx == 0 || dx == 1) && (dz == 0 || dz == 1) {
				c = borderColor
			}
			dd.Line(vmath.Vec3{x, 0, z}, vmath.Vec3{x, chunk.Height, z}, c)
		}
	}
	x0, z0 := float32(cp.X*s), float32(cp.Z*s)
	x1, z1 := x0+s, z0+s
	y := int(pos.Y)
	for ry := max(0, (y-gridReach)/gridStep*gridStep); ry <= min(chunk.Height, y+gridReach); ry += gridStep {
		h := float32(ry)
		dd.Line(vmath.Vec3{x0, h, z0}, vmath.Vec3{x1, h, z0}, borderColor)
		dd.Line(vmath.Vec3{x1, h, z0}, vmath.Vec3{x1, h, z1}, borderColor)
		dd.Line(vmath.Vec3{x1, h, z1}, vmath.Vec3{x0, h, z1}, borderColor)
		dd.Line(vmath.Vec3{x0, h, z1}, vmath.Vec3{x0, h, z0}, borderColor)
	}
	if g.player.HasTarget {
		b := g.player.Target.Block
		lo := vmath.Vec3{float32(b[0]), float32(b[1]), float32(b[2])}
		dd.OnTop.Box(lo, lo.Add(vmath.Vec3{1, 1, 1}), targetColor)
	}
}
