package mesh_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/mesh"
)

// The three benchmark chunks shared with the C++ binary greedy mesher
// (docs/PERFORMANCE.md): 64³ padded cubes defined by integer rules, so
// that both sides mesh the same voxels bit for bit. Coordinates here are
// the rules' own (x, y, z), y up; block types 1..4 are opaque kinds.

func fmix32(h uint32) uint32 {
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

func mix4(a, b, c, d uint32) uint32 {
	return fmix32(a*0x8da6b343 + b*0xd8163841 + c*0xcb1ab31f + d*0x165667b1)
}

func valueNoise(x, z, s, octave, seed uint32) uint32 {
	i, j, fx, fz := x/s, z/s, x%s, z%s
	v := func(p, q uint32) uint32 { return mix4(p, q, octave, seed) >> 24 }
	a := v(i, j)*(s-fx) + v(i+1, j)*fx
	b := v(i, j+1)*(s-fx) + v(i+1, j+1)*fx
	return (a*(s-fz) + b*fz) / (s * s)
}

// benchRules are the chunks' rules: the block type at (x, y, z), 0 for air.
var benchRules = []struct {
	name string
	at   func(x, y, z uint32) uint8
	fnv  uint64 // FNV-1a 64 of the voxel bytes in the C++ layout
	// visible unit faces in the meshed region: plain meshing's quads
	faces int
}{
	{"terrain", func(x, y, z uint32) uint8 {
		n32, n8 := valueNoise(x, z, 32, 0, 1), valueNoise(x, z, 8, 1, 1)
		if y >= 12+n32*28/255+n8*10/255 {
			return 0
		}
		switch {
		case y < 20:
			return 1
		case y < 30:
			return 2
		case y < 40:
			return 3
		}
		return 4
	}, 0x441046239ffa4d63, 7850},
	{"whitenoise", func(x, y, z uint32) uint8 {
		r := mix4(x, y, z, 2)
		if r>>31 != 1 {
			return 0
		}
		return uint8(1 + r&3)
	}, 0x457574622502877c, 357471},
	{"checker3d", func(x, y, z uint32) uint8 {
		if (x+y+z)%2 != 0 {
			return 0
		}
		return 1
	}, 0x6eca836214c22325, 714984},
}

// benchCube builds chunk i of benchRules.
func benchCube(i int) *mesh.Cube {
	c := new(mesh.Cube)
	for y := range uint32(mesh.CubeSize) {
		for x := range uint32(mesh.CubeSize) {
			for z := range uint32(mesh.CubeSize) {
				c.Set(int(x), int(y), int(z), block.ID(benchRules[i].at(x, y, z)))
			}
		}
	}
	return c
}

// cubeFNV hashes c's voxels in the C++ mesher's order, index z + 64x +
// 4096y.
func cubeFNV(c *mesh.Cube) uint64 {
	h := uint64(14695981039346656037)
	for y := range mesh.CubeSize {
		for x := range mesh.CubeSize {
			for z := range mesh.CubeSize {
				h ^= uint64(c.At(x, y, z))
				h *= 1099511628211
			}
		}
	}
	return h
}

func TestBenchChunks(t *testing.T) {
	for i, r := range benchRules {
		t.Run(r.name, func(t *testing.T) {
			c := benchCube(i)
			if got := cubeFNV(c); got != r.fnv {
				t.Fatalf("FNV-1a of the voxels = %016x, want %016x", got, r.fnv)
			}
			m := mesh.NewMesher()
			var p, g mesh.MeshData
			m.MeshCube(&p, c, mesh.Options{})
			if got := len(p.Opaque.Quads) + len(p.Translucent.Quads); got != r.faces {
				t.Errorf("plain quads = %d, want the %d visible unit faces", got, r.faces)
			}
			m.MeshCube(&g, c, mesh.Options{Greedy: true})
			sameCoverage(t, rasterizeMesh(t, &p), rasterizeMesh(t, &g))
		})
	}
}

// BenchmarkMeshCube meshes the three shared benchmark chunks, plain and
// greedy, from their kept masks. ns/voxel divides the mean by the 62³
// meshed voxels; min-ns and min-ns/voxel are the fastest single call, the
// figure that stays put on a shared machine (other processes only ever add
// time); quads is what one mesh holds.
func BenchmarkMeshCube(b *testing.B) {
	for i, r := range benchRules {
		c := benchCube(i)
		for _, mode := range both {
			b.Run(fmt.Sprintf("%s/%s", r.name, mode.name), func(b *testing.B) {
				m := mesh.NewMesher()
				var d mesh.MeshData
				m.MeshCube(&d, c, mode.opt)
				b.ReportAllocs()
				best := time.Duration(math.MaxInt64)
				for b.Loop() {
					d.Reset()
					t0 := time.Now()
					m.MeshCube(&d, c, mode.opt)
					best = min(best, time.Since(t0))
				}
				const meshed = (mesh.CubeSize - 2) * (mesh.CubeSize - 2) * (mesh.CubeSize - 2)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/meshed, "ns/voxel")
				b.ReportMetric(float64(best.Nanoseconds()), "min-ns")
				b.ReportMetric(float64(best.Nanoseconds())/meshed, "min-ns/voxel")
				b.ReportMetric(float64(len(d.Opaque.Quads)+len(d.Translucent.Quads)), "quads")
			})
		}
	}
}
