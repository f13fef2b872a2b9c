//go:build windows

package d3d11

import (
	"fmt"
	"image"
	"log/slog"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/win32"
)

// driver is the Direct3D 11 core.Driver. The core calls it from one
// goroutine; the immediate context is used directly, without locks.
type driver struct {
	log *slog.Logger

	width, height int
	shadowSize    int
	redraw        uint8 // the cascades the frame's shadow pass clears and draws (RedrawCascades)
	taaTurn       int   // the taa target temporal antialiasing drew last

	d      device
	states fixedStates

	frameCB, drawCB *dxcom.Object
	// cascadeCBs are the shadow cascades' Frame blocks
	// (backends.FrameBlock.Cascade), one constant buffer each, written with
	// the main block at BeginFrame. Four buffers rather than one rewritten
	// between cascades: the shadow pass then only rebinds b0, and no buffer
	// the previous cascade's draws still read is updated in the middle of
	// the pass (which would make the driver copy or version it each time).
	cascadeCBs [backends.NumCascades]*dxcom.Object
	lines      lineBuffer
	// lights is the frame's light grid (t6), a dynamic texture rewritten
	// every frame; lightSRV is its view.
	lights, lightSRV *dxcom.Object
	shadow           depthTarget
	targets          targets
	white            texture
	env              texture // the environment atlas of the frame (SetEnvironment)
	engine           enginePrograms
	// retired are the engine programs hot reload replaced, kept until
	// Close (see ReloadEngine).
	retired []*program

	block   backends.FrameBlock
	cascade backends.FrameBlock // a cascade's block, on its way to cascadeCBs
	draw    backends.DrawBlock
	ended   uint64 // frames ended

	dxcom.Host // the window and the debug layer

	// Windowed only: the swap chain the composited frame is copied into.
	sc *dxcom.SwapChain

	timing gpuTiming
}

// backend is the Direct3D 11 backend: the shared core over this driver.
type backend = core.Backend[mesh, texture, *program]

// fixedStates are the pipeline states of the passes, made once.
type fixedStates struct {
	// The shadow rasterizer state scissors too, to the tile of the cascade
	// being drawn: the viewport alone bounds the rasterized area, but a
	// driver that rasterizes a guard band past it would then still spill
	// into the neighbouring tile, which another cascade has drawn.
	cullBack, cullNone, shadow  *dxcom.Object // rasterizer
	depthWrite, depthTest, none *dxcom.Object // depth-stencil
	// tileClear and depthAlways draw far depth over one shadow tile
	// (clearTile): no bias, scissored, and every depth written.
	tileClear, depthAlways *dxcom.Object
	alpha                  *dxcom.Object // blend; nil is blending off
	samplers               [backends.NumSamplers]*dxcom.Object
	shadowSampler          *dxcom.Object
}

func (s *fixedStates) release() {
	dxcom.Release(s.cullBack, s.cullNone, s.shadow, s.depthWrite, s.depthTest, s.none, s.alpha, s.shadowSampler, s.tileClear, s.depthAlways)
	dxcom.Release(s.samplers[:]...)
	*s = fixedStates{}
}

type mesh struct {
	vb, ib     *dxcom.Object
	stride     uint32
	indexCount uint32
	// Instanced formats: the instance records (slot dxcom.InstanceSlot),
	// their stride and count; ins is nil otherwise.
	ins                *dxcom.Object
	istride, instances uint32
}

type texture struct {
	tex, srv *dxcom.Object
	sampler  uint32 // backends.TextureOptions.SamplerIndex
}

// New starts a Direct3D 11 backend: offscreen, or with Config.Window in a
// native window it presents to through a flip-model swap chain. The error
// wraps ErrNoDevice when no device could be made.
func New(cfg backends.Config) (backends.Backend, error) {
	b, err := newBackend(cfg)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func newBackend(cfg backends.Config) (*backend, error) {
	return core.New(backends.D3D11, cfg, func(cfg backends.Config) (core.Driver[mesh, texture, *program], error) {
		return openDriver(cfg)
	})
}

func openDriver(cfg backends.Config) (*driver, error) {
	r := &driver{
		log:        cfg.Logger,
		width:      cfg.Width,
		height:     cfg.Height,
		shadowSize: cfg.ShadowMapSize,
	}
	var err error
	r.Asked = cfg.Validation
	debug := cfg.Validation
	if r.d, err = createDevice(debug); err != nil && debug {
		// The SDK layers are an optional Windows feature and absent under
		// Wine: run without them rather than not at all, and say so in
		// ValidationErrors.
		r.log.Warn("d3d11: no debug device (the SDK layers are not installed); running without validation: ValidationErrors reports backends.ValidationUnavailable", "err", err.Error())
		debug = false
		r.d, err = createDevice(false)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: D3D11CreateDevice (hardware, feature level 11_0 or 11_1): %w", ErrNoDevice, err)
	}
	if debug {
		if q, err := r.d.dev.QueryInterface(&dxcom.IIDInfoQueue11); err == nil {
			r.Validation = dxcom.NewInfoQueue(q, r.log, "d3d11")
		} else {
			r.log.Warn("d3d11: the debug device has no ID3D11InfoQueue; ValidationErrors reports backends.ValidationUnavailable", "err", err.Error())
		}
	}
	if err := r.init(); err != nil {
		r.Close()
		return nil, fmt.Errorf("d3d11: %w", err)
	}
	if cfg.Window != nil {
		if err := r.openWindow(cfg.Window); err != nil {
			r.Close()
			return nil, fmt.Errorf("d3d11: %w", err)
		}
	}
	return r, nil
}

// openWindow opens the window and its swap chain, at the size asked for;
// the core follows the size the window really got.
func (r *driver) openWindow(wc *backends.WindowConfig) error {
	var err error
	if r.Win, err = win32.Open(win32.Config{Title: wc.Title, Width: r.width, Height: r.height, Fullscreen: wc.Fullscreen}); err != nil {
		return fmt.Errorf("window: %w", err)
	}
	factory, err := dxcom.FactoryOfDevice(r.d.dev)
	if err != nil {
		return fmt.Errorf("swap chain: %w", err)
	}
	defer factory.Release()
	r.sc, err = dxcom.NewSwapChain(factory, r.d.dev, r.Win.HWND(), r.width, r.height, 2, wc.VSync)
	return err
}

func (r *driver) init() error {
	var err error
	if r.states, err = r.d.createStates(); err != nil {
		return err
	}
	if r.frameCB, err = r.d.createBuffer(&bufferDesc{ByteWidth: backends.FrameBlockSize, Usage: usageDefault, BindFlags: bindConstantBuffer}, nil); err != nil {
		return fmt.Errorf("the Frame constant buffer: %w", err)
	}
	for i := range r.cascadeCBs {
		if r.cascadeCBs[i], err = r.d.createBuffer(&bufferDesc{ByteWidth: backends.FrameBlockSize, Usage: usageDefault, BindFlags: bindConstantBuffer}, nil); err != nil {
			return fmt.Errorf("the Frame constant buffer of shadow cascade %d: %w", i, err)
		}
	}
	if r.drawCB, err = r.d.createBuffer(&bufferDesc{ByteWidth: backends.DrawBlockSize, Usage: usageDynamic, BindFlags: bindConstantBuffer, CPUAccess: cpuAccessWrite}, nil); err != nil {
		return fmt.Errorf("the Draw constant buffer: %w", err)
	}
	if r.shadow, err = r.d.newDepthTarget("shadow map", r.shadowSize, r.shadowSize); err != nil {
		return err
	}
	desc := textureDesc{Width: backends.LightGridWidth, Height: backends.LightGridHeight, MipLevels: 1, ArraySize: 1,
		Format: dxcom.FormatR32G32B32A32Float, SampleCount: 1, Usage: usageDynamic, BindFlags: bindShaderResource, CPUAccess: cpuAccessWrite}
	if r.lights, err = r.d.createTexture2D(&desc, nil); err != nil {
		return fmt.Errorf("light grid: %w", err)
	}
	if r.lightSRV, err = r.d.createSRV(r.lights, nil); err != nil {
		return fmt.Errorf("light grid view: %w", err)
	}
	if r.targets, err = r.d.createTargets(r.width, r.height); err != nil {
		return err
	}
	if err = r.initTiming(); err != nil {
		return err
	}
	white := [4]byte{255, 255, 255, 255}
	if r.white, err = r.NewTexture(&image.RGBA{Pix: white[:], Stride: 4, Rect: image.Rect(0, 0, 1, 1)}, backends.TextureOptions{Nearest: true}); err != nil {
		return fmt.Errorf("white texture: %w", err)
	}
	if r.engine, err = r.loadEnginePrograms(); err != nil {
		return err
	}
	return nil
}

func (d *device) createStates() (fixedStates, error) {
	var s fixedStates
	var err error
	rs := func(cull uint32, bias int32, slope float32, scissor, depthClip int32) *dxcom.Object {
		if err != nil {
			return nil
		}
		// Counter-clockwise is front, as in the Vulkan and OpenGL backends:
		// the same vertex data culls the same faces everywhere.
		var o *dxcom.Object
		o, err = d.createRasterizerState(&rasterizerDesc{FillMode: dxcom.FillSolid, CullMode: cull, FrontCounterClockwise: 1,
			DepthBias: bias, SlopeScaledDepthBias: slope, DepthClipEnable: depthClip, ScissorEnable: scissor})
		return o
	}
	ds := func(enable, write bool, fn uint32) *dxcom.Object {
		if err != nil {
			return nil
		}
		var o *dxcom.Object
		desc := dxcom.DepthState(enable, write)
		desc.DepthFunc = fn
		o, err = d.createDepthStencilState(&desc)
		return o
	}
	smp := func(i uint32) *dxcom.Object {
		if err != nil {
			return nil
		}
		var o *dxcom.Object
		desc := dxcom.MaterialSampler(i)
		o, err = d.createSamplerState(&desc)
		return o
	}
	s.cullBack = rs(dxcom.CullBack, 0, 0, 0, 1)
	s.cullNone = rs(dxcom.CullNone, 0, 0, 0, 1)
	// Direct3D's constant depth bias is an integer number of depth units:
	// 1 is the nearest to the Vulkan pipeline's 1.25. The shadow pass
	// clamps depth instead of clipping it (backends.Backend).
	s.shadow = rs(dxcom.CullNone, 1, 1.75, 1, 0)
	s.tileClear = rs(dxcom.CullNone, 0, 0, 1, 1)
	s.depthWrite = ds(true, true, dxcom.ComparisonLess)
	s.depthTest = ds(true, false, dxcom.ComparisonLess)
	s.none = ds(false, false, dxcom.ComparisonLess)
	s.depthAlways = ds(true, true, dxcom.ComparisonAlways)
	for i := range s.samplers {
		s.samplers[i] = smp(uint32(i))
	}
	// The shadow map is read point-sampled and clamped.
	s.shadowSampler = smp((backends.TextureOptions{Nearest: true, Clamp: true}).SamplerIndex())
	if err == nil {
		bd := blendDesc{}
		bd.Targets[0] = renderTargetBlendDesc{BlendEnable: 1, Src: dxcom.BlendSrcAlpha, Dest: dxcom.BlendInvSrcAlpha, Op: dxcom.BlendOpAdd,
			SrcAlpha: dxcom.BlendOne, DestAlpha: dxcom.BlendInvSrcAlpha, OpAlpha: dxcom.BlendOpAdd, WriteMask: dxcom.ColorWriteAll}
		for i := 1; i < len(bd.Targets); i++ {
			bd.Targets[i].WriteMask = dxcom.ColorWriteAll
		}
		s.alpha, err = d.createBlendState(&bd)
	}
	if err != nil {
		s.release()
		return fixedStates{}, fmt.Errorf("pipeline states: %w", err)
	}
	return s, nil
}

func (r *driver) White() texture          { return r.white }
func (r *driver) ShadowProgram() *program { return r.engine.shadow }
func (r *driver) UIProgram() *program     { return r.engine.ui }

// Completed counts every ended frame: the immediate context keeps what its
// queued commands use alive itself, so an object may be freed as soon as
// no frame being recorded draws it.
func (r *driver) Completed() uint64 { return r.ended }

func (r *driver) WaitIdle() {}

func (r *driver) NewMesh(layout *formats.Layout, data core.MeshData) (mesh, error) {
	vertices, indices := data.Vertices, data.Indices
	m := mesh{stride: layout.Stride, indexCount: uint32(len(indices))}
	var err error
	if len(vertices) > 0 {
		m.vb, err = r.d.createBuffer(&bufferDesc{ByteWidth: uint32(len(vertices)), Usage: usageImmutable, BindFlags: bindVertexBuffer},
			&subresourceData{Mem: unsafe.Pointer(&vertices[0])})
	}
	if err == nil && len(data.Instances) > 0 {
		m.istride, m.instances = layout.InstanceStride, data.InstanceCount(layout)
		m.ins, err = r.d.createBuffer(&bufferDesc{ByteWidth: uint32(len(data.Instances)), Usage: usageImmutable, BindFlags: bindVertexBuffer},
			&subresourceData{Mem: unsafe.Pointer(&data.Instances[0])})
	}
	if err == nil {
		m.ib, err = r.d.createBuffer(&bufferDesc{ByteWidth: uint32(len(indices) * 4), Usage: usageImmutable, BindFlags: bindIndexBuffer},
			&subresourceData{Mem: unsafe.Pointer(&indices[0])})
	}
	if err != nil {
		r.FreeMesh(m)
		return mesh{}, err
	}
	return m, nil
}

func (r *driver) FreeMesh(m mesh) { dxcom.Release(m.ib, m.vb, m.ins) }

// NewTexture uploads an RGBA image; row 0 of the image is v = 0, as in the
// other backends.
func (r *driver) NewTexture(img *image.RGBA, opts backends.TextureOptions) (texture, error) {
	b := img.Rect
	desc := textureDesc{Width: uint32(b.Dx()), Height: uint32(b.Dy()), MipLevels: 1, ArraySize: 1, Format: dxcom.FormatR8G8B8A8UNorm,
		SampleCount: 1, Usage: usageImmutable, BindFlags: bindShaderResource}
	pix := img.Pix[img.PixOffset(b.Min.X, b.Min.Y):]
	t := texture{sampler: opts.SamplerIndex()}
	var err error
	if t.tex, err = r.d.createTexture2D(&desc, &subresourceData{Mem: unsafe.Pointer(&pix[0]), Pitch: uint32(img.Stride)}); err != nil {
		return texture{}, err
	}
	if t.srv, err = r.d.createSRV(t.tex, nil); err != nil {
		r.FreeTexture(t)
		return texture{}, err
	}
	return t, nil
}

func (r *driver) FreeTexture(t texture) { dxcom.Release(t.srv, t.tex) }

// NewProgram compiles a material shader (VS_Main and PS_Main of foo.hlsl)
// or a custom format's stem. A material's one program serves the forward
// and the transparent pass: the pass's fixed state does the rest.
func (r *driver) NewProgram(spec core.ProgramSpec) (*program, error) {
	context := spec.Label
	if spec.Material {
		context = "" // the core's error already names the material and its files
	}
	p, err := r.buildProgram(spec.Files, spec.Layout, context)
	if p != nil {
		p.twoSided = spec.TwoSided
	}
	return p, err
}

func (r *driver) FreeProgram(p *program) { p.release() }

// Resize recreates the size-dependent targets and resizes the swap
// chain's buffers, of which the driver holds no reference between frames.
func (r *driver) Resize(width, height int) error {
	r.unbindAll()
	if r.sc != nil {
		r.d.ctx.Call(ctxFlush)
		if err := r.sc.Resize(width, height); err != nil {
			return err
		}
	}
	t, err := r.d.createTargets(width, height)
	if err != nil {
		return err
	}
	r.targets.release()
	r.targets = t
	r.width, r.height = width, height
	return nil
}

// ReadPixels copies the last composited frame into dst, top row first.
func (r *driver) ReadPixels(dst *image.RGBA) error {
	var m mappedSubresource
	if err := r.d.ctx.CallHR("ID3D11DeviceContext::Map", ctxMap, ptr(r.targets.staging), 0, mapRead, 0, uintptr(unsafe.Pointer(&m))); err != nil {
		return err
	}
	defer r.d.ctx.Call(ctxUnmap, ptr(r.targets.staging), 0)
	rowBytes := r.width * 4
	src := unsafe.Slice((*byte)(dxcom.Pointer(m.Data)), int(m.RowPitch)*(r.height-1)+rowBytes)
	for y := 0; y < r.height; y++ {
		off := dst.PixOffset(dst.Rect.Min.X, dst.Rect.Min.Y+y)
		copy(dst.Pix[off:off+rowBytes], src[y*int(m.RowPitch):])
	}
	return nil
}

// Close frees the driver's own Direct3D objects and the device; the core
// has freed every mesh, texture and program first.
func (r *driver) Close() error {
	r.releaseTiming()
	r.FreeTexture(r.white)
	r.white = texture{}
	r.engine.release()
	for _, p := range r.retired {
		p.release()
	}
	r.retired = nil
	r.targets.release()
	r.shadow.release()
	dxcom.Release(r.lightSRV, r.lights, r.frameCB, r.drawCB)
	r.lightSRV, r.lights, r.frameCB, r.drawCB = nil, nil, nil, nil
	dxcom.Release(r.cascadeCBs[:]...)
	r.cascadeCBs = [backends.NumCascades]*dxcom.Object{}
	r.lines.release()
	r.states.release()
	r.Validation.Release()
	r.sc.Release()
	r.sc = nil
	r.d.release()
	if r.Win != nil {
		r.Win.Close()
		r.Win = nil
	}
	return nil
}

var _ core.Driver[mesh, texture, *program] = (*driver)(nil)

// SetVSync sets the sync interval of the next presents.
func (r *driver) SetVSync(on bool) error {
	if r.sc != nil {
		r.sc.SetVSync(on)
	}
	return nil
}
