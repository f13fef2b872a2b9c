package frame_test

import (
	"slices"
	"testing"

	"github.com/sleakgo/sleak/anim"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/vmath"
)

// Each skinned mesh's palette goes into the frame's, end to end, and its
// draws in every pass name their part; other draws name none.
func TestSkinnedDrawsNameTheirJoints(t *testing.T) {
	s := frametest.New(t)
	c := meshes.Cube(1)
	mat := ecs.Material{Shader: "assets/shaders/default_shader.hlsl", CastShadows: true}
	spawn := func(x float32, joints int) {
		id, err := s.B.CreateMesh(formats.DefaultHandle, c.Vertices, c.Indices)
		if err != nil {
			t.Fatal(err)
		}
		m := ecs.Mesh{ID: id, Format: formats.DefaultHandle, Bounds: c.Bounds}
		if joints == 0 {
			s.World.Spawn(ecs.NewTransform(vmath.Vec3{x, 0, 0}), m, mat)
			return
		}
		sk := &anim.Skeleton{}
		for range joints {
			sk.Joints = append(sk.Joints, anim.Joint{Parent: -1, Base: vmath.Ident(), Rest: anim.Identity(), InverseBind: vmath.Ident()})
		}
		s.World.SpawnSkinned(ecs.NewTransform(vmath.Vec3{x, 0, 0}), m, mat, ecs.NewSkin(sk), ecs.Animator{})
	}
	spawn(-2, 2)
	spawn(0, 0)
	spawn(2, 3)
	for range 2 { // the second frame reuses what the first grew
		s.Begin()
		if n := len(s.Ctx.Data.Joints); n != 5 {
			t.Fatalf("the frame's palette has %d joints, want 5", n)
		}
		for _, p := range []formats.Pass{formats.PassShadow, formats.PassForward} {
			if err := s.Ctx.RunPass(p); err != nil {
				t.Fatal(err)
			}
			var got []float32
			for _, d := range s.D.Draws[p] {
				got = append(got, d.Surface[3])
			}
			slices.Sort(got)
			// No lights: the palette starts at the grid's second row.
			base := float32(backends.JointsPerRow)
			if want := []float32{0, base, base + 2}; !slices.Equal(got, want) && !slices.Equal(got, []float32{0, base, base + 3}) {
				t.Errorf("%v pass: joint bases %v, want 0 and %v and the second skin's", p, got, base)
			}
		}
		s.End()
	}
}
