package mesh

import (
	"unsafe"

	"github.com/sleakgo/sleak/voxel/block"
)

// Vertex is one packed chunk vertex: two 32-bit words, 8 bytes, uploaded as
// they are (little-endian). In game.toml the format is stride 8 with two
// UInt1 attributes: location 0 at offset 0 ("data0") and location 1 at
// offset 4 ("data1").
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
// Decoding, GLSL (the HLSL twins in voxel/game/assets/shaders do the same
// within what Wine's HLSL compiler accepts: see docs/DIRECTX.md):
//
//	layout(location = 0) in uint data0;
//	layout(location = 1) in uint data1;
//	uniform vec3 chunkOrigin;              // chunk.Pos.Origin()
//	const vec3 NORMALS[6] = vec3[](vec3(1,0,0), vec3(-1,0,0), vec3(0,1,0),
//	                               vec3(0,-1,0), vec3(0,0,1), vec3(0,0,-1));
//	vec3 pos = vec3(float(data0 & 63u), float((data0 >> 6) & 511u),
//	                float((data0 >> 15) & 63u));
//	if (((data1 >> 27) & 1u) != 0u) pos.y -= 0.125;   // LoweredDepth
//	vec3 world   = chunkOrigin + pos;
//	vec3 normal  = NORMALS[data1 & 7u];
//	float ao     = float((data1 >> 3) & 3u);          // 0..3
//	uint tile    = (data1 >> 5) & 1023u;
//	vec2 uvTiles = vec2(float((data1 >> 15) & 63u), float((data1 >> 21) & 63u));
//	// pass uvTiles (interpolated) and tile (flat) to the fragment stage:
//	vec2 cell  = vec2(float(tile % 16u), float(tile / 16u));
//	vec2 atlas = (cell + fract(uvTiles)) / 16.0;      // sample with
//	// textureGrad(atlas, dFdx(uvTiles)/16, dFdy(uvTiles)/16) so fract's
//	// jump at tile edges does not pick the smallest mip level.
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

// Buffers is one mesh: vertices and uint32 indices, 4 vertices and 6
// indices per quad. Indices count from the first vertex of Vertices.
type Buffers struct {
	Vertices []Vertex
	Indices  []uint32
}

// Quads is the number of quads in b.
func (b *Buffers) Quads() int { return len(b.Indices) / 6 }

// Reset empties b, keeping its storage.
func (b *Buffers) Reset() {
	b.Vertices = b.Vertices[:0]
	b.Indices = b.Indices[:0]
}

// VertexBytes is Vertices as bytes, for upload; it shares their storage
// and is valid until they are next written. The words are in the host's
// byte order, which is little-endian on every platform the engine targets.
func (b *Buffers) VertexBytes() []byte {
	if len(b.Vertices) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&b.Vertices[0])), len(b.Vertices)*VertexSize)
}

// IndexBytes is Indices as bytes, like [Buffers.VertexBytes].
func (b *Buffers) IndexBytes() []byte {
	if len(b.Indices) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&b.Indices[0])), len(b.Indices)*4)
}

// MeshData is the mesh of one chunk: the opaque mesh (opaque and cutout
// blocks, drawn first) and the translucent one (water, glass; blended, drawn
// after). The caller owns it; [Mesher.MeshChunk] appends to it.
type MeshData struct {
	Opaque, Translucent Buffers
}

// Reset empties both meshes, keeping their storage for reuse.
func (m *MeshData) Reset() {
	m.Opaque.Reset()
	m.Translucent.Reset()
}

// Empty reports whether both meshes are empty.
func (m *MeshData) Empty() bool { return len(m.Opaque.Indices) == 0 && len(m.Translucent.Indices) == 0 }
