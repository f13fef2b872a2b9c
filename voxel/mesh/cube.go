package mesh

import "github.com/sleakgo/sleak/voxel/block"

// CubeSize is the side of a [Cube], border included.
const CubeSize = 64

// cubeMeshed is the side of the meshed part of a Cube.
const cubeMeshed = CubeSize - 2

// Cube is a free-standing 64 x 64 x 64 volume whose border (coordinate 0
// or 63 on any axis) holds neighbour data: [Mesher.MeshCube] meshes the 62³
// inside, culled and shaded against the border. It is the shape other
// binary meshers take as input, so that the same voxels can be meshed by
// both and compared; the game meshes chunks ([Mesher.MeshChunk]) with the
// same code. Like a chunk it keeps its bit masks up to date as it is
// edited.
type Cube struct {
	voxels        [CubeSize * CubeSize * CubeSize]byte // index (z*64 + x)*64 + y
	opq, liq, oth [CubeSize * CubeSize]uint64          // column (x, z) at z*64 + x, bit y
	clear         int                                  // liquid and other voxels
}

func cubeIndex(x, y, z int) int { return (z*CubeSize+x)*CubeSize + y }

// inCube reports whether (x, y, z) is inside a Cube, border included.
func inCube(x, y, z int) bool {
	return uint(x) < CubeSize && uint(y) < CubeSize && uint(z) < CubeSize
}

// At returns the block at (x, y, z), each in [0, 64); air outside.
func (c *Cube) At(x, y, z int) block.ID {
	if !inCube(x, y, z) {
		return block.Air
	}
	return block.ID(c.voxels[cubeIndex(x, y, z)])
}

// Set sets the block at (x, y, z), each in [0, 64), and its mask bits;
// positions outside are ignored.
func (c *Cube) Set(x, y, z int, id block.ID) {
	if !inCube(x, y, z) {
		return
	}
	c.voxels[cubeIndex(x, y, z)] = byte(id)
	ci, bit := z*CubeSize+x, uint64(1)<<uint(y)
	if (c.liq[ci]|c.oth[ci])&bit != 0 {
		c.clear--
	}
	c.opq[ci] &^= bit
	c.liq[ci] &^= bit
	c.oth[ci] &^= bit
	switch classOf[id] {
	case classOpaque:
		c.opq[ci] |= bit
	case classLiquid:
		c.liq[ci] |= bit
		c.clear++
	case classOther:
		c.oth[ci] |= bit
		c.clear++
	}
}

// MeshCube meshes the inside of c (coordinates 1..62) and appends the quads
// to dst like [Mesher.MeshChunk]. Vertex positions count from the inside's
// corner (1, 1, 1), so they run from 0 to 62 on each axis.
func (m *Mesher) MeshCube(dst *MeshData, c *Cube, opt Options) {
	m.g = grid{
		w: cubeMeshed, p: CubeSize, nw: 1,
		opq: c.opq[:], liq: c.liq[:], oth: c.oth[:],
		mixed: c.clear > 0, top: ^uint64(0) >> 1 &^ 1, yOff: 1,
		ids: c.voxels[:], idRow: CubeSize, idCol: CubeSize, idOff: (CubeSize + 1) * CubeSize,
		cols: cubeCols, aoOff: &cubeAOOff,
	}
	m.mesh(dst, &m.g, opt)
	m.g.ids = nil
}
