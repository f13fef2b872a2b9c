package mesh_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
)

type edit struct {
	x, y, z int
	id      block.ID
}

// maskEdits are edits on top of a random area's middle chunk, each case
// exercising one way a voxel's class changes.
var maskEdits = []struct {
	name  string
	edits []edit
}{
	{"opaque to air", []edit{{5, 10, 5, block.Air}, {5, 11, 5, block.Air}}},
	{"air to water", []edit{{7, 30, 7, block.Water}, {7, 31, 7, block.Water}}},
	{"water to glass", []edit{{7, 30, 7, block.Water}, {7, 30, 7, block.Glass}}},
	{"glass to stone", []edit{{3, 3, 3, block.Glass}, {3, 3, 3, block.Stone}}},
	{"same kind again", []edit{{1, 1, 1, block.Dirt}, {1, 1, 1, block.Dirt}}},
	{"word boundaries", []edit{{0, 63, 0, block.Water}, {0, 64, 0, block.Leaves}, {S - 1, 255, S - 1, block.Stone}, {S - 1, 0, 0, block.Glass}}},
	{"everything to air", nil}, // filled in by the test: every non-air voxel of the first 40 layers
	{"outside is ignored", []edit{{-1, 5, 5, block.Stone}, {5, chunk.Height, 5, block.Stone}, {S, 0, 0, block.Stone}}},
}

func TestMasksSetEqualsRebuild(t *testing.T) {
	for _, tc := range maskEdits {
		t.Run(tc.name, func(t *testing.T) {
			a := randomArea(rand.New(rand.NewPCG(5, 6)))
			b := a.nb[4]
			edits := slices.Clone(tc.edits)
			if tc.name == "everything to air" {
				for z := range S {
					for x := range S {
						for y := range 40 {
							edits = append(edits, edit{x, y, z, block.Air})
						}
					}
				}
			}
			kept := mesh.NewMasks(b)
			for _, e := range edits {
				if e.x >= 0 && e.x < S && e.z >= 0 && e.z < S && e.y >= 0 && e.y < chunk.Height {
					b.Set(e.x, e.y, e.z, e.id)
				}
				kept.Set(e.x, e.y, e.z, e.id)
			}
			if want := mesh.NewMasks(b); *kept != *want {
				t.Fatal("masks updated edit by edit differ from masks rebuilt from the blocks")
			}
			// meshing from the kept masks gives the mesh made from the blocks
			var mk mesh.MaskNeighborhood
			for i := range mk {
				mk[i] = mesh.NewMasks(a.nb[i])
			}
			mk[4] = kept
			for _, m := range both {
				var fromBlocks, fromMasks mesh.MeshData
				mesh.NewMesher().MeshChunk(&fromBlocks, &a.nb, m.opt)
				mesh.NewMesher().MeshChunkMasks(&fromMasks, &a.nb, &mk, m.opt)
				if !slices.Equal(fromBlocks.Opaque.Quads, fromMasks.Opaque.Quads) ||
					!slices.Equal(fromBlocks.Translucent.Quads, fromMasks.Translucent.Quads) {
					t.Errorf("%s: meshes from kept masks and from blocks differ", m.name)
				}
			}
		})
	}
}

func TestCubeSetKeepsMasks(t *testing.T) {
	// a cube edited into a state and one built directly in that state mesh
	// the same
	for _, tc := range maskEdits {
		t.Run(tc.name, func(t *testing.T) {
			edited, direct := new(mesh.Cube), new(mesh.Cube)
			r := rand.New(rand.NewPCG(7, 8))
			kinds := []block.ID{block.Air, block.Stone, block.Water, block.Glass, block.Leaves}
			for range 20000 {
				edited.Set(r.IntN(mesh.CubeSize), r.IntN(mesh.CubeSize), r.IntN(mesh.CubeSize), kinds[r.IntN(len(kinds))])
			}
			for _, e := range tc.edits {
				edited.Set(e.x, e.y%mesh.CubeSize, e.z, e.id)
			}
			for z := range mesh.CubeSize {
				for x := range mesh.CubeSize {
					for y := range mesh.CubeSize {
						direct.Set(x, y, z, edited.At(x, y, z))
					}
				}
			}
			for _, m := range both {
				var de, dd mesh.MeshData
				mesh.NewMesher().MeshCube(&de, edited, m.opt)
				mesh.NewMesher().MeshCube(&dd, direct, m.opt)
				if !slices.Equal(de.Opaque.Quads, dd.Opaque.Quads) || !slices.Equal(de.Translucent.Quads, dd.Translucent.Quads) {
					t.Errorf("%s: edited and directly built cubes mesh differently", m.name)
				}
			}
		})
	}
}
