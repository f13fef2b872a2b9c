package conformance

import (
	"image"
	"math"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// The debug_lines scene's lines: behindCube runs behind the cube, so the
// cube hides its middle from the camera; overCube runs a little above it,
// drawn on top, so it shows across the cube too. Their colours occur
// nowhere else in the scene.
var (
	behindCube = [2]vmath.Vec3{{-1.5, 0.35, -1}, {2.8, 0.35, -1}}
	overCube   = [2]vmath.Vec3{{-1.5, 0.75, -1}, {2.8, 0.75, -1}}
	lineTested = vmath.Vec4{1, 0, 1, 1} // magenta
	lineOnTop  = vmath.Vec4{0, 1, 0, 1} // green
)

// debugLines: the debug pass draws world-space lines over the composited
// image, in their exact colours, hidden where the scene is nearer unless
// drawn on top: the middle of a depth-tested line behind the cube is
// hidden and both its ends show; an on-top line shows across the cube.
// Boxes (axis-aligned and transformed) and a cross complete the picture
// for the golden. The lines are cleared every frame, still drawn after a
// resize, and a steady frame allocates nothing.
func debugLines(h *harness) {
	h.open()
	h.stage()
	h.defaultCube("cube", cubePos, defaultShader)
	dd := h.ctx.Debug
	if !dd.Enabled() {
		h.t.Fatal("debug lines are off although the scene's game.toml turns them on")
	}
	unit := meshes.Cube(1).Bounds
	cube := translate(unit, cubePos)
	tilt := vmath.TRS(vmath.Vec3{-1.6, 0.3, 0.6}, vmath.QuatAxisAngle(vmath.Vec3{0, 1, 0}, math.Pi/4), vmath.Vec3{0.6, 0.6, 0.6})
	lines := 0
	fill := func(*ecs.World) {
		dd.Line(behindCube[0], behindCube[1], lineTested)
		dd.OnTop.Line(overCube[0], overCube[1], lineOnTop)
		grow := vmath.Vec3{0.1, 0.1, 0.1}
		dd.Box(cube.Min.Sub(grow), cube.Max.Add(grow), vmath.Vec4{1, 1, 0, 1})
		dd.TransformedBox(tilt, unit, vmath.Vec4{0, 1, 1, 1})
		dd.Cross(vmath.Vec3{1.4, 0.4, 1.2}, 0.6, vmath.Vec4{1, 1, 1, 1})
		lines = dd.Lines()
	}
	h.r.Scheduler.Add(ecs.Update, ecs.SystemFunc(fill))
	h.step(3)
	img := h.pixels()
	h.noErrors()
	h.noDrops()
	if got, want := h.ctx.Stats.Lines, 2+12+12+3; got != want || lines != want {
		h.t.Errorf("debug pass drew %d lines (the list held %d), want %d", got, lines, want)
	}
	if dd.Lines() != 0 {
		h.t.Errorf("the list holds %d lines after the frame, want it emptied", dd.Lines())
	}
	h.matchGolden(img)
	h.expectLine(img, behindCube, lineTested, cube, true)
	h.expectLine(img, overCube, lineOnTop, cube, false)
	// The targets the pass draws into (the output and the scene's depth)
	// are made again on a resize; the lines follow.
	h.must(h.b.Resize(Width, Height), "resize")
	h.step(2)
	img = h.pixels()
	h.expectLine(img, behindCube, lineTested, cube, true)
	h.expectLine(img, overCube, lineOnTop, cube, false)
	h.expectNoAllocations()
	if n := h.ctx.Stats.Draws[formats.PassDebug]; n != 0 {
		h.t.Errorf("Stats.Draws[debug] = %d: the debug pass takes lines, not draws", n)
	}
}

// expectLine samples the segment and checks the pixels where each sample
// lands (within a pixel either way, for the APIs' rasterization rules):
// the line's colour where the camera sees the sample, and, when tested,
// none of it where the cube is in front. Samples near a change from seen
// to hidden are left out.
func (h *harness) expectLine(img *image.RGBA, seg [2]vmath.Vec3, color vmath.Vec4, cube vmath.AABB, tested bool) {
	h.t.Helper()
	const samples, margin = 240, 10
	vp := h.ctx.Data.ViewProj
	eye64 := vec64(eye)
	hidden := make([]bool, samples+1)
	px := make([]image.Point, samples+1)
	on := make([]bool, samples+1)
	for k := range hidden {
		p := seg[0].Add(seg[1].Sub(seg[0]).Mul(float32(k) / samples))
		t, _, hit := intersect(eye64, sub64(vec64(p), eye64), cube)
		hidden[k] = hit && t < 1
		c := vp.MulVec4(p.Vec4(1))
		x := (c[0]/c[3] + 1) / 2 * Width
		y := (1 - c[1]/c[3]) / 2 * Height
		px[k] = image.Pt(int(math.Floor(float64(x))), int(math.Floor(float64(y))))
		on[k] = px[k].X >= 1 && px[k].Y >= 1 && px[k].X < Width-1 && px[k].Y < Height-1
	}
	want := [3]uint8{uint8(color[0] * 255), uint8(color[1] * 255), uint8(color[2] * 255)}
	near := func(p image.Point) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				c := img.RGBAAt(p.X+dx, p.Y+dy)
				if absDiff(c.R, want[0]) <= 40 && absDiff(c.G, want[1]) <= 40 && absDiff(c.B, want[2]) <= 40 {
					return true
				}
			}
		}
		return false
	}
	seen, behind, missing, leaked := 0, 0, 0, 0
	for k := margin; k <= samples-margin; k++ {
		steady := on[k]
		for j := k - margin; j <= k+margin && steady; j++ {
			steady = hidden[j] == hidden[k] && on[j]
		}
		if !steady {
			continue
		}
		switch {
		case hidden[k] && tested:
			behind++
			if near(px[k]) {
				leaked++
			}
		default:
			if hidden[k] {
				behind++
			} else {
				seen++
			}
			if !near(px[k]) {
				missing++
			}
		}
	}
	if seen < 20 || behind < 20 {
		h.t.Fatalf("line %v: %d samples in view and %d behind the cube, want 20 of each: the scene's layout is off", seg, seen, behind)
	}
	if missing > 0 {
		h.t.Errorf("line %v (colour %v): %d of its samples that should show do not", seg, want, missing)
	}
	if leaked > 0 {
		h.t.Errorf("depth-tested line %v: %d of %d samples behind the cube show through it", seg, leaked, behind)
	}
}
