package mesh

import (
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// Coarsen writes into dst the chunk src at half resolution: every cell of
// 2 x 2 x 2 voxels holds one block, so that meshing dst draws the chunk
// as if its blocks were twice as large, for chunks far from the camera.
// Cells end at heights of level's parity, so that a surface whose top
// block is at height level (the sea's) stays where it is; the bottom or
// top layer of the world left over is a cell one voxel high.
//
// A cell with at least half of its voxels opaque takes the uppermost of
// them (so grass stays on top of dirt); one with fewer takes its water,
// else its other visible blocks (leaves, glass), else air, so that lakes
// stay lakes and a lone log or pillar thinner than a cell goes.
//
// A chunk meshed coarse borders its neighbours as they are meshed: a
// neighbour meshed at full resolution reads dst across the border, and a
// coarse one its own coarse blocks, so that the faces along the border
// close either way.
func Coarsen(dst, src *chunk.Blocks, level int) {
	first := 1 - level&1 // the lowest voxel of the first two-voxel cell
	for z := 0; z < chunk.Size; z += 2 {
		for x := 0; x < chunk.Size; x += 2 {
			in := [4][]byte{src.Column(x, z), src.Column(x+1, z), src.Column(x, z+1), src.Column(x+1, z+1)}
			out := [4][]byte{dst.Column(x, z), dst.Column(x+1, z), dst.Column(x, z+1), dst.Column(x+1, z+1)}
			if first == 1 {
				coarsenCell(&in, &out, 0, 1)
			}
			for y := first; y < chunk.Height; y += 2 {
				coarsenCell(&in, &out, y, min(y+2, chunk.Height))
			}
		}
	}
}

// coarsenCell fills the layers lo to hi-1 of four columns with the block
// that stands for them.
func coarsenCell(in, out *[4][]byte, lo, hi int) {
	opaque := 0
	top, water, other := block.Air, block.Air, block.Air
	for y := lo; y < hi; y++ { // lower layer first, so the upper one wins
		for _, c := range in {
			id := block.ID(c[y])
			switch inf := id.Info(); {
			case inf.Opaque:
				opaque++
				top = id
			case inf.Liquid:
				water = id
			case inf.Layer != block.LayerNone:
				other = id
			}
		}
	}
	id := top
	if 2*opaque < 4*(hi-lo) {
		id = water
		if id == block.Air {
			id = other
		}
	}
	for _, c := range out {
		for y := lo; y < hi; y++ {
			c[y] = byte(id)
		}
	}
}
