//go:build windows

package d3d12

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
	name          = "d3d12"
	maxTargetSize = backends.MaxTargetSize
	maxTextures   = 4096
)

// Slots in the shader-visible CBV/SRV/UAV heap. 1 to 5 are the t1-t5 table
// in register order.
const (
	srvWhite     = 0
	srvShadow    = 1
	srvGAlbedo   = 2 // then normal, material, depth
	srvHDR       = 6
	srvTextures  = 8 // the first slot of CreateTexture's textures
	numSRVs      = srvTextures + maxTextures
	numSamplers  = 4 // nearest bit 0, clamp bit 1
	rtvGAlbedo   = 0 // then normal, material
	rtvHDR       = 3
	rtvLDR       = 4
	dsvShadow    = 0
	dsvGDepth    = 1
	frameCBSize  = 1024
	sizeCBOffset = 512 // the target size, at a 256-aligned offset after the Frame block
)

// tracked is a resource and the state the recorded commands leave it in.
type tracked struct {
	res   *dxcom.Object
	state uint32
}

func (t *tracked) release() { t.res.Release(); *t = tracked{} }

// to records a transition of t to state, when it is not there already.
func (t *tracked) to(list *dxcom.Object, state uint32) {
	if t.state != state {
		barrier(list, t.res, t.state, state)
		t.state = state
	}
}

// targets are the size-dependent render targets and the readback buffer.
type targets struct {
	w, h                        int
	gAlbedo, gNormal, gMaterial tracked
	gDepth, hdr, ldr            tracked
	readback                    *dxcom.Object
	rowPitch                    uint32
}

func (t *targets) release() {
	for _, x := range []*tracked{&t.gAlbedo, &t.gNormal, &t.gMaterial, &t.gDepth, &t.hdr, &t.ldr} {
		x.release()
	}
	t.readback.Release()
	*t = targets{}
}

type mesh struct {
	format   formats.Handle
	vb, ib   *dxcom.Object
	vbv      vertexBufferView
	ibv      indexBufferView
	indexCnt uint32
}

func (m *mesh) release() { dxcom.Release(m.ib, m.vb) }

type texture struct {
	res     *dxcom.Object
	slot    uint32
	sampler uint32
}

// program is a compiled program's pipelines: one per pass state it is used
// in (nil where it is not).
type program struct {
	psos [stateComposite + 1]*dxcom.Object
}

func (p *program) release() {
	if p != nil {
		dxcom.Release(p.psos[:]...)
		*p = program{}
	}
}

type renderer struct {
	log      *slog.Logger
	registry *formats.Registry
	closed   bool

	width, height int
	shadowSize    int

	d        device
	rootSig  *dxcom.Object
	srvHeap  descriptorHeap
	smpHeap  descriptorHeap
	rtvHeap  descriptorHeap
	dsvHeap  descriptorHeap
	frameCB  *dxcom.Object
	frameMap unsafe.Pointer
	shadow   tracked
	targets  targets
	white    texture

	shadowProg, lighting, composite *program

	meshes    handles.Pool[mesh]
	textures  handles.Pool[texture]
	freeSlots []uint32
	nextSlot  uint32
	materials []*program

	table       *backends.PipelineTable
	formatProgs [][formats.NumPasses]*program

	seq        dxcom.Sequencer
	block      backends.FrameBlock
	draw       backends.DrawBlock
	cur        *dxcom.Object // the bound pipeline state
	curTex     uint32        // the bound texture's slot + 1
	recordErr  error         // the first failure while recording a frame
	deadMeshes []mesh
	deadTex    []texture
	stats      backends.Stats
	badMesh    bool
}

// New starts a Direct3D 12 backend that renders offscreen. A Config.Window
// is refused: presenting to a window is not implemented. The error wraps
// ErrNoDevice when no device could be made.
func New(cfg backends.Config) (backends.Backend, error) {
	cfg, err := cfg.WithDefaults(backends.D3D12)
	if err != nil {
		return nil, err
	}
	if cfg.Window != nil {
		return nil, errors.New("d3d12: windowed rendering is not implemented: leave Config.Window nil to render offscreen")
	}
	r := &renderer{
		log:        cfg.Logger,
		registry:   cfg.Formats,
		width:      cfg.Width,
		height:     cfg.Height,
		shadowSize: cfg.ShadowMapSize,
		seq:        dxcom.Sequencer{Name: name},
		nextSlot:   srvTextures,
	}
	if r.log == nil {
		r.log = slog.Default()
	}
	if cfg.Validation {
		// Wine's vkd3d has no debug layer (D3D12GetDebugInterface fails
		// with DXGI_ERROR_SDK_COMPONENT_MISSING), so it is not asked for.
		r.log.Debug("d3d12: validation requested; the D3D12 debug layer is not used")
	}
	r.table = backends.NewPipelineTable(backends.D3D12, cfg.Formats, r.buildFormat, r.log)
	if r.d, err = createDevice(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	if err := r.init(); err != nil {
		r.release()
		return nil, fmt.Errorf("d3d12: %w", err)
	}
	return r, nil
}

func (r *renderer) init() error {
	if err := r.d.init(); err != nil {
		return err
	}
	var err error
	if r.rootSig, err = r.d.createRootSignature(); err != nil {
		return err
	}
	if r.srvHeap, err = r.d.descriptorHeap(heapTypeCBVSRVUAV, numSRVs, true); err != nil {
		return err
	}
	if r.smpHeap, err = r.d.descriptorHeap(heapTypeSampler, numSamplers, true); err != nil {
		return err
	}
	if r.rtvHeap, err = r.d.descriptorHeap(heapTypeRTV, 5, false); err != nil {
		return err
	}
	if r.dsvHeap, err = r.d.descriptorHeap(heapTypeDSV, 2, false); err != nil {
		return err
	}
	for i := uint32(0); i < numSamplers; i++ {
		filter, address := uint32(filterLinear), uint32(addressWrap)
		if i&1 != 0 {
			filter = filterPoint
		}
		if i&2 != 0 {
			address = addressClamp
		}
		r.d.createSampler(&samplerDesc{Filter: filter, AddressU: address, AddressV: address, AddressW: address,
			MaxAnisotropy: 1, ComparisonFunc: comparisonAlways, MaxLOD: math.MaxFloat32}, r.smpHeap.cpuAt(i))
	}
	if r.frameCB, err = r.d.buffer(heapUpload, frameCBSize); err != nil {
		return fmt.Errorf("Frame constant buffer: %w", err)
	}
	if r.frameMap, err = mapped(r.frameCB, false); err != nil {
		return fmt.Errorf("Frame constant buffer: %w", err)
	}
	if r.shadow, err = r.depthTexture(r.shadowSize, r.shadowSize, srvShadow, dsvShadow); err != nil {
		return fmt.Errorf("shadow map: %w", err)
	}
	if r.targets, err = r.createTargets(r.width, r.height); err != nil {
		return err
	}
	if err := r.clearOutput(); err != nil {
		return fmt.Errorf("clear the output: %w", err)
	}
	white := [4]byte{255, 255, 255, 255}
	if r.white, err = r.createTexture(&image.RGBA{Pix: white[:], Stride: 4, Rect: image.Rect(0, 0, 1, 1)}, srvWhite); err != nil {
		return fmt.Errorf("white texture: %w", err)
	}
	r.white.sampler = 1
	return r.loadEnginePrograms()
}

// depthTexture makes a 32-bit float depth texture, its depth view at dsv
// and its float view at SRV slot srv, cleared to the far plane.
func (r *renderer) depthTexture(w, h int, srv, dsv uint32) (tracked, error) {
	desc := resourceDesc{Dimension: dimTexture2D, Width: uint64(w), Height: uint32(h), DepthOrArraySize: 1, MipLevels: 1,
		Format: dxcom.FormatR32Typeless, SampleCount: 1, Flags: flagAllowDepthStencil}
	res, err := r.d.committed(heapDefault, &desc, stateDepthWrite, &clearValue{Format: dxcom.FormatD32Float, Value: [4]float32{1}})
	if err != nil {
		return tracked{}, err
	}
	r.d.createDSV(res, r.dsvHeap.cpuAt(dsv))
	r.d.createSRV(res, &srvDesc{Format: dxcom.FormatR32Float, Dimension: srvDimTexture2D, Mapping: defaultComponents, MipLevels: 1}, r.srvHeap.cpuAt(srv))
	return tracked{res: res, state: stateDepthWrite}, nil
}

// colorTexture makes a render target with its view at rtv and, when srv is
// not negative, a shader view at that slot.
func (r *renderer) colorTexture(w, h int, format dxcom.DXGIFormat, rtv uint32, srv int) (tracked, error) {
	desc := resourceDesc{Dimension: dimTexture2D, Width: uint64(w), Height: uint32(h), DepthOrArraySize: 1, MipLevels: 1,
		Format: format, SampleCount: 1, Flags: flagAllowRenderTarget}
	res, err := r.d.committed(heapDefault, &desc, stateRenderTarget, &clearValue{Format: format})
	if err != nil {
		return tracked{}, err
	}
	r.d.createRTV(res, r.rtvHeap.cpuAt(rtv))
	if srv >= 0 {
		r.d.createSRV(res, &srvDesc{Format: format, Dimension: srvDimTexture2D, Mapping: defaultComponents, MipLevels: 1}, r.srvHeap.cpuAt(uint32(srv)))
	}
	return tracked{res: res, state: stateRenderTarget}, nil
}

func (r *renderer) createTargets(w, h int) (targets, error) {
	t := targets{w: w, h: h}
	var err error
	type target struct {
		name   string
		dst    *tracked
		format dxcom.DXGIFormat
		rtv    uint32
		srv    int
	}
	for _, c := range []target{
		{"gbuffer albedo", &t.gAlbedo, dxcom.FormatR8G8B8A8UNorm, rtvGAlbedo, srvGAlbedo},
		{"gbuffer normal", &t.gNormal, dxcom.FormatR16G16B16A16Float, rtvGAlbedo + 1, srvGAlbedo + 1},
		{"gbuffer material", &t.gMaterial, dxcom.FormatR16G16B16A16Float, rtvGAlbedo + 2, srvGAlbedo + 2},
		{"HDR", &t.hdr, dxcom.FormatR16G16B16A16Float, rtvHDR, srvHDR},
		{"composite", &t.ldr, dxcom.FormatR8G8B8A8UNorm, rtvLDR, -1},
	} {
		if *c.dst, err = r.colorTexture(w, h, c.format, c.rtv, c.srv); err != nil {
			t.release()
			return targets{}, fmt.Errorf("%s target: %w", c.name, err)
		}
	}
	if t.gDepth, err = r.depthTexture(w, h, srvGAlbedo+3, dsvGDepth); err != nil {
		t.release()
		return targets{}, fmt.Errorf("gbuffer depth target: %w", err)
	}
	t.rowPitch = uint32(w*4+textureRowPitchAlign-1) &^ (textureRowPitchAlign - 1)
	if t.readback, err = r.d.buffer(heapReadback, uint64(t.rowPitch)*uint64(h)); err != nil {
		t.release()
		return targets{}, fmt.Errorf("readback buffer: %w", err)
	}
	return t, nil
}

// release waits for the GPU and frees every object and the device.
func (r *renderer) release() {
	if r.d.queue != nil {
		_ = r.d.wait()
	}
	r.flushDead()
	r.destroyFormatPrograms()
	for _, m := range r.materials {
		m.release()
	}
	r.materials = nil
	r.meshes.Each(func(m *mesh) { m.release() })
	r.meshes.Clear()
	r.textures.Each(func(t *texture) { t.res.Release() })
	r.textures.Clear()
	r.white.res.Release()
	r.shadowProg.release()
	r.lighting.release()
	r.composite.release()
	r.targets.release()
	r.shadow.release()
	r.frameCB.Release()
	r.srvHeap.release()
	r.smpHeap.release()
	r.rtvHeap.release()
	r.dsvHeap.release()
	r.rootSig.Release()
	r.frameCB, r.rootSig = nil, nil
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

// flushDead frees the meshes and textures destroyed while a frame that may
// use them was being recorded; the GPU is idle when it runs.
func (r *renderer) flushDead() {
	for i := range r.deadMeshes {
		r.deadMeshes[i].release()
	}
	r.deadMeshes = r.deadMeshes[:0]
	for _, t := range r.deadTex {
		t.res.Release()
		r.freeSlots = append(r.freeSlots, t.slot)
	}
	r.deadTex = r.deadTex[:0]
}

func (r *renderer) Kind() backends.Kind     { return backends.D3D12 }
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
	layout, err := backends.CheckMesh(backends.D3D12, r.registry, h, vertices, indices)
	if err != nil {
		return 0, err
	}
	m := mesh{format: h, indexCnt: uint32(len(indices))}
	upload := func(data unsafe.Pointer, n int) (*dxcom.Object, error) {
		b, err := r.d.buffer(heapUpload, uint64(n))
		if err != nil {
			return nil, err
		}
		p, err := mapped(b, false)
		if err != nil {
			b.Release()
			return nil, err
		}
		copy(unsafe.Slice((*byte)(p), n), unsafe.Slice((*byte)(data), n))
		b.Call(resUnmap, 0, 0)
		return b, nil
	}
	if m.vb, err = upload(unsafe.Pointer(&vertices[0]), len(vertices)); err == nil {
		m.ib, err = upload(unsafe.Pointer(&indices[0]), len(indices)*4)
	}
	if err != nil {
		m.release()
		return 0, fmt.Errorf("d3d12: CreateMesh: vertex format %s: %w", layout.Name, err)
	}
	m.vbv = vertexBufferView{Location: gpuAddress(m.vb), Size: uint32(len(vertices)), Stride: layout.Stride}
	m.ibv = indexBufferView{Location: gpuAddress(m.ib), Size: uint32(len(indices) * 4), Format: dxcom.FormatR32UInt}
	id := r.meshes.Add(m)
	if id == 0 {
		m.release()
		return 0, errors.New("d3d12: CreateMesh: too many meshes")
	}
	return backends.MeshID(id), nil
}

// DestroyMesh frees a mesh, after the frame being recorded when there is one.
func (r *renderer) DestroyMesh(id backends.MeshID) {
	if r.closed {
		return
	}
	if m, ok := r.meshes.Remove(uint32(id)); ok {
		if r.seq.InFrame {
			r.deadMeshes = append(r.deadMeshes, m)
		} else {
			m.release()
		}
	}
}

func (r *renderer) CreateTexture(img *image.RGBA, opts backends.TextureOptions) (backends.TextureID, error) {
	if r.closed {
		return 0, r.errClosed()
	}
	if img == nil || img.Rect.Empty() {
		return 0, errors.New("d3d12: CreateTexture: the image is empty")
	}
	if w, h := img.Rect.Dx(), img.Rect.Dy(); w > maxTargetSize || h > maxTargetSize {
		return 0, fmt.Errorf("d3d12: CreateTexture: %dx%d is larger than %d on a side", w, h, maxTargetSize)
	}
	var slot uint32
	if n := len(r.freeSlots); n > 0 {
		slot = r.freeSlots[n-1]
		r.freeSlots = r.freeSlots[:n-1]
	} else if r.nextSlot < numSRVs {
		slot = r.nextSlot
		r.nextSlot++
	} else {
		return 0, fmt.Errorf("d3d12: CreateTexture: more than %d textures", maxTextures)
	}
	t, err := r.createTexture(img, slot)
	if err != nil {
		r.freeSlots = append(r.freeSlots, slot)
		return 0, fmt.Errorf("d3d12: CreateTexture: %w", err)
	}
	if opts.Nearest {
		t.sampler |= 1
	}
	if opts.Clamp {
		t.sampler |= 2
	}
	id := r.textures.Add(t)
	if id == 0 {
		t.res.Release()
		r.freeSlots = append(r.freeSlots, slot)
		return 0, errors.New("d3d12: CreateTexture: too many textures")
	}
	return backends.TextureID(id), nil
}

// createTexture uploads an RGBA image through a staging buffer and the
// upload command list, and waits for the copy; row 0 of the image is v = 0.
func (r *renderer) createTexture(img *image.RGBA, slot uint32) (texture, error) {
	b := img.Rect
	w, h := b.Dx(), b.Dy()
	desc := resourceDesc{Dimension: dimTexture2D, Width: uint64(w), Height: uint32(h), DepthOrArraySize: 1, MipLevels: 1,
		Format: dxcom.FormatR8G8B8A8UNorm, SampleCount: 1}
	res, err := r.d.committed(heapDefault, &desc, stateCopyDest, nil)
	if err != nil {
		return texture{}, err
	}
	pitch := uint32(w*4+textureRowPitchAlign-1) &^ (textureRowPitchAlign - 1)
	staging, err := r.d.buffer(heapUpload, uint64(pitch)*uint64(h))
	if err != nil {
		res.Release()
		return texture{}, err
	}
	defer staging.Release()
	p, err := mapped(staging, false)
	if err != nil {
		res.Release()
		return texture{}, err
	}
	dst := unsafe.Slice((*byte)(p), int(pitch)*h)
	for y := 0; y < h; y++ {
		off := img.PixOffset(b.Min.X, b.Min.Y+y)
		copy(dst[y*int(pitch):], img.Pix[off:off+w*4])
	}
	staging.Call(resUnmap, 0, 0)
	list := r.d.upload
	if err := begin(r.d.uploadAlloc, list); err != nil {
		res.Release()
		return texture{}, err
	}
	to := textureCopyLocation{Resource: res, Type: copyTypeSubresource}
	from := textureCopyLocation{Resource: staging, Type: copyTypeFootprint, Format: dxcom.FormatR8G8B8A8UNorm,
		Width: uint32(w), Height: uint32(h), Depth: 1, RowPitch: pitch}
	list.Call(listCopyTextureRegion, uintptr(unsafe.Pointer(&to)), 0, 0, 0, uintptr(unsafe.Pointer(&from)), 0)
	barrier(list, res, stateCopyDest, statePixelShaderRes)
	if err := r.d.submit(list); err != nil {
		res.Release()
		return texture{}, err
	}
	r.d.createSRV(res, &srvDesc{Format: dxcom.FormatR8G8B8A8UNorm, Dimension: srvDimTexture2D, Mapping: defaultComponents, MipLevels: 1}, r.srvHeap.cpuAt(slot))
	return texture{res: res, slot: slot}, nil
}

func (r *renderer) DestroyTexture(id backends.TextureID) {
	if r.closed {
		return
	}
	t, ok := r.textures.Remove(uint32(id))
	if !ok {
		return
	}
	if r.seq.InFrame {
		r.deadTex = append(r.deadTex, t)
		return
	}
	t.res.Release()
	r.freeSlots = append(r.freeSlots, t.slot)
}

// CreateShader compiles a material shader for default-format meshes from the
// _dx12.hlsl file its canonical path names (VS_Main and PS_Main), with a
// pipeline for the forward and one for the transparent pass. Nothing else
// is tried.
func (r *renderer) CreateShader(canonical string) (backends.ShaderID, error) {
	if r.closed {
		return 0, r.errClosed()
	}
	files, err := backends.Resolve(backends.D3D12, canonical)
	if err != nil {
		return 0, fmt.Errorf("d3d12: %w", err)
	}
	p, err := r.buildProgram(files, formats.DefaultLayout(), "", stateForward, stateTransparent)
	if err != nil {
		return 0, fmt.Errorf("d3d12: material shader %s (tried %s): %w", canonical, files.Vertex.Path, err)
	}
	r.materials = append(r.materials, p)
	return backends.ShaderID(len(r.materials)), nil
}

// buildProgram compiles files and makes a pipeline for each of states.
// layout is the vertex format drawn, nil for fullscreen programs.
func (r *renderer) buildProgram(files backends.ShaderFiles, layout *formats.Layout, context string, states ...passState) (*program, error) {
	code, err := dxcom.CompileFiles(files, context)
	if err != nil {
		return nil, err
	}
	var elems []dxcom.InputElement
	if layout != nil {
		if elems, err = dxcom.InputElements(layout); err != nil {
			return nil, dxcom.ShaderError(files.Vertex, context, err)
		}
	}
	p := &program{}
	for _, st := range states {
		if p.psos[st], err = r.createPSO(code, elems, st); err != nil {
			p.release()
			if layout != nil {
				err = fmt.Errorf("pipeline for vertex format %s: %w (the vertex shader reads a %sN input the format has no attribute at location N for, or the stages do not match)",
					layout.Name, err, dxcom.Semantic)
			}
			return nil, dxcom.ShaderError(files.Vertex, context, err)
		}
	}
	return p, nil
}

func (r *renderer) loadEnginePrograms() error {
	load := func(name string, layout *formats.Layout, vertexOnly bool, st passState) (*program, error) {
		files, err := backends.Resolve(backends.D3D12, backends.ShaderDir+"/"+name+".hlsl")
		if err != nil {
			return nil, err
		}
		if vertexOnly {
			files.Fragment = nil
		}
		return r.buildProgram(files, layout, "engine shader "+name, st)
	}
	var err error
	if r.shadowProg, err = load("shadow_depth", formats.DefaultLayout(), true, stateShadow); err == nil {
		if r.lighting, err = load("lighting_pass", nil, false, stateLighting); err == nil {
			r.composite, err = load("composite", nil, false, stateComposite)
		}
	}
	return err
}

// FormatReady builds (once) and reports the pipeline of a custom format for
// a pass; see backends.PipelineTable for the rules.
func (r *renderer) FormatReady(h formats.Handle, p formats.Pass) bool {
	if r.closed {
		return false
	}
	return r.table.Ready(h, p)
}

var passStates = [formats.NumPasses]passState{
	formats.PassMain:        stateForward,
	formats.PassShadow:      stateShadow,
	formats.PassGBuffer:     stateGBuffer,
	formats.PassTransparent: stateTransparent,
}

// buildFormat is the PipelineTable's BuildFunc.
func (r *renderer) buildFormat(h formats.Handle, layout *formats.Layout, p formats.Pass, files backends.ShaderFiles) error {
	prog, err := r.buildProgram(files, layout, fmt.Sprintf("vertex format %s, %s pass", layout.Name, p), passStates[p])
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
		return errors.New("d3d12: Resize during a frame: call it between EndFrame and BeginFrame")
	}
	if err := backends.CheckSize(backends.D3D12, "framebuffer", width, height); err != nil {
		return err
	}
	if err := r.d.wait(); err != nil {
		return fmt.Errorf("d3d12: Resize: %w", err)
	}
	r.destroyFormatPrograms()
	r.table.Reset()
	r.targets.release()
	t, err := r.createTargets(width, height)
	if err != nil {
		return fmt.Errorf("d3d12: Resize to %dx%d: %w", width, height, err)
	}
	r.targets = t
	r.width, r.height = width, height
	if err := r.clearOutput(); err != nil {
		return fmt.Errorf("d3d12: Resize: clear the output: %w", err)
	}
	return nil
}

// ReadPixels copies the last composited frame into dst, top row first.
func (r *renderer) ReadPixels(dst *image.RGBA) error {
	if r.closed {
		return r.errClosed()
	}
	if dst == nil || dst.Rect.Dx() != r.width || dst.Rect.Dy() != r.height {
		return fmt.Errorf("d3d12: ReadPixels: destination must be %dx%d", r.width, r.height)
	}
	p, err := mapped(r.targets.readback, true)
	if err != nil {
		return fmt.Errorf("d3d12: ReadPixels: %w", err)
	}
	pitch := int(r.targets.rowPitch)
	rowBytes := r.width * 4
	src := unsafe.Slice((*byte)(p), pitch*r.height)
	for y := 0; y < r.height; y++ {
		off := dst.PixOffset(dst.Rect.Min.X, dst.Rect.Min.Y+y)
		copy(dst.Pix[off:off+rowBytes], src[y*pitch:])
	}
	var none [2]uintptr // nothing was written
	r.targets.readback.Call(resUnmap, 0, uintptr(unsafe.Pointer(&none[0])))
	return nil
}

// Close waits for the GPU and frees every Direct3D object and the device.
// Closing twice is harmless.
func (r *renderer) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.release()
	return nil
}

var _ backends.Backend = (*renderer)(nil)
