package conformance

import (
	"encoding/binary"
	"math"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
)

// blobStride is the size of one vertex of the blob test format.
const blobStride = 24

// blobLayout returns the blob test format under name with the given stems:
// compact attributes (a 16-bit normalized normal and an 8-bit normalized
// colour) so that a backend which binds every attribute as 32-bit floats
// draws garbage instead of passing.
func blobLayout(name, main, shadow, gbuffer, transparent string) formats.Layout {
	return formats.Layout{
		Name:   name,
		Stride: blobStride,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "normal", Location: 1, Format: formats.Short4Norm, Offset: 12},
			{Name: "color", Location: 2, Format: formats.UByte4Norm, Offset: 20},
		},
		Shader: main, ShadowShader: shadow, GBufferShader: gbuffer, TransparentShader: transparent,
	}
}

// blobVertices re-encodes default-format mesh data in the blob format, every
// vertex with colour c.
func blobVertices(d meshes.Data, c [4]uint8) []byte {
	out := make([]byte, 0, d.VertexCount()*blobStride)
	for i := range d.VertexCount() {
		v := meshes.ReadVertex(d.Vertices, i)
		for _, f := range v.Position {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(f))
		}
		for _, f := range v.Normal {
			out = binary.LittleEndian.AppendUint16(out, uint16(snorm16(f)))
		}
		out = binary.LittleEndian.AppendUint16(out, 0)
		out = append(out, c[:]...)
	}
	return out
}

// snorm16 encodes f in [-1, 1] as a normalized signed 16-bit integer, the
// way Short4Norm is read back (value / 32767).
func snorm16(f float32) int16 {
	return int16(math.Round(float64(max(-1, min(1, f))) * math.MaxInt16))
}
