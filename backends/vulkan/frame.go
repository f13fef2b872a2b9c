//go:build linux && cgo

package vulkan

import (
	"errors"
	"fmt"
	"image"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// BeginFrame waits for the frame slot's previous use, acquires a swapchain
// image when windowed, starts the command buffer and writes the Frame block.
func (b *backend) BeginFrame(fd *backends.FrameData) error {
	if b.closed {
		return errClosed
	}
	if b.inFrame {
		return errors.New("vulkan: BeginFrame inside a frame (EndFrame was not called)")
	}
	if fd == nil {
		return errors.New("vulkan: BeginFrame: frame data is nil")
	}
	if b.win != nil {
		if err := b.followWindowSize(); err != nil {
			return err
		}
	}
	slot := &b.frames[b.frameNum%framesInFlight]
	if r := b.c.waitFence(slot.fence, fenceTimeoutNanos); r != vk.Success {
		return fmt.Errorf("vulkan: wait for frame %d: %w", slot.submittedAt, vkError("vkWaitForFences", r))
	}
	// Every frame up to the one this slot ran last has finished.
	if len(b.pending) > 0 {
		b.releaseFinished(slot.submittedAt)
	}
	if b.win != nil {
		if err := b.acquire(slot); err != nil {
			return err
		}
	}
	if r := b.c.resetFence(slot.fence); r != vk.Success {
		return fmt.Errorf("vulkan: %w", vkError("vkResetFences", r))
	}
	if r := b.c.beginCmd(slot.cmd); r != vk.Success {
		return fmt.Errorf("vulkan: %w", vkError("vkBeginCommandBuffer", r))
	}
	b.writeFrame(uboFloats(&slot.ubo), fd)
	b.slot = slot
	b.inFrame = true
	b.inPass = false
	b.pass = backends.PassShadow
	return nil
}

// writeFrame lays the frame data out as the Frame block of docs/SHADERS.md.
func (b *backend) writeFrame(u *[frameUBOSize / 4]float32, fd *backends.FrameData) {
	(*backends.FrameBlock)(u).Pack(fd, b.shadowSize)
}

// BeginPass begins pass p. Passes the caller skipped run empty first, so
// every target is in the state the next pass expects.
func (b *backend) BeginPass(p backends.RenderPass) error {
	if !b.inFrame {
		return fmt.Errorf("vulkan: BeginPass(%s) outside a frame", p)
	}
	if b.inPass {
		return fmt.Errorf("vulkan: BeginPass(%s) inside pass %s (EndPass was not called)", p, b.pass)
	}
	if p >= backends.NumRenderPasses {
		return fmt.Errorf("vulkan: BeginPass: unknown pass %d", p)
	}
	if p < b.pass {
		return fmt.Errorf("vulkan: BeginPass(%s) after pass %s: passes run in order shadow, gbuffer, lighting, forward, transparent, composite", p, b.pass-1)
	}
	for b.pass < p {
		b.beginPass(b.pass)
		b.endPass()
	}
	b.beginPass(p)
	return nil
}

func (b *backend) beginPass(p backends.RenderPass) {
	t := &b.passes[p]
	cmd := b.slot.cmd
	fb := t.fb
	if p == backends.PassComposite && b.win != nil {
		fb = b.win.framebuffers[b.win.index]
	}
	b.c.beginPass(cmd, t.rp, fb, t.w, t.h, t.clears)
	set := b.slot.set
	if p == backends.PassShadow {
		set = b.slot.shadowSet
	}
	b.c.bindFrameSet(cmd, b.mainLayout, set)
	switch p {
	case backends.PassLighting:
		b.c.fullscreen(cmd, b.lightingPipe, b.lightingLayout, b.lightingSet)
	case backends.PassComposite:
		b.c.fullscreen(cmd, b.compositePipe, b.mainLayout, b.compositeSet)
	}
	b.pass = p
	b.inPass = true
	b.records = b.records[:0]
}

// Draw queues a draw in the current pass. Draws that cannot go ahead (no
// pass that takes draws, an unknown mesh, a material that failed, a custom
// format whose pipeline is not ready) are dropped; nothing substitutes.
func (b *backend) Draw(d *backends.Draw) {
	if !b.inPass || d == nil {
		return
	}
	fp, ok := b.pass.Stem()
	if !ok {
		return
	}
	if d.Mesh == 0 || int(d.Mesh) > len(b.meshes) || !b.meshes[d.Mesh-1].live {
		b.dropped++
		return
	}
	m := &b.meshes[d.Mesh-1]
	var pipe vk.Pipeline
	if m.format == formats.DefaultHandle {
		switch b.pass {
		case backends.PassShadow:
			pipe = b.shadowPipe
		case backends.PassForward, backends.PassTransparent:
			if d.Shader == 0 || int(d.Shader) > len(b.materials) {
				break
			}
			mat := b.materials[d.Shader-1]
			pipe = mat.forward
			if b.pass == backends.PassTransparent {
				pipe = mat.transparent
			}
		}
	} else if b.table.Ready(m.format, fp) {
		pipe = b.custom[m.format][fp]
	}
	if pipe == nil {
		b.dropped++
		return
	}
	set := b.white.set
	if d.Texture != 0 && int(d.Texture) <= len(b.textures) && b.textures[d.Texture-1].live {
		set = b.textures[d.Texture-1].set
	}
	b.records = append(b.records, drawRecord{
		pipeline:   h(pipe),
		vbuf:       h(m.block.buf),
		voffset:    m.voff,
		ibuf:       h(m.block.buf),
		set:        h(set),
		indexCount: m.indexCount,
		firstIndex: m.firstIndex,
	})
	r := &b.records[len(b.records)-1]
	copy(r.push[:16], d.Model[:])
	copy(r.push[16:], d.Color[:])
}

// EndPass records the pass's draws and ends it.
func (b *backend) EndPass() error {
	if !b.inPass {
		return errors.New("vulkan: EndPass without BeginPass")
	}
	b.endPass()
	return nil
}

func (b *backend) endPass() {
	b.c.draws(b.slot.cmd, b.mainLayout, b.records)
	b.records = b.records[:0]
	b.c.endPass(b.slot.cmd)
	b.inPass = false
	b.pass++
}

// EndFrame runs the passes not yet run, submits the frame and presents it
// when windowed.
func (b *backend) EndFrame() error {
	if !b.inFrame {
		return errors.New("vulkan: EndFrame without BeginFrame")
	}
	if b.inPass {
		b.endPass()
	}
	for b.pass < backends.NumRenderPasses {
		b.beginPass(b.pass)
		b.endPass()
	}
	slot := b.slot
	b.inFrame = false
	b.slot = nil
	var wait, signal vk.Semaphore
	if b.win != nil {
		wait, signal = slot.acquired, slot.rendered
	}
	if r := b.c.submit(b.queue, slot.cmd, wait, signal, slot.fence); r != vk.Success {
		return fmt.Errorf("vulkan: submit frame: %w", vkError("vkQueueSubmit", r))
	}
	b.frameNum++
	slot.submittedAt = b.frameNum
	if b.win != nil {
		return b.presentFrame(slot)
	}
	return nil
}

// Resize recreates the size-dependent targets and every pipeline; the
// pipeline table is reset so that failed variants are tried again.
func (b *backend) Resize(width, height int) error {
	if b.closed {
		return errClosed
	}
	if b.inFrame {
		return errors.New("vulkan: Resize inside a frame")
	}
	if err := backends.CheckSize(backends.Vulkan, "framebuffer", width, height); err != nil {
		return err
	}
	b.waitIdle()
	b.releaseFinished(^uint64(0))
	b.destroyPipelines()
	b.destroyTargets()
	b.width, b.height = width, height
	if b.win != nil {
		if err := b.recreateSwapchain(); err != nil {
			return fmt.Errorf("vulkan: resize: %w", err)
		}
	}
	if err := b.createTargets(); err != nil {
		return fmt.Errorf("vulkan: resize to %dx%d: %w", width, height, err)
	}
	if err := b.createPipelines(); err != nil {
		return fmt.Errorf("vulkan: resize: %w", err)
	}
	if b.readback.size != 0 && b.readback.size < uint64(width*height*4) {
		b.destroyBuffer(&b.readback)
	}
	trimHeap()
	return nil
}

// ReadPixels waits for the last frame and copies the offscreen image into
// dst, top row first.
func (b *backend) ReadPixels(dst *image.RGBA) error {
	if b.closed {
		return errClosed
	}
	if b.win != nil {
		return errors.New("vulkan: ReadPixels reads the offscreen image; a windowed backend has none")
	}
	if b.inFrame {
		return errors.New("vulkan: ReadPixels inside a frame")
	}
	if dst == nil || dst.Rect.Dx() != b.width || dst.Rect.Dy() != b.height {
		return fmt.Errorf("vulkan: ReadPixels: destination must be %dx%d", b.width, b.height)
	}
	if b.frameNum == 0 {
		return errors.New("vulkan: ReadPixels before the first frame")
	}
	size := uint64(b.width * b.height * 4)
	if b.readback.size < size {
		b.destroyBuffer(&b.readback)
		g, err := b.newBuffer(size, vk.BufferUsageTransferDstBit, hostMappable, vk.MemoryPropertyHostCachedBit)
		if err != nil {
			return fmt.Errorf("vulkan: readback buffer: %w", err)
		}
		b.readback = g
	}
	// The one-shot submission runs after every submitted frame on the queue.
	err := b.oneShot(func(cmd vk.CommandBuffer) {
		b.c.imageToBuffer(cmd, b.final.img, b.readback.buf, uint32(b.width), uint32(b.height))
	})
	if err != nil {
		return fmt.Errorf("vulkan: ReadPixels: %w", err)
	}
	src := b.readback.bytes(0, size)
	row := b.width * 4
	for y := 0; y < b.height; y++ {
		copy(dst.Pix[y*dst.Stride:y*dst.Stride+row], src[y*row:(y+1)*row])
	}
	return nil
}
