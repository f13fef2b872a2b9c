package mesh_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

const H = mesh.SectionHeight

// pairs builds a connectivity from face pairs.
func pairs(ps ...[2]block.Face) mesh.Connectivity {
	var c mesh.Connectivity
	for _, p := range ps {
		c |= bitOf(p[0], p[1])
	}
	return c
}

// bitOf finds the bit of pair (a, b) through the public API.
func bitOf(a, b block.Face) mesh.Connectivity {
	for i := range 15 {
		if c := mesh.Connectivity(1 << i); c.Connected(a, b) {
			return c
		}
	}
	return 0
}

func TestSectionConnectivity(t *testing.T) {
	const sec = 2 // a section with others above and below
	y0 := sec * H
	solid := func(b *chunk.Blocks) {
		for x := range S {
			for z := range S {
				for y := y0; y < y0+H; y++ {
					b.Set(x, y, z, block.Stone)
				}
			}
		}
	}
	carve := func(b *chunk.Blocks, x0, y0, z0, x1, y1, z1 int) {
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				for z := z0; z <= z1; z++ {
					b.Set(x, y, z, block.Air)
				}
			}
		}
	}
	mid := S / 2
	cases := []struct {
		name  string
		build func(b *chunk.Blocks)
		want  mesh.Connectivity
	}{
		{"empty section", func(b *chunk.Blocks) {}, mesh.AllConnected},
		{"full section", solid, 0},
		{"sealed box", func(b *chunk.Blocks) {
			solid(b)
			carve(b, 2, y0+2, 2, S-3, y0+H-3, S-3) // a cave that reaches no face
		}, 0},
		{"tunnel through along x", func(b *chunk.Blocks) {
			solid(b)
			carve(b, 0, y0+mid, mid, S-1, y0+mid, mid)
		}, pairs([2]block.Face{block.FaceNegX, block.FacePosX})},
		{"L-bend from -x to the top", func(b *chunk.Blocks) {
			solid(b)
			carve(b, 0, y0+mid, mid, mid, y0+mid, mid)
			carve(b, mid, y0+mid, mid, mid, y0+H-1, mid)
		}, pairs([2]block.Face{block.FaceNegX, block.FacePosY})},
		{"two tunnels apart", func(b *chunk.Blocks) {
			solid(b)
			carve(b, 0, y0+4, 4, S-1, y0+4, 4)         // -x to +x
			carve(b, S-5, y0+H-6, 0, S-5, y0+H-6, S-1) // -z to +z
		}, pairs([2]block.Face{block.FaceNegX, block.FacePosX}, [2]block.Face{block.FaceNegZ, block.FacePosZ})},
		{"glass and water let sight through", func(b *chunk.Blocks) {
			solid(b)
			for y := y0; y < y0+H; y++ {
				b.Set(mid, y, mid, block.Glass)
			}
			b.Set(mid, y0+mid, mid, block.Water)
		}, pairs([2]block.Face{block.FaceNegY, block.FacePosY})},
		{"a diagonal step does not connect", func(b *chunk.Blocks) {
			solid(b)
			carve(b, 0, y0+mid, mid, mid, y0+mid, mid)
			carve(b, mid+1, y0+mid+1, mid, S-1, y0+mid+1, mid) // touches the first only along an edge
		}, 0},
	}
	m := mesh.NewMesher()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := new(chunk.Blocks)
			tc.build(b)
			got := m.SectionConnectivity(mesh.NewMasks(b), sec)
			if got != tc.want {
				t.Errorf("connectivity %015b, want %015b", got, tc.want)
			}
			// the sections around it are air
			if c := m.SectionConnectivity(mesh.NewMasks(b), sec+1); c != mesh.AllConnected {
				t.Errorf("section above: %015b, want all connected", c)
			}
		})
	}
}

func TestConnectivityFrom(t *testing.T) {
	c := pairs([2]block.Face{block.FaceNegX, block.FacePosY}, [2]block.Face{block.FacePosY, block.FacePosZ})
	cases := []struct {
		from block.Face
		want uint8
	}{
		{block.FaceNegX, 1 << block.FacePosY},
		{block.FacePosY, 1<<block.FaceNegX | 1<<block.FacePosZ},
		{block.FacePosX, 0},
	}
	for _, tc := range cases {
		if got := c.From(tc.from); got != tc.want {
			t.Errorf("From(%d) = %06b, want %06b", tc.from, got, tc.want)
		}
	}
	if got := mesh.AllConnected.From(block.FacePosX); got != 0x3f&^1 {
		t.Errorf("AllConnected.From(+x) = %06b, want every other face", got)
	}
}

// TestSectionsSplitKeepsFaces: after Sections every opaque quad lies in
// one section, in its (direction, section) range, and the quads cover the
// same unit faces as before.
func TestSectionsSplitKeepsFaces(t *testing.T) {
	a := randomAreaOf(rand.New(rand.NewPCG(7, 8)), opaqueKinds)
	// pillars above the random layers, whose side quads span sections
	for y := 140; y < 230; y++ {
		a.nb[4].Set(3, y, 3, block.Stone)
		a.nb[4].Set(S-4, y, 9, block.Dirt)
	}
	m := mesh.NewMesher()
	var md mesh.MeshData
	m.MeshChunk(&md, &a.nb, mesh.Options{Greedy: true})
	before := unitFaces(md.Opaque.Quads)
	n := len(md.Opaque.Quads)
	m.Sections(&md, mesh.NewMasks(a.nb[4]))
	if len(md.Opaque.Quads) == n {
		t.Fatal("no quad was split: a poor test area")
	}
	after := unitFaces(md.Opaque.Quads)
	if len(before) != len(after) {
		t.Fatalf("%d unit faces after the split, want %d", len(after), len(before))
	}
	for k, n := range before {
		if after[k] != n {
			t.Fatalf("unit face %v: %d after the split, want %d", k, after[k], n)
		}
	}
	total := 0
	for f := range block.Face(6) {
		for s := range mesh.Sections {
			for _, q := range md.SectionFace(f, s) {
				total++
				if q.Face() != f {
					t.Fatalf("a quad of direction %d in direction %d's range", q.Face(), f)
				}
				lo, hi := blockRows(q)
				if lo/H != s || (hi-1)/H != s {
					t.Fatalf("quad over block rows %d..%d in section %d", lo, hi-1, s)
				}
			}
		}
		if n := len(md.Opaque.Face(f)); n == 0 {
			t.Fatalf("direction %d has no quads: a poor test area", f)
		}
	}
	if total != len(md.Opaque.Quads) {
		t.Errorf("the section ranges hold %d quads of %d", total, len(md.Opaque.Quads))
	}
}

type unitFace struct {
	x, y, z int
	f       block.Face
}

// unitFaces expands quads into the unit faces they cover, by the blocks
// they belong to.
func unitFaces(quads []mesh.Quad) map[unitFace]int {
	out := map[unitFace]int{}
	for _, q := range quads {
		v := q.Vertices()
		lo := [3]int{1 << 20, 1 << 20, 1 << 20}
		hi := [3]int{-1, -1, -1}
		for _, c := range v {
			at := mesh.Unpack(c)
			p := [3]int{at.X, at.Y, at.Z}
			for i := range 3 {
				lo[i], hi[i] = min(lo[i], p[i]), max(hi[i], p[i])
			}
		}
		n := q.Face().Normal()
		for i := range 3 {
			if n[i] != 0 { // the face plane: the block is behind it
				if n[i] > 0 {
					lo[i]--
				}
				hi[i] = lo[i] + 1
			}
		}
		for x := lo[0]; x < hi[0]; x++ {
			for y := lo[1]; y < hi[1]; y++ {
				for z := lo[2]; z < hi[2]; z++ {
					out[unitFace{x, y, z, q.Face()}]++
				}
			}
		}
	}
	return out
}

// blockRows is the rows of blocks [lo, hi) a quad belongs to.
func blockRows(q mesh.Quad) (lo, hi int) {
	f := unitFaces([]mesh.Quad{q})
	lo, hi = 1<<20, -1
	for k := range f {
		lo, hi = min(lo, k.y), max(hi, k.y+1)
	}
	return lo, hi
}

func BenchmarkSectionConnectivity(b *testing.B) {
	a := randomAreaOf(rand.New(rand.NewPCG(9, 10)), opaqueKinds)
	mk := mesh.NewMasks(a.nb[4])
	m := mesh.NewMesher()
	b.ReportAllocs()
	for b.Loop() {
		for s := range mesh.Sections {
			m.SectionConnectivity(mk, s)
		}
	}
}
