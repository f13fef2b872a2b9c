package game

import (
	"cmp"
	"image"
	"math"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/conformance"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

// TestCaveCullingHidesNothing renders the same views with cave culling
// and without: the pictures must be the same (culling leaves out only what
// terrain hides, and of the shadow casters only those whose shadows fall
// on what it hides), and culling must have left something out of the
// camera passes and of the shadow pass.
func TestCaveCullingHidesNothing(t *testing.T) {
	views := []struct {
		name string
		// view places the camera from the world's spawn point and turns
		// it; pitch then tilts it
		view  func(g *Game) (eye vmath.Vec3, yaw float64, ok bool)
		pitch float64
		// shadows: culling must leave casters out of the shadow pass too
		// (in the cave view it leaves out none)
		shadows bool
		frames  uint64 // to play before the screenshot (0: 4)
	}{
		{"above the spawn, looking down", func(g *Game) (vmath.Vec3, float64, bool) {
			x, y, z := g.World().Generator().Spawn()
			return vmath.Vec3{float32(x) + 0.5, float32(y) + 28, float32(z) + 0.5}, 2.4, true
		}, -0.55, true, 0},
		{"in a cave", func(g *Game) (vmath.Vec3, float64, bool) {
			eye, ok := caveView(g)
			return eye, 0.7, ok
		}, -0.2, false, 0},
		// out of sight, behind the camera, shading what it sees: the
		// search does not reach the caster's section, but the shadow pass
		// must still draw it (the 40 frames let the edit be meshed;
		// drawing only the sections reached loses 14 % of the pixels)
		{"under a caster behind the camera", casterBehindView, -0.6, false, 40},
	}
	for _, v := range views {
		t.Run(v.name, func(t *testing.T) {
			var imgs [2]*image.RGBA
			var occluded, shadowUnseen int
			for i, off := range []bool{true, false} {
				o := testOptions(t, backends.Vulkan, t.TempDir(), &Script{End: cmp.Or(v.frames, 4)})
				o.NoCaveCulling = off
				g := startGame(t, o)
				eye, yaw, ok := v.view(g)
				if !ok {
					g.Close()
					t.Skip("the test seed's world has no such view near its spawn point")
				}
				g.SetView(eye, yaw, v.pitch)
				play(t, g)
				if !off {
					occluded, shadowUnseen = g.Stats().Occluded, g.Stats().ShadowUnseen
				}
				img, err := g.Screenshot()
				g.Close()
				if err != nil {
					t.Fatal(err)
				}
				imgs[i] = img
			}
			d, err := conformance.Compare(imgs[1], imgs[0], conformance.Tolerance{})
			if err != nil {
				t.Fatal(err)
			}
			if !d.Within(conformance.Tolerance{}) {
				t.Errorf("with cave culling the picture differs from the one without: %v", d)
			}
			if occluded == 0 {
				t.Error("cave culling left nothing out: the view does not test it")
			}
			if v.shadows && shadowUnseen == 0 {
				t.Error("cave culling left nothing out of the shadow pass: the view does not test it")
			}
			t.Logf("%d meshes left out of the camera passes, %d out of the shadow pass", occluded, shadowUnseen)
		})
	}
}

// caveView finds an air block well under the surface near the spawn point,
// with air around it to look along.
func caveView(g *Game) (vmath.Vec3, bool) {
	sx, _, sz := g.World().Generator().Spawn()
	w := g.World()
	air := func(x, y, z int) bool {
		id, ok := w.Block(x, y, z)
		return ok && id == block.Air
	}
	for y := 12; y < 50; y++ {
		for dz := -24; dz <= 24; dz++ {
			for dx := -24; dx <= 24; dx++ {
				x, z := sx+dx, sz+dz
				if !air(x, y, z) || !air(x, y+1, z) || !air(x+1, y, z) || !air(x, y, z+1) {
					continue
				}
				above := 0
				for k := 1; k <= 40; k++ {
					if id, ok := w.Block(x, y+k, z); ok && id.Info().Opaque {
						above++
					}
				}
				if above >= 12 {
					return vmath.Vec3{float32(x) + 0.5, float32(float64(y) + g.player.Params.EyeHeight + 0.05), float32(z) + 0.5}, true
				}
			}
		}
	}
	return vmath.Vec3{}, false
}

// casterBehindView looks away from the sun and down from 12 blocks above
// the ground, and places a slab of stone high up behind the camera,
// towards the sun, whose shadow falls in front of it.
func casterBehindView(g *Game) (vmath.Vec3, float64, bool) {
	x, _, z := g.World().Generator().Spawn()
	toSun := daylightAt(g.TimeOfDay()).light.Direction.Mul(-1)
	if toSun[1] < 0.3 {
		return vmath.Vec3{}, 0, false
	}
	back := vmath.Vec3{toSun[0], 0, toSun[2]}.Normalize()
	eye := vmath.Vec3{float32(x) + 0.5, 0, float32(z) + 0.5}.Add(back.Mul(8))
	ground := chunk.Height - 1
	for ground > 0 {
		if id, ok := g.World().Block(int(math.Floor(float64(eye[0]))), ground, int(math.Floor(float64(eye[2])))); ok && id != block.Air {
			break
		}
		ground--
	}
	eye[1] = float32(ground) + 12
	caster := eye.Add(toSun.Mul(40))
	var edits []world.Edit
	for dz := -3; dz <= 3; dz++ {
		for dx := -3; dx <= 3; dx++ {
			edits = append(edits, world.Edit{X: int(caster[0]) + dx, Y: int(caster[1]), Z: int(caster[2]) + dz, ID: block.Stone})
		}
	}
	if g.World().SetBlocks(edits) != len(edits) {
		return vmath.Vec3{}, 0, false
	}
	return eye, math.Atan2(float64(-back[0]), float64(back[2])), true
}

// TestCoarseChunks flies with the chunks beyond two chunks meshed at half
// resolution: they are drawn (with the validation layers on, as every
// game test runs), and fewer triangles than at full resolution.
func TestCoarseChunks(t *testing.T) {
	var tris [2]int
	for i, coarse := range []int{0, 2} {
		o := testOptions(t, backends.Vulkan, t.TempDir(), &Script{End: 2})
		o.World.RenderDistance, o.World.CoarseDistance = 4, coarse
		g := startGame(t, o)
		if err := g.Load(4, 2*time.Minute); err != nil {
			g.Close()
			t.Fatal(err)
		}
		x, y, z := g.World().Generator().Spawn()
		g.SetView(vmath.Vec3{float32(x) + 0.5, float32(y) + 40, float32(z) + 0.5}, 0.8, -0.35)
		// until the streamer has had nothing to hand out for a while
		for idle, frames := 0, 0; idle < 10 && frames < 600; frames++ {
			if err := g.Step(time.Second / 60); err != nil {
				t.Fatal(err)
			}
			if ss := g.streamer.Stats(); ss.InFlight+ss.Ready == 0 {
				idle++
			} else {
				idle = 0
			}
		}
		play(t, g)
		if got := g.streamer.Stats().Coarse; (got > 0) != (coarse > 0) {
			t.Errorf("coarse_distance %d: %d chunks coarse", coarse, got)
		}
		st := g.Stats()
		for _, n := range st.Triangles {
			tris[i] += n
		}
		g.Close()
	}
	t.Logf("triangles: %d at full resolution, %d with the far chunks coarse", tris[0], tris[1])
	if tris[1] == 0 || tris[1] >= tris[0] {
		t.Errorf("triangles: %d at full resolution, %d with the far chunks coarse: want fewer, not none", tris[0], tris[1])
	}
}
