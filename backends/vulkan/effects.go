//go:build linux && cgo

package vulkan

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// The effect passes, as indexes of driver.effects.
const (
	effectSSAO = iota
	effectBloom
	numEffects
)

// effectIndex is the index in driver.effects of effect pass p.
func effectIndex(p formats.Pass) int {
	if p == formats.PassBloom {
		return effectBloom
	}
	return effectSSAO
}

// effectStems are the engine stems of each effect's two steps.
var effectStems = [numEffects][2]string{
	effectSSAO:  {"ssao", "ssao_blur"},
	effectBloom: {"bloom", "bloom_blur"},
}

// effectPass is a post-processing pass: two fullscreen steps, each into a
// target of its own; a later pass reads the second's.
type effectPass struct {
	format vk.Format
	// draw discards the target before a step overwrites all of it; clear
	// fills it with neutral when the effect is off. Both take the same
	// framebuffers, as they differ only in the load op.
	draw, clear vk.RenderPass
	w, h        uint32
	neutral     []float32 // the clear colour that leaves the reading pass unchanged
	steps       [2]effectStep
}

// effectStep is one fullscreen draw of an effect pass.
type effectStep struct {
	target gpuImage
	fb     vk.Framebuffer
	set    vk.DescriptorSet  // the step's inputs, set 1
	layout vk.PipelineLayout // the pipeline layout of set's layout
	pipe   vk.Pipeline
}

// createEffectPasses creates the effects' render passes, which depend on
// formats only. Each leaves its target ready for the shader reads of the
// step or pass after it.
func (b *driver) createEffectPasses() error {
	b.effects[effectSSAO].format, b.effects[effectSSAO].neutral = vk.FormatR8Unorm, []float32{1, 1, 1, 1}
	b.effects[effectBloom].format, b.effects[effectBloom].neutral = hdrFormat, []float32{0, 0, 0, 0}
	for i := range b.effects {
		e := &b.effects[i]
		var err error
		for _, rp := range []struct {
			dst  *vk.RenderPass
			load vk.AttachmentLoadOp
		}{{&e.draw, vk.AttachmentLoadOpDontCare}, {&e.clear, vk.AttachmentLoadOpClear}} {
			att := attachment{e.format, rp.load, vk.AttachmentStoreOpStore, vk.ImageLayoutUndefined, vk.ImageLayoutShaderReadOnlyOptimal, false}
			if *rp.dst, err = b.newRenderPass([]attachment{att}, 0, 0); err != nil {
				return fmt.Errorf("%s render pass: %w", effectStems[i][0], err)
			}
		}
	}
	return nil
}

// createEffectTargets creates the effects' size-dependent targets and
// framebuffers and points the steps' sets at their inputs: the SSAO pass's
// at the framebuffer's size, the bloom pass's at backends.BloomSize of it.
func (b *driver) createEffectTargets() error {
	w, h := uint32(b.width), uint32(b.height)
	b.effects[effectSSAO].w, b.effects[effectSSAO].h = w, h
	b.effects[effectBloom].w, b.effects[effectBloom].h = uint32(backends.BloomSize(b.width)), uint32(backends.BloomSize(b.height))
	for i := range b.effects {
		e := &b.effects[i]
		for j := range e.steps {
			s := &e.steps[j]
			img, err := b.newImage(e.w, e.h, e.format, vk.ImageUsageColorAttachmentBit|vk.ImageUsageSampledBit, vk.ImageAspectColorBit)
			if err != nil {
				return fmt.Errorf("%s target: %w", effectStems[i][j], err)
			}
			s.target = img
			if s.fb, err = b.newFramebuffer(e.draw, e.w, e.h, img.view); err != nil {
				return fmt.Errorf("%s framebuffer: %w", effectStems[i][j], err)
			}
		}
	}
	read := vk.ImageLayoutShaderReadOnlyOptimal
	ssao, bloom := &b.effects[effectSSAO], &b.effects[effectBloom]
	b.writeImages(ssao.steps[0].set, 0, b.targetSampler, read, b.gNormal.view, b.gDepth.view)
	b.writeImages(ssao.steps[1].set, 0, b.targetSampler, read, ssao.steps[0].target.view)
	b.writeImages(bloom.steps[0].set, 0, b.targetSampler, read, b.hdr.view)
	b.writeImages(bloom.steps[1].set, 0, b.targetSampler, read, bloom.steps[0].target.view)
	return nil
}

func (b *driver) destroyEffectTargets() {
	for i := range b.effects {
		for j := range b.effects[i].steps {
			s := &b.effects[i].steps[j]
			if s.fb != nil {
				vk.DestroyFramebuffer(b.dev, s.fb, nil)
				s.fb = nil
			}
			b.destroyImage(&s.target)
		}
	}
}

// RunEffect records effect pass p: its two steps, each a render pass of
// one fullscreen draw, or, off, only a clear of the second step's target
// to the neutral value the pass after it reads.
func (b *driver) RunEffect(p formats.Pass, on bool) error {
	e := &b.effects[effectIndex(p)]
	cmd := b.slot.cmd
	b.stamp(cmd, p, false)
	if on {
		for i := range e.steps {
			s := &e.steps[i]
			b.c.beginPass(cmd, e.draw, s.fb, e.w, e.h, nil)
			b.c.bindFrameSet(cmd, b.mainLayout, b.slot.set)
			b.c.fullscreen(cmd, s.pipe, s.layout, s.set)
			b.c.endPass(cmd)
		}
	} else {
		b.c.beginPass(cmd, e.clear, e.steps[1].fb, e.w, e.h, e.neutral)
		b.c.endPass(cmd)
	}
	b.stamp(cmd, p, true)
	return nil
}
