package dxcom

import (
	"math"
)

// Enumerations that d3d11.h and d3d12.h number alike.
const (
	FeatureLevel11_0 = 0xb000

	FillSolid = 3
	CullNone  = 1
	CullBack  = 3

	ComparisonLess   = 2
	ComparisonAlways = 8
	DepthWriteZero   = 0
	DepthWriteAll    = 1
	StencilOpKeep    = 1

	BlendZero        = 1
	BlendOne         = 2
	BlendSrcAlpha    = 5
	BlendInvSrcAlpha = 6
	BlendOpAdd       = 1
	ColorWriteAll    = 0xf

	FilterPoint  = 0
	FilterLinear = 0x15
	AddressWrap  = 1
	AddressClamp = 3

	SRVDimTexture2D = 4
	DSVDimTexture2D = 3
	ClearDepth      = 1

	TopologyLineList     = 2
	TopologyTriangleList = 4
)

// SamplerDesc is D3D11_SAMPLER_DESC and D3D12_SAMPLER_DESC, which have the
// same layout.
type SamplerDesc struct {
	Filter                       uint32
	AddressU, AddressV, AddressW uint32
	MipLODBias                   float32
	MaxAnisotropy                uint32
	ComparisonFunc               uint32
	BorderColor                  [4]float32
	MinLOD, MaxLOD               float32
}

// StencilOpDesc is D3D11_DEPTH_STENCILOP_DESC and D3D12_DEPTH_STENCILOP_DESC.
type StencilOpDesc struct{ Fail, DepthFail, Pass, Func uint32 }

// DepthStencilDesc is D3D11_DEPTH_STENCIL_DESC and D3D12_DEPTH_STENCIL_DESC.
type DepthStencilDesc struct {
	DepthEnable      int32
	DepthWriteMask   uint32
	DepthFunc        uint32
	StencilEnable    int32
	StencilReadMask  uint8
	StencilWriteMask uint8
	_                [2]uint8
	Front, Back      StencilOpDesc
}

// DSVDesc is a D3D11_DEPTH_STENCIL_VIEW_DESC or D3D12_DEPTH_STENCIL_VIEW_DESC
// of a 2D texture.
type DSVDesc struct {
	Format    DXGIFormat
	Dimension uint32
	Flags     uint32
	MipSlice  uint32
	_         [2]uint32 // the union's largest member is three words
}

// InputElementDesc is D3D11_INPUT_ELEMENT_DESC and D3D12_INPUT_ELEMENT_DESC.
type InputElementDesc struct {
	SemanticName  *byte
	SemanticIndex uint32
	Format        DXGIFormat
	InputSlot     uint32
	Offset        uint32
	SlotClass     uint32
	StepRate      uint32
}

// Viewport is D3D11_VIEWPORT and D3D12_VIEWPORT.
type Viewport struct {
	X, Y, Width, Height, MinDepth, MaxDepth float32
}

// DepthState is the depth-stencil state of a pass: LESS when enabled,
// writing depth when write is true, stencil off.
func DepthState(enable, write bool) DepthStencilDesc {
	keep := StencilOpDesc{StencilOpKeep, StencilOpKeep, StencilOpKeep, ComparisonAlways}
	d := DepthStencilDesc{DepthFunc: ComparisonLess, StencilReadMask: 0xff, StencilWriteMask: 0xff, Front: keep, Back: keep}
	if enable {
		d.DepthEnable = 1
	}
	if write {
		d.DepthWriteMask = DepthWriteAll
	}
	return d
}

var semanticName = []byte(Semantic + "\x00")

// InputElementDescs turns an input layout into the API's element
// descriptions: slot 0 per vertex, InstanceSlot per instance (class 1,
// D3D11_INPUT_PER_INSTANCE_DATA and D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA,
// stepping once per instance).
func InputElementDescs(elems []InputElement) []InputElementDesc {
	out := make([]InputElementDesc, len(elems))
	for i, e := range elems {
		out[i] = InputElementDesc{SemanticName: &semanticName[0], SemanticIndex: e.Index, Format: e.Format, Offset: e.Offset, InputSlot: e.Slot}
		if e.Slot == InstanceSlot {
			out[i].SlotClass, out[i].StepRate = 1, 1
		}
	}
	return out
}

// MaterialSampler describes material sampler i (see backends.TextureOptions.SamplerIndex): point or
// linear filtering, clamped or wrapped, no mipmaps in use.
func MaterialSampler(i uint32) SamplerDesc {
	filter, address := uint32(FilterLinear), uint32(AddressWrap)
	if i&1 != 0 {
		filter = FilterPoint
	}
	if i&2 != 0 {
		address = AddressClamp
	}
	return SamplerDesc{Filter: filter, AddressU: address, AddressV: address, AddressW: address,
		MaxAnisotropy: 1, ComparisonFunc: ComparisonAlways, MaxLOD: math.MaxFloat32}
}

// Rect is D3D11_RECT and D3D12_RECT alike (both the Win32 RECT): a scissor
// rectangle in pixels, right and bottom exclusive.
type Rect struct{ Left, Top, Right, Bottom int32 }
