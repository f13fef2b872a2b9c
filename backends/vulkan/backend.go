//go:build linux && cgo

package vulkan

import (
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// framesInFlight is how many frames the CPU may record ahead of the GPU.
const framesInFlight = 2

var errClosed = errors.New("vulkan: backend is closed")

// frameSlot is what one frame in flight owns.
type frameSlot struct {
	cmd         vk.CommandBuffer
	fence       vk.Fence
	ubo         gpuBuffer
	set         vk.DescriptorSet // frame block + shadow map
	shadowSet   vk.DescriptorSet // frame block + white texture, for the shadow pass that writes the map
	acquired    vk.Semaphore     // windowed: the swapchain image is ready
	rendered    vk.Semaphore     // windowed: the frame is ready to present
	submittedAt uint64           // frame number last submitted from this slot
}

// passTarget is one render pass with what it draws into.
type passTarget struct {
	rp     vk.RenderPass
	fb     vk.Framebuffer
	w, h   uint32
	clears []float32 // four floats per attachment with a clear load op
}

// mesh is a mesh in a shared mesh block: vertices at voff, indices after.
type mesh struct {
	live       bool
	format     formats.Handle
	block      *meshBlock
	off, size  uint64 // the whole allocation
	voff       uint64
	firstIndex uint32
	indexCount uint32
}

// texture is a sampled RGBA8 image with its descriptor set.
type texture struct {
	live bool
	img  gpuImage
	set  vk.DescriptorSet
	pool vk.DescriptorPool
}

// texPool is a descriptor pool for texture sets; pools are added as
// textures grow.
type texPool struct {
	pool vk.DescriptorPool
	used int
}

const texPoolSets = 256

type backend struct {
	cfg        backends.Config
	log        *slog.Logger
	registry   *formats.Registry
	width      int
	height     int
	shadowSize int
	closed     bool

	inst             vk.Instance
	validating       bool
	debugCallback    uint64
	debugTag         uint64
	validationErrors atomic.Int64
	gpu              vk.PhysicalDevice
	gpuName          string
	memProps         vk.PhysicalDeviceMemoryProperties
	dev              vk.Device
	queue            vk.Queue
	queueFamily      uint32
	c                cdevice
	depthFormat      vk.Format
	win              *window

	cmdPool vk.CommandPool
	frames  [framesInFlight]frameSlot
	once    struct {
		cmd   vk.CommandBuffer
		fence vk.Fence
	}
	frameNum uint64 // frames submitted so far

	frameSetLayout, texSetLayout, gbufSetLayout vk.DescriptorSetLayout
	mainLayout, lightingLayout                  vk.PipelineLayout
	staticPool                                  vk.DescriptorPool
	texPools                                    []texPool
	lightingSet, compositeSet                   vk.DescriptorSet
	targetSampler, shadowSampler                vk.Sampler
	texSamplers                                 [4]vk.Sampler // index: nearest | clamp<<1

	passes                                  [backends.NumRenderPasses]passTarget
	shadowMap                               gpuImage
	gAlbedo, gNormal, gMaterial, gDepth     gpuImage
	hdr, final                              gpuImage
	readback                                gpuBuffer
	engine                                  engineShaders
	shadowPipe, lightingPipe, compositePipe vk.Pipeline

	materials   []*material // ShaderID-1
	materialIDs map[string]backends.ShaderID
	table       *backends.PipelineTable
	custom      [][formats.NumPasses]vk.Pipeline

	meshes     []mesh // MeshID-1
	freeMeshes []backends.MeshID
	meshBlocks []*meshBlock
	textures   []texture // TextureID-1
	freeTex    []backends.TextureID
	white      texture
	staging    gpuBuffer
	pending    []pendingRelease

	// Frame state.
	inFrame  bool
	inPass   bool
	pass     backends.RenderPass // the pass begun, or the next to run
	slot     *frameSlot
	records  []drawRecord
	frameUBO *[frameUBOSize / 4]float32
	dropped  int // draws dropped since creation, for tests
}

// pendingRelease is a resource destroyed by the caller while frames in
// flight may still use it: it is released once frame `after` has finished.
type pendingRelease struct {
	after   uint64
	release func()
}

// New starts a Vulkan backend: offscreen when cfg.Window is nil, in a GLFW
// window otherwise.
func New(cfg backends.Config) (backends.Backend, error) {
	b, err := newBackend(cfg)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func newBackend(cfg backends.Config) (*backend, error) {
	cfg, err := cfg.WithDefaults(backends.Vulkan)
	if err != nil {
		return nil, err
	}
	b := &backend{
		cfg: cfg, log: cfg.Logger, registry: cfg.Formats,
		width: cfg.Width, height: cfg.Height, shadowSize: cfg.ShadowMapSize,
		materialIDs: map[string]backends.ShaderID{},
	}
	if err := b.init(); err != nil {
		b.Close()
		return nil, fmt.Errorf("vulkan: %w", err)
	}
	return b, nil
}

func (b *backend) init() error {
	if err := loadVulkan(); err != nil {
		return err
	}
	var windowExts []string
	if b.cfg.Window != nil {
		w, err := openWindow(b.cfg.Width, b.cfg.Height, b.cfg.Window)
		if err != nil {
			return err
		}
		b.win = w
		windowExts = w.instanceExtensions()
	}
	if err := b.createInstance(windowExts); err != nil {
		return err
	}
	var surface vk.Surface
	if b.win != nil {
		s, err := b.win.createSurface(b.inst)
		if err != nil {
			return err
		}
		surface = s
	}
	if err := b.pickDevice(surface); err != nil {
		return err
	}
	if b.win != nil {
		if err := b.createSwapchain(); err != nil {
			return err
		}
	}
	steps := []func() error{
		b.createCommands, b.createDescriptors, b.createRenderPasses, b.createShadowTarget,
		b.createFrames, b.createWhite, b.createTargets, b.loadEngineShaders, b.createPipelines,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	b.table = backends.NewPipelineTable(backends.Vulkan, b.registry, b.buildCustom, b.log)
	return nil
}

func (b *backend) createCommands() error {
	info := &vk.CommandPoolCreateInfo{
		SType:            vk.StructureTypeCommandPoolCreateInfo,
		Flags:            vk.CommandPoolCreateFlags(vk.CommandPoolCreateResetCommandBufferBit),
		QueueFamilyIndex: b.queueFamily,
	}
	defer info.Free()
	// Handles are created into locals: cgo refuses a pointer into a struct
	// that holds Go pointers.
	var pool vk.CommandPool
	if r := vk.CreateCommandPool(b.dev, info, nil, &pool); r != vk.Success {
		return vkError("vkCreateCommandPool", r)
	}
	b.cmdPool = pool
	alloc := &vk.CommandBufferAllocateInfo{
		SType:              vk.StructureTypeCommandBufferAllocateInfo,
		CommandPool:        b.cmdPool,
		Level:              vk.CommandBufferLevelPrimary,
		CommandBufferCount: framesInFlight + 1,
	}
	defer alloc.Free()
	cmds := make([]vk.CommandBuffer, framesInFlight+1)
	if r := vk.AllocateCommandBuffers(b.dev, alloc, cmds); r != vk.Success {
		return vkError("vkAllocateCommandBuffers", r)
	}
	for i := range b.frames {
		b.frames[i].cmd = cmds[i]
		var err error
		// Signalled, so that the first wait on each slot returns at once.
		if b.frames[i].fence, err = b.newFence(true); err != nil {
			return err
		}
	}
	b.once.cmd = cmds[framesInFlight]
	var err error
	b.once.fence, err = b.newFence(false)
	return err
}

func (b *backend) newFence(signalled bool) (vk.Fence, error) {
	info := &vk.FenceCreateInfo{SType: vk.StructureTypeFenceCreateInfo}
	if signalled {
		info.Flags = vk.FenceCreateFlags(vk.FenceCreateSignaledBit)
	}
	defer info.Free()
	var f vk.Fence
	if r := vk.CreateFence(b.dev, info, nil, &f); r != vk.Success {
		return nil, vkError("vkCreateFence", r)
	}
	return f, nil
}

func (b *backend) newSemaphore() (vk.Semaphore, error) {
	info := &vk.SemaphoreCreateInfo{SType: vk.StructureTypeSemaphoreCreateInfo}
	defer info.Free()
	var s vk.Semaphore
	if r := vk.CreateSemaphore(b.dev, info, nil, &s); r != vk.Success {
		return nil, vkError("vkCreateSemaphore", r)
	}
	return s, nil
}

// createFrames creates each frame slot's uniform buffer and descriptor sets.
func (b *backend) createFrames() error {
	for i := range b.frames {
		f := &b.frames[i]
		var err error
		if f.ubo, err = b.newBuffer(frameUBOSize, vk.BufferUsageUniformBufferBit, hostMappable, 0); err != nil {
			return fmt.Errorf("frame uniform buffer: %w", err)
		}
		if f.ubo.mapped == nil {
			return errors.New("frame uniform buffer: memory is not host-visible")
		}
		var r vk.Result
		if f.set, r = b.allocSet(b.staticPool, b.frameSetLayout); r != vk.Success {
			return vkError("vkAllocateDescriptorSets", r)
		}
		if f.shadowSet, r = b.allocSet(b.staticPool, b.frameSetLayout); r != vk.Success {
			return vkError("vkAllocateDescriptorSets", r)
		}
		b.writeUBO(f.set, f.ubo.buf)
		b.writeUBO(f.shadowSet, f.ubo.buf)
		b.writeImages(f.set, 1, b.shadowSampler, vk.ImageLayoutShaderReadOnlyOptimal, b.shadowMap.view)
		if b.win != nil {
			if f.acquired, err = b.newSemaphore(); err != nil {
				return err
			}
			if f.rendered, err = b.newSemaphore(); err != nil {
				return err
			}
		}
	}
	return nil
}

// createWhite creates texture 0, the 1x1 white texture, and points the
// shadow pass's frame sets at it in place of the shadow map they write.
func (b *backend) createWhite() error {
	t, err := b.newTexture(1, 1, []byte{255, 255, 255, 255}, backends.TextureOptions{Nearest: true})
	if err != nil {
		return fmt.Errorf("white texture: %w", err)
	}
	b.white = t
	for i := range b.frames {
		b.writeImages(b.frames[i].shadowSet, 1, b.texSamplers[1], vk.ImageLayoutShaderReadOnlyOptimal, t.img.view)
	}
	return nil
}

func (b *backend) Kind() backends.Kind { return backends.Vulkan }

func (b *backend) Size() (int, int) { return b.width, b.height }

func (b *backend) Window() backends.Window {
	if b.win == nil {
		return nil
	}
	return b.win
}

func (b *backend) ValidationErrors() int { return int(b.validationErrors.Load()) }

// later releases a resource once every frame that may use it has finished.
func (b *backend) later(release func()) {
	b.pending = append(b.pending, pendingRelease{after: b.frameNum + 1, release: release})
}

// releaseFinished runs the releases whose frames have finished: every frame
// up to done.
func (b *backend) releaseFinished(done uint64) {
	n := 0
	for _, p := range b.pending {
		if p.after <= done {
			p.release()
		} else {
			b.pending[n] = p
			n++
		}
	}
	clear(b.pending[n:])
	b.pending = b.pending[:n]
}

func (b *backend) waitIdle() {
	if b.dev != nil {
		vk.DeviceWaitIdle(b.dev)
	}
}

// Close destroys everything the backend created. It is safe to call twice.
func (b *backend) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	b.waitIdle()
	if b.dev != nil {
		b.releaseFinished(^uint64(0))
		b.destroyPipelines()
		for _, m := range b.materials {
			if m != nil {
				b.destroyModule(&m.vs)
				b.destroyModule(&m.fs)
			}
		}
		b.destroyEngineShaders()
		for i := range b.textures {
			if b.textures[i].live {
				b.destroyImage(&b.textures[i].img)
			}
		}
		b.destroyImage(&b.white.img)
		for _, p := range b.texPools {
			vk.DestroyDescriptorPool(b.dev, p.pool, nil)
		}
		for _, m := range b.meshBlocks {
			b.destroyBuffer(&m.gpuBuffer)
		}
		b.destroyBuffer(&b.staging)
		b.destroyBuffer(&b.readback)
		b.destroyTargets()
		b.destroyImage(&b.shadowMap)
		if b.passes[backends.PassShadow].fb != nil {
			vk.DestroyFramebuffer(b.dev, b.passes[backends.PassShadow].fb, nil)
		}
		for p := range b.passes {
			if b.passes[p].rp != nil {
				vk.DestroyRenderPass(b.dev, b.passes[p].rp, nil)
			}
		}
		for i := range b.frames {
			f := &b.frames[i]
			b.destroyBuffer(&f.ubo)
			if f.fence != nil {
				vk.DestroyFence(b.dev, f.fence, nil)
			}
			if f.acquired != nil {
				vk.DestroySemaphore(b.dev, f.acquired, nil)
			}
			if f.rendered != nil {
				vk.DestroySemaphore(b.dev, f.rendered, nil)
			}
		}
		if b.once.fence != nil {
			vk.DestroyFence(b.dev, b.once.fence, nil)
		}
		if b.cmdPool != nil {
			vk.DestroyCommandPool(b.dev, b.cmdPool, nil)
		}
		if b.staticPool != nil {
			vk.DestroyDescriptorPool(b.dev, b.staticPool, nil)
		}
		for _, s := range append([]vk.Sampler{b.targetSampler, b.shadowSampler}, b.texSamplers[:]...) {
			if s != nil {
				vk.DestroySampler(b.dev, s, nil)
			}
		}
		for _, l := range []vk.PipelineLayout{b.mainLayout, b.lightingLayout} {
			if l != nil {
				vk.DestroyPipelineLayout(b.dev, l, nil)
			}
		}
		for _, l := range []vk.DescriptorSetLayout{b.frameSetLayout, b.texSetLayout, b.gbufSetLayout} {
			if l != nil {
				vk.DestroyDescriptorSetLayout(b.dev, l, nil)
			}
		}
		if b.win != nil {
			b.destroySwapchain()
		}
		b.c.free()
		vk.DestroyDevice(b.dev, nil)
		b.dev = nil
	}
	if b.inst != nil {
		if b.win != nil {
			b.win.destroySurface(b.inst)
		}
		if b.debugCallback != 0 {
			destroyDebugReport(b.inst, b.debugCallback, b.debugTag)
		}
		vk.DestroyInstance(b.inst, nil)
		b.inst = nil
	}
	if b.win != nil {
		b.win.close()
	}
	return nil
}

// uboFloats views a frame slot's mapped uniform buffer.
func uboFloats(g *gpuBuffer) *[frameUBOSize / 4]float32 {
	return (*[frameUBOSize / 4]float32)(g.mapped)
}
