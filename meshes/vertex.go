package meshes

import (
	"encoding/binary"
	"math"

	"github.com/sleakgo/sleak/vmath"
)

// VertexSize is the size of one DefaultVertex in bytes, the default
// format's stride.
const VertexSize = 96

// DefaultVertex is one vertex of the default format. Append writes it in the
// exact byte layout of formats.DefaultLayout, so a game can build its own
// default-format meshes without knowing the offsets.
type DefaultVertex struct {
	Position    vmath.Vec3 // Float3 at 0
	Normal      vmath.Vec3 // Float3 at 12
	Tangent     vmath.Vec4 // Float4 at 24; w is the bitangent's sign
	Color       vmath.Vec4 // Float4 at 40
	UV          vmath.Vec2 // Float2 at 56
	BoneIDs     [4]int32   // Int4 at 64
	BoneWeights vmath.Vec4 // Float4 at 80
}

// Append appends the vertex's 96 bytes, little-endian, to dst and returns
// the extended slice.
func (v *DefaultVertex) Append(dst []byte) []byte {
	dst = appendFloats(dst, v.Position[:]...)
	dst = appendFloats(dst, v.Normal[:]...)
	dst = appendFloats(dst, v.Tangent[:]...)
	dst = appendFloats(dst, v.Color[:]...)
	dst = appendFloats(dst, v.UV[:]...)
	for _, id := range v.BoneIDs {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(id))
	}
	return appendFloats(dst, v.BoneWeights[:]...)
}

func appendFloats(dst []byte, fs ...float32) []byte {
	for _, f := range fs {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(f))
	}
	return dst
}

// ReadVertex decodes vertex i of default-format vertex bytes, the inverse of
// Append. It panics when the slice holds no vertex i, like an index out of
// range.
func ReadVertex(vertices []byte, i int) DefaultVertex {
	b := vertices[i*VertexSize : (i+1)*VertexSize]
	f := func(off int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[off:])) }
	var v DefaultVertex
	for k := range 3 {
		v.Position[k] = f(0 + 4*k)
		v.Normal[k] = f(12 + 4*k)
	}
	for k := range 4 {
		v.Tangent[k] = f(24 + 4*k)
		v.Color[k] = f(40 + 4*k)
		v.BoneIDs[k] = int32(binary.LittleEndian.Uint32(b[64+4*k:]))
		v.BoneWeights[k] = f(80 + 4*k)
	}
	v.UV = vmath.Vec2{f(56), f(60)}
	return v
}
