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
			mesh.Coarsen(&dst, &src, 1)
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

// Cells end at heights of the level's parity: a surface there keeps its
// height, and the world's bottom layer left over is a cell of its own.
func TestCoarsenKeepsTheLevel(t *testing.T) {
	for _, level := range []int{64, 63} {
		var src, dst chunk.Blocks
		for x := range 2 {
			for z := range 2 {
				for y := 0; y <= level; y++ {
					src.Set(x, y, z, block.Water)
				}
				src.Set(x, 0, z, block.Bedrock)
			}
		}
		mesh.Coarsen(&dst, &src, level)
		if got := dst.At(0, level, 0); got != block.Water {
			t.Errorf("level %d: the top of the water is %v", level, got)
		}
		if got := dst.At(0, level+1, 0); got != block.Air {
			t.Errorf("level %d: above the water is %v, want air", level, got)
		}
		// level even: y = 0 is a cell of its own, y = 1 and 2 one of
		// water; odd: y = 0 and 1 are one cell, half of it bedrock
		want := block.Water
		if level&1 != 0 {
			want = block.Bedrock
		}
		if got := dst.At(1, 1, 1); got != want {
			t.Errorf("level %d: voxel (1, 1, 1) is %v, want %v", level, got, want)
		}
	}
}

// Coarse terrain draws fewer quads: the area of generated terrain, meshed
// greedy, at full and at half resolution.
func TestCoarseTerrainDrawsLess(t *testing.T) {
	g := world.NewGenerator(42)
	var fine, coarse int
	m := mesh.NewMesher()
	var d mesh.MeshData
	for _, half := range []bool{false, true} {
		var nb mesh.Neighborhood
		for i := range nb {
			b := new(chunk.Blocks)
			g.Generate(b, chunk.Pos{X: int32(i%3 - 1), Z: int32(i/3 - 1)})
			if half {
				c := new(chunk.Blocks)
				mesh.Coarsen(c, b, world.SeaLevel)
				b = c
			}
			nb[i] = b
		}
		d.Reset()
		m.MeshChunk(&d, &nb, mesh.Options{Greedy: true})
		if half {
			coarse = len(d.Opaque.Quads)
		} else {
			fine = len(d.Opaque.Quads)
		}
	}
	t.Logf("%d quads at full resolution, %d coarse", fine, coarse)
	if coarse == 0 || coarse*4 > fine*3 {
		t.Errorf("%d quads coarse against %d at full resolution: want at most three quarters", coarse, fine)
	}
}
