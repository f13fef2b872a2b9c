package dxcom

import (
	"fmt"

	"github.com/sleakgo/sleak/formats"
)

// DXGIFormat is a DXGI_FORMAT value.
type DXGIFormat uint32

// The DXGI formats the backends use.
const (
	FormatUnknown           DXGIFormat = 0
	FormatR32G32B32A32Float DXGIFormat = 2
	FormatR32G32B32A32UInt  DXGIFormat = 3
	FormatR32G32B32A32SInt  DXGIFormat = 4
	FormatR32G32B32Float    DXGIFormat = 6
	FormatR32G32B32UInt     DXGIFormat = 7
	FormatR32G32B32SInt     DXGIFormat = 8
	FormatR16G16B16A16Float DXGIFormat = 10
	FormatR16G16B16A16SNorm DXGIFormat = 13
	FormatR16G16B16A16SInt  DXGIFormat = 14
	FormatR32G32Float       DXGIFormat = 16
	FormatR32G32UInt        DXGIFormat = 17
	FormatR32G32SInt        DXGIFormat = 18
	FormatR8G8B8A8UNorm     DXGIFormat = 28
	FormatR8G8B8A8UInt      DXGIFormat = 30
	FormatR16G16Float       DXGIFormat = 34
	FormatR16G16SNorm       DXGIFormat = 37
	FormatR16G16SInt        DXGIFormat = 38
	FormatR32Typeless       DXGIFormat = 39
	FormatD32Float          DXGIFormat = 40
	FormatR32Float          DXGIFormat = 41
	FormatR32UInt           DXGIFormat = 42
	FormatR32SInt           DXGIFormat = 43
	FormatR8UNorm           DXGIFormat = 61
)

var attributeFormats = map[formats.AttributeFormat]DXGIFormat{
	formats.Float1:     FormatR32Float,
	formats.Float2:     FormatR32G32Float,
	formats.Float3:     FormatR32G32B32Float,
	formats.Float4:     FormatR32G32B32A32Float,
	formats.UInt1:      FormatR32UInt,
	formats.UInt2:      FormatR32G32UInt,
	formats.UInt3:      FormatR32G32B32UInt,
	formats.UInt4:      FormatR32G32B32A32UInt,
	formats.Int1:       FormatR32SInt,
	formats.Int2:       FormatR32G32SInt,
	formats.Int3:       FormatR32G32B32SInt,
	formats.Int4:       FormatR32G32B32A32SInt,
	formats.UByte4:     FormatR8G8B8A8UInt,
	formats.UByte4Norm: FormatR8G8B8A8UNorm,
	formats.Short2:     FormatR16G16SInt,
	formats.Short4:     FormatR16G16B16A16SInt,
	formats.Short2Norm: FormatR16G16SNorm,
	formats.Short4Norm: FormatR16G16B16A16SNorm,
	formats.Half2:      FormatR16G16Float,
	formats.Half4:      FormatR16G16B16A16Float,
}

// AttributeFormat returns the DXGI format a vertex attribute is read with.
func AttributeFormat(f formats.AttributeFormat) (DXGIFormat, error) {
	if d, ok := attributeFormats[f]; ok {
		return d, nil
	}
	return 0, fmt.Errorf("attribute format %v has no DXGI vertex format", f)
}

// Semantic is the HLSL semantic name of every vertex attribute; the
// attribute's location is the semantic index (location 3 is TEXCOORD3).
const Semantic = "TEXCOORD"

// InputElement is one element of an input layout, independent of the API
// version (D3D11_INPUT_ELEMENT_DESC and D3D12_INPUT_ELEMENT_DESC share it).
type InputElement struct {
	Index  uint32 // semantic index: the attribute's location
	Format DXGIFormat
	Offset uint32
	// Slot is the vertex buffer slot: 0 for attributes stepped per vertex,
	// InstanceSlot for those stepped per instance.
	Slot uint32
}

// InstanceSlot is the vertex buffer slot of an instanced format's instance
// records, read once per instance.
const InstanceSlot = 1

// InputElements returns the input layout of a vertex format: one element per
// attribute, all in vertex buffer slot 0.
func InputElements(l *formats.Layout) ([]InputElement, error) {
	out := make([]InputElement, 0, len(l.Attributes))
	for _, a := range l.Attributes {
		f, err := AttributeFormat(a.Format)
		if err != nil {
			return nil, fmt.Errorf("vertex format %s, attribute %s: %w", l.Name, a.Name, err)
		}
		e := InputElement{Index: a.Location, Format: f, Offset: a.Offset}
		if a.Step == formats.StepInstance {
			e.Slot = InstanceSlot
		}
		out = append(out, e)
	}
	return out, nil
}
