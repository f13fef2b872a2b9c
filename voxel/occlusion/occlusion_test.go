package occlusion_test

import (
	"testing"

	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
	"github.com/sleakgo/sleak/voxel/occlusion"
)

// conn joins pairs of faces.
func conn(pairs ...[2]block.Face) mesh.Connectivity {
	var c mesh.Connectivity
	for _, p := range pairs {
		for i := range 15 {
			if b := mesh.Connectivity(1 << i); b.Connected(p[0], p[1]) {
				c |= b
			}
		}
	}
	return c
}

// everywhere is a frustum holding the whole test world.
var everywhere = vmath.Frustum{{1, 0, 0, 1e6}, {-1, 0, 0, 1e6}, {0, 1, 0, 1e6}, {0, -1, 0, 1e6}, {0, 0, 1, 1e6}, {0, 0, -1, 1e6}}

type sec struct{ x, z, s int }

// The camera is in section 2 of chunk (0, 0).
var eye = vmath.Vec3{16, 2*mesh.SectionHeight + 16, 16}

func TestSearch(t *testing.T) {
	const radius = 3
	x, z := block.FacePosX, block.FacePosZ
	nx, nz, py := block.FaceNegX, block.FaceNegZ, block.FacePosY
	cases := []struct {
		name string
		// solid makes every chunk of the window but the camera's fully
		// opaque; open lists the sections that are not
		solid   bool
		open    map[sec]mesh.Connectivity
		frustum vmath.Frustum
		eye     vmath.Vec3
		want    map[sec]bool
	}{
		{
			name: "behind a solid wall", solid: true, frustum: everywhere, eye: eye,
			want: map[sec]bool{{1, 0, 2}: true, {2, 0, 2}: false, {0, 2, 2}: false, {0, 0, 7}: true},
		},
		{
			name: "through an opening", solid: true, frustum: everywhere, eye: eye,
			open: map[sec]mesh.Connectivity{{1, 0, 2}: conn([2]block.Face{nx, x})},
			want: map[sec]bool{{1, 0, 2}: true, {2, 0, 2}: true, {3, 0, 2}: false, {2, 0, 3}: false},
		},
		{
			name: "up an L-bend", solid: true, frustum: everywhere, eye: eye,
			open: map[sec]mesh.Connectivity{{1, 0, 2}: conn([2]block.Face{nx, py}), {1, 0, 3}: conn([2]block.Face{block.FaceNegY, x})},
			want: map[sec]bool{{1, 0, 3}: true, {2, 0, 3}: true, {2, 0, 2}: false, {3, 0, 3}: false},
		},
		{
			name: "never back towards the camera", solid: true, frustum: everywhere, eye: eye,
			// a U from (1,0) round to (0,2): its last step is towards the
			// camera along x
			open: map[sec]mesh.Connectivity{
				{1, 0, 2}: conn([2]block.Face{nx, z}),
				{1, 1, 2}: conn([2]block.Face{nz, z}),
				{1, 2, 2}: conn([2]block.Face{nz, nx}),
			},
			want: map[sec]bool{{1, 2, 2}: true, {0, 2, 2}: false},
		},
		{
			name: "reached again by another face", solid: true, frustum: everywhere, eye: eye,
			// (1,1) is reached from (1,0) by its -z face, which leads
			// nowhere, and from (0,1) by its -x face, which leads on
			open: map[sec]mesh.Connectivity{
				{1, 0, 2}: conn([2]block.Face{nx, z}),
				{0, 1, 2}: conn([2]block.Face{nz, x}),
				{1, 1, 2}: conn([2]block.Face{nx, x}),
			},
			want: map[sec]bool{{1, 1, 2}: true, {2, 1, 2}: true, {1, 2, 2}: false},
		},
		{
			name: "unknown chunks are open", frustum: everywhere, eye: eye,
			want: map[sec]bool{{3, 3, 0}: true, {-3, 2, 7}: true},
		},
		{
			name: "outside the frustum", eye: eye,
			frustum: vmath.Frustum{{1, 0, 0, 0}, {-1, 0, 0, 1e6}, {0, 1, 0, 1e6}, {0, -1, 0, 1e6}, {0, 0, 1, 1e6}, {0, 0, -1, 1e6}},
			want:    map[sec]bool{{-2, 0, 2}: false, {-1, 0, 2}: true, {2, 0, 2}: true},
		},
		{
			name: "camera above the world", solid: true, frustum: everywhere, eye: vmath.Vec3{16, chunk.Height + 10, 16},
			want: map[sec]bool{{2, 0, 2}: true, {3, 3, 0}: true},
		},
		{
			name: "beyond the radius", solid: true, frustum: everywhere, eye: eye,
			want: map[sec]bool{{radius + 1, 0, 2}: true},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := occlusion.NewSearch(radius)
			if tc.solid {
				for dz := -radius; dz <= radius; dz++ {
					for dx := -radius; dx <= radius; dx++ {
						if dx == 0 && dz == 0 {
							continue
						}
						var c [mesh.Sections]mesh.Connectivity
						for i := range c {
							c[i] = tc.open[sec{dx, dz, i}]
						}
						s.SetChunk(chunk.Pos{X: int32(dx), Z: int32(dz)}, &c)
					}
				}
			}
			s.Run(tc.eye, &tc.frustum)
			for at, want := range tc.want {
				if got := s.Visible(chunk.Pos{X: int32(at.x), Z: int32(at.z)}, at.s); got != want {
					t.Errorf("section %d of chunk (%d, %d): visible %v, want %v", at.s, at.x, at.z, got, want)
				}
			}
			if !s.Visible(chunk.Pos{}, 2) {
				t.Error("the camera's section is not visible")
			}
		})
	}
}

func TestForgetChunkOpensIt(t *testing.T) {
	s := occlusion.NewSearch(2)
	var solid [mesh.Sections]mesh.Connectivity
	for dx := 1; dx <= 2; dx++ {
		s.SetChunk(chunk.Pos{X: int32(dx)}, &solid)
	}
	s.Run(eye, &everywhere)
	if s.Visible(chunk.Pos{X: 2}, 2) {
		t.Fatal("behind a solid chunk: visible")
	}
	s.ForgetChunk(chunk.Pos{X: 1})
	s.Run(eye, &everywhere)
	if !s.Visible(chunk.Pos{X: 2}, 2) {
		t.Error("behind a forgotten chunk: not visible")
	}
}

func TestRunAllocatesNothing(t *testing.T) {
	s := occlusion.NewSearch(8)
	if n := testing.AllocsPerRun(10, func() { s.Run(eye, &everywhere) }); n != 0 {
		t.Errorf("Run allocates %v times", n)
	}
}

// BenchmarkSearch is one frame's search at render distance 16 (the
// search's radius 18), every section open: the most it can visit, seen
// from above ground looking along the horizon.
func BenchmarkSearch(b *testing.B) {
	for _, bc := range []struct {
		name    string
		frustum vmath.Frustum
	}{
		{"everywhere", everywhere},
		{"view", vmath.FrustumFromMatrix(vmath.Perspective(vmath.Radians(70), 16.0/9, 0.1, 16*chunk.Size).Mul(
			vmath.LookAt(eye, eye.Add(vmath.Vec3{1, -0.3, 0.2}), vmath.Vec3{0, 1, 0})))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := occlusion.NewSearch(18)
			b.ReportAllocs()
			for b.Loop() {
				s.Run(eye, &bc.frustum)
			}
			b.ReportMetric(float64(s.Reached()), "sections")
		})
	}
}
