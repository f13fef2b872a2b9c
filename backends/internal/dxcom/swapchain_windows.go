//go:build windows

package dxcom

import (
	"fmt"
	"unsafe"
)

// Vtable slots of the DXGI interfaces used here.
const (
	objectGetParent              = 6  // IDXGIObject
	dxgiDeviceGetAdapter         = 7  // IDXGIDevice
	factoryMakeWindowAssociation = 8  // IDXGIFactory
	factoryCreateSwapChainHwnd   = 15 // IDXGIFactory2
	factoryCheckFeatureSupport   = 28 // IDXGIFactory5
	swapPresent                  = 8  // IDXGISwapChain
	swapGetBuffer                = 9
	swapResizeBuffers            = 13
	swapCurrentBackBufferIndex   = 36 // IDXGISwapChain3
)

const (
	usageRenderTargetOutput = 0x20
	swapEffectFlipSequent   = 3
	swapEffectFlipDiscard   = 4
	swapFlagAllowTearing    = 0x800
	presentAllowTearing     = 0x200
	mwaNoAltEnter           = 0x2 // the window toggles fullscreen itself
	featurePresentTearing   = 0
)

var (
	iidDXGIDevice     = GUID{0x54ec77fa, 0x1377, 0x44e6, [8]byte{0x8c, 0x32, 0x88, 0xfd, 0x5f, 0x44, 0xc8, 0x4c}}
	iidDXGIFactory2   = GUID{0x50c83a1c, 0xe072, 0x4c48, [8]byte{0x87, 0xb0, 0x36, 0x30, 0xfa, 0x36, 0xa6, 0xd0}}
	iidDXGIFactory5   = GUID{0x7632e1f5, 0xee65, 0x4dca, [8]byte{0x87, 0xfd, 0x84, 0xcd, 0x75, 0xf8, 0x83, 0x8d}}
	iidDXGISwapChain3 = GUID{0x94d99bdb, 0xf1f8, 0x4ab0, [8]byte{0xb2, 0x36, 0x7d, 0xa0, 0x17, 0x0e, 0xda, 0xb1}}

	procCreateDXGIFactory1 = NewProc("dxgi.dll", "CreateDXGIFactory1")
)

// swapChainDesc1 is DXGI_SWAP_CHAIN_DESC1.
type swapChainDesc1 struct {
	Width, Height uint32
	Format        DXGIFormat
	Stereo        int32
	SampleCount   uint32
	SampleQuality uint32
	BufferUsage   uint32
	BufferCount   uint32
	Scaling       uint32
	SwapEffect    uint32
	AlphaMode     uint32
	Flags         uint32
}

var _ [48 - unsafe.Sizeof(swapChainDesc1{})]struct{}

// SwapChain is a flip-model DXGI swap chain of RGBA8 buffers over a window.
// Frames are composited offscreen and copied into its current buffer, so
// it is never a render target and its size always equals the window's.
type SwapChain struct {
	sc      *Object // IDXGISwapChain1
	sc3     *Object // IDXGISwapChain3, nil before DXGI 1.4
	vsync   bool
	tearing bool // vsync off may present before the vertical blank
	flags   uint32
	buffers int
}

// FactoryOfDevice returns the DXGI factory that made a Direct3D 11
// device's adapter: a swap chain must come from the device's own factory.
func FactoryOfDevice(dev *Object) (*Object, error) {
	dxgiDev, err := dev.QueryInterface(&iidDXGIDevice)
	if err != nil {
		return nil, fmt.Errorf("IDXGIDevice of the device: %w", err)
	}
	defer dxgiDev.Release()
	var adapter *Object
	if err := dxgiDev.CallHR("IDXGIDevice::GetAdapter", dxgiDeviceGetAdapter, uintptr(unsafe.Pointer(&adapter))); err != nil {
		return nil, err
	}
	defer adapter.Release()
	var f *Object
	if err := adapter.CallHR("IDXGIAdapter::GetParent(IDXGIFactory2)", objectGetParent,
		uintptr(unsafe.Pointer(&iidDXGIFactory2)), uintptr(unsafe.Pointer(&f))); err != nil {
		return nil, err
	}
	return f, nil
}

// NewFactory creates a DXGI 1.2 factory, as Direct3D 12 swap chains need.
func NewFactory() (*Object, error) {
	if err := procCreateDXGIFactory1.Find(); err != nil {
		return nil, err
	}
	var f *Object
	if err := procCreateDXGIFactory1.CallHR(uintptr(unsafe.Pointer(&iidDXGIFactory2)), uintptr(unsafe.Pointer(&f))); err != nil {
		return nil, fmt.Errorf("CreateDXGIFactory1(IDXGIFactory2): %w", err)
	}
	return f, nil
}

// NewSwapChain makes a swap chain of buffers RGBA8 buffers of width x
// height for hwnd from factory. device is the Direct3D 11 device or the
// Direct3D 12 command queue. FLIP_DISCARD is asked for first and
// FLIP_SEQUENTIAL (Windows 8) after it; with vsync off, presents may tear
// where the system allows it.
func NewSwapChain(factory, device *Object, hwnd uintptr, width, height, buffers int, vsync bool) (*SwapChain, error) {
	s := &SwapChain{vsync: vsync, buffers: buffers}
	if !vsync {
		s.tearing = tearingSupported(factory)
	}
	if s.tearing {
		s.flags = swapFlagAllowTearing
	}
	desc := swapChainDesc1{Width: uint32(width), Height: uint32(height), Format: FormatR8G8B8A8UNorm, SampleCount: 1,
		BufferUsage: usageRenderTargetOutput, BufferCount: uint32(buffers), Flags: s.flags}
	var err error
	for _, effect := range []uint32{swapEffectFlipDiscard, swapEffectFlipSequent} {
		desc.SwapEffect = effect
		err = factory.CallHR("IDXGIFactory2::CreateSwapChainForHwnd", factoryCreateSwapChainHwnd,
			ptrOf(device), hwnd, uintptr(unsafe.Pointer(&desc)), 0, 0, uintptr(unsafe.Pointer(&s.sc)))
		if err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("flip-model swap chain %dx%d: %w", width, height, err)
	}
	// Alt+Enter is the window's (borderless fullscreen), not DXGI's
	// exclusive mode.
	factory.Call(factoryMakeWindowAssociation, hwnd, mwaNoAltEnter)
	s.sc3, _ = s.sc.QueryInterface(&iidDXGISwapChain3)
	return s, nil
}

func tearingSupported(factory *Object) bool {
	f5, err := factory.QueryInterface(&iidDXGIFactory5)
	if err != nil {
		return false
	}
	defer f5.Release()
	var allow int32
	err = f5.CallHR("IDXGIFactory5::CheckFeatureSupport", factoryCheckFeatureSupport, featurePresentTearing,
		uintptr(unsafe.Pointer(&allow)), unsafe.Sizeof(allow))
	return err == nil && allow != 0
}

// Buffer returns buffer i as the interface iid names (ID3D11Texture2D,
// ID3D12Resource); the caller releases it.
func (s *SwapChain) Buffer(i int, iid *GUID) (*Object, error) {
	var b *Object
	if err := s.sc.CallHR("IDXGISwapChain::GetBuffer", swapGetBuffer, uintptr(i), uintptr(unsafe.Pointer(iid)), uintptr(unsafe.Pointer(&b))); err != nil {
		return nil, err
	}
	return b, nil
}

// Buffers is how many buffers the chain has.
func (s *SwapChain) Buffers() int { return s.buffers }

// Current returns the index of the buffer the next frame goes into
// (Direct3D 12; Direct3D 11 always draws into buffer 0).
func (s *SwapChain) Current() int {
	if s.sc3 == nil {
		return 0
	}
	return int(uint32(s.sc3.Call(swapCurrentBackBufferIndex)))
}

// SetVSync makes the next presents wait for the vertical blank, or not. A
// chain made with vsync on presents without it at once but without
// tearing, which only a chain made with vsync off asks for (asking for it
// always made Wine's window teardown fail).
func (s *SwapChain) SetVSync(on bool) { s.vsync = on }

// Present shows the current buffer: at the next vertical blank with vsync,
// at once without it.
func (s *SwapChain) Present() error {
	interval, flags := uintptr(1), uintptr(0)
	if !s.vsync {
		interval = 0
		if s.tearing {
			flags = presentAllowTearing
		}
	}
	// DXGI_STATUS_OCCLUDED and the other status codes are successes: a
	// covered window just is not shown.
	return s.sc.CallHR("IDXGISwapChain::Present", swapPresent, interval, flags)
}

// Resize gives the buffers a new size; every reference to them must have
// been released first.
func (s *SwapChain) Resize(width, height int) error {
	return s.sc.CallHR("IDXGISwapChain::ResizeBuffers", swapResizeBuffers, 0, uintptr(width), uintptr(height),
		uintptr(FormatUnknown), uintptr(s.flags))
}

// Release frees the swap chain; a nil one is ignored.
func (s *SwapChain) Release() {
	if s != nil {
		Release(s.sc3, s.sc)
		s.sc3, s.sc = nil, nil
	}
}

func ptrOf(o *Object) uintptr { return uintptr(unsafe.Pointer(o)) }
