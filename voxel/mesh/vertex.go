package mesh

import (
	"unsafe"

	"github.com/sleakgo/sleak/voxel/block"
)

// Vertex is one corner of a [Quad] as the vertex shader expands it, packed
// in two 32-bit words: what [Quad.Vertices] returns, and what tests and
// tools read a mesh as. Chunks are uploaded as quads, not vertices.
//
// data0, the corner position in blocks, relative to the chunk's origin (a
// per-draw uniform: chunk.Pos.Origin):
//
//	bits  0..5   x   0..32   (6 bits; 32 is the far edge of a 32-wide chunk)
//	bits  6..14  y   0..256  (9 bits)
//	bits 15..20  z   0..32   (6 bits)
//	bits 21..31  reserved, 0
//
// data1, everything else:
//
//	bits  0..2   normal index 0..5 = block.Face: +X, -X, +Y, -Y, +Z, -Z
//	bits  3..4   ambient occlusion 0..3: 0 darkest (both sides and the
//	             corner occluded), 3 unoccluded
//	bits  5..14  atlas tile 0..1023 (block.Tile); the atlas is a grid of
//	             block.AtlasColumns x block.AtlasColumns tiles, tile t at
//	             column t % 16, row t / 16, row 0 at the top
//	bits 15..20  u, texture coordinate in tiles, 0..63
//	bits 21..26  v, texture coordinate in tiles, 0..63
//	bit  27      lowered: the shader moves this corner down by
//	             LoweredDepth (2/16 block): the top of a water surface
//	bits 28..31  reserved, 0
//
// u and v run from 0 to the quad's width and height in blocks (1 for a
// single face, up to 63 for a greedy quad), so the fragment shader repeats
// the tile with fract(). On side faces v is 0 at the top edge and grows
// downwards and u runs left to right seen from outside, so the atlas images
// are upright and not mirrored; on top and bottom faces u follows +x and v
// follows +z.
//
// The game's vertex shaders compute these fields for each corner from a
// [Quad] (voxel/game/assets/shaders/voxel_quad.glsl and its HLSL twin);
// u and v are interpolated and the fragment shader samples the atlas at
// (tile cell + fract(u, v)) / 16 with textureGrad, so that fract's jump at
// tile edges does not pick the smallest mip level.
//
// A suggested brightness for the 4 AO levels is 0.45, 0.65, 0.82, 1.0.
// Triangles are counter-clockwise seen from outside (cull back faces).
type Vertex struct{ Data0, Data1 uint32 }

// Bit positions and widths of the vertex fields (see [Vertex]).
const (
	XShift, XBits             = 0, 6
	YShift, YBits             = 6, 9
	ZShift, ZBits             = 15, 6
	NormalShift, NormalBits   = 0, 3
	AOShift, AOBits           = 3, 2
	TileShift, TileBits       = 5, 10
	UShift, UBits             = 15, 6
	VShift, VBits             = 21, 6
	LoweredShift, LoweredBits = 27, 1
)

// LoweredDepth is how far, in blocks, the shader lowers a corner with the
// lowered bit: water surfaces sit at 14/16 of their block.
const LoweredDepth = 2.0 / 16

// Attributes is an unpacked [Vertex].
type Attributes struct {
	X, Y, Z int        // corner position in the chunk: x, z 0..32, y 0..256
	Normal  block.Face // which face the quad belongs to
	AO      int        // 0 (darkest) .. 3 (unoccluded)
	Tile    block.Tile // atlas tile 0..1023
	U, V    int        // texture coordinates in tiles, 0..63
	Lowered bool       // the corner sits LoweredDepth lower
}

func field(v, bits, shift int) uint32 { return uint32(v) & (1<<bits - 1) << shift }

// Pack packs a. Each field is masked to its width; values outside the
// ranges documented on [Vertex] do not round-trip.
func Pack(a Attributes) Vertex {
	d0 := field(a.X, XBits, XShift) | field(a.Y, YBits, YShift) | field(a.Z, ZBits, ZShift)
	d1 := field(int(a.Normal), NormalBits, NormalShift) | field(a.AO, AOBits, AOShift) |
		field(int(a.Tile), TileBits, TileShift) | field(a.U, UBits, UShift) | field(a.V, VBits, VShift)
	if a.Lowered {
		d1 |= 1 << LoweredShift
	}
	return Vertex{d0, d1}
}

func get(w uint32, bits, shift int) int { return int(w >> shift & (1<<bits - 1)) }

// Unpack is the inverse of [Pack], and what the shader computes.
func Unpack(v Vertex) Attributes {
	return Attributes{
		X:       get(v.Data0, XBits, XShift),
		Y:       get(v.Data0, YBits, YShift),
		Z:       get(v.Data0, ZBits, ZShift),
		Normal:  block.Face(get(v.Data1, NormalBits, NormalShift)),
		AO:      get(v.Data1, AOBits, AOShift),
		Tile:    block.Tile(get(v.Data1, TileBits, TileShift)),
		U:       get(v.Data1, UBits, UShift),
		V:       get(v.Data1, VBits, VShift),
		Lowered: v.Data1>>LoweredShift&1 != 0,
	}
}

// VertexSize is the size of a [Vertex] in bytes (the stride).
const VertexSize = int(unsafe.Sizeof(Vertex{}))

// Quad is one face of a chunk mesh, merged or not, in 8 bytes: the record
// of one instance that the vertex shader expands into four corners. The
// low 32 bits are data0, the high 32 bits data1, uploaded as they are
// (little-endian). In game.toml the "voxel" format has no per-vertex
// attributes and two UInt1 attributes per instance (instance_stride 8):
// location 0 at offset 0 ("data0") and location 1 at offset 4 ("data1");
// each mesh draws the index list [QuadIndices] once per quad.
//
// data0:
//
//	bits  0..5   x   0..32  corner (0,0)'s voxel, relative to the chunk's
//	bits  6..14  y   0..256 origin, as in [Vertex]
//	bits 15..20  z   0..32
//	bits 21..23  face 0..5 = block.Face: +X, -X, +Y, -Y, +Z, -Z
//	bit  24      lowered: water whose top corners the shader lowers by
//	             LoweredDepth (all four on a top face, the upper two on a
//	             side face)
//	bit  25      flip: split along the corners 1-3 instead of 0-2
//	bits 26..31  reserved, 0
//
// data1:
//
//	bits  0..9   atlas tile
//	bits 10..15  nu, the extent along the face's U axis, 1..63
//	bits 16..21  nv, the extent along V, 1..63
//	bits 22..29  ambient occlusion 0..3 of the corners (cu, cv) = (0,0),
//	             (1,0), (1,1), (0,1), two bits each in that order
//
// U and V: y and z on ±X faces, y and x on ±Z faces, z and x on ±Y faces.
// The shader takes corner k = (vertex index + flip) mod 4 of the face's
// counter-clockwise order seen from outside, (0,0), (1,0), (1,1), (0,1)
// on +X, +Y and -Z faces and (0,0), (0,1), (1,1), (1,0) on the others, and
// places it at the voxel plus max(normal, 0) plus cu·nu along U and cv·nv
// along V. Texture coordinates in tiles: on side faces v = (1-cu)·nu and u
// = cv·nv, or (1-cv)·nv on +X and -Z faces, so that atlas images are
// upright and not mirrored seen from outside; on top and bottom faces v =
// cu·nu and u = cv·nv. [Quad.Vertices] is the reference of that expansion.
type Quad uint64

// Bit positions and widths of the quad fields (see [Quad]); shifts count
// from bit 0 of the 64-bit record, so data1's fields start at 32.
const (
	QuadFaceShift, QuadFaceBits = 21, 3
	QuadLoweredShift            = 24
	QuadFlipShift               = 25
	QuadTileShift, QuadTileBits = 32, 10
	QuadUShift, QuadUBits       = 42, 6
	QuadVShift, QuadVBits       = 48, 6
	QuadAOShift                 = 54
)

// QuadSize is the size of a [Quad] in bytes: the instance stride.
const QuadSize = int(unsafe.Sizeof(Quad(0)))

// QuadIndices are the six indices every chunk mesh draws per quad: vertex
// indices 0..3, which the shader turns into corners.
var QuadIndices = []uint32{0, 1, 2, 0, 2, 3}

// Face is the direction the quad faces.
func (q Quad) Face() block.Face { return block.Face(q >> QuadFaceShift & 7) }

// Flip reports whether the quad is split along its corners 1 and 3.
func (q Quad) Flip() bool { return q>>QuadFlipShift&1 != 0 }

// Vertices expands q into its four corners in counter-clockwise order
// seen from outside, the way the shader does; the two triangles are
// (0, 1, 2) and (0, 2, 3), or (1, 2, 3) and (1, 3, 0) when q.Flip().
func (q Quad) Vertices() [4]Vertex {
	f := q.Face()
	fi := &faces[f]
	pos := uint32(q) & (1<<QuadFaceShift - 1)
	nu, nv := uint32(q>>QuadUShift&63), uint32(q>>QuadVShift&63)
	tile := uint32(q >> QuadTileShift & (1<<QuadTileBits - 1))
	low := uint32(q >> QuadLoweredShift & 1)
	var vs [4]Vertex
	for k := range 4 {
		cu, cv := fi.cu[k], fi.cv[k]
		a := uint32(q>>(QuadAOShift+uint(fi.aoShift[k]))) & 3
		d0 := pos + fi.offset + cu*nu*fi.uStep + cv*nv*fi.vStep
		d1 := fi.normalBits | tile<<TileShift | fi.su[k]*nv<<UShift | fi.tu[k]*nu<<VShift | a<<AOShift | fi.lowered[k]&-low
		vs[k] = Vertex{d0, d1}
	}
	return vs
}

// Buffers is one mesh: its quads, grouped by the direction they face, in
// the order of block.Face, so that a renderer can draw each direction
// apart and skip those turned away from the camera.
type Buffers struct {
	Quads []Quad
	// FaceEnd[f] is where the quads of direction f end in Quads after a
	// mesher call on empty buffers: direction f is
	// Quads[FaceEnd[f-1]:FaceEnd[f]] (from 0 for f = 0).
	FaceEnd [6]int32
}

// Face returns the quads of direction f.
func (b *Buffers) Face(f block.Face) []Quad {
	start := int32(0)
	if f > 0 {
		start = b.FaceEnd[f-1]
	}
	return b.Quads[start:b.FaceEnd[f]]
}

// Reset empties b, keeping its storage.
func (b *Buffers) Reset() {
	b.Quads = b.Quads[:0]
	b.FaceEnd = [6]int32{}
}

// Bytes is quads as bytes, for upload; it shares their storage and is
// valid until they are next written. The words are in the host's byte
// order, which is little-endian on every platform the engine targets.
func Bytes(quads []Quad) []byte {
	if len(quads) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&quads[0])), len(quads)*QuadSize)
}

// Expand appends the corners and the triangles' indices of every quad of
// b to vs and is, as an indexed mesh of 4 vertices and 6 indices per quad
// (what the shader draws), and returns them.
func (b *Buffers) Expand(vs []Vertex, is []uint32) ([]Vertex, []uint32) {
	for _, q := range b.Quads {
		v := uint32(len(vs))
		c := q.Vertices()
		vs = append(vs, c[:]...)
		if q.Flip() {
			is = append(is, v+1, v+2, v+3, v+1, v+3, v)
		} else {
			is = append(is, v, v+1, v+2, v, v+2, v+3)
		}
	}
	return vs, is
}

// MeshData is the mesh of one chunk: the opaque mesh (opaque and cutout
// blocks, drawn first) and the translucent one (water, glass; blended, drawn
// after). The caller owns it; [Mesher.MeshChunk] appends to it.
type MeshData struct {
	Opaque, Translucent Buffers
	// Sections is filled by [Mesher.Sections], for cave culling.
	Sections Sectioned
}

// Reset empties both meshes, keeping their storage for reuse.
func (m *MeshData) Reset() {
	m.Opaque.Reset()
	m.Translucent.Reset()
	m.Sections = Sectioned{}
}

// Empty reports whether both meshes are empty.
func (m *MeshData) Empty() bool { return len(m.Opaque.Quads) == 0 && len(m.Translucent.Quads) == 0 }

// Bounds returns the box around quads, in blocks relative to the chunk's
// origin (lowered water corners included); ok is false when there are
// none.
func Bounds(quads []Quad) (lo, hi [3]float32, ok bool) {
	if len(quads) == 0 {
		return lo, hi, false
	}
	l := [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
	var h [3]uint32
	lowered := false
	for _, q := range quads {
		fi := &faces[q.Face()]
		d0 := uint32(q)&(1<<QuadFaceShift-1) + fi.offset
		far := d0 + uint32(q>>QuadUShift&63)*fi.uStep + uint32(q>>QuadVShift&63)*fi.vStep
		for i, w := range [2]uint32{d0, far} {
			x, y, z := w>>XShift&(1<<XBits-1), w>>YShift&(1<<YBits-1), w>>ZShift&(1<<ZBits-1)
			if i == 0 {
				l = [3]uint32{min(l[0], x), min(l[1], y), min(l[2], z)}
			} else {
				h = [3]uint32{max(h[0], x), max(h[1], y), max(h[2], z)}
			}
		}
		lowered = lowered || q>>QuadLoweredShift&1 != 0
	}
	for i := range 3 {
		lo[i], hi[i] = float32(l[i]), float32(h[i])
	}
	if lowered {
		lo[1] -= LoweredDepth
	}
	return lo, hi, true
}
