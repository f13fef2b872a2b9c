//go:build windows

package d3d11

import (
	"fmt"
	"unsafe"

	"github.com/sleakgo/sleak/backends/internal/dxcom"
)

// device wraps the ID3D11Device calls the backend makes, turning each
// HRESULT into an error that names the call.
type device struct {
	dev, ctx *dxcom.Object
	level    uint32
}

const createDeviceDebug = 0x2

// createDevice makes a hardware device of feature level 11_1 or 11_0 and its
// immediate context. debug asks for the SDK layers.
func createDevice(debug bool) (device, error) {
	if err := procCreateDevice.Find(); err != nil {
		return device{}, err
	}
	levels := [2]uint32{featureLevel11_1, dxcom.FeatureLevel11_0}
	var flags uintptr
	if debug {
		flags = createDeviceDebug
	}
	try := func(n int) (device, error) {
		var d device
		err := procCreateDevice.CallHR(0, driverTypeHardware, 0, flags,
			uintptr(unsafe.Pointer(&levels[0])), uintptr(n), sdkVersion,
			uintptr(unsafe.Pointer(&d.dev)), uintptr(unsafe.Pointer(&d.level)), uintptr(unsafe.Pointer(&d.ctx)))
		return d, err
	}
	d, err := try(2)
	if err != nil {
		// Runtimes older than 11.1 refuse a list that names 11_1.
		d, err = try(1)
	}
	if err != nil {
		return device{}, err
	}
	return d, nil
}

func (d *device) release() {
	if d.ctx != nil {
		d.ctx.Call(ctxClearState)
		d.ctx.Call(ctxFlush)
	}
	dxcom.Release(d.ctx, d.dev)
	*d = device{}
}

func (d *device) createTexture2D(desc *textureDesc, init *subresourceData) (*dxcom.Object, error) {
	var t *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateTexture2D", devCreateTexture2D,
		uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(init)), uintptr(unsafe.Pointer(&t)))
	if err != nil {
		return nil, fmt.Errorf("%w (%dx%d, format %d)", err, desc.Width, desc.Height, desc.Format)
	}
	return t, nil
}

func (d *device) createBuffer(desc *bufferDesc, init *subresourceData) (*dxcom.Object, error) {
	var b *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateBuffer", devCreateBuffer,
		uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(init)), uintptr(unsafe.Pointer(&b)))
	if err != nil {
		return nil, fmt.Errorf("%w (%d bytes)", err, desc.ByteWidth)
	}
	return b, nil
}

func (d *device) createSRV(res *dxcom.Object, desc *srvDesc) (*dxcom.Object, error) {
	var v *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateShaderResourceView", devCreateShaderResourceView,
		ptr(res), uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(&v)))
	return v, err
}

func (d *device) createRTV(res *dxcom.Object) (*dxcom.Object, error) {
	var v *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateRenderTargetView", devCreateRenderTargetView,
		ptr(res), 0, uintptr(unsafe.Pointer(&v)))
	return v, err
}

func (d *device) createDSV(res *dxcom.Object, desc *dxcom.DSVDesc) (*dxcom.Object, error) {
	var v *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateDepthStencilView", devCreateDepthStencilView,
		ptr(res), uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(&v)))
	return v, err
}

func (d *device) createRasterizerState(desc *rasterizerDesc) (*dxcom.Object, error) {
	var s *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateRasterizerState", devCreateRasterizerState,
		uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(&s)))
	return s, err
}

func (d *device) createDepthStencilState(desc *dxcom.DepthStencilDesc) (*dxcom.Object, error) {
	var s *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateDepthStencilState", devCreateDepthStencilState,
		uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(&s)))
	return s, err
}

func (d *device) createBlendState(desc *blendDesc) (*dxcom.Object, error) {
	var s *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateBlendState", devCreateBlendState,
		uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(&s)))
	return s, err
}

func (d *device) createSamplerState(desc *dxcom.SamplerDesc) (*dxcom.Object, error) {
	var s *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateSamplerState", devCreateSamplerState,
		uintptr(unsafe.Pointer(desc)), uintptr(unsafe.Pointer(&s)))
	return s, err
}

func (d *device) createVertexShader(code []byte) (*dxcom.Object, error) {
	var s *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateVertexShader", devCreateVertexShader,
		uintptr(unsafe.Pointer(&code[0])), uintptr(len(code)), 0, uintptr(unsafe.Pointer(&s)))
	dxcom.KeepAlive(code)
	return s, err
}

func (d *device) createPixelShader(code []byte) (*dxcom.Object, error) {
	var s *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreatePixelShader", devCreatePixelShader,
		uintptr(unsafe.Pointer(&code[0])), uintptr(len(code)), 0, uintptr(unsafe.Pointer(&s)))
	dxcom.KeepAlive(code)
	return s, err
}

func (d *device) createInputLayout(elems []dxcom.InputElement, vsCode []byte) (*dxcom.Object, error) {
	descs := dxcom.InputElementDescs(elems)
	var first uintptr
	if len(descs) > 0 {
		first = uintptr(unsafe.Pointer(&descs[0]))
	}
	var l *dxcom.Object
	err := d.dev.CallHR("ID3D11Device::CreateInputLayout", devCreateInputLayout,
		first, uintptr(len(descs)), uintptr(unsafe.Pointer(&vsCode[0])), uintptr(len(vsCode)), uintptr(unsafe.Pointer(&l)))
	dxcom.KeepAlive(descs)
	dxcom.KeepAlive(vsCode)
	return l, err
}
