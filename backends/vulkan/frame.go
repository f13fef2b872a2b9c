//go:build linux && cgo

package vulkan

import (
	"fmt"
	"image"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// BeginFrame waits for the frame slot's previous use, acquires a swapchain
// image when windowed, starts the command buffer and writes the Frame block
// and the shadow cascades' blocks.
func (b *driver) BeginFrame(block *backends.FrameBlock) error {
	if b.win != nil && b.win.stale {
		return core.ErrSurfaceStale
	}
	slot := &b.frames[b.frameNum%framesInFlight]
	if r := b.c.waitFence(slot.fence, fenceTimeoutNanos); r != vk.Success {
		return fmt.Errorf("wait for frame %d: %w", slot.submittedAt, vkError("vkWaitForFences", r))
	}
	// Every frame up to the one this slot ran last has finished.
	b.completed = max(b.completed, slot.submittedAt)
	if b.win != nil {
		if err := b.acquire(slot); err != nil {
			return err
		}
	}
	if r := b.c.resetFence(slot.fence); r != vk.Success {
		return vkError("vkResetFences", r)
	}
	if r := b.c.beginCmd(slot.cmd); r != vk.Success {
		return vkError("vkBeginCommandBuffer", r)
	}
	b.readTimes(slot, slot.cmd)
	if slot.envGen != b.envGen {
		// The slot's previous frame has finished with its sets.
		for _, set := range append([]vk.DescriptorSet{slot.set}, slot.shadowSets[:]...) {
			b.writeImages(set, 3, b.texSamplers[backends.TextureOptions{Clamp: true}.SamplerIndex()], vk.ImageLayoutShaderReadOnlyOptimal, b.env)
		}
		slot.envGen = b.envGen
	}
	*b.uboBlock(&slot.ubo, 0) = *block
	b.taa = block.TAA()
	for c := range backends.NumCascades {
		block.Cascade(c, b.uboBlock(&slot.ubo, 1+c))
	}
	b.slot = slot
	return nil
}

// SetEnvironment makes t the environment atlas of the next frame; its
// slot's sets are pointed at it in BeginFrame.
func (b *driver) SetEnvironment(t texture) {
	if t.img.view != b.env {
		b.env = t.img.view
		b.envGen++
	}
}

// lightGridBytes is the size of a whole light grid.
const lightGridBytes = backends.LightGridWidth * backends.LightGridHeight * 16

// UploadLights copies the grid's rows into the frame slot's staging buffer
// and records their copy into the slot's light image, ahead of every pass
// of the frame. The slot's previous frame has finished (BeginFrame waited).
func (b *driver) UploadLights(g *backends.LightGrid) error {
	slot := b.slot
	n := g.Rows * backends.LightGridWidth * 4
	dst := unsafe.Slice((*float32)(slot.lightStaging.mapped), n)
	copy(dst, g.Texels[:n])
	b.c.uploadImage(slot.cmd, slot.lightStaging.buf, slot.lights.img, backends.LightGridWidth, uint32(g.Rows))
	return nil
}

// RunPass records pass p: its render pass, then the draws. The lighting
// and composite passes' compute shaders run before their render passes,
// which then only hold the passes' draws. When windowed, the image
// the UI pass leaves is then copied into the swapchain image, so the window
// shows exactly what ReadPixels reads.
func (b *driver) RunPass(p formats.Pass, draws []core.Draw[mesh, texture, program]) error {
	t := &b.passes[p]
	cmd := b.slot.cmd
	b.stamp(cmd, p, false)
	if p == formats.PassShadow && b.redraw != backends.AllCascades {
		b.c.beginPass(cmd, b.shadowKeep, t.fb, t.w, t.h, nil)
	} else {
		w, h, ready := uint32(b.width), uint32(b.height), vk.ImageLayoutColorAttachmentOptimal
		switch p {
		case formats.PassLighting:
			b.dispatch(cmd, &b.lighting, b.hdr.img, w, h, ready)
		case formats.PassComposite:
			b.dispatch(cmd, &b.composite, b.final.img, w, h, ready)
		}
		b.c.beginPass(cmd, t.rp, t.fb, t.w, t.h, t.clears)
	}
	if p == formats.PassShadow {
		b.shadowCascades(cmd, draws)
	} else {
		b.c.bindFrameSet(cmd, b.mainLayout, b.slot.set)
		b.records = b.records[:0]
		b.record(p, draws, 0)
		b.c.draws(cmd, b.mainLayout, b.records)
	}
	b.c.endPass(cmd)
	if p == formats.PassUI && b.win != nil {
		b.c.blitToSwapchain(cmd, b.final.img, b.win.images[b.win.index], uint32(b.width), uint32(b.height))
	}
	b.stamp(cmd, p, true)
	return nil
}

// RedrawCascades sets the cascades the next shadow pass clears and draws.
func (b *driver) RedrawCascades(cascades uint8) { b.redraw = cascades }

// shadowCascades records the shadow pass's draws inside its render pass,
// which has cleared the whole map unless the frame keeps some cascades:
// then each redrawn cascade's tile is cleared here. Cascade c is drawn
// into its tile, with its own Frame block, and only the draws whose
// Cascades have its bit. Every later pass binds the slot's main frame set
// again.
func (b *driver) shadowCascades(cmd vk.CommandBuffer, draws []core.Draw[mesh, texture, program]) {
	b.records = b.records[:0]
	var ends [backends.NumCascades]int
	for c := range backends.NumCascades {
		b.record(formats.PassShadow, draws, 1<<c)
		ends[c] = len(b.records)
	}
	start := 0
	for c, end := range ends {
		if b.redraw&(1<<c) == 0 {
			start = end
			continue
		}
		x, y, side := backends.CascadeTile(c, b.shadowSize)
		b.c.setViewport(cmd, uint32(x), uint32(y), uint32(side), uint32(side))
		if b.redraw != backends.AllCascades {
			b.c.clearDepth(cmd, uint32(x), uint32(y), uint32(side), uint32(side))
		}
		b.c.bindFrameSet(cmd, b.mainLayout, b.slot.shadowSets[c])
		b.c.draws(cmd, b.mainLayout, b.records[start:end])
		start = end
	}
}

// record appends the draws of pass p to b.records; with cascade non-zero,
// only those whose Cascades have that bit.
func (b *driver) record(p formats.Pass, draws []core.Draw[mesh, texture, program], cascade uint8) {
	for i := range draws {
		d := &draws[i]
		if d.Cascades&cascade != cascade {
			continue
		}
		pipe := d.Program.pipe
		if p == formats.PassTransparent && d.Program.transparent != nil {
			pipe = d.Program.transparent
		}
		m := &d.Mesh
		b.records = append(b.records, drawRecord{
			pipeline:   h(pipe),
			vbuf:       h(m.block.buf),
			voffset:    m.voff,
			ibuf:       h(m.block.buf),
			set:        h(d.Texture.set),
			maps:       [2]uint64{h(d.NormalMap.set), h(d.EmissiveMap.set)},
			indexCount: m.indexCount,
			firstIndex: m.firstIndex,
			ioffset:    m.ioff,
			instances:  m.instances,
		})
		r := &b.records[len(b.records)-1]
		copy(r.push[:16], d.Model[:])
		copy(r.push[16:20], d.Color[:])
		copy(r.push[20:], d.Surface[:])
	}
}

// EndFrame submits the frame and presents it when windowed.
func (b *driver) EndFrame() error {
	slot := b.slot
	b.slot = nil
	var wait, signal vk.Semaphore
	if b.win != nil {
		wait, signal = slot.acquired, slot.rendered
	}
	if r := b.c.submit(b.queue, slot.cmd, wait, signal, slot.fence); r != vk.Success {
		return fmt.Errorf("submit frame: %w", vkError("vkQueueSubmit", r))
	}
	b.frameNum++
	slot.submittedAt = b.frameNum
	if b.win != nil {
		return b.presentFrame(slot)
	}
	return nil
}

// Resize recreates the size-dependent targets and, when windowed, the
// swapchain. Pipelines do not depend on the size and stay.
func (b *driver) Resize(width, height int) error {
	b.WaitIdle()
	b.destroyTargets()
	b.width, b.height = width, height
	if b.win != nil {
		if err := b.recreateSwapchain(); err != nil {
			return err
		}
	}
	if err := b.createTargets(); err != nil {
		return err
	}
	if b.readback.size != 0 && b.readback.size < uint64(b.width*b.height*4) {
		b.destroyBuffer(&b.readback)
	}
	trimHeap()
	return nil
}

// Surface returns the window's framebuffer size.
func (b *driver) Surface() (int, int, bool) {
	if b.win == nil {
		return 0, 0, false
	}
	w, h := b.win.glfw.GetFramebufferSize()
	return w, h, true
}

// WaitEvents waits for a window event, or a tenth of a second.
func (b *driver) WaitEvents() { glfw.WaitEventsTimeout(0.1) }

// ReadPixels waits for the last frame and copies the composited image into
// dst, top row first.
func (b *driver) ReadPixels(dst *image.RGBA) error {
	size := uint64(b.width * b.height * 4)
	if b.readback.size < size {
		b.destroyBuffer(&b.readback)
		g, err := b.newBuffer(size, vk.BufferUsageTransferDstBit, hostMappable, vk.MemoryPropertyHostCachedBit)
		if err != nil {
			return fmt.Errorf("readback buffer: %w", err)
		}
		b.readback = g
	}
	// The one-shot submission runs after every submitted frame on the queue.
	err := b.oneShot(func(cmd vk.CommandBuffer) {
		b.c.imageToBuffer(cmd, b.final.img, b.readback.buf, uint32(b.width), uint32(b.height))
	})
	if err != nil {
		return err
	}
	src := b.readback.bytes(0, size)
	row := b.width * 4
	for y := 0; y < b.height; y++ {
		copy(dst.Pix[y*dst.Stride:y*dst.Stride+row], src[y*row:(y+1)*row])
	}
	return nil
}
