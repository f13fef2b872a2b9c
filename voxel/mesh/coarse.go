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
	CoarsenColumns(dst, src, level, 0, 0, chunk.Size, chunk.Size)
}

// CoarsenColumns is [Coarsen] for the cells of the columns x0 <= x < x1,
// z0 <= z < z1 alone (widened to whole cells); dst's other columns are
// left as they are. Meshing a chunk reads only the columns of its
// neighbours along its border, so a neighbour's coarse copy needs only
// the cells along that border.
func CoarsenColumns(dst, src *chunk.Blocks, level, x0, z0, x1, z1 int) {
	first := 1 - level&1 // the lowest voxel of the first two-voxel cell
	x0, z0 = max(x0&^1, 0), max(z0&^1, 0)
	x1, z1 = min(x1, chunk.Size), min(z1, chunk.Size)
	for z := z0; z < z1; z += 2 {
		for x := x0; x < x1; x += 2 {
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

// Classes of blocks for coarsening, by block byte.
const (
	coarseAir = iota
	coarseOpaque
	coarseWater
	coarseOther
)

var coarseClass = func() (c [256]uint8) {
	for i := range c {
		switch inf := block.ID(i).Info(); {
		case inf.Opaque:
			c[i] = coarseOpaque
		case inf.Liquid:
			c[i] = coarseWater
		case inf.Layer != block.LayerNone:
			c[i] = coarseOther
		}
	}
	return c
}()

// coarsenCell fills the layers lo to hi-1 of four columns with the block
// that stands for them.
func coarsenCell(in, out *[4][]byte, lo, hi int) {
	first := in[0][lo]
	same := true
	for y := lo; y < hi && same; y++ {
		same = in[0][y] == first && in[1][y] == first && in[2][y] == first && in[3][y] == first
	}
	id := first // a cell of one block (solid rock, open air) stands for itself
	if !same {
		opaque := 0
		var top, water, other byte
		for y := lo; y < hi; y++ { // lower layer first, so the upper one wins
			for _, c := range in {
				switch b := c[y]; coarseClass[b] {
				case coarseOpaque:
					opaque++
					top = b
				case coarseWater:
					water = b
				case coarseOther:
					other = b
				}
			}
		}
		id = top
		if 2*opaque < 4*(hi-lo) {
			id = water
			if id == byte(block.Air) {
				id = other
			}
		}
	}
	for _, c := range out {
		for y := lo; y < hi; y++ {
			c[y] = id
		}
	}
}
