package backends

import (
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// LineVertex is one end of a debug line, as every backend's vertex buffer
// holds it: a world-space position and a colour packed as RGBA8 (red in
// the lowest byte), in display space like the UI's colours, since the
// debug pass draws after the tonemap. 16 bytes; the layout is LineLayout.
type LineVertex struct {
	Pos   vmath.Vec3
	Color uint32
}

// LineVertexSize is the size in bytes of a LineVertex.
const LineVertexSize = 16

// LineDepth says how the debug pass tests a line against the scene.
type LineDepth uint8

const (
	// LinesTested lines are hidden where the scene is nearer (depth test,
	// no depth write).
	LinesTested LineDepth = iota
	// LinesOnTop lines are drawn over everything the scene drew.
	LinesOnTop
)

// MaxLineVertices bounds the line vertices one frame draws (two per line):
// 4M, 64 MiB of vertex buffer. DrawLines drops what goes past it and counts
// the dropped lines in Stats.DroppedLines.
const MaxLineVertices = 1 << 22

// LineLayoutName names the debug lines' vertex layout in errors.
const LineLayoutName = "debug_lines"

// LineLayout is the vertex layout of LineVertex, the input of the engine's
// debug_lines shader: position Float3 at location 0, colour UByte4Norm at
// location 1. It is not registered: no mesh has it, only the debug pass's
// own vertex buffer.
func LineLayout() *formats.Layout {
	return &formats.Layout{
		Name:   LineLayoutName,
		Stride: LineVertexSize,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 12},
		},
	}
}

// PackColor packs a colour of channels in 0..1 (clamped) into a
// LineVertex's RGBA8.
func PackColor(c vmath.Vec4) uint32 {
	var out uint32
	for i := range 4 {
		v := c[i]
		switch {
		case !(v > 0): // NaN too
			v = 0
		case v > 1:
			v = 1
		}
		out |= uint32(v*255+0.5) << (8 * i)
	}
	return out
}
