package chunk

import "github.com/sleakgo/sleak/voxel/block"

// The chunk dimensions.
const (
	// Size is the width and depth of a chunk in voxels.
	Size = 1 << SizeShift
	// HeightShift is log2 of Height.
	HeightShift = 8
	// Height is the height of the world and of every chunk.
	Height = 1 << HeightShift
	// Area is the number of columns of a chunk.
	Area = Size * Size
	// Volume is the number of voxels of a chunk.
	Volume = Area * Height
)

// Blocks holds the voxels of one chunk, column-major (see [Index]). The
// values are [block.ID]s; a byte array keeps bulk operations (copy, 8-byte
// loads, encoding) free of conversions.
type Blocks [Volume]byte

// Index is the position of local voxel (x, y, z) in [Blocks]; x and z are in
// [0, Size), y in [0, Height).
func Index(x, y, z int) int { return (z<<SizeShift|x)<<HeightShift | y }

// ColumnIndex is the index of the first voxel (y = 0) of column (x, z).
func ColumnIndex(x, z int) int { return (z<<SizeShift | x) << HeightShift }

// At returns the voxel at local (x, y, z).
func (b *Blocks) At(x, y, z int) block.ID { return block.ID(b[Index(x, y, z)]) }

// Set sets the voxel at local (x, y, z).
func (b *Blocks) Set(x, y, z int, id block.ID) { b[Index(x, y, z)] = byte(id) }

// Column returns the Height voxels of column (x, z), bottom first.
func (b *Blocks) Column(x, z int) []byte {
	i := ColumnIndex(x, z)
	return b[i : i+Height : i+Height]
}

// Pos is the position of a chunk in chunk units: chunk (X, Z) covers world
// x in [X*Size, X*Size+Size) and z in [Z*Size, Z*Size+Size).
type Pos struct{ X, Z int32 }

// PosOf returns the chunk that holds world column (x, z).
func PosOf(x, z int) Pos { return Pos{int32(x >> SizeShift), int32(z >> SizeShift)} }

// Local returns the local coordinate of world coordinate v (x or z).
func Local(v int) int { return v & (Size - 1) }

// Origin is the world position of the chunk's (0, 0, 0) voxel, the per-draw
// origin of its mesh.
func (p Pos) Origin() (x, y, z int) { return int(p.X) << SizeShift, 0, int(p.Z) << SizeShift }

// Add returns p moved by (dx, dz) chunks.
func (p Pos) Add(dx, dz int) Pos { return Pos{p.X + int32(dx), p.Z + int32(dz)} }

// DistSq is the squared distance in chunks between p and q.
func (p Pos) DistSq(q Pos) int64 {
	dx, dz := int64(p.X-q.X), int64(p.Z-q.Z)
	return dx*dx + dz*dz
}
