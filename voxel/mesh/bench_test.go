package mesh_test

import (
	"testing"

	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
	"github.com/sleakgo/sleak/voxel/world"
)

// terrain returns neighbourhoods of generated chunks: a sample of typical
// terrain (plains, forest, coast, mountains, caves).
func terrain(tb testing.TB, n int) []*mesh.Neighborhood {
	tb.Helper()
	g := world.NewGenerator(42)
	cache := map[chunk.Pos]*chunk.Blocks{}
	get := func(p chunk.Pos) *chunk.Blocks {
		if b := cache[p]; b != nil {
			return b
		}
		b := new(chunk.Blocks)
		g.Generate(b, p)
		cache[p] = b
		return b
	}
	var out []*mesh.Neighborhood
	// a diagonal walk through a 512-block-wide area, at the same world
	// positions whatever the chunk size
	for i := range n {
		c := chunk.PosOf(i*512/n-256, i*341/n-128)
		var nb mesh.Neighborhood
		for j := range nb {
			nb[j] = get(c.Add(j%3-1, j/3-1))
		}
		out = append(out, &nb)
	}
	return out
}

func TestGreedyCoversPlainTerrain(t *testing.T) {
	for _, nb := range terrain(t, 4) {
		var p, g mesh.MeshData
		mesh.NewMesher().MeshChunk(&p, nb, mesh.Options{})
		mesh.NewMesher().MeshChunk(&g, nb, mesh.Options{Greedy: true})
		sameCoverage(t, rasterizeMesh(t, &p), rasterizeMesh(t, &g))
	}
}

// masksOf returns the masks of nb's chunks, as the world keeps them.
func masksOf(nb *mesh.Neighborhood) *mesh.MaskNeighborhood {
	var mk mesh.MaskNeighborhood
	for i, c := range nb {
		if c != nil {
			mk[i] = mesh.NewMasks(c)
		}
	}
	return &mk
}

// benchMesh meshes eight chunks of typical terrain from their kept masks,
// as the streamer does; fromBlocks classifies the voxels on every call
// instead (MeshChunk without masks).
func benchMesh(b *testing.B, opt mesh.Options, fromBlocks bool) {
	nbs := terrain(b, 8)
	mks := make([]*mesh.MaskNeighborhood, len(nbs))
	for i, nb := range nbs {
		if !fromBlocks {
			mks[i] = masksOf(nb)
		}
	}
	m := mesh.NewMesher()
	var d mesh.MeshData
	faces, quads, bytes := 0, 0, 0
	for _, nb := range nbs {
		var p mesh.MeshData
		m.MeshChunk(&p, nb, mesh.Options{})
		faces += len(p.Opaque.Quads) + len(p.Translucent.Quads)
		d.Reset()
		m.MeshChunk(&d, nb, opt)
		quads += len(d.Opaque.Quads) + len(d.Translucent.Quads)
		bytes += len(mesh.Bytes(d.Opaque.Quads)) + len(mesh.Bytes(d.Translucent.Quads))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		d.Reset()
		m.MeshChunkMasks(&d, nbs[i%len(nbs)], mks[i%len(nbs)], opt)
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/chunk.Volume, "ns/voxel")
	b.ReportMetric(float64(quads)/float64(len(nbs)), "quads/chunk")
	b.ReportMetric(float64(bytes)/float64(faces), "bytes/face")
}

func BenchmarkMeshPlain(b *testing.B)  { benchMesh(b, mesh.Options{}, false) }
func BenchmarkMeshGreedy(b *testing.B) { benchMesh(b, mesh.Options{Greedy: true}, false) }

// BenchmarkMeshGreedyFromBlocks is BenchmarkMeshGreedy for a caller that
// keeps no masks.
func BenchmarkMeshGreedyFromBlocks(b *testing.B) { benchMesh(b, mesh.Options{Greedy: true}, true) }

// benchArea meshes every chunk of one 256 x 256 block area of generated
// terrain, from kept masks: the same blocks whatever the chunk size, so builds with and
// without -tags voxel16 compare directly. quads/area is what the GPU gets,
// meshes/area the number of uploads and draws.
func benchArea(b *testing.B, opt mesh.Options, sections bool) {
	const side = 256 / chunk.Size
	g := world.NewGenerator(42)
	blocks := map[chunk.Pos]*chunk.Blocks{}
	p0 := chunk.PosOf(-128, -128)
	for dz := -1; dz <= side; dz++ {
		for dx := -1; dx <= side; dx++ {
			p := p0.Add(dx, dz)
			blocks[p] = new(chunk.Blocks)
			g.Generate(blocks[p], p)
		}
	}
	masks := map[chunk.Pos]*mesh.Masks{}
	for p, c := range blocks {
		masks[p] = mesh.NewMasks(c)
	}
	var nbs []*mesh.Neighborhood
	var mks []*mesh.MaskNeighborhood
	for dz := range side {
		for dx := range side {
			var nb mesh.Neighborhood
			var mk mesh.MaskNeighborhood
			for i := range nb {
				nb[i] = blocks[p0.Add(dx+i%3-1, dz+i/3-1)]
				mk[i] = masks[p0.Add(dx+i%3-1, dz+i/3-1)]
			}
			nbs = append(nbs, &nb)
			mks = append(mks, &mk)
		}
	}
	m := mesh.NewMesher()
	var d mesh.MeshData
	quads := 0
	b.ReportAllocs()
	for b.Loop() {
		quads = 0
		for j, nb := range nbs {
			d.Reset()
			m.MeshChunkMasks(&d, nb, mks[j], opt)
			if sections {
				m.Sections(&d, mks[j][4])
			}
			quads += len(d.Opaque.Quads) + len(d.Translucent.Quads)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(nbs)*chunk.Volume), "ns/voxel")
	b.ReportMetric(float64(quads), "quads/area")
	b.ReportMetric(float64(len(nbs)), "meshes/area")
}

func BenchmarkMeshAreaPlain(b *testing.B)  { benchArea(b, mesh.Options{}, false) }
func BenchmarkMeshAreaGreedy(b *testing.B) { benchArea(b, mesh.Options{Greedy: true}, false) }

// BenchmarkMeshAreaGreedySections adds what the game does after meshing
// each chunk for cave culling: every section's connectivity and the quads
// ordered and split by section (Mesher.Sections).
func BenchmarkMeshAreaGreedySections(b *testing.B) { benchArea(b, mesh.Options{Greedy: true}, true) }
