//go:build windows

package d3d12

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

// maxTextures is how many textures may live at once: each has a slot in
// the shader-visible heap.
const maxTextures = 4096

// Slots in the shader-visible CBV/SRV/UAV heap. 1 to 6 are the t1-t6 table
// in register order.
const (
	srvWhite       = 0
	srvShadow      = 1
	srvGAlbedo     = 2 // then normal, material, depth
	srvLights      = 6 // the light grid
	srvHDR         = 7
	srvSSAORaw     = 8
	srvSSAO        = 9 // lighting_pass's t7
	srvBloomBright = 10
	srvBloom       = 11 // composite's t7
	srvSSR         = 12 // composite's t8
	srvLDR         = 13 // the composite output, antialias's t0
	srvTAA         = 14 // the two temporal antialiasing targets, each the other's history at t7
	srvTextures    = 16 // the first slot of CreateTexture's textures
	numSRVs        = srvTextures + maxTextures
	rtvGAlbedo     = 0 // then normal, material
	rtvHDR         = 3
	rtvLDR         = 4
	rtvSSAORaw     = 5
	rtvSSAO        = 6
	rtvBloomBright = 7
	rtvBloom       = 8
	rtvSSR         = 9
	rtvAA          = 10
	rtvTAA         = 11 // and 12
	numRTVs        = 13
	dsvShadow      = 0
	dsvGDepth      = 1
)

// The Frame constant buffer holds, each at a CBV-aligned offset, the main
// Frame block (b0), the target size (b2) and the shadow cascades' Frame
// blocks, which b0 points at in turn during the shadow pass.
const (
	frameStride     = (backends.FrameBlockSize + cbvAlign - 1) &^ (cbvAlign - 1)
	sizeCBOffset    = frameStride
	cascadeCBOffset = sizeCBOffset + cbvAlign
	frameCBSize     = cascadeCBOffset + backends.NumCascades*frameStride
)

// cascadeCB is the offset of cascade i's Frame block in the Frame constant
// buffer.
func cascadeCB(i int) uintptr { return uintptr(cascadeCBOffset + i*frameStride) }

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

// gbufferFormats are the gbuffer's targets, which its pipelines name too:
// albedo and AO; the encoded normal and roughness (8 bits a channel hold a
// unit normal to within 0.4 %, in half the bytes of RGBA16F, which cuts the
// gbuffer pass's time on a fill-bound GPU); metallic and emissive.
var gbufferFormats = [3]dxcom.DXGIFormat{dxcom.FormatR8G8B8A8UNorm, dxcom.FormatR8G8B8A8UNorm, dxcom.FormatR8G8B8A8UNorm}

// targets are the size-dependent render targets and the readback buffer.
type targets struct {
	w, h                        int
	gAlbedo, gNormal, gMaterial tracked
	gDepth, hdr, ldr            tracked
	// The SSAO pass's raw and blurred occlusion, R8 at the frame's size.
	ssaoRaw, ssao tracked
	// The bloom pass's bright light and its blur, RGBA16F at bloomW x bloomH.
	bloomW, bloomH int
	// The SSAO pass's targets' size, half the framebuffer's.
	ssaoW, ssaoH       int
	bloomBright, bloom tracked
	// The SSR pass's reflections, RGBA16F, and the antialias pass's image,
	// RGBA8 like the composite output it is copied back over; both at the
	// frame's size.
	ssr, aa tracked
	// The temporal antialiasing targets, RGBA8: a TAA frame draws into the
	// one the frame before did not, reading that one as the history, and
	// copies its result over the composite output.
	taa      [2]tracked
	readback *dxcom.Object
	rowPitch uint32
}

func (t *targets) release() {
	for _, x := range []*tracked{&t.gAlbedo, &t.gNormal, &t.gMaterial, &t.gDepth, &t.hdr, &t.ldr, &t.ssaoRaw, &t.ssao, &t.bloomBright, &t.bloom, &t.ssr, &t.aa, &t.taa[0], &t.taa[1]} {
		x.release()
	}
	t.readback.Release()
	*t = targets{}
}

type mesh struct {
	vb, ib   *dxcom.Object
	vbv      [2]vertexBufferView // slot 0 the vertices, slot dxcom.InstanceSlot the instance records
	ibv      indexBufferView
	indexCnt uint32
	ins      *dxcom.Object // instanced formats only
	views    uint32        // vertex buffer views to bind: 1, or 2 with instances
	count    uint32        // instances; 1 for other formats
}

type texture struct {
	res     *dxcom.Object
	slot    uint32 // in the shader-visible heap
	sampler uint32 // backends.TextureOptions.SamplerIndex
}

// program is a compiled program's pipelines: one per pass state it is used
// in (nil where it is not).
type program struct {
	psos [numStates]*dxcom.Object
}

func (p *program) release() {
	if p != nil {
		dxcom.Release(p.psos[:]...)
		*p = program{}
	}
}

// driver is the Direct3D 12 core.Driver.
type driver struct {
	log *slog.Logger

	width, height int
	shadowSize    int
	// redraw are the cascades the frame's shadow pass clears and draws
	// (RedrawCascades); tileRects holds their tiles for the clear.
	redraw uint8
	// taa says whether this frame's antialias pass runs as temporal
	// antialiasing; taaTurn is the taa target it drew last.
	taa       bool
	taaTurn   int
	tileRects [backends.NumCascades]dxcom.Rect

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
	env      texture // the environment atlas of the frame (SetEnvironment)
	// lights is the light grid texture (t6); lightUpload the upload buffer
	// its rows are copied from at the start of every frame, mapped at
	// lightMap. One frame is in flight, so one buffer is enough.
	lights      tracked
	lightUpload *dxcom.Object
	lightMap    unsafe.Pointer

	shadowProg, lighting, composite *program
	ssao, ssaoBlur                  *program // the SSAO pass: ssao, then ssao_blur
	bloom, bloomBlur                *program // the bloom pass: bloom, then bloom_blur
	ssr                             *program // the SSR pass
	antialias                       *program // the antialias pass, before its copy
	taaProg                         *program // the antialias pass as temporal antialiasing
	ui                              *program // ui_dx12.hlsl: screen-space quads of the UI pass
	lines                           *program // debug_lines_dx12.hlsl: the debug pass's lines
	lineBuf                         lineBuffer

	freeSlots []uint32
	nextSlot  uint32

	draw      backends.DrawBlock
	ended     uint64 // frames submitted
	completed uint64 // frames whose fence the GPU has passed

	dxcom.Host // the window and the debug layer

	// Windowed only: the swap chain and its buffers
	// with the state the recorded commands leave them in.
	sc     *dxcom.SwapChain
	backs  []tracked
	timing gpuTiming
}

// backend is the Direct3D 12 backend: the shared core over this driver.
type backend = core.Backend[mesh, texture, *program]

// New starts a Direct3D 12 backend: offscreen, or with Config.Window in a
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
	return core.New(backends.D3D12, cfg, func(cfg backends.Config) (core.Driver[mesh, texture, *program], error) {
		return openDriver(cfg)
	})
}

func openDriver(cfg backends.Config) (*driver, error) {
	r := &driver{
		log:        cfg.Logger,
		width:      cfg.Width,
		height:     cfg.Height,
		shadowSize: cfg.ShadowMapSize,
		nextSlot:   srvTextures,
	}
	r.Asked = cfg.Validation
	debug := false
	if cfg.Validation {
		// The debug layer is an optional Windows feature; Wine's vkd3d has
		// none (D3D12GetDebugInterface fails with
		// DXGI_ERROR_SDK_COMPONENT_MISSING). Run without it, and say so in
		// ValidationErrors.
		if err := enableDebugLayer(); err != nil {
			r.log.Warn("d3d12: no debug layer; running without validation: ValidationErrors reports backends.ValidationUnavailable", "err", err.Error())
		} else {
			debug = true
		}
	}
	var err error
	if r.d, err = createDevice(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	if debug {
		if q, err := r.d.dev.QueryInterface(&dxcom.IIDInfoQueue12); err == nil {
			r.Validation = dxcom.NewInfoQueue(q, r.log, "d3d12")
		} else {
			r.log.Warn("d3d12: the device has no ID3D12InfoQueue; ValidationErrors reports backends.ValidationUnavailable", "err", err.Error())
		}
	}
	if err := r.init(); err != nil {
		r.Close()
		return nil, fmt.Errorf("d3d12: %w", err)
	}
	if cfg.Window != nil {
		if err := r.openWindow(cfg.Window); err != nil {
			r.Close()
			return nil, fmt.Errorf("d3d12: %w", err)
		}
	}
	return r, nil
}

// swapBuffers is the swap chain's length: EndFrame waits for each frame,
// so two buffers never keep the GPU waiting.
const swapBuffers = 2

// openWindow opens the window and its swap chain on the direct queue, at
// the size asked for; the core follows the size the window really got.
func (r *driver) openWindow(wc *backends.WindowConfig) error {
	var err error
	if r.Win, err = win32.Open(win32.Config{Title: wc.Title, Width: r.width, Height: r.height, Fullscreen: wc.Fullscreen}); err != nil {
		return fmt.Errorf("window: %w", err)
	}
	factory, err := dxcom.NewFactory()
	if err != nil {
		return fmt.Errorf("swap chain: %w", err)
	}
	defer factory.Release()
	if r.sc, err = dxcom.NewSwapChain(factory, r.d.queue, r.Win.HWND(), r.width, r.height, swapBuffers, wc.VSync); err != nil {
		return err
	}
	return r.getBuffers()
}

// getBuffers takes a reference to each of the swap chain's buffers.
func (r *driver) getBuffers() error {
	r.backs = make([]tracked, r.sc.Buffers())
	for i := range r.backs {
		b, err := r.sc.Buffer(i, &iidResource)
		if err != nil {
			r.releaseBuffers()
			return fmt.Errorf("swap chain buffer %d: %w", i, err)
		}
		r.backs[i] = tracked{res: b, state: statePresent}
	}
	return nil
}

func (r *driver) releaseBuffers() {
	for i := range r.backs {
		r.backs[i].release()
	}
	r.backs = nil
}

func (r *driver) init() error {
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
	if r.smpHeap, err = r.d.descriptorHeap(heapTypeSampler, backends.NumSamplers, true); err != nil {
		return err
	}
	if r.rtvHeap, err = r.d.descriptorHeap(heapTypeRTV, numRTVs, false); err != nil {
		return err
	}
	if r.dsvHeap, err = r.d.descriptorHeap(heapTypeDSV, 2, false); err != nil {
		return err
	}
	for i := uint32(0); i < backends.NumSamplers; i++ {
		desc := dxcom.MaterialSampler(i)
		r.d.createSampler(&desc, r.smpHeap.cpuAt(i))
	}
	if r.frameCB, err = r.d.buffer(heapUpload, frameCBSize); err != nil {
		return fmt.Errorf("the Frame constant buffer: %w", err)
	}
	if r.frameMap, err = mapped(r.frameCB, false); err != nil {
		return fmt.Errorf("the Frame constant buffer: %w", err)
	}
	if r.shadow, err = r.depthTexture(r.shadowSize, r.shadowSize, srvShadow, dsvShadow); err != nil {
		return fmt.Errorf("shadow map: %w", err)
	}
	if err := r.createLights(); err != nil {
		return fmt.Errorf("light grid: %w", err)
	}
	if r.targets, err = r.createTargets(r.width, r.height); err != nil {
		return err
	}
	white := [4]byte{255, 255, 255, 255}
	if r.white, err = r.createTexture(&image.RGBA{Pix: white[:], Stride: 4, Rect: image.Rect(0, 0, 1, 1)}, srvWhite); err != nil {
		return fmt.Errorf("white texture: %w", err)
	}
	r.white.sampler = (backends.TextureOptions{Nearest: true}).SamplerIndex()
	if err = r.initTiming(); err != nil {
		return err
	}
	return r.loadEnginePrograms()
}

// depthTexture makes a 32-bit float depth texture, its depth view at dsv
// and its float view at SRV slot srv.
func (r *driver) depthTexture(w, h int, srv, dsv uint32) (tracked, error) {
	desc := resourceDesc{Dimension: dimTexture2D, Width: uint64(w), Height: uint32(h), DepthOrArraySize: 1, MipLevels: 1,
		Format: dxcom.FormatR32Typeless, SampleCount: 1, Flags: flagAllowDepthStencil}
	res, err := r.d.committed(heapDefault, &desc, stateDepthWrite, &clearValue{Format: dxcom.FormatD32Float, Value: [4]float32{1}})
	if err != nil {
		return tracked{}, err
	}
	r.d.createDSV(res, r.dsvHeap.cpuAt(dsv))
	r.d.createSRV(res, &srvDesc{Format: dxcom.FormatR32Float, Dimension: dxcom.SRVDimTexture2D, Mapping: defaultComponents, MipLevels: 1}, r.srvHeap.cpuAt(srv))
	return tracked{res: res, state: stateDepthWrite}, nil
}

// colorTexture makes a render target with its view at rtv and, when srv is
// not negative, a shader view at that slot. clear is the value its clears
// use, in every channel, which the driver may optimise for.
func (r *driver) colorTexture(w, h int, format dxcom.DXGIFormat, rtv uint32, srv int, clear float32) (tracked, error) {
	desc := resourceDesc{Dimension: dimTexture2D, Width: uint64(w), Height: uint32(h), DepthOrArraySize: 1, MipLevels: 1,
		Format: format, SampleCount: 1, Flags: flagAllowRenderTarget}
	res, err := r.d.committed(heapDefault, &desc, stateRenderTarget, &clearValue{Format: format, Value: [4]float32{clear, clear, clear, clear}})
	if err != nil {
		return tracked{}, err
	}
	r.d.createRTV(res, r.rtvHeap.cpuAt(rtv))
	if srv >= 0 {
		r.d.createSRV(res, &srvDesc{Format: format, Dimension: dxcom.SRVDimTexture2D, Mapping: defaultComponents, MipLevels: 1}, r.srvHeap.cpuAt(uint32(srv)))
	}
	return tracked{res: res, state: stateRenderTarget}, nil
}

func (r *driver) createTargets(w, h int) (targets, error) {
	t := targets{w: w, h: h, bloomW: backends.BloomSize(w), bloomH: backends.BloomSize(h), ssaoW: backends.SSAOSize(w), ssaoH: backends.SSAOSize(h)}
	var err error
	type target struct {
		name   string
		dst    *tracked
		w, h   int
		format dxcom.DXGIFormat
		rtv    uint32
		srv    int
		clear  float32
	}
	for _, c := range []target{
		{"gbuffer albedo", &t.gAlbedo, w, h, gbufferFormats[0], rtvGAlbedo, srvGAlbedo, 0},
		{"gbuffer normal", &t.gNormal, w, h, gbufferFormats[1], rtvGAlbedo + 1, srvGAlbedo + 1, 0},
		{"gbuffer material", &t.gMaterial, w, h, gbufferFormats[2], rtvGAlbedo + 2, srvGAlbedo + 2, 0},
		{"HDR", &t.hdr, w, h, dxcom.FormatR16G16B16A16Float, rtvHDR, srvHDR, 0},
		{"composite", &t.ldr, w, h, dxcom.FormatR8G8B8A8UNorm, rtvLDR, srvLDR, 0},
		{"antialias", &t.aa, w, h, dxcom.FormatR8G8B8A8UNorm, rtvAA, -1, 0},
		{"taa", &t.taa[0], w, h, dxcom.FormatR8G8B8A8UNorm, rtvTAA, srvTAA, 0},
		{"taa", &t.taa[1], w, h, dxcom.FormatR8G8B8A8UNorm, rtvTAA + 1, srvTAA + 1, 0},
		// Cleared, when the effect is off, to what leaves the later pass
		// unchanged: nothing occluded, no reflections, no bloom.
		{"SSAO", &t.ssaoRaw, t.ssaoW, t.ssaoH, dxcom.FormatR8UNorm, rtvSSAORaw, srvSSAORaw, 1},
		{"SSAO blur", &t.ssao, t.ssaoW, t.ssaoH, dxcom.FormatR8UNorm, rtvSSAO, srvSSAO, 1},
		{"bloom", &t.bloomBright, t.bloomW, t.bloomH, dxcom.FormatR16G16B16A16Float, rtvBloomBright, srvBloomBright, 0},
		{"bloom blur", &t.bloom, t.bloomW, t.bloomH, dxcom.FormatR16G16B16A16Float, rtvBloom, srvBloom, 0},
		{"SSR", &t.ssr, w, h, dxcom.FormatR16G16B16A16Float, rtvSSR, srvSSR, 0},
	} {
		if *c.dst, err = r.colorTexture(c.w, c.h, c.format, c.rtv, c.srv, c.clear); err != nil {
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

func (r *driver) White() texture          { return r.white }
func (r *driver) ShadowProgram() *program { return r.shadowProg }
func (r *driver) UIProgram() *program     { return r.ui }

// Completed returns the frames the GPU has finished: EndFrame waits on the
// fence it signals after each frame.
func (r *driver) Completed() uint64 { return r.completed }

// WaitIdle waits on the fence for everything submitted.
func (r *driver) WaitIdle() {
	if r.d.queue == nil || r.d.fence == nil || r.d.event == 0 {
		return // Close after a failed start
	}
	if err := r.d.wait(); err != nil {
		r.log.Error("d3d12: wait for the GPU: "+err.Error(), "backend", "d3d12")
		return
	}
	r.completed = r.ended
}

func (r *driver) NewMesh(layout *formats.Layout, data core.MeshData) (mesh, error) {
	vertices, indices := data.Vertices, data.Indices
	m := mesh{indexCnt: uint32(len(indices)), views: 1, count: 1}
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
	var err error
	if len(vertices) > 0 {
		m.vb, err = upload(unsafe.Pointer(&vertices[0]), len(vertices))
	}
	if err == nil {
		m.ib, err = upload(unsafe.Pointer(&indices[0]), len(indices)*4)
	}
	if err == nil && len(data.Instances) > 0 {
		m.ins, err = upload(unsafe.Pointer(&data.Instances[0]), len(data.Instances))
	}
	if err != nil {
		r.FreeMesh(m)
		return mesh{}, err
	}
	if m.vb != nil {
		m.vbv[0] = vertexBufferView{Location: gpuAddress(m.vb), Size: uint32(len(vertices)), Stride: layout.Stride}
	}
	if m.ins != nil {
		m.vbv[dxcom.InstanceSlot] = vertexBufferView{Location: gpuAddress(m.ins), Size: uint32(len(data.Instances)), Stride: layout.InstanceStride}
		m.views, m.count = 2, data.InstanceCount(layout)
	}
	m.ibv = indexBufferView{Location: gpuAddress(m.ib), Size: uint32(len(indices) * 4), Format: dxcom.FormatR32UInt}
	return m, nil
}

func (r *driver) FreeMesh(m mesh) { dxcom.Release(m.ib, m.vb, m.ins) }

// createLights makes the light grid texture, its view at srvLights and
// its upload buffer.
func (r *driver) createLights() error {
	desc := resourceDesc{Dimension: dimTexture2D, Width: backends.LightGridWidth, Height: backends.LightGridHeight,
		DepthOrArraySize: 1, MipLevels: 1, Format: dxcom.FormatR32G32B32A32Float, SampleCount: 1}
	res, err := r.d.committed(heapDefault, &desc, stateCopyDest, nil)
	if err != nil {
		return err
	}
	r.lights = tracked{res: res, state: stateCopyDest}
	if r.lightUpload, err = r.d.buffer(heapUpload, lightRowPitch*backends.LightGridHeight); err != nil {
		return err
	}
	if r.lightMap, err = mapped(r.lightUpload, false); err != nil {
		return err
	}
	r.d.createSRV(res, &srvDesc{Format: dxcom.FormatR32G32B32A32Float, Dimension: dxcom.SRVDimTexture2D, Mapping: defaultComponents, MipLevels: 1},
		r.srvHeap.cpuAt(srvLights))
	return nil
}

// lightRowPitch is a light grid row in bytes, already a multiple of
// textureRowPitchAlign.
const lightRowPitch = backends.LightGridWidth * 16

// NewTexture uploads an image into a free slot of the shader-visible heap.
func (r *driver) NewTexture(img *image.RGBA, opts backends.TextureOptions) (texture, error) {
	var slot uint32
	if n := len(r.freeSlots); n > 0 {
		slot = r.freeSlots[n-1]
		r.freeSlots = r.freeSlots[:n-1]
	} else if r.nextSlot < numSRVs {
		slot = r.nextSlot
		r.nextSlot++
	} else {
		return texture{}, fmt.Errorf("more than %d textures", maxTextures)
	}
	t, err := r.createTexture(img, slot)
	if err != nil {
		r.freeSlots = append(r.freeSlots, slot)
		return texture{}, err
	}
	t.sampler = opts.SamplerIndex()
	return t, nil
}

// createTexture uploads an RGBA image through a staging buffer and the
// upload command list, and waits for the copy; row 0 of the image is v = 0.
func (r *driver) createTexture(img *image.RGBA, slot uint32) (texture, error) {
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
	r.d.createSRV(res, &srvDesc{Format: dxcom.FormatR8G8B8A8UNorm, Dimension: dxcom.SRVDimTexture2D, Mapping: defaultComponents, MipLevels: 1}, r.srvHeap.cpuAt(slot))
	return texture{res: res, slot: slot}, nil
}

// FreeTexture releases a texture and gives its heap slot back.
func (r *driver) FreeTexture(t texture) {
	t.res.Release()
	r.freeSlots = append(r.freeSlots, t.slot)
}

// NewProgram compiles a material shader (VS_Main and PS_Main of
// foo_dx12.hlsl), with a pipeline for the forward and one for the
// transparent pass, or a custom format's stem, with a pipeline for its
// pass.
func (r *driver) NewProgram(spec core.ProgramSpec) (*program, error) {
	if spec.Material {
		// The core's error already names the material and its files.
		if spec.TwoSided {
			p, err := r.buildProgram(spec.Files, spec.Layout, "", stateForwardTwoSided, stateTransparent)
			if p != nil {
				// Drawn in the forward pass, which looks up stateForward.
				p.psos[stateForward], p.psos[stateForwardTwoSided] = p.psos[stateForwardTwoSided], nil
			}
			return p, err
		}
		return r.buildProgram(spec.Files, spec.Layout, "", stateForward, stateTransparent)
	}
	return r.buildProgram(spec.Files, spec.Layout, spec.Label, passStates[spec.Pass])
}

func (r *driver) FreeProgram(p *program) { p.release() }

// buildProgram compiles files and makes a pipeline for each of states.
// layout is the vertex format drawn, nil for fullscreen programs.
func (r *driver) buildProgram(files backends.ShaderFiles, layout *formats.Layout, context string, states ...passState) (*program, error) {
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

// ReloadEngine builds all the engine's programs again from their files and
// swaps them in; on failure the old ones stay. The GPU is idle between
// frames (every frame is waited for as it is submitted).
func (r *driver) ReloadEngine(func(stem string) bool) error {
	fields := r.enginePrograms()
	var old [len(fields)]*program
	for i, f := range fields {
		old[i] = *f
	}
	if err := r.loadEnginePrograms(); err != nil {
		for i, f := range fields {
			if *f != old[i] {
				(*f).release()
			}
			*f = old[i]
		}
		return err
	}
	for _, p := range old {
		p.release()
	}
	return nil
}

var _ core.EngineReloader = (*driver)(nil)

// enginePrograms are the fields holding the engine's programs.
func (r *driver) enginePrograms() [12]**program {
	return [...]**program{&r.shadowProg, &r.ssao, &r.ssaoBlur, &r.lighting, &r.ssr, &r.bloom, &r.bloomBlur, &r.composite, &r.antialias, &r.taaProg, &r.ui, &r.lines}
}

func (r *driver) loadEnginePrograms() error {
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
	if r.shadowProg, err = load("shadow_depth", formats.DefaultLayout(), true, stateShadow); err != nil {
		return err
	}
	for _, f := range [...]struct {
		stem string
		dst  **program
		st   passState
	}{
		{"ssao", &r.ssao, stateSSAO},
		{"ssao_blur", &r.ssaoBlur, stateSSAO},
		{"lighting_pass", &r.lighting, stateLighting},
		{"ssr", &r.ssr, stateSSR},
		{"bloom", &r.bloom, stateBloom},
		{"bloom_blur", &r.bloomBlur, stateBloom},
		{"composite", &r.composite, stateComposite},
		{"antialias", &r.antialias, stateAntialias},
		{"taa", &r.taaProg, stateAntialias},
	} {
		if *f.dst, err = load(f.stem, nil, false, f.st); err != nil {
			return err
		}
	}
	if r.ui, err = load("ui", formats.DefaultLayout(), false, stateUI); err != nil {
		return err
	}
	r.lines, err = r.loadLines()
	return err
}

// passStates is the pipeline state each stem pass draws with.
var passStates = [formats.NumPasses]passState{
	formats.PassForward:     stateForward,
	formats.PassShadow:      stateShadow,
	formats.PassGBuffer:     stateGBuffer,
	formats.PassTransparent: stateTransparent,
	formats.PassUI:          stateUI,
}

// Resize recreates the size-dependent targets once the GPU is idle.
func (r *driver) Resize(width, height int) error {
	if err := r.d.wait(); err != nil {
		return err
	}
	r.completed = r.ended
	if r.sc != nil {
		// ResizeBuffers needs every reference to the old buffers gone.
		r.releaseBuffers()
		err := r.sc.Resize(width, height)
		if bufErr := r.getBuffers(); err == nil {
			err = bufErr
		}
		if err != nil {
			return err
		}
	}
	oldW, oldH := r.targets.w, r.targets.h
	r.targets.release()
	t, err := r.createTargets(width, height)
	if err != nil {
		// The targets' views live at fixed heap slots: put the old size back
		// so the next frame still has targets.
		if old, oldErr := r.createTargets(oldW, oldH); oldErr == nil {
			r.targets = old
		}
		return err
	}
	r.targets = t
	r.width, r.height = width, height
	return nil
}

// ReadPixels copies the last composited frame into dst, top row first.
func (r *driver) ReadPixels(dst *image.RGBA) error {
	p, err := mapped(r.targets.readback, true)
	if err != nil {
		return err
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

// Close waits for the GPU and frees the driver's own Direct3D objects and
// the device; the core has freed every mesh, texture and program first.
func (r *driver) Close() error {
	r.WaitIdle()
	r.releaseTiming()
	r.white.res.Release()
	r.white = texture{}
	for _, p := range r.enginePrograms() {
		(*p).release()
	}
	r.lineBuf.release()
	r.targets.release()
	r.shadow.release()
	r.lights.release()
	r.lightUpload.Release()
	r.lightUpload, r.lightMap = nil, nil
	r.frameCB.Release()
	r.srvHeap.release()
	r.smpHeap.release()
	r.rtvHeap.release()
	r.dsvHeap.release()
	r.rootSig.Release()
	r.frameCB, r.rootSig = nil, nil
	r.releaseBuffers()
	r.sc.Release()
	r.sc = nil
	r.Validation.Release()
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
