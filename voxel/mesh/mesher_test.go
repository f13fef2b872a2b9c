package mesh_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

const S = chunk.Size

// area is a 3x3 chunk neighbourhood addressed in coordinates local to the
// middle chunk: x and z in [-S, 2S).
type area struct{ nb mesh.Neighborhood }

func newArea() *area {
	a := &area{}
	for i := range a.nb {
		a.nb[i] = new(chunk.Blocks)
	}
	return a
}

func (a *area) set(x, y, z int, id block.ID) {
	cx, cz := (x+S)/S, (z+S)/S
	a.nb[cz*3+cx].Set((x+S)%S, y, (z+S)%S, id)
}

func (a *area) mesh(opt mesh.Options) *mesh.MeshData {
	var d mesh.MeshData
	mesh.NewMesher().MeshChunk(&d, &a.nb, opt)
	return &d
}

var both = []struct {
	name string
	opt  mesh.Options
}{{"plain", mesh.Options{}}, {"greedy", mesh.Options{Greedy: true}}}

func TestFaceCounts(t *testing.T) {
	type blk struct {
		x, y, z int
		id      block.ID
	}
	for _, tc := range []struct {
		name                string
		blocks              []blk
		opaque, translucent int // quads, plain mode
	}{
		{"single block", []blk{{5, 10, 5, block.Stone}}, 6, 0},
		{"two adjacent", []blk{{5, 10, 5, block.Stone}, {6, 10, 5, block.Dirt}}, 10, 0},
		{"two stacked", []blk{{5, 10, 5, block.Stone}, {5, 11, 5, block.Stone}}, 10, 0},
		{"bottom of the world", []blk{{5, 0, 5, block.Bedrock}}, 5, 0},
		{"top of the world", []blk{{5, chunk.Height - 1, 5, block.Stone}}, 6, 0},
		{"glass pair culls", []blk{{5, 10, 5, block.Glass}, {5, 10, 6, block.Glass}}, 0, 10},
		{"leaves pair keeps", []blk{{5, 10, 5, block.Leaves}, {5, 10, 6, block.Leaves}}, 12, 0},
		{"water pair culls", []blk{{5, 10, 5, block.Water}, {5, 11, 5, block.Water}}, 0, 10},
		{"water next to stone", []blk{{5, 10, 5, block.Water}, {6, 10, 5, block.Stone}}, 6, 5},
		{"water under stone keeps its top", []blk{{5, 10, 5, block.Water}, {5, 11, 5, block.Stone}}, 6, 6},
		{"stone next to glass", []blk{{5, 10, 5, block.Glass}, {6, 10, 5, block.Stone}}, 6, 5},
		{"glass next to water", []blk{{5, 10, 5, block.Glass}, {6, 10, 5, block.Water}}, 0, 12},
		{"across the +x border", []blk{{S - 1, 10, 3, block.Stone}, {S, 10, 3, block.Stone}}, 5, 0},
		{"across the -z border", []blk{{3, 10, 0, block.Stone}, {3, 10, -1, block.Stone}}, 5, 0},
		{"only the neighbour", []blk{{S, 10, 3, block.Stone}}, 0, 0},
	} {
		for _, m := range both {
			t.Run(tc.name+"/"+m.name, func(t *testing.T) {
				a := newArea()
				for _, b := range tc.blocks {
					a.set(b.x, b.y, b.z, b.id)
				}
				d := a.mesh(m.opt)
				rasterizeMesh(t, d) // checks the quads are well formed
				if m.opt.Greedy {
					// greedy may merge; compare coverage with plain instead
					sameCoverage(t, rasterizeMesh(t, a.mesh(mesh.Options{})), rasterizeMesh(t, d))
					return
				}
				if got := len(d.Opaque.Quads); got != tc.opaque {
					t.Errorf("opaque quads = %d, want %d", got, tc.opaque)
				}
				if got := len(d.Translucent.Quads); got != tc.translucent {
					t.Errorf("translucent quads = %d, want %d", got, tc.translucent)
				}
				if n := len(d.Opaque.Quads); len(expand(&d.Opaque).Vertices) != 4*n || len(expand(&d.Opaque).Indices) != 6*n {
					t.Errorf("opaque: %d vertices %d indices for %d quads", len(expand(&d.Opaque).Vertices), len(expand(&d.Opaque).Indices), n)
				}
			})
		}
	}
}

func TestSingleBlockSizes(t *testing.T) {
	a := newArea()
	a.set(5, 10, 5, block.Stone)
	d := a.mesh(mesh.Options{})
	if len(expand(&d.Opaque).Vertices) != 24 || len(expand(&d.Opaque).Indices) != 36 {
		t.Fatalf("single block: %d vertices %d indices, want 24 and 36", len(expand(&d.Opaque).Vertices), len(expand(&d.Opaque).Indices))
	}
	if n := len(mesh.Bytes(d.Opaque.Quads)); n != 6*mesh.QuadSize {
		t.Fatalf("quad bytes = %d, want %d", n, 6*mesh.QuadSize)
	}
}

func TestNoFacesBetweenOpaqueChunks(t *testing.T) {
	// a stone slab through all nine chunks: only its top and bottom show.
	a := newArea()
	for x := -S; x < 2*S; x++ {
		for z := -S; z < 2*S; z++ {
			a.set(x, 20, z, block.Stone)
		}
	}
	for _, m := range both {
		d := a.mesh(m.opt)
		cells := rasterizeMesh(t, d)
		if len(cells) != 2*S*S {
			t.Errorf("%s: %d unit faces, want %d", m.name, len(cells), 2*S*S)
		}
		for c := range cells {
			if c.face != block.FacePosY && c.face != block.FaceNegY {
				t.Fatalf("%s: side face %+v", m.name, c)
			}
		}
		if m.opt.Greedy && len(d.Opaque.Quads) != 2 {
			t.Errorf("greedy slab: %d quads, want 2", len(d.Opaque.Quads))
		}
	}
}

// topFace returns the top face of block (x, y, z) of a plain mesh: its
// vertices by corner (x, z) and its indices.
func topFace(t *testing.T, d *mesh.MeshData, x, y, z int) (map[[2]int]mesh.Attributes, []uint32) {
	t.Helper()
	for q := 0; q < len(d.Opaque.Quads); q++ {
		v0 := mesh.Unpack(expand(&d.Opaque).Vertices[q*4])
		if v0.Normal != block.FacePosY || v0.Y != y+1 {
			continue
		}
		corners := map[[2]int]mesh.Attributes{}
		ok := true
		for k := range 4 {
			v := mesh.Unpack(expand(&d.Opaque).Vertices[q*4+k])
			if v.X < x || v.X > x+1 || v.Z < z || v.Z > z+1 {
				ok = false
			}
			corners[[2]int{v.X, v.Z}] = v
		}
		if ok {
			idx := make([]uint32, 6)
			for i, v := range expand(&d.Opaque).Indices[q*6 : q*6+6] {
				idx[i] = v - uint32(q*4)
			}
			return corners, idx
		}
	}
	t.Fatalf("no top face for block %d,%d,%d", x, y, z)
	return nil, nil
}

func TestAmbientOcclusion(t *testing.T) {
	type p = [2]int
	for _, tc := range []struct {
		name     string
		occluder [][3]int // opaque blocks in the layer above the top face
		want     map[p]int
		diagonal [2]p // the two corners on the shared edge of the triangles
	}{
		{"open", nil, map[p]int{{5, 5}: 3, {6, 5}: 3, {6, 6}: 3, {5, 6}: 3}, [2]p{{5, 5}, {6, 6}}},
		{"corner only", [][3]int{{4, 11, 4}}, map[p]int{{5, 5}: 2, {6, 5}: 3, {6, 6}: 3, {5, 6}: 3}, [2]p{{6, 5}, {5, 6}}},
		{"one side", [][3]int{{4, 11, 5}}, map[p]int{{5, 5}: 2, {6, 5}: 3, {6, 6}: 3, {5, 6}: 2}, [2]p{{5, 5}, {6, 6}}},
		{"two sides", [][3]int{{4, 11, 5}, {5, 11, 4}}, map[p]int{{5, 5}: 0, {6, 5}: 2, {6, 6}: 3, {5, 6}: 2}, [2]p{{6, 5}, {5, 6}}},
		{"two sides and corner", [][3]int{{4, 11, 5}, {5, 11, 4}, {4, 11, 4}}, map[p]int{{5, 5}: 0, {6, 5}: 2, {6, 6}: 3, {5, 6}: 2}, [2]p{{6, 5}, {5, 6}}},
		{"side and corner", [][3]int{{4, 11, 5}, {4, 11, 4}}, map[p]int{{5, 5}: 1, {6, 5}: 3, {6, 6}: 3, {5, 6}: 2}, [2]p{{6, 5}, {5, 6}}},
		{"far corner dark", [][3]int{{6, 11, 5}, {5, 11, 6}}, map[p]int{{5, 5}: 3, {6, 5}: 2, {6, 6}: 0, {5, 6}: 2}, [2]p{{6, 5}, {5, 6}}},
		{"across the border", [][3]int{{-1, 11, -1}}, map[p]int{{0, 0}: 2, {1, 0}: 3, {1, 1}: 3, {0, 1}: 3}, [2]p{{1, 0}, {0, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newArea()
			bx, bz := 5, 5
			if tc.name == "across the border" {
				bx, bz = 0, 0
			}
			a.set(bx, 10, bz, block.Stone)
			for _, o := range tc.occluder {
				a.set(o[0], o[1], o[2], block.Stone)
			}
			corners, _ := topFace(t, a.mesh(mesh.Options{}), bx, 10, bz)
			for pos, want := range tc.want {
				if got := corners[pos].AO; got != want {
					t.Errorf("AO at corner %v = %d, want %d", pos, got, want)
				}
			}
			// the diagonal is the pair of vertices both triangles use
			d := a.mesh(mesh.Options{})
			for qi := 0; qi < len(d.Opaque.Quads); qi++ {
				v0 := mesh.Unpack(expand(&d.Opaque).Vertices[qi*4])
				if v0.Normal != block.FacePosY || v0.Y != 11 {
					continue
				}
				var diag []p
				cnt := map[uint32]int{}
				for _, i := range expand(&d.Opaque).Indices[qi*6 : qi*6+6] {
					cnt[i]++
				}
				for i, c := range cnt {
					if c == 2 {
						v := mesh.Unpack(expand(&d.Opaque).Vertices[i])
						diag = append(diag, p{v.X, v.Z})
					}
				}
				if len(diag) != 2 {
					t.Fatalf("quad %d: diagonal %v", qi, diag)
				}
				inside := func(q p) bool { return q[0] >= bx && q[0] <= bx+1 && q[1] >= bz && q[1] <= bz+1 }
				if !inside(diag[0]) || !inside(diag[1]) {
					continue
				}
				if !(diag[0] == tc.diagonal[0] && diag[1] == tc.diagonal[1]) && !(diag[0] == tc.diagonal[1] && diag[1] == tc.diagonal[0]) {
					t.Errorf("diagonal %v, want %v", diag, tc.diagonal)
				}
			}
		})
	}
}

func TestWaterSurface(t *testing.T) {
	a := newArea()
	a.set(5, 10, 5, block.Water)
	a.set(5, 11, 5, block.Water)
	a.set(8, 10, 5, block.Water)
	a.set(8, 11, 5, block.Stone)
	d := a.mesh(mesh.Options{})
	for q := 0; q < len(d.Translucent.Quads); q++ {
		for k := range 4 {
			v := mesh.Unpack(expand(&d.Translucent).Vertices[q*4+k])
			top := v.Y == 12 || (v.X >= 8 && v.Y == 11)
			want := top && v.Normal != block.FaceNegY
			if v.Lowered != want {
				t.Errorf("vertex %+v: lowered %v, want %v", v, v.Lowered, want)
			}
		}
	}
}

func TestPackRoundTrip(t *testing.T) {
	for _, a := range []mesh.Attributes{
		{},
		{X: 32, Y: 256, Z: 32, Normal: block.FaceNegZ, AO: 3, Tile: 1023, U: 63, V: 63, Lowered: true},
		{X: 1, Y: 2, Z: 3, Normal: block.FacePosY, AO: 1, Tile: block.TileWater, U: 5, V: 7},
	} {
		if got := mesh.Unpack(mesh.Pack(a)); got != a {
			t.Errorf("round trip of %+v = %+v", a, got)
		}
	}
	v := mesh.Pack(mesh.Attributes{X: 3, Y: 5, Z: 7, Normal: block.FaceNegY, AO: 2, Tile: 9, U: 1, V: 1, Lowered: true})
	if v.Data0 != 3|5<<6|7<<15 || v.Data1 != 3|2<<3|9<<5|1<<15|1<<21|1<<27 {
		t.Errorf("layout changed: %#x %#x", v.Data0, v.Data1)
	}
}

func randomArea(r *rand.Rand) *area {
	return randomAreaOf(r, []block.ID{block.Stone, block.Dirt, block.Grass, block.Water, block.Glass, block.Leaves, block.Sand})
}

// opaqueKinds make areas whose plain mesh takes the one-pass mode for
// opaque-only grids.
var opaqueKinds = []block.ID{block.Stone, block.Dirt, block.Grass, block.Sand}

func randomAreaOf(r *rand.Rand, kinds []block.ID) *area {
	a := newArea()
	for i := range a.nb {
		b := a.nb[i]
		for y := 0; y < 130; y++ {
			// layers of different density so that runs form, across the
			// first two words of each column
			p := r.Float64()
			k := kinds[r.IntN(len(kinds))]
			for z := range S {
				for x := range S {
					if r.Float64() < p {
						id := k
						if r.IntN(8) == 0 {
							id = kinds[r.IntN(len(kinds))]
						}
						b.Set(x, y, z, id)
					}
				}
			}
		}
	}
	return a
}

func TestGreedyCoversPlainRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 6 {
		// odd rounds hold only opaque blocks: plain meshing takes the
		// one-pass mode, greedy the sweeps, and both must agree
		a := randomArea(r)
		if i%2 == 1 {
			a = randomAreaOf(r, opaqueKinds)
		}
		plain := rasterizeMesh(t, a.mesh(mesh.Options{}))
		gd := a.mesh(mesh.Options{Greedy: true})
		greedy := rasterizeMesh(t, gd)
		sameCoverage(t, plain, greedy)
		if i < 2 {
			t.Logf("random chunk: %d unit faces, %d greedy quads", len(plain), len(gd.Opaque.Quads)+len(gd.Translucent.Quads))
		}
	}
}

func TestGreedyTallColumns(t *testing.T) {
	// side faces taller than a greedy quad can be (63 blocks), beside
	// water (the face mask sweeps) and with only opaque blocks (the
	// one-pass mode); the wall is also wider than a chunk word is tall
	for _, beside := range []block.ID{block.Water, block.Air} {
		a := newArea()
		for y := range chunk.Height {
			a.set(3, y, 3, block.Stone)
			a.set(4, y, 3, beside)
			for z := range S {
				a.set(8, y, z, block.Stone)
			}
		}
		sameCoverage(t, rasterizeMesh(t, a.mesh(mesh.Options{})), rasterizeMesh(t, a.mesh(mesh.Options{Greedy: true})))
	}
}

func TestMeshChunkAllocations(t *testing.T) {
	for _, a := range []*area{randomArea(rand.New(rand.NewPCG(3, 4))), randomAreaOf(rand.New(rand.NewPCG(5, 6)), opaqueKinds)} {
		meshAllocations(t, a)
	}
}

func meshAllocations(t *testing.T, a *area) {
	for _, m := range both {
		ms := mesh.NewMesher()
		var d mesh.MeshData
		ms.MeshChunk(&d, &a.nb, m.opt)
		allocs := testing.AllocsPerRun(5, func() {
			d.Reset()
			ms.MeshChunk(&d, &a.nb, m.opt)
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per chunk, want 0", m.name, allocs)
		}
	}
}

func TestNilNeighboursReadAsAir(t *testing.T) {
	var nb mesh.Neighborhood
	nb[4] = new(chunk.Blocks)
	nb[4].Set(0, 10, 0, block.Stone)
	var d mesh.MeshData
	mesh.NewMesher().MeshChunk(&d, &nb, mesh.Options{})
	if len(d.Opaque.Quads) != 6 {
		t.Fatalf("%d quads, want 6", len(d.Opaque.Quads))
	}
	nb[4] = nil
	d.Reset()
	mesh.NewMesher().MeshChunk(&d, &nb, mesh.Options{})
	if !d.Empty() {
		t.Fatal("no chunk, yet a mesh")
	}
}

func TestBounds(t *testing.T) {
	a := newArea()
	a.set(5, 10, 5, block.Stone)
	a.set(7, 12, 9, block.Water)
	d := a.mesh(mesh.Options{Greedy: true})
	for _, tc := range []struct {
		name   string
		quads  []mesh.Quad
		lo, hi [3]float32
	}{
		{"stone", d.Opaque.Quads, [3]float32{5, 10, 5}, [3]float32{6, 11, 6}},
		{"stone, +x", d.Opaque.Face(block.FacePosX), [3]float32{6, 10, 5}, [3]float32{6, 11, 6}},
		{"water, lowered", d.Translucent.Quads, [3]float32{7, 12 - mesh.LoweredDepth, 9}, [3]float32{8, 13, 10}},
	} {
		lo, hi, ok := mesh.Bounds(tc.quads)
		if !ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("%s: Bounds = %v, %v, %v; want %v, %v", tc.name, lo, hi, ok, tc.lo, tc.hi)
		}
	}
	if _, _, ok := mesh.Bounds(nil); ok {
		t.Error("Bounds of no quads is ok")
	}
}
