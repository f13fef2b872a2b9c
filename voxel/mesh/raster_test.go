package mesh_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/mesh"
)

// cell is one unit face of a mesh, as the rasterizer sees it: which block
// face it is and how it is textured and lit at its four corners.
type cell struct {
	face    block.Face
	x, y, z int // the block the face belongs to
	tile    block.Tile
	ao      [4]int  // at corners (0,0), (1,0), (1,1), (0,1) along U, V; -1 if not a level
	low     [4]bool // lowered corners
	uv      [4][2]int
	layer   int
}

// axes returns the U and V axes of a face, and its normal axis.
func axes(f block.Face) (u, v, n int) {
	switch f {
	case block.FacePosX, block.FaceNegX:
		return 1, 2, 0
	case block.FacePosZ, block.FaceNegZ:
		return 1, 0, 2
	}
	return 2, 0, 1
}

// rasterize expands every quad of b into unit cells. It fails the test on
// malformed quads: wrong index pattern, mixed normals, non-rectangles, or
// triangles whose winding disagrees with the normal.
func rasterize(t testing.TB, b *mesh.Buffers, layer int, out map[cell]int) {
	t.Helper()
	e := expand(b)
	if len(e.Vertices)%4 != 0 || len(e.Indices) != len(e.Vertices)/4*6 {
		t.Fatalf("%d vertices, %d indices", len(e.Vertices), len(e.Indices))
	}
	for q := 0; q < len(e.Vertices)/4; q++ {
		var at [4]mesh.Attributes
		for k := range 4 {
			at[k] = mesh.Unpack(e.Vertices[q*4+k])
		}
		f := at[0].Normal
		u, v, na := axes(f)
		for k := range 4 {
			if at[k].Normal != f || at[k].Tile != at[0].Tile {
				t.Fatalf("quad %d mixes normals or tiles: %+v", q, at)
			}
		}
		// indices: two triangles over this quad's vertices, both facing the normal
		idx := e.Indices[q*6 : q*6+6]
		for tri := range 2 {
			var p [3][3]int
			for j := range 3 {
				i := int(idx[tri*3+j]) - q*4
				if i < 0 || i > 3 {
					t.Fatalf("quad %d index %d out of its vertices", q, idx[tri*3+j])
				}
				p[j] = [3]int{at[i].X, at[i].Y, at[i].Z}
			}
			a := [3]int{p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]}
			c := [3]int{p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]}
			cr := [3]int{a[1]*c[2] - a[2]*c[1], a[2]*c[0] - a[0]*c[2], a[0]*c[1] - a[1]*c[0]}
			nrm := f.Normal()
			if cr[0]*nrm[0]+cr[1]*nrm[1]+cr[2]*nrm[2] <= 0 {
				t.Fatalf("quad %d triangle %d winds against its normal %v", q, tri, nrm)
			}
		}
		pos := func(k int) [3]int { return [3]int{at[k].X, at[k].Y, at[k].Z} }
		minU, minV, maxU, maxV := 1<<30, 1<<30, -1, -1
		plane := pos(0)[na]
		for k := range 4 {
			p := pos(k)
			if p[na] != plane {
				t.Fatalf("quad %d not planar", q)
			}
			minU, maxU = min(minU, p[u]), max(maxU, p[u])
			minV, maxV = min(minV, p[v]), max(maxV, p[v])
		}
		nu, nv := maxU-minU, maxV-minV
		var corner [2][2]int // vertex index of corner (cu, cv)
		seen := 0
		for k := range 4 {
			p := pos(k)
			cu, cv := -1, -1
			switch p[u] {
			case minU:
				cu = 0
			case maxU:
				cu = 1
			}
			switch p[v] {
			case minV:
				cv = 0
			case maxV:
				cv = 1
			}
			if cu < 0 || cv < 0 || nu == 0 || nv == 0 {
				t.Fatalf("quad %d is not a rectangle: %+v", q, at)
			}
			corner[cu][cv] = k
			seen |= 1 << (cu*2 + cv)
		}
		if seen != 15 {
			t.Fatalf("quad %d is not a rectangle: %+v", q, at)
		}
		blockOff := 0
		if f == block.FacePosX || f == block.FacePosY || f == block.FacePosZ {
			blockOff = -1
		}
		interp := func(val func(a mesh.Attributes) int, i, j int) (int, bool) {
			s := val(at[corner[0][0]])*(nu-i)*(nv-j) + val(at[corner[1][0]])*i*(nv-j) +
				val(at[corner[1][1]])*i*j + val(at[corner[0][1]])*(nu-i)*j
			return s / (nu * nv), s%(nu*nv) == 0
		}
		for i := range nu {
			for j := range nv {
				var c cell
				c.face, c.tile, c.layer = f, at[0].Tile, layer
				var p [3]int
				p[na] = plane + blockOff
				p[u], p[v] = minU+i, minV+j
				c.x, c.y, c.z = p[0], p[1], p[2]
				var uvMin [2]int = [2]int{1 << 30, 1 << 30}
				var uvs [4][2]int
				for ci, cr := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
					a, ok := interp(func(a mesh.Attributes) int { return a.AO }, i+cr[0], j+cr[1])
					if !ok {
						a = -1
					}
					c.ao[ci] = a
					lo, ok := interp(func(a mesh.Attributes) int {
						if a.Lowered {
							return 1
						}
						return 0
					}, i+cr[0], j+cr[1])
					c.low[ci] = lo == 1 && ok
					uu, _ := interp(func(a mesh.Attributes) int { return a.U }, i+cr[0], j+cr[1])
					vv, _ := interp(func(a mesh.Attributes) int { return a.V }, i+cr[0], j+cr[1])
					uvs[ci] = [2]int{uu, vv}
					uvMin[0], uvMin[1] = min(uvMin[0], uu), min(uvMin[1], vv)
				}
				for ci := range uvs {
					c.uv[ci] = [2]int{uvs[ci][0] - uvMin[0], uvs[ci][1] - uvMin[1]}
				}
				out[c]++
			}
		}
	}
}

func rasterizeMesh(t testing.TB, m *mesh.MeshData) map[cell]int {
	out := map[cell]int{}
	rasterize(t, &m.Opaque, 0, out)
	rasterize(t, &m.Translucent, 1, out)
	return out
}

// sameCoverage fails unless a and b cover exactly the same cells, each once.
func sameCoverage(t *testing.T, a, b map[cell]int) {
	t.Helper()
	var diffs []string
	for c, n := range a {
		if n != 1 {
			diffs = append(diffs, fmt.Sprintf("plain covers %+v %d times", c, n))
		}
		if b[c] != n {
			diffs = append(diffs, fmt.Sprintf("%+v: plain %d greedy %d", c, n, b[c]))
		}
	}
	for c, n := range b {
		if n != 1 {
			diffs = append(diffs, fmt.Sprintf("greedy covers %+v %d times", c, n))
		}
		if _, ok := a[c]; !ok {
			diffs = append(diffs, fmt.Sprintf("%+v: only greedy", c))
		}
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		if len(diffs) > 10 {
			diffs = diffs[:10]
		}
		t.Fatalf("coverage differs (%d cells plain, %d greedy):\n%v", len(a), len(b), diffs)
	}
}

// flat is a mesh expanded into the corners and triangles the shader draws.
type flat struct {
	Vertices []mesh.Vertex
	Indices  []uint32
}

func expand(b *mesh.Buffers) flat {
	var f flat
	f.Vertices, f.Indices = b.Expand(nil, nil)
	return f
}
