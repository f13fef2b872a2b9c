package mesh

import (
	"encoding/binary"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// MaxCell is the largest cell Coarsen takes: 4 voxels a side.
const MaxCell = 4

// Coarsen writes into dst the chunk src at a lower resolution: every cell
// of cell x cell x cell voxels (cell 2 or 4) holds one block, so that
// meshing dst draws the chunk as if its blocks were that much larger, for
// chunks far from the camera. Cells end at heights level + a multiple of
// cell, so that a surface whose top block is at height level (the sea's)
// stays where it is; the layers of the world left over at the bottom and
// the top are cells less high.
//
// A cell with at least half of its voxels opaque takes the uppermost of
// them (so grass stays on top of dirt); one with fewer takes its water,
// else its other visible blocks (leaves, glass), else air, so that lakes
// stay lakes and a lone log or pillar thinner than a cell goes.
//
// A coarse chunk borders its neighbours as they are meshed: a neighbour
// meshed at another resolution reads dst across the border, and dst
// that neighbour's blocks at its own, so that the faces along the border
// close either way.
func Coarsen(dst, src *chunk.Blocks, cell, level int) {
	CoarsenColumns(dst, src, cell, level, 0, 0, chunk.Size, chunk.Size)
}

// CoarsenColumns is [Coarsen] for the cells of the columns x0 <= x < x1,
// z0 <= z < z1 alone (widened to whole cells); dst's other columns are
// left as they are. Meshing a chunk reads only the columns of its
// neighbours along its border, so a neighbour's coarse copy needs only
// the cells along that border. A cell other than 2 or 4 copies src's
// columns as they are.
func CoarsenColumns(dst, src *chunk.Blocks, cell, level, x0, z0, x1, z1 int) {
	if cell != 2 && cell != 4 {
		for z := max(z0, 0); z < min(z1, chunk.Size); z++ {
			for x := max(x0, 0); x < min(x1, chunk.Size); x++ {
				copy(dst.Column(x, z), src.Column(x, z))
			}
		}
		return
	}
	first := (level + 1) % cell // the lowest voxel of the first whole cell
	x0, z0 = max(x0&^(cell-1), 0), max(z0&^(cell-1), 0)
	x1, z1 = min(x1, chunk.Size), min(z1, chunk.Size)
	var in, out [MaxCell * MaxCell][]byte
	for z := z0; z < z1; z += cell {
		for x := x0; x < x1; x += cell {
			n := 0
			for dz := range cell {
				for dx := range cell {
					in[n], out[n] = src.Column(x+dx, z+dz), dst.Column(x+dx, z+dz)
					n++
				}
			}
			if first > 0 {
				coarsenCell(in[:n], out[:n], 0, first)
			}
			for y := first; y < chunk.Height; y += cell {
				if y+cell <= chunk.Height && copyUniform(in[:n], out[:n], y, cell) {
					continue
				}
				coarsenCell(in[:n], out[:n], y, min(y+cell, chunk.Height))
			}
		}
	}
}

// copyUniform copies a whole cell at y that holds one block throughout
// (solid rock, open air: most cells), read a column's cell voxels at a
// time, and reports whether it did.
func copyUniform(in, out [][]byte, y, cell int) bool {
	if cell == 2 {
		v := binary.LittleEndian.Uint16(in[0][y:])
		if byte(v) != byte(v>>8) {
			return false
		}
		for _, c := range in[1:] {
			if binary.LittleEndian.Uint16(c[y:]) != v {
				return false
			}
		}
		for _, c := range out {
			binary.LittleEndian.PutUint16(c[y:], v)
		}
		return true
	}
	v := binary.LittleEndian.Uint32(in[0][y:])
	if v != uint32(byte(v))*0x01010101 {
		return false
	}
	for _, c := range in[1:] {
		if binary.LittleEndian.Uint32(c[y:]) != v {
			return false
		}
	}
	for _, c := range out {
		binary.LittleEndian.PutUint32(c[y:], v)
	}
	return true
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

// coarsenCell fills the layers lo to hi-1 of a cell's columns with the
// block that stands for them.
func coarsenCell(in, out [][]byte, lo, hi int) {
	opaque := 0
	var top, water, other byte
	for y := lo; y < hi; y++ { // lower layers first, so the upper ones win
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
	id := top
	if 2*opaque < len(in)*(hi-lo) {
		id = water
		if id == byte(block.Air) {
			id = other
		}
	}
	for _, c := range out {
		for y := lo; y < hi; y++ {
			c[y] = id
		}
	}
}
