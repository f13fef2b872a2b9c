package occlusion_test

import (
	"math"
	"math/rand/v2"
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
				solidWindow(s, radius, tc.open)
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

func TestShades(t *testing.T) {
	const radius = 3
	down := vmath.Vec3{0, -1, 0}
	diagonal := vmath.Vec3{1, -1, 0}.Normalize()
	cases := []struct {
		name string
		at   sec
		dir  vmath.Vec3
		want bool
	}{
		{"reached itself", sec{1, 0, 2}, down, true},
		{"straight down onto the camera's section", sec{0, 0, 4}, down, true},
		{"straight down, nothing reached below", sec{0, 0, 0}, down, false},
		{"straight down, under a reached section's neighbour", sec{1, 0, 1}, down, false},
		{"straight down beside the reached ones", sec{2, 0, 6}, down, false},
		{"slanting down onto a reached neighbour", sec{-1, 0, 3}, diagonal, true},
		{"slanting down, out of the world first", sec{-3, 0, 1}, diagonal, false},
		{"low sun, out of the window", sec{2, 0, 5}, vmath.Vec3{1, -0.05, 0}.Normalize(), true},
		{"beyond the radius", sec{radius + 2, 0, 5}, down, true},
	}
	s := occlusion.NewSearch(radius)
	solidWindow(s, radius, nil)
	var solid [mesh.Sections]mesh.Connectivity
	s.SetChunk(chunk.Pos{}, &solid) // the camera's section is still left by every face
	s.Run(eye, &everywhere)
	for _, tc := range cases {
		if got := s.Shades(chunk.Pos{X: int32(tc.at.x), Z: int32(tc.at.z)}, tc.at.s, tc.dir); got != tc.want {
			t.Errorf("%s: section %d of chunk (%d, %d) shades %v, want %v", tc.name, tc.at.s, tc.at.x, tc.at.z, got, tc.want)
		}
	}
	above := occlusion.NewSearch(radius)
	solidWindow(above, radius, nil)
	above.Run(vmath.Vec3{16, chunk.Height + 10, 16}, &everywhere)
	if !above.Shades(chunk.Pos{X: 2}, 0, down) {
		t.Error("camera above the world: a section does not shade")
	}
}

// TestShadesMissesNothing sweeps every section of random worlds along
// random light directions in small steps and requires Shades wherever a
// swept box overlaps a reached section or leaves the window.
func TestShadesMissesNothing(t *testing.T) {
	const radius = 3
	rng := rand.New(rand.NewPCG(1, 2))
	for world := range 20 {
		open := map[sec]mesh.Connectivity{}
		for dz := -radius; dz <= radius; dz++ {
			for dx := -radius; dx <= radius; dx++ {
				for s := range mesh.Sections {
					if rng.IntN(3) == 0 {
						open[sec{dx, dz, s}] = mesh.Connectivity(rng.Uint32() & 0x7fff)
					}
				}
			}
		}
		s := occlusion.NewSearch(radius)
		solidWindow(s, radius, open)
		s.Run(eye, &everywhere)
		for range 40 {
			dir := vmath.Vec3{rng.Float32()*2 - 1, -0.05 - rng.Float32(), rng.Float32()*2 - 1}.Normalize()
			for dz := -radius; dz <= radius; dz++ {
				for dx := -radius; dx <= radius; dx++ {
					for sy := range mesh.Sections {
						p := chunk.Pos{X: int32(dx), Z: int32(dz)}
						if !s.Shades(p, sy, dir) && sweepReaches(s, radius, p, sy, dir) {
							t.Fatalf("world %d: section %d of chunk (%d, %d) swept along %v meets a reached section, but does not shade", world, sy, dx, dz, dir)
						}
					}
				}
			}
		}
	}
}

// sweepReaches moves the section's box along dir a quarter block at a
// time and reports whether it overlaps a reached section, or a section
// beyond the window, before it is below the world.
func sweepReaches(s *occlusion.Search, radius int, p chunk.Pos, sy int, dir vmath.Vec3) bool {
	x0, _, z0 := p.Origin()
	lo := vmath.Vec3{float32(x0), float32(sy * mesh.SectionHeight), float32(z0)}
	size := vmath.Vec3{chunk.Size, mesh.SectionHeight, chunk.Size}
	for step := 0; ; step++ {
		o := lo.Add(dir.Mul(float32(step) * 0.25))
		if o[1]+size[1] <= 0 {
			return false
		}
		// the sections the box overlaps by more than a sliver
		for x := cell(o[0]+0.01, chunk.Size); x <= cell(o[0]+size[0]-0.01, chunk.Size); x++ {
			for z := cell(o[2]+0.01, chunk.Size); z <= cell(o[2]+size[2]-0.01, chunk.Size); z++ {
				for y := cell(o[1]+0.01, mesh.SectionHeight); y <= cell(o[1]+size[1]-0.01, mesh.SectionHeight); y++ {
					if y < 0 || y >= mesh.Sections {
						continue
					}
					if x < -radius || x > radius || z < -radius || z > radius {
						return true
					}
					if s.Visible(chunk.Pos{X: int32(x), Z: int32(z)}, y) {
						return true
					}
				}
			}
		}
	}
}

func cell(v float32, size int) int { return int(math.Floor(float64(v) / float64(size))) }

// solidWindow makes every chunk of the window but the camera's fully
// opaque, but for the sections open lists.
func solidWindow(s *occlusion.Search, radius int, open map[sec]mesh.Connectivity) {
	for dz := -radius; dz <= radius; dz++ {
		for dx := -radius; dx <= radius; dx++ {
			if dx == 0 && dz == 0 {
				continue
			}
			var c [mesh.Sections]mesh.Connectivity
			for i := range c {
				c[i] = open[sec{dx, dz, i}]
			}
			s.SetChunk(chunk.Pos{X: int32(dx), Z: int32(dz)}, &c)
		}
	}
}

func TestShadesAllocatesNothing(t *testing.T) {
	s := occlusion.NewSearch(8)
	s.Run(eye, &everywhere)
	dir := vmath.Vec3{0.3, -0.8, 0.2}.Normalize()
	if n := testing.AllocsPerRun(10, func() { s.Shades(chunk.Pos{X: 3, Z: -2}, 1, dir) }); n != 0 {
		t.Errorf("Shades allocates %v times", n)
	}
}

// BenchmarkShades is what a frame at render distance 16 (radius 18) asks
// of Shades in the game: every section the search did not reach within 5
// chunks of the camera (the game's reach for a shadow distance of 96
// blocks), in a world solid below section 2 and open above, seen from
// above ground along the horizon, under a morning sun.
func BenchmarkShades(b *testing.B) {
	const radius = 18
	s := occlusion.NewSearch(radius)
	open := map[sec]mesh.Connectivity{}
	for dz := -radius; dz <= radius; dz++ {
		for dx := -radius; dx <= radius; dx++ {
			for y := 2; y < mesh.Sections; y++ {
				open[sec{dx, dz, y}] = 0x7fff
			}
		}
	}
	solidWindow(s, radius, open)
	view := vmath.FrustumFromMatrix(vmath.Perspective(vmath.Radians(70), 16.0/9, 0.1, 16*chunk.Size).Mul(
		vmath.LookAt(eye, eye.Add(vmath.Vec3{1, -0.3, 0.2}), vmath.Vec3{0, 1, 0})))
	s.Run(eye, &view)
	sun := vmath.Vec3{-0.8, -0.5, -0.25}.Normalize()
	b.ReportAllocs()
	tested, unseen := 0, 0
	for b.Loop() {
		tested, unseen = 0, 0
		for dz := -5; dz <= 5; dz++ {
			for dx := -5; dx <= 5; dx++ {
				p := chunk.Pos{X: int32(dx), Z: int32(dz)}
				for y := range mesh.Sections {
					if s.Visible(p, y) {
						continue
					}
					tested++
					if !s.Shades(p, y, sun) {
						unseen++
					}
				}
			}
		}
	}
	b.ReportMetric(float64(tested), "sections")
	b.ReportMetric(float64(unseen), "unseen")
}
