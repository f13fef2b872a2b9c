//go:build windows

package d3d12

import (
	"math"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
)

// Vtable slots, counted from IUnknown's three.
const (
	// ID3D12Device
	devCreateCommandQueue          = 8
	devCreateCommandAllocator      = 9
	devCreateGraphicsPipelineState = 10
	devCreateCommandList           = 12
	devCreateDescriptorHeap        = 14
	devGetDescriptorIncrement      = 15
	devCreateRootSignature         = 16
	devCreateShaderResourceView    = 18
	devCreateRenderTargetView      = 20
	devCreateDepthStencilView      = 21
	devCreateSampler               = 22
	devCreateCommittedResource     = 27
	devCreateFence                 = 36
	devGetDeviceRemovedReason      = 37

	// ID3D12Debug
	debugEnableDebugLayer = 3

	// ID3D12CommandQueue
	queueExecuteCommandLists = 10
	queueSignal              = 14

	// ID3D12CommandAllocator
	allocReset = 8

	// ID3D12Fence
	fenceGetCompletedValue    = 8
	fenceSetEventOnCompletion = 9

	// ID3D12DescriptorHeap
	heapGetCPUStart = 9
	heapGetGPUStart = 10

	// ID3D12Resource
	resMap                  = 8
	resUnmap                = 9
	resGetGPUVirtualAddress = 11

	// ID3D12GraphicsCommandList
	listClose                    = 9
	listReset                    = 10
	listDrawInstanced            = 12
	listDrawIndexedInstanced     = 13
	listCopyTextureRegion        = 16
	listCopyResource             = 17
	listIASetPrimitiveTopology   = 20
	listRSSetViewports           = 21
	listRSSetScissorRects        = 22
	listSetPipelineState         = 25
	listResourceBarrier          = 26
	listSetDescriptorHeaps       = 28
	listSetGraphicsRootSignature = 30
	listSetGraphicsRootTable     = 32
	listSetGraphicsRootConstants = 36
	listSetGraphicsRootCBV       = 38
	listIASetIndexBuffer         = 43
	listIASetVertexBuffers       = 44
	listOMSetRenderTargets       = 46
	listClearDepthStencilView    = 47
	listClearRenderTargetView    = 48
)

// Enumerations, as d3d12.h numbers them (those d3d11.h shares are in dxcom).
const (
	commandListDirect = 0

	heapTypeCBVSRVUAV   = 0
	heapTypeSampler     = 1
	heapTypeRTV         = 2
	heapTypeDSV         = 3
	heapFlagShaderVisib = 1

	heapDefault  = 1
	heapUpload   = 2
	heapReadback = 3

	dimBuffer    = 1
	dimTexture2D = 3
	layoutRowMaj = 1

	flagAllowRenderTarget = 0x1
	flagAllowDepthStencil = 0x2

	stateCommon         = 0
	statePresent        = 0 // D3D12_RESOURCE_STATE_PRESENT is COMMON
	stateRenderTarget   = 0x4
	stateDepthWrite     = 0x10
	statePixelShaderRes = 0x80
	stateAnyShaderRes   = 0xc0 // non-pixel and pixel shader resource
	stateCopyDest       = 0x400
	stateCopySource     = 0x800
	stateGenericRead    = 0xac3

	barrierTransition = 0
	allSubresources   = 0xffffffff

	defaultComponents = 0x1688 // D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING

	rootTable     = 0
	rootConstants = 1
	rootCBV       = 2

	rangeSRV     = 0
	rangeSampler = 3

	visibilityAll   = 0
	visibilityPixel = 5

	rootFlagInputLayout = 1

	topologyTypeLine     = 2
	topologyTypeTriangle = 3

	copyTypeSubresource = 0
	copyTypeFootprint   = 1

	logicOpNoop = 4

	textureRowPitchAlign = 256 // D3D12_TEXTURE_DATA_PITCH_ALIGNMENT
	cbvAlign             = 256 // D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT
)

type commandQueueDesc struct {
	Type, Priority, Flags, NodeMask int32
}

type descriptorHeapDesc struct {
	Type, NumDescriptors, Flags, NodeMask uint32
}

type heapProperties struct {
	Type, CPUPageProperty, MemoryPool, CreationNodeMask, VisibleNodeMask uint32
}

type resourceDesc struct {
	Dimension        uint32
	Alignment        uint64
	Width            uint64
	Height           uint32
	DepthOrArraySize uint16
	MipLevels        uint16
	Format           dxcom.DXGIFormat
	SampleCount      uint32
	SampleQuality    uint32
	Layout           uint32
	Flags            uint32
}

type clearValue struct {
	Format dxcom.DXGIFormat
	Value  [4]float32 // colour, or depth in [0] (and stencil in the low byte of [1])
}

type transitionBarrier struct {
	Type, Flags uint32
	Resource    *dxcom.Object
	Subresource uint32
	Before      uint32
	After       uint32
	_           uint32
}

type srvDesc struct {
	Format          dxcom.DXGIFormat
	Dimension       uint32
	Mapping         uint32
	_               uint32
	MostDetailedMip uint32
	MipLevels       uint32
	PlaneSlice      uint32
	MinLODClamp     float32
	_               [8]byte // the union's largest member is 24 bytes
}

type staticSamplerDesc struct {
	Filter                       uint32
	AddressU, AddressV, AddressW uint32
	MipLODBias                   float32
	MaxAnisotropy                uint32
	ComparisonFunc               uint32
	BorderColor                  uint32
	MinLOD, MaxLOD               float32
	ShaderRegister               uint32
	RegisterSpace                uint32
	Visibility                   uint32
}

type descriptorRange struct {
	Type, NumDescriptors, BaseRegister, RegisterSpace, Offset uint32
}

// rootParameter is D3D12_ROOT_PARAMETER; the union is a descriptor table
// (count and pointer), root constants (register, space, count) or a root
// descriptor (register, space), laid out in A, B and Ptr as each needs.
type rootParameter struct {
	Type       uint32
	_          uint32
	A, B       uint32 // table: A = range count; constants/descriptor: A = register, B = space
	Ptr        uintptr
	Visibility uint32
	_          uint32
}

type rootSignatureDesc struct {
	NumParameters     uint32
	Parameters        *rootParameter
	NumStaticSamplers uint32
	StaticSamplers    *staticSamplerDesc
	Flags             uint32
}

type shaderBytecode struct {
	Code *byte
	Size uintptr
}

type renderTargetBlendDesc struct {
	BlendEnable, LogicOpEnable   int32
	Src, Dest, Op                uint32
	SrcAlpha, DestAlpha, OpAlpha uint32
	LogicOp                      uint32
	WriteMask                    uint8
	_                            [3]uint8
}

type rasterizerDesc struct {
	FillMode, CullMode    uint32
	FrontCounterClockwise int32
	DepthBias             int32
	DepthBiasClamp        float32
	SlopeScaledDepthBias  float32
	DepthClipEnable       int32
	MultisampleEnable     int32
	AntialiasedLine       int32
	ForcedSampleCount     uint32
	ConservativeRaster    uint32
}

type pipelineStateDesc struct {
	RootSignature *dxcom.Object
	VS, PS        shaderBytecode
	DS, HS, GS    shaderBytecode
	StreamOutput  struct {
		Decl       uintptr
		NumEntries uint32
		Strides    uintptr
		NumStrides uint32
		Rasterized uint32
	}
	AlphaToCoverage  int32
	IndependentBlend int32
	RenderTargets    [8]renderTargetBlendDesc
	SampleMask       uint32
	Rasterizer       rasterizerDesc
	DepthStencil     dxcom.DepthStencilDesc
	InputElements    *dxcom.InputElementDesc
	NumElements      uint32
	_                uint32 // D3D12_INPUT_LAYOUT_DESC's tail padding
	IBStripCut       uint32
	TopologyType     uint32
	NumRenderTargets uint32
	RTVFormats       [8]dxcom.DXGIFormat
	DSVFormat        dxcom.DXGIFormat
	SampleCount      uint32
	SampleQuality    uint32
	NodeMask         uint32
	CachedPSO        shaderBytecode
	Flags            uint32
}

type vertexBufferView struct {
	Location uint64
	Size     uint32
	Stride   uint32
}

type indexBufferView struct {
	Location uint64
	Size     uint32
	Format   dxcom.DXGIFormat
}

// textureCopyLocation is D3D12_TEXTURE_COPY_LOCATION: a subresource index
// or a placed footprint (offset, format, width, height, depth, row pitch).
type textureCopyLocation struct {
	Resource *dxcom.Object
	Type     uint32
	_        uint32
	Offset   uint64 // footprint offset, or the subresource index in its low word
	Format   dxcom.DXGIFormat
	Width    uint32
	Height   uint32
	Depth    uint32
	RowPitch uint32
	_        uint32
}

var (
	iidDevice           = dxcom.GUID{Data1: 0x189819f1, Data2: 0x1db6, Data3: 0x4b57, Data4: [8]byte{0xbe, 0x54, 0x18, 0x21, 0x33, 0x9b, 0x85, 0xf7}}
	iidCommandQueue     = dxcom.GUID{Data1: 0x0ec870a6, Data2: 0x5d7e, Data3: 0x4c22, Data4: [8]byte{0x8c, 0xfc, 0x5b, 0xaa, 0xe0, 0x76, 0x16, 0xed}}
	iidCommandAllocator = dxcom.GUID{Data1: 0x6102dee4, Data2: 0xaf59, Data3: 0x4b09, Data4: [8]byte{0xb9, 0x99, 0xb4, 0x4d, 0x73, 0xf0, 0x9b, 0x24}}
	iidCommandList      = dxcom.GUID{Data1: 0x5b160d0f, Data2: 0xac1b, Data3: 0x4185, Data4: [8]byte{0x8b, 0xa8, 0xb3, 0xae, 0x42, 0xa5, 0xa4, 0x55}}
	iidDescriptorHeap   = dxcom.GUID{Data1: 0x8efb471d, Data2: 0x616c, Data3: 0x4f49, Data4: [8]byte{0x90, 0xf7, 0x12, 0x7b, 0xb7, 0x63, 0xfa, 0x51}}
	iidFence            = dxcom.GUID{Data1: 0x0a753dcf, Data2: 0xc4d8, Data3: 0x4b91, Data4: [8]byte{0xad, 0xf6, 0xbe, 0x5a, 0x60, 0xd9, 0x5a, 0x76}}
	iidPipelineState    = dxcom.GUID{Data1: 0x765a30f3, Data2: 0xf624, Data3: 0x4c6f, Data4: [8]byte{0xa8, 0x28, 0xac, 0xe9, 0x48, 0x62, 0x24, 0x45}}
	iidResource         = dxcom.GUID{Data1: 0x696442be, Data2: 0xa72e, Data3: 0x4059, Data4: [8]byte{0xbc, 0x79, 0x5b, 0x5c, 0x98, 0x04, 0x0f, 0xad}}
	iidRootSignature    = dxcom.GUID{Data1: 0xc54a6b66, Data2: 0x72df, Data3: 0x4ee8, Data4: [8]byte{0x8b, 0xe5, 0xa9, 0x46, 0xa1, 0x42, 0x92, 0x14}}
)

var (
	procCreateDevice      = dxcom.NewProc("d3d12.dll", "D3D12CreateDevice")
	procSerializeRootSig  = dxcom.NewProc("d3d12.dll", "D3D12SerializeRootSignature")
	procCreateEvent       = dxcom.NewProc("kernel32.dll", "CreateEventW")
	procWaitForSingleObj  = dxcom.NewProc("kernel32.dll", "WaitForSingleObject")
	procCloseHandle       = dxcom.NewProc("kernel32.dll", "CloseHandle")
	procGetDebugInterface = dxcom.NewProc("d3d12.dll", "D3D12GetDebugInterface")
)

func f32(f float32) uintptr { return uintptr(math.Float32bits(f)) }

// ptr passes a COM object to a call; nil becomes 0.
func ptr(o *dxcom.Object) uintptr { return uintptr(unsafe.Pointer(o)) }

// The sizes d3d12.h gives these structs on 64-bit Windows, checked at
// compile time: a wrong layout would pass garbage to the driver (each line
// fails to compile, with a negative array length, when a size is off).
var (
	_ [unsafe.Sizeof(pipelineStateDesc{}) - 656]struct{}
	_ [656 - unsafe.Sizeof(pipelineStateDesc{})]struct{}
	_ [unsafe.Sizeof(resourceDesc{}) - 56]struct{}
	_ [56 - unsafe.Sizeof(resourceDesc{})]struct{}
	_ [unsafe.Sizeof(srvDesc{}) - 40]struct{}
	_ [40 - unsafe.Sizeof(srvDesc{})]struct{}
	_ [unsafe.Sizeof(rootParameter{}) - 32]struct{}
	_ [32 - unsafe.Sizeof(rootParameter{})]struct{}
	_ [unsafe.Sizeof(textureCopyLocation{}) - 48]struct{}
	_ [48 - unsafe.Sizeof(textureCopyLocation{})]struct{}
	_ [unsafe.Sizeof(transitionBarrier{}) - 32]struct{}
	_ [32 - unsafe.Sizeof(transitionBarrier{})]struct{}
	_ [unsafe.Sizeof(rootSignatureDesc{}) - 40]struct{}
	_ [40 - unsafe.Sizeof(rootSignatureDesc{})]struct{}
)
