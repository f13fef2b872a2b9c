//go:build windows

package d3d11

import (
	"errors"
	"fmt"
	"image"
	"log/slog"
	"math"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
	"github.com/sleakgo/sleak/backends/internal/handles"
	"github.com/sleakgo/sleak/formats"
)

const (
	name          = "d3d11"
	maxTargetSize = backends.MaxTargetSize
)

// Sampler slots: s0 follows the material texture's options; s1 reads the
// shadow map.
const numMaterialSamplers = 4 // nearest bit 0, clamp bit 1

// renderer implements backends.Backend. Calls come from one goroutine; the
// immediate context is used directly, without locks.
type renderer struct {
	log      *slog.Logger
	registry *formats.Registry
	closed   bool

	width, height int
	shadowSize    int

	d      device
	states fixedStates

	frameCB, drawCB *dxcom.Object
	shadow          depthTarget
	targets         targets
	white           texture
	engine          enginePrograms

	meshes    handles.Pool[mesh]
	textures  handles.Pool[texture]
	materials []*program // index ShaderID-1

	table       *backends.PipelineTable
	formatProgs [][formats.NumPasses]*program

	seq     dxcom.Sequencer
	block   backends.FrameBlock
	draw    backends.DrawBlock
	cur     *program // bound program of the open pass, to skip rebinding
	curTex  *texture
	stats   backends.Stats
	badMesh bool
}

// fixedStates are the pipeline states of the passes, made once.
type fixedStates struct {
	cullBack, cullNone, shadow  *dxcom.Object // rasterizer
	depthWrite, depthTest, none *dxcom.Object // depth-stencil
	alpha                       *dxcom.Object // blend; nil is blending off
	samplers                    [numMaterialSamplers]*dxcom.Object
	shadowSampler               *dxcom.Object
}

func (s *fixedStates) release() {
	dxcom.Release(s.cullBack, s.cullNone, s.shadow, s.depthWrite, s.depthTest, s.none, s.alpha, s.shadowSampler)
	dxcom.Release(s.samplers[:]...)
	*s = fixedStates{}
}

type mesh struct {
	format     formats.Handle
	vb, ib     *dxcom.Object
	stride     uint32
	indexCount uint32
}

func (m *mesh) release() { dxcom.Release(m.ib, m.vb) }

type texture struct {
	tex, srv *dxcom.Object
	sampler  int
}

func (t *texture) release() { dxcom.Release(t.srv, t.tex) }

// New starts a Direct3D 11 backend that renders offscreen. A Config.Window
// is refused: presenting to a window is not implemented. The error wraps
// ErrNoDevice when no device could be made.
func New(cfg backends.Config) (backends.Backend, error) {
	cfg, err := cfg.WithDefaults(backends.D3D11)
	if err != nil {
		return nil, err
	}
	if cfg.Window != nil {
		return nil, errors.New("d3d11: windowed rendering is not implemented: leave Config.Window nil to render offscreen")
	}
	r := &renderer{
		log:        cfg.Logger,
		registry:   cfg.Formats,
		width:      cfg.Width,
		height:     cfg.Height,
		shadowSize: cfg.ShadowMapSize,
		seq:        dxcom.Sequencer{Name: name},
	}
	if r.log == nil {
		r.log = slog.Default()
	}
	r.table = backends.NewPipelineTable(backends.D3D11, cfg.Formats, r.buildFormat, r.log)
	if r.d, err = createDevice(cfg.Validation); err != nil && cfg.Validation {
		// The SDK layers are an optional Windows feature and absent under
		// Wine: run without them rather than not at all.
		r.log.Warn("d3d11: no debug device (the SDK layers are not installed); running without validation", "err", err.Error())
		r.d, err = createDevice(false)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: D3D11CreateDevice (hardware, feature level 11_0 or 11_1): %w", ErrNoDevice, err)
	}
	if err := r.init(); err != nil {
		r.release()
		return nil, fmt.Errorf("d3d11: %w", err)
	}
	return r, nil
}

func (r *renderer) init() error {
	var err error
	if r.states, err = r.d.createStates(); err != nil {
		return err
	}
	if r.frameCB, err = r.d.createBuffer(&bufferDesc{ByteWidth: backends.FrameBlockSize, Usage: usageDefault, BindFlags: bindConstantBuffer}, nil); err != nil {
		return fmt.Errorf("Frame constant buffer: %w", err)
	}
	if r.drawCB, err = r.d.createBuffer(&bufferDesc{ByteWidth: backends.DrawBlockSize, Usage: usageDynamic, BindFlags: bindConstantBuffer, CPUAccess: cpuAccessWrite}, nil); err != nil {
		return fmt.Errorf("Draw constant buffer: %w", err)
	}
	if r.shadow, err = r.d.newDepthTarget("shadow map", r.shadowSize, r.shadowSize); err != nil {
		return err
	}
	if r.targets, err = r.d.createTargets(r.width, r.height); err != nil {
		return err
	}
	white := [4]byte{255, 255, 255, 255}
	if r.white, err = r.createTexture(&image.RGBA{Pix: white[:], Stride: 4, Rect: image.Rect(0, 0, 1, 1)}, backends.TextureOptions{Nearest: true}); err != nil {
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
	rs := func(cull uint32, bias int32, slope float32) *dxcom.Object {
		if err != nil {
			return nil
		}
		// Counter-clockwise is front, as in the Vulkan and OpenGL backends:
		// the same vertex data culls the same faces everywhere.
		var o *dxcom.Object
		o, err = d.createRasterizerState(&rasterizerDesc{FillMode: fillSolid, CullMode: cull, FrontCounterClockwise: 1,
			DepthBias: bias, SlopeScaledDepthBias: slope, DepthClipEnable: 1})
		return o
	}
	ds := func(enable int32, write uint32) *dxcom.Object {
		if err != nil {
			return nil
		}
		keep := stencilOpDesc{stencilOpKeep, stencilOpKeep, stencilOpKeep, comparisonAlways}
		var o *dxcom.Object
		o, err = d.createDepthStencilState(&depthStencilDesc{DepthEnable: enable, DepthWriteMask: write, DepthFunc: comparisonLess,
			StencilReadMask: 0xff, StencilWriteMask: 0xff, Front: keep, Back: keep})
		return o
	}
	smp := func(filter, address uint32) *dxcom.Object {
		if err != nil {
			return nil
		}
		var o *dxcom.Object
		o, err = d.createSamplerState(&samplerDesc{Filter: filter, AddressU: address, AddressV: address, AddressW: address,
			MaxAnisotropy: 1, ComparisonFunc: comparisonAlways, MaxLOD: math.MaxFloat32})
		return o
	}
	s.cullBack = rs(cullBack, 0, 0)
	s.cullNone = rs(cullNone, 0, 0)
	// Direct3D's constant depth bias is an integer number of depth units:
	// 1 is the nearest to the Vulkan pipeline's 1.25.
	s.shadow = rs(cullNone, 1, 1.75)
	s.depthWrite = ds(1, depthWriteAll)
	s.depthTest = ds(1, depthWriteZero)
	s.none = ds(0, depthWriteZero)
	for i := range s.samplers {
		filter, address := uint32(filterLinear), uint32(addressWrap)
		if i&1 != 0 {
			filter = filterPoint
		}
		if i&2 != 0 {
			address = addressClamp
		}
		s.samplers[i] = smp(filter, address)
	}
	s.shadowSampler = smp(filterPoint, addressClamp)
	if err == nil {
		bd := blendDesc{}
		bd.Targets[0] = renderTargetBlendDesc{BlendEnable: 1, Src: blendSrcAlpha, Dest: blendInvSrcAlpha, Op: blendOpAdd,
			SrcAlpha: blendOne, DestAlpha: blendInvSrcAlpha, OpAlpha: blendOpAdd, WriteMask: colorWriteAll}
		for i := 1; i < len(bd.Targets); i++ {
			bd.Targets[i].WriteMask = colorWriteAll
		}
		s.alpha, err = d.createBlendState(&bd)
	}
	if err != nil {
		s.release()
		return fixedStates{}, fmt.Errorf("pipeline states: %w", err)
	}
	return s, nil
}

// release frees every Direct3D object and the device.
func (r *renderer) release() {
	r.destroyFormatPrograms()
	for _, m := range r.materials {
		m.release()
	}
	r.materials = nil
	r.meshes.Each(func(m *mesh) { m.release() })
	r.meshes.Clear()
	r.textures.Each(func(t *texture) { t.release() })
	r.textures.Clear()
	r.white.release()
	r.engine.release()
	r.targets.release()
	r.shadow.release()
	dxcom.Release(r.frameCB, r.drawCB)
	r.frameCB, r.drawCB = nil, nil
	r.states.release()
	r.d.release()
}

func (r *renderer) destroyFormatPrograms() {
	for i := range r.formatProgs {
		for p := range r.formatProgs[i] {
			r.formatProgs[i][p].release()
			r.formatProgs[i][p] = nil
		}
	}
}

func (r *renderer) Kind() backends.Kind     { return backends.D3D11 }
func (r *renderer) Size() (int, int)        { return r.width, r.height }
func (r *renderer) Window() backends.Window { return nil }
func (r *renderer) ValidationErrors() int   { return 0 }
func (r *renderer) errClosed() error        { return dxcom.ErrClosed(name) }

// Stats returns what the last frame (or the one being recorded) did.
func (r *renderer) Stats() backends.Stats { return r.stats }

func (r *renderer) CreateMesh(h formats.Handle, vertices []byte, indices []uint32) (backends.MeshID, error) {
	if r.closed {
		return 0, r.errClosed()
	}
	layout, err := backends.CheckMesh(backends.D3D11, r.registry, h, vertices, indices)
	if err != nil {
		return 0, err
	}
	m := mesh{format: h, stride: layout.Stride, indexCount: uint32(len(indices))}
	m.vb, err = r.d.createBuffer(&bufferDesc{ByteWidth: uint32(len(vertices)), Usage: usageImmutable, BindFlags: bindVertexBuffer},
		&subresourceData{Mem: unsafe.Pointer(&vertices[0])})
	if err == nil {
		m.ib, err = r.d.createBuffer(&bufferDesc{ByteWidth: uint32(len(indices) * 4), Usage: usageImmutable, BindFlags: bindIndexBuffer},
			&subresourceData{Mem: unsafe.Pointer(&indices[0])})
	}
	if err != nil {
		m.release()
		return 0, fmt.Errorf("d3d11: CreateMesh: vertex format %s: %w", layout.Name, err)
	}
	id := r.meshes.Add(m)
	if id == 0 {
		m.release()
		return 0, errors.New("d3d11: CreateMesh: too many meshes")
	}
	return backends.MeshID(id), nil
}

// DestroyMesh frees a mesh at once: the immediate context keeps what a
// recorded draw still needs alive itself.
func (r *renderer) DestroyMesh(id backends.MeshID) {
	if r.closed {
		return
	}
	if m, ok := r.meshes.Remove(uint32(id)); ok {
		m.release()
	}
}

func (r *renderer) CreateTexture(img *image.RGBA, opts backends.TextureOptions) (backends.TextureID, error) {
	if r.closed {
		return 0, r.errClosed()
	}
	if img == nil || img.Rect.Empty() {
		return 0, errors.New("d3d11: CreateTexture: the image is empty")
	}
	if w, h := img.Rect.Dx(), img.Rect.Dy(); w > maxTargetSize || h > maxTargetSize {
		return 0, fmt.Errorf("d3d11: CreateTexture: %dx%d is larger than %d on a side", w, h, maxTargetSize)
	}
	t, err := r.createTexture(img, opts)
	if err != nil {
		return 0, fmt.Errorf("d3d11: CreateTexture: %w", err)
	}
	id := r.textures.Add(t)
	if id == 0 {
		t.release()
		return 0, errors.New("d3d11: CreateTexture: too many textures")
	}
	return backends.TextureID(id), nil
}

// createTexture uploads an RGBA image; row 0 of the image is v = 0, as in
// the other backends.
func (r *renderer) createTexture(img *image.RGBA, opts backends.TextureOptions) (texture, error) {
	b := img.Rect
	desc := textureDesc{Width: uint32(b.Dx()), Height: uint32(b.Dy()), MipLevels: 1, ArraySize: 1, Format: dxcom.FormatR8G8B8A8UNorm,
		SampleCount: 1, Usage: usageImmutable, BindFlags: bindShaderResource}
	pix := img.Pix[img.PixOffset(b.Min.X, b.Min.Y):]
	var t texture
	var err error
	if t.tex, err = r.d.createTexture2D(&desc, &subresourceData{Mem: unsafe.Pointer(&pix[0]), Pitch: uint32(img.Stride)}); err != nil {
		return texture{}, err
	}
	if t.srv, err = r.d.createSRV(t.tex, nil); err != nil {
		t.release()
		return texture{}, err
	}
	if opts.Nearest {
		t.sampler |= 1
	}
	if opts.Clamp {
		t.sampler |= 2
	}
	return t, nil
}

func (r *renderer) DestroyTexture(id backends.TextureID) {
	if r.closed {
		return
	}
	t, ok := r.textures.Remove(uint32(id))
	if !ok {
		return
	}
	if r.curTex != nil && r.curTex.srv == t.srv {
		r.curTex = nil
	}
	t.release()
}

// CreateShader compiles a material shader for default-format meshes from the
// .hlsl file its canonical path names (VS_Main and PS_Main). Nothing else is
// tried.
func (r *renderer) CreateShader(canonical string) (backends.ShaderID, error) {
	if r.closed {
		return 0, r.errClosed()
	}
	files, err := backends.Resolve(backends.D3D11, canonical)
	if err != nil {
		return 0, fmt.Errorf("d3d11: %w", err)
	}
	p, err := r.buildProgram(files, formats.DefaultLayout(), "")
	if err != nil {
		return 0, fmt.Errorf("d3d11: material shader %s (tried %s): %w", canonical, files.Vertex.Path, err)
	}
	r.materials = append(r.materials, p)
	return backends.ShaderID(len(r.materials)), nil
}

// FormatReady builds (once) and reports the pipeline of a custom format for
// a pass; see backends.PipelineTable for the rules.
func (r *renderer) FormatReady(h formats.Handle, p formats.Pass) bool {
	if r.closed {
		return false
	}
	return r.table.Ready(h, p)
}

// buildFormat is the PipelineTable's BuildFunc.
func (r *renderer) buildFormat(h formats.Handle, layout *formats.Layout, p formats.Pass, files backends.ShaderFiles) error {
	prog, err := r.buildProgram(files, layout, fmt.Sprintf("vertex format %s, %s pass", layout.Name, p))
	if err != nil {
		return err
	}
	for int(h) >= len(r.formatProgs) {
		r.formatProgs = append(r.formatProgs, [formats.NumPasses]*program{})
	}
	r.formatProgs[h][p].release()
	r.formatProgs[h][p] = prog
	return nil
}

// Resize recreates the size-dependent targets and drops every custom-format
// pipeline, so failed stems are tried again on their next use.
func (r *renderer) Resize(width, height int) error {
	if r.closed {
		return r.errClosed()
	}
	if r.seq.InFrame {
		return errors.New("d3d11: Resize during a frame: call it between EndFrame and BeginFrame")
	}
	if err := backends.CheckSize(backends.D3D11, "framebuffer", width, height); err != nil {
		return err
	}
	r.unbindAll()
	r.destroyFormatPrograms()
	r.table.Reset()
	t, err := r.d.createTargets(width, height)
	if err != nil {
		return fmt.Errorf("d3d11: Resize to %dx%d: %w", width, height, err)
	}
	r.targets.release()
	r.targets = t
	r.width, r.height = width, height
	return nil
}

// ReadPixels copies the last composited frame into dst, top row first.
func (r *renderer) ReadPixels(dst *image.RGBA) error {
	if r.closed {
		return r.errClosed()
	}
	if dst == nil || dst.Rect.Dx() != r.width || dst.Rect.Dy() != r.height {
		return fmt.Errorf("d3d11: ReadPixels: destination must be %dx%d", r.width, r.height)
	}
	var m mappedSubresource
	if err := r.d.ctx.CallHR("ID3D11DeviceContext::Map", ctxMap, ptr(r.targets.staging), 0, mapRead, 0, uintptr(unsafe.Pointer(&m))); err != nil {
		return fmt.Errorf("d3d11: ReadPixels: %w", err)
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

// Close frees every Direct3D object and the device. Closing twice is
// harmless.
func (r *renderer) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.release()
	return nil
}

var _ backends.Backend = (*renderer)(nil)
