//go:build windows

package d3d11

import (
	"math"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
)

// Vtable slots of the interfaces used here, counted from IUnknown's three.
const (
	// ID3D11Device
	devCreateBuffer             = 3
	devCreateTexture2D          = 5
	devCreateShaderResourceView = 7
	devCreateRenderTargetView   = 9
	devCreateDepthStencilView   = 10
	devCreateInputLayout        = 11
	devCreateVertexShader       = 12
	devCreatePixelShader        = 15
	devCreateBlendState         = 20
	devCreateDepthStencilState  = 21
	devCreateRasterizerState    = 22
	devCreateSamplerState       = 23
	devGetDeviceRemovedReason   = 39

	// ID3D11DeviceContext
	ctxVSSetConstantBuffers   = 7
	ctxPSSetShaderResources   = 8
	ctxPSSetShader            = 9
	ctxPSSetSamplers          = 10
	ctxVSSetShader            = 11
	ctxDrawIndexed            = 12
	ctxDraw                   = 13
	ctxMap                    = 14
	ctxUnmap                  = 15
	ctxPSSetConstantBuffers   = 16
	ctxIASetInputLayout       = 17
	ctxIASetVertexBuffers     = 18
	ctxIASetIndexBuffer       = 19
	ctxDrawIndexedInstanced   = 20
	ctxIASetPrimitiveTopo     = 24
	ctxVSSetShaderResources   = 25
	ctxOMSetRenderTargets     = 33
	ctxOMSetBlendState        = 35
	ctxOMSetDepthStencilState = 36
	ctxRSSetState             = 43
	ctxRSSetViewports         = 44
	ctxRSSetScissorRects      = 45
	ctxCopyResource           = 47
	ctxUpdateSubresource      = 48
	ctxClearRenderTargetView  = 50
	ctxClearDepthStencilView  = 53
	ctxClearState             = 110
	ctxFlush                  = 111
)

// Enumerations, as d3d11.h numbers them (those d3d12.h shares are in dxcom).
const (
	driverTypeHardware = 1
	featureLevel11_1   = 0xb100
	sdkVersion         = 7

	usageDefault   = 0
	usageImmutable = 1
	usageDynamic   = 2
	usageStaging   = 3

	bindVertexBuffer   = 0x1
	bindIndexBuffer    = 0x2
	bindConstantBuffer = 0x4
	bindShaderResource = 0x8
	bindRenderTarget   = 0x20
	bindDepthStencil   = 0x40

	cpuAccessWrite = 0x10000
	cpuAccessRead  = 0x20000

	mapRead         = 1
	mapWriteDiscard = 4
)

type textureDesc struct {
	Width, Height, MipLevels, ArraySize uint32
	Format                              dxcom.DXGIFormat
	SampleCount, SampleQuality          uint32
	Usage, BindFlags, CPUAccess, Misc   uint32
}

type subresourceData struct {
	Mem        unsafe.Pointer
	Pitch      uint32
	SlicePitch uint32
}

type bufferDesc struct {
	ByteWidth, Usage, BindFlags, CPUAccess, Misc, StructureStride uint32
}

type srvDesc struct {
	Format          dxcom.DXGIFormat
	Dimension       uint32
	MostDetailedMip uint32
	MipLevels       uint32
	_               [2]uint32 // the union's largest member is four words
}

type rasterizerDesc struct {
	FillMode, CullMode    uint32
	FrontCounterClockwise int32
	DepthBias             int32
	DepthBiasClamp        float32
	SlopeScaledDepthBias  float32
	DepthClipEnable       int32
	ScissorEnable         int32
	MultisampleEnable     int32
	AntialiasedLine       int32
}

type renderTargetBlendDesc struct {
	BlendEnable                  int32
	Src, Dest, Op                uint32
	SrcAlpha, DestAlpha, OpAlpha uint32
	WriteMask                    uint8
	_                            [3]uint8
}

type blendDesc struct {
	AlphaToCoverage int32
	Independent     int32
	Targets         [8]renderTargetBlendDesc
}

type mappedSubresource struct {
	Data       uintptr
	RowPitch   uint32
	DepthPitch uint32
}

var procCreateDevice = dxcom.NewProc("d3d11.dll", "D3D11CreateDevice")

var iidTexture2D = dxcom.GUID{Data1: 0x6f15aaf2, Data2: 0xd208, Data3: 0x4e89, Data4: [8]byte{0x9a, 0xb4, 0x48, 0x95, 0x35, 0xd3, 0x4f, 0x9c}}

func f32(f float32) uintptr { return uintptr(math.Float32bits(f)) }

// ptr passes a pointer to a COM call; nil interfaces become 0.
func ptr(o *dxcom.Object) uintptr { return uintptr(unsafe.Pointer(o)) }

// unsafePointer is unsafe.Pointer for typed pointers, so struct literals
// that hold Go pointers read naturally.
func unsafePointer[T any](p *T) unsafe.Pointer { return unsafe.Pointer(p) }
