package frame_test

import (
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/vmath"
)

func TestCustomReadyCountsEachDropOnce(t *testing.T) {
	noShadow := frametest.Blob
	noShadow.Name, noShadow.ShadowShader = "noshadow", ""
	tests := []struct {
		name      string
		layout    formats.Layout
		broken    string // a file that fails to build
		pass      formats.Pass
		ready     bool
		wantDrops int
	}{
		{"ready", frametest.Blob, "", formats.PassGBuffer, true, 0},
		{"empty stem is a deliberate skip", noShadow, "", formats.PassShadow, false, 0},
		{"failed stem is a drop", frametest.Blob, "blob_gbuffer", formats.PassGBuffer, false, 1},
		{"failed main stem drops every pass", frametest.Blob, "blob.", formats.PassShadow, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := frametest.New(t, tt.layout)
			if tt.broken != "" {
				s.D.Fail = func(f backends.ShaderFiles) bool { return strings.Contains(f.Vertex.Path, tt.broken) }
			}
			s.Begin()
			if got := s.Ctx.CustomReady(1, tt.pass); got != tt.ready {
				t.Errorf("CustomReady = %v, want %v", got, tt.ready)
			}
			if got := s.Ctx.Stats.DroppedIn(1, tt.pass); got != tt.wantDrops {
				t.Errorf("DroppedIn = %d, want %d", got, tt.wantDrops)
			}
			s.End()
		})
	}
}

func TestMaterialShaderLogsAFailureOnce(t *testing.T) {
	s := frametest.New(t)
	s.D.Fail = func(backends.ShaderFiles) bool { return true }
	m := &ecs.Material{Shader: "assets/shaders/missing.hlsl"}
	for range 3 {
		if id := s.Ctx.MaterialShader(m); id != 0 {
			t.Fatalf("a failing shader got ID %d", id)
		}
	}
	if n := strings.Count(s.Log.String(), "level=ERROR"); n != 1 {
		t.Errorf("the failure was logged %d times, want once:\n%s", n, s.Log)
	}
	s.D.Fail = nil
	if err := s.B.Resize(32, 32); err != nil {
		t.Fatal(err)
	}
	if id := s.Ctx.MaterialShader(m); id == 0 {
		t.Error("the shader was not tried again after a resize")
	}
}

func TestSubmitLeavesCountingToTheBackend(t *testing.T) {
	s := frametest.New(t)
	s.Cube(formats.DefaultHandle, [3]float32{}, ecs.Material{CastShadows: true})
	s.Cube(formats.DefaultHandle, [3]float32{2, 0, 0}, ecs.Material{CastShadows: true})
	s.Begin()
	if err := s.Ctx.RunPass(formats.PassShadow); err != nil {
		t.Fatal(err)
	}
	if got := s.Ctx.Stats.Draws[formats.PassShadow]; got != 2 {
		t.Errorf("Stats.Draws[shadow] = %d, want 2", got)
	}
	s.End()
}

func TestShadowCastersAreThoseThatCanShadowTheView(t *testing.T) {
	s := frametest.New(t)
	s.World.Sun().Direction = [3]float32{0, -1, 0}                                        // straight down
	s.Cube(formats.DefaultHandle, [3]float32{0, 0, 0}, ecs.Material{CastShadows: true})   // in view
	s.Cube(formats.DefaultHandle, [3]float32{0, 20, 0}, ecs.Material{CastShadows: true})  // above the view: its shadow falls into it
	s.Cube(formats.DefaultHandle, [3]float32{20, 0, 0}, ecs.Material{CastShadows: true})  // beside it: its shadow falls beside it
	s.Cube(formats.DefaultHandle, [3]float32{0, -20, 0}, ecs.Material{CastShadows: true}) // below it
	s.Begin()
	if got := s.Ctx.Len(formats.PassShadow); got != 2 {
		t.Errorf("%d shadow casters, want 2 (the cube in view and the one above it)", got)
	}
	s.End()
}

// The shadow pass draws the casters nearest the sun first, so that the
// depth test rejects the texels of those under them before they are
// written: here the sun shines straight down on a stack of cubes spawned
// bottom first, and the pass draws them top first.
func TestShadowCastersAreDrawnNearestTheSunFirst(t *testing.T) {
	s := frametest.New(t)
	s.World.Sun().Direction = [3]float32{0, -1, 0}
	heights := []float32{-4, -2, 0, 1.5, 3}
	for _, y := range heights {
		s.Cube(formats.DefaultHandle, [3]float32{0, y, 0}, ecs.Material{CastShadows: true})
	}
	s.Begin()
	if err := s.Ctx.RunPass(formats.PassShadow); err != nil {
		t.Fatal(err)
	}
	s.End()
	var got []float32
	for _, d := range s.D.Draws[formats.PassShadow] {
		got = append(got, d.Model[13])
	}
	want := slices.Clone(heights)
	slices.Reverse(want)
	if !slices.Equal(got, want) {
		t.Errorf("shadow draws at heights %v, want %v (top first)", got, want)
	}
}

// A mesh whose triangles all face one way is left out of the camera passes
// that cull back faces while the camera is behind it, and drawn by the
// others. The shadow pass draws it whichever way it faces the sun: faces
// turned away from the sun fill the texels that faces it sees edge-on
// leave empty.
func TestFacingMeshesTurnedAwayAreNotDrawn(t *testing.T) {
	turn := vmath.QuatAxisAngle(vmath.Vec3{0, 1, 0}, math.Pi) // -Z becomes +Z
	for _, tc := range []struct {
		name                    string
		facing                  vmath.Vec3
		rotation                vmath.Quat
		mat                     ecs.Material
		forward, transp, shadow int
		facingCulled            int
	}{
		{"towards the camera", vmath.Vec3{0, 0, 1}, vmath.QuatIdent(), ecs.Material{CastShadows: true}, 1, 0, 1, 0},
		{"away from the camera and the sun", vmath.Vec3{0, 0, -1}, vmath.QuatIdent(), ecs.Material{CastShadows: true}, 0, 0, 1, 1},
		{"down, seen, away from the sun", vmath.Vec3{0, -1, 0}, vmath.QuatIdent(), ecs.Material{CastShadows: true}, 1, 0, 1, 0},
		{"away, turned round by its transform", vmath.Vec3{0, 0, -1}, turn, ecs.Material{CastShadows: true}, 1, 0, 1, 0},
		{"sideways, the camera within its slab", vmath.Vec3{1, 0, 0}, vmath.QuatIdent(), ecs.Material{}, 1, 0, 0, 0},
		{"no facing", vmath.Vec3{}, vmath.QuatIdent(), ecs.Material{}, 1, 0, 0, 0},
		{"away, transparent", vmath.Vec3{0, 0, -1}, vmath.QuatIdent(), ecs.Material{Transparent: true}, 0, 1, 0, 0},
		{"away, two-sided", vmath.Vec3{0, 0, -1}, vmath.QuatIdent(), ecs.Material{TwoSided: true}, 1, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := frametest.New(t) // camera at (0, 0, 10) looking down -Z
			c := meshes.Cube(1)
			id, err := s.B.CreateMesh(formats.DefaultHandle, c.Vertices, c.Indices)
			if err != nil {
				t.Fatal(err)
			}
			tr := ecs.NewTransform(vmath.Vec3{})
			tr.Rotation = tc.rotation
			m := tc.mat
			m.Shader = "assets/shaders/default_shader.hlsl"
			s.World.Spawn(tr, ecs.Mesh{ID: id, Format: formats.DefaultHandle, Bounds: c.Bounds, Facing: tc.facing}, m)
			s.Begin()
			got := [4]int{s.Ctx.Len(formats.PassForward), s.Ctx.Len(formats.PassTransparent), s.Ctx.Len(formats.PassShadow), s.Ctx.Stats.FacingCulled}
			if want := [4]int{tc.forward, tc.transp, tc.shadow, tc.facingCulled}; got != want {
				t.Errorf("forward, transparent, shadow draws and facing-culled = %v, want %v", got, want)
			}
			s.End()
		})
	}
}

// A mesh the game marks occluded is left out of every camera pass; the
// shadow pass still draws it when it casts, unless the game also marks
// its shadow unseen. A mesh whose shadow alone is unseen is drawn by the
// camera passes alone.
func TestOccludedMeshesAreDrawnOnlyByTheShadowPass(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		occluded, shadowUnseen  bool
		mat                     ecs.Material
		forward, transp, shadow int
		occludedCount           int
		shadowUnseenCount       int
	}{
		{"not occluded", false, false, ecs.Material{CastShadows: true}, 1, 0, 1, 0, 0},
		{"occluded, casting", true, false, ecs.Material{CastShadows: true}, 0, 0, 1, 1, 0},
		{"occluded, not casting", true, false, ecs.Material{}, 0, 0, 0, 1, 0},
		{"occluded, transparent", true, false, ecs.Material{Transparent: true}, 0, 0, 0, 1, 0},
		{"occluded, shadow unseen", true, true, ecs.Material{CastShadows: true}, 0, 0, 0, 1, 1},
		{"shadow unseen", false, true, ecs.Material{CastShadows: true}, 1, 0, 0, 0, 1},
		{"shadow unseen, not casting", false, true, ecs.Material{}, 1, 0, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := frametest.New(t) // camera at (0, 0, 10) looking down -Z
			c := meshes.Cube(1)
			id, err := s.B.CreateMesh(formats.DefaultHandle, c.Vertices, c.Indices)
			if err != nil {
				t.Fatal(err)
			}
			m := tc.mat
			m.Shader = "assets/shaders/default_shader.hlsl"
			s.World.Spawn(ecs.NewTransform(vmath.Vec3{}), ecs.Mesh{ID: id, Format: formats.DefaultHandle, Bounds: c.Bounds, Occluded: tc.occluded, ShadowUnseen: tc.shadowUnseen}, m)
			s.Begin()
			st := s.Ctx.Stats
			got := [5]int{s.Ctx.Len(formats.PassForward), s.Ctx.Len(formats.PassTransparent), s.Ctx.Len(formats.PassShadow), st.Occluded, st.ShadowUnseen}
			if want := [5]int{tc.forward, tc.transp, tc.shadow, tc.occludedCount, tc.shadowUnseenCount}; got != want {
				t.Errorf("forward, transparent, shadow draws, occluded and shadow unseen = %v, want %v", got, want)
			}
			s.End()
		})
	}
}

// The shadow cascades split the shadow distance nearest first, and a caster
// is drawn into the cascades whose box it touches: one by the camera into
// the first, one far down the view not into it.
func TestShadowCascades(t *testing.T) {
	ends := frame.CascadeSplits(0.1, 60)
	prev := float32(0.1)
	for i, e := range ends {
		if e <= prev {
			t.Fatalf("cascade %d ends at %v, before the one before it (%v): %v", i, e, prev, ends)
		}
		prev = e
	}
	if ends[len(ends)-1] != 60 {
		t.Errorf("the last cascade ends at %v, want the shadow distance 60", ends[len(ends)-1])
	}

	s := frametest.New(t)
	s.Ctx.Env.ShadowDistance = 60
	s.Cube(formats.DefaultHandle, [3]float32{0, 0, 8}, ecs.Material{CastShadows: true})   // 2 in front of the camera
	s.Cube(formats.DefaultHandle, [3]float32{0, 0, -35}, ecs.Material{CastShadows: true}) // 45 in front
	s.Begin()
	if err := s.Ctx.RunPass(formats.PassShadow); err != nil {
		t.Fatal(err)
	}
	s.End()
	draws := s.D.Draws[formats.PassShadow]
	if len(draws) != 2 {
		t.Fatalf("%d shadow draws, want 2", len(draws))
	}
	for _, d := range draws {
		near := d.Model[14] > 0
		switch {
		case near && d.Cascades&1 == 0:
			t.Errorf("the caster by the camera is not drawn into the first cascade (cascades %04b)", d.Cascades)
		case !near && d.Cascades&1 != 0:
			t.Errorf("the caster 45 away is drawn into the first cascade (cascades %04b)", d.Cascades)
		case !near && d.Cascades&(1<<(backends.NumCascades-1)) == 0:
			t.Errorf("the caster 45 away is not drawn into the last cascade (cascades %04b)", d.Cascades)
		}
	}
	data := s.Ctx.Data
	if data.LightViewProj != data.ShadowCascades[0] {
		t.Errorf("LightViewProj is not the first cascade's matrix")
	}
}

// A caster is drawn into the cascade the shaders take for the points it
// shadows: the first whose box holds the point three texels in from its
// tile's edge (sleak_sun.glsl), which for a point of a later slice of the
// view may be an earlier cascade, whose box reaches past its own slice.
func TestCastersAreInTheCascadeThatShadesTheirShadow(t *testing.T) {
	s := frametest.New(t) // camera at (0, 0, 10) looking down -Z
	s.Ctx.Env.ShadowDistance = 60
	for z := float32(8); z >= -44; z -= 4 {
		s.Cube(formats.DefaultHandle, vmath.Vec3{0, 0, z}, ecs.Material{CastShadows: true})
	}
	s.Begin()
	if err := s.Ctx.RunPass(formats.PassShadow); err != nil {
		t.Fatal(err)
	}
	s.End()
	data := s.Ctx.Data
	inner := 1 - 12/float32(backends.DefaultShadowMapSize)
	shading := func(p vmath.Vec3) int {
		for i, m := range data.ShadowCascades {
			c := m.MulVec4(p.Vec4(1))
			x, y, z := c[0]/c[3], c[1]/c[3], c[2]/c[3]
			if max(x, -x, y, -y) < inner && z <= 1 {
				return i
			}
		}
		return -1
	}
	dir := data.LightDir.Normalize()
	for _, d := range s.D.Draws[formats.PassShadow] {
		centre := vmath.Vec3{d.Model[12], d.Model[13], d.Model[14]}
		for _, k := range []float32{0.6, 1, 2, 4} {
			p := centre.Add(dir.Mul(k)) // in the cube's shadow
			if i := shading(p); i >= 0 && d.Cascades&(1<<i) == 0 {
				t.Errorf("the caster at z %v shadows %v, which cascade %d shades, but is drawn only into cascades %04b", centre[2], p, i, d.Cascades)
			}
		}
	}
}

// Without a sun the light matrix is the identity: the shaders divide by the
// w it gives every point, which the zero matrix makes 0, and the NaN that
// follows blacks out every lit pixel.
func TestNoSunMakesTheLightMatrixTheIdentity(t *testing.T) {
	s := frametest.New(t)
	s.World = ecs.NewWorld()
	s.World.SpawnCamera(ecs.NewTransform(vmath.Vec3{0, 0, 10}), ecs.Camera{FovY: 60, Near: 0.1, Far: 100, Active: true})
	s.Begin()
	if got := s.Ctx.Data.LightViewProj; got != vmath.Ident() {
		t.Errorf("LightViewProj without a sun = %v, want the identity", got)
	}
	if got := s.Ctx.Data.ShadowCascades; got != ([backends.NumCascades]vmath.Mat4{}) {
		t.Errorf("cascades without a sun = %v, want zero (each then LightViewProj)", got)
	}
	s.End()
}

// TestMaterialMapsReachTheDraws: a material's normal and emissive maps and
// its normal map's strength go into its draws.
func TestMaterialMapsReachTheDraws(t *testing.T) {
	s := frametest.New(t)
	normal, err := s.B.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{})
	if err != nil {
		t.Fatal(err)
	}
	emissive, err := s.B.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s.Cube(formats.DefaultHandle, vmath.Vec3{}, ecs.Material{Shader: "assets/shaders/default_shader.hlsl",
		NormalMap: normal, NormalScale: 0.25, EmissiveMap: emissive, Emissive: 2})
	s.Begin()
	if err := s.Ctx.RunPass(formats.PassForward); err != nil {
		t.Fatal(err)
	}
	draws := s.D.Draws[formats.PassForward]
	if len(draws) != 1 {
		t.Fatalf("%d forward draws, want 1", len(draws))
	}
	d := draws[0]
	if d.NormalMap.N == d.EmissiveMap.N || d.NormalMap == s.D.White() || d.EmissiveMap == s.D.White() {
		t.Errorf("maps %v and %v, want the two textures", d.NormalMap, d.EmissiveMap)
	}
	if d.Surface[2] != 2 || d.Surface[3] != 0.25 {
		t.Errorf("surface %v, want emissive 2 and normal-map strength 0.25", d.Surface)
	}
	s.End()
}

// With CascadeInterval, the far cascades take turns and a kept one keeps
// its matrix; the sun turning or the camera leaving a kept cascade's box
// redraws it at once, and shadows turned off and on again redraw them all.
func TestCascadesTakeTurns(t *testing.T) {
	const all = backends.AllCascades
	s := frametest.New(t)
	s.Ctx.Env.ShadowDistance = 60
	s.Cube(formats.DefaultHandle, [3]float32{0, 0, -35}, ecs.Material{CastShadows: true}) // in the far cascades
	frameOf := func() (uint8, [backends.NumCascades]vmath.Mat4) {
		t.Helper()
		s.Begin()
		if err := s.Ctx.RunPass(formats.PassShadow); err != nil {
			t.Fatal(err)
		}
		s.End()
		for _, d := range s.D.Draws[formats.PassShadow] {
			if d.Cascades&^s.Ctx.Data.RedrawCascades != 0 {
				t.Errorf("a caster is drawn into cascades %04b, but the frame redraws only %04b", d.Cascades, s.Ctx.Data.RedrawCascades)
			}
		}
		s.D.Draws[formats.PassShadow] = s.D.Draws[formats.PassShadow][:0]
		return s.Ctx.Data.RedrawCascades, s.Ctx.Data.ShadowCascades
	}

	if got, _ := frameOf(); got != all {
		t.Fatalf("with CascadeInterval 0 the frame redraws cascades %04b, want all", got)
	}
	s.Ctx.Env.CascadeInterval = 3
	_, prev := frameOf()
	for i, want := range []uint8{0b1001, 0b0011, 0b0101, 0b1001} {
		got, m := frameOf()
		if got != want {
			t.Errorf("frame %d redraws cascades %04b, want %04b", i, got, want)
		}
		for c := range backends.NumCascades {
			if got&(1<<c) == 0 && m[c] != prev[c] {
				t.Errorf("frame %d keeps cascade %d but changed its matrix", i, c)
			}
		}
		prev = m
		if s.D.Redraw != got {
			t.Errorf("frame %d: the backend was told to redraw %04b, the frame data says %04b", i, s.D.Redraw, got)
		}
	}

	cam, _ := s.World.ActiveCamera()
	cam.Position = vmath.Vec3{0, 0, 60} // far beyond every kept box
	if got, _ := frameOf(); got != all {
		t.Errorf("after the camera moved 50 the frame redraws cascades %04b, want all", got)
	}
	cam.Position = vmath.Vec3{0, 0, 60.01}
	if got, _ := frameOf(); got == all {
		t.Errorf("after the camera moved 1 cm the frame redraws every cascade")
	}
	sun := s.World.Sun()
	sun.Direction = vmath.Vec3{0, -1, -0.25} // about 2.7 degrees
	if got, _ := frameOf(); got != all {
		t.Errorf("after the sun turned the frame redraws cascades %04b, want all", got)
	}
	sun.CastShadows = false
	frameOf()
	sun.CastShadows = true
	if got, _ := frameOf(); got != all {
		t.Errorf("with shadows back on the frame redraws cascades %04b, want all", got)
	}
}
