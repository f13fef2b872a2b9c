package game

import (
	"image"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/conformance"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
)

// TestCaveCullingHidesNothing renders the same views with cave culling
// and without: the pictures must be the same (culling leaves out only what
// terrain hides), and culling must have left something out.
func TestCaveCullingHidesNothing(t *testing.T) {
	views := []struct {
		name string
		// view places the camera from the world's spawn point
		view       func(g *Game) (vmath.Vec3, bool)
		yaw, pitch float64
	}{
		{"above the spawn, looking down", func(g *Game) (vmath.Vec3, bool) {
			x, y, z := g.World().Generator().Spawn()
			return vmath.Vec3{float32(x) + 0.5, float32(y) + 28, float32(z) + 0.5}, true
		}, 2.4, -0.55},
		{"in a cave", caveView, 0.7, -0.2},
	}
	for _, v := range views {
		t.Run(v.name, func(t *testing.T) {
			var imgs [2]*image.RGBA
			var occluded int
			for i, off := range []bool{true, false} {
				o := testOptions(t, backends.Vulkan, t.TempDir(), &Script{End: 4})
				o.NoCaveCulling = off
				g := startGame(t, o)
				eye, ok := v.view(g)
				if !ok {
					g.Close()
					t.Skip("no cave near the spawn point of the test seed")
				}
				g.SetView(eye, v.yaw, v.pitch)
				play(t, g)
				if !off {
					occluded = g.Stats().Occluded
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
			t.Logf("%d meshes left out", occluded)
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
