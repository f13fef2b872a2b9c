package mesh_test

import (
	"testing"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/mesh"
	"github.com/sleakgo/sleak/voxel/world"
)

func TestCoarsen(t *testing.T) {
	cases := []struct {
		name string
		cell [8]block.ID // (dx, dy, dz) = (i&1, i>>2&1, i>>1&1)
		want block.ID
	}{
		{"air", [8]block.ID{}, block.Air},
		{"solid takes the top layer", [8]block.ID{block.Dirt, block.Dirt, block.Dirt, block.Dirt, block.Grass, block.Grass, block.Grass, block.Grass}, block.Grass},
		{"half opaque is opaque", [8]block.ID{block.Stone, block.Stone, block.Stone, block.Stone}, block.Stone},
		{"a thin pillar goes", [8]block.ID{block.Log, 0, 0, 0, block.Log}, block.Air},
		{"a thin pillar in leaves", [8]block.ID{block.Log, block.Leaves, block.Leaves, block.Leaves, block.Log, block.Leaves, block.Leaves, block.Leaves}, block.Leaves},
		{"water under a little sand", [8]block.ID{block.Sand, block.Water, block.Water, block.Water, block.Water, block.Water, block.Water, block.Water}, block.Water},
		{"water before leaves", [8]block.ID{block.Water, block.Leaves}, block.Water},
		{"glass", [8]block.ID{block.Glass}, block.Glass},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var src, dst chunk.Blocks
			const x, y, z = 4, 100, 6 // a cell, as cells end at odd heights for level 1
			for i, id := range tc.cell {
				src.Set(x+i&1, y+i>>2&1, z+i>>1&1, id)
			}
			mesh.Coarsen(&dst, &src, 2, 1)
			for i := range 8 {
				if got := dst.At(x+i&1, y+i>>2&1, z+i>>1&1); got != tc.want {
					t.Fatalf("voxel %d of the cell: %v, want %v", i, got, tc.want)
				}
			}
			if got := dst.At(x+2, y, z); got != block.Air {
				t.Errorf("the next cell: %v, want air", got)
			}
		})
	}
}

// Cells end at heights level + a multiple of the cell: a surface there
// keeps its height, and the world's bottom layers left over are a cell of
// their own.
func TestCoarsenKeepsTheLevel(t *testing.T) {
	for _, cell := range []int{2, 4} {
		for _, level := range []int{64, 63, 62} {
			var src, dst chunk.Blocks
			for x := range cell {
				for z := range cell {
					for y := 0; y <= level; y++ {
						src.Set(x, y, z, block.Water)
					}
					src.Set(x, 0, z, block.Bedrock)
				}
			}
			mesh.Coarsen(&dst, &src, cell, level)
			if got := dst.At(0, level, 0); got != block.Water {
				t.Errorf("cell %d, level %d: the top of the water is %v", cell, level, got)
			}
			if got := dst.At(0, level+1, 0); got != block.Air {
				t.Errorf("cell %d, level %d: above the water is %v, want air", cell, level, got)
			}
			// the bottom cell is y = 0 up to (level+1) % cell, or a whole
			// cell when that is 0: bedrock while half of it or more
			bottom := (level + 1) % cell
			if bottom == 0 {
				bottom = cell
			}
			want := block.Water
			if 2 >= bottom {
				want = block.Bedrock
			}
			if got := dst.At(1, 0, 1); got != want {
				t.Errorf("cell %d, level %d: voxel (1, 0, 1) is %v, want %v", cell, level, got, want)
			}
		}
	}
}

// Coarsening only some columns leaves the others alone.
func TestCoarsenColumns(t *testing.T) {
	var src, dst chunk.Blocks
	for i := range src {
		src[i] = byte(block.Stone)
	}
	mesh.CoarsenColumns(&dst, &src, 4, 64, chunk.Size-2, 0, chunk.Size, chunk.Size)
	if got := dst.At(chunk.Size-4, 10, 5); got != block.Stone {
		t.Errorf("a column of the widened cells: %v, want stone", got)
	}
	if got := dst.At(chunk.Size-5, 10, 5); got != block.Air {
		t.Errorf("a column left alone: %v, want it as it was (air)", got)
	}
}

// Coarse terrain draws fewer quads: a chunk of generated terrain, meshed
// greedy, at full resolution and with cells of 2 and 4.
func TestCoarseTerrainDrawsLess(t *testing.T) {
	g := world.NewGenerator(42)
	m := mesh.NewMesher()
	var d mesh.MeshData
	var quads [3]int
	for k, cell := range []int{1, 2, 4} {
		var nb mesh.Neighborhood
		for i := range nb {
			b := new(chunk.Blocks)
			g.Generate(b, chunk.Pos{X: int32(i%3 - 1), Z: int32(i/3 - 1)})
			c := new(chunk.Blocks)
			mesh.Coarsen(c, b, cell, world.SeaLevel)
			nb[i] = c
		}
		d.Reset()
		m.MeshChunk(&d, &nb, mesh.Options{Greedy: true})
		quads[k] = len(d.Opaque.Quads)
	}
	t.Logf("quads at full resolution, cells of 2 and of 4: %v", quads)
	if quads[2] == 0 || quads[1]*4 > quads[0]*3 || quads[2]*4 > quads[1]*3 {
		t.Errorf("quads at full resolution, cells of 2 and of 4: %v; want each at most three quarters of the one before", quads)
	}
}
