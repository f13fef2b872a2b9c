//go:build linux && cgo

package vulkan

import (
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// framesInFlight is how many frames the CPU may record ahead of the GPU.
const framesInFlight = 2

// frameSlot is what one frame in flight owns.
type frameSlot struct {
	cmd   vk.CommandBuffer
	fence vk.Fence
	// ubo holds the Frame block at 0 and each shadow cascade's block
	// (backends.FrameBlock.Cascade) after it, driver.uboStride apart.
	ubo gpuBuffer
	set vk.DescriptorSet // frame block + shadow map
	// shadowSets are the shadow pass's, one per cascade: its frame block
	// + the white texture, in place of the shadow map the pass writes.
	shadowSets  [backends.NumCascades]vk.DescriptorSet
	acquired    vk.Semaphore // windowed: the swapchain image is ready
	rendered    vk.Semaphore // windowed: the frame is ready to present
	submittedAt uint64       // frame number last submitted from this slot
	// lights is the frame's light grid (set 0, binding 2 of both sets),
	// copied from lightStaging at the start of the frame's commands.
	lights       gpuImage
	lightStaging gpuBuffer
	// envGen is the driver's envGen when the slot's sets were last pointed
	// at the environment atlas (binding 3); they are rewritten when it
	// differs.
	envGen uint64
	timed  bool      // the slot's timestamp queries were written by that frame
	lines  gpuBuffer // the debug pass's vertices, mapped; grown when a frame needs more
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
	block      *meshBlock
	off, size  uint64 // the whole allocation
	voff       uint64
	firstIndex uint32
	indexCount uint32
	ioff       uint64 // instanced formats: where the instance records start
	instances  uint32 // 0 for a format without per-instance attributes
}

// texture is a sampled RGBA8 image with its descriptor set.
type texture struct {
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

// program is a material's or a stem's pipelines. A material draws in the
// forward and the transparent pass, whose blending differs, so it has one
// pipeline for each; a stem has one, for its pass.
type program struct {
	pipe        vk.Pipeline
	transparent vk.Pipeline // materials only
}

// driver is the Vulkan core.Driver.
type driver struct {
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
	// uboStride is how far apart the blocks of a frame slot's ubo lie:
	// backends.FrameBlockSize rounded up to the device's
	// minUniformBufferOffsetAlignment.
	uboStride uint64

	frameSetLayout vk.DescriptorSetLayout
	// imageSetLayouts[n] is set 1 of n images, at bindings 0 to n-1: a
	// texture's (1), the fullscreen steps' inputs (lighting's gbuffer and
	// occlusion are 5).
	imageSetLayouts [maxSetImages + 1]vk.DescriptorSetLayout
	// texSetLayout is imageSetLayouts[1], a texture's own set; mainLayout,
	// the pipeline layout of every draw, is the frame set and three
	// texture sets: the base texture (set 1), the normal map (2) and the
	// emissive map (3), so a material binds its textures' own sets and
	// needs none of its own.
	texSetLayout vk.DescriptorSetLayout
	mainLayout   vk.PipelineLayout
	// The fullscreen steps, compute shaders (backends.IsComputeStem),
	// write their target through a set 2 of one storage image
	// (storeSetLayout); computeLayouts[n] is the pipeline layout of the
	// frame set, imageSetLayouts[n] and that set.
	storeSetLayout               vk.DescriptorSetLayout
	computeLayouts               [maxSetImages + 1]vk.PipelineLayout
	staticPool                   vk.DescriptorPool
	texPools                     []texPool
	lighting, composite          fullscreenStep // both dispatches
	targetSampler, shadowSampler vk.Sampler
	texSamplers                  [backends.NumSamplers]vk.Sampler // by TextureOptions.SamplerIndex

	passes [formats.NumPasses]passTarget
	// shadowKeep is the shadow pass's render pass for a frame that keeps
	// some cascades' tiles (RedrawCascades); redraw is the frame's.
	shadowKeep                          vk.RenderPass
	redraw                              uint8
	shadowMap                           gpuImage
	gAlbedo, gNormal, gMaterial, gDepth gpuImage
	hdr, final                          gpuImage
	effects                             [numEffects]effectPass // the effect passes, by effectIndex
	// taa says whether this frame's antialias pass runs as temporal
	// antialiasing; taaTurn is the TAA step it drew last.
	taa                     bool
	taaTurn                 int
	readback                gpuBuffer
	engine                  engineShaders
	shadowPipe              vk.Pipeline
	uiPipe                  vk.Pipeline // screen-space quads over the output image
	linesPipe, linesTopPipe vk.Pipeline // debug lines, depth-tested and on top

	meshBlocks []*meshBlock
	white      texture
	env        vk.ImageView // the environment atlas of the next frame (SetEnvironment)
	// envGen counts the changes of env, from 1, so a slot never mistakes a
	// new view that reuses a freed one's handle for the one it points at.
	envGen  uint64
	staging gpuBuffer

	// Frame state.
	slot      *frameSlot
	records   []drawRecord
	completed uint64 // frames the GPU has finished
	timing    gpuTiming
}

// backend is the Vulkan backend: the shared core over this driver.
type backend = core.Backend[mesh, texture, program]

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
	return core.New(backends.Vulkan, cfg, func(cfg backends.Config) (core.Driver[mesh, texture, program], error) {
		b := &driver{
			cfg: cfg, log: cfg.Logger, registry: cfg.Formats,
			width: cfg.Width, height: cfg.Height, shadowSize: cfg.ShadowMapSize,
		}
		if err := b.init(); err != nil {
			b.Close()
			return nil, fmt.Errorf("vulkan: %w", err)
		}
		return b, nil
	})
}

func (b *driver) init() error {
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
	return nil
}

func (b *driver) createCommands() error {
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
	if b.once.fence, err = b.newFence(false); err != nil {
		return err
	}
	return b.initTiming()
}

func (b *driver) newFence(signalled bool) (vk.Fence, error) {
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

func (b *driver) newSemaphore() (vk.Semaphore, error) {
	info := &vk.SemaphoreCreateInfo{SType: vk.StructureTypeSemaphoreCreateInfo}
	defer info.Free()
	var s vk.Semaphore
	if r := vk.CreateSemaphore(b.dev, info, nil, &s); r != vk.Success {
		return nil, vkError("vkCreateSemaphore", r)
	}
	return s, nil
}

// createFrames creates each frame slot's uniform buffer and descriptor sets.
func (b *driver) createFrames() error {
	var props vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(b.gpu, &props)
	props.Deref()
	props.Limits.Deref()
	b.uboStride = alignUp(frameUBOSize, max(uint64(props.Limits.MinUniformBufferOffsetAlignment), 1))
	for i := range b.frames {
		f := &b.frames[i]
		var err error
		if f.ubo, err = b.newBuffer((1+backends.NumCascades)*b.uboStride, vk.BufferUsageUniformBufferBit, hostMappable, 0); err != nil {
			return fmt.Errorf("frame uniform buffer: %w", err)
		}
		if f.ubo.mapped == nil {
			return errors.New("frame uniform buffer: memory is not host-visible")
		}
		var r vk.Result
		if f.set, r = b.allocSet(b.staticPool, b.frameSetLayout); r != vk.Success {
			return vkError("vkAllocateDescriptorSets", r)
		}
		b.writeUBO(f.set, f.ubo.buf, 0)
		for c := range f.shadowSets {
			if f.shadowSets[c], r = b.allocSet(b.staticPool, b.frameSetLayout); r != vk.Success {
				return vkError("vkAllocateDescriptorSets", r)
			}
			b.writeUBO(f.shadowSets[c], f.ubo.buf, uint64(1+c)*b.uboStride)
		}
		b.writeImages(f.set, 1, b.shadowSampler, vk.ImageLayoutShaderReadOnlyOptimal, b.shadowMap.view)
		if f.lights, err = b.newImage(backends.LightGridWidth, backends.LightGridHeight, vk.FormatR32g32b32a32Sfloat,
			vk.ImageUsageSampledBit|vk.ImageUsageTransferDstBit, vk.ImageAspectColorBit); err != nil {
			return fmt.Errorf("light grid: %w", err)
		}
		if f.lightStaging, err = b.newBuffer(lightGridBytes, vk.BufferUsageTransferSrcBit, hostMappable, 0); err != nil {
			return fmt.Errorf("light grid staging buffer: %w", err)
		}
		if f.lightStaging.mapped == nil {
			return errors.New("light grid staging buffer: memory is not host-visible")
		}
		for _, set := range append([]vk.DescriptorSet{f.set}, f.shadowSets[:]...) {
			b.writeImages(set, 2, b.targetSampler, vk.ImageLayoutShaderReadOnlyOptimal, f.lights.view)
		}
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
func (b *driver) createWhite() error {
	t, err := b.newTexture(1, 1, []byte{255, 255, 255, 255}, backends.TextureOptions{Nearest: true})
	if err != nil {
		return fmt.Errorf("white texture: %w", err)
	}
	b.white = t
	for i := range b.frames {
		for _, set := range b.frames[i].shadowSets {
			b.writeImages(set, 1, b.texSamplers[1], vk.ImageLayoutShaderReadOnlyOptimal, t.img.view)
		}
	}
	return nil
}

func (b *driver) Window() core.NativeWindow {
	if b.win == nil {
		return nil
	}
	return b.win
}

// SetVSync picks the present mode of the next swapchain and marks the
// current one stale, so the next frame recreates it through the core's
// resize path.
func (b *driver) SetVSync(on bool) error {
	if b.win != nil {
		b.win.vsync, b.win.stale = on, true
	}
	return nil
}

func (b *driver) ValidationErrors() int { return int(b.validationErrors.Load()) }

// WaitIdle waits for every submitted frame.
func (b *driver) WaitIdle() {
	if b.dev != nil {
		vk.DeviceWaitIdle(b.dev)
		b.completed = b.frameNum
	}
}

// Completed returns the frames the GPU has finished.
func (b *driver) Completed() uint64 { return b.completed }

// Close destroys everything the driver created; the core has freed every
// mesh, texture and program first. It is safe to call twice.
func (b *driver) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	b.WaitIdle()
	if b.dev != nil {
		b.destroyPipelines()
		b.destroyEngineShaders()
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
		if b.passes[formats.PassShadow].fb != nil {
			vk.DestroyFramebuffer(b.dev, b.passes[formats.PassShadow].fb, nil)
		}
		for p := range b.passes {
			if b.passes[p].rp != nil {
				vk.DestroyRenderPass(b.dev, b.passes[p].rp, nil)
			}
		}
		if b.shadowKeep != nil {
			vk.DestroyRenderPass(b.dev, b.shadowKeep, nil)
		}
		for i := range b.effects {
			if rp := b.effects[i].clear; rp != nil { // nil for antialias
				vk.DestroyRenderPass(b.dev, rp, nil)
			}
		}
		b.destroyTiming()
		for i := range b.frames {
			f := &b.frames[i]
			b.destroyBuffer(&f.ubo)
			b.destroyImage(&f.lights)
			b.destroyBuffer(&f.lightStaging)
			b.destroyBuffer(&f.lines)
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
		for _, l := range append([]vk.PipelineLayout{b.mainLayout}, b.computeLayouts[:]...) {
			if l != nil {
				vk.DestroyPipelineLayout(b.dev, l, nil)
			}
		}
		for _, l := range append([]vk.DescriptorSetLayout{b.frameSetLayout, b.storeSetLayout}, b.imageSetLayouts[:]...) {
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

// uboBlock views block i of a frame slot's mapped uniform buffer: 0 the
// Frame block, 1+c shadow cascade c's.
func (b *driver) uboBlock(g *gpuBuffer, i int) *backends.FrameBlock {
	return (*backends.FrameBlock)(unsafe.Add(g.mapped, uint64(i)*b.uboStride))
}
